"""Ordinary Dominoes (Običan Domino): worked examples, options and special rules.

Spec: /work/shared/rules/ordinary.md (general.md for the shared conventions).
"""

from __future__ import annotations


import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.moves import MoveError, IllegalMove
from domine.position import position
from domine.tiles import parse_tile, tile_str, tiles_of

from helpers import match_after, assert_deal_sizes, full_deal, later_hand, play, play_out, previous
from helpers import hand as held, move_names as names, tiles as T


# -- helpers --------------------------------------------------------------------------------
def locked(st, seat) -> list[str]:
    return sorted(tile_str(t) for t in tiles_of(st.locked[seat]))


# -- Worked example 1: Igra preko reda -------------------------------------------------------
EX1_HANDS = ["1-2 0-4 2-6 1-4", "5-5 0-1 2-4 6-6", "3-6 0-2 1-5 4-6", "3-3 0-6 2-5 4-4"]


def ex1_state():
    g = make_game("ordinary", players=4)
    return later_hand(g, EX1_HANDS, stock_first="3-5", loser=0)


def test_ex1_stock_holds_the_other_12_tiles():
    st = ex1_state()
    assert len(st.stock) == 12
    assert st.drawable == 10


def test_ex1_leader_without_double_draws_3_5_and_must_lead_it():
    st = ex1_state()
    assert st.to_act == 0
    assert names(st) == ["draw"]
    play(st, "draw")
    assert st.to_act == 0
    assert names(st) == ["5-3"]
    play(st, "5-3")
    assert sorted(st.layout.values) == [3, 5]
    assert st.layout.values == [5, 3]   # lead a-b: L = high, R = low


def test_ex1_out_of_turn_offers_go_B_then_D_and_C_is_not_asked():
    st = ex1_state()
    play(st, "draw")
    play(st, "5-3")
    assert [s for s, _ in st.interrupts] == [1, 3]
    assert st.acting_seat() == 1
    assert names(st) == ["5-5 L", "decline"]
    play(st, "5-5 L")
    assert st.acting_seat() == 3
    assert names(st) == ["3-3 R", "decline"]
    play(st, "3-3 R")
    assert st.interrupts == []
    assert st.layout.values == [5, 3]   # the ends are still 3 and 5
    assert held(st, 1) == ["1-0", "4-2", "6-6"]
    assert held(st, 3) == ["4-4", "5-2", "6-0"]


def test_ex1_B_forfeits_C_plays_3_6_or_1_5_then_D_forfeits_and_A_plays():
    st = ex1_state()
    for mv in ("draw", "5-3", "5-5 L", "3-3 R"):
        play(st, mv)
    # B's turn is forfeited: C must play, 3-6 on the 3 end or 1-5 on the 5 end.
    assert st.to_act == 2
    assert names(st) == ["5-1 L", "6-3 R"]
    play(st, "6-3 R")
    # D could play (6-0 on the 6 end, 5-2 on the 5 end) but his turn is forfeited.
    assert st.to_act == 0
    assert st.skips == [0, 0, 0, 0]
    assert names(st) == ["6-2 R"]


def test_ex1_if_B_declined_his_only_move_is_5_5_on_the_5_end():
    st = ex1_state()
    play(st, "draw")
    play(st, "5-3")
    play(st, "pass")          # B declines
    assert st.acting_seat() == 3
    play(st, "3-3 R")         # D places his double
    assert st.to_act == 1     # B takes the first normal turn
    assert names(st) == ["5-5 L"]
    assert st.skips == [0, 0, 0, 1]   # D's forfeited turn is still to come


def test_ex1_declined_then_D_turn_still_forfeited():
    st = ex1_state()
    for mv in ("draw", "5-3", "pass", "3-3 R"):
        play(st, mv)
    play(st, "5-5 L")          # B, normal turn
    assert st.to_act == 2
    play(st, "6-3 R")          # C
    assert st.to_act == 0      # D forfeits
    assert st.skips == [0, 0, 0, 0]


