"""draw.md: worked examples and options (partners, no_reserve, voluntary_draw, target)."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import Deal, HandContext
from domine.match import Match
from domine.moves import DRAW, PASS, IllegalMove
from domine.position import position
from domine.tiles import tile_str

from helpers import match_after, T, hand, moves, names, play


def stock_left(st):
    return [tile_str(t) for t in st.stock[st.stock_pos:]]


# --- Example 1: lead and drawing ---------------------------------------------------------
SEAT0 = ["6-6", "1-2", "0-3", "3-5", "2-4", "0-0", "1-6"]
SEAT1 = ["5-5", "0-1", "2-2", "3-3", "1-4", "0-5", "4-5"]
STOCK = ["1-3", "4-4", "2-6", "0-2", "0-4", "0-6", "1-1", "1-5", "2-3", "2-5", "3-4", "3-6", "4-6", "5-6"]


def _example1():
    g = make_game("draw", 2)
    deal = Deal([[T(x) for x in SEAT0], [T(x) for x in SEAT1]], stock=[T(x) for x in STOCK])
    assert len({*deal.hands[0], *deal.hands[1], *deal.stock}) == 28
    return g.new_hand(deal, HandContext(1, [0, 0]))


def test_example1_reserve_is_last_two():
    st = _example1()
    assert st.reserve == 2
    assert st.drawable == 12


def test_example1_seat0_leads_6_6():
    st = _example1()
    assert st.to_act == 0
    assert moves(st) == {"6-6"}
    play(st, "6-6")
    assert st.layout.values == [6, 6]
    assert st.to_act == 1


def test_example1_seat1_draws_until_fit_and_must_place_it():
    st = _example1()
    play(st, "6-6")
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 1-3
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 4-4
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 2-6 fits: it alone may be placed, no further draw
    assert moves(st) == {"6-2 L"}
    with pytest.raises(IllegalMove):
        st.apply(DRAW)
    play(st, "2-6")
    assert sorted(st.layout.values) == [2, 6]
    assert st.to_act == 0


def _example1_after_seat1_draws():
    """Seat 0 leads 6-6; seat 1 draws 1-3, 4-4 and 2-6 and places 2-6."""
    st = _example1()
    play(st, "6-6")
    for _ in range(3):
        st.apply(DRAW)
    play(st, "2-6")
    return st


def test_example1_seat1_holds_9_stock_11_drawable_9():
    st = _example1_after_seat1_draws()
    assert hand(st, 1) == names("5-5", "0-1", "2-2", "3-3", "1-4", "0-5", "4-5", "1-3", "4-4")
    assert len(st.stock) - st.stock_pos == 11
    assert st.drawable == 9


def test_example1_seat0_legal_moves():
    st = _example1_after_seat1_draws()
    assert st.layout.values == [2, 6]
    assert moves(st) == {"6-1 R", "2-1 L", "4-2 L"}


# --- Example 2: reserve, pass and block ------------------------------------------------
def _example2(options=None):
    g = make_game("draw", 2, options)
    return position(
        g, hands=[["2-5", "6-6"], ["0-0", "1-2"]], ends=[3, 4],
        stock=["1-1", "1-5", "3-4"], to_act=1, last_placer=0,
    )


def test_example2_draw_one_then_drawing_exhausted():
    st = _example2()
    assert st.drawable == 1
    assert moves(st) == {"draw"}
    st.apply(DRAW)
    assert hand(st, 1) == names("0-0", "1-2", "1-1")
    assert st.drawable == 0
    assert stock_left(st) == ["5-1", "4-3"]


def test_example2_blocked_at_once_seat1_scores_14():
    st = _example2()
    st.apply(DRAW)
    # general 23(c): the hand is blocked right after the draw, no pass needed
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [19, 5]
    assert st.result.points == [0, 14]
    assert st.result.winners == [1]


def test_example2_reserve_not_counted():
    st = _example2()
    st.apply(DRAW)
    # 1-5 (6) and 3-4 (7) would change the totals if they were counted
    assert sum(st.result.hand_values) == 24
    assert st.result.tiles_left == [2, 3]


# --- Example 3: scoring and the match -------------------------------------------------
def test_example3_blocked_tie_nobody_scores():
    g = make_game("draw", 3)
    st = position(g, hands=[["4-5"], ["3-6"], ["5-5", "0-4"]], ends=[1, 1], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [9, 9, 14]
    assert st.result.points == [0, 0, 0]
    assert st.result.winners == []


def _example3_domino():
    g = make_game("draw", 3)
    st = position(g, hands=[["6-6", "0-1"], ["5-5", "4-6"], ["2-3"]], ends=[2, 1], to_act=2)
    play(st, "2-3")
    return g, st


def test_example3_domino_scores_others_total():
    g, st = _example3_domino()
    assert st.over and st.result.reason == "domino" and st.result.out_seat == 2
    assert st.result.hand_values == [13, 20, 0]
    assert st.result.points == [0, 0, 33]
    assert st.result.winners == [2]


def test_example3_seventy_plus_33_wins_match():
    g, st = _example3_domino()
    before = [40, 55, 70]
    after = [b + p for b, p in zip(before, st.result.points)]
    assert after == [40, 55, 103]
    assert match_after(g, before, 3) is None
    r = match_after(g, after, 4)
    assert r.winners == [2] and not r.drawn


def test_example3_partners_domino_team_b_13():
    g = make_game("draw", 4, {"partners": True})
    st = position(g, hands=[["3-5"], ["6-1"], ["1-4"], ["4-5"]], ends=[6, 2], to_act=1)
    assert [st.hand_value(s) for s in (0, 2, 3)] == [8, 5, 9]
    play(st, "6-1")
    assert st.over and st.result.out_seat == 1
    assert st.result.points == [0, 13]
    assert sorted(st.result.winners) == [1, 3]


def test_example3_partners_blocked_team_a_4():
    g = make_game("draw", 4, {"partners": True})
    st = position(g, hands=[["1-3"], ["2-5"], ["2-4"], ["3-4"]], ends=[6, 6], to_act=0)
    assert st.over and st.result.reason == "blocked"
    assert st.result.hand_values == [4, 7, 6, 7]
    assert st.result.points == [4, 0]
    assert sorted(st.result.winners) == [0, 2]


# --- Rules and options --------------------------------------------------------------------
@pytest.mark.parametrize("players, k, stock, drawable", [(2, 7, 14, 12), (3, 5, 13, 11), (4, 5, 8, 6)])
def test_deal_and_reserve(players, k, stock, drawable):
    g = make_game("draw", players)
    st = Match(g, seed=2).start_hand()
    assert [h.bit_count() for h in st.hands] == [k] * players
    assert len(st.stock) == stock and st.deal.aside == []
    assert st.drawable == drawable


def test_no_early_end_on_dead_ends_players_still_draw():
    # every 3 and 4 is on the table, but drawable tiles remain: not blocked (rule 8)
    g = make_game("draw", 2)
    st = position(g, hands=[["2-5", "6-6"], ["0-0", "1-2"]], ends=[3, 3],
                  stock=["1-1", "1-5", "0-1", "4-4"], to_act=1)
    assert not st.over
    assert moves(st) == {"draw"}


def test_option_partners_teams_and_needs_four():
    g = make_game("draw", 4, {"partners": True})
    assert g.teams(4) == [0, 1, 0, 1]
    with pytest.raises(GameError):
        make_game("draw", 2, {"partners": True})
    assert sorted(match_after(g, [60, 100], 5).winners) == [1, 3]


@pytest.mark.parametrize("players, stock", [(2, 14), (3, 13), (4, 8)])
def test_option_no_reserve_whole_stock_drawable(players, stock):
    g = make_game("draw", players, {"no_reserve": True})
    st = Match(g, seed=4).start_hand()
    assert st.drawable == stock == len(st.stock)


def test_option_no_reserve_draws_past_last_two():
    st = _example2({"no_reserve": True})
    assert st.drawable == 3
    st.apply(DRAW)  # 1-1
    assert not st.over
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 1-5
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 3-4 fits
    assert moves(st) == {"4-3 L", "4-3 R"}
    assert st.drawable == 0


def test_option_no_reserve_blocked_when_stock_empty():
    g = make_game("draw", 2, {"no_reserve": True})
    st = position(g, hands=[["2-5", "6-6"], ["0-0", "1-2"]], ends=[3, 4],
                  stock=["1-1"], to_act=1)
    st.apply(DRAW)
    assert st.over and st.result.reason == "blocked"
    assert st.result.points == [0, 14]


def _voluntary():
    g = make_game("draw", 2, {"voluntary_draw": True})
    return position(
        g, hands=[["0-0", "1-1"], ["3-6", "2-2"]], ends=[3, 4],
        stock=["5-5", "4-5", "0-1", "0-2", "1-2"], to_act=1,
    )


def test_option_voluntary_draw_while_holding_a_match():
    st = _voluntary()
    assert moves(st) == {"6-3 L", "draw"}
    st.apply(DRAW)  # 5-5: no fit
    assert moves(st) == {"6-3 L", "draw"}
    st.apply(DRAW)  # 4-5 fits, but he may go on drawing
    assert moves(st) == {"6-3 L", "5-4 R", "draw"}
    assert PASS not in st.legal_moves()
    st.apply(DRAW)  # 0-1: no fit; drawing now exhausted (5 stock tiles, 2 reserve)
    assert st.drawable == 0
    assert moves(st) == {"6-3 L", "5-4 R"}
    assert hand(st, 1) == names("3-6", "2-2", "5-5", "4-5", "0-1")


def test_option_voluntary_draw_must_end_by_placing():
    st = _voluntary()
    for _ in range(3):
        st.apply(DRAW)
    # drawing exhausted: he must place, he may not pass
    assert st.drawable == 0
    assert moves(st) == {"6-3 L", "5-4 R"}
    with pytest.raises(IllegalMove):
        st.apply(PASS)
    play(st, "4-5")
    assert st.to_act == 0


def test_option_voluntary_draw_pass_when_exhausted_and_no_match():
    g = make_game("draw", 2, {"voluntary_draw": True})
    st = position(g, hands=[["3-0", "1-1"], ["2-2", "6-6"]], ends=[3, 4],
                  stock=["5-5", "1-5", "0-5"], to_act=1)
    assert moves(st) == {"draw"}
    st.apply(DRAW)
    assert moves(st) == {"pass"}
    st.apply(PASS)
    assert st.to_act == 0 and not st.over


def test_default_drawn_match_must_be_placed_not_voluntary():
    g = make_game("draw", 2)
    st = position(g, hands=[["0-0", "1-1"], ["3-6", "2-2"]], ends=[3, 4],
                  stock=["5-5", "4-5", "0-2", "1-2"], to_act=1)
    assert moves(st) == {"6-3 L"}


def test_default_target_100():
    g = make_game("draw", 2)
    assert match_after(g, [99, 0], 5) is None
    assert match_after(g, [99, 100], 5).winners == [1]


def test_option_target():
    g = make_game("draw", 3, {"target": 150})
    assert match_after(g, [149, 120, 0], 5) is None
    assert match_after(g, [150, 120, 0], 5).winners == [0]
    with pytest.raises(GameError):
        make_game("draw", 3, {"target": 0})
