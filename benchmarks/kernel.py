"""The batch kernel (domine.kernel): hands per CPU-second per game on 1 and 2 cores, beside the
plain loop of benchmarks/plain_block.py and the engine, in one run; then the kernel held to the
engine on 100,000 hands of 2-player block (every move and every result).

    python benchmarks/kernel.py                       # every game, 2 s a measure, the check
    python benchmarks/kernel.py --seconds 1 --check 0 --games block,draw

Rates are hands per CPU-second (``time.process_time`` of the process, or of both workers on
2 cores) so that a machine shared with other work still gives the kernel's own speed; the
2-core figure is the total of two worker processes playing at once and its wall-clock rate
is shown beside it. The kernel plays blocks of 100,000 hands (its compile is done before).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from plain_block import plain_hand  # noqa: E402

from domine.games import make_game  # noqa: E402
from domine.kernel import line, plan_of, reference  # noqa: E402

GAMES = [("block", 2, {}), ("block", 4, {}), ("draw", 2, {}), ("draw", 4, {"partners": True}), ("family", 2, {}),
         ("partners", 4, {}), ("two-no-draw", 2, {}), ("individual", 4, {}), ("caribbean", 4, {}), ("chiva", 4, {}),
         ("block", 2, {"double_nine": True})]


def kernel_rate(spec, seconds: float, bots: str = "random", seed: int = 0) -> tuple[float, float]:
    """(hands per CPU-second, hands per wall second) of the kernel on one core."""
    gid, n, opts = spec
    game = make_game(gid, n, opts)
    plan = plan_of(game, (bots,) * n)
    line.run(game, plan, seed, True, 1000)   # compiled (or loaded from the cache) before the clock
    hands, cpu, wall, b = 0, 0.0, 0.0, 1
    while cpu < seconds:
        c, w = time.process_time(), time.perf_counter()
        hands += line.run(game, plan, seed * 1000 + b, True, 100_000)["hands"]
        cpu += time.process_time() - c
        wall += time.perf_counter() - w
        b += 1
    return hands / cpu, hands / wall


def engine_rate(spec, seconds: float) -> float:
    """The engine playing the kernel's matches (``--kernel off``), hands per CPU-second."""
    gid, n, opts = spec
    game = make_game(gid, n, opts)
    hands, start, b = 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        hands += reference.play_block(game, ("random",) * n, b, True, 500)["hands"]
        b += 1
    return hands / (time.process_time() - start)


def plain_rate(seconds: float) -> float:
    import random
    rng, hands, start = random.Random(0), 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(200):
            plain_hand(rng)
        hands += 200
    return hands / (time.process_time() - start)


def _worker(args):
    spec, seconds, seed = args
    return kernel_rate(spec, seconds, seed=seed)


def two_cores(spec, seconds: float) -> tuple[float, float]:
    """(hands per CPU-second summed over two workers, their total hands per wall second)."""
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_worker, [(spec, 0.05, 9), (spec, 0.05, 9)]))   # warm both workers
        start = time.perf_counter()
        rates = list(pool.map(_worker, [(spec, seconds, 1), (spec, seconds, 2)]))
        elapsed = time.perf_counter() - start
    cpu = sum(r[0] for r in rates)
    wall = sum(r[0] * seconds for r in rates) / elapsed
    return cpu, wall


def check(hands: int) -> None:
    """The kernel's every move and result against the engine's, on ``hands`` hands of 2-player block."""
    game = make_game("block", 2)
    bots = ("random", "random")
    engine = []
    start = time.perf_counter()
    counts = reference.play_block(game, bots, 2024, True, hands,
                                  each_hand=lambda s: engine.append((s.history[:-1], s.result)))
    log = np.zeros((hands * 30, 2), np.int64)
    trace = np.zeros((hands, line.TRACE_WIDTH), np.int64)
    kernel = line.run(game, plan_of(game, bots), 2024, True, hands, log, trace)
    moves = 0
    for h, (history, result) in enumerate(engine):
        row = trace[h]
        mine = [tuple(m) for m in log[row[line.H_START]:row[line.H_END]].tolist()]
        winners = [w for w in row[line.H_WINNERS:line.H_WINNERS + 2] if w >= 0]
        if mine != history or winners != result.winners or list(row[line.H_WINNERS + 2:line.H_WINNERS + 4]) \
                != result.points or ("domino", "blocked")[row[line.H_REASON]] != result.reason:
            sys.exit(f"hand {h}: the kernel differs from the engine")
        moves += len(history)
    if counts != kernel:
        sys.exit("the block's counts differ")
    print(f"equality: {hands:,} hands of 2-player block, {moves:,} moves, every move and result equal "
          f"({time.perf_counter() - start:.0f} s)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measure (default 2)")
    parser.add_argument("--check", type=int, default=100_000, help="hands of the equality check (0: skip)")
    parser.add_argument("--games", default="", help="ids to measure (default: all)")
    args = parser.parse_args(argv)
    wanted = set(args.games.split(",")) if args.games else None
    print(f"plain loop (2-player block, Python): {plain_rate(args.seconds):,.0f} hands per CPU-second")
    print("| game | players | options | kernel, 1 core | kernel, 2 cores (CPU) | 2 cores (wall) | engine | "
          "kernel / engine |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for spec in GAMES:
        if wanted and spec[0] not in wanted:
            continue
        one, _ = kernel_rate(spec, args.seconds)
        two, wall = two_cores(spec, args.seconds)
        eng = engine_rate(spec, args.seconds / 2)
        opts = ", ".join(f"{k}={v}" for k, v in spec[2].items()) or "-"
        print(f"| {spec[0]} | {spec[1]} | {opts} | {one:,.0f} | {two:,.0f} | {wall:,.0f} | {eng:,.0f} | "
              f"{one / eng:,.0f} |", flush=True)
    if args.check:
        check(args.check)


if __name__ == "__main__":
    main()