# -- Igra preko reda: further cases ------------------------------------------------------
def test_igra_preko_reda_two_doubles_one_player_lower_first_and_two_forfeits():
    g = make_game("ordinary", players=4)
    hands = ["1-2 0-4 2-6 1-4", "0-1 2-4 6-6 0-6", "3-3 5-5 3-6 1-5", "4-6 0-2 2-5 4-4"]
    st = later_hand(g, hands, stock_first="3-5", loser=0)
    play(st, "draw")
    play(st, "5-3")
    # Seat 2 decides separately for each double, the lower number first.
    assert [(s, [st.move_str(m) for m in o]) for s, o in st.interrupts] == [(2, ["3-3 R"]), (2, ["5-5 L"])]
    assert st.acting_seat() == 2 and names(st) == ["3-3 R", "decline"]
    play(st, "3-3 R")
    assert st.acting_seat() == 2 and names(st) == ["5-5 L", "decline"]
    play(st, "5-5 L")
    assert st.skips[2] == 2
    assert st.layout.values == [5, 3]
    # Normal turns: 1, 3, 0, 1, 3, 0, ... seat 2 misses its next two turns.
    order = []
    for _ in range(6):
        seat = st.to_act
        order.append(seat)
        while st.to_act == seat and not st.over:
            st.apply(st.legal_moves()[0])
    assert order == [1, 3, 0, 1, 3, 0]
    assert st.skips == [0, 0, 0, 0]
    assert st.to_act == 1
    while st.to_act == 1 and not st.over:
        st.apply(st.legal_moves()[0])
    assert st.to_act == 2                       # seat 2 plays again after two forfeits


def test_igra_preko_reda_only_after_a_drawn_non_double_lead():
    g = make_game("ordinary", players=4)
    # The leader draws 5-5: a double lead, so play goes on normally with no offers.
    hands = ["1-2 0-4 2-6 1-4", "3-5 0-1 2-4 6-6", "3-6 0-2 1-5 4-6", "3-3 0-6 2-5 4-4"]
    st = later_hand(g, hands, stock_first="5-5", loser=0)
    play(st, "draw")
    assert names(st) == ["5-5"]
    play(st, "5-5")
    assert st.interrupts == []
    assert st.to_act == 1
    assert st.layout.values == [5, 5]
    assert names(st) == ["5-3 L"]


def test_igra_preko_reda_nobody_eligible_no_offers():
    g = make_game("ordinary", players=4)
    hands = ["1-2 0-4 2-6 1-4", "5-6 0-1 2-4 6-6", "3-6 0-2 1-5 4-6", "0-6 2-5 4-4 0-0"]
    st = later_hand(g, hands, stock_first="3-5", loser=0)
    play(st, "draw")
    play(st, "5-3")
    assert st.interrupts == []
    assert st.to_act == 1
    assert names(st) == ["6-5 L"]


def six_players_both_doubles_state():
    """6 players, 2 tiles each: seat 0 draws and leads 3-5; seat 3 holds both doubles of it."""
    g = make_game("ordinary", players=6)
    hands = ["0-1 2-3", "1-2 6-6", "5-6 0-4", "3-3 5-5", "2-4 0-6", "1-3 4-5"]
    st = later_hand(g, hands, stock_first="3-5", loser=0)
    play(st, "draw")
    play(st, "5-3")
    return st


def test_igra_preko_reda_out_of_turn_placement_can_go_out_announced():
    st = six_players_both_doubles_state()
    assert st.acting_seat() == 3
    # Placing 3-3 leaves exactly one tile: offered with and without the announcement.
    assert names(st) == ["3-3 R", "3-3 R !", "decline"]
    play(st, "3-3 R !")
    assert st.acting_seat() == 3
    assert names(st) == ["5-5 L", "decline"]
    play(st, "5-5 L")
    assert st.over
    r = st.result
    assert r.reason == "domino"
    assert r.out_seat == 3
    # 0-0 is not held; values: 0-1 2-3 = 6, 1-2 6-6 = 15, 5-6 0-4 = 15, 2-4 0-6 = 12, 1-3 4-5 = 13
    assert r.hand_values == [6, 15, 15, 0, 12, 13]
    assert r.points == [6, 15, 15, 0, 12, 13]


def test_igra_preko_reda_unannounced_last_tile_cannot_be_placed_out_of_turn():
    st = six_players_both_doubles_state()
    play(st, "3-3 R")            # no announcement: 5-5 is now locked
    assert locked(st, 3) == ["5-5"]
    legal = [st.move_str(m) for m in st.legal_moves()] if st.acting_seat() == 3 else []
    assert "5-5 L" not in legal
    with pytest.raises(IllegalMove):
        st.apply(st.parse_move("5-5 L"))
    assert not st.over


