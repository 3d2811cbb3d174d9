"""The grid: a line laid on an unbounded square grid of cells, bending at its joints (Mreža).

Every tile covers two orthogonally adjacent cells, one half in each; cells never
hold two halves. The lead lies on cells (0, 0) and (1, 0) (``x`` east, ``y``
north, as the rules write them) and opens two ends, ``L`` at (0, 0) heading
west and ``R`` at (1, 0) heading east. A tile attached to an end leaves it
*straight* on, or turns *left* or *right*: its matching half goes on the next
cell in that direction and its other half on the cell after, which becomes the
end (now heading that way). Both cells must be free.

Places. In the places protocol of ``domine.engine.layout`` an index names a *place*: one of
the six (end, turn) pairs, ``3 * side + turn`` (turn 0 straight, 1 left, 2 right):
``L``, ``L left``, ``L right``, ``R``, ``R left``, ``R right``. So a move int names its
turn in its end field with no new bits or kind, and reads ``5-3 R left``. A place
shows the number of its end; it is ``closed`` while either of its two cells is taken
(an obstruction is for good while its end stays where it is; a tile laid on the end
makes new places). Places never merge: the example of the rules counts a 3-5 on a
3-3 lead six ways.

Rings. The enclosed empty regions (8-connected empty cells the outside cannot reach)
are counted by Euler's formula for the occupied cells under 4-connectivity, whose
holes are exactly the 8-connected empty regions: ``holes = components - cells +
edges - squares`` (orthogonal neighbour pairs, fully occupied 2 x 2 squares). The line
is always one 4-connected piece, so each new cell changes ``holes`` by ``edges it
adds - 1 - squares it completes``: a placement is counted in constant time, whatever
the size of the table. ``gained`` is the change the last placement made; ``regions()``
lists the regions' cells (a flood fill, for pictures).
"""

from __future__ import annotations

from .geometry import EAST, NORTH, SOUTH, WEST, Geometry, OpenEnd, Piece
from .layout import ALL_ENDS, Layout
from .serial import register
from .tiles import BIT, HIGH, IS_DOUBLE, LOW

#: a cell (x, y) as one int: x * STRIDE + y (|y| stays far below STRIDE / 2); a prime away
#: from powers of two, so that the cells of a long line (a staircase: x and y growing together)
#: do not crowd the few low bits a dict indexes by
STRIDE = 5003
HALF = STRIDE >> 1
N, E, S, W = 0, 1, 2, 3
DELTA = (1, STRIDE, -1, -STRIDE)           # N, E, S, W as key steps
COMPASS = ("N", "E", "S", "W")
TURNS = ("", "left", "right")
_ROTATE = (0, 3, 1)                        # straight, left (counter-clockwise), right
SIDE = (0, 0, 0, 1, 1, 1)
#: per heading, the key steps of going straight, left and right
_STEPS = tuple(tuple(DELTA[(h + r) & 3] for r in (0, 3, 1)) for h in range(4))
TURN = (0, 1, 2, 0, 1, 2)


def key(x: int, y: int) -> int:
    return x * STRIDE + y


def cell(k: int) -> tuple[int, int]:
    x = (k + HALF) // STRIDE
    return x, k - x * STRIDE


def hole_change(cells, c: int) -> int:
    """How many enclosed regions adding the free cell ``c`` to ``cells`` makes (or, below 0,
    fills): the orthogonal neighbours it joins, less one, less the 2 x 2 squares it completes."""
    n = c + 1 in cells
    s = c - 1 in cells
    e = c + STRIDE in cells
    w = c - STRIDE in cells
    change = n + s + e + w - 1
    if n:
        if e and c + STRIDE + 1 in cells:
            change -= 1
        if w and c - STRIDE + 1 in cells:
            change -= 1
    if s:
        if e and c + STRIDE - 1 in cells:
            change -= 1
        if w and c - STRIDE - 1 in cells:
            change -= 1
    return change


