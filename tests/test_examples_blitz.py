"""blitz.md: worked examples (lead, chained turn, scoring, blocked hand) and its rules."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import Deal, HandContext
from domine.match import Match
from domine.moves import PASS, IllegalMove
from domine.position import position

from helpers import match_after, T, hand, moves, names, play


def make_deal(hands, undealt):
    """Hands and the undealt tiles (aside) as lists of tiles; together the whole double-six set."""
    hs = [[T(x) for x in h] for h in hands]
    aside = [T(x) for x in undealt]
    assert sorted([t for h in hs for t in h] + aside) == list(range(28))
    return Deal(hs, aside=aside)


# --- Example 1: lead without 0-0 ------------------------------------------------------
def _five_players():
    g = make_game("blitz", 5)
    hands = [
        ["0-2", "0-3", "0-4", "0-5", "0-6"],
        ["2-2", "2-3", "2-4", "2-6", "3-3"],
        ["3-4", "3-5", "4-4", "4-5", "4-6"],
        ["0-1", "1-2", "5-5", "6-6", "5-6"],
        ["1-1", "1-3", "1-4", "1-5", "1-6"],
    ]
    return g.new_hand(make_deal(hands, ["0-0", "3-6", "2-5"]), HandContext(1, [0] * 5))


def test_example1_five_players_0_1_leads():
    st = _five_players()
    assert st.to_act == 3
    assert moves(st) == {"1-0"}


def test_example1_leader_keeps_playing_while_a_tile_fits():
    st = _five_players()
    play(st, "1-0")
    assert st.layout.values == [1, 0]
    assert st.to_act == 3  # 1-2 fits the 1 end: his turn goes on
    assert moves(st) == {"2-1 L"}
    play(st, "1-2")
    assert st.layout.values == [2, 0]
    # 5-5, 6-6, 5-6 fit neither end: the turn passes on
    assert st.to_act == 4
    assert hand(st, 3) == names("5-5", "6-6", "5-6")


def test_example1_six_players_1_1_before_0_2():
    g = make_game("blitz", 6)
    hands = [
        ["0-3", "0-4", "0-5", "0-6"],
        ["0-2", "1-2", "1-3", "1-4"],
        ["1-5", "1-6", "2-2", "2-3"],
        ["2-4", "2-5", "2-6", "3-3"],
        ["1-1", "3-4", "3-5", "3-6"],
        ["4-5", "4-6", "5-5", "6-6"],
    ]
    st = g.new_hand(make_deal(hands, ["0-0", "0-1", "4-4", "5-6"]), HandContext(1, [0] * 6))
    assert st.to_act == 4
    assert moves(st) == {"1-1"}


def test_rule4_0_0_leads_when_dealt():
    g = make_game("blitz", 4)
    hands = [
        ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1"],
        ["1-2", "1-3", "1-4", "1-5", "1-6", "2-2", "2-3"],
        ["2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6"],
        ["0-0", "4-4", "4-5", "4-6", "5-5", "5-6", "6-6"],
    ]
    st = g.new_hand(make_deal(hands, []), HandContext(1, [0] * 4))
    assert st.to_act == 3
    assert moves(st) == {"0-0"}


# --- Example 2: chained turn -------------------------------------------------------------
def _chain():
    g = make_game("blitz", 4)
    return position(
        g, hands=[["6-6", "0-0"], ["2-3", "3-3", "3-6", "1-4"], ["1-1", "0-1"], ["4-4", "0-4"]],
        ends=[2, 5], to_act=1,
    )


def test_example2_chained_turn_plays_three_then_stops():
    st = _chain()
    assert moves(st) == {"3-2 L"}
    play(st, "2-3")
    assert st.layout.values == [3, 5]
    assert st.to_act == 1
    assert moves(st) == {"3-3 L", "6-3 L"}
    assert PASS not in st.legal_moves()
    play(st, "3-3")
    assert st.layout.values == [3, 5]
    assert st.to_act == 1
    assert moves(st) == {"6-3 L"}
    play(st, "3-6")
    assert st.layout.values == [6, 5]
    # 1-4 fits neither 6 nor 5: the turn ends
    assert st.to_act == 2
    assert hand(st, 1) == names("1-4")


def test_example2_other_order_leaves_3_3_unplayed():
    st = _chain()
    play(st, "2-3")
    play(st, "3-6")
    assert st.layout.values == [6, 5]
    assert st.to_act == 2
    assert hand(st, 1) == names("3-3", "1-4")


def test_example2_may_not_stop_while_a_tile_fits():
    st = _chain()
    play(st, "2-3")
    with pytest.raises(IllegalMove):
        st.apply(PASS)
    with pytest.raises(IllegalMove):
        play(st, "1-4")


# --- Example 3: scoring -------------------------------------------------------------
def _scoring():
    g = make_game("blitz", 4)
    st = position(
        g, hands=[["5-6", "4-4"], ["0-0"], ["1-5"], ["1-2", "3-3"]],
        ends=[1, 3], to_act=2,
    )
    play(st, "5-1")
    return g, st


def test_example3_out_seat_scores_others_pips():
    g, st = _scoring()
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 2
    assert st.result.hand_values == [19, 0, 0, 9]
    assert st.result.points == [0, 0, 28, 0]
    assert st.result.winners == [2]


def test_example3_80_plus_28_wins_match():
    g, st = _scoring()
    before = [30, 50, 80, 10]
    assert match_after(g, before, 3) is None
    after = [b + p for b, p in zip(before, st.result.points)]
    assert after == [30, 50, 108, 10]
    r = match_after(g, after, 4)
    assert r.winners == [2] and not r.drawn


# --- Example 4: blocked hand -----------------------------------------------------------
def test_example4_blocked_ranking_fewer_tiles_wins():
    g = make_game("blitz", 4)
    st = position(
        g, hands=[["1-1", "0-3"], ["2-3"], ["6-6"], ["4-4", "0-2"]],
        ends=[5, 5], to_act=0, last_placer=0,
    )
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [5, 5, 12, 10]
    assert st.result.ranking == [1, 0, 3, 2]
    assert st.result.winners == [1]
    assert st.result.points == [0, 27, 0, 0]


def test_example4_block_reached_by_a_placement():
    g = make_game("blitz", 4)
    st = position(
        g, hands=[["1-1", "0-3"], ["2-3", "5-4"], ["6-6"], ["4-4", "0-2"]],
        ends=[5, 4], to_act=1,
    )
    assert not st.over
    play(st, "5-4 R")
    assert st.layout.values == [5, 5]
    assert st.over and st.result.reason == "blocked"
    assert st.result.winners == [1]
    assert st.result.points == [0, 27, 0, 0]


def test_blocked_full_tie_goes_by_turn_order_from_last_placer():
    g = make_game("blitz", 4)
    st = position(
        g, hands=[["2-3"], ["1-4"], ["6-6"], ["4-4", "0-2"]],
        ends=[5, 5], to_act=0, last_placer=1,
    )
    # seats 0 and 1 tie on 5 pips and 1 tile; counting from seat 1, seat 1 comes first
    assert st.result.ranking == [1, 0, 3, 2]
    assert st.result.winners == [1]
    assert st.result.points == [0, 27, 0, 0]


# --- Rules --------------------------------------------------------------------------
@pytest.mark.parametrize("players, k, undealt", [(4, 7, 0), (5, 5, 3), (6, 4, 4), (7, 4, 0), (8, 3, 4)])
def test_deal_sizes(players, k, undealt):
    g = make_game("blitz", players)
    st = Match(g, seed=8).start_hand()
    assert [h.bit_count() for h in st.hands] == [k] * players
    assert len(st.deal.aside) == undealt
    assert st.deal.stock == [] and st.drawable == 0


def test_four_to_eight_players():
    for n in (3, 9):
        with pytest.raises(GameError):
            make_game("blitz", n)


def test_target_100():
    g = make_game("blitz", 5)
    assert match_after(g, [99, 0, 0, 0, 0], 2) is None
    assert match_after(g, [99, 0, 100, 0, 0], 2).winners == [2]
