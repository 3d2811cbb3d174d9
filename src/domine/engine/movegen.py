"""Move generation: the placements a hand may make on a layout's places, as move ints.

A layout keeps its places as targets, (end, value, accepted tiles) with equivalent ends
merged (general 23a), so the placements of a hand are an AND per target and a walk over the
set bits; ``codes`` (``Matching.codes``) holds each tile's move ints on a value, one per
pip it may leave open.
"""

from __future__ import annotations

from .layout import Layout
from .matching import STRIDE
from .moves import pair
from .tiles import BIT, tiles_of


def placements(hand: int, layout: Layout, fits: list[int], codes: list[tuple[int, ...]]) -> list[int]:
    """Every placement of a tile of ``hand`` on the layout's current targets.

    ``codes[t * STRIDE + v]`` holds the move ints (end 0) of tile ``t`` on an end
    showing ``v``, one per pip it may leave open; the end index is or-ed in.
    """
    moves: list[int] = []
    if hand & layout.playable:
        for end, v, accepted in layout.targets:
            m = hand & accepted
            e7 = end << 7
            while m:
                low = m & -m
                m ^= low
                for c in codes[(low.bit_length() - 1) * STRIDE + v]:
                    moves.append(c | e7)
    return moves


def pair_moves(hand: int, layout: Layout, fits: list[int], codes: list[tuple[int, ...]]) -> list[int]:
    """Two-by-two: two different tiles, one on each end as it stood before the turn.

    With both ends showing one number the mirrored pairs are one move (general 23a).
    A hand of exactly one tile plays it alone.
    """
    if hand.bit_count() == 1:
        return placements(hand, layout, fits, codes)
    v0, v1 = layout.values[0], layout.values[1]
    left, right = hand & fits[v0], hand & fits[v1]
    moves: list[int] = []
    if not left or not right:
        return moves
    for a in tiles_of(left):
        for b in tiles_of(right & ~BIT[a]):
            if v0 == v1 and b < a:
                continue
            for ca in codes[a * STRIDE + v0]:
                for cb in codes[b * STRIDE + v1]:
                    moves.append(pair(ca, cb | (1 << 7)))
    return moves
