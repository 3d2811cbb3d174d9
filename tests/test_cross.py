"""cross.md rules the example data cannot say: redeals, a played match's next leader, deal sizes, bad input.

The worked examples and the other rules' examples are in tests/data/examples/cross.json.
"""

from __future__ import annotations

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext

from helpers import assert_deal_sizes, full_deal, previous
from helpers import move_names as names, tiles as T


def test_first_hand_heaviest_double_and_redeal_without_doubles():
    g = make_game("cross", players=3)
    hands = ["1-2 0-4 2-6 1-4 5-5", "0-1 2-4 3-6 0-2 4-4", "1-5 4-6 0-6 2-5 3-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1))
    assert st.to_act == 0 and names(st) == ["5-5"]
    no_doubles = [T(h) for h in ["1-2 0-4 2-6 1-4 0-1", "2-4 3-6 0-2 1-5 4-6", "0-6 2-5 3-4 5-6 1-3"]]
    masks = [sum(1 << t for t in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext(hand_number=1)) is True
    assert g.needs_redeal(masks, HandContext(hand_number=2, previous=previous([0, 1, 2]))) is False


@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("cross", n, k, stock, seed=11)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("cross", players=n)


def test_bad_options():
    with pytest.raises(GameError):
        make_game("cross", players=3, options={"target": 0})
    with pytest.raises(GameError):
        make_game("cross", players=3, options={"set": "double-7"})
