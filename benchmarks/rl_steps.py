"""Environment steps per second, 2-player block: domine's PettingZoo environment beside
OpenSpiel's ``python_block_dominoes``, as ratios.

    python benchmarks/rl_steps.py                       # 7 rounds of about 1 s each way
    python benchmarks/rl_steps.py --rounds 11 --seconds 2 --markdown

Both environments are stepped with uniformly random legal actions, and every step holds
what a learning agent needs to choose its next action:

- ``domine``: ``env.step(action)`` then ``env.last()``, which gives the observation tensor
  (``domine.rl.tensor``) and the action mask of the agent to act; a hand over, ``env.reset()``
  deals the next one (a hand is an episode).
- ``OpenSpiel``: ``state.apply_action(action)``, then ``state.observation_tensor(player)`` and
  ``state.legal_actions(player)`` for the player to act; at a chance node (the deal) an
  outcome is sampled from ``state.chance_outcomes()`` and applied, which costs time but is
  not a step; a game over, ``game.new_initial_state()``.

A step is one action of a player, in both. Beside them, a plain reference: domine's engine
alone (``state.legal_moves()`` and ``state.apply``, no observation), the floor under any
environment built on it. The rounds alternate (the machine is shared and absolute figures
drift, so only the ratios mean much); each line gives steps/s (best and median of the
rounds) and both as ratios to OpenSpiel's best and median. A benchmark, never a test.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

import domine.rl  # noqa: E402
from domine.engine.match import Match  # noqa: E402
from domine.games import make_game  # noqa: E402

BATCH = 200   # steps between two looks at the clock


def rate_domine(seconds: float, seed: int) -> float:
    env = domine.rl.env("block", 2, seed=seed)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(BATCH):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                obs = env.last()[0]
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        steps += BATCH
        now = time.perf_counter()
        if now > deadline:
            return steps / (now - start)


def openspiel_game():
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401  (registers python_block_dominoes)
    return pyspiel.load_game("python_block_dominoes")


def rate_openspiel(seconds: float, seed: int, game) -> float:
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        done = 0
        while done < BATCH:
            if state.is_terminal():
                state = game.new_initial_state()
                continue
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
        steps += done
        now = time.perf_counter()
        if now > deadline:
            return steps / (now - start)


def rate_engine(seconds: float, seed: int) -> float:
    """domine's engine alone: matches of 2-player block, random legal moves, no observation."""
    game = make_game("block", 2)
    rng = random.Random(seed)
    match = Match(game, seed=seed, keep_hands=False)
    state = match.start_hand()
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(BATCH):
            while state.over:
                match.finish_hand()
                if match.over:
                    match = Match(game, seed=rng.randrange(1 << 31), keep_hands=False)
                state = match.start_hand()
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
        steps += BATCH
        now = time.perf_counter()
        if now > deadline:
            return steps / (now - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds of each measurement (default 7)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per round and measurement")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args(argv)
    spiel = openspiel_game()
    runs = {"OpenSpiel": lambda r: rate_openspiel(args.seconds, r, spiel),
            "domine": lambda r: rate_domine(args.seconds, r),
            "domine engine alone": lambda r: rate_engine(args.seconds, r)}
    rates: dict[str, list[float]] = {name: [] for name in runs}
    rate_openspiel(0.2, 0, spiel), rate_domine(0.2, 0), rate_engine(0.2, 0)   # warm up
    for r in range(args.rounds):
        for name, run in runs.items():
            rates[name].append(run(r))
        print(".", end="", flush=True, file=sys.stderr)
    print(file=sys.stderr)
    spiel_rates = rates["OpenSpiel"]
    best0, median0 = max(spiel_rates), statistics.median(spiel_rates)
    title = f"2-player block, environment steps/s, {args.rounds} rounds of {args.seconds:g} s"
    header = ("", "best steps/s", "median", "best/OpenSpiel", "median/OpenSpiel")
    rows = []
    for name, values in rates.items():
        best, median = max(values), statistics.median(values)
        rows.append((name, f"{best:,.0f}", f"{median:,.0f}", f"{best / best0:.2f}", f"{median / median0:.2f}"))
    if args.markdown:
        print(f"{title}\n")
        print("| " + " | ".join(h or "environment" for h in header) + " |")
        print("|---|" + "---:|" * (len(header) - 1))
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    print(title)
    print(f"{header[0]:20s} {header[1]:>13s} {header[2]:>9s} {header[3]:>15s} {header[4]:>17s}")
    for row in rows:
        print(f"{row[0]:20s} {row[1]:>13s} {row[2]:>9s} {row[3]:>15s} {row[4]:>17s}")


if __name__ == "__main__":
    main()
