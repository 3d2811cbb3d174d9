"""2-player block: domine against a plain loop written for that one game, as ratios.

    python benchmarks/plain_block.py                    # 7 rounds of about 1 s each way
    python benchmarks/plain_block.py --rounds 11 --seconds 2 --process-hands 200000

The *plain loop* below is what a competent user writes in an afternoon for 2-player
block alone: the 28 tiles shuffled, two hands of 7 as Python lists, two open ends; the
heaviest double leads, then each seat plays a random tile that fits (on either end) or
passes; the hand stops at a domino or when both seats have passed, and the winner scores
the loser's pips (the lower hand on a block). No bitmasks, no tables: not slow on
purpose, not tuned either.

Beside it, in the same run and in alternating rounds (the machine is shared and absolute
figures drift by a third, so only the ratios mean much):

- ``play_random``: domine's ``Match`` + ``HandState.play_random`` for ``block`` with 2
  players, matches played to their end as ``benchmarks/throughput.py`` plays them;
- ``simulate``: ``domine.sim.simulate.simulate("block", players=2, bots="random,random", kernel="engine",
  hands=N, jobs=1)`` in this process;
- ``domine simulate``: the command ``domine simulate block --players 2 --bots
  random,random --hands N`` as a whole process (start-up included; hands/s from its
  wall-clock time), fewer rounds.

Each line gives hands/s (best and median of the rounds) and both as ratios to the plain
loop's best and median. This is a benchmark, never a test.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from domine.sim.simulate import simulate  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import playout_rate  # noqa: E402

TILES = [(a, b) for a in range(7) for b in range(a, 7)]


def plain_hand(rng: random.Random) -> tuple[int | None, int]:
    """One hand of 2-player block, written plainly: (winner or None, points)."""
    tiles = TILES[:]
    rng.shuffle(tiles)
    hands = [tiles[:7], tiles[7:14]]
    doubles = [t for t in tiles[:14] if t[0] == t[1]]
    lead = max(doubles) if doubles else max(tiles[:14], key=lambda t: (t[0] + t[1], t))
    seat = 0 if lead in hands[0] else 1
    hands[seat].remove(lead)
    left, right = lead
    seat = 1 - seat
    passes = 0
    while True:
        hand = hands[seat]
        options = []
        for t in hand:
            a, b = t
            if a == left or b == left:
                options.append((t, 0))
            if right != left and (a == right or b == right):
                options.append((t, 1))
        if options:
            t, side = rng.choice(options)
            hand.remove(t)
            a, b = t
            if side == 0:
                left = b if a == left else a
            else:
                right = b if a == right else a
            passes = 0
            if not hand:
                return seat, sum(a + b for a, b in hands[1 - seat])
        else:
            passes += 1
            if passes == 2:
                pips = [sum(a + b for a, b in h) for h in hands]
                if pips[0] == pips[1]:
                    return None, 0
                winner = 0 if pips[0] < pips[1] else 1
                return winner, pips[1 - winner]
        seat = 1 - seat


def rate_plain(seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            plain_hand(rng)
        hands += 200
        now = time.perf_counter()
        if now > deadline:
            return hands / (now - start)


def rate_play_random(seconds: float, seed: int) -> float:
    """``benchmarks/throughput.py``'s measure: matches of 2-player block played to their end."""
    return playout_rate("block", 2, seconds)[0]


def rate_simulate(seconds: float, seed: int, per_hand: list[float]) -> float:
    """``simulate`` in this process, sized from the last round to take about ``seconds``."""
    n = max(1000, int(seconds / per_hand[0]))
    start = time.perf_counter()
    simulate("block", players=2, bots="random,random", hands=n, seed=seed, jobs=1, kernel="engine")
    elapsed = time.perf_counter() - start
    per_hand[0] = elapsed / n
    return n / elapsed


def domine_command() -> list[str]:
    beside = Path(sys.executable).with_name("domine")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("domine")
    return [found] if found else [sys.executable, "-m", "domine"]


def rate_command(hands: int, seed: int) -> float:
    argv = domine_command() + ["simulate", "block", "--kernel", "off", "--players", "2", "--bots", "random,random",
                               "--hands", str(hands), "--seed", str(seed)]
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return hands / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds of each measurement (default 7)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per round and measurement")
    parser.add_argument("--process-hands", type=int, default=100_000,
                        help="hands of each `domine simulate` run (0: skip it)")
    parser.add_argument("--process-rounds", type=int, default=3, help="runs of `domine simulate`")
    args = parser.parse_args(argv)
    rates: dict[str, list[float]] = {"plain loop": [], "play_random": [], "simulate": [], "domine simulate": []}
    per_hand = [1e-4]
    rate_plain(0.2, 0), rate_play_random(0.2, 0), rate_simulate(0.2, 0, per_hand)   # warm up
    for r in range(args.rounds):
        rates["plain loop"].append(rate_plain(args.seconds, r))
        rates["play_random"].append(rate_play_random(args.seconds, r))
        rates["simulate"].append(rate_simulate(args.seconds, r, per_hand))
        if args.process_hands and r < args.process_rounds:
            rates["domine simulate"].append(rate_command(args.process_hands, r))
        print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    plain = rates["plain loop"]
    best0, median0 = max(plain), statistics.median(plain)
    print(f"2-player block, {args.rounds} rounds of {args.seconds:g} s (domine simulate: "
          f"{len(rates['domine simulate'])} runs of {args.process_hands:,} hands)")
    print(f"{'':16s} {'best hands/s':>13s} {'median':>9s} {'best/plain':>11s} {'median/plain':>13s}")
    for name, values in rates.items():
        if not values:
            continue
        best, median = max(values), statistics.median(values)
        print(f"{name:16s} {best:13,.0f} {median:9,.0f} {best / best0:11.2f} {median / median0:13.2f}")


if __name__ == "__main__":
    main()
