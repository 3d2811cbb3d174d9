"""Grape: what the example data cannot say (deal, redeal, options, hidden discards, records)."""

import json

import pytest

from domine.bots import make_bot
from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.match import Match
from domine.engine.moves import DISCARD, HIDDEN, kind
from domine.records import match_record, replay, seat_view
from domine.engine.tiles import BIT, parse_tile, tile_str

from helpers import bots_play, play_events


def _play(game, seed, bots=None, hands=None):
    match = Match(game, seed=seed)
    bots = bots or [make_bot("random", seed=seed * 10 + s) for s in range(game.players)]
    return bots_play(match, bots, hands)


def test_deal_and_set_aside_tiles():
    for n, k, aside in ((4, 7, 0), (5, 5, 3)):
        state = Match(make_game("grape", n), seed=n).start_hand()
        assert [len(h) for h in state.deal.hands] == [k] * n
        assert len(state.deal.aside) == aside and state.deal.stock == []


def test_five_players_redeal_when_0_0_is_set_aside():
    game = make_game("grape", 5)
    double_blank = BIT[parse_tile("0-0")]
    hands = [sum(BIT[t] for t in range(1 + 5 * s, 6 + 5 * s)) for s in range(5)]   # 0-0 undealt
    assert game.needs_redeal(hands, HandContext())
    hands[0] |= double_blank
    assert not game.needs_redeal(hands, HandContext())
    for seed in range(30):   # a match never starts without 0-0 dealt, and its holder leads it
        state = Match(game, seed=seed).start_hand()
        assert state.hands[state.to_act] & double_blank
        assert [tile_str(m & 127) for m in state.legal_moves()] == ["0-0"]


def test_partners_only_with_four_players():
    assert make_game("grape", 4, {"partners": True}).partnership
    with pytest.raises(GameError):
        make_game("grape", 5, {"partners": True})


def test_every_hand_lasts_its_rounds_and_the_winner_leads_next():
    for n, rounds in ((4, 7), (5, 5)):
        match = _play(make_game("grape", n), seed=7)
        for i, state in enumerate(match.hands):
            assert len(play_events(state.history)) == n * rounds   # rule 7: one tile a turn, no pass
            assert state.result.reason == "played out"
            last = play_events(state.history)[-1][0]
            assert last == (state.leader - 1) % n              # rule 9
            if i:
                assert state.leader == match.hands[i - 1].result.winners[0]


def test_discards_are_hidden_from_the_other_seats_and_records_replay():
    game = make_game("grape", 4)
    match = _play(game, seed=3)
    state = match.hands[0]
    discards = [(s, m) for s, m in state.history if kind(m) == DISCARD]
    assert discards
    seat, move = discards[0]
    other = (seat + 1) % 4
    seen = [m for s, m in state.observation(other).history if s == seat and kind(m) == DISCARD]
    assert seen and all(m == DISCARD | HIDDEN for m in seen)   # that he discarded, not what
    own = [m for s, m in state.observation(seat).history if s == seat and kind(m) == DISCARD]
    assert move in own
    record = json.loads(json.dumps(match_record(match)))
    report = replay(record)
    assert report.complete and report.scores == match.scores and report.result == match.result.to_json()
    shown = seat_view(record, other)["hands"][0]["moves"]
    assert f"{seat}: discard" in shown


def test_knowledge_based_bots_play_grape():
    for n, opts in ((4, {}), (4, {"partners": True}), (5, {})):
        game = make_game("grape", n, opts)
        names = ["heuristic", "search:worlds=4,exact=500"] * 3
        bots = [make_bot(names[s], seed=s) for s in range(n)]
        match = _play(game, seed=5, bots=bots, hands=2)
        assert match.hands_played == 2 or match.over
