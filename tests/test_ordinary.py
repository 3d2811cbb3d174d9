"""ordinary.md rules the example data cannot say: redeals, deal sizes, bad input, a played match's next leader.

The worked examples and the other rules' examples (igra preko reda, jedan kamen, leads, blocks, the
match end) are in tests/data/examples/ordinary.json.
"""

from __future__ import annotations

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.tiles import parse_tile

from helpers import assert_deal_sizes, previous
from helpers import tiles as T


def test_first_hand_redeal_if_no_double_later_hands_never():
    g = make_game("ordinary", players=4)
    no_doubles = [T(h) for h in ["1-2 0-4 2-6 1-4", "0-1 2-4 0-6 3-4", "3-6 0-2 1-5 4-6", "5-6 0-5 2-5 3-5"]]
    masks = [sum(1 << t for t in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext(hand_number=1)) is True
    with_double = [h[:] for h in no_doubles]
    with_double[2][0] = parse_tile("0-0")
    masks2 = [sum(1 << t for t in h) for h in with_double]
    assert g.needs_redeal(masks2, HandContext(hand_number=1)) is False
    assert g.needs_redeal(masks, HandContext(hand_number=2, previous=previous([0, 1, 2, 3]))) is False


@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12), (5, 3, 13), (6, 2, 16)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("ordinary", n, k, stock, seed=7)


@pytest.mark.parametrize("n", [1, 7])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("ordinary", players=n)


@pytest.mark.parametrize("opts", [{"target": 0}, {"target": -5}, {"target": "x"}, {"bogus": 1}])
def test_bad_options(opts):
    with pytest.raises(GameError):
        make_game("ordinary", players=3, options=opts)
