"""Random-playout throughput of every game: hands per second, one process.

    python benchmarks/throughput.py                 # every game, every player count
    python benchmarks/throughput.py block --players 2 --seconds 5

Each hand is dealt by a Match (so redeals and later-hand leaders are included)
and played by choosing uniformly among the legal moves. Numbers depend on the
machine and its load: run it twice and keep the better figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from domine.games import GAMES, make_game  # noqa: E402
from domine.match import Match  # noqa: E402


def playout_rate(game_id: str, players: int, seconds: float, options: dict | None = None) -> tuple[float, float]:
    """(hands per second, moves per hand) of random playouts for `seconds`."""
    game = make_game(game_id, players, options)
    rng = random.Random(12345)
    rnd = rng.random
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    ids = args.games or list(GAMES)
    rows = []
    for gid in ids:
        cls = GAMES[gid]
        counts = [args.players] if args.players else range(cls.min_players, cls.max_players + 1)
        for n in counts:
            rate, per_hand = playout_rate(gid, n, args.seconds)
            rows.append((gid, n, rate, per_hand))
            if not args.markdown:
                print(f"{gid:10s} {n} players  {rate:10,.0f} hands/s  {per_hand:5.1f} moves/hand", flush=True)
    if args.markdown:
        print("| game | players | hands/s | moves/hand |")
        print("|---|---:|---:|---:|")
        for gid, n, rate, per_hand in rows:
            print(f"| {gid} | {n} | {rate:,.0f} | {per_hand:.1f} |")


if __name__ == "__main__":
    main()
