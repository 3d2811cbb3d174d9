"""Where the tiles of a layout lie: one picture model for every renderer.

A layout's geometry is a list of ``Piece`` rectangles on a grid of cells (a
tile covers two cells: 2 x 1 along a horizontal arm, 1 x 2 along a vertical
one; a double lies crosswise), plus the open ends with the point where the next
tile would go. ``x`` grows to the right and ``y`` downwards; a crosswise double
sits half a cell off the arm's axis, so coordinates may be halves. The terminal
picture, ``domine render`` (SVG, PNG) and the browser table all draw from this;
docs/layouts.md describes it for other clients.

Arms run straight out from the piece they grow from (``OpenEnd.origin``): a
line's L to the west and R to the east, a cross's N, E, S, W, a seat's arm
towards its seat (seat 0 south, then counter-clockwise: play passes to the
right), a spinner's flanks N and S off the spinner, each train in a row of its
own. Renderers that must fit a width fold long arms themselves (the terminal) or lay a long
line as a snake (``snake``: the pictures), breaking rows at the same tiles (``fold``).

The geometry is public: a face-down tile shows no pips and no identity
(``tile`` -1), whatever the layout knows of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .tiles import BIT, HIGH, IS_DOUBLE, LOW, tiles_of

NORTH, EAST, SOUTH, WEST = (0, -1), (1, 0), (0, 1), (-1, 0)
DIRECTION_NAMES = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}


@dataclass(frozen=True, slots=True)
class Piece:
    """One placed tile: its rectangle and the pips of its two halves."""

    tile: int             # the tile id (domine.engine.tiles); -1 for a face-down tile
    first: int            # pips of the left (horizontal) or top (vertical) half; -1 face down
    second: int           # pips of the right or bottom half; -1 face down
    x: float              # top-left corner, in cells
    y: float
    w: int                # 2 x 1 (horizontal) or 1 x 2 (vertical)
    h: int
    end: int              # the end (arm) it lies on; -1 for the centre tile
    index: int            # its place on that arm, 0 nearest the centre; -1 for the centre
    face_down: bool = False
    last: bool = False    # the tile placed last
    crosswise: bool = False   # a double lying across its arm (never the centre tile)
    wild: bool = False    # a wild tile (a matador: it fits every end)

    @property
    def horizontal(self) -> bool:
        return self.w > self.h


@dataclass(frozen=True, slots=True)
class OpenEnd:
    """An end of the layout: where the next tile on it would touch, and what it shows."""

    end: int
    name: str
    value: int
    x: float              # the point on the arm's axis where the next tile would start
    y: float
    direction: tuple[int, int]
    open_now: bool        # the end takes some tile now (not closed, not waiting for a phase)
    closed: bool
    owner: int            # the seat that owns it, or -1
    dead: bool = False    # open, but every tile that could match it is already on the table
    origin: tuple[int, int] = (-1, -1)   # (end, index) of the piece the arm grows from; (-1, -1): the centre
    marker: bool = False  # its owner's marker is on it (trains)
    needs: int = -2       # the pip a tile must show to touch it where that is not its value
                          # (sum to seven: 7 - value); -1: only a wild tile; -2: its value

    @property
    def label(self) -> str:
        """What a picture writes at the end: 'E:6' (it takes a 6 now), '(E:6)' (it takes nothing
        yet: a phase, another seat's arm), 'E:6 dead' (no tile left can match it), 'E closed';
        ' marker' when its owner's marker is on it."""
        if self.closed:
            text = f"{self.name} closed"
        elif self.dead:
            text = f"{self.name}:{self.value} dead"
        elif self.open_now:
            text = f"{self.name}:{self.value}{self._needs()}"
        else:
            text = f"({self.name}:{self.value}{self._needs()})"
        return text + " marker" if self.marker else text

    def _needs(self) -> str:
        """' needs 1' where the matching is not equal numbers (' needs M': a matador only)."""
        return "" if self.needs == -2 else " needs M" if self.needs == -1 else f" needs {self.needs}"

    @property
    def state(self) -> str:
        """'open', 'waiting', 'dead' or 'closed': how a picture colours the label."""
        return "closed" if self.closed else "dead" if self.dead else "open" if self.open_now else "waiting"


@dataclass(slots=True)
class Geometry:
    kind: str
    pieces: list[Piece] = field(default_factory=list)
    ends: list[OpenEnd] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)   # seats whose marker is on their train
    regions: list[list[tuple[float, float]]] = field(default_factory=list)   # enclosed empty cells (a grid)

    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) over the pieces, in cells."""
        if not self.pieces:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(p.x for p in self.pieces), min(p.y for p in self.pieces),
                max(p.x + p.w for p in self.pieces), max(p.y + p.h for p in self.pieces))

    def to_dict(self) -> dict:
        """Plain data for JSON clients (the browser table)."""
        return {
            "kind": self.kind,
            "pieces": [{"tile": p.tile, "pips": [p.first, p.second], "x": p.x, "y": p.y, "w": p.w, "h": p.h,
                        "end": p.end, "index": p.index, "face_down": p.face_down, "last": p.last,
                        "crosswise": p.crosswise, "wild": p.wild}
                       for p in self.pieces],
            "ends": [{"end": e.end, "name": e.name, "value": e.value, "x": e.x, "y": e.y,
                      "direction": list(e.direction), "open_now": e.open_now, "closed": e.closed,
                      "dead": e.dead, "owner": e.owner, "origin": list(e.origin), "marker": e.marker,
                      "state": e.state, "label": e.label, "needs": e.needs}
                     for e in self.ends],
            "markers": list(self.markers),
            "regions": [[list(c) for c in region] for region in self.regions],
        }


def wild_tiles(fits: list[int]) -> int:
    """The tiles that fit an end whatever it shows (the matadors of sum-to-seven; none for
    equal numbers), from a layout's matching table."""
    wild = -1
    for m in fits:
        wild &= m
    return wild if fits else 0


