"""family.md: worked examples and the option rounds."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.match import Match
from domine.moves import DRAW, PASS, IllegalMove
from domine.position import position

from helpers import match_after, hand, make_deal, moves, names, play, play_out


# --- Example 1: source example ------------------------------------------------------
def _luka():
    g = make_game("family")
    return position(g, hands=[["6-6", "4-4"], ["5-1", "3-3", "0-4"]], ends=[2, 5],
                    stock=["1-1", "0-0", "6-0"], to_act=1)


def test_example1_only_5_1_on_the_5_end():
    st = _luka()
    assert moves(st) == {"5-1 R"}
    play(st, "5-1")
    assert st.layout.values == [2, 1]


def test_example1_double_3_3_and_0_4_illegal():
    st = _luka()
    with pytest.raises(IllegalMove):
        play(st, "3-3")
    with pytest.raises(IllegalMove):
        play(st, "0-4")
    with pytest.raises(IllegalMove):
        st.apply(DRAW)  # must play, may not draw instead


# --- Example 2: who starts ---------------------------------------------------------
def test_example2_highest_double_starts():
    g = make_game("family")
    b = ["4-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    a = ["5-5", "3-3", "1-2", "1-3", "1-4", "1-5", "1-6"]
    st = g.new_hand(make_deal(g, [b, a], rest="stock"), HandContext(1, [0, 0]))  # A at seat 1
    assert st.to_act == 1
    assert moves(st) == {"5-5"}
    play(st, "5-5")
    assert st.layout.values == [5, 5]
    assert st.to_act == 0


def test_example2_no_doubles_6_3_beats_5_4():
    g = make_game("family")
    b = ["5-4", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"]
    a = ["6-3", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    st = g.new_hand(make_deal(g, [b, a], rest="stock"), HandContext(1, [0, 0]))
    assert st.to_act == 1
    assert moves(st) == {"6-3"}
    play(st, "6-3")
    assert sorted(st.layout.values) == [3, 6]


# --- Example 3: drawing -------------------------------------------------------------
def test_example3_draw_until_playable_then_play_it():
    g = make_game("family")
    st = position(g, hands=[["6-6", "4-4"], ["1-3", "4-5"]], ends=[2, 6],
                  stock=["3-5", "2-0", "1-1", "5-5"], to_act=1)
    assert st.drawable == 4  # no reserve
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 3-5 not playable
    assert hand(st, 1) == names("1-3", "4-5", "3-5")
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 2-0 playable: must be played at once
    assert moves(st) == {"2-0 L"}
    play(st, "2-0")
    assert st.layout.values == [0, 6]
    assert hand(st, 1) == names("1-3", "4-5", "3-5")
    assert st.to_act == 0


def test_rule7_stock_empty_pass():
    g = make_game("family")
    st = position(g, hands=[["6-2", "4-4"], ["1-3", "4-5"]], ends=[2, 6],
                  stock=["3-5"], to_act=1)
    st.apply(DRAW)
    assert moves(st) == {"pass"}
    st.apply(PASS)
    assert st.to_act == 0 and not st.over


# --- Example 4: block -------------------------------------------------------------
def test_example4_blocked_lower_pips_wins():
    g = make_game("family")
    st = position(g, hands=[["2-1", "4-0"], ["1-4", "0-2", "2-2"]], ends=[3, 3], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [7, 11]
    assert st.result.winners == [0]
    assert st.result.points == [1, 0]


def test_example4_blocked_equal_pips_drawn_round():
    g = make_game("family")
    st = position(g, hands=[["2-1", "4-0"], ["1-4", "0-2"]], ends=[3, 3], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [7, 7]
    assert st.result.winners == []
    assert st.result.points == [0, 0]


def test_example4_block_by_a_placement():
    g = make_game("family")
    st = position(g, hands=[["2-1", "4-0", "3-5"], ["1-4", "0-2", "2-2"]], ends=[3, 5], to_act=0)
    assert not st.over
    play(st, "5-3 R")
    assert st.layout.values == [3, 3]
    assert st.over and st.result.winners == [0]


def test_domino_wins_the_round():
    g = make_game("family")
    st = position(g, hands=[["6-6", "4-4"], ["5-1"]], ends=[2, 5], stock=["0-0"], to_act=1)
    play(st, "5-1")
    assert st.over and st.result.reason == "domino"
    assert st.result.winners == [1]
    assert st.result.points == [0, 1]


# --- Deal, later rounds, option rounds ----------------------------------------------------
def test_deal_7_each_14_stock_all_drawable():
    g = make_game("family")
    st = Match(g, seed=9).start_hand()
    assert [h.bit_count() for h in st.hands] == [7, 7]
    assert len(st.stock) == 14 and st.drawable == 14


def test_default_one_round_is_the_match():
    g = make_game("family")
    assert match_after(g, [1, 0], 1).winners == [0]
    r = match_after(g, [0, 0], 1)
    assert r.drawn and r.winners == []


def test_option_rounds_more_round_wins_takes_match():
    g = make_game("family", 2, {"rounds": 3})
    assert match_after(g, [2, 0], 2) is None
    assert match_after(g, [1, 2], 3).winners == [1]
    r = match_after(g, [1, 1], 3)  # one drawn round
    assert r.drawn and r.winners == []


def test_option_rounds_must_be_positive():
    with pytest.raises(GameError):
        make_game("family", 2, {"rounds": 0})
    with pytest.raises(GameError):
        make_game("family", 3)


def test_option_rounds_starter_alternates_and_leads_any_tile():
    g = make_game("family", 2, {"rounds": 2})
    m = Match(g, seed=1)
    b = ["4-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    a = ["5-5", "3-3", "1-2", "1-3", "1-4", "1-5", "1-6"]
    st = m.start_hand(make_deal(g, [b, a], rest="stock"))
    assert st.to_act == 1
    play_out(st)
    assert m.finish_hand() is None
    st2 = m.start_hand(make_deal(g, [b, a], rest="stock"))  # seat 1 would win the lead by 5-5 again
    assert st2.to_act == 0
    assert moves(st2) == set(names(*b))
    play_out(st2)
    res = m.finish_hand()
    assert res is not None and res.hands == 2
    assert sum(m.scores) <= 2
