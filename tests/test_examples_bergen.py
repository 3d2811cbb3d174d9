"""Bergen: worked examples, options (set, spinner, target) and special rules.

Spec: /work/shared/rules/bergen.md. Line ends are [L, R]; with the spinner option [L, R, N, S].
"""

from __future__ import annotations

import random

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.moves import IllegalMove
from domine.position import position
from domine.tiles import parse_tile, tile_str

from helpers import match_after, full_deal, move_names as names


# -- helpers --------------------------------------------------------------------------------
def pick(st, text: str) -> None:
    """Apply the one legal move whose notation is ``text``."""
    found = [m for m in st.legal_moves() if st.move_str(m) == text]
    assert len(found) == 1, (text, names(st))
    st.apply(found[0])


def spinner_game():
    return make_game("bergen", players=2, options={"set": "double-9", "spinner": True})


# -- Worked example 1: starter --------------------------------------------------------------
def test_ex1_lowest_dealt_double_leads_and_scores_2():
    g = make_game("bergen", players=3)
    hands = ["2-2 5-5 0-1 0-2 0-3 0-4", "1-1 0-5 0-6 1-2 1-3 1-4", "3-3 1-5 1-6 2-3 2-4 2-5"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0, 0]))
    assert st.to_act == 1
    assert names(st) == ["1-1"]
    pick(st, "1-1")
    assert st.hand_points == [0, 2, 0]
    assert st.to_act == 2


def test_ex1_no_doubles_lowest_tile_leads():
    # Double-nine deal (7 each): with double-six three hands whose lowest tiles are 0-5, 1-2 and
    # 2-4 would leave 14 lighter tiles and doubles for a 10-tile stock.
    g = make_game("bergen", players=3, options={"set": "double-9"})
    hands = ["0-5 0-6 0-7 0-8 0-9 1-6 1-7", "1-2 1-8 1-9 2-5 2-6 2-7 2-8",
             "2-4 2-9 3-4 3-5 3-6 3-7 3-8"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0, 0]))
    assert st.to_act == 1
    assert names(st) == ["2-1"]
    pick(st, "2-1")
    assert st.hand_points == [0, 0, 0]      # a lead non-double scores 0


def test_ex1_equal_totals_smaller_higher_half_first():
    g = make_game("bergen", players=3)
    hands = ["0-3 1-3 0-4 2-3 1-4 0-5", "1-2 1-5 0-6 2-5 1-6 3-5", "2-4 3-4 2-6 4-5 3-6 5-6"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0, 0]))
    assert st.to_act == 1
    assert names(st) == ["2-1"]


@pytest.mark.parametrize("a,b,first", [("0-4", "1-3", "3-1"), ("0-5", "2-3", "3-2"),
                                       ("1-4", "2-3", "3-2"), ("0-3", "1-2", "2-1")])
def test_lightest_tile_order_pips_then_smaller_higher_half(a, b, first):
    g = make_game("bergen", players=2)
    lighter = [x for x in ["0-1", "0-2", "1-2", "0-3", "1-3", "0-4", "2-3", "1-4", "0-5"]]
    lighter = lighter[:min(lighter.index(a), lighter.index(b))]
    pool = [f"{i}-{j}" for i in range(7) for j in range(i + 1, 7)
            if f"{i}-{j}" not in lighter and f"{i}-{j}" not in (a, b)]
    hands = [" ".join([a] + pool[:5]), " ".join([b] + pool[5:10])]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=2, scores=[0, 0]))
    assert names(st) == [first]
    assert st.to_act == (0 if tile_str(parse_tile(a)) == first else 1)


def test_double_blank_holder_leads_it_every_hand():
    g = make_game("bergen", players=2)
    hands = ["1-1 2-2 0-1 0-2 0-3 0-4", "0-0 0-5 0-6 1-2 1-3 1-4"]
    for hand_number in (1, 4):
        st = g.new_hand(full_deal(g, hands), HandContext(hand_number=hand_number, scores=[3, 7]))
        assert st.to_act == 1
        assert names(st) == ["0-0"]


# -- Worked example 2: headers in one sequence ---------------------------------------------------
def ex2_state():
    g = make_game("bergen", players=2)
    hands = ["6-6 6-4 0-1 0-3 1-3 0-5", "6-2 4-2 1-4 3-5 1-5 0-4"]
    return g.new_hand(full_deal(g, hands, stock_first="2-2"), HandContext(hand_number=1, scores=[0, 0]))


def test_ex2_lead_double_scores_2():
    st = ex2_state()
    pick(st, "6-6")
    assert st.layout.values == [6, 6]
    assert st.hand_points == [2, 0]