def needed_pip(fits: list[int], value: int) -> int:
    """The pip every ordinary tile that fits an end showing ``value`` bears: -2 when that is
    ``value`` itself (equal numbers), -1 when only wild tiles fit, else that pip (7 - value)."""
    m = fits[value] & ~wild_tiles(fits)
    if not m:
        return -1
    common = -1
    for t in tiles_of(m):
        common &= (1 << LOW[t]) | (1 << HIGH[t])
    if common <= 0 or common & (common - 1):
        return -2
    pip = common.bit_length() - 1
    return -2 if pip == value else pip


def _other(tile: int, open_pip: int) -> int:
    return LOW[tile] + HIGH[tile] - open_pip


def _arm(geo: Geometry, layout, end: int, start: tuple[float, float], direction: tuple[int, int]) -> tuple[float, float]:
    """Lay arm ``end`` from ``start`` (a point on its axis) outwards; returns where it ends."""
    x, y = start
    dx, dy = direction
    last = layout.last
    arm = layout.arms[end]
    crosswise = not layout.doubles_in_line
    for index, (t, o) in enumerate(arm):
        near = _other(t, o)
        is_last = t == last
        if crosswise and IS_DOUBLE[t]:
            # crosswise: one cell along the arm, two across it
            if dx:
                px, py, w, h = (x if dx > 0 else x - 1), y - 1, 1, 2
            else:
                px, py, w, h = x - 1, (y if dy > 0 else y - 1), 2, 1
            geo.pieces.append(Piece(t, near, near, px, py, w, h, end, index, last=is_last, crosswise=True))
            x, y = x + dx, y + dy
            continue
        if dx > 0:
            piece = Piece(t, near, o, x, y - 0.5, 2, 1, end, index, last=is_last)
        elif dx < 0:
            piece = Piece(t, o, near, x - 2, y - 0.5, 2, 1, end, index, last=is_last)
        elif dy > 0:
            piece = Piece(t, near, o, x - 0.5, y, 1, 2, end, index, last=is_last)
        else:
            piece = Piece(t, o, near, x - 0.5, y - 2, 1, 2, end, index, last=is_last)
        geo.pieces.append(piece)
        x, y = x + 2 * dx, y + 2 * dy
    closer = layout.closers[end] if layout.closed[end] else -1
    if closer >= 0:
        # the face-down tile that closed the arm, laid along it
        if dx:
            px, py, w, h = (x if dx > 0 else x - 2), y - 0.5, 2, 1
        else:
            px, py, w, h = x - 0.5, (y if dy > 0 else y - 2), 1, 2
        geo.pieces.append(Piece(-1, -1, -1, px, py, w, h, end, len(arm), face_down=True, last=closer == last))
        x, y = x + 2 * dx, y + 2 * dy
    return x, y


def _end(geo: Geometry, layout, end: int, point: tuple[float, float], direction, open_now: set[int],
         origin: tuple[int, int] = (-1, -1)) -> None:
    names = layout.end_names()
    value, closed = layout.values[end], layout.closed[end]
    owner = layout.owners[end] if layout.owners else -1
    markers = getattr(layout, "markers", None)
    geo.ends.append(OpenEnd(end, names[end] if end < len(names) else str(end), value,
                            point[0], point[1], direction, end in open_now, closed, owner,
                            dead=layout.dead_at(end), origin=origin,   # the layout knows what its places take
                            marker=bool(markers and 0 <= owner < len(markers) and markers[owner]),
                            needs=needed_pip(layout.fits, value)))