# -- Later-hand leaders and the first hand ----------------------------------------------------
def test_first_hand_heaviest_double_leads_it():
    g = make_game("ordinary", players=4)
    hands = ["1-2 0-4 2-6 1-4", "5-5 0-1 2-4 3-3", "3-6 0-2 1-5 4-6", "6-6 0-6 2-5 4-4"]
    st = g.new_hand(full_deal(g, hands), HandContext(hand_number=1, scores=[0] * 4))
    assert st.to_act == 3
    assert names(st) == ["6-6"]
    play(st, "6-6")
    assert st.to_act == 0
    assert st.interrupts == []


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


def test_later_hand_weakest_leads_any_of_his_doubles():
    g = make_game("ordinary", players=4)
    hands = ["1-2 0-4 2-6 6-6", "5-5 0-1 2-4 1-1", "3-6 0-2 1-5 4-6", "3-3 0-6 2-5 4-4"]
    st = later_hand(g, hands, loser=1)
    assert st.to_act == 1
    assert names(st) == ["1-1", "5-5"]
    play(st, "1-1")
    assert st.to_act == 2
    assert st.interrupts == []


def test_later_hand_weakest_without_double_draws_first_drawable_tile_whatever_it_is():
    g = make_game("ordinary", players=3)
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 0-2", "1-5 4-6 3-3 0-6 2-5"]
    st = later_hand(g, hands, stock_first="0-3", loser=0)
    assert names(st) == ["draw"]
    with pytest.raises(IllegalMove):
        st.apply(st.parse_move("2-1"))   # may not lead from his hand
    play(st, "draw")
    assert names(st) == ["3-0"]
    play(st, "3-0")
    assert st.layout.values == [3, 0]
    assert [s for s, _ in st.interrupts] == [2]   # seat 2 holds 3-3; nobody holds 0-0
    assert names(st) == ["3-3 L", "decline"]


def test_later_hand_leader_is_ranking_last_of_previous_hand():
    g = make_game("ordinary", players=3)
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 0-2", "1-5 4-6 3-3 0-6 2-5"]
    st = later_hand(g, hands, loser=2)
    assert st.to_act == 2
    assert names(st) == ["3-3"]


# -- Worked example 2: Jedan Kamen --------------------------------------------------------------
def ex2_state():
    g = make_game("ordinary", players=3)
    # A = seat 0, B = seat 1, C = seat 2; only the 2 reserve tiles are left in the stock.
    return position(g, hands=[["0-5", "3-4"], ["2-4", "6-6"], ["1-6", "0-3"]], ends=[4, 1],
                    stock=["0-0", "1-1"], to_act=1)


def test_ex2_placing_to_one_tile_is_offered_with_and_without_announcement():
    st = ex2_state()
    assert st.drawable == 0
    assert names(st) == ["4-2 L", "4-2 L !"]


def ex2_after(moves):
    st = ex2_state()
    for mv in moves:
        play(st, mv)
    return st


def test_ex2_B_places_2_4_without_announcing_and_6_6_is_locked():
    st = ex2_after(["4-2 L"])
    assert st.layout.values == [2, 1]
    assert held(st, 1) == ["6-6"]
    assert locked(st, 1) == ["6-6"]
    assert st.to_act == 2


def test_ex2_C_places_1_6_and_announces_A_cannot_play_and_passes():
    st = ex2_after(["4-2 L"])
    assert names(st) == ["6-1 R", "6-1 R !"]
    play(st, "6-1 R !")
    assert st.layout.values == [2, 6]
    assert held(st, 2) == ["3-0"]
    assert locked(st, 2) == []
    assert st.to_act == 0
    assert names(st) == ["pass"]
    play(st, "pass")
    assert st.to_act == 1


def test_ex2_B_passes_with_locked_matching_tile_and_hand_not_blocked():
    st = ex2_after(["4-2 L", "6-1 R !", "pass"])
    assert st.to_act == 1
    assert names(st) == ["pass"]            # 6-6 matches the 6 end but is locked; no draw
    with pytest.raises(MoveError):
        st.apply(st.parse_move("6-6 R"))
    play(st, "pass")
    assert not st.over                      # B holds a matching tile: not blocked


