"""blitz.md: what tests/data/examples/blitz.json cannot say (the match's drawn flag, deal sizes, player counts)."""

import pytest

from domine.game import GameError
from domine.games import make_game
from domine.match import Match
from domine.position import position

from helpers import match_after, play


# --- Example 3: scoring -------------------------------------------------------------
def _scoring():
    g = make_game("blitz", 4)
    st = position(
        g, hands=[["5-6", "4-4"], ["0-0"], ["1-5"], ["1-2", "3-3"]],
        ends=[1, 3], to_act=2,
    )
    play(st, "5-1")
    return g, st


def test_example3_80_plus_28_wins_match():
    g, st = _scoring()
    before = [30, 50, 80, 10]
    assert match_after(g, before, 3) is None
    after = [b + p for b, p in zip(before, st.result.points)]
    assert after == [30, 50, 108, 10]
    r = match_after(g, after, 4)
    assert r.winners == [2] and not r.drawn


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