def _centre(geo: Geometry, tile: int, crosswise: bool, first: int, second: int) -> None:
    if crosswise:
        geo.pieces.append(Piece(tile, first, second, -0.5, -1, 1, 2, -1, -1))
    else:
        geo.pieces.append(Piece(tile, first, second, -1, -0.5, 2, 1, -1, -1))


def layout_geometry(layout) -> Geometry:
    """The geometry of any layout of ``domine.engine.layout``."""
    kind = layout.kind
    geo = Geometry(kind)
    if layout.lead < 0:
        return geo
    lead = layout.lead
    open_now = set(layout.open_indices())
    if kind in ("line", "spinner"):
        _line(geo, layout, open_now)
    elif kind == "trains":
        _trains(geo, layout, open_now)
    else:
        # a centre double with arms in the four directions (a cross, a figure, seat arms)
        if kind == "seat arms":
            directions = [SOUTH, EAST, NORTH, WEST]   # seat 0 at the bottom, play passing to the right
        else:
            directions = [NORTH, EAST, SOUTH, WEST]
        _centre(geo, lead, True, HIGH[lead], LOW[lead])
        for i in range(len(layout.values)):
            d = directions[i % 4]
            start = (0.5 * d[0], 1.0 * d[1])
            _end(geo, layout, i, _arm(geo, layout, i, start, d), d, open_now)
    if layout.last == lead:
        # the lead is the last tile placed while nothing else is
        geo.pieces = [replace(p, last=True) if p.end < 0 else p for p in geo.pieces]
    wild = wild_tiles(layout.fits)
    if wild:
        geo.pieces = [replace(p, wild=True) if p.tile >= 0 and BIT[p.tile] & wild else p for p in geo.pieces]
    return geo


def _line(geo: Geometry, layout, open_now: set[int]) -> None:
    lead = layout.lead
    arms = layout.arms
    # the lead's west half is the pip its L arm touches (or L's value while that arm is empty)
    west = _other(*arms[0][0]) if arms[0] else layout.values[0]
    if west not in (LOW[lead], HIGH[lead]):
        west = HIGH[lead]   # a position given by its open ends only: its arms are unknown
    east = LOW[lead] + HIGH[lead] - west
    lead_is_spinner = layout.spinner == lead
    _centre(geo, lead, IS_DOUBLE[lead], west, east)
    edge = 0.5 if IS_DOUBLE[lead] else 1.0
    spinner_at = (0.0, 0.0) if lead_is_spinner else None
    origin = (-1, -1)
    for end, d in ((0, WEST), (1, EAST)):
        before = len(geo.pieces)
        stop = _arm(geo, layout, end, (edge * d[0], 0.0), d)
        _end(geo, layout, end, stop, d, open_now)
        if layout.spinner >= 0 and not lead_is_spinner and getattr(layout, "spinner_end", -1) == end:
            depth = layout.spinner_depth
            p = geo.pieces[before + depth - 1]
            spinner_at = (p.x + p.w / 2, p.y + p.h / 2)
            origin = (end, depth - 1)
    if spinner_at is not None and len(layout.values) > 2:
        cx, cy = spinner_at
        for end, d in ((2, NORTH), (3, SOUTH)):
            _end(geo, layout, end, _arm(geo, layout, end, (cx, cy + d[1]), d), d, open_now, origin)


