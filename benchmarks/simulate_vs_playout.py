"""Every game under ``simulate`` with random bots, beside its own ``play_random``: hands/s and the ratio.

    python benchmarks/simulate_vs_playout.py                     # every game, every player count
    python benchmarks/simulate_vs_playout.py block network mexican-train --seconds 2 --markdown

For each game and player count, in alternating rounds of about ``--seconds / --rounds`` each:

- ``play_random``: hands dealt by a ``Match`` and played by ``HandState.play_random``, as
  ``benchmarks/throughput.py`` plays them (the game's fast path where it has one);
- ``simulate``: ``domine.sim.simulate.simulate(game, players=N, bots="random", kernel="engine", hands=H,
  jobs=1)`` in this process, ``H`` sized from the previous round.

The ratio is simulate's hands/s over play_random's (best rounds; median beside): near 1
means that a simulation of bots that read only their legal moves runs at the game's own
playout speed. The fast path column names the engine's fast path a game takes
(``domine.engine.fastpaths``; blank: the general step path). A benchmark, never a test.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from throughput import game_arguments, playout_rate  # noqa: E402

from domine.engine.fastpaths import name_of  # noqa: E402
from domine.games import GAMES, make_game  # noqa: E402
from domine.sim.simulate import simulate  # noqa: E402


def simulate_rate(game_id: str, players: int, hands: int, seed: int) -> float:
    start = time.perf_counter()
    simulate(game_id, players=players, bots="random", hands=hands, seed=seed, jobs=1, kernel="engine")
    return hands / (time.perf_counter() - start)


def measure(game_id: str, players: int, seconds: float, rounds: int) -> tuple[list[float], list[float]]:
    """(play_random rates, simulate rates), one of each per round."""
    per = seconds / rounds / 2
    own, sim = [], []
    estimate = playout_rate(game_id, players, min(per, 0.2))[0]   # warm up, and size simulate's runs
    for r in range(rounds):
        own.append(playout_rate(game_id, players, per)[0])
        sim.append(simulate_rate(game_id, players, max(20, int(per * estimate)), r))
        estimate = sim[-1]
    return own, sim


def main(argv: list[str] | None = None) -> None:
    args = game_arguments(__doc__.splitlines()[0], 2.0, 3, argv)
    rows = []
    if args.markdown:
        print("| game | players | fast path | play_random hands/s | simulate hands/s | simulate / play_random |")
        print("|---|---:|---|---:|---:|---:|")
    for gid in args.games or list(GAMES):
        cls = GAMES[gid]
        counts = [args.players] if args.players else range(cls.min_players, cls.max_players + 1)
        for n in counts:
            own, sim = measure(gid, n, args.seconds, args.rounds)
            path = name_of(make_game(gid, n))
            row = (gid, n, path, max(own), max(sim), max(sim) / max(own),
                   statistics.median(sim) / statistics.median(own))
            rows.append(row)
            if args.markdown:
                print(f"| {gid} | {n} | {path} | {row[3]:,.0f} | {row[4]:,.0f} | {row[5]:.2f} |", flush=True)
            else:
                print(f"{gid:22s} {n} {path or '-':7s} play_random {row[3]:9,.0f}  simulate {row[4]:9,.0f}"
                      f"  ratio {row[5]:.2f} (medians {row[6]:.2f})", flush=True)
    worst = min(rows, key=lambda r: r[5])
    print(f"lowest ratio: {worst[0]} with {worst[1]} players, {worst[5]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
