"""The kernel's random stream: SplitMix64, written once in Python here and once for numba
(``domine.kernel.line``), so that both draw the same numbers for a seed (docs/kernel.md).

SplitMix64 (Steele, Lea and Flood, 2014) is counter based: the ``i``-th output of a stream
started at ``s`` is ``mix(s + i * GAMMA)``, so a stream's seed is one 64-bit word and any
output can be found without drawing the ones before it. Everything the kernel draws is
defined from it, in the words of this module:

- ``below(n)``: an int in [0, n) by Lemire's method (2019): the top 32 bits of an output
  times ``n``, its high 32 bits the answer, drawn again while its low 32 bits fall below
  ``2**32 mod n`` (unbiased, one output almost always);
- ``shuffle(tiles)``: Fisher-Yates from the last place down, ``j = below(i + 1)``;
- the streams of a block: ``stream_seed(block_seed, match, stream, players)``, stream 0
  dealing the match's hands, stream ``1 + seat`` choosing for a random bot at that seat.
"""

from __future__ import annotations

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB


def mix(z: int) -> int:
    """SplitMix64's finaliser: a 64-bit word to a well-spread 64-bit word."""
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def stream_seed(block_seed: int, match: int, stream: int, players: int) -> int:
    """The seed of ``stream`` (0: the deal, 1 + seat: that seat's bot) of the ``match``-th
    match of a block: output number ``match * (players + 1) + stream`` of the block's stream."""
    return mix((block_seed + (match * (players + 1) + stream + 1) * GAMMA) & MASK)


class SplitMix64:
    """One stream: ``getrandbits``, ``below`` and ``shuffle`` as the module says."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = s = (self.state + GAMMA) & MASK
        z = ((s ^ (s >> 30)) * M1) & MASK
        z = ((z ^ (z >> 27)) * M2) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), 1 <= n < 2**32: Lemire's multiply and shift of the top 32 bits
        of an output, another output while the low half falls below ``2**32 mod n``."""
        m = (self.next64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            floor = ((1 << 32) - n) % n
            while low < floor:
                m = (self.next64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place, from the last place down."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def chooser(self):
        """A random bot drawing from this stream, as the engine asks it (``ByIndex``): the index
        ``below(count)`` among the legal moves."""
        from ..engine.choosers import ByIndex
        return ByIndex(self.below)