def _trains(geo: Geometry, layout, open_now: set[int]) -> None:
    """The engine at the left, level with the middle row; every train in a row of its own running
    east from the engine's column, three cells apart (the Mexican last)."""
    lead = layout.lead
    n = len(layout.values)
    geo.pieces.append(Piece(lead, HIGH[lead], LOW[lead], -1, 3 * ((n - 1) // 2) - 1, 1, 2, -1, -1))
    for i in range(n):
        stop = _arm(geo, layout, i, (0.0, 3.0 * i), EAST)
        _end(geo, layout, i, stop, EAST, open_now)
    geo.markers = [s for s, on in enumerate(layout.markers) if on]


# -- a long line, folded or snaking -----------------------------------------------------------
def fold(sizes: list[float], width: float, lead: float = 0, tail: float = 0, carry: float = 0) -> list[list[int]]:
    """Where a row of pieces of ``sizes`` breaks to keep within ``width``: the indices of each
    row, every row holding at least one piece. ``lead`` is taken before the first row (a label),
    ``tail`` after the last; a row that goes on, and the one that takes it up, each keep
    ``carry`` for the mark that joins them (the terminal's ``…``). The terminal folds a line
    and the pictures snake one with these same breaks, so both turn at the same tiles."""
    rows: list[list[int]] = [[]]
    used = lead
    for i, n in enumerate(sizes):
        if rows[-1] and used + n + carry > width:
            rows.append([])
            used = carry
        rows[-1].append(i)
        used += n
    while len(rows[-1]) > 1 and used + tail > width:   # the last label must fit too
        i = rows[-1].pop()
        rows.append([i])
        used = carry + sizes[i]
    return rows


def _snakes(geo: Geometry) -> bool:
    """A line that may snake: every piece on one horizontal axis, and any end off it (a
    spinner's side) still empty, so that nothing but its label has to follow the spinner."""
    if len({p.y + p.h / 2 for p in geo.pieces}) != 1:
        return False
    used = {p.end for p in geo.pieces}
    return all(not e.direction[1] or e.end not in used for e in geo.ends)


def _laid(p: Piece, near: int, far: int, x: float, y: float, d: tuple[int, int]) -> tuple[Piece, float, float]:
    """Piece ``p`` laid from the point (x, y) of an axis running ``d``, its ``near`` half touching
    the tile before it; with the point where the next one starts. A double that lay across the
    line lies across its new run too."""
    dx, dy = d
    if p.w < p.h:   # crosswise: one cell along the run, two across it
        if dx:
            return replace(p, x=x if dx > 0 else x - 1, y=y - 1, w=1, h=2), x + dx, y
        return replace(p, x=x - 1, y=y if dy > 0 else y - 1, w=2, h=1), x, y + dy
    if dx > 0:
        return replace(p, first=near, second=far, x=x, y=y - 0.5, w=2, h=1), x + 2, y
    if dx < 0:
        return replace(p, first=far, second=near, x=x - 2, y=y - 0.5, w=2, h=1), x - 2, y
    return replace(p, first=near, second=far, x=x - 0.5, y=y, w=1, h=2), x, y + 2


#: how far (in cells) a turn goes down before the line comes back: two tiles standing, so that
#: doubles lying across two rows never meet
TURN_DEPTH = 4


def snake(geo: Geometry, width: float) -> Geometry:
    """A line longer than ``width`` cells laid as on a crowded table: it runs east, turns down at
    the edge (a tile standing at the corner), comes back west below, and so on, every row broken
    where ``fold`` breaks it; its ends keep their names and values, the far one pointing the way
    the line last ran. Any other geometry, or a line that fits, is returned as it is."""
    if not geo.pieces or not _snakes(geo):
        return geo
    x0, _, x1, _ = geo.bounds()
    if x1 - x0 <= width:
        return geo
    chain = sorted(geo.pieces, key=lambda p: p.x)
    pieces: list[Piece] = []
    x, y, d = 0.0, 0.0, EAST
    i = 0
    while i < len(chain):
        room = width - x if d == EAST else x
        row = fold([p.w for p in chain[i:]], max(room, 1))[0]
        for p in chain[i:i + len(row)]:
            placed, x, y = _laid(p, p.first, p.second, x, y, d)
            pieces.append(placed)
        i += len(row)
        while i < len(chain) and chain[i].w < chain[i].h:   # a double keeps to the row: no corner on it
            placed, x, y = _laid(chain[i], chain[i].first, chain[i].second, x, y, d)
            pieces.append(placed)
            i += 1
        if i == len(chain):
            break
        # the corner: down from the row's top edge, beside its last tile
        back = WEST if d == EAST else EAST
        x, y, top = x + 0.5 * d[0], y - 0.5, y - 0.5
        d = SOUTH
        while i < len(chain) and (y - top < TURN_DEPTH or chain[i - 1].w < chain[i - 1].h):
            placed, x, y = _laid(chain[i], chain[i].first, chain[i].second, x, y, SOUTH)
            pieces.append(placed)
            i += 1
        if i == len(chain):
            break
        # out of the corner at its bottom tile's foot, the other way
        x, y, d = x + 0.5 * back[0], y - 0.5, back
    ends = []
    at = {(p.end, p.index): p for p in pieces}
    for e in geo.ends:
        if e.direction == WEST:
            ends.append(replace(e, x=0.0, y=0.0))
        elif e.direction == EAST:
            ends.append(replace(e, x=x, y=y, direction=d))
        else:   # a spinner's empty side: at the spinner, wherever the line took it
            p = at[e.origin]
            ends.append(replace(e, x=p.x + p.w / 2, y=p.y if e.direction == NORTH else p.y + p.h))
    return Geometry(geo.kind, pieces, ends, list(geo.markers), [list(r) for r in geo.regions])
