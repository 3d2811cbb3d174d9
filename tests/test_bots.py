"""Bots: legal moves on every game, only the observation, reproducible, levels and parameters."""

import dataclasses
import random

import pytest

from domine.bots import BOTS, BotError, make_bot
from domine.games import GAMES, make_game
from domine.engine.hand import HandState
from domine.engine.observation import Observation
from domine.engine.match import Match

COMBOS = [(gid, n) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)]
FAST = {"search": "search:worlds=4,exact=500", "hard": "hard:worlds=4,think=0.2"}


def _play(game, names, seed, hands=1):
    match = Match(game, seed=seed)
    bots = [make_bot(FAST.get(name, name), seed=seed * 10 + s) for s, name in enumerate(names)]
    for _ in range(hands):
        if match.over:
            break
        state = match.start_hand()
        while not state.over:
            seat = state.acting_seat()
            obs = state.observation(seat)
            move = bots[seat].choose(obs)
            assert move in obs.legal_moves, f"{names[seat]} chose an illegal move"
            state.apply(move)
        match.finish_hand()
    return match


@pytest.mark.parametrize("gid,n", COMBOS)
@pytest.mark.parametrize("name", ["heuristic", "search", "easy", "hard"])
def test_every_bot_plays_legal_moves_on_every_game(gid, n, name):
    game = make_game(gid, n)
    names = [name if s % 2 == 0 else "random" for s in range(n)]
    _play(game, names, seed=3)


def test_a_bot_gets_no_route_to_the_full_state():
    """An observation holds plain data: nothing in it refers to the hand state or the game."""
    state = Match(make_game("draw", 3), seed=5).start_hand()
    obs = state.observation(state.acting_seat())
    seen = set()

    def walk(value):
        if id(value) in seen:
            return
        seen.add(id(value))
        assert not isinstance(value, HandState)
        assert type(value).__module__ in ("builtins", "domine.engine.hand", "domine.engine.observation", "domine.engine.results",
                                         "domine.engine.layout"), type(value)
        if dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif hasattr(value, "__slots__") and not isinstance(value, (int, str)):
            for name in value.__slots__:
                walk(getattr(value, name))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple, set)):
            for v in value:
                walk(v)

    walk(obs)
    assert isinstance(obs, Observation)


def test_search_is_deterministic_for_a_seed_and_budget():
    game = make_game("block", 2)
    a = _play(game, ["search", "greedy"], seed=9)
    b = _play(game, ["search", "greedy"], seed=9)
    assert [s.history for s in a.hands] == [s.history for s in b.hands]


def test_levels_and_parameters():
    for name in ("easy", "medium", "hard", "heuristic", "search", "random", "greedy"):
        assert name in BOTS
    bot = make_bot("search:worlds=7,think=0.5s,epsilon=0.3", seed=1)
    assert (bot.worlds, bot.think, bot.epsilon) == (7, 0.5, 0.3)
    with pytest.raises(BotError):
        make_bot("search:depth=3")
    with pytest.raises(BotError):
        make_bot("greedy:worlds=3")
    with pytest.raises(BotError):
        make_bot("search:worlds=many")
    with pytest.raises(BotError):
        make_bot("grandmaster")


def test_search_beats_random_on_block():
    """A small budget already wins clearly more than half of duplicate hands."""
    game = make_game("block", 2)
    wins = 0.0
    plays = 0
    for i in range(30):
        deal = game.deal(random.Random(500 + i))
        for search_seat in (0, 1):
            bots = {search_seat: make_bot("search:worlds=30,exact=500", seed=i), 1 - search_seat: make_bot("random", seed=i)}
            state = game.new_hand(deal)
            while not state.over:
                seat = state.acting_seat()
                state.apply(bots[seat].choose(state.observation(seat)))
            w = state.result.winners
            wins += 1.0 if search_seat in w else (0.5 if not w else 0.0)
            plays += 1
    assert wins / plays > 0.55


def test_think_limits_only_searching_bots():
    from domine.bots import with_think
    assert with_think("greedy", 0.5) == "greedy"
    assert with_think("search", 0.5) == "search:think=0.5"
    assert with_think("hard:worlds=9+think=3", 0.25) == "hard:worlds=9+think=0.25"
    assert with_think("search:worlds=9", None) == "search:worlds=9"
    assert make_bot(with_think("search:worlds=9", 0.5)).think == 0.5


def test_the_cli_takes_think_and_bot_parameters():
    from typer.testing import CliRunner

    from domine.cli import app
    runner = CliRunner()
    ok = runner.invoke(app, ["play", "block", "--seats", "search:worlds=3+rollouts=1,greedy", "--seed", "1",
                             "--quiet", "--think", "0.05s", "-o", "target=10"])
    assert ok.exit_code == 0, ok.output
    assert "think=0.05" in ok.output
    bad = runner.invoke(app, ["play", "block", "--seats", "search:depth=3,greedy", "--quiet"])
    assert bad.exit_code == 2 and "no parameter 'depth'" in bad.output
