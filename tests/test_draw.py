"""draw.md rules the example data cannot say: deal sizes, teams, bad options.

The worked examples and the options' examples are in tests/data/examples/draw.json.
"""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match


@pytest.mark.parametrize("players, k, stock, drawable", [(2, 7, 14, 12), (3, 5, 13, 11), (4, 5, 8, 6)])
def test_deal_and_reserve(players, k, stock, drawable):
    g = make_game("draw", players)
    st = Match(g, seed=2).start_hand()
    assert [h.bit_count() for h in st.hands] == [k] * players
    assert len(st.stock) == stock and st.deal.aside == []
    assert st.drawable == drawable


def test_option_partners_teams_and_needs_four():
    g = make_game("draw", 4, {"partners": True})
    assert g.teams(4) == [0, 1, 0, 1]
    with pytest.raises(GameError):
        make_game("draw", 2, {"partners": True})


@pytest.mark.parametrize("players, stock", [(2, 14), (3, 13), (4, 8)])
def test_option_no_reserve_whole_stock_drawable(players, stock):
    g = make_game("draw", players, {"no_reserve": True})
    st = Match(g, seed=4).start_hand()
    assert st.drawable == stock == len(st.stock)


def test_option_target_must_be_positive():
    with pytest.raises(GameError):
        make_game("draw", 3, {"target": 0})
