"""Fast paths are the engine compiled: they must make exactly the moves the step API makes.

For every game x player count x option set, hands are played twice from the same deal with
the same choices: once by ``play_random`` / ``play_out`` (the game's fast path where it has
one, ``domine.engine.fastpaths``), once by ``legal_moves`` + ``apply`` in this file. The
event logs (``history``), the final states (``snapshot``) and the results must be equal,
for uniform random floats (``play_random``), random bots (``ByIndex``) and greedy
(``HEAVIEST``), from the deal and from the middle of a hand.
"""

import random

import pytest

from domine.bots import GreedyBot, RandomBot
from domine.engine.choosers import HEAVIEST, Among, ByIndex, heaviest_move
from domine.engine.fastpaths import name_of
from domine.engine.match import Match
from domine.games import GAMES, make_game, option_sets
from helpers import step_randomly

COMBOS = [(gid, n, opts) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)
          for opts in option_sets(cls, n)]


def _id(combo):
    gid, n, opts = combo
    return f"{gid}-{n}" + "".join(f"-{k}={v}" for k, v in opts.items())


def _same(a, b) -> None:
    assert a.history == b.history
    assert a.snapshot() == b.snapshot()
    assert a.result.to_json() == b.result.to_json()


def _steps_random(state, r) -> None:
    """The reference: every move ``moves[int(r() * len(moves))]`` of the step API."""
    while not state.over:
        moves = state.legal_moves()
        state.apply(moves[int(r() * len(moves))])


def _steps_choosing(state, choose) -> None:
    """The reference: ``choose(seat, moves)`` for every real choice of the step API."""
    while not state.over:
        moves = state.legal_moves()
        state.apply(moves[0] if len(moves) == 1 else choose(state.acting_seat(), moves))


def _choosers(kind: str, seed: int, n: int):
    """(choosers for play_out, the same choices for the reference) of one kind."""
    if kind == "random":   # random bots: rng.choice(moves) by index
        fast = [ByIndex(random.Random(seed * 10 + s)._randbelow) for s in range(n)]
        rngs = [random.Random(seed * 10 + s) for s in range(n)]
        return fast, lambda seat, moves: rngs[seat].choice(moves)
    if kind == "greedy":
        return [HEAVIEST] * n, lambda seat, moves: heaviest_move(moves)
    # a chooser that is handed the listed moves: the last one
    return [Among(lambda moves: moves[-1])] * n, lambda seat, moves: moves[-1]


def _deals(game, players: int) -> int:
    """Deals per chooser kind: many where a fast path plays, a few where the step API plays both."""
    if game.fast_path is None:
        return 2
    return 16 if players <= 4 else 8


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_fast_paths_make_the_step_apis_moves(combo):
    gid, n, options = combo
    game = make_game(gid, n, options)
    deals = _deals(game, n)
    # play_random: uniform floats, asked for every move, over the first hands of a match
    for seed in range(deals):
        fast, slow = Match(game, seed=seed), Match(game, seed=seed)
        r_fast, r_slow = random.Random(seed).random, random.Random(seed).random
        for _ in range(2):
            if fast.over:
                break
            a, b = fast.start_hand(), slow.start_hand()
            a.play_random(r_fast)
            _steps_random(b, r_slow)
            _same(a, b)
            fast.finish_hand()
            slow.finish_hand()
        assert fast.scores == slow.scores
    # play_out with choosers that see only the legal moves, asked for real choices only
    for kind in ("random", "greedy", "among"):
        for seed in range(deals if kind == "random" else max(1, deals // 2)):
            fast, slow = Match(game, seed=seed), Match(game, seed=seed)
            choosers, choose = _choosers(kind, seed, n)
            a, b = fast.start_hand(), slow.start_hand()
            a.play_out(choosers)
            _steps_choosing(b, choose)
            _same(a, b)


@pytest.mark.parametrize("combo", [c for c in COMBOS if make_game(c[0], c[1], c[2]).fast_path is not None],
                         ids=_id)
def test_fast_paths_from_the_middle_of_a_hand(combo):
    """Rollouts start anywhere: after some moves of the step API (a drawn tile to place, a turn
    half done, the stock empty), the fast path is still the step API, the state as a whole."""
    gid, n, options = combo
    game = make_game(gid, n, options)
    for seed in range(4):
        match = Match(game, seed=seed)
        steps = random.Random(seed)
        state = match.start_hand()
        step_randomly(state, steps, steps.randrange(60))
        if state.over:
            continue
        a, b = state.clone(), state.clone()
        a.play_random(random.Random(seed).random)
        _steps_random(b, random.Random(seed).random)
        _same(a, b)
        a, b = state.clone(), state.clone()
        choosers, choose = _choosers("random", seed, n)
        a.play_out(choosers)
        _steps_choosing(b, choose)
        _same(a, b)


def test_the_fast_paths_are_chosen_by_what_games_declare():
    """Games are given a fast path by their declarations (domine.engine.fastpaths), never by id."""
    assert name_of(make_game("block", 2)) == "line"
    assert name_of(make_game("draw", 4)) == "line"
    assert name_of(make_game("block", 2, {"openspiel": True})) == ""   # a stuck seat's turn is skipped
    assert name_of(make_game("network", 4)) == "places"   # points on play, declared
    assert name_of(make_game("cross", 3)) == "places"
    assert name_of(make_game("mexican-train", 5)) == "trains"
    assert name_of(make_game("ordinary", 2)) == ""        # its hooks
    for gid in ("mexican-train", "network"):
        assert "playout" not in vars(type(make_game(gid))), "a game module is a page of rules"


def test_random_bots_choose_by_index_as_rng_choice_does():
    """A random bot is asked by index on the fast paths: the same choices as ``rng.choice``."""
    a, b = RandomBot(7), RandomBot(7)
    index = a.chooser()
    for count in list(range(1, 40)) * 20:
        moves = list(range(100, 100 + count))
        assert moves[index.pick(count)] == b.choose_among(moves)
    assert GreedyBot().chooser() is HEAVIEST
