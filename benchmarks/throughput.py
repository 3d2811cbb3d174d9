"""Random-playout throughput of every game: hands per second, one process.

    python benchmarks/throughput.py                 # every game, every player count
    python benchmarks/throughput.py block --players 2 --seconds 5

Each hand is dealt by a Match (so redeals and later-hand leaders are included)
and played out by HandState.play_random, which chooses uniformly among the
legal moves. Each measurement is split into rounds; the best round is reported
with the median beside it, because the machines here are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from domine.games import GAMES, make_game  # noqa: E402
from domine.engine.match import Match  # noqa: E402


def playout_rate(game_id: str, players: int, seconds: float, options: dict | None = None) -> tuple[float, float]:
    """(hands per second, moves per hand) of random playouts for about `seconds`."""
    game = make_game(game_id, players, options)
    rnd = random.Random(12345).random
    hands = moves = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        match = Match(game, seed=seed, keep_hands=False)
        seed += 1
        while not match.over:
            state = match.start_hand()
            state.play_random(rnd)
            moves += len(state.history)
            match.finish_hand()
            hands += 1
        if time.perf_counter() > deadline:
            break
    elapsed = time.perf_counter() - start
    return hands / elapsed, moves / hands


def best_rate(game_id: str, players: int, seconds: float, rounds: int) -> tuple[float, float, float]:
    """(best, median, moves per hand) over `rounds` rounds: the machine is shared, and
    the best round is the one least disturbed by other work (as timeit advises)."""
    results = [playout_rate(game_id, players, seconds / rounds) for _ in range(rounds)]
    rates = sorted(r for r, _ in results)
    return rates[-1], rates[len(rates) // 2], results[0][1]


def game_arguments(description: str, seconds: float, rounds: int, argv: list[str] | None) -> argparse.Namespace:
    """The command line of the benchmarks that measure games: ids, players, time, rounds."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=seconds, help="time per game and player count")
    parser.add_argument("--rounds", type=int, default=rounds, help="rounds per measurement; the best is reported")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = game_arguments(__doc__.splitlines()[0], 3.0, 5, argv)
    ids = args.games or list(GAMES)
    rows = []
    for gid in ids:
        cls = GAMES[gid]
        counts = [args.players] if args.players else range(cls.min_players, cls.max_players + 1)
        for n in counts:
            best, median, per_hand = best_rate(gid, n, args.seconds, args.rounds)
            rows.append((gid, n, best, median, per_hand))
            if not args.markdown:
                print(f"{gid:10s} {n} players  {best:10,.0f} hands/s (median {median:,.0f})"
                      f"  {per_hand:5.1f} moves/hand", flush=True)
    if args.markdown:
        print("| game | players | hands/s (best) | hands/s (median) | moves/hand |")
        print("|---|---:|---:|---:|---:|")
        for gid, n, best, median, per_hand in rows:
            print(f"| {gid} | {n} | {best:,.0f} | {median:,.0f} | {per_hand:.1f} |")


if __name__ == "__main__":
    main()
