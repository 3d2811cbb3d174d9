"""One question asked of many games, player counts or option values: a study.

``run_study("first-move", games=["block", "draw"])`` simulates every cell of the grid (each
game at each of its player counts, or at each value of one option) with the same bots, seed
and number of hands, and measures one thing in each, with its 95% interval. It returns a
``Study`` (rows of game, x, value, interval) and prints nothing; ``domine study`` prints the
table and draws the plot (``plots.plot_study``).

Every cell is an ordinary ``simulate`` run, so a cell's numbers are the ones ``domine
simulate`` gives for the same game, players, options, bots and seed, whatever ``jobs`` or
the cluster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..games import GAMES, game_class, make_game
from ..games.base import GameError
from ..i18n import _
from .simulate import Simulation, simulate, wilson_interval

Z95 = 1.959963984540054


def _first_move(sim: Simulation) -> tuple[float, float, float]:
    return sim.first_advantage


def _blocked(sim: Simulation) -> tuple[float, float, float]:
    blocked = round(sim.blocked_rate * sim.hands)
    return (sim.blocked_rate, *wilson_interval(blocked, sim.hands))


def _length(sim: Simulation) -> tuple[float, float, float]:
    """The mean of the seats' moves per hand, with the normal interval of the hands' lengths."""
    n = sum(sim.lengths.values())
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(k * v for k, v in sim.lengths.items()) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum(v * (k - mean) ** 2 for k, v in sim.lengths.items()) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class Question:
    """What a study measures in each cell, and how its picture is labelled."""

    name: str
    title: str
    y_label: str
    measure: Callable[[Simulation], tuple[float, float, float]]
    baseline: float | None = None     # the value of "no effect", drawn as a line


def questions() -> dict[str, Question]:
    """The questions a study can ask, by name (labels in the language being spoken)."""
    return {q.name: q for q in (
        Question("first-move", _("The first player's advantage"),
                 _("leader's team win rate minus a team's fair share"), _first_move, 0.0),
        Question("blocked", _("How often a hand blocks"), _("share of hands blocked"), _blocked),
        Question("length", _("How long a hand lasts"), _("the seats' moves per hand"), _length),
    )}


QUESTIONS = ("first-move", "blocked", "length")


@dataclass
class StudyRow:
    game: str
    players: int
    x: Any                      # the players, or the varied option's value
    value: float
    lo: float
    hi: float
    hands: int
    options: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"game": self.game, "players": self.players, "x": self.x, "value": self.value,
                "ci": [self.lo, self.hi], "hands": self.hands, "options": self.options}


@dataclass
class Study:
    question: str
    title: str
    x_label: str
    y_label: str
    baseline: float | None
    bots: str
    seed: int
    hands: int                  # per cell
    vary: str | None            # the option varied, or None (players)
    rows: list[StudyRow]
    skipped: list[str] = field(default_factory=list)   # cells that cannot be played, and why
    elapsed: float = 0.0

    def to_json(self) -> dict:
        return {"question": self.question, "bots": self.bots, "seed": self.seed, "hands_per_cell": self.hands,
                "x": self.vary or "players", "rows": [r.to_json() for r in self.rows],
                "skipped": self.skipped, "elapsed_seconds": self.elapsed}


def parse_values(text: str) -> list[Any]:
    """``5,6,7`` as ints, anything else as the words given (a game reads its own options)."""
    out: list[Any] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            raise GameError(_("an empty value in {text!r}").format(text=text))
        out.append(int(word) if word.lstrip("-").isdigit() else word)
    return out


def cells(games: Sequence[str] | None, players: Sequence[int] | None, vary: tuple[str, list] | None,
          options: dict | None = None) -> tuple[list[tuple[str, int, dict, Any]], list[str]]:
    """The grid: (game id, players, options, x) of every cell that can be played, and a line
    for each one skipped (a player count the game does not take)."""
    ids = list(GAMES) if not games or list(games) == ["all"] else [game_class(g).id for g in games]
    grid, skipped = [], []
    for gid in dict.fromkeys(ids):
        cls = GAMES[gid]
        counts = list(players) if players else list(range(cls.min_players, cls.max_players + 1))
        if vary is not None and not players:
            counts = [cls.min_players]
        for n in counts:
            if not cls.min_players <= n <= cls.max_players:
                skipped.append(_("{game} is not played by {n}").format(game=gid, n=n))
                continue
            for value in (vary[1] if vary else [None]):
                opts = dict(options or {})
                if vary:
                    opts[vary[0]] = value
                make_game(gid, n, {k: str(v) for k, v in opts.items()})   # a bad option: GameError now
                grid.append((gid, n, opts, value if vary else n))
    return grid, skipped


def run_study(question: str, games: Sequence[str] | None = None, players: Sequence[int] | None = None,
              vary: tuple[str, list] | None = None, options: dict | None = None, hands: int = 2000,
              bots: str = "greedy", seed: int = 0, jobs: int = 1, cluster: str | None = None,
              progress: Callable[[int], None] | None = None) -> Study:
    """Ask ``question`` of every cell of the grid (``cells``): ``hands`` hands each."""
    import time

    asked = questions()
    if question not in asked:
        raise GameError(_("unknown question {q!r}: ask one of {names}").format(q=question, names=", ".join(asked)))
    if hands < 1:
        raise GameError(_("the number of hands must be at least 1"))
    q = asked[question]
    grid, skipped = cells(games, players, vary, options)
    joined = False
    if cluster is not None:   # one connection for every cell
        from .cluster import connect
        joined = connect(cluster)
    start = time.perf_counter()
    rows = []
    try:
        for gid, n, opts, x in grid:
            sim = simulate(gid, hands=hands, players=n, bots=bots, seed=seed, jobs=jobs,
                           options={k: str(v) for k, v in opts.items()}, cluster=cluster, shapes=True,
                           progress=progress)
            if sim.interrupted:   # Ctrl-C: the cells after this one are not wanted either
                raise KeyboardInterrupt
            value, lo, hi = q.measure(sim)
            rows.append(StudyRow(gid, n, x, value, lo, hi, sim.hands, sim.options))
    finally:
        if joined:
            import ray
            ray.shutdown()
    return Study(question, q.title, vary[0] if vary else _("players"), q.y_label, q.baseline, bots, seed, hands,
                 vary[0] if vary else None, rows, skipped, time.perf_counter() - start)


__all__ = ["Question", "QUESTIONS", "Study", "StudyRow", "questions", "cells", "parse_values", "run_study"]
