"""Choosers: how the engine asks a seat that looks at nothing but its legal moves.

``HandState.play_out(choosers)`` plays a hand to its end, asking ``choosers[seat]`` for
every move of that seat that is a choice (a single legal move is made without asking).
A chooser is any callable ``moves -> move``; one that sees the hand through an
observation (a bot's ``choose``) makes the engine take its general step path, so that the
hand is whole whenever it looks. The choosers below see only the legal moves, and say so:
the engine's fast paths (``domine.engine.fastpaths``) may then ask them without listing the
moves at all, and every path gives the same choice for the same moves:

``ByIndex(pick)``
    ``pick(count)`` returns an index among ``count`` moves, in the order ``legal_moves``
    lists them (uniform random: ``random.Random.choice`` is ``seq[rng._randbelow(len(seq))]``,
    so ``ByIndex(rng._randbelow)`` chooses exactly what ``rng.choice(moves)`` would).
    ``asks_forced``: asked for a single legal move too (``play_random``'s ``rnd``).
``HEAVIEST``
    The placement that puts most pips on the table, the first listed of equal ones (an
    announced one before an unannounced one); with none, the first move listed (a draw
    before a pass). No randomness: a fast path finds it among the tiles that fit.
``Among(fn)``
    ``fn(moves)`` chooses from the list itself, seeing nothing else: a fast path lists the
    moves for it, in the engine's order.
"""

from __future__ import annotations

import random

from .moves import ANNOUNCE, pips_placed


class Chooser:
    """A seat's choice among its legal moves that depends on nothing but those moves."""

    #: "index" (``pick``), "heaviest" or "among" (``fn``): how a fast path asks it
    kind = "among"
    #: asked when a single move is legal too (its randomness is then drawn for every move)
    asks_forced = False

    def __call__(self, moves: list[int]) -> int:
        raise NotImplementedError


class ByIndex(Chooser):
    """``pick(count)``: the index of the chosen move among ``count``, in the listed order.

    ``bits``, if given, is a ``getrandbits`` whose rejection sampling ``pick`` is (``k =
    count.bit_length()``, draws of ``bits(k)`` until one is below ``count``: what
    ``random.Random._randbelow`` does); a fast path may draw the bits itself."""

    kind = "index"
    __slots__ = ("pick", "asks_forced", "bits")

    def __init__(self, pick, asks_forced: bool = False, bits=None):
        self.pick = pick
        self.asks_forced = asks_forced
        self.bits = bits

    def __call__(self, moves: list[int]) -> int:
        return moves[self.pick(len(moves))]


class Heaviest(Chooser):
    """The heaviest placement, the first listed of equal ones (greedy)."""

    kind = "heaviest"

    def __call__(self, moves: list[int]) -> int:
        return heaviest_move(moves)


class Among(Chooser):
    """``fn(moves)`` chooses from the listed moves, and sees nothing else."""

    kind = "among"
    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, moves: list[int]) -> int:
        return self.fn(moves)


HEAVIEST = Heaviest()


def uniform(rnd) -> ByIndex:
    """``rnd`` (floats in [0, 1)) picking uniformly, asked for every move: ``play_random``."""
    return ByIndex(lambda count: int(rnd() * count), asks_forced=True)


def heaviest_move(moves: list[int]) -> int:
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


def blind(choosers) -> bool:
    """Whether every chooser sees nothing but the legal moves (a fast path may ask them)."""
    return type(choosers) is Seats or all(isinstance(c, Chooser) for c in choosers)


class Seats(list):
    """The choosers of a table's seats, all of ``Chooser`` kinds, with what a fast path asks
    of them worked out once (for a whole match): per seat the ``pick`` of a ``ByIndex``
    (else None), its ``bits`` (else None) and whether it is asked for single moves."""

    def __init__(self, choosers):
        super().__init__(choosers)
        if not all(isinstance(c, Chooser) for c in self):
            raise TypeError("Seats holds choosers that see only the legal moves (domine.engine.choosers)")
        self.picks = [c.pick if c.kind == "index" else None for c in self]
        self.bits = [c.bits if c.kind == "index" else None for c in self]
        self.asks = [c.asks_forced for c in self]


def random_index(rng) -> ByIndex:
    """Uniform by index from ``rng`` exactly as ``rng.choice(moves)`` chooses: CPython's
    ``choice`` is ``seq[rng._randbelow(len(seq))]``, and ``_randbelow`` draws ``getrandbits``
    by rejection unless a subclass overrides ``random`` (then it is left to ``_randbelow``)."""
    randbelow = rng._randbelow
    plain = getattr(randbelow, "__func__", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)
    return ByIndex(randbelow, bits=rng.getrandbits if plain else None)