def test_ex2_lock_ends_with_that_turn_C_and_A_pass():
    st = ex2_after(["4-2 L", "6-1 R !", "pass", "pass"])
    assert locked(st, 1) == []
    assert st.to_act == 2
    assert names(st) == ["pass"]            # C (0-3)
    play(st, "pass")
    assert st.to_act == 0
    assert names(st) == ["pass"]            # A
    play(st, "pass")
    assert st.to_act == 1
    assert not st.over


def test_ex2_B_places_6_6_and_goes_out():
    st = ex2_after(["4-2 L", "6-1 R !", "pass", "pass", "pass", "pass"])
    assert names(st) == ["6-6 R"]
    play(st, "6-6 R")
    assert st.over
    r = st.result
    assert r.reason == "domino" and r.out_seat == 1
    assert r.hand_values == [12, 0, 3]
    assert r.points == [12, 0, 3]
    assert r.ranking == [1, 2, 0]
    assert len(st.history) == 7


def test_ex2_announced_goes_out_one_turn_earlier():
    st = ex2_state()
    play(st, "4-2 L !")
    assert locked(st, 1) == []
    play(st, "6-1 R !")
    play(st, "pass")                        # A
    assert st.to_act == 1
    assert names(st) == ["6-6 R"]
    play(st, "6-6 R")
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 1
    assert st.result.points == [12, 0, 3]
    assert len(st.history) == 4             # three moves fewer than unannounced


# -- Jedan Kamen: further cases ------------------------------------------------------------------
def jk_state(stock):
    """B (seat 1) comes down to 6-6 without announcing; C and A play; B's turn with a 6 end."""
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["0-5", "2-3"], ["2-4", "6-6"], ["1-6", "0-3"]], ends=[4, 1],
                  stock=stock, to_act=1)
    play(st, "4-2 L")          # B: ends 2, 1 ; 6-6 locked
    play(st, "6-1 R !")        # C: ends 2, 6
    play(st, "3-2 L !")        # A: ends 3, 6
    assert st.layout.values == [3, 6]
    assert st.to_act == 1
    return st


def test_jedan_kamen_flag_only_on_placements_leaving_exactly_one_tile():
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["0-5", "2-3"], ["2-4", "6-6", "3-5"], ["1-6", "0-3"]],
                  ends=[4, 1], stock=["0-0", "1-1"], to_act=1)
    assert names(st) == ["4-2 L"]                 # 3 tiles: no announcement variant
    with pytest.raises(MoveError):
        st.apply(st.parse_move("4-2 L !"))        # an announcement anywhere else is malformed
    play(st, "4-2 L")
    assert locked(st, 1) == []
    assert names(st) == ["6-1 R", "6-1 R !"]      # C: 2 tiles -> both variants


def test_jedan_kamen_lead_leaving_one_tile_carries_the_flag():
    g = make_game("ordinary", players=6)
    hands = ["0-1 2-2", "1-2 6-6", "5-6 0-4", "3-3 5-5", "2-4 0-6", "1-3 4-5"]
    st = later_hand(g, hands, loser=0)
    assert names(st) == ["2-2", "2-2 !"]
    play(st, "2-2")
    assert locked(st, 0) == ["1-0"]


def test_jedan_kamen_locked_tile_forces_a_draw_then_lock_ends_with_that_turn():
    st = jk_state(["5-5", "1-3", "0-0", "1-1"])
    assert locked(st, 1) == ["6-6"]
    assert names(st) == ["draw"]                 # 6-6 matches the 6 end but counts as not matching
    play(st, "draw")                             # 5-5 does not fit 3 or 6
    assert held(st, 1) == ["5-5", "6-6"]
    assert names(st) == ["draw"]
    play(st, "draw")                             # 1-3 fits the 3 end: must be placed at once
    assert names(st) == ["3-1 L"]                # leaves 2 tiles: no announcement variant
    play(st, "3-1 L")
    assert st.layout.values == [1, 6]
    assert locked(st, 1) == []                   # lock over at the end of that turn
    assert held(st, 1) == ["5-5", "6-6"]
    assert st.to_act == 2