def test_ex2_6_2_on_the_left_scores_0_right_end_is_a_double():
    st = ex2_state()
    pick(st, "6-6")
    assert names(st) == ["6-2 L"]
    pick(st, "6-2 L")
    assert st.layout.values == [2, 6]
    assert st.layout.doubles == [False, True]
    assert st.hand_points == [2, 0]


def test_ex2_6_4_on_the_right_scores_0():
    st = ex2_state()
    pick(st, "6-6")
    pick(st, "6-2 L")
    pick(st, "6-4 R")
    assert st.layout.values == [2, 4]
    assert st.hand_points == [2, 0]


def test_ex2_4_2_on_the_right_double_header_2():
    st = ex2_state()
    for mv in ("6-6", "6-2 L", "6-4 R"):
        pick(st, mv)
    pick(st, "4-2 R")
    assert st.layout.values == [2, 2]
    assert st.hand_points == [2, 2]


def test_ex2_2_2_triple_header_3():
    st = ex2_state()
    for mv in ("6-6", "6-2 L", "6-4 R", "4-2 R"):
        pick(st, mv)
    assert names(st) == ["draw"]              # seat 0 holds no 2: draws 2-2, which fits
    pick(st, "draw")
    assert len(st.legal_moves()) == 1         # both ends show 2: one place (general 23a)
    st.apply(st.legal_moves()[0])
    assert st.layout.values == [2, 2]
    assert sorted(st.layout.doubles) == [False, True]
    assert st.hand_points == [5, 2]
    assert not st.over


# -- Worked example 3: triple header by a single ----------------------------------------------
def ex3_state():
    g = make_game("bergen", players=2)
    return position(g, hands=[["5-3", "0-1"], ["6-6", "0-2"]], ends=[3, 5], doubles=[True, False],
                    stock=["1-1", "2-2", "1-2", "0-0"], to_act=0)


def test_ex3_single_matching_a_double_end_scores_3():
    st = ex3_state()
    assert names(st) == ["5-3 L", "5-3 R"]
    pick(st, "5-3 R")
    assert st.layout.values == [3, 3]
    assert st.hand_points == [3, 0]


def test_ex3_other_way_round_no_header():
    st = ex3_state()
    pick(st, "5-3 L")                          # ends 5 and 5: a double header
    assert st.layout.values == [5, 5]
    assert st.hand_points == [2, 0]


# -- Worked example 4: match end mid-hand -----------------------------------------------------
def test_ex4_reaching_15_mid_hand_wins_at_once():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-2", "6-6"], ["0-1", "0-3"]], ends=[2, 4],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0,
                  context=HandContext(hand_number=3, scores=[14, 6]))
    pick(st, "4-2 R")
    assert st.over
    r = st.result
    assert r.reason == "target"
    assert r.winners == [0]
    assert r.points == [2, 0]                 # no going-out bonus, the hand simply stops
    totals = [a + b for a, b in zip([14, 6], r.points)]
    assert totals == [16, 6]
    assert match_after(g, totals, 3).winners == [0]


def test_ex4_below_15_the_hand_goes_on():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-2", "6-6"], ["0-1", "0-3"]], ends=[2, 4],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0,
                  context=HandContext(hand_number=3, scores=[12, 6]))
    pick(st, "4-2 R")
    assert not st.over
    assert st.hand_points == [2, 0]
    assert st.to_act == 1


def test_target_option_mid_hand():
    g = make_game("bergen", players=2, options={"target": 5})
    st = position(g, hands=[["4-2", "6-6"], ["0-1", "0-3"]], ends=[2, 4],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0,
                  context=HandContext(hand_number=2, scores=[3, 4]))
    pick(st, "4-2 R")
    assert st.over and st.result.reason == "target" and st.result.winners == [0]
    assert match_after(g, [4, 4], 2) is None
    assert match_after(g, [5, 4], 2).winners == [0]


def test_default_target_15():
    g = make_game("bergen", players=3)
    assert match_after(g, [14, 14, 0], 5) is None
    assert match_after(g, [15, 14, 0], 5).winners == [0]
    assert match_after(g, [3, 16, 2], 5).winners == [1]


# -- Worked example 5: spinner option (double-9) ---------------------------------------------------
def ex5_state():
    g = spinner_game()
    hands = ["4-4 4-9 7-7 0-1 0-2 1-2 5-6", "4-7 9-7 0-3 1-3 2-3 5-8 6-8"]
    return g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0]))


def test_ex5_spinner_lead_scores_2():
    st = ex5_state()
    pick(st, "4-4")
    assert st.layout.values == [4, 4, 4, 4]
    assert st.layout.lengths == [0, 0, 0, 0]
    assert st.hand_points == [2, 0]
    assert names(st) == ["7-4 L", "7-4 N"]    # in-line side or flank, both open at once


