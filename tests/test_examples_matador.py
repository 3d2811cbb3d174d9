"""Matador (Ruski Domino): worked examples, options and special rules.

Spec: /work/shared/rules/matador.md. Touching halves sum to 7; 6-1, 5-2, 4-3, 0-0 are wild.
"""

from __future__ import annotations


import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.moves import IllegalMove, MoveError, place
from domine.position import position
from domine.tiles import parse_tile

from helpers import match_after, assert_deal_sizes, assert_lowest_wins_at, full_deal, play, play_out, previous
from helpers import move_names as names, tiles as T


L, R = 0, 1


# -- Worked example 1: a blank end and a matador -----------------------------------------------
def ex1_state():
    g = make_game("matador", players=2)
    return position(g, hands=[["3-5", "0-6", "2-5", "4-4", "1-1"], ["0-1", "0-2"]], ends=[0, 4],
                    stock=["0-3", "0-4", "0-5", "1-2", "1-3"], to_act=0)


def test_ex1_five_placements_and_a_draw():
    st = ex1_state()
    assert names(st) == ["5-2 L 2", "5-2 L 5", "5-2 R 2", "5-2 R 5", "5-3 R", "draw"]
    assert len([m for m in st.legal_moves() if st.move_str(m) != "draw"]) == 5


def test_ex1_3_5_on_the_right_leaves_5():
    st = ex1_state()
    play(st, "5-3 R")
    assert st.layout.values == [0, 5]


@pytest.mark.parametrize("move,values", [("5-2 L 2", [2, 4]), ("5-2 L 5", [5, 4]),
                                         ("5-2 R 2", [0, 2]), ("5-2 R 5", [0, 5])])
def test_ex1_matador_on_either_end_leaving_either_half(move, values):
    st = ex1_state()
    play(st, move)
    assert st.layout.values == values


@pytest.mark.parametrize("tile,end", [("0-6", L), ("0-6", R), ("4-4", L), ("4-4", R),
                                      ("1-1", L), ("1-1", R), ("3-5", L)])
def test_ex1_illegal_tiles(tile, end):
    st = ex1_state()
    t = parse_tile(tile)
    for o in range(7):
        with pytest.raises(IllegalMove):
            st.apply(place(t, end, o))


# -- Worked example 2: 0-0 and the blank that follows ------------------------------------------
@pytest.mark.parametrize("left", range(1, 7))
def test_ex2_double_blank_then_only_a_matador_on_the_blank(left):
    g = make_game("matador", players=2)
    st = position(g, hands=[["0-0", "3-3"], ["1-2", "6-5", "4-3"]], ends=[left, 6],
                  stock=["1-1", "2-2", "5-5", "0-1", "0-2"], to_act=0)
    play(st, "0-0 R")                        # with left = 6 both ends are one place (23a)
    assert sorted(st.layout.values) == sorted([left, 0])
    blank = st.layout.values.index(0)
    side = "LR"[blank]
    assert not st.over
    assert st.to_act == 1
    on_blank = sorted(st.move_str(m) for m in st.legal_moves() if m < (1 << 20) and (m >> 7) & 31 == blank)
    assert on_blank == [f"4-3 {side} 3", f"4-3 {side} 4"]


def test_ex2_with_a_blank_left_end_the_two_blank_ends_are_one_place():
    g = make_game("matador", players=2)
    st = position(g, hands=[["0-0", "3-3"], ["1-2", "6-5", "4-3"]], ends=[0, 6],
                  stock=["1-1", "2-2", "5-5", "0-1", "0-2"], to_act=0)
    play(st, "0-0 R")
    assert st.layout.values == [0, 0]
    assert names(st) == ["4-3 L 3", "4-3 L 4", "draw"]   # general 23(a): equal ends merge


# -- Worked example 3: doubles in line -------------------------------------------------------
def ex3_state():
    g = make_game("matador", players=2)
    # Only the 2 reserve tiles are in the stock, so no draw is offered.
    return position(g, hands=[["4-4", "5-5", "3-3"], ["0-1", "0-2"]], ends=[3, 2],
                    stock=["1-1", "2-2"], to_act=0)


def test_ex3_legal_doubles():
    st = ex3_state()
    assert names(st) == ["4-4 L", "5-5 R"]


def test_ex3_4_4_on_the_3_end_leaves_4():
    st = ex3_state()
    play(st, "4-4 L")
    assert st.layout.values == [4, 2]


def test_ex3_5_5_on_the_2_end_leaves_5():
    st = ex3_state()
    play(st, "5-5 R")
    assert st.layout.values == [3, 5]


def test_ex3_3_3_fits_neither_end():
    st = ex3_state()
    with pytest.raises(IllegalMove):
        st.apply(place(parse_tile("3-3"), L, 3))
    with pytest.raises(IllegalMove):
        st.apply(place(parse_tile("3-3"), R, 3))


# -- Worked example 4: tactical drawing -------------------------------------------------------
def ex4_state(drawn: str):
    g = make_game("matador", players=2)
    return position(g, hands=[["2-6", "3-3"], ["0-1", "0-2"]], ends=[5, 1],
                    stock=[drawn, "1-1", "2-2"], to_act=0)


