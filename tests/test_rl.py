"""The research API (domine.rl): PettingZoo and Gymnasium environments of every game, and
observation tensors that hold nothing a seat may not see.

Over every game x player count x option set that tests/test_properties.py derives
(``COMBOS``), kept short: a few moves or one hand a combination.
"""

from __future__ import annotations

import ast
import contextlib
import io
import random
import re
import warnings
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import gymnasium   # the extra domine[rl]: the test extra brings it
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import domine.rl as rl
from domine.engine.match import Match
from domine.engine.moves import PASS
from domine.engine.tiles import BIT, tiles_of
from domine.games import GAMES, make_game
from domine.parts.scoring import PENALTY
from domine.rl.tensor import TensorCodec
from test_properties import COMBOS, _id, shown_to_all, swap_hidden

ROOT = Path(__file__).resolve().parent.parent
PARAMS = [pytest.param(c, id=_id(c)) for c in COMBOS]


def quiet(fn, *args, **kwargs):
    """PettingZoo's tests print as they go and warn of a Dict observation space: keep it out of the log."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# -- PettingZoo -----------------------------------------------------------------------------
@pytest.mark.parametrize("combo", PARAMS)
def test_pettingzoo_api_test_passes_on_every_combination(combo):
    gid, n, opts = combo
    quiet(api_test, rl.env(gid, n, opts, seed=7), num_cycles=8)


@pytest.mark.parametrize("gid, n, opts", [("block", 2, {}), ("draw", 4, {}), ("matador", 3, {}),
                                          ("blind-hughie", 3, {}), ("mexican-train", 4, {}), ("auction", 3, {})])
def test_pettingzoo_seed_test_gives_the_same_episodes_from_one_seed(gid, n, opts):
    quiet(seed_test, lambda: rl.env(gid, n, opts), num_cycles=8)


def swap_with_aside(state, seat, rng):
    """A clone in which a hidden tile of another seat is exchanged with a tile set aside for the
    hand (two-handed block leaves 14 out of play and no stock: ``swap_hidden`` finds nothing to
    swap with); None if there is none."""
    known = shown_to_all(state) | state.layout.mask
    aside = [t for t in state.deal.aside if not BIT[t] & known]
    others = [s for s in range(state.n) if s != seat and state.hands[s] & ~known]
    if not aside or not others:
        return None
    o = rng.choice(others)
    x = rng.choice(tiles_of(state.hands[o] & ~known))
    y = rng.choice(aside)
    c = state.clone()
    c.hands[o] ^= BIT[x] | BIT[y]
    c.in_hands ^= BIT[x] | BIT[y]
    c.deal = replace(state.deal, aside=[x if t == y else t for t in state.deal.aside])
    return c


@pytest.mark.parametrize("gid, n, opts", [("block", 2, {"target": 20}), ("auction", 3, {}), ("blind", 2, {})])
def test_pettingzoo_api_test_passes_on_whole_matches(gid, n, opts):
    quiet(api_test, rl.env(gid, n, opts, episode="match", seed=3), num_cycles=40)


@pytest.mark.parametrize("kwargs, message", [({"episode": "round"}, "episode is 'hand' or 'match'"),
                                             ({"render_mode": "human"}, "render_mode is 'ansi' or 'rgb_array'")])
def test_a_wrong_setting_is_refused_in_one_line(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rl.env("block", 2, **kwargs)


def _play_hand(env, rng, check, seed=0):
    """Play one episode with random legal actions, calling ``check(env)`` before every move
    (``seed``: 0 draws a seed for the reset, None resets without one)."""
    env.reset(seed=rng.randrange(1 << 30) if seed == 0 else seed)
    for agent in env.agent_iter(max_iter=10_000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        check(env)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(list(legal))))


@pytest.mark.parametrize("combo", PARAMS)
def test_the_mask_is_the_legal_moves_and_the_tensor_hides_what_the_seat_cannot_know(combo):
    """At every step of a hand: the acting agent's mask is exactly its legal moves' actions, the
    others' masks are empty; and swapping what a seat cannot know (others' hidden tiles, the
    stock, in a row game its own unseen row tiles) leaves its tensor unchanged."""
    gid, n, opts = combo
    env = rl.env(gid, n, opts, seed=11)
    rng = random.Random(zlib.crc32(_id(combo).encode()))
    steps, swaps = [0], [0]

    def check(env):
        state = env.state
        acting = state.acting_seat()
        legal = sorted(env.codec.encode(m) for m in state.legal_moves())
        # the seat to act at every step; every seat at every third (a tensor costs an inference)
        for agent in env.agents if steps[0] % 3 == 0 else [env.possible_agents[acting]]:
            seat = env._seat[agent]
            out = env.observe(agent)
            assert out["observation"].shape == env.tensor.shape and out["observation"].dtype == np.float32
            assert np.all(np.isfinite(out["observation"]))
            got = list(np.flatnonzero(out["action_mask"]))
            assert got == (legal if seat == acting else []), (agent, got, legal)
        steps[0] += 1
        if steps[0] > 24 and steps[0] % 6:   # the leak test at the first 24 steps, then every 6th
            return
        for seat in sorted({acting, rng.randrange(n)}):
            for swap in (swap_hidden, swap_with_aside):
                other = swap(state, seat, rng)
                if other is None:
                    continue
                swaps[0] += 1
                mine = env.tensor.encode(state.observation(seat))
                theirs = env.tensor.encode(other.observation(seat))
                assert np.array_equal(mine, theirs), f"seat {seat}'s tensor changed with what it cannot see"

    _play_hand(env, rng, check)
    if not env.match.over:   # and the match's next hand (who leads after a win, the scores so far)
        _play_hand(env, rng, check, seed=None)
    assert steps[0] > 0 and swaps[0] > 0


def test_the_tensor_changes_with_what_the_seat_does_see():
    """The leak test is not empty: the tensor does follow the seat's own tiles and the table."""
    game = make_game("block", 2)
    codec = TensorCodec(game)
    state = Match(game, seed=3).start_hand()
    before = codec.encode(state.observation(0))
    assert before[codec.layout.slice("hand")].sum() == 7
    state.apply(state.legal_moves()[0])
    after = codec.encode(state.observation(0))
    assert after[codec.layout.slice("table")].sum() == 1
    assert not np.array_equal(before, after)


