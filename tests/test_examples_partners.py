"""partners.md: worked examples and rules the data format cannot check (more in tests/data/examples/partners.json)."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.hand import HandContext
from domine.match import Match
from domine.moves import DRAW, IllegalMove
from domine.position import position
from domine.tiles import BIT

from helpers import match_after, T, hand, moves, names, play


# --- Example 1: reserve -----------------------------------------------------------
def _reserve():
    g = make_game("partners", 4)
    return position(
        g, hands=[["1-1", "0-0"], ["2-2", "1-2"], ["3-6", "2-5"], ["1-4", "0-2"]],
        ends=[3, 5], stock=["0-1", "6-6", "4-4"], to_act=1,
    )


def test_example1_draw_one_then_pass():
    st = _reserve()
    assert st.drawable == 1
    assert moves(st) == {"draw"}
    st.apply(DRAW)
    assert hand(st, 1) == names("2-2", "1-2", "0-1")
    assert len(st.stock) - st.stock_pos == 2 and st.drawable == 0
    assert not st.over
    assert moves(st) == {"pass"}
    with pytest.raises(IllegalMove):
        st.apply(DRAW)


# --- Example 2: scoring -------------------------------------------------------------
def _scoring():
    g = make_game("partners", 4)
    st = position(
        g, hands=[["3-4"], ["5-5", "1-2"], ["4-6", "0-0"], ["3-6"]],
        ends=[4, 1], to_act=0,
    )
    play(st, "4-3")
    return g, st


# --- Example 3: end of the match ----------------------------------------------------
def test_example3_both_over_150_higher_wins():
    g, st = _scoring()
    before = [140, 145]
    assert match_after(g, before, 3) is None
    after = [b + p for b, p in zip(before, st.result.points)]
    assert after == [162, 155]
    r = match_after(g, after, 4)
    assert sorted(r.winners) == [0, 2] and not r.drawn


def test_example3_through_a_match():
    g, st = _scoring()
    m = Match(g, seed=1)
    m.scores = [140, 145]
    m.current = st
    r = m.finish_hand()
    assert m.scores == [162, 155]
    assert r is not None and sorted(r.winners) == [0, 2]


# --- Rules --------------------------------------------------------------------------
def test_exactly_four_players_fixed_teams():
    g = make_game("partners", 4)
    assert g.teams(4) == [0, 1, 0, 1]
    for n in (2, 3, 5):
        with pytest.raises(GameError):
            make_game("partners", n)


def test_deal_5_each_stock_8_reserve_2():
    g = make_game("partners", 4)
    st = Match(g, seed=6).start_hand()
    assert [h.bit_count() for h in st.hands] == [5, 5, 5, 5]
    assert len(st.stock) == 8 and st.drawable == 6


def test_no_double_means_redeal():
    g = make_game("partners", 4)
    no_doubles = [["0-1", "0-2", "0-3", "0-4", "0-5"], ["0-6", "1-2", "1-3", "1-4", "1-5"],
                  ["1-6", "2-3", "2-4", "2-5", "2-6"], ["3-4", "3-5", "3-6", "4-5", "4-6"]]
    masks = [sum(BIT[T(x)] for x in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext())
    with_double = [m for m in masks]
    with_double[3] = (with_double[3] & ~BIT[T("4-6")]) | BIT[T("0-0")]
    assert not g.needs_redeal(with_double, HandContext())
