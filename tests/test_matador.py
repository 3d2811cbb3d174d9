"""matador.md rules the example data cannot say: redeals, a played match's next leader, deal sizes, bad input.

The worked examples and the other rules' examples are in tests/data/examples/matador.json.
"""

from __future__ import annotations

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext

from helpers import assert_deal_sizes, play_out, previous
from helpers import tiles as T


def test_redeal_without_doubles_in_the_first_hand_only():
    g = make_game("matador", players=3)
    no_doubles = [T(h) for h in ["1-2 0-4 2-6 1-4 0-1", "2-4 3-6 0-2 1-5 4-6", "0-6 2-5 3-4 5-6 1-3"]]
    masks = [sum(1 << t for t in h) for h in no_doubles]
    assert g.needs_redeal(masks, HandContext(hand_number=1)) is True
    assert g.needs_redeal(masks, HandContext(hand_number=2, previous=previous([0, 1, 2]))) is False


def test_match_loser_of_a_played_hand_leads_the_next():
    from domine.engine.match import Match
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


@pytest.mark.parametrize("n,k,stock", [(2, 6, 16), (3, 5, 13), (4, 4, 12)])
def test_deal_sizes(n, k, stock):
    assert_deal_sizes("matador", n, k, stock, seed=13)


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_limits(n):
    with pytest.raises(GameError):
        make_game("matador", players=n)


def test_bad_target():
    with pytest.raises(GameError):
        make_game("matador", players=3, options={"target": -1})
