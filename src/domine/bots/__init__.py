"""Bots: they see an ``Observation`` and nothing else, and return a legal move.

A bot's move follows from its seed and its budget of work, never from the clock, so a
record replays on any machine. A bot whose search a time limit may cut (``search``,
``hard``) says after each decision whether it was cut: ``last_decision_cut`` is None,
or what was searched of the budget (``domine.bots.search.Cut``); whoever writes the
record keeps it (``domine.records.note_cut``). Bots without it are never cut.
"""

from __future__ import annotations

import math
import random
import re
from typing import Protocol

from ..engine.choosers import HEAVIEST, ByIndex, heaviest_move, random_index
from ..engine.observation import Observation
from ..engine.reasons import Refusal


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> int: ...


class RandomBot:
    """Uniform over the legal moves."""

    name = "random"
    #: reads nothing of its observation but the legal moves: a simulation may hand it just those
    needs_view = False

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        return self.rng.choice(obs.legal_moves)

    def choose_among(self, moves: list[int]) -> int:
        return self.rng.choice(moves)

    def reseed(self, seed: int) -> None:
        """Start again as ``RandomBot(seed)`` would (its chooser keeps asking this generator)."""
        self.rng.seed(seed)

    def chooser(self) -> ByIndex:
        """How the engine may ask this bot (``domine.engine.choosers``): by index among the
        moves' count, as ``rng.choice`` picks (so the same choices, drawn from the same
        generator, whichever path plays)."""
        return random_index(self.rng)


class GreedyBot:
    """Places the heaviest legal tile; draws or passes only when it must.

    Among placements of the same tile it keeps the first listed, so it is
    deterministic; it never draws tactically.
    """

    name = "greedy"
    needs_view = False   # the legal moves are all it looks at (simulate hands it just those)

    def __init__(self, seed: int | None = None):
        pass

    def reseed(self, seed: int) -> None:
        """Nothing to seed: greedy draws no random numbers."""

    def choose(self, obs: Observation) -> int:
        return greedy_move(obs.legal_moves)

    def choose_among(self, moves: list[int]) -> int:
        return greedy_move(moves)

    def chooser(self):
        """How the engine may ask this bot: ``HEAVIEST``, found without listing the moves."""
        return HEAVIEST


#: the heaviest tile; of equal ones the first listed, announced where an announcement exists
greedy_move = heaviest_move


def _search(seed=None, **params):
    from .search import SearchBot
    return SearchBot(seed, **params)


def _heuristic(seed=None, **params):
    from .heuristic import HeuristicBot
    return HeuristicBot(seed, **params)


class MixedBot:
    """Plays a random legal move with probability ``randomness``, else asks ``inner``."""

    def __init__(self, inner, randomness: float, seed: int | None = None, name: str = "mixed"):
        self.inner, self.randomness, self.name = inner, randomness, name
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        if self.rng.random() < self.randomness:
            return self.rng.choice(obs.legal_moves)
        return self.inner.choose(obs)


def _easy(seed=None):
    bot = MixedBot(_heuristic(seed), 0.5, seed, "easy")
    return bot


def _medium(seed=None):
    bot = _heuristic(seed)
    bot.name = "medium"
    return bot


#: hard's budget of work: about as long as when it thought by the clock, seldom cut by its
#: second on an idle 2-core machine (benchmarks/think_time.py, the README's table)
HARD = {"worlds": 200, "rollouts": 4, "playouts": 3000, "units": 300_000, "think": 1.0}


def _hard(seed=None, **params):
    for key, value in HARD.items():
        params.setdefault(key, value)
    bot = _search(seed, **params)
    bot.name = "hard"
    return bot


BOTS = {
    "random": RandomBot, "greedy": GreedyBot, "heuristic": _heuristic, "search": _search,
    "easy": _easy, "medium": _medium, "hard": _hard,
}
#: What each name is, for help texts.
BOT_HELP = {
    "random": "a uniformly random legal move",
    "greedy": "the heaviest legal tile",
    "heuristic": "a good human player's rules of thumb (shed heavy tiles, keep variety, block, count)",
    "search": "Monte Carlo search over worlds consistent with what it sees",
    "easy": "heuristic, half of its moves random",
    "medium": "heuristic",
    "hard": "search with a budget of work, about a second a decision at most",
}
MAX_THINK = 86400.0   # a day: the longest --think
_PARAMS = {"worlds": int, "think": float, "epsilon": float, "others": float, "model": float, "rollouts": int,
           "exact": int, "units": int, "playouts": int, "margin": float,
           "opponent_model": int}
