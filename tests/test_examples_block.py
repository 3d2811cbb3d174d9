"""block.md: worked examples and options (double_nine, partners, hand_size, target, openspiel)."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.match import Match
from domine.moves import PASS, IllegalMove, end_of, is_place, tile_of
from domine.position import position
from domine.tiles import tile_str

from helpers import match_after, T, hand, make_deal, moves, names, play, play_out


def ends_after(st, m):
    c = st.clone()
    c.apply(m)
    return c.layout.values


# --- Example 1: lead and legal moves ----------------------------------------------------
HANDS1 = [
    ["2-3", "4-4", "0-6", "1-5", "3-5"],
    ["5-5", "0-1", "2-6", "3-4", "1-1"],
    ["6-6", "0-2", "4-5", "1-3", "2-4"],
]


def _example1():
    g = make_game("block", 3)
    return g.new_hand(make_deal(g, HANDS1), HandContext(1, [0, 0, 0]))


def test_example1_heaviest_double_leads():
    st = _example1()
    assert st.to_act == 2
    assert moves(st) == {"6-6"}
    play(st, "6-6")
    assert st.layout.values == [6, 6]
    assert st.to_act == 0


def test_example1_seat0_must_play_0_6():
    st = _example1()
    play(st, "6-6")
    assert moves(st) == {"6-0 L"}
    with pytest.raises(IllegalMove):
        st.apply(PASS)
    play(st, "6-0")
    assert sorted(st.layout.values) == [0, 6]
    assert st.to_act == 1


def test_example1_seat1_two_legal_moves():
    st = _example1()
    play(st, "6-6")
    play(st, "6-0")
    assert st.layout.values == [0, 6]
    assert moves(st) == {"1-0 L", "6-2 R"}
    play(st, "2-6")
    assert st.layout.values == [0, 2]
    assert st.to_act == 2


def test_example1_seat2_three_legal_moves():
    st = _example1()
    play(st, "6-6")
    play(st, "6-0")
    play(st, "2-6")
    assert moves(st) == {"2-0 L", "2-0 R", "4-2 R"}
    results = {st.move_str(m): sorted(ends_after(st, m)) for m in st.legal_moves()}
    assert results == {"2-0 L": [2, 2], "2-0 R": [0, 0], "4-2 R": [0, 4]}


def test_lead_falls_back_to_heaviest_tile_without_doubles():
    g = make_game("block", 2)
    st = g.new_hand(make_deal(g, [["5-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"],
                                  ["6-3", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3"]]))
    assert st.to_act == 1
    assert moves(st) == {"6-3"}


# --- Example 2: blocked hands ------------------------------------------------------------
def test_example2_blocked_unique_lowest_scores_difference():
    g = make_game("block", 3)
    # seat 0 places 6-3 on the 3 end, making both ends 6 with every 6 on the table
    st = position(g, hands=[["6-3", "0-5"], ["5-5", "0-2"], ["4-5"]], ends=[6, 3], to_act=0)
    assert not st.over
    play(st, "6-3 R")
    assert st.layout.values == [6, 6]
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [5, 12, 9]
    assert st.result.points == [16, 0, 0]
    assert st.result.winners == [0]


def test_example2_blocked_tie_for_lowest_scores_nothing():
    g = make_game("block", 3)
    st = position(g, hands=[["3-4"], ["5-5", "0-2"], ["2-5"]], ends=[6, 6], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [7, 12, 7]
    assert st.result.points == [0, 0, 0]
    assert st.result.winners == []


def test_example2_partners_blocked_team_difference():
    g = make_game("block", 4, {"partners": True})
    st = position(g, hands=[["0-5"], ["1-2"], ["2-4"], ["5-5"]], ends=[6, 6], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [5, 3, 6, 10]
    assert st.result.points == [2, 0]
    assert sorted(st.result.winners) == [0, 2]


def test_example2_partners_domino_opponents_total_partner_ignored():
    g = make_game("block", 4, {"partners": True})
    st = position(
        g, hands=[["4-5"], ["6-1"], ["1-3"], ["5-5", "4-6"]], ends=[6, 2], to_act=1,
    )
    assert [st.hand_value(s) for s in (0, 2, 3)] == [9, 4, 20]
    play(st, "6-1")
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 1
    assert st.result.points == [0, 13]
    assert sorted(st.result.winners) == [1, 3]


def test_domino_individual_scores_all_others():
    g = make_game("block", 3)
    st = position(g, hands=[["5-5"], ["2-6"], ["1-3", "0-4"]], ends=[6, 6], to_act=1)
    play(st, "2-6")
    assert st.over and st.result.reason == "domino"
    assert st.result.points == [0, 18, 0]
    assert st.result.winners == [1]


# --- Example 3: a whole openspiel hand ---------------------------------------------------
OS_HANDS = [
    ["1-1", "1-2", "1-3", "0-2", "5-5", "4-5", "0-0"],
    ["6-6", "2-6", "3-6", "4-6", "3-3", "3-4", "2-4"],
]


def _openspiel():
    g = make_game("block", 2, {"openspiel": True})
    return g.new_hand(make_deal(g, OS_HANDS), HandContext(1, [0, 0]))


def cover(st, tile, covered):
    """Apply the legal move placing ``tile`` over an end showing ``covered``."""
    t = T(tile)
    found = [m for m in st.legal_moves()
             if is_place(m) and tile_of(m) == t and st.layout.values[end_of(m)] == covered]
    assert len(found) == 1, (tile, covered, [st.move_str(m) for m in st.legal_moves()])
    st.apply(found[0])


def covers(st):
    """Legal moves as (tile, covered number) pairs, OpenSpiel style."""
    return {(tile_str(tile_of(m)), st.layout.values[end_of(m)]) for m in st.legal_moves()}


def _openspiel_to_choice():
    st = _openspiel()
    play(st, "1-1")
    cover(st, "1-3", 1)
    assert sorted(st.layout.values) == [1, 3]
    assert st.to_act == 1
    cover(st, "3-6", 3)
    assert sorted(st.layout.values) == [1, 6]
    cover(st, "1-2", 1)
    assert sorted(st.layout.values) == [2, 6]
    cover(st, "2-4", 2)
    assert sorted(st.layout.values) == [4, 6]
    cover(st, "4-5", 4)
    assert sorted(st.layout.values) == [5, 6]
    cover(st, "6-6", 6)
    assert sorted(st.layout.values) == [5, 6]
    cover(st, "5-5", 5)
    assert sorted(st.layout.values) == [5, 6]
    return st


def test_example3_player0_leads_any_tile():
    st = _openspiel()
    assert st.to_act == 0
    assert moves(st) == set(names(*OS_HANDS[0]))
    play(st, "1-1")
    assert st.layout.values == [1, 1]


def test_example3_default_rules_would_have_player1_lead_6_6():
    g = make_game("block", 2)
    st = g.new_hand(make_deal(g, OS_HANDS), HandContext(1, [0, 0]))
    assert st.to_act == 1
    assert moves(st) == {"6-6"}


def test_example3_implicit_pass_player0_moves_again_with_two_moves():
    st = _openspiel()
    play(st, "1-1")
    assert st.to_act == 0
    assert covers(st) == {("2-1", 1), ("3-1", 1)}
    assert len(st.legal_moves()) == 2
    assert PASS not in st.legal_moves()


def test_example3_player1_two_legal_moves_after_5_5():
    st = _openspiel_to_choice()
    assert st.to_act == 1
    assert covers(st) == {("6-2", 6), ("6-4", 6)}
    assert len(st.legal_moves()) == 2


def test_example3a_blocked_returns_plus_minus_8():
    st = _openspiel_to_choice()
    cover(st, "4-6", 6)
    assert sorted(st.layout.values) == [4, 5]
    assert st.to_act == 1  # player 0 (0-2, 0-0) cannot move
    cover(st, "3-4", 4)
    assert sorted(st.layout.values) == [3, 5]
    assert st.to_act == 1
    cover(st, "3-3", 3)
    assert sorted(st.layout.values) == [3, 5]
    assert st.over and st.result.reason == "blocked"
    assert hand(st, 0) == names("0-2", "0-0") and hand(st, 1) == names("2-6")
    assert st.result.hand_values == [2, 8]
    assert st.result.points == [8, -8]
    assert st.result.winners == [0]


def test_example3a_default_scoring_would_give_6():
    g = make_game("block", 2)
    st = position(g, hands=[["0-2", "0-0"], ["2-6"]], ends=[3, 5], to_act=0)
    assert st.over and st.result.points == [6, 0]


def test_example3b_domino_returns_plus_minus_23():
    st = _openspiel_to_choice()
    cover(st, "2-6", 6)
    assert sorted(st.layout.values) == [2, 5]
    assert st.to_act == 0
    cover(st, "0-2", 2)
    assert sorted(st.layout.values) == [0, 5]
    assert st.to_act == 0  # player 1 (4-6, 3-3, 3-4) cannot move
    cover(st, "0-0", 0)
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 0
    assert st.result.hand_values == [0, 23]
    assert st.result.points == [23, -23]
    assert st.result.winners == [0]


def test_example3_single_hand_is_the_match():
    g = make_game("block", 2, {"openspiel": True})
    assert match_after(g, [8, -8], 1).winners == [0]
    assert match_after(g, [-23, 23], 1).winners == [1]


# --- Example 4: openspiel equal totals ---------------------------------------------------
def test_example4_openspiel_equal_totals_score_zero():
    g = make_game("block", 2, {"openspiel": True})
    st = position(g, hands=[["3-5"], ["0-0"]], ends=[3, 4], to_act=0)
    play(st, "5-3")
    assert st.over and st.result.reason == "domino"
    assert st.result.hand_values == [0, 0]
    assert st.result.points == [0, 0]
    assert st.result.winners == []
    m = match_after(g, st.result.points, 1)
    assert m.drawn and m.winners == []


# --- Options ---------------------------------------------------------------------------
@pytest.mark.parametrize("players, k, aside", [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_default_deal_sizes(players, k, aside):
    g = make_game("block", players)
    st = Match(g, seed=3).start_hand()
    assert [h.bit_count() for h in st.hands] == [k] * players
    assert len(st.deal.aside) == aside
    assert st.deal.stock == [] and st.drawable == 0


@pytest.mark.parametrize("players, aside", [(2, 37), (3, 28), (4, 19)])
def test_option_double_nine_deal(players, aside):
    g = make_game("block", players, {"double_nine": True})
    assert g.max_pip == 9
    st = Match(g, seed=5).start_hand()
    assert [h.bit_count() for h in st.hands] == [9] * players
    assert len(st.deal.aside) == aside
    assert st.drawable == 0


def test_option_double_nine_9_9_leads():
    g = make_game("block", 2, {"double_nine": True})
    h0 = ["6-6", "8-8", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "0-7"]
    h1 = ["9-9", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7", "1-8", "1-9"]
    st = g.new_hand(make_deal(g, [h0, h1]))
    assert st.to_act == 1
    assert moves(st) == {"9-9"}


def test_option_partners_teams_and_needs_four():
    g = make_game("block", 4, {"partners": True})
    assert g.teams(4) == [0, 1, 0, 1]
    assert make_game("block", 4).teams(4) == [0, 1, 2, 3]
    with pytest.raises(GameError):
        make_game("block", 3, {"partners": True})


def test_option_partners_match_end_names_team():
    g = make_game("block", 4, {"partners": True})
    assert match_after(g, [99, 40], 3) is None
    assert sorted(match_after(g, [40, 100], 3).winners) == [1, 3]


def test_option_hand_size_seven_with_four_deals_all():
    g = make_game("block", 4, {"hand_size": 7})
    st = Match(g, seed=7).start_hand()
    assert [h.bit_count() for h in st.hands] == [7, 7, 7, 7]
    assert st.deal.aside == []


def test_option_hand_size_too_big_rejected():
    with pytest.raises(GameError):
        make_game("block", 4, {"hand_size": 8})
    with pytest.raises(GameError):
        make_game("block", 2, {"hand_size": 0})


def test_default_target_100():
    g = make_game("block", 3)
    assert match_after(g, [99, 0, 50], 4) is None
    r = match_after(g, [20, 100, 50], 4)
    assert r.winners == [1] and not r.drawn


def test_option_target():
    g = make_game("block", 3, {"target": 61})
    assert match_after(g, [60, 0, 50], 4) is None
    assert match_after(g, [20, 0, 61], 4).winners == [2]


def test_match_scores_carry_over():
    g = make_game("block", 3)
    m = Match(g, seed=1)
    st = m.start_hand(make_deal(g, HANDS1))
    play_out(st)
    pts = st.result.points
    assert sum(1 for p in pts if p) <= 1  # only one player scores
    m.finish_hand()
    assert m.scores == pts


def test_option_openspiel_two_players_only_and_no_other_options():
    with pytest.raises(GameError):
        make_game("block", 3, {"openspiel": True})
    for opt in ({"double_nine": True}, {"hand_size": 5}, {"target": 50}):
        with pytest.raises(GameError):
            make_game("block", 2, {"openspiel": True, **opt})
    with pytest.raises(GameError):
        make_game("block", 4, {"openspiel": True, "partners": True})


def test_option_openspiel_deal_7_each_14_out():
    g = make_game("block", 2, {"openspiel": True})
    st = Match(g, seed=11).start_hand()
    assert [h.bit_count() for h in st.hands] == [7, 7]
    assert len(st.deal.aside) == 14 and st.drawable == 0
    assert st.to_act == 0
    assert len(st.legal_moves()) == 7
