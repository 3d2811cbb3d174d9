"""Inference from the public history, and worlds consistent with an observation."""

import random

import pytest

from domine.parts.rows import rows_of
from domine.games import GAMES, make_game
from domine.engine.observation import Observation
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.moves import PASS
from domine.engine.tiles import BIT, parse_tile, tiles_of

from helpers import random_positions

COMBOS = [(gid, n, {}) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)]
COMBOS += [("block", 2, {"openspiel": True}), ("draw", 3, {"voluntary_draw": True}),
           ("bergen", 3, {"set": "double-12", "spinner": True})]


def _public(obs: Observation) -> dict:
    fields = obs.to_dict()
    fields.pop("context")
    return fields


def _decisions(game, seed, hands=2):
    """(state, seat) at random moments of a few random hands."""
    return random_positions(game, seed, hands, share=0.35)


@pytest.mark.parametrize("gid,n,options", COMBOS, ids=lambda c: str(c))
def test_every_sampled_world_reproduces_the_observation(gid, n, options):
    game = make_game(gid, n, options)
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        for state, seat in _decisions(game, seed):
            obs = state.observation(seat)
            knowledge = Knowledge(obs)
            assert knowledge.consistent
            world = knowledge.sample(rng)
            assert _public(world.observation(seat)) == _public(obs)
            # the world holds every tile once, and this seat's tiles where they are
            assert world.tiles_accounted() == game.set_mask
            if state.game.keeps_rows:   # rows (domine.parts.rows): only its known tiles are certain
                mine = state.hands[seat] & rows_of(state).known[seat]
                assert world.hands[seat] & mine == mine
                assert world.hands[seat].bit_count() == state.hands[seat].bit_count()
            else:
                assert world.hands[seat] == state.hands[seat]
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("gid,n", [("block", 2), ("draw", 3), ("matador", 2), ("ordinary", 4)])
def test_the_true_world_is_never_ruled_out(gid, n):
    """Every tile another seat really holds is among the tiles Knowledge allows it."""
    game = make_game(gid, n)
    for seed in range(6):
        for state, seat in _decisions(game, seed, hands=3):
            knowledge = Knowledge(state.observation(seat))
            for other in range(n):
                if other != seat:
                    assert state.hands[other] & ~knowledge.possible(other) == 0


def test_samples_cover_every_consistent_holder():
    """Over many samples, each unseen tile turns up with each seat that may hold it."""
    game = make_game("block", 3)
    match = Match(game, seed=3)
    state = match.start_hand()
    rng = random.Random(1)
    for _ in range(3):
        state.apply(state.legal_moves()[0])
    seat = state.acting_seat()
    knowledge = Knowledge(state.observation(seat))
    seen: dict[int, set] = {}
    for _ in range(400):
        world = knowledge.sample(rng)
        for s in range(game.players):
            if s != seat:
                for t in tiles_of(world.hands[s]):
                    seen.setdefault(t, set()).add(s)
    for s in range(game.players):
        if s == seat:
            continue
        for t in tiles_of(knowledge.possible(s)):
            assert s in seen.get(t, set()), f"tile {t} never sampled for seat {s}"


def test_a_pass_rules_out_the_open_numbers():
    game = make_game("block", 2)
    for seed in range(50):
        state = Match(game, seed=seed).start_hand()
        while not state.over:
            moves = state.legal_moves()
            if moves == [PASS]:
                passer = state.acting_seat()
                fitting = state.layout.playable
                state.apply(PASS)
                if state.over:
                    break
                knowledge = Knowledge(state.observation(1 - passer))
                assert knowledge.possible(passer) & fitting == 0
                assert all(p in knowledge.void_pips(passer) for _, p in state.layout.open_ends()
                           if state.layout.open_ends())   # the ends did not change since
                return
            state.apply(moves[0])
    pytest.fail("no pass in 50 hands")


def test_the_lead_tells_who_holds_no_heavier_double():
    game = make_game("draw", 2)
    match = Match(game, seed=11)
    state = match.start_hand()
    lead = state.legal_moves()[0]
    leader = state.acting_seat()
    state.apply(lead)
    other = 1 - leader
    knowledge = Knowledge(state.observation(other))
    lead_tile = lead & 127
    heavier_doubles = [parse_tile(f"{p}-{p}") for p in range(7) if parse_tile(f"{p}-{p}") > lead_tile]
    for d in heavier_doubles:
        assert not knowledge.possible(leader) & BIT[d], "the leader cannot hold a heavier double"


def test_a_skipped_turn_teaches_what_a_pass_teaches():
    """OpenSpiel's block passes over a seat that cannot play: that event rules out, for the
    skipped seat, every tile that fitted the ends then (as a pass would)."""
    from domine.engine.moves import SKIP, kind

    game = make_game("block", 2, {"openspiel": True})
    checked = 0
    for seed in range(60):
        state = Match(game, seed=seed).start_hand()
        rng = random.Random(seed)
        while not state.over:
            before = len(state.history)
            state.apply(rng.choice(state.legal_moves()))
            skips = [s for s, m in state.history[before:] if kind(m) == SKIP]
            if skips and not state.over:
                me = state.acting_seat()
                other = 1 - me
                assert skips == [other]
                # what fitted when the other seat was passed over: the ends after the move
                ruled_out = state.layout.playable
                kn = Knowledge(state.observation(me), game)
                assert not kn.possible(other) & ruled_out
                assert kn.possible(other) & state.hands[other] == state.hands[other]   # truth allowed
                checked += 1
    assert checked >= 20
