"""general.md worked examples 1-5 (set sizes, open ends, heavier tiles, ranking, reserve)."""

import pytest

from domine.games import make_game
from domine.engine.moves import DRAW, PASS, IllegalMove
from domine.engine.position import position
from domine.engine.tiles import IS_DOUBLE, PIPS, parse_tile, set_size, weight_key
from domine.parts.leads import HeaviestDouble

from helpers import T, hand, moves, names


def after(st, text):
    c = st.clone()
    c.apply(c.parse_move(text))
    return c.layout.values


# --- Example 1: set sizes ------------------------------------------------------------
@pytest.mark.parametrize(
    "n, tiles, pips, doubles",
    [(6, 28, 168, 7), (8, 45, 360, 9), (9, 55, 495, 10), (12, 91, 1092, 13)],
)
def test_example1_set_sizes(n, tiles, pips, doubles):
    ids = range(set_size(n))
    assert set_size(n) == tiles
    assert sum(PIPS[t] for t in ids) == pips
    assert sum(IS_DOUBLE[t] for t in ids) == doubles
    # every unordered pair 0 <= a <= b <= n exactly once
    assert sorted(ids) == sorted({parse_tile(f"{a}-{b}") for a in range(n + 1) for b in range(a, n + 1)})


def test_example1_double_twelve_is_91_not_84():
    assert set_size(12) == 91


def test_example1_games_use_the_right_set():
    assert make_game("draw", 2).set_mask == (1 << 28) - 1
    assert make_game("block", 2, {"double_nine": True}).set_mask == (1 << 55) - 1


# --- Example 2: open ends ------------------------------------------------------------
def _open_ends_position():
    g = make_game("draw", 2)
    return position(
        g, hands=[["3-5", "5-5", "2-6"], ["0-0", "1-1"]], ends=[3, 5],
        stock=["0-1", "0-2", "0-3", "0-4"], to_act=0,
    )


def test_example2_3_5_on_either_end():
    st = _open_ends_position()
    assert st.layout.values == [3, 5]
    assert after(st, "3-5 L") == [5, 5]
    assert after(st, "3-5 R") == [3, 3]


def test_example2_double_leaves_end_unchanged():
    st = _open_ends_position()
    assert sorted(after(st, "5-5")) == [3, 5]


def test_example2_exact_legal_moves_and_2_6_unplayable():
    st = _open_ends_position()
    assert moves(st) == {"5-3 L", "5-3 R", "5-5 R"}
    with pytest.raises(IllegalMove):
        st.apply(st.parse_move("2-6"))


def test_example2_no_pass_no_draw_when_holding_a_match():
    st = _open_ends_position()
    assert st.drawable == 2  # the stock could be drawn, yet drawing is refused
    assert DRAW not in st.legal_moves() and PASS not in st.legal_moves()
    with pytest.raises(IllegalMove):
        st.apply(DRAW)
    with pytest.raises(IllegalMove):
        st.apply(PASS)


# --- Example 3: heavier tiles ------------------------------------------------------------
def test_example3_heavier_tiles():
    assert PIPS[T("6-3")] == PIPS[T("5-4")] == 9
    assert weight_key(T("6-3")) > weight_key(T("5-4"))
    assert weight_key(T("6-5")) > weight_key(T("5-5"))
    assert max([T("2-2"), T("4-4"), T("0-0")], key=weight_key) == T("4-4")


class _Seats:
    """Just what a lead rule reads of a hand."""

    def __init__(self, hands):
        self.hands = hands


def lead_of(hands):
    choice = HeaviestDouble().choose(_Seats(hands))
    return choice.seat, choice.tiles


def test_example3_heaviest_double_leads():
    hands = [1 << T("2-2") | 1 << T("6-5"), 1 << T("4-4"), 1 << T("0-0") | 1 << T("6-3")]
    assert lead_of(hands) == (1, 1 << T("4-4"))
    no_doubles = [1 << T("5-4"), 1 << T("6-3"), 1 << T("1-2")]
    assert lead_of(no_doubles) == (1, 1 << T("6-3"))


# --- Example 4: standard ranking ----------------------------------------------------------
def test_example4_standard_ranking():
    g = make_game("block", 4)
    # ends 5 and 5, every 5 on the table: blocked
    st = position(
        g,
        hands=[["2-3", "2-2"], ["3-4", "0-2"], ["6-6"], ["1-1", "1-2", "1-3"]],
        ends=[5, 5], to_act=3, last_placer=2,
    )
    assert [st.hand_value(s) for s in range(4)] == [9, 9, 12, 9]
    assert [h.bit_count() for h in st.hands] == [2, 2, 1, 3]
    assert st.ranking() == [0, 1, 3, 2]
    assert st.over and st.result.reason == "blocked"
    assert st.result.ranking == [0, 1, 3, 2]
    assert st.result.ranking[0] == 0 and st.result.ranking[-1] == 2


def test_example4_ranking_turn_order_counts_from_last_placer():
    g = make_game("block", 4)
    st = position(
        g,
        hands=[["2-3", "2-2"], ["3-4", "0-2"], ["6-6"], ["1-1", "1-2", "1-3"]],
        ends=[5, 5], to_act=0, last_placer=1,
    )
    # counting from seat 1 the order is 1, 2, 3, 0: seat 1 now beats seat 0
    assert st.ranking() == [1, 0, 3, 2]


# --- Example 5: reserve of 2 ------------------------------------------------------------
def test_example5_reserve_of_two():
    g = make_game("draw", 2)
    st = position(
        g, hands=[["3-6", "0-0"], ["1-1", "2-2"]], ends=[3, 4],
        stock=["0-1", "0-2", "5-5", "6-6"], to_act=1,
    )
    assert st.drawable == 2
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 0-1, no fit
    assert moves(st) == {"draw"}
    st.apply(DRAW)  # 0-2, no fit
    assert len(st.stock) - st.stock_pos == 2
    assert st.drawable == 0
    assert not st.over
    assert moves(st) == {"pass"}
    st.apply(PASS)
    assert hand(st, 1) == names("1-1", "2-2", "0-1", "0-2")
    assert st.to_act == 0
    assert not st.over


@pytest.mark.parametrize("game_id, seed", [("cross", 5), ("ordinary", 3), ("matador", 4)])
def test_the_loser_of_a_played_hand_leads_the_next(game_id, seed):
    """Penalty games: every seat adds its own pips, and the last in the ranking (general 16)
    leads the next hand."""
    from domine.engine.match import Match
    m = Match(make_game(game_id, players=3), seed=seed)
    st = m.start_hand()
    while not st.over:
        st.apply(st.legal_moves()[0])
    r = st.result
    assert r.points == r.hand_values
    assert m.finish_hand() is None
    assert m.scores == r.points
    assert m.start_hand().to_act == r.ranking[-1]