def test_ex4_play_either_end_or_draw():
    st = ex4_state("4-4")
    assert names(st) == ["6-2 L", "6-2 R", "draw"]


def test_ex4_2_6_on_the_5_end_leaves_6():
    st = ex4_state("4-4")
    play(st, "6-2 L")
    assert st.layout.values == [6, 1]


def test_ex4_2_6_on_the_1_end_leaves_2():
    st = ex4_state("4-4")
    play(st, "6-2 R")
    assert st.layout.values == [5, 2]


@pytest.mark.parametrize("drawn,extra", [("4-4", []), ("2-3", ["3-2 L"]),
                                          ("0-0", ["0-0 L", "0-0 R"])])
def test_ex4_after_drawing_down_to_2_he_must_play(drawn, extra):
    st = ex4_state(drawn)
    play(st, "draw")
    assert st.drawable == 0
    assert st.to_act == 0
    assert names(st) == sorted(["6-2 L", "6-2 R"] + extra)
    with pytest.raises(MoveError):
        st.apply(st.parse_move("pass"))
    with pytest.raises(MoveError):
        st.apply(st.parse_move("draw"))


# -- Worked example 5: early block (dead layout) and the end of the match ------------------------
def ex5_state():
    g = make_game("matador", players=3)
    # A places 0-0 on the 5 end: both ends blank, 6-1, 5-2, 4-3 and 0-0 all face up.
    st = position(g, hands=[["6-6", "1-2", "0-0"], ["5-3"], ["4-0", "2-2"]], ends=[0, 5],
                  stock=["1-1", "3-3", "4-4", "5-5", "6-5"], to_act=0,
                  context=HandContext(hand_number=3, scores=[90, 40, 55]))
    return g, st


def test_ex5_hand_ends_at_once_dead_with_stock_left():
    g, st = ex5_state()
    play(st, "0-0 R")
    assert st.layout.values == [0, 0]
    assert st.over
    assert st.drawable == 3                  # no drawing happened
    r = st.result
    assert r.reason == "dead"
    assert r.out_seat is None
    assert r.hand_values == [15, 8, 8]
    assert r.points == [15, 8, 8]
    assert r.ranking == [1, 2, 0]


def test_ex5_A_passes_100_and_B_wins_with_48():
    g, st = ex5_state()
    play(st, "0-0 R")
    totals = [a + b for a, b in zip([90, 40, 55], st.result.points)]
    assert totals == [105, 48, 63]
    res = match_after(g, totals, 3)
    assert res is not None and res.winners == [1]


def test_not_dead_while_a_matador_is_unseen():
    g = make_game("matador", players=3)
    st = position(g, hands=[["6-6", "1-2", "0-0"], ["5-3"], ["4-0", "2-2"]], ends=[0, 5],
                  stock=["4-3", "3-3", "4-4", "5-5", "6-5"], to_act=0)
    play(st, "0-0 R")
    assert not st.over
    assert st.to_act == 1
    assert names(st) == ["draw"]            # B must draw: nothing fits a blank end


def test_dead_with_a_non_blank_end():
    g = make_game("matador", players=2)
    # After 1-4 on the 6 end the ends are 0 and 4; every 3-x tile and every matador is face up.
    st = position(g, hands=[["1-4", "5-5"], ["2-2", "6-6"]], ends=[0, 6],
                  stock=["0-1", "0-2", "1-1", "1-2"], to_act=0)
    assert names(st) == ["4-1 R", "draw"]
    play(st, "4-1 R")
    assert st.layout.values == [0, 4]
    assert st.over and st.result.reason == "dead"
    assert st.result.points == [10, 16]


def test_not_dead_when_a_3_x_tile_is_unseen():
    g = make_game("matador", players=2)
    st = position(g, hands=[["1-4", "5-5"], ["2-2", "6-6"]], ends=[0, 6],
                  stock=["0-1", "3-6", "1-1", "1-2"], to_act=0)
    play(st, "4-1 R")
    assert not st.over
    assert names(st) == ["draw"]


# -- Worked example 6: leader of the next hand ---------------------------------------------------
def ex6_blocked(c_tiles):
    g = make_game("matador", players=3)
    # A lays the last tile (0-0): ends 0 and 0, 4-3 and 5-2 are in the reserve, so the layout is
    # not dead; nobody can play and nothing can be drawn: blocked.
    st = position(g, hands=[["2-1", "0-0"], ["6-5", "1-0"], c_tiles], ends=[0, 3],
                  stock=["4-3", "5-2"], to_act=0)
    play(st, "0-0 R")
    assert st.over
    return g, st


def test_ex6_hand_blocked_A_laid_last():
    g, st = ex6_blocked(["4-4", "3-1"])
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [3, 12, 12]
    assert r.tiles_left == [1, 2, 2]


