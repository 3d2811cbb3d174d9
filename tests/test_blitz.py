"""blitz.md rules beyond the worked examples (those are in tests/data/examples/blitz.json): deal sizes, player counts."""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match


# --- Rules --------------------------------------------------------------------------
@pytest.mark.parametrize("players, k, undealt", [(4, 7, 0), (5, 5, 3), (6, 4, 4), (7, 4, 0), (8, 3, 4)])
def test_deal_sizes(players, k, undealt):
    g = make_game("blitz", players)
    st = Match(g, seed=8).start_hand()
    assert [h.bit_count() for h in st.hands] == [k] * players
    assert len(st.deal.aside) == undealt
    assert st.deal.stock == [] and st.drawable == 0


def test_four_to_eight_players():
    for n in (3, 9):
        with pytest.raises(GameError):
            make_game("blitz", n)
