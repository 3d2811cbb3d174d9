"""block.md rules the example data cannot say: deal sizes, teams, bad options, a match's totals.

The worked examples and the options' examples are in tests/data/examples/block.json.
"""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match

from helpers import make_deal, play_out

HANDS1 = [
    ["2-3", "4-4", "0-6", "1-5", "3-5"],
    ["5-5", "0-1", "2-6", "3-4", "1-1"],
    ["6-6", "0-2", "4-5", "1-3", "2-4"],
]


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


def test_double_nine_is_the_older_name_of_set_double_nine():
    """The vocabulary every game shares: block's ``double_nine=yes`` is read as
    ``set=double-nine`` (a record says the latter), ``no`` as nothing; a clash is refused."""
    old = make_game("block", 3, {"double_nine": "yes"})
    assert old.option_values["set"] == "double-nine" and old.options_given() == {"set": "double-nine"}
    assert old.target == 100 == make_game("block", 3, {"set": "double-nine"}).target   # block 11
    assert make_game("block", 3, {"double_nine": False}).max_pip == 6
    assert make_game("block", 3, {"double_nine": True, "set": "double-nine"}).max_pip == 9
    with pytest.raises(GameError, match="give one"):
        make_game("block", 3, {"double_nine": True, "set": "double-twelve"})
    with pytest.raises(GameError, match="yes or no"):
        make_game("block", 3, {"double_nine": "maybe"})


def test_option_partners_teams_and_needs_four():
    g = make_game("block", 4, {"partners": True})
    assert g.teams(4) == [0, 1, 0, 1]
    assert make_game("block", 4).teams(4) == [0, 1, 2, 3]
    with pytest.raises(GameError):
        make_game("block", 3, {"partners": True})


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