def test_ex5_4_7_in_line_scores_0():
    st = ex5_state()
    pick(st, "4-4")
    pick(st, "7-4 L")
    assert st.layout.values[:2] == [7, 4]
    assert st.layout.doubles[:2] == [False, True]
    assert st.hand_points == [2, 0]


def test_ex5_4_9_on_a_flank_scores_0():
    st = ex5_state()
    pick(st, "4-4")
    pick(st, "7-4 L")
    pick(st, "9-4 N")
    assert st.layout.values == [7, 4, 9, 4]
    assert st.layout.lengths == [1, 0, 1, 0]
    assert st.hand_points == [2, 0]


def test_ex5_9_7_on_that_flank_scores_2():
    st = ex5_state()
    for mv in ("4-4", "7-4 L", "9-4 N"):
        pick(st, mv)
    pick(st, "9-7 N")
    assert st.layout.values == [7, 4, 7, 4]
    assert st.hand_points == [2, 2]


def test_ex5_7_7_on_the_flank_scores_3():
    st = ex5_state()
    for mv in ("4-4", "7-4 L", "9-4 N", "9-7 N"):
        pick(st, mv)
    assert names(st) == ["7-7 L", "7-7 N"]
    pick(st, "7-7 N")
    assert st.layout.values == [7, 4, 7, 4]
    assert st.layout.doubles[2] is True
    assert st.layout.lengths == [1, 0, 3, 0]
    assert st.hand_points == [5, 2]


def test_spinner_notation_round_trip():
    # in-line side and flank are different places: each notation reads back to its own move
    st = ex5_state()
    pick(st, "4-4")
    for m in st.legal_moves():
        assert st.parse_move(st.move_str(m)) == m
    pick(st, "7-4 L")
    for m in st.legal_moves():
        assert st.parse_move(st.move_str(m)) == m


def test_spinner_unstarted_flanks_are_not_scoring_ends():
    g = spinner_game()
    # L arm ends in 3; R is the bare spinner 4-4 (weight 2); both flanks still empty.
    st = position(g, hands=[["3-4", "0-1"], ["0-2", "0-3"]], ends=[3, 4, 4, 4],
                  lengths=[2, 0, 0, 0], doubles=[False, True, True, True],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0)
    pick(st, "4-3 L")
    assert st.layout.values == [4, 4, 4, 4]
    assert st.hand_points == [3, 0]          # L (1) + spinner (2); the empty flanks do not count


def test_spinner_new_end_must_be_in_the_matching_group():
    g = spinner_game()
    # L and R already show 5; placing on an empty flank creates a 3: no score.
    st = position(g, hands=[["3-4", "0-1"], ["0-2", "0-3"]], ends=[5, 5, 4, 4],
                  lengths=[1, 1, 0, 0], doubles=[False, False, True, True],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0)
    assert names(st) == ["4-3 N"]
    pick(st, "4-3 N")
    assert st.layout.values == [5, 5, 3, 4]
    assert st.hand_points == [0, 0]


def test_spinner_is_the_first_double_even_after_a_non_double_lead_later_doubles_are_not():
    g = spinner_game()
    hands = ["0-1 2-3 1-4 2-5 3-6 4-7 5-8", "2-6 3-5 3-7 5-7 2-8 6-9 7-9"]
    st = g.new_hand(full_deal(g, hands, stock_first="1-1 4-4"), HandContext(hand_number=1, scores=[0, 0]))
    assert st.to_act == 0 and names(st) == ["1-0"]    # no double dealt: lightest tile leads
    pick(st, "1-0")
    assert st.layout.values == [1, 0]
    assert names(st) == ["draw"]
    pick(st, "draw")                                   # 1-1 fits the 1 end
    assert names(st) == ["1-1 L"]
    pick(st, "1-1 L")
    assert st.layout.values == [1, 0, 1, 1]            # two flanks opened at once
    assert st.layout.lengths == [1, 0, 0, 0]
    assert st.hand_points == [0, 0]                    # only one scoring end shows 1
    assert names(st) == ["4-1 L", "4-1 N"]
    pick(st, "4-1 N")
    assert st.layout.values == [1, 0, 4, 1]
    assert names(st) == ["draw"]
    pick(st, "draw")                                   # 4-4 fits the 4 flank
    assert names(st) == ["4-4 N"]
    pick(st, "4-4 N")
    assert len(st.layout.values) == 4                  # a later double is not a spinner
    assert st.layout.values == [1, 0, 4, 1]
    assert st.hand_points == [0, 0]


