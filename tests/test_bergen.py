"""bergen.md: engine properties and rules the example data cannot say: notation round trips, deal sizes, bad input.

The worked examples and the other rules' and options' examples are in tests/data/examples/bergen.json.
Line ends are [L, R]; with the spinner option [L, R, N, S].
"""

from __future__ import annotations

import random

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext

from helpers import full_deal, move_names as names


def pick(st, text: str) -> None:
    """Apply the one legal move whose notation is ``text``."""
    found = [m for m in st.legal_moves() if st.move_str(m) == text]
    assert len(found) == 1, (text, names(st))
    st.apply(found[0])


def spinner_game():
    return make_game("bergen", players=2, options={"set": "double-9", "spinner": True})


def ex5_state():
    g = spinner_game()
    hands = ["4-4 4-9 7-7 0-1 0-2 1-2 5-6", "4-7 9-7 0-3 1-3 2-3 5-8 6-8"]
    return g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0]))


def test_spinner_notation_round_trip():
    # in-line side and flank are different places: each notation reads back to its own move
    st = ex5_state()
    pick(st, "4-4")
    for m in st.legal_moves():
        assert st.parse_move(st.move_str(m)) == m
    pick(st, "7-4 L")
    for m in st.legal_moves():
        assert st.parse_move(st.move_str(m)) == m


@pytest.mark.parametrize("opts,n,k,total", [
    ({}, 2, 6, 28), ({}, 3, 6, 28), ({}, 4, 5, 28),
    ({"set": "double-9"}, 2, 7, 55), ({"set": "double-9"}, 3, 7, 55), ({"set": "double-9"}, 4, 7, 55),
    ({"set": "double-12"}, 2, 9, 91), ({"set": "double-12"}, 3, 9, 91), ({"set": "double-12"}, 4, 9, 91),
    ({"set": "double-12", "spinner": True}, 4, 9, 91),
])
def test_deal_sizes(opts, n, k, total):
    g = make_game("bergen", players=n, options=opts)
    d = g.deal(random.Random(17))
    assert [len(h) for h in d.hands] == [k] * n
    assert len(d.stock) == total - k * n
    assert sorted([t for h in d.hands for t in h] + d.stock) == list(range(total))


@pytest.mark.parametrize("name, k", [("double-8", 7), ("double-nine", 7), ("12", 9)])
def test_larger_sets_deal_the_specifications_hands_and_keep_the_target(name, k):
    """bergen 10 names 7 each on double-nine and 9 on double-twelve; double-eight deals as
    double-nine (the rules page); headers, not pips, so the target stays 15."""
    for n in (2, 3, 4):
        g = make_game("bergen", players=n, options={"set": name})
        assert g.deal_size(n) == k and g.target == 15 and g.reserve == 2


def test_double_six_stock_sizes_from_the_table():
    assert [len(make_game("bergen", players=n).deal(random.Random(1)).stock) for n in (2, 3, 4)] == [16, 10, 8]


@pytest.mark.parametrize("opts", [{"spinner": True}, {"set": "double-six", "spinner": True},
                                  {"set": "double-eight", "spinner": True}, {"set": "double-10"},
                                  {"set": "double-7"}, {"target": 0},
                                  {"bogus": 1}])
def test_bad_options(opts):
    with pytest.raises(GameError):
        make_game("bergen", players=2, options=opts)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("bergen", players=n)
