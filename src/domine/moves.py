"""Moves as small ints, and their notation.

A move is an int so that move lists are cheap to build and bots and RL agents
get a plain discrete action. Layout of the bits:

====== =============================================================
bits   meaning
====== =============================================================
0-6    tile id (placements)
7-11   end index (``LEAD_END`` = 31 for the lead)
12-15  pip left open at that end
16     "Jedan Kamen" announced with this placement (``ordinary``)
20-22  kind: 0 placement, 1 draw, 2 pass
====== =============================================================

Notation (what people type and what records hold): ``6-6`` (a lead, or a
tile with only one place to go), ``5-3 R``, ``6-1 L 6`` (the pip left open,
where the player chooses it), ``2-4 L !`` (with an announcement), ``draw``,
``pass``. In a full record a draw names its tile: ``draw 3-4``.
"""

from __future__ import annotations

from .layout import LEAD_END

KIND_SHIFT = 20
PLACE = 0
DRAW = 1 << KIND_SHIFT
PASS = 2 << KIND_SHIFT
ANNOUNCE = 1 << 16
TILE_MASK = 0x7F


def place(tile: int, end: int, open_pip: int, announce: bool = False) -> int:
    return tile | (end << 7) | (open_pip << 12) | (ANNOUNCE if announce else 0)


def lead(tile: int) -> int:
    return tile | (LEAD_END << 7)


def kind(move: int) -> int:
    return move & (7 << KIND_SHIFT)


def is_place(move: int) -> bool:
    return move < DRAW


def tile_of(move: int) -> int:
    return move & TILE_MASK


def end_of(move: int) -> int:
    return (move >> 7) & 31


def open_of(move: int) -> int:
    return (move >> 12) & 15


def announces(move: int) -> bool:
    return bool(move & ANNOUNCE)


class MoveError(ValueError):
    """A move that cannot be made; ``reason`` says why in words a player understands."""


class IllegalMove(MoveError):
    """A well-formed move that the rules do not allow here."""


class MalformedMove(MoveError):
    """Text that is not a move at all."""


class AmbiguousMove(MoveError):
    """Text that names more than one legal move."""
