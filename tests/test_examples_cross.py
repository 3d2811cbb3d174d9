"""Cross Dominoes (Ukršteni Domino): worked examples, options and special rules.

Spec: /work/shared/rules/cross.md. Cross ends are [N, E, S, W].
"""

from __future__ import annotations


import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.moves import IllegalMove, place
from domine.position import position
from domine.tiles import parse_tile, tile_str

from helpers import match_after, assert_deal_sizes, assert_lowest_wins_at, full_deal, later_hand, play, play_out, previous
from helpers import hand as held, move_names as names, tiles as T


N, E, S, W = 0, 1, 2, 3


# -- Worked example 1: the cross phase ---------------------------------------------------------
def ex1_state():
    g = make_game("cross", players=3)
    # Spinner 5-5; N holds 5-1, E holds 5-3; S and W are empty.
    return position(g, hands=[["1-4", "3-3", "2-6"], ["0-0", "1-1"], ["2-2", "4-4"]],
                    ends=[1, 3, 5, 5], lengths=[1, 1, 0, 0],
                    stock=["2-4", "5-6", "0-1", "0-2", "0-3", "0-4"], to_act=0)


def test_ex1_no_arm_may_grow_before_the_cross_is_complete():
    st = ex1_state()
    assert st.layout.in_opening()
    with pytest.raises(IllegalMove):
        st.apply(place(parse_tile("1-4"), N, 4))      # 1-4 on the 1 arm
    with pytest.raises(IllegalMove):
        st.apply(place(parse_tile("3-3"), E, 3))      # 3-3 on the 3 arm
    with pytest.raises(IllegalMove):
        st.apply(st.parse_move("4-1 N"))


def test_ex1_holding_no_5_he_must_draw():
    st = ex1_state()
    assert names(st) == ["draw"]


def test_ex1_draws_2_4_keeps_it_then_5_6_which_he_must_play_on_an_empty_side():
    st = ex1_state()
    play(st, "draw")                       # 2-4: not playable, kept
    assert held(st, 0) == ["3-3", "4-1", "4-2", "6-2"]
    assert names(st) == ["draw"]
    play(st, "draw")                       # 5-6: must be played at once
    legal = st.legal_moves()
    assert len(legal) == 1                 # the two empty sides are one move (general 23a)
    m = legal[0]
    assert tile_str(m & 127) == "6-5"
    assert (m >> 7) & 31 in (S, W)
    st.apply(m)
    assert sorted(st.layout.values[2:]) == [5, 6]   # that arm's end shows 6; the other side empty
    assert sorted(st.layout.lengths) == [0, 1, 1, 1]
    assert st.layout.values[:2] == [1, 3]
    assert held(st, 0) == ["3-3", "4-1", "4-2", "6-2"]
    assert st.to_act == 1
    assert st.layout.in_opening()


def test_cross_phase_drawn_tile_fitting_only_an_arm_is_kept():
    g = make_game("cross", players=3)
    st = position(g, hands=[["1-4", "3-3", "2-6"], ["0-0", "1-1"], ["2-2", "4-4"]],
                  ends=[1, 3, 5, 5], lengths=[1, 1, 0, 0],
                  stock=["0-1", "3-6", "5-0", "0-2", "0-3", "0-4"], to_act=0)
    play(st, "draw")                       # 0-1 would fit the 1 arm: not a legal play yet
    assert st.to_act == 0
    assert names(st) == ["draw"]
    play(st, "draw")                       # 3-6 would fit the 3 arm: kept too
    assert names(st) == ["draw"]
    play(st, "draw")                       # 5-0 goes on an empty side
    assert len(st.legal_moves()) == 1
    st.apply(st.legal_moves()[0])
    assert sorted(st.layout.values[2:]) == [0, 5]
    assert held(st, 0) == ["1-0", "3-3", "4-1", "6-2", "6-3"]


