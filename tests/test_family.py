"""family.md rules beyond the data (tests/data/examples/family.json holds the worked examples and the match ends):
the deal, bad options, who starts a later round."""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match

from helpers import make_deal, moves, names, play_out


# --- Deal, later rounds, option rounds ----------------------------------------------------
def test_deal_7_each_14_stock_all_drawable():
    g = make_game("family")
    st = Match(g, seed=9).start_hand()
    assert [h.bit_count() for h in st.hands] == [7, 7]
    assert len(st.stock) == 14 and st.drawable == 14


def test_option_rounds_must_be_positive():
    with pytest.raises(GameError):
        make_game("family", 2, {"rounds": 0})
    with pytest.raises(GameError):
        make_game("family", 3)


def test_option_rounds_starter_alternates_and_leads_any_tile():
    g = make_game("family", 2, {"rounds": 2})
    m = Match(g, seed=1)
    b = ["4-4", "0-1", "0-2", "0-3", "0-4", "0-5", "0-6"]
    a = ["5-5", "3-3", "1-2", "1-3", "1-4", "1-5", "1-6"]
    st = m.start_hand(make_deal(g, [b, a], rest="stock"))
    assert st.to_act == 1
    play_out(st)
    assert m.finish_hand() is None
    st2 = m.start_hand(make_deal(g, [b, a], rest="stock"))  # seat 1 would win the lead by 5-5 again
    assert st2.to_act == 0
    assert moves(st2) == set(names(*b))
    play_out(st2)
    res = m.finish_hand()
    assert res is not None and res.hands == 2
    assert sum(m.scores) <= 2