#: The values each parameter allows: (least, most, what it is), both ends included; None: no bound.
_RANGES = {"worlds": (1, None, "worlds sampled per decision"), "think": (0, 86400.0, "seconds"),
           "epsilon": (0, 1, "a probability"), "others": (0, 1, "a probability"), "model": (0, 1, "a probability"),
           "rollouts": (1, None, "rollouts per world and move"), "exact": (0, None, "worlds listed at most"),
           "units": (1, None, "units of exact search work"),
           "playouts": (1, None, "rollouts a decision in all"),
           "margin": (0, None, "a weight"), "opponent_model": (0, 1, "0 or 1")}


class BotError(Refusal):
    """A bot that cannot be made as named: a reason code and its parameters (engine/reasons.py),
    or still an English sentence."""


_UNITS = {"": 1.0, "s": 1.0, "sec": 1.0, "ms": 0.001, "m": 60.0, "min": 60.0}


def parse_duration(text: object, what: str = "--think") -> float:
    """Seconds from what a person types: ``0.5``, ``0.5s``, ``50ms``, ``1m``. Refuses (``BotError``)
    anything that is not a finite duration from 0 to a day, quoting the text as typed."""
    raw = str(text).strip()
    m = re.fullmatch(r"([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|[0-9]+\.)\s*([a-zA-Z]*)", raw)
    if m is None or m.group(2).lower() not in _UNITS:
        raise BotError(f"{what} takes a duration such as 0.5, 0.5s, 50ms or 1m, not {raw!r}")
    value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    if not math.isfinite(value) or value > MAX_THINK:
        raise BotError(f"{what} must be at most a day ({MAX_THINK:g} s), not {raw!r}")
    return value


def _param_value(key: str, k: str, v: str):
    """A bot parameter read and checked against its range; the message names it and says why."""
    if k == "think":
        return parse_duration(v, f"parameter think of {key!r}")
    try:
        value = _PARAMS[k](v.strip())
    except ValueError:
        code = "bot-parameter-whole-number" if _PARAMS[k] is int else "bot-parameter-number"
        raise BotError(code, parameter=k, bot=key, value=v) from None
    lo, hi, what = _RANGES[k]
    if not math.isfinite(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise BotError(f"parameter {k} of {key!r} must be {bounds} ({what}), not {v!r}")
    return value


def with_think(name: str, think: float | None) -> str:
    """The bot name with a time limit added, for the bots that search (others unchanged;
    ``openspiel:ismcts:N`` is made by ``sim.arena.make_bot``)."""
    if think is None or name.strip().lower().partition(":")[0] not in ("search", "hard", "openspiel"):
        return name
    base, _, raw = name.partition(":")
    params = [p for p in raw.replace(",", "+").split("+") if p and not p.startswith("think=")]
    return f"{base}:{'+'.join(params + [f'think={think}'])}"


def make_bot(name: str, seed: int | None = None):
    """A bot by name; ``search`` and ``hard`` take parameters: ``search:worlds=400+think=0.5``
    (``,`` also separates parameters where the name is not itself in a comma-separated list)."""
    key, _, raw = name.strip().lower().partition(":")
    if key not in BOTS:
        raise BotError("unknown-bot", name=name, known=list(BOTS))
    params = {}
    if raw:
        if key not in ("search", "hard"):
            raise BotError("bot-takes-no-parameters", bot=key)
        for item in raw.replace("+", ",").split(","):
            k, _, v = item.partition("=")
            k = k.strip()
            if k not in _PARAMS:
                raise BotError("no-such-bot-parameter", bot=key, parameter=k, known=list(_PARAMS))
            params[k] = _param_value(key, k, v)
    return BOTS[key](seed, **params) if params else BOTS[key](seed)
