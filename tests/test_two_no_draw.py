"""two-no-draw: what the example data cannot say (the deal, redeals, option checks)."""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.match import Match
from domine.parts.match_ends import AfterHands, ReacherLoses
from domine.engine.tiles import BIT, DOUBLES_MASK

from helpers import T


def test_deal_10_each_8_aside_no_stock():
    g = make_game("two-no-draw", 2)
    st = Match(g, seed=4).start_hand()
    assert [h.bit_count() for h in st.hands] == [10, 10]
    assert len(st.deal.aside) == 8 and st.stock == [] and st.drawable == 0


def test_no_double_dealt_means_redeal():
    g = make_game("two-no-draw", 2)
    ctx = HandContext()
    no_doubles = [sum(BIT[t] for t in range(28) if not DOUBLES_MASK & BIT[t]) & ~BIT[T("5-6")], 0]
    assert g.needs_redeal(no_doubles, ctx)
    assert not g.needs_redeal([no_doubles[0] | BIT[T("0-0")], 0], ctx)


def test_match_modes():
    assert isinstance(make_game("two-no-draw", 2).match_end, AfterHands)
    assert make_game("two-no-draw", 2, {"hands": 3}).match_end.hands == 3
    end = make_game("two-no-draw", 2, {"match_mode": "target", "target": 60}).match_end
    assert isinstance(end, ReacherLoses) and end.target == 60


@pytest.mark.parametrize("options", [{"match_mode": "target", "hands": 5}, {"target": 50}, {"hands": 0},
                                     {"match_mode": "first"}])
def test_contradictory_or_bad_options_are_refused(options):
    with pytest.raises(GameError):
        make_game("two-no-draw", 2, options)