def test_the_tensor_holds_the_numbers_a_seat_is_known_to_lack():
    """After a seat passes in block, the others know it holds none of the open ends' numbers."""
    game = make_game("block", 2)
    codec = TensorCodec(game)
    match = Match(game, seed=5)
    state = match.start_hand()
    while not state.over:
        seat = state.acting_seat()
        legal = state.legal_moves()
        if legal == [PASS]:
            ends = set(state.layout.values)
            t = codec.encode(state.observation(1 - seat))   # before the pass: nothing known
            state.apply(PASS)
            after = codec.encode(state.observation(1 - seat))
            lack = after[codec.layout.slice("seats")][2:]
            assert {p for p in range(7) if lack[p]} >= ends
            assert not np.array_equal(t, after)
            return
        state.apply(max(legal))
    pytest.fail("no pass in this hand: choose another seed")


def test_an_illegal_action_is_refused_with_a_clear_message():
    env = rl.env("block", 2, seed=1)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


# -- rewards --------------------------------------------------------------------------------
def _rewards(env, seed):
    env.reset(seed=seed)
    rng = random.Random(seed)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=200_000):
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    return total, info


@pytest.mark.parametrize("gid, n", [("block", 2), ("draw", 4), ("bergen", 3)])
def test_a_hand_rewards_each_seat_with_its_teams_points_by_the_games_polarity(gid, n):
    env = rl.env(gid, n, seed=2)
    total, info = _rewards(env, 4)
    game = env.game
    points = info["hand"]["points"]
    sign = -1 if game.points == PENALTY else 1
    teams = game.teams(n)
    assert [total[a] for a in env.possible_agents] == [sign * points[teams[s]] for s in range(n)]
    assert any(total.values())


def test_a_penalty_game_rewards_penalty_points_as_losses():
    gid = next(g for g, cls in sorted(GAMES.items()) if cls.points == PENALTY and cls.min_players <= 2 <= cls.max_players)
    env = rl.env(gid, 2, seed=2)
    total, info = _rewards(env, 9)
    assert all(v <= 0 for v in total.values())
    assert [-total[a] for a in env.possible_agents] == [float(p) for p in info["hand"]["points"]]


def test_a_game_for_stakes_rewards_the_change_of_each_seats_tokens():
    env = rl.env("auction", 3, seed=2)
    total, _ = _rewards(env, 3)
    assert env.match.hands_played == 1   # every balance started at 0: the rewards are the balances now
    assert [total[a] for a in env.possible_agents] == [float(t) for t in env.match.tokens[:-1]]
    assert any(total.values())


def test_hand_episodes_walk_through_a_match_and_a_seed_starts_a_new_one():
    env = rl.env("draw", 2, seed=1)
    _rewards(env, 6)
    first = env.match
    env.reset()
    assert env.match is first and env.state.context.hand_number == 2
    env.reset(seed=6)
    assert env.match is not first and env.state.context.hand_number == 1


def test_a_match_episode_rewards_the_winners_at_its_end():
    env = rl.env("block", 2, options={"target": 20}, episode="match", seed=2)
    total, info = _rewards(env, 5)
    winners = info["match"]["winners"]
    assert sorted(total.values()) == [-1.0, 1.0]
    assert all(total[f"player_{s}"] == 1.0 for s in winners)
    assert env.match.hands_played >= 1