def enclosed_regions(cells) -> list[list[tuple[int, int]]]:
    """The enclosed empty regions of a set of occupied cells (keys), each a sorted list of
    (x, y): empty cells of the bounding box grown by one that no chain of 8-neighbouring
    empty cells joins to the box's border, grouped by 8-connectivity. Costs the box's area."""
    if not cells:
        return []
    xy = [cell(k) for k in cells]
    x0, x1 = min(x for x, _ in xy) - 1, max(x for x, _ in xy) + 1
    y0, y1 = min(y for _, y in xy) - 1, max(y for _, y in xy) + 1
    occupied = set(xy)
    outside = set()
    stack = [(x, y) for x in range(x0, x1 + 1) for y in (y0, y1)] + \
            [(x, y) for y in range(y0, y1 + 1) for x in (x0, x1)]
    while stack:
        p = stack.pop()
        if p in outside or p in occupied:
            continue
        outside.add(p)
        px, py = p
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (px + dx, py + dy)
                if x0 <= q[0] <= x1 and y0 <= q[1] <= y1 and q not in outside and q not in occupied:
                    stack.append(q)
    enclosed = {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)} - occupied - outside
    regions = []
    while enclosed:
        start = min(enclosed)
        enclosed.discard(start)
        region, stack = [start], [start]
        while stack:
            px, py = stack.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    q = (px + dx, py + dy)
                    if q in enclosed:
                        enclosed.discard(q)
                        region.append(q)
                        stack.append(q)
        regions.append(sorted(region))
    return sorted(regions)