def test_jedan_kamen_drawn_tile_placed_to_one_tile_again_unannounced_locks_again():
    st = jk_state(["1-3", "0-0", "1-1"])
    play(st, "draw")                             # 1-3 fits at once
    assert names(st) == ["3-1 L", "3-1 L !"]     # rule 10(e): leaves exactly one tile again
    play(st, "3-1 L")
    assert locked(st, 1) == ["6-6"]              # locked again for his next real turn
    play(st, "pass")                             # C (0-3): nothing fits, nothing to draw
    play(st, "pass")                             # A (0-5)
    assert st.to_act == 1
    assert names(st) == ["pass"]                 # 6-6 fits the 6 end but is locked
    play(st, "pass")
    assert not st.over
    assert locked(st, 1) == []
    play(st, "pass")
    play(st, "pass")
    assert names(st) == ["6-6 R"]                # late announcement: free now
    play(st, "6-6 R")
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 1
    assert st.result.points == [5, 0, 3]


def test_jedan_kamen_drawn_tile_placed_to_one_tile_again_announced_frees_it():
    st = jk_state(["1-3", "0-0", "1-1"])
    play(st, "draw")
    play(st, "3-1 L !")
    assert locked(st, 1) == []
    play(st, "pass")                             # C
    play(st, "pass")                             # A
    assert names(st) == ["6-6 R"]


def test_jedan_kamen_forfeited_turn_does_not_count_for_the_lock():
    g = make_game("ordinary", players=6)
    hands = ["0-1 2-3", "3-3 6-6", "5-6 0-4", "3-4 1-5", "2-4 0-6", "1-2 4-5"]
    st = later_hand(g, hands, stock_first="3-5 1-1 4-4 1-6", loser=0)
    play(st, "draw")
    play(st, "5-3")
    assert st.acting_seat() == 1
    assert names(st) == ["3-3 R", "3-3 R !", "decline"]   # out-of-turn double leaving one tile
    play(st, "3-3 R")                                  # not announced
    assert locked(st, 1) == ["6-6"]
    assert st.to_act == 2                              # seat 1's first turn is forfeited
    assert st.skips == [0] * 6
    for mv in ("6-5 L !", "4-3 R !", "4-2 R !", "2-1 R !", "1-0 R !"):
        play(st, mv)
    assert st.layout.values == [6, 0]
    assert st.to_act == 1
    assert locked(st, 1) == ["6-6"]                    # still locked: forfeit did not count
    assert names(st) == ["draw"]
    play(st, "draw")                                   # 1-1
    play(st, "draw")                                   # 4-4
    assert names(st) == ["draw"]
    play(st, "draw")                                   # 1-6 fits the 6 end
    assert names(st) == ["6-1 L"]
    play(st, "6-1 L")
    assert locked(st, 1) == []
    assert held(st, 1) == ["1-1", "4-4", "6-6"]


# -- Worked example 3: scoring and the match end ----------------------------------------------
def ex3_state():
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["4-5"], ["0-0", "2-3"], ["6-6", "0-1"]], ends=[4, 2],
                  stock=["1-1", "2-2"], to_act=0,
                  context=HandContext(hand_number=5, scores=[140, 131, 138]))
    return g, st


def test_ex3_A_goes_out_hand_values_with_double_blank_14():
    g, st = ex3_state()
    assert names(st) == ["5-4 L"]
    play(st, "5-4 L")
    r = st.result
    assert st.over and r.reason == "domino" and r.out_seat == 0
    assert r.hand_values == [0, 19, 13]
    assert r.points == [0, 19, 13]
    assert r.tiles_left == [0, 2, 2]


def test_ex3_match_ends_and_lowest_total_A_wins():
    g, st = ex3_state()
    play(st, "5-4 L")
    totals = [a + b for a, b in zip([140, 131, 138], st.result.points)]
    assert totals == [140, 150, 151]
    res = match_after(g, totals, 5)
    assert res is not None
    assert res.winners == [0]


def test_ex3_B_would_lead_the_next_hand():
    g, st = ex3_state()
    play(st, "5-4 L")
    assert st.result.ranking == [0, 2, 1]
    assert st.result.ranking[-1] == 1
    hands = ["1-2 0-4 2-6 1-4 0-1", "5-5 2-4 6-6 3-6 0-2", "1-5 4-6 3-3 0-6 2-5"]
    nxt = g.new_hand(full_deal(g, hands), HandContext(hand_number=6, scores=[140, 150, 151],
                                                      previous=st.result))
    assert nxt.to_act == 1
    assert names(nxt) == ["5-5", "6-6"]


