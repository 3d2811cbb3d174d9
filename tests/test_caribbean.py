"""caribbean: what the example data cannot say (the deal, the seats, a match through the engine)."""

import pytest

from domine.games.base import GameError
from domine.games import make_game
from domine.engine.match import Match
from domine.bots import make_bot
from domine.engine.tiles import BIT

from helpers import T


def test_all_28_dealt_no_stock():
    st = Match(make_game("caribbean", 4), seed=1).start_hand()
    assert [h.bit_count() for h in st.hands] == [7] * 4
    assert st.stock == [] and st.deal.aside == []


@pytest.mark.parametrize("n", [2, 3])
def test_exactly_four_players(n):
    with pytest.raises(GameError):
        make_game("caribbean", n)


def test_negative_cap_refused():
    with pytest.raises(GameError):
        make_game("caribbean", 4, {"max_hands": -1})


def _play(game, seed):
    match = Match(game, seed=seed)
    bots = [make_bot("random", seed + s) for s in range(4)]
    while not match.over:
        st = match.start_hand()
        prev = match.results[-1] if match.results else None
        six = next(s for s in range(4) if st.hands[s] & BIT[T("6-6")])
        assert st.acting_seat() == (prev.winners[0] if prev and prev.winners else six)
        while not st.over:
            st.apply(bots[st.acting_seat()].choose(st.observation(st.acting_seat())))
        match.finish_hand()
    return match


def test_a_match_ends_on_a_streak_of_six():
    match = _play(make_game("caribbean", 4), seed=11)
    won = [m.winners[0] % 2 for m in match.results if m.winners]
    assert won[-6:] == [won[-1]] * 6 and sorted(match.result.winners) == [won[-1], won[-1] + 2]


def test_the_cap_draws_a_long_match():
    match = _play(make_game("caribbean", 4, {"max_hands": 1}), seed=11)
    assert match.hands_played == 1 and match.result.drawn and match.result.winners == []
