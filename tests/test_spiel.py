"""OpenSpiel (domine.rl.spiel): every game x player count x option set that
tests/test_properties.py derives (``COMBOS``) loads by its OpenSpiel name and plays a hand
through OpenSpiel's API, with the legal actions, the tensors, the serialisation and the
resampling held to the engine; OpenSpiel's own random simulation test on every game; and
``openspiel:ismcts:N`` in the arena.
"""

from __future__ import annotations

import random
import sys
import zlib

import numpy as np
import pytest

import pyspiel   # the extra domine[rl]: the test extra brings it

import domine.rl as rl
import domine.rl.spiel as spiel
from domine.engine.tiles import set_size
from domine.games import GAMES, make_game
from domine.sim.arena import make_bot, run_arena
from helpers import runner
from test_properties import COMBOS, _id

PARAMS = [pytest.param(c, id=_id(c)) for c in COMBOS]


def load(gid, n, opts):
    return pyspiel.load_game(spiel.spiel_name(gid), {"players": n, **opts})


def deal(state, rng):
    """Play the chance nodes (the shuffle) with ``rng``, checking each is uniform."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9 and len({p for _, p in outcomes}) == 1
        state.apply_action(rng.choice(outcomes)[0])


def engine_actions(state):
    hand = state.hand
    codec = state.get_game().codec
    return sorted(codec.encode(m) for m in hand.legal_moves())


def same_information(a, b, player):
    assert a.information_state_string(player) == b.information_state_string(player)
    assert np.array_equal(a.information_state_tensor(player), b.information_state_tensor(player))
    assert a.observation_string(player) == b.observation_string(player)


@pytest.mark.parametrize("combo", PARAMS)
def test_every_combination_plays_a_hand_through_openspiel(combo):
    """One hand a combination: the legal actions are the engine's legal moves at every step,
    the tensors have the declared shapes, a saved state comes back the same, and a state
    resampled for the seat to act is one that seat cannot tell from the real one."""
    gid, n, opts = combo
    game = load(gid, n, opts)
    domine = make_game(gid, n, opts)
    assert game.num_players() == n and game.num_distinct_actions() == domine.actions.size
    size = spiel.TensorCodec(domine).size
    assert game.information_state_tensor_shape() == [size] == game.observation_tensor_shape()
    rng = random.Random(zlib.crc32(_id(combo).encode()))
    state = game.new_initial_state()
    deal(state, rng)
    hand = state.hand
    assert sorted([t for h in hand.deal.hands for t in h] + hand.deal.stock + hand.deal.aside) == \
        list(range(set_size(domine.max_pip)))
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        assert player == hand.acting_seat()
        legal = state.legal_actions()
        assert legal == engine_actions(state) and legal
        if steps % 7 == 0:
            assert len(state.information_state_tensor(player)) == size
            assert len(state.observation_tensor((player + 1) % n)) == size
        if steps in (0, 5):
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            same_information(state, other, player)
            assert other.legal_actions() == legal
        if steps == 3:
            back = game.deserialize_state(state.serialize())
            assert back.history() == state.history()
            for p in range(n):
                same_information(state, back, p)
            assert back.legal_actions() == legal
        state.apply_action(rng.choice(legal))
        steps += 1
        assert steps <= game.max_game_length()
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and all(game.min_utility() <= r <= game.max_utility() for r in returns)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_openspiels_random_simulation_test_passes_on_every_game(gid):
    """OpenSpiel's own checks (``pyspiel.random_sim_test``), saving and restoring the state at
    every step, at the game's fewest players and with its default options."""
    game = pyspiel.load_game(spiel.spiel_name(gid))
    pyspiel.random_sim_test(game, num_sims=1, serialize=gid != "mexican-train", verbose=False)


def test_a_game_loads_by_its_name_with_its_options():
    game = pyspiel.load_game("domine_matador(players=3)")
    assert game.num_players() == 3 and game.domine.players == 3
    game = pyspiel.load_game("domine_blind_hughie(players=2,target=50)")
    assert game.domine.id == "blind-hughie" and game.domine.target == 50
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert rl.register_openspiel() == [spiel.spiel_name(g) for g in sorted(GAMES)]
    assert set(rl.register_openspiel()) <= set(pyspiel.registered_names())