# -- Blocked hands, drawing, reserve ------------------------------------------------------------
def test_blocked_when_nobody_matches_and_only_reserve_left():
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["2-4", "0-0"], ["3-3", "5-5"], ["6-6", "0-5"]], ends=[4, 1],
                  stock=["1-1", "2-2"], to_act=0)
    assert not st.over
    assert names(st) == ["4-2 L", "4-2 L !"]
    play(st, "4-2 L !")
    assert st.over
    r = st.result
    assert r.reason == "blocked" and r.out_seat is None
    assert r.hand_values == [14, 16, 17]          # 0-0 counts 14
    assert r.points == [14, 16, 17]
    assert r.ranking == [0, 1, 2]


def test_blocked_right_after_a_draw_that_does_not_fit():
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["0-0", "3-3"], ["5-5", "0-5"], ["6-6", "2-6"]], ends=[4, 1],
                  stock=["2-3", "1-1", "1-4"], to_act=0)
    assert st.drawable == 1
    assert names(st) == ["draw"]
    play(st, "draw")                 # 2-3 fits neither 4 nor 1; reserve tiles do not count
    assert st.over                   # general 23(c): blocked at once, without the pass
    r = st.result
    assert r.reason == "blocked"
    assert r.hand_values == [25, 15, 20]
    assert r.points == [25, 15, 20]
    assert r.ranking == [1, 2, 0]


def test_draw_until_fit_and_pass_at_reserve():
    g = make_game("ordinary", players=3)
    st = position(g, hands=[["0-0", "3-3"], ["5-5", "4-4"], ["2-2", "0-3"]], ends=[4, 1],
                  stock=["0-2", "1-6", "3-5", "0-5"], to_act=0)
    assert st.drawable == 2
    assert names(st) == ["draw"]
    play(st, "draw")                 # 0-2: no fit, kept
    assert held(st, 0) == ["0-0", "2-0", "3-3"]
    assert names(st) == ["draw"]
    play(st, "draw")                 # 1-6 fits the 1 end: must be placed
    assert names(st) == ["6-1 R"]
    with pytest.raises(IllegalMove):
        st.apply(st.parse_move("draw"))
    play(st, "6-1 R")
    assert st.to_act == 1
    assert st.drawable == 0
    assert names(st) == ["4-4 L", "4-4 L !"]
    play(st, "4-4 L !")
    # Ends 4 and 6, nothing drawable, nobody holds a 4 or a 6: blocked at once.
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [22, 10, 7]
    assert st.result.ranking == [2, 1, 0]


# -- Options, deal, bad input ------------------------------------------------------------
@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12), (5, 3, 13), (6, 2, 16)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("ordinary", n, k, stock, seed=7)


@pytest.mark.parametrize("n", [1, 7])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("ordinary", players=n)


def test_default_target_150_lowest_wins_ties_play_on():
    g = make_game("ordinary", players=3)
    assert match_after(g, [149, 10, 20], 3) is None
    assert match_after(g, [150, 10, 20], 3).winners == [1]
    assert match_after(g, [170, 30, 30], 3) is None        # tie for lowest: play on
    assert match_after(g, [170, 30, 31], 4).winners == [1]


def test_target_option():
    g = make_game("ordinary", players=3, options={"target": 60})
    assert match_after(g, [59, 10, 20], 3) is None
    assert match_after(g, [60, 10, 20], 3).winners == [1]
    assert match_after(g, [149, 10, 20], 3).winners == [1]


@pytest.mark.parametrize("opts", [{"target": 0}, {"target": -5}, {"target": "x"}, {"bogus": 1}])
def test_bad_options(opts):
    with pytest.raises(GameError):
        make_game("ordinary", players=3, options=opts)


def test_match_weakest_of_a_played_hand_leads_the_next():
    from domine.match import Match
    g = make_game("ordinary", players=3)
    m = Match(g, seed=3)
    st = m.start_hand()
    play_out(st)
    r = st.result
    assert r.points == r.hand_values
    assert m.finish_hand() is None
    assert m.scores == r.points
    nxt = m.start_hand()
    assert nxt.to_act == r.ranking[-1]
