"""How long ``hard`` takes a decision, idle or on a loaded machine, and how often the clock cuts it.

    python benchmarks/think_time.py --decisions 200 --load 6
    python benchmarks/think_time.py --decisions 100 --game partners --players 4 --bot hard:think=0
    git archive REV src | tar -x -C /tmp/before        # the code of another commit, to compare
    python benchmarks/think_time.py --decisions 200 --load 6 --src /tmp/before/src

The bot (``hard`` unless ``--bot`` says otherwise) plays every seat of hands of ``--game``
(2-player block by default) dealt from ``--seed``; every decision with more than one legal
move is timed with the real clock. ``hard``'s decisions follow from its seed and its budget
of work (worlds, rollouts, units of exact search); its time limit (``think``, 1 s for
``hard``) only caps a search, and a decision it cut is counted (``last_decision_cut``).
``hard:think=0`` measures the budget alone, with no cap. ``--load K`` starts K busy-loop
processes beside it for the whole run (and stops them, by their ids, at the end), to see
whether the bot keeps its time limit when a unit of search work costs more than usual. The
p50, p95 and largest decision times are printed with the decisions cut and the load average
as the run ended. ``--src`` measures the package in another source tree (the code before a
change, say), with this same script.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` by the nearest rank."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def decision_times(decisions: int, seed: int, bot_name: str, game_id: str = "block",
                   players: int = 2) -> tuple[list[float], int]:
    """The seconds of each of ``decisions`` decisions and how many of them the clock cut."""
    from domine.bots import make_bot
    from domine.engine.match import Match
    from domine.games import make_game

    game = make_game(game_id, players)
    times: list[float] = []
    cut = 0
    rng = random.Random(seed)
    while len(times) < decisions:
        match = Match(game, seed=rng.randrange(1 << 30), keep_hands=False)
        state = match.start_hand()
        bots = [make_bot(bot_name, rng.randrange(1 << 30)) for _ in range(game.players)]
        while not state.over and len(times) < decisions:
            seat = state.acting_seat()
            legal = state.legal_moves()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            obs = state.observation(seat)
            start = time.perf_counter()
            move = bots[seat].choose(obs)
            times.append(time.perf_counter() - start)
            cut += getattr(bots[seat], "last_decision_cut", None) is not None
            state.apply(move)
    return times, cut


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decisions", type=int, default=100, help="decisions to time")
    ap.add_argument("--load", type=int, default=0, help="busy-loop processes to run beside the bot")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    ap.add_argument("--bot", default="hard", help="the bot to time (hard: at most 1 s a decision)")
    ap.add_argument("--game", default="block", help="the game (default block)")
    ap.add_argument("--players", type=int, default=2, help="players (default 2)")
    ap.add_argument("--src", default=str(Path(__file__).resolve().parents[1] / "src"),
                    help="the source tree whose domine is measured")
    args = ap.parse_args()
    sys.path.insert(0, args.src)
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    try:
        if busy:
            time.sleep(2.0)   # let the load settle in
        times, cut = decision_times(args.decisions, args.seed, args.bot, args.game, args.players)
        load = os.getloadavg()[0]
    finally:
        for p in busy:
            p.kill()
            p.wait()
    print(f"{args.bot} in {args.game}, {args.players} players, {len(times)} decisions, {args.load} busy "
          f"processes (load average {load:.1f}), source {args.src}")
    print(f"p50 {percentile(times, 50):.3f} s  p95 {percentile(times, 95):.3f} s  max {max(times):.3f} s  "
          f"mean {sum(times) / len(times):.3f} s  cut by the clock {cut}")


if __name__ == "__main__":
    main()
