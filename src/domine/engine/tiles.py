"""Tiles, sets and tile bitmasks.

A tile is a small int. Tile ``a-b`` (a <= b) has id ``b*(b+1)//2 + a``, so the
double-six set is ids 0..27, double-nine 0..54 and double-twelve 0..90: every
smaller set is a prefix of the larger ones and one table serves them all.
A collection of tiles (a hand, the layout, the stock) is an int bitmask with
bit ``t`` set for tile ``t``: ``hand & TILES_WITH[5]`` is "my tiles bearing a 5".
"""

from __future__ import annotations

from .reasons import ReasonError

MAX_PIP = 12
TILE_COUNT = (MAX_PIP + 1) * (MAX_PIP + 2) // 2  # 91


def tile_id(a: int, b: int) -> int:
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a


LOW: list[int] = [0] * TILE_COUNT
HIGH: list[int] = [0] * TILE_COUNT
for _b in range(MAX_PIP + 1):
    for _a in range(_b + 1):
        LOW[tile_id(_a, _b)] = _a
        HIGH[tile_id(_a, _b)] = _b
PIPS: list[int] = [LOW[t] + HIGH[t] for t in range(TILE_COUNT)]
IS_DOUBLE: list[bool] = [LOW[t] == HIGH[t] for t in range(TILE_COUNT)]
BIT: list[int] = [1 << t for t in range(TILE_COUNT)]
TILES_WITH: list[int] = [0] * (MAX_PIP + 1)
for _t in range(TILE_COUNT):
    TILES_WITH[LOW[_t]] |= BIT[_t]
    TILES_WITH[HIGH[_t]] |= BIT[_t]
DOUBLES_MASK = 0
for _p in range(MAX_PIP + 1):
    DOUBLES_MASK |= BIT[tile_id(_p, _p)]

#: Sets by name and by highest pip.
SET_NAMES = {6: "double-six", 8: "double-eight", 9: "double-nine", 12: "double-twelve"}
SET_ALIASES = {
    "double-six": 6, "double-6": 6, "6": 6, "d6": 6,
    "double-eight": 8, "double-8": 8, "8": 8, "d8": 8,
    "double-nine": 9, "double-9": 9, "9": 9, "d9": 9,
    "double-twelve": 12, "double-12": 12, "12": 12, "d12": 12,
}


def set_size(max_pip: int) -> int:
    return (max_pip + 1) * (max_pip + 2) // 2


def set_mask(max_pip: int) -> int:
    return (1 << set_size(max_pip)) - 1


def set_tiles(max_pip: int) -> list[int]:
    return list(range(set_size(max_pip)))


def double(p: int) -> int:
    return tile_id(p, p)


def weight_key(t: int) -> tuple[int, int]:
    """Sort key of general rule 2: heavier tiles have more pips, then a higher high half."""
    return (PIPS[t], HIGH[t])


def lightness_key(t: int) -> tuple[int, int, int]:
    """Light-to-heavy order of Blitz: fewer pips, then a double first, then a lower high half."""
    return (PIPS[t], 0 if IS_DOUBLE[t] else 1, HIGH[t])


def tiles_of(mask: int) -> list[int]:
    """The tile ids in a bitmask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(tiles) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def count(mask: int) -> int:
    return mask.bit_count()


# Pip totals of every bitmask of 14 consecutive tiles, so that a double-six hand's
# value is two table lookups instead of a loop over its tiles.
_CHUNK = 14
_CHUNK_MASK = (1 << _CHUNK) - 1


def _chunk_table(offset: int) -> list[int]:
    table = [0] * (1 << _CHUNK)
    for m in range(1, 1 << _CHUNK):
        low = m & -m
        table[m] = table[m ^ low] + PIPS[offset + low.bit_length() - 1]
    return table


_PIPS_LO = _chunk_table(0)
_PIPS_HI = _chunk_table(_CHUNK)


def pips_of(mask: int) -> int:
    """Total pips of the tiles in a bitmask."""
    total = _PIPS_LO[mask & _CHUNK_MASK] + _PIPS_HI[(mask >> _CHUNK) & _CHUNK_MASK]
    rest = mask >> (2 * _CHUNK)
    while rest:
        low = rest & -rest
        rest ^= low
        total += PIPS[2 * _CHUNK + low.bit_length() - 1]
    return total


def tile_str(t: int) -> str:
    return f"{HIGH[t]}-{LOW[t]}"


class TileError(ReasonError):
    """A tile written wrongly (``7-x`` in a double-six set, ``5/3``, ...), with its reason."""


def parse_tile(text: str, max_pip: int = MAX_PIP) -> int:
    """Parse ``5-3`` (or ``3-5``, ``5:3``, ``53`` for one-digit sets) into a tile id."""
    s = text.strip()
    for sep in ("-", ":", "|", "/"):
        if sep in s:
            parts = s.split(sep)
            break
    else:
        if len(s) == 2 and s.isascii() and s.isdigit() and max_pip <= 9:
            parts = [s[0], s[1]]
        else:
            raise TileError("not-a-tile", text=text)
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise TileError("not-a-tile", text=text)   # pips in the digits 0-9 only: '²-3' is no tile
    if any(len(p.strip().lstrip("0")) > 2 for p in parts):
        raise TileError("no-such-tile", text=text, max_pip=max_pip)   # no set has 100 pips a side
    a, b = int(parts[0]), int(parts[1])
    if a > max_pip or b > max_pip:
        raise TileError("no-such-tile", text=text, max_pip=max_pip)
    return tile_id(a, b)