def test_cross_phase_from_a_real_lead_and_then_the_arms():
    g = make_game("cross", players=2)
    hands = ["6-6 6-1 6-3 1-3 0-0 2-4", "6-2 6-4 1-2 5-5 0-5 3-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0, 0]))
    assert st.to_act == 0
    assert names(st) == ["6-6"]              # heaviest double leads
    play(st, "6-6")
    assert st.layout.values == [6, 6, 6, 6]
    assert st.layout.lengths == [0, 0, 0, 0]
    assert st.to_act == 1
    # every empty side is one place: one move per tile bearing a 6
    assert names(st) == ["6-2 N", "6-4 N"]
    play(st, "6-2 N")
    assert st.layout.values == [2, 6, 6, 6]
    # seat 0: 1-3 would fit nothing, 6-1 and 6-3 only go on empty sides; the 2 arm is closed for now
    assert names(st) == ["6-1 E", "6-3 E"]
    play(st, "6-1 E")
    # seat 1 holds 1-2 (fits the 2 arm and the 1 arm) but must fill the cross: only 6-4
    assert names(st) == ["6-4 S"]
    play(st, "6-4 S")
    assert names(st) == ["6-3 W"]
    play(st, "6-3 W")
    assert st.layout.values == [2, 1, 4, 3]
    assert st.layout.lengths == [1, 1, 1, 1]
    assert not st.layout.in_opening()
    # arm phase: seat 1 holds 1-2, 5-5, 0-5, 3-4
    assert names(st) == ["2-1 E", "2-1 N", "4-3 S", "4-3 W"]


# -- Worked example 2: the arm phase ----------------------------------------------------------
def test_ex2_later_double_on_an_arm_is_no_spinner():
    g = make_game("cross", players=2)
    st = position(g, hands=[["3-3", "4-4"], ["0-5", "2-5"]], ends=[1, 3, 6, 0],
                  lengths=[1, 1, 1, 1], stock=["5-5", "2-2", "1-1"], to_act=0)
    assert names(st) == ["3-3 E"]
    play(st, "3-3 E")
    assert st.layout.values == [1, 3, 6, 0]
    assert st.layout.lengths == [1, 2, 1, 1]
    assert len(st.layout.values) == 4        # nothing branches from 3-3
    assert st.layout.doubles[E] is True


# -- Worked example 3: scoring and the match ------------------------------------------------------
def ex3_state():
    g = make_game("cross", players=3)
    st = position(g, hands=[["1-2"], ["6-4", "0-0"], ["5-5"]], ends=[1, 3, 2, 3],
                  lengths=[1, 1, 1, 1], stock=["2-2", "1-1", "3-3", "4-4"], to_act=0,
                  context=HandContext(hand_number=4, scores=[140, 120, 145]))
    return g, st


def test_ex3_A_goes_out_B_and_C_score_10_each():
    g, st = ex3_state()
    assert names(st) == ["2-1 N", "2-1 S"]
    play(st, "2-1 N")
    r = st.result
    assert st.over and r.reason == "domino" and r.out_seat == 0
    assert r.hand_values == [0, 10, 10]        # 0-0 counts 0
    assert r.points == [0, 10, 10]


def test_ex3_C_passes_150_and_B_wins_with_130():
    g, st = ex3_state()
    play(st, "2-1 N")
    totals = [a + b for a, b in zip([140, 120, 145], st.result.points)]
    assert totals == [140, 130, 155]
    res = match_after(g, totals, 4)
    assert res is not None and res.winners == [1]


def test_ex3_B_two_tiles_ranks_last_and_would_lead():
    g, st = ex3_state()
    play(st, "2-1 N")
    assert st.result.ranking == [0, 2, 1]
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 0-2", "1-5 4-6 3-3 0-6 2-5"]
    nxt = g.new_hand(full_deal(g, hands), HandContext(hand_number=5, previous=st.result,
                                                      scores=[140, 130, 155]))
    assert nxt.to_act == 1
    assert names(nxt) == ["5-5", "6-6"]


# -- Leaders ----------------------------------------------------------------------------------
def test_first_hand_heaviest_double_and_redeal_without_doubles():
    g = make_game("cross", players=3)
    hands = ["1-2 0-4 2-6 1-4 5-5", "0-1 2-4 3-6 0-2 4-4", "1-5 4-6 0-6 2-5 3-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1))
    assert st.to_act == 0 and names(st) == ["5-5"]
    no_doubles = [T(h) for h in ["1-2 0-4 2-6 1-4 0-1", "2-4 3-6 0-2 1-5 4-6", "0-6 2-5 3-4 5-6 1-3"]]
    masks = [sum(1 << t for t in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext(hand_number=1)) is True
    assert g.needs_redeal(masks, HandContext(hand_number=2, previous=previous([0, 1, 2]))) is False


def test_later_hand_loser_leads_any_double():
    g = make_game("cross", players=3)
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 1-1", "1-5 4-6 3-3 0-6 2-5"]
    st = later_hand(g, hands, loser=1)
    assert st.to_act == 1
    assert names(st) == ["1-1", "5-5", "6-6"]
    play(st, "1-1")
    assert st.to_act == 2
    assert st.layout.values == [1, 1, 1, 1]


def test_later_hand_loser_without_double_draws_until_a_double():
    g = make_game("cross", players=3)
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 0-2", "1-5 4-6 3-3 0-6 2-5"]
    st = later_hand(g, hands, stock_first="3-4 5-6 2-2", loser=0)
    assert names(st) == ["draw"]
    play(st, "draw")                      # 3-4: kept
    assert names(st) == ["draw"]
    play(st, "draw")                      # 5-6: kept
    assert names(st) == ["draw"]
    play(st, "draw")                      # 2-2: he leads it
    assert names(st) == ["2-2"]
    assert held(st, 0) == ["1-0", "2-1", "2-2", "4-0", "4-1", "4-3", "6-2", "6-5"]
    play(st, "2-2")
    assert st.to_act == 1
    assert st.layout.values == [2, 2, 2, 2]


def test_later_hand_drawable_stock_runs_out_next_seat_with_a_double_leads():
    g = make_game("cross", players=3)
    # seat 0 (loser) and seat 1 hold no double; the 11 drawable tiles are non-doubles;
    # seat 2 holds five doubles, the reserve the other two.
    hands = ["0-1 0-2 0-3 0-4 0-5", "0-6 1-2 1-3 1-4 1-5", "0-0 1-1 2-2 3-3 4-4"]
    st = later_hand(g, hands, stock_last="5-5 6-6", loser=0)
    assert st.drawable == 11
    for _ in range(11):
        assert st.to_act == 0
        assert names(st) == ["draw"]
        play(st, "draw")
    assert st.drawable == 0
    assert st.to_act == 2
    assert names(st) == ["0-0", "1-1", "2-2", "3-3", "4-4"]
    play(st, "3-3")
    assert st.to_act == 0
    assert len(held(st, 0)) == 16


def test_match_loser_of_a_played_hand_leads_the_next():
    from domine.match import Match
    g = make_game("cross", players=3)
    m = Match(g, seed=5)
    st = m.start_hand()
    play_out(st)
    r = st.result
    assert r.points == r.hand_values
    assert m.finish_hand() is None
    assert m.scores == r.points
    nxt = m.start_hand()
    assert nxt.to_act == r.ranking[-1]


# -- Blocked, drawing ---------------------------------------------------------------------------
def test_drawn_playable_tile_in_arm_phase_must_be_played():
    g = make_game("cross", players=2)
    st = position(g, hands=[["3-3", "4-4"], ["0-5", "2-5"]], ends=[1, 2, 6, 0],
                  lengths=[1, 1, 1, 1], stock=["5-5", "1-3", "2-2", "3-5", "1-1"], to_act=0)
    assert names(st) == ["draw"]
    play(st, "draw")                       # 5-5 kept
    play(st, "draw")                       # 1-3 fits the 1 arm
    assert names(st) == ["3-1 N"]
    play(st, "3-1 N")
    assert st.layout.values == [3, 2, 6, 0]
    assert st.to_act == 1


def test_blocked_hand_scores_own_pips():
    g = make_game("cross", players=2)
    st = position(g, hands=[["3-3", "4-4", "1-2"], ["5-5", "0-0"]], ends=[1, 6, 6, 6],
                  lengths=[1, 1, 1, 1], stock=["2-2", "1-1"], to_act=0)
    assert names(st) == ["2-1 N"]
    play(st, "2-1 N")                      # end 2 now: nobody holds a 2 or a 6
    assert st.over
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [14, 10]
    assert r.points == [14, 10]
    assert r.ranking == [1, 0]


# -- Options, deal, bad input ------------------------------------------------------------------
@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("cross", n, k, stock, seed=11)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("cross", players=n)


def test_default_target_150():
    assert_lowest_wins_at(make_game("cross", players=3), 150)


def test_target_option():
    g = make_game("cross", players=3, options={"target": 40})
    assert match_after(g, [39, 20, 30], 2) is None
    assert match_after(g, [40, 20, 30], 2).winners == [1]
    with pytest.raises(GameError):
        make_game("cross", players=3, options={"target": 0})
    with pytest.raises(GameError):
        make_game("cross", players=3, options={"set": "double-9"})
