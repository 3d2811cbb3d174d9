"""two-hander: what the example data cannot say (deal sizes, records of silently ended turns, a match).

Spec: /work/shared/rules/two-hander.md; the worked examples are tests/data/examples/two-hander.json.
"""

from __future__ import annotations

import random

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match
from domine.engine.moves import PASS, kind
from domine.engine.position import position

from helpers import assert_deal_sizes, play


def test_deal_8_each_stock_12_of_which_10_drawable():
    assert_deal_sizes("two-hander", 2, 8, 12, seed=5)
    g = make_game("two-hander")
    st = Match(g, seed=3).start_hand()
    assert st.drawable == 10


def test_exactly_two_players():
    with pytest.raises(GameError):
        make_game("two-hander", players=3)


def test_an_impossible_extra_placement_records_no_pass():
    g = make_game("two-hander")
    st = position(g, hands=[["3-3", "1-2", "0-1"], ["6-5", "0-0"]], ends=[3, 6], stock=["4-4", "1-1", "2-2"])
    play(st, "3-3 L")
    play(st, "draw")           # 4-4 does not fit and drawing is exhausted: the turn just ends
    assert st.to_act == 1
    assert [kind(m) for _, m in st.history].count(PASS) == 0


def test_both_start_at_100_and_points_only_go_down():
    g = make_game("two-hander")
    m = Match(g, seed=11)
    assert m.scores == [100, 100]
    rnd = random.Random(11)
    while not m.over:
        st = m.start_hand()
        st.play_random(rnd.random)
        r = st.result
        assert r.points == [-r.hand_values[1], -r.hand_values[0]]
        m.finish_hand()
    assert min(m.scores) <= 0
    assert m.result.winners == [m.scores.index(min(m.scores))]


def test_option_start_sets_both_totals():
    g = make_game("two-hander", options={"start": 40})
    assert Match(g, seed=1).scores == [40, 40]
    with pytest.raises(GameError):
        make_game("two-hander", options={"start": 0})