def test_ex6_C_is_the_loser_and_leads_any_tile():
    g, st = ex6_blocked(["4-4", "3-1"])
    assert st.result.ranking == [0, 1, 2]
    hands = ["0-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 1-1", "1-5 4-6 3-5 0-6 2-5"]
    nxt = g.new_hand(full_deal(g, hands), HandContext(hand_number=2, previous=st.result, scores=[3, 12, 12]))
    assert nxt.to_act == 2
    assert names(nxt) == ["5-1", "5-2", "5-3", "6-0", "6-4"]


def test_ex6_if_C_held_6_6_alone_B_would_lose():
    g, st = ex6_blocked(["6-6"])
    assert st.result.ranking == [0, 2, 1]
    assert st.result.ranking[-1] == 1


# -- Leaders, turns ------------------------------------------------------------------------------
def test_first_hand_heaviest_double_and_redeal_without_doubles():
    g = make_game("matador", players=3)
    hands = ["1-2 0-4 2-6 1-4 3-3", "0-1 2-4 3-6 0-2 4-4", "1-5 4-6 0-6 2-5 3-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1))
    assert st.to_act == 1 and names(st) == ["4-4"]
    play(st, "4-4")
    assert st.layout.values == [4, 4]
    assert st.to_act == 2
    no_doubles = [T(h) for h in ["1-2 0-4 2-6 1-4 0-1", "2-4 3-6 0-2 1-5 4-6", "0-6 2-5 3-4 5-6 1-3"]]
    masks = [sum(1 << t for t in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext(hand_number=1)) is True
    assert g.needs_redeal(masks, HandContext(hand_number=2, previous=previous([0, 1, 2]))) is False


def test_later_hand_loser_leads_any_tile():
    g = make_game("matador", players=2)
    hands = ["1-2 0-4 2-6 1-4 0-1 3-3", "5-5 2-4 6-6 3-6 0-2 1-5"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=2, previous=previous([0, 1])))
    assert st.to_act == 1
    assert names(st) == ["2-0", "4-2", "5-1", "5-5", "6-3", "6-6"]
    play(st, "6-3")
    assert st.layout.values == [6, 3]
    assert st.to_act == 0


def test_no_legal_tile_must_draw_and_may_stop_once_he_holds_one():
    g = make_game("matador", players=2)
    st = position(g, hands=[["3-3", "5-5"], ["0-1", "0-2"]], ends=[5, 1],
                  stock=["4-4", "2-4", "1-3", "6-6", "1-1", "2-2"], to_act=0)
    assert names(st) == ["draw"]
    play(st, "draw")                        # 4-4: still nothing legal
    assert names(st) == ["draw"]
    play(st, "draw")                        # 2-4: 2 touches the 5 end -> legal, not forced
    assert names(st) == ["4-2 L", "draw"]
    play(st, "draw")                        # 1-3: tactical draw; 1-3 itself is not legal
    assert names(st) == ["4-2 L", "draw"]
    play(st, "draw")                        # 6-6: 6 touches the 1 end
    assert st.drawable == 0
    assert names(st) == ["4-2 L", "6-6 R"]
    play(st, "6-6 R")
    assert st.layout.values == [5, 6]
    assert st.to_act == 1


def test_pass_only_when_nothing_legal_and_nothing_drawable():
    g = make_game("matador", players=2)
    st = position(g, hands=[["3-3", "5-5"], ["0-1", "2-6"]], ends=[5, 1],
                  stock=["1-1", "2-2"], to_act=0)
    assert names(st) == ["pass"]
    play(st, "pass")
    assert st.to_act == 1
    assert names(st) == ["6-2 L", "6-2 R"]


def test_blocked_at_reserve_scores_own_pips_double_blank_zero():
    g = make_game("matador", players=2)
    st = position(g, hands=[["3-3", "0-0", "2-1"], ["5-5", "4-5"]], ends=[0, 5],
                  stock=["4-3", "5-2"], to_act=0)
    assert names(st) == ["0-0 L", "0-0 R", "2-1 R"]
    play(st, "2-1 R")                       # ends 0 and 1: 5-5 and 4-5 do not fit; 0-0 does
    assert not st.over
    play(st, "pass")                        # seat 1
    play(st, "0-0 L")                       # ends 0 and 1 still; nobody else fits
    assert st.over
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [6, 19]
    assert r.points == [6, 19]
    assert r.ranking == [0, 1]


def test_match_loser_of_a_played_hand_leads_the_next():
    from domine.match import Match
    g = make_game("matador", players=3)
    m = Match(g, seed=9)
    st = m.start_hand()
    play_out(st)
    r = st.result
    assert r.points == r.hand_values
    assert m.finish_hand() is None
    nxt = m.start_hand()
    assert nxt.to_act == r.ranking[-1]
    assert len(nxt.legal_moves()) == 5       # any of his five tiles


# -- Options, deal, bad input ------------------------------------------------------------------
@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("matador", n, k, stock, seed=13)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("matador", players=n)


def test_default_target_100():
    assert_lowest_wins_at(make_game("matador", players=3), 100)


def test_target_option():
    g = make_game("matador", players=3, options={"target": 50})
    assert match_after(g, [49, 20, 30], 2) is None
    assert match_after(g, [50, 20, 30], 2).winners == [1]
    with pytest.raises(GameError):
        make_game("matador", players=3, options={"target": -1})
