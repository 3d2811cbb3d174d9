"""All Fives beyond the worked examples (tests/data/examples/all-fives.json): the count on
every kind of spinner, rounding, options, and the heuristic bot taking points on play."""

from __future__ import annotations

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.games.all_fives import count, round5
from domine.engine.hand import HandContext
from domine.bots.heuristic import HeuristicBot
from domine.engine.layout import LEAD_END
from domine.engine.position import position
from domine.engine.tiles import parse_tile


def T(text: str) -> int:
    return parse_tile(text, 6)


def laid(lead: str, *placed: str, players: int = 2):
    game = make_game("all-fives", players)
    st = position(game, hands=[[] for _ in range(players)], lead=lead, placed=placed, rest="aside")
    return game, st.layout


@pytest.mark.parametrize("lead, placed, expected", [
    ("5-5", (), 10),                                    # a led spinner counts both halves
    ("5-5", ("5-0 L",), 10),                            # one side free: still 10, the 0 arm 0
    ("5-5", ("5-0 L", "5-6 R"), 6),                     # both sides filled: the spinner stops counting
    ("5-5", ("5-0 L", "5-6 R", "5-4 N"), 10),
    ("5-5", ("5-0 L", "5-6 R", "5-4 N", "6-6 R"), 16),  # a later double counts both halves
    ("5-5", ("5-0 L", "5-6 R", "5-4 N", "6-6 R", "4-4 N", "0-0 L"), 20),
    ("3-2", (), 5),                                     # before the spinner: the two ends
    ("3-2", ("2-2 R",), 7),                             # spinner on the line: 3 + 4
    ("3-2", ("2-2 R", "2-6 R"), 9),
    ("3-2", ("2-2 R", "2-6 R", "2-1 N"), 10),
    ("3-2", ("2-2 R", "2-6 R", "2-1 N", "2-4 S"), 14),
    ("3-2", ("2-2 R", "3-3 L"), 10),                    # a double on the line's arm: 6 + 4
])
def test_the_count(lead, placed, expected):
    game, lay = laid(lead, *placed)
    assert count(lay) == expected
    assert game.points_on_play(lay, LEAD_END if not placed else 0, T(lead)) == (expected if expected % 5 == 0 else 0)


def test_rounding_to_the_nearest_five():
    assert [round5(x) for x in (0, 1, 2, 3, 4, 5, 12, 13, 18, 20, 22, 23)] == \
        [0, 0, 0, 5, 5, 5, 10, 15, 20, 20, 20, 25]


def test_options_and_deals():
    assert [make_game("all-fives", n).deal_size(n) for n in (2, 3, 4)] == [9, 7, 5]
    assert [make_game("all-fives", n, {"short_hands": True}).deal_size(n) for n in (2, 3, 4)] == [7, 5, 5]
    g = make_game("all-fives", 4, {"partners": True})
    assert g.partnership and g.seat_teams == [0, 1, 0, 1]
    with pytest.raises(GameError):
        make_game("all-fives", 3, {"partners": True})
    assert make_game("all-fives", 2).target == 150 and make_game("all-fives", 2, {"target": 250}).target == 250
    assert make_game("all-fives", 2).match_end.mid_hand
    assert make_game("all-fives", 2).reserve == 0
    assert make_game("Muggins", 2).id == "all-fives"


def test_the_heuristic_takes_ten_points_before_a_heavier_tile():
    game = make_game("all-fives", 2)
    # ends 2 | 6: 2-4 on L counts 4 + 6 = 10; 6-5 on R (heavier) counts 2 + 5 = 7
    st = position(game, hands=[["2-4", "6-5", "1-1"], ["0-0", "3-3"]], ends=[2, 6],
                  stock=["0-1", "0-3", "1-3"], context=HandContext(scores=[0, 0]))
    for seed in range(5):
        move = HeuristicBot(seed).choose(st.observation(0))
        assert st.move_str(move) == "4-2 L"
    st.apply(st.parse_move("2-4 L"))
    assert st.hand_points == [10, 0]


def test_the_heuristic_scores_on_the_spinners_end():
    game = make_game("all-fives", 2)
    # 5-5 led, 5-0 and 5-6 on its sides: 5-4 on an end counts 0 + 6 + 4 = 10;
    # 6-3 (heavier) on the 6 arm counts 0 + 3 = 3
    st = position(game, hands=[["5-4", "6-3", "1-1"], ["2-2", "3-3"]], lead="5-5",
                  placed=["5-0 L", "5-6 R"], stock=["0-1", "0-3", "1-3"], context=HandContext(scores=[0, 0]))
    move = HeuristicBot(0).choose(st.observation(0))
    assert st.move_str(move) == "5-4 N"


def test_the_heuristic_wins_the_match_on_the_spot():
    game = make_game("all-fives", 2)
    # 145 to 100, ends 2 | 1: 2-4 on L makes 4 + 1 = 5 and wins; 1-6 is the heavier tile
    st = position(game, hands=[["2-4", "1-6", "3-3"], ["0-0", "5-5"]], ends=[2, 1],
                  stock=["0-1", "0-3", "1-3"], context=HandContext(scores=[145, 100]))
    move = HeuristicBot(0).choose(st.observation(0))
    assert st.move_str(move) == "4-2 L"
    st.apply(move)
    assert st.over and st.result.reason == "target" and st.result.winners == [0]
