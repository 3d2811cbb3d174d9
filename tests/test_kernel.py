"""The batch kernel (domine.kernel) held to the engine: the same stream, the same deals, every
move of every hand, every result, on thousands of hands of every game it covers."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import run

from domine.games import make_game
from domine.kernel import NotCovered, line, mode, plan_of, reference
from domine.kernel.rng import SplitMix64, stream_seed
from domine.sim.simulate import simulate

#: every game the kernel covers, with options that change what it compiles
CASES = [
    ("block", 2, {}), ("block", 3, {}), ("block", 4, {"partners": True}), ("block", 2, {"double_nine": True}),
    ("block", 3, {"hand_size": 7, "target": 50}), ("draw", 2, {}), ("draw", 3, {}), ("draw", 4, {"partners": True}),
    ("draw", 2, {"voluntary_draw": True}), ("draw", 4, {"no_reserve": True}), ("family", 2, {"rounds": 3}),
    ("partners", 4, {}), ("two-no-draw", 2, {}), ("two-no-draw", 2, {"match_mode": "target"}),
    ("individual", 3, {}), ("individual", 4, {}), ("caribbean", 4, {}), ("chiva", 4, {}),
    ("caribbean", 4, {"max_hands": 5}),
]


def bots_for(case: int, n: int) -> tuple[str, ...]:
    return ("random",) * n if case % 2 == 0 else tuple(("greedy", "random")[s % 2] for s in range(n))


def hands_of_both(game, bots, hands: int, seed: int, by_hands: bool = True):
    """(the engine's hands: (log without the end, result); the kernel's trace and log; both counts)."""
    engine = []
    counts = reference.play_block(game, bots, seed, by_hands, hands,
                                  each_hand=lambda s: engine.append((s.history[:-1], s.result)))
    log = np.zeros((len(engine) * 120 + 1000, 2), np.int64)
    trace = np.zeros((len(engine) + 10, line.TRACE_WIDTH), np.int64)
    kernel = line.run(game, plan_of(game, bots), seed, by_hands, hands, log, trace)
    return engine, trace, log, counts, kernel


def assert_same_hands(game, engine, trace, log, counts, kernel):
    n, teams = game.players, max(game.seat_teams) + 1
    assert counts == kernel
    for h, (history, result) in enumerate(engine):
        row = trace[h]
        assert [tuple(m) for m in log[row[line.H_START]:row[line.H_END]].tolist()] == history, f"hand {h}"
        assert ("domino", "blocked")[row[line.H_REASON]] == result.reason
        assert (row[line.H_OUT] if row[line.H_OUT] >= 0 else None) == result.out_seat
        assert [w for w in row[line.H_WINNERS:line.H_WINNERS + n] if w >= 0] == result.winners
        assert list(row[line.H_WINNERS + n:line.H_WINNERS + n + teams]) == result.points


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{g}-{n}-{'-'.join(o)}" for g, n, o in CASES])
def test_every_move_of_a_thousand_hands_is_the_engines(case):
    gid, n, options = CASES[case]
    game = make_game(gid, n, options)
    assert_same_hands(game, *hands_of_both(game, bots_for(case, n), 1000, 1000 + case))


def test_whole_matches_and_greedy_alone():
    game = make_game("draw", 3)
    engine, *rest = hands_of_both(game, ("greedy",) * 3, 40, 7, by_hands=False)
    assert rest[2]["matches"] == 40 and rest[2]["hands"] == len(engine)
    assert_same_hands(game, engine, *rest)


@pytest.mark.parametrize("players", [2, 4])
def test_a_double_twelve_set(players):
    """Block on a double-twelve set (91 tiles): the kernel's widest masks."""
    game = make_game("block", players, {"set": "double-twelve"})
    bots = bots_for(1, players)
    engine, *rest = hands_of_both(game, bots, 300, 5)
    assert max(len(h) for h, _ in engine) > 20
    assert_same_hands(game, engine, *rest)


