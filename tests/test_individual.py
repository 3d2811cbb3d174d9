"""individual: what the example data cannot say (deals, redeals, example 3 exactly as printed)."""

import pytest

from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.match import Match
from domine.engine.position import position
from domine.engine.tiles import BIT, DOUBLES_MASK


@pytest.mark.parametrize("players, each, stock, drawable", [(3, 6, 10, 8), (4, 5, 8, 6)])
def test_deal_and_reserve(players, each, stock, drawable):
    st = Match(make_game("individual", players), seed=2).start_hand()
    assert [h.bit_count() for h in st.hands] == [each] * players
    assert len(st.stock) == stock and st.drawable == drawable


def test_no_double_dealt_means_redeal():
    g = make_game("individual", 3)
    singles = [t for t in range(28) if not DOUBLES_MASK & BIT[t]]
    hands = [sum(BIT[t] for t in singles[i * 6:(i + 1) * 6]) for i in range(3)]
    assert g.needs_redeal(hands, HandContext())
    hands[2] |= BIT[0]
    assert not g.needs_redeal(hands, HandContext())


def test_example3_as_printed():
    """Example 3's hands hold every number 0-6, so no line could be blocked with them: score them
    as the example does, by the hand-scoring rule itself."""
    g = make_game("individual", 3)
    st = position(g, hands=[["2-3", "1-4"], ["0-1", "1-2", "3-3"], ["6-6", "1-5"]], ends=[5, 5],
                  stock=["4-4", "2-4"], to_act=0, last_placer=2)
    assert not st.over
    r = g.score_hand(st, "blocked", None)
    assert r.hand_values == [10, 10, 18] and r.tiles_left == [2, 3, 2]
    assert r.ranking == [0, 1, 2] and r.points == [18, 10, 0]
