"""troli: what the example data cannot say (deal sizes, the turned-up tile as an event, records).

Spec: /work/shared/rules/troli.md; the worked examples are tests/data/examples/troli.json.
"""

from __future__ import annotations

import random

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import NOBODY, Deal
from domine.engine.match import Match
from domine.engine.moves import PASS, TURN_UP, kind
from domine.engine.position import position
from domine.engine.tiles import parse_tile

from helpers import play


@pytest.mark.parametrize("n", range(4, 10))
def test_three_each_and_the_rest_aside_in_order(n):
    g = make_game("troli", players=n)
    d = g.deal(random.Random(n))
    assert [len(h) for h in d.hands] == [3] * n
    assert d.stock == [] and len(d.aside) == 28 - 3 * n


@pytest.mark.parametrize("n", [3, 10])
def test_four_to_nine_players(n):
    with pytest.raises(GameError):
        make_game("troli", players=n)


def test_the_turned_up_tile_is_a_forced_event_of_nobody():
    g = make_game("troli", players=4)
    hands = [["0-1", "0-3", "1-3"], ["0-4", "1-4", "3-4"], ["2-6", "0-2", "5-6"], ["1-2", "4-6", "3-6"]]
    aside = ["2-5", "0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "0-5", "0-6", "1-5", "1-6",
             "2-3", "2-4", "3-5", "4-5"]
    deal = Deal([[parse_tile(t) for t in h] for h in hands], aside=[parse_tile(t) for t in aside])
    st = Match(g, seed=0).start_hand(deal)
    assert st.history == [(NOBODY, TURN_UP | parse_tile("2-5"))]
    assert st.leader is None and st.last_placer is None
    play(st, "pass")          # seat 0 (hand 1) cannot match 2 or 5
    assert st.to_act == 1     # nobody got an extra placement from the turned-up tile


def test_an_impossible_extra_placement_records_no_pass():
    g = make_game("troli", players=4)
    st = position(g, hands=[["3-3", "1-2"], ["6-5", "0-1"], ["0-0", "1-4"], ["0-2", "1-5"]], ends=[3, 6])
    play(st, "3-3 L")
    assert st.to_act == 1 and not st.over
    assert [m for _, m in st.history if kind(m) == PASS] == []


def test_random_matches_finish_with_the_lowest_total_winning():
    for n in (4, 9):
        g = make_game("troli", players=n)
        m = Match(g, seed=n)
        rnd = random.Random(n)
        while not m.over:
            st = m.start_hand()
            st.play_random(rnd.random)
            assert st.result.points == st.result.hand_values
            m.finish_hand()
        assert max(m.scores) >= 150
        assert m.result.winners == [m.scores.index(min(m.scores))]
        assert m.scores.count(min(m.scores)) == 1
