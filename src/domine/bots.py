"""Bots: they see an ``Observation`` and nothing else, and return a legal move."""

from __future__ import annotations

import random
from typing import Protocol

from .observation import Observation
from .moves import ANNOUNCE, pips_placed


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


class GreedyBot:
    """Places the heaviest legal tile; draws or passes only when it must.

    Among placements of the same tile it keeps the first listed, so it is
    deterministic; it never draws tactically.
    """

    name = "greedy"
    needs_view = False   # the legal moves are all it looks at (simulate hands it just those)

    def __init__(self, seed: int | None = None):
        pass

    def choose(self, obs: Observation) -> int:
        return greedy_move(obs.legal_moves)

    def choose_among(self, moves: list[int]) -> int:
        return greedy_move(moves)


def greedy_move(moves: list[int]) -> int:
    """The heaviest tile; of equal ones the first listed, announced where an announcement exists."""
    best = -1
    best_key = (-1, False)
    for m in moves:
        p = pips_placed(m)
        if p >= 0:
            key = (p, bool(m & ANNOUNCE))
            if key > best_key:
                best, best_key = m, key
    return best if best >= 0 else moves[0]


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


def _hard(seed=None, **params):
    params.setdefault("worlds", 200)
    params.setdefault("rollouts", 4)
    params.setdefault("think", 1.0)
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
    "hard": "search, about a second a decision",
}
_PARAMS = {"worlds": int, "think": float, "epsilon": float, "others": float, "model": float, "rollouts": int,
           "exact": int, "margin": float,
           "opponent_model": int}


class BotError(ValueError):
    pass


def with_think(name: str, think: float | None) -> str:
    """The bot name with a time limit added, for the bots that search (others unchanged)."""
    if think is None or name.strip().lower().partition(":")[0] not in ("search", "hard"):
        return name
    base, _, raw = name.partition(":")
    params = [p for p in raw.replace(",", "+").split("+") if p and not p.startswith("think=")]
    return f"{base}:{'+'.join(params + [f'think={think}'])}"


def make_bot(name: str, seed: int | None = None):
    """A bot by name; ``search`` and ``hard`` take parameters: ``search:worlds=400+think=0.5``
    (``,`` also separates parameters where the name is not itself in a comma-separated list)."""
    key, _, raw = name.strip().lower().partition(":")
    if key not in BOTS:
        raise BotError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    params = {}
    if raw:
        if key not in ("search", "hard"):
            raise BotError(f"bot {key!r} takes no parameters")
        for item in raw.replace("+", ",").split(","):
            k, _, v = item.partition("=")
            k = k.strip()
            if k not in _PARAMS:
                raise BotError(f"bot {key!r} has no parameter {k!r} (parameters: {', '.join(_PARAMS)})")
            try:
                params[k] = _PARAMS[k](v.rstrip("s") if k == "think" else v)
            except ValueError:
                raise BotError(f"parameter {k} takes a number, not {v!r}") from None
    return BOTS[key](seed, **params) if params else BOTS[key](seed)
