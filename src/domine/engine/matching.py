"""Matching rules: which tiles may touch an open end, and what they leave open.

A matching rule is two precomputed tables, so that move generation never
calls back into Python logic for it:

* ``fits[v]`` - bitmask of the tiles that may be laid on an end showing ``v``;
* ``opens[t * STRIDE + v]`` - the pips tile ``t`` may leave open when laid on ``v``
  (one value for ordinary tiles, two when the player chooses, as with matadors).
"""

from __future__ import annotations

from .tiles import BIT, HIGH, LOW, MAX_PIP, TILE_COUNT, tile_id

STRIDE = MAX_PIP + 1


class Matching:
    name = "abstract"

    def __init__(self) -> None:
        self.fits: list[int] = [0] * STRIDE
        self.opens: list[tuple[int, ...]] = [()] * (TILE_COUNT * STRIDE)
        for t in range(TILE_COUNT):
            for v in range(STRIDE):
                o = self.open_values(t, v)
                if o:
                    self.fits[v] |= BIT[t]
                    self.opens[t * STRIDE + v] = o
        # Move ints (end 0) of each tile on each end value: what move generation emits.
        self.codes: list[tuple[int, ...]] = [
            tuple(t | (o << 12) for o in self.opens[t * STRIDE + v])
            for t in range(TILE_COUNT) for v in range(STRIDE)
        ]
        # The same, by end (0..3) and value, keyed by the tile's bit: lets a hot loop walk a
        # hand's bits and look moves up without arithmetic.
        self.codes_by_bit: list[list[dict[int, tuple[int, ...]]]] = [
            [{1 << t: tuple(c | (end << 7) for c in self.codes[t * STRIDE + v])
              for t in range(TILE_COUNT) if self.codes[t * STRIDE + v]}
             for v in range(STRIDE)]
            for end in range(4)
        ]
        # Tiles whose placement lets the player choose the pip left open (wild tiles).
        self.chooses_open = [any(len(self.opens[t * STRIDE + v]) > 1 for v in range(STRIDE))
                             for t in range(TILE_COUNT)]

    def open_values(self, t: int, v: int) -> tuple[int, ...]:
        raise NotImplementedError


class EqualMatching(Matching):
    """Equal numbers touch (the default of every game but the Russian ones)."""

    name = "equal"

    def open_values(self, t: int, v: int) -> tuple[int, ...]:
        a, b = LOW[t], HIGH[t]
        if a == v:
            return (b,)
        if b == v:
            return (a,)
        return ()


class SevenMatching(Matching):
    """Touching halves add up to 7; matadors are wild and leave either half open.

    With a double-six set the halves summing to 7 with a blank do not exist, so a
    blank end takes only a matador, as the Russian games require.
    """

    name = "sum-to-seven"

    def __init__(self, matadors: tuple[int, ...]) -> None:
        self.matadors = frozenset(matadors)
        super().__init__()

    def open_values(self, t: int, v: int) -> tuple[int, ...]:
        a, b = LOW[t], HIGH[t]
        if t in self.matadors:
            return (b, a) if a != b else (a,)
        if a + v == 7:
            return (b,)
        if b + v == 7:
            return (a,)
        return ()


EQUAL = EqualMatching()
RUSSIAN_MATADORS = (tile_id(1, 6), tile_id(2, 5), tile_id(3, 4), tile_id(0, 0))
SEVEN = SevenMatching(RUSSIAN_MATADORS)