# -- Going out, blocked -----------------------------------------------------------------------------
def test_going_out_scores_header_plus_1():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-2"], ["0-1", "0-3"]], ends=[2, 4],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0,
                  context=HandContext(hand_number=2, scores=[5, 6]))
    pick(st, "4-2 R")
    r = st.result
    assert st.over and r.reason == "domino" and r.out_seat == 0
    assert r.winners == [0]
    assert r.points == [3, 0]


def test_going_out_bonus_can_reach_the_target():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-1"], ["0-1", "0-3"]], ends=[2, 4],
                  stock=["1-1", "2-2", "1-2", "0-0"], to_act=0,
                  context=HandContext(hand_number=2, scores=[14, 6]))
    pick(st, "4-1 R")
    assert st.result.points == [1, 0]
    assert match_after(g, [15, 6], 2).winners == [0]


def test_blocked_lowest_pip_count_scores_1():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-1", "0-0"], ["5-5", "6-6"]], ends=[2, 4],
                  stock=["2-2", "1-1"], to_act=0)
    pick(st, "4-1 R")
    assert st.over
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [0, 22]
    assert r.winners == [0]
    assert r.points == [1, 0]


def test_blocked_tie_for_lowest_nobody_scores():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["4-1", "3-3"], ["0-6"]], ends=[2, 4],
                  stock=["2-2", "1-1"], to_act=0)
    pick(st, "4-1 R")
    assert st.over
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [6, 6]
    assert r.winners == []
    assert r.points == [0, 0]


def test_draw_until_playable_then_pass_at_reserve():
    g = make_game("bergen", players=2)
    st = position(g, hands=[["5-5", "6-6"], ["0-1", "2-1"]], ends=[2, 4],
                  stock=["3-3", "0-4", "1-1", "0-0"], to_act=0)
    assert names(st) == ["draw"]
    pick(st, "draw")                           # 3-3: kept
    assert names(st) == ["draw"]
    pick(st, "draw")                           # 0-4: fits the 4 end, laid at once
    assert names(st) == ["4-0 R"]
    pick(st, "4-0 R")
    assert st.drawable == 0
    assert st.to_act == 1
    assert names(st) == ["1-0 R", "2-1 L"]
    pick(st, "2-1 L")
    assert st.to_act == 0
    assert names(st) == ["pass"]


# -- Options: sets, deals, spinner ------------------------------------------------------------------
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


def test_double_six_stock_sizes_from_the_table():
    assert [len(make_game("bergen", players=n).deal(random.Random(1)).stock) for n in (2, 3, 4)] == [16, 10, 8]


@pytest.mark.parametrize("opts", [{"spinner": True}, {"set": "double-six", "spinner": True},
                                  {"set": "double-8"}, {"set": "double-7"}, {"target": 0},
                                  {"bogus": 1}])
def test_bad_options(opts):
    with pytest.raises(GameError):
        make_game("bergen", players=2, options=opts)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("bergen", players=n)


def test_double_12_spinner_lead_and_flanks():
    g = make_game("bergen", players=2, options={"set": "double-12", "spinner": True})
    hands = ["5-5 5-12 11-12 0-1 0-2 1-2 6-7 8-9 10-11", "5-11 0-3 1-3 2-3 6-8 7-9 8-10 9-12 3-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0]))
    assert names(st) == ["5-5"]
    pick(st, "5-5")
    assert st.layout.values == [5, 5, 5, 5]
    assert st.hand_points == [2, 0]
    assert names(st) == ["11-5 L", "11-5 N"]
    pick(st, "11-5 N")
    assert st.layout.values == [5, 5, 11, 5]
    assert st.hand_points == [2, 0]            # the new end shows 11: no other 11 end


def test_double_9_without_spinner_is_a_line():
    g = make_game("bergen", players=2, options={"set": "double-9"})
    hands = ["4-4 4-9 7-7 0-1 0-2 1-2 5-6", "4-7 9-7 0-3 1-3 2-3 5-8 6-8"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0]))
    pick(st, "4-4")
    assert st.layout.values == [4, 4]
    assert names(st) == ["7-4 L"]


def test_match_won_by_a_lead_double_mid_hand():
    from domine.match import Match
    g = make_game("bergen", players=2)
    m = Match(g, seed=1)
    m.scores = [14, 0]
    hands = ["6-6 6-4 0-1 0-3 1-3 0-5", "6-2 4-2 1-4 3-5 1-5 0-4"]
    st = m.start_hand(full_deal(g, hands))
    pick(st, "6-6")
    assert st.over and st.result.reason == "target"
    res = m.finish_hand()
    assert res is not None
    assert res.winners == [0]
    assert m.scores == [16, 0]