class Grid(Layout):
    """A line on a square grid that bends at its joints; its places are (end, turn) pairs."""

    kind = "grid"
    NAMES = ("L", "L left", "L right", "R", "R left", "R right")
    __slots__ = ("cells", "pos", "heading", "pieces", "holes", "gained")

    def __init__(self, fits, set_mask, ends_by_double: bool = False):
        super().__init__(fits, set_mask, ends_by_double)
        self.cells: dict[int, int] = {}     # occupied cell -> the pip its half shows
        self.pos = [0, 0]                   # each end's cell (L, R)
        self.heading = [W, E]               # the direction each end grew in
        self.pieces: list[tuple[int, int, int, int, int, int]] = []   # (tile, inner cell, outer cell, their pips, side)
        self.holes = 0                      # enclosed empty regions now
        self.gained = 0                     # what the last placement changed that by

    def end_names(self) -> tuple[str, ...]:
        return self.NAMES if self.values else ()

    def end_alias(self, text: str) -> str | None:
        """A typed place name other than its own: 'R straight', or an end with a compass
        direction ('R S', 'L north'), as the place it means now."""
        words = text.split()
        if len(words) != 2 or words[0] not in ("L", "R") or not self.values:
            return None
        side = "LR".index(words[0])
        word = words[1].upper()
        if word == "STRAIGHT":
            return self.NAMES[3 * side]
        compass = {"N": N, "NORTH": N, "E": E, "EAST": E, "S": S, "SOUTH": S, "W": W, "WEST": W}.get(word)
        if compass is None:
            return None
        for turn in range(3):
            if (self.heading[side] + _ROTATE[turn]) & 3 == compass:
                return self.NAMES[3 * side + turn]
        return None

    # -- building ---------------------------------------------------------------
    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self.lead = self.last = tile
        self.mask |= BIT[tile]
        hi, lo = HIGH[tile], LOW[tile]
        west, east = (lo, hi) if low_first else (hi, lo)
        a, b = key(0, 0), key(1, 0)
        self.cells = {a: west, b: east}
        self.pos = [a, b]
        self.heading = [W, E]
        self.pieces = [(tile, a, b, west, east, -1)]
        self.holes = self.gained = 0
        self._open_ends([west] * 3 + [east] * 3, IS_DOUBLE[tile])
        self._refresh()

    def place(self, end: int, tile: int, open_pip: int) -> None:
        side = SIDE[end]
        d = (self.heading[side] + _ROTATE[TURN[end]]) & 3
        step = DELTA[d]
        cells = self.cells
        c = self.pos[side] + step
        far = c + step
        inner = self.values[end]
        # hole_change for c, then for far, written out (c first: far's count sees it)
        n = c + 1 in cells
        s = c - 1 in cells
        e = c + STRIDE in cells
        w = c - STRIDE in cells
        gained = n + s + e + w - 1
        if n:
            gained -= (e and c + STRIDE + 1 in cells) + (w and c - STRIDE + 1 in cells)
        if s:
            gained -= (e and c + STRIDE - 1 in cells) + (w and c - STRIDE - 1 in cells)
        cells[c] = inner
        n = far + 1 in cells
        s = far - 1 in cells
        e = far + STRIDE in cells
        w = far - STRIDE in cells
        gained += n + s + e + w - 1
        if n:
            gained -= (e and far + STRIDE + 1 in cells) + (w and far - STRIDE + 1 in cells)
        if s:
            gained -= (e and far + STRIDE - 1 in cells) + (w and far - STRIDE - 1 in cells)
        cells[far] = open_pip
        self.pos[side] = far
        self.heading[side] = d
        self.holes += gained
        self.gained = gained
        self.pieces.append((tile, c, far, inner, open_pip, side))
        self.mask |= BIT[tile]
        self.last = tile
        first = 3 * side
        last = first + 3
        self.values[first:last] = (open_pip, open_pip, open_pip)
        n = self.lengths[first] + 1
        self.lengths[first:last] = (n, n, n)
        dbl = IS_DOUBLE[tile]
        self.doubles[first:last] = (dbl, dbl, dbl)
        self.arms[first].append((tile, open_pip))
        self._refresh()

    def _refresh(self) -> None:
        # the three places of each end, written out: this runs after every placement
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        cells, closed, values, usable = self.cells, self.closed, self.values, self.usable
        targets = []
        playable = 0
        pos, heading, fits, set_mask = self.pos, self.heading, self.fits, self.set_mask
        for side in (0, 1):
            b = pos[side]
            s0, s1, s2 = _STEPS[heading[side]]
            first = 3 * side
            c = b + s0
            x0 = closed[first] = c in cells or c + s0 in cells
            c = b + s1
            x1 = closed[first + 1] = c in cells or c + s1 in cells
            c = b + s2
            x2 = closed[first + 2] = c in cells or c + s2 in cells
            v = values[first]
            m = fits[v] & set_mask
            if m and not (x0 and x1 and x2):
                if usable == ALL_ENDS:   # every place usable (the common case)
                    if not x0:
                        targets.append((first, v, m))
                    if not x1:
                        targets.append((first + 1, v, m))
                    if not x2:
                        targets.append((first + 2, v, m))
                    playable |= m
                    continue
                if not x0 and usable >> first & 1:
                    targets.append((first, v, m))
                    playable |= m
                if not x1 and usable >> (first + 1) & 1:
                    targets.append((first + 1, v, m))
                    playable |= m
                if not x2 and usable >> (first + 2) & 1:
                    targets.append((first + 2, v, m))
                    playable |= m
        self.targets = targets
        self.playable = playable

    def close(self, end: int, tile: int = -1) -> None:
        raise ValueError("a grid's places are not closed face down")

    def accepts(self, i: int) -> int:
        return 0 if self.closed[i] else self.fits[self.values[i]]

    def place_class(self, i: int) -> int:
        return i

    def equivalent(self, a: int, b: int) -> bool:
        return a == b

    def reachable(self) -> int:
        m = 0
        for i, v in enumerate(self.values):
            if not self.closed[i]:
                m |= self.fits[v]
        return m & self.set_mask

    # -- queries ----------------------------------------------------------------
    def open_ends(self) -> list[tuple[str, int]]:
        """The ends of the line (not its six places) a tile could still go on, as (name, value):
        an end blocked in all three directions is not open."""
        if not self.values:
            return []
        closed = self.closed
        return [("LR"[side], self.values[3 * side]) for side in (0, 1)
                if not (closed[3 * side] and closed[3 * side + 1] and closed[3 * side + 2])]

    def ends_text(self) -> str:
        """The two ends in words, with the turns free at each: 'L 3 (straight, right) · R closed'."""
        parts = []
        for side in (0, 1):
            first = 3 * side
            free = [("straight", "left", "right")[t] for t in range(3) if not self.closed[first + t]]
            name = "LR"[side]
            parts.append(f"{name} {self.values[first]} ({', '.join(free)})" if free else f"{name} closed")
        return " · ".join(parts)

    def end_cell(self, side: int) -> tuple[int, int]:
        return cell(self.pos[side])

    def regions(self) -> list[list[tuple[int, int]]]:
        """The enclosed empty regions now, each a sorted list of (x, y) cells."""
        return enclosed_regions(self.cells) if self.holes else []

    def geometry(self):
        return grid_geometry(self)

    def _copy_extra(self, source: "Grid") -> None:
        self.cells = dict(source.cells)
        self.pos = source.pos[:]
        self.heading = source.heading[:]
        self.pieces = source.pieces[:]
        self.holes = source.holes
        self.gained = source.gained


