"""The hand as data, over every game x player count x option set: rebuilt from its log,
written as JSON and read back, and followed event by event without seeing what a seat may not.

- ``HandState.from_events(deal, events)`` gives the very state (``snapshot``) and legal moves;
- hands, matches and every seat's observation go to JSON and back equal;
- ``events_since(seq, seat)`` is the seat's view of the log, and shuffling what the seat may
  not know never changes it (the spectator's view neither).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given

from domine.engine.events import PRIVATE, PUBLIC, TILE_HIDDEN, Event
from domine.engine.hand import HandState
from domine.engine.match import Match
from domine.engine.moves import HIDDEN, KIND_MASK, KINDS, TILE_MASK
from domine.engine.observation import Observation
from domine.engine.serial import DataError

from test_properties import SEEDS, game_of, heavy_hands, light, params, states, swap_hidden


def _every(k: int, game, seed: int):
    """Every ``k``-th state of a random match's first hands (and each hand's last)."""
    for i, (match, state) in enumerate(states(game, seed, max_hands=heavy_hands(game))):
        if state.over or i % k == 0:
            yield match, state


@pytest.mark.parametrize("combo", params())
@light(2)
@given(seed=SEEDS)
def test_a_hand_is_rebuilt_from_its_deal_and_events(combo, seed):
    game = game_of(combo)
    for _, state in _every(5, game, seed):
        again = HandState.from_events(game, state.deal, state.history, state.context)
        assert again.snapshot() == state.snapshot()
        assert again.legal_moves() == state.legal_moves()
        assert again.acting_seat() == state.acting_seat()


@pytest.mark.parametrize("combo", params())
@light(2)
@given(seed=SEEDS)
def test_hands_matches_and_observations_go_to_json_and_back(combo, seed):
    game = game_of(combo)
    for match, state in _every(7, game, seed):
        doc = json.loads(json.dumps(state.to_json()))
        back = HandState.from_json(doc, game)
        assert back.snapshot() == state.snapshot()
        assert back.legal_moves() == state.legal_moves()
        for seat in range(state.n):
            obs = state.observation(seat)
            odoc = json.loads(json.dumps(obs.to_json()))
            again = Observation.from_json(odoc, game)
            assert again.to_dict() == obs.to_dict()
            assert again.to_json() == odoc
        mdoc = json.loads(json.dumps(match.to_json()))
        m2 = Match.from_json(mdoc, game)
        assert m2.to_json() == mdoc
        assert (m2.current.snapshot() if m2.current else None) == (match.current.snapshot() if match.current else None)
        assert m2.rng.random() == Match.from_json(mdoc, game).rng.random()   # the next deals: the same


def _hidden_from(event: Event) -> bool:
    return bool(event.payload & HIDDEN)


@pytest.mark.parametrize("combo", params())
@light(2)
@given(seed=SEEDS)
def test_events_since_is_the_seats_view_and_leaks_nothing(combo, seed):
    game = game_of(combo)
    rng = random.Random(seed)
    for _, state in _every(3, game, seed):
        log = state.history
        for seat in list(range(state.n)) + [None]:
            events = state.events_since(0, seat)
            # the numbering is the log's; a later start gives the tail
            assert [e.seq for e in events] == sorted({e.seq for e in events})
            k = rng.randrange(len(log) + 1)
            assert state.events_since(k, seat) == [e for e in events if e.seq >= k]
            for e in events:
                actor, event = log[e.seq]
                assert e.actor == actor and e.kind == KINDS[event & KIND_MASK].name
                if actor == seat and seat is not None:
                    assert e.payload == event
                elif e.visibility == PUBLIC:
                    assert e.payload == event
                else:
                    assert e.visibility == TILE_HIDDEN and e.payload == event & ~TILE_MASK | HIDDEN
            shown = {e.seq for e in events}
            for i, (actor, event) in enumerate(log):
                if i not in shown:   # a private event, of another seat
                    assert game.visibility[event & KIND_MASK] == PRIVATE and actor != seat
            if seat is not None:   # the seat's observation shows the same events
                assert [(e.actor, e.payload) for e in events] == state.observation(seat).history
        # shuffling what a seat may not know changes nothing it receives
        for seat in range(state.n):
            other = swap_hidden(state, seat, rng)
            if other is None:
                continue
            assert other.events_since(0, seat) == state.events_since(0, seat)
            assert other.events_since(0, None) == state.events_since(0, None)


def test_a_log_that_breaks_the_rules_is_refused():
    from domine.engine.moves import IllegalMove
    from domine.games import make_game
    game = make_game("draw", 2)
    state = Match(game, seed=3).start_hand()
    rng = random.Random(1)
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))
    log = list(state.history)
    seat, first = log[0]
    with pytest.raises(IllegalMove):   # the wrong seat
        HandState.from_events(game, state.deal, [(1 - seat, first)] + log[1:], state.context)
    end = log[-1]
    with pytest.raises(IllegalMove):   # an event of the rules where the rules make none
        HandState.from_events(game, state.deal, [end] + log, state.context)
    doc = state.to_json()
    doc["now"]["to_act"] = 1 - doc["now"]["to_act"] if not state.over else 0
    doc["now"]["over"] = not state.over
    with pytest.raises(DataError):
        HandState.from_json(doc, game)
    with pytest.raises(DataError):
        HandState.from_json({"format": "something else"}, game)