# -- pictures -------------------------------------------------------------------------------
def test_render_as_text_and_as_an_rgb_array():
    text = rl.env("draw", 2, seed=1, render_mode="ansi")
    text.reset()
    assert "draw for 2" in text.render() and "to act: seat" in text.render()
    picture = rl.env("draw", 2, seed=1, render_mode="rgb_array")
    picture.reset()
    agent = picture.agent_selection
    picture.step(int(np.flatnonzero(picture.observe(agent)["action_mask"])[0]))
    image = picture.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3 and image.std() > 0


# -- Gymnasium ------------------------------------------------------------------------------
def test_every_game_is_registered_with_gymnasium_in_camel_case():
    assert rl.env_id("block") == "domine/Block-v0"
    assert rl.env_id("blind-hughie") == "domine/BlindHughie-v0"
    for gid in GAMES:
        assert rl.env_id(gid) in gymnasium.registry
        assert re.fullmatch(r"domine/[A-Z][A-Za-z0-9]*-v0", rl.env_id(gid))


@pytest.mark.parametrize("name, players, opponents", [
    ("domine/Block-v0", 2, "greedy"), ("domine/Draw-v0", 3, "random"), ("domine/BlindHughie-v0", 3, "greedy"),
    ("domine/Matador-v0", 2, "easy"), ("domine/Auction-v0", 3, "random"),
])
def test_gymnasium_check_env_passes(name, players, opponents):
    env = gymnasium.make(name, players=players, opponents=opponents)
    quiet(check_env, env.unwrapped, skip_render_check=True)


def test_a_gymnasium_episode_plays_the_learner_against_the_bots():
    env = gymnasium.make("domine/Block-v0", players=2, opponents="greedy")
    obs, info = env.reset(seed=3)
    assert env.action_space == gymnasium.spaces.Discrete(make_game("block", 2).actions.size)
    rng = random.Random(1)
    done, steps = False, 0
    while not done:
        mask = info["action_mask"]
        assert mask.any()
        obs, _, done, _, info = env.step(int(rng.choice(list(np.flatnonzero(mask)))))
        assert env.observation_space.contains(obs)
        steps += 1
    assert steps >= 1 and "hand" in info


def test_an_illegal_gymnasium_action_ends_the_episode_with_a_loss():
    env = gymnasium.make("domine/Block-v0", players=2)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)


def test_unknown_opponents_are_refused_when_the_environment_is_made():
    from domine.bots import BotError
    with pytest.raises(BotError):
        gymnasium.make("domine/Block-v0", players=2, opponents="grandmaster")
    with pytest.raises(ValueError, match=r"one opponent for each other seat \(1 for 2 players\), not 2"):
        gymnasium.make("domine/Block-v0", players=2, opponents=["greedy", "random"])


# -- the package's place --------------------------------------------------------------------
def test_only_domine_rl_imports_pettingzoo_and_gymnasium():
    for path in (ROOT / "src" / "domine").rglob("*.py"):
        if "rl" in path.relative_to(ROOT / "src" / "domine").parts[:1]:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for name in names:
                assert name.split(".")[0] not in ("pettingzoo", "gymnasium"), f"{path.name} imports {name}"


def test_docs_give_the_tensor_shape_of_every_game():
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    for gid, cls in GAMES.items():
        n = cls.min_players
        size = TensorCodec(make_game(gid, n)).size
        assert re.search(rf"\| {re.escape(gid)} \| {n} \| {size} \|", text), f"docs/rl.md lacks {gid} for {n}: {size}"


# -- the fast tensor, held to the plain one ------------------------------------------------
@pytest.mark.parametrize("combo", PARAMS)
def test_the_fast_tensor_equals_the_plain_one_value_for_value(combo):
    """``TensorCodec.encode`` (a KnowledgeTracker per seat, quick lead probes, sections as bits)
    against ``TensorCodec.reference`` with every lead probe a hand made, over two hands of a
    match: each seat's successive observations, another seat's in between, and a clone's
    (another hand context object: the tracker starts over)."""
    from domine.bots import knowledge

    gid, n, opts = combo
    game = make_game(gid, n, opts)
    fast, plain = TensorCodec(game), TensorCodec(game)
    rng = random.Random(zlib.crc32(("fast " + _id(combo)).encode()))
    match = Match(game, seed=rng.randrange(1 << 30))
    compared = 0
    for _ in range(2):
        if match.over:
            break
        state = match.start_hand()
        while True:
            for seat in range(n):
                if rng.random() < 0.5:
                    continue
                view = state.clone() if rng.random() < 0.1 else state
                obs = view.observation(seat)
                got = fast.encode(obs)
                with pytest.MonkeyPatch.context() as mp:
                    mp.setattr(knowledge, "plain_lead", lambda game: False)
                    want = plain.reference(obs)
                assert np.array_equal(got, want), \
                    f"seat {seat} after {len(obs.history)} events: {np.flatnonzero(got != want)}"
                compared += 1
            if state.over:
                break
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        match.finish_hand()
    assert compared > 0
