"""partners.md rules beyond the worked examples (those are in tests/data/examples/partners.json): teams, deal, redeal."""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.match import Match
from domine.engine.tiles import BIT

from helpers import T


# --- Rules --------------------------------------------------------------------------
def test_exactly_four_players_fixed_teams():
    g = make_game("partners", 4)
    assert g.teams(4) == [0, 1, 0, 1]
    for n in (2, 3, 5):
        with pytest.raises(GameError):
            make_game("partners", n)


def test_deal_5_each_stock_8_reserve_2():
    g = make_game("partners", 4)
    st = Match(g, seed=6).start_hand()
    assert [h.bit_count() for h in st.hands] == [5, 5, 5, 5]
    assert len(st.stock) == 8 and st.drawable == 6


def test_no_double_means_redeal():
    g = make_game("partners", 4)
    no_doubles = [["0-1", "0-2", "0-3", "0-4", "0-5"], ["0-6", "1-2", "1-3", "1-4", "1-5"],
                  ["1-6", "2-3", "2-4", "2-5", "2-6"], ["3-4", "3-5", "3-6", "4-5", "4-6"]]
    masks = [sum(BIT[T(x)] for x in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext())
    with_double = [m for m in masks]
    with_double[3] = (with_double[3] & ~BIT[T("4-6")]) | BIT[T("0-0")]
    assert not g.needs_redeal(with_double, HandContext())