def test_the_shuffle_is_the_games_own_deal():
    """Mexican Train's engine is not shuffled (rule 3: it is taken out first) and heads the stock."""
    game = pyspiel.load_game("domine_mexican_train(players=4)")
    assert len(game.shuffled) == 90
    state = game.new_initial_state()
    deal(state, random.Random(2))
    assert state.hand.deal.stock[0] not in game.shuffled


def test_a_hand_won_by_a_team_pays_both_partners():
    """Grape with partners names the seat that went out as the hand's winner: its partner wins too."""
    game = pyspiel.load_game("domine_grape(players=4,partners=true)")
    state = game.new_initial_state()
    rng = random.Random(1)
    deal(state, rng)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.hand.result.winners == [1]
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0]


# -- ISMCTS in the arena --------------------------------------------------------------------
def test_openspiels_ismcts_plays_in_the_arena():
    res = run_arena("greedy", "openspiel:ismcts:4", "block", 2, seed=1)
    assert res.deals == 2 and res.decisions["B"] > 0
    res = run_arena("openspiel:ismcts:3+think=0.01", "random", "partners", 1, seed=2)
    assert res.plays == 2 and res.decisions["A"] > 0


def test_the_arena_command_takes_an_openspiel_bot_and_gives_it_the_same_time():
    result = runner.invoke(rl_app(), ["arena", "hard", "openspiel:ismcts:50", "--game", "draw", "--deals", "1",
                                      "--think", "0.02", "--json"])
    assert result.exit_code == 0, result.output
    assert '"bot_b": "openspiel:ismcts:50+think=0.02"' in result.output


def rl_app():
    from domine.cli import app
    return app


@pytest.mark.parametrize("spec, message", [
    ("openspiel:ismcts:1", "at least 2"), ("openspiel:mcts", "openspiel bots: ismcts"),
    ("openspiel:ismcts:10+worlds=3", "takes N and think=T"),
])
def test_a_wrong_openspiel_bot_is_one_clear_line(spec, message):
    result = runner.invoke(rl_app(), ["arena", "hard", spec, "--game", "block", "--deals", "1"])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_without_open_spiel_the_bot_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "domine.rl.spiel")
    from domine.bots import BotError
    with pytest.raises(BotError, match=r"pip install 'domine\[rl\]'"):
        make_bot("openspiel:ismcts:10", 1)


def test_the_bot_sees_only_its_observation_and_plays_a_legal_move():
    from domine.engine.match import Match
    state = Match(make_game("matador", 3), seed=5).start_hand()
    bot = make_bot("openspiel:ismcts:20", 3)
    while not state.over:
        seat = state.acting_seat()
        move = bot.choose(state.observation(seat))
        assert move in state.legal_moves()
        state.apply(move)


def _middle_of_a_hand(gid="draw", n=2, seed=3, moves=4):
    from domine.engine.match import Match
    state = Match(make_game(gid, n), seed=seed).start_hand()
    rng = random.Random(seed)
    while moves or len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
        moves = max(0, moves - 1)
    return state


def test_with_no_world_to_search_the_bot_plays_the_heuristics_move(monkeypatch):
    """As ``search`` does when the inference finds no world (it happened in blitz)."""
    from domine.bots.knowledge import Knowledge, WorldError

    def none(self, rng, tries=200):
        raise WorldError("no consistent world found")
    monkeypatch.setattr(Knowledge, "sample", none)
    state = _middle_of_a_hand()
    bot = make_bot("openspiel:ismcts:20", 1)
    assert bot.choose(state.observation(state.acting_seat())) in state.legal_moves()
    assert bot.fallbacks == 1


def test_a_world_missing_in_the_middle_of_a_search_ends_it_with_what_was_searched(monkeypatch):
    from domine.bots.knowledge import WorldError
    calls = [0]
    resample = spiel.DomineState.resample_from_infostate

    def flaky(self, player, sampler=None):
        calls[0] += 1
        if calls[0] > 3:
            raise WorldError("no consistent world found")
        return resample(self, player, sampler)
    monkeypatch.setattr(spiel.DomineState, "resample_from_infostate", flaky)
    state = _middle_of_a_hand()
    bot = make_bot("openspiel:ismcts:50+think=5", 1)
    assert bot.choose(state.observation(state.acting_seat())) in state.legal_moves()
    assert bot.fallbacks == 0 and calls[0] == 4