def test_the_stream_is_the_same_in_python_and_numba():
    """SplitMix64's outputs, bounded draws and shuffles, Python against the kernel's numba."""
    for seed in (0, 1, 2 ** 63 + 5, stream_seed(99, 3, 2, 4)):
        py = SplitMix64(seed)
        gens = np.array([seed], np.uint64)
        for bound in (1, 2, 3, 7, 28, 91, 1000, 2 ** 31 + 1):
            assert py.below(bound) == line._below(gens, 0, bound)
        assert py.next64() == int(line._next(gens, 0))
        tiles = list(range(55))
        py.shuffle(tiles)
        out = np.empty(55, np.int64)
        line._shuffle(gens, out, 55)
        assert out.tolist() == tiles
    assert int(line._stream_seed(np.uint64(12345), 6, 2, 4)) == stream_seed(12345, 6, 2, 4)
    assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF   # SplitMix64's published first output from 0


def drop_timing(sim) -> dict:
    d = sim.to_json()
    d.pop("elapsed_seconds"), d.pop("hands_per_second")
    return d


@pytest.mark.parametrize("game,players,bots", [("block", 2, "random"), ("caribbean", 4, "greedy,random"),
                                                ("individual", 3, "random")])
def test_simulate_gives_the_same_results_kernel_on_or_off(game, players, bots):
    on = drop_timing(simulate(game, players=players, hands=3000, seed=4, bots=bots, kernel="on", block_size=700))
    off = drop_timing(simulate(game, players=players, hands=3000, seed=4, bots=bots, kernel="off", block_size=700))
    assert on == off and on["hands_played"] == 3000


def test_the_same_seed_gives_the_same_results_whatever_the_jobs():
    runs = [drop_timing(simulate("draw", players=4, matches=60, seed=8, bots="random,greedy", kernel="on",
                                 jobs=jobs, block_size=15)) for jobs in (1, 2)]
    assert runs[0] == runs[1] and runs[0]["work_chunks"] == 4


def test_who_plays():
    block, cross = make_game("block", 2), make_game("cross", 3)
    assert mode("auto", block, ["random", "greedy"]) == "numba"
    assert mode("off", block, ["random", "greedy"]) == "reference"
    assert mode("auto", block, ["random", "greedy"], records=True) == ""   # records replay from the match seed
    assert mode("auto", block, ["random", "heuristic"]) == ""     # a bot it does not play: the engine as ever
    assert mode("auto", cross, ["random"] * 3) == ""
    with pytest.raises(NotCovered, match="turns are not the line's"):
        mode("on", cross, ["random"] * 3)
    with pytest.raises(NotCovered, match="only the bots"):
        mode("on", block, ["search", "random"])
    for gid, players, why in (("blitz", 4, "turns"), ("rotating-partners", 4, "stakes"), ("ordinary", 3, "turns")):
        with pytest.raises(NotCovered, match=why):
            plan_of(make_game(gid, players), ["random"] * players)


def test_without_numba_auto_plays_the_engine_and_on_refuses(monkeypatch):
    from domine import kernel
    monkeypatch.setattr(kernel, "numba_missing", lambda: "numba is not installed")
    block = make_game("block", 2)
    assert mode("auto", block, ["random"] * 2) == ""   # the engine as ever: faster than its stream in Python
    assert mode("off", block, ["random"] * 2) == "reference"
    with pytest.raises(NotCovered, match="numba is not installed"):
        mode("on", block, ["random"] * 2)


def test_the_command_refuses_in_one_line():
    r = run("simulate", "cross", "--hands", "5", "--kernel", "on")
    assert r.exit_code == 2 and "--kernel on" in r.output and len(r.output.strip().splitlines()) == 1
    r = run("simulate", "block", "--hands", "5", "--kernel", "sometimes")
    assert r.exit_code == 2 and "auto, on or off" in r.output
    r = run("simulate", "block", "--hands", "500", "--bots", "random", "--kernel", "on", "--json")
    assert r.exit_code == 0 and '"hands_played": 500' in r.output