register(Grid, skip=("fits", "set_mask"))


def grid_geometry(layout) -> Geometry:
    """The geometry of a ``domine.engine.grid.Grid``: every tile on its two cells, the two ends of the
    line, and the enclosed empty regions (``Geometry.regions``: each a list of cells, given by
    their top-left corners). Grid cell (x, y), y growing north, is the geometry cell at
    (x - 1, -y - 0.5), so the lead lies around the origin as a line's does."""
    geo = Geometry(layout.kind)
    if layout.lead < 0:
        return geo
    counts = [0, 0]
    last = layout.last
    for tile, inner, outer, inner_pip, outer_pip, side in layout.pieces:
        (ax, ay), (bx, by) = cell(inner), cell(outer)
        if ay == by:
            first, second = (inner_pip, outer_pip) if ax < bx else (outer_pip, inner_pip)
            x, y, w, h = min(ax, bx) - 1, -ay - 0.5, 2, 1
        else:
            first, second = (inner_pip, outer_pip) if ay > by else (outer_pip, inner_pip)
            x, y, w, h = ax - 1, -max(ay, by) - 0.5, 1, 2
        if side < 0:
            geo.pieces.append(Piece(tile, first, second, x, y, w, h, -1, -1, last=tile == last))
        else:
            geo.pieces.append(Piece(tile, first, second, x, y, w, h, 3 * side, counts[side], last=tile == last))
            counts[side] += 1
    directions = {"N": NORTH, "E": EAST, "S": SOUTH, "W": WEST}
    free = layout.set_mask & ~layout.mask & ~layout.face_down
    for side in (0, 1):
        end = 3 * side
        cx, cy = layout.end_cell(side)
        # the label points where the next tile may go: straight on if it can, else a free turn
        places = range(end, end + 3)
        turn = next((i - end for i in places if not layout.closed[i]), 0)
        d = directions[COMPASS[(layout.heading[side] + (0, 3, 1)[turn]) & 3]]
        px, py = cx - 1 + 0.5 + 0.5 * d[0], -cy + 0.5 * d[1]
        open_now = any(layout.accepts(i) and layout.usable >> i & 1 for i in places)
        shut = all(layout.closed[i] for i in places)
        value = layout.values[end]
        geo.ends.append(OpenEnd(end, "LR"[side], value, px, py, d, open_now, shut, -1,
                                dead=not shut and not (layout.fits[value] & free)))
    geo.regions = [[(x - 1.0, -y - 0.5) for x, y in region] for region in layout.regions()]
    return geo
