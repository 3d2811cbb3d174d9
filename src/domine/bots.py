"""Bots: they see an ``Observation`` and nothing else, and return a legal move."""

from __future__ import annotations

import random
from typing import Protocol

from .hand import Observation
from .moves import DRAW
from .tiles import PIPS


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> int: ...


class RandomBot:
    """Uniform over the legal moves."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        return self.rng.choice(obs.legal_moves)


class GreedyBot:
    """Places the heaviest legal tile; draws or passes only when it must.

    Among placements of the same tile it keeps the first listed, so it is
    deterministic; it never draws tactically.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        pass

    def choose(self, obs: Observation) -> int:
        return greedy_move(obs.legal_moves)


def greedy_move(moves: list[int]) -> int:
    best = -1
    best_pips = -1
    for m in moves:
        if m < DRAW:
            p = PIPS[m & 127]
            if p > best_pips:
                best, best_pips = m, p
    return best if best >= 0 else moves[0]


BOTS = {"random": RandomBot, "greedy": GreedyBot}


class BotError(ValueError):
    pass


def make_bot(name: str, seed: int | None = None):
    key = name.strip().lower()
    if key not in BOTS:
        raise BotError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    return BOTS[key](seed)
