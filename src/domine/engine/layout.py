"""Layouts: the tiles face up on the table, as *places* a tile may go.

Every layout is a list of ends. End ``i`` has a value (the pip it shows), a
length (tiles laid on it), a flag for a double as its outermost tile, may be
closed for good (``closers[i]``: the face-down tile that closed it, or -1), has
an owner (a seat, or -1 for anyone) and is grown by ``arms[i]``, its tiles from
the centre outward as (tile, pip left open).

What differs between layouts is which ends the lead opens, what each end
accepts *now* (``accepts``: a mask over tiles, usually the tiles that match its
value; a figure's arm may want only its double, a side of a cross only tiles
bearing the centre's number), and which ends are the same place (general rule
23a). ``targets`` lists the places a tile may go, as (end, value, accepted
tiles) with equivalent places merged, and ``playable`` is the union of what they
accept: both are recomputed once per placement, never per query, so the engine's
"may this seat play?" stays one AND.

A layout whose places depend on who is to act (an arm per seat, trains) is told
by its game which ends the acting seat may use: ``use_only(ends)``. ``reachable``
ignores that restriction and every phase: it is what a block test asks.

``geometry`` says where every placed tile lies, so one renderer (the terminal's
picture, ``domine render``'s SVG, the browser later) draws any layout; see
``domine.engine.geometry`` and docs/layouts.md.
"""

from __future__ import annotations

from .reasons import Reason, because
from .serial import register
from .tiles import BIT, DOUBLES_MASK, HIGH, IS_DOUBLE, LOW, MAX_PIP, double, tile_str, tiles_of

LEAD_END = 31
ALL_ENDS = (1 << 31) - 1
_DOUBLE_BIT = [BIT[double(p)] for p in range(MAX_PIP + 1)]   # the bit of p-p


class Layout:
    """The line: the lead opens two ends, L and R, that are one place while they show one pip."""

    kind = "line"
    NAMES: tuple[str, ...] = ("L", "R")
    __slots__ = (
        "fits", "set_mask", "ends_by_double", "values", "lengths", "doubles", "closed", "closers", "arms",
        "owners", "lead", "spinner", "mask", "face_down", "targets", "playable", "usable", "last",
        "doubles_in_line",
    )

    def __init__(self, fits: list[int], set_mask: int, ends_by_double: bool = False):
        self.fits = fits
        self.set_mask = set_mask
        self.ends_by_double = ends_by_double   # ends differ by a double outermost tile (bergen)
        self.doubles_in_line = False           # drawn along the arm, not crosswise (the Russian crosses)
        # per end, empty until the lead opens the ends
        self.values = self.lengths = self.doubles = self.closed = self.closers = self.arms = self.targets = ()
        self.owners = ()
        self.lead = self.spinner = self.last = -1
        self.mask = self.face_down = self.playable = 0
        self.usable = ALL_ENDS

    # -- building ---------------------------------------------------------------
    def _open_ends(self, values: list[int], dbl: bool, owners: list[int] | None = None) -> None:
        n = len(values)
        self.values = values
        self.lengths = [0] * n
        self.doubles = [dbl] * n
        self.closed = [False] * n
        self.closers = [-1] * n
        self.arms = [[] for _ in range(n)]
        self.owners = owners if owners is not None else [-1] * n

    def _open_centre(self, tile: int, ends: int, owners: list[int] | None) -> None:
        """The lead is a double in the centre with ``ends`` arms (a spinner, an engine)."""
        self.lead = self.spinner = self.last = tile
        self.mask |= BIT[tile]
        self._open_ends([HIGH[tile]] * ends, IS_DOUBLE[tile], owners)
        self._refresh()

    def _add_end(self, value: int, dbl: bool, owner: int = -1) -> None:
        self.values.append(value)
        self.lengths.append(0)
        self.doubles.append(dbl)
        self.closed.append(False)
        self.closers.append(-1)
        self.arms.append([])
        self.owners.append(owner)

    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self.lead = self.last = tile
        self.mask |= BIT[tile]
        hi, lo = HIGH[tile], LOW[tile]
        self._open_ends([lo, hi] if low_first else [hi, lo], IS_DOUBLE[tile])
        self._refresh()

    def place(self, end: int, tile: int, open_pip: int) -> None:
        self.mask |= BIT[tile]
        self.last = tile
        values = self.values
        values[end] = open_pip
        self.lengths[end] += 1
        self.doubles[end] = IS_DOUBLE[tile]
        self.arms[end].append((tile, open_pip))
        if not self.ends_by_double:
            self.line_targets()   # the common case, inline
            return
        self._refresh()

    def line_targets(self) -> None:
        """``targets`` and ``playable`` of the line's two ends, one place when they show the same
        pip (what ``_refresh`` makes of them, written out: it runs after every placement)."""
        v0, v1 = self.values
        fits = self.fits
        if v0 == v1:
            self.targets = [(0, v0, fits[v0])]
            self.playable = fits[v0]
        else:
            self.targets = [(0, v0, fits[v0]), (1, v1, fits[v1])]
            self.playable = fits[v0] | fits[v1]

    def close(self, end: int, tile: int = -1) -> None:
        """Close an end for good, with ``tile`` laid face down on it (or no tile)."""
        self.closed[end] = True
        self.closers[end] = tile
        if tile >= 0:
            self.face_down |= BIT[tile]
            self.last = tile   # the picture marks the face-down tile as the last one placed
        self._refresh()

    def use_only(self, ends: int) -> None:
        """Let only the ends in the bitmask ``ends`` take tiles (``ALL_ENDS``: every end)."""
        if ends != self.usable:
            self.usable = ends
            self._refresh()

    # -- what each end accepts, and which ends are one place -----------------------------
    def accepts(self, i: int) -> int:
        """Tiles end ``i`` takes now (0: none), phases and closures included; ``usable`` aside."""
        return 0 if self.closed[i] else self.fits[self.values[i]]

    def ever_accepts(self, i: int) -> int:
        """Tiles end ``i`` takes now or once its phase comes (0 when closed): what its number matches."""
        return 0 if self.closed[i] else self.fits[self.values[i]]

    def dead_at(self, i: int) -> bool:
        """End ``i`` is open but no tile off the table could ever go there (what a picture marks dead)."""
        free = self.set_mask & ~self.mask & ~self.face_down
        return not self.closed[i] and not self.ever_accepts(i) & free

    def place_class(self, i: int) -> int:
        """Ends of one class showing one value and accepting the same tiles are one place."""
        return -1   # the two ends of a line are mirror images

    def _refresh(self) -> None:
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        targets: list[tuple[int, int, int]] = []
        playable = 0
        seen = set()
        usable, values, doubles = self.usable, self.values, self.doubles
        by_double = self.ends_by_double
        for i in range(len(values)):
            if not usable >> i & 1:
                continue
            m = self.accepts(i) & self.set_mask
            if not m:
                continue
            key = (self.place_class(i), values[i], m, doubles[i] if by_double else False)
            if key in seen:
                continue
            seen.add(key)
            targets.append((i, values[i], m))
            playable |= m
        self.targets = targets
        self.playable = playable

    def equivalent(self, a: int, b: int) -> bool:
        """Whether end ``a`` is the same place as end ``b`` now (general rule 23a)."""
        if a == b:
            return True
        if a >= len(self.values) or b >= len(self.values) or not (self.usable >> a & 1):
            return False
        ma, mb = self.accepts(a), self.accepts(b)
        return bool(ma) and ma == mb and self.values[a] == self.values[b] and \
            self.place_class(a) == self.place_class(b) and \
            (not self.ends_by_double or self.doubles[a] == self.doubles[b])

    def in_opening(self) -> bool:
        """True while the layout's opening figure restricts where tiles go (a cross's sides)."""
        return False

    def opening_rule(self) -> Reason | None:
        """Why a matching tile may not go on an arm yet (for illegal-move messages), while
        ``in_opening``."""
        return None

    # -- queries ----------------------------------------------------------------
    def end_names(self) -> tuple[str, ...]:
        return self.NAMES[: len(self.values)] if self.values else ()

    def open_ends(self) -> list[tuple[str, int]]:
        names = self.end_names()
        return [(names[i], v) for i, v in enumerate(self.values) if not self.closed[i]]

    def open_indices(self) -> list[int]:
        """Ends that take some tile now (duplicates of one place included)."""
        return [i for i in range(len(self.values)) if self.usable >> i & 1 and self.accepts(i)]

    def reachable(self) -> int:
        """Tiles that fit some end that is not closed, whoever may use it and whatever the phase."""
        fits = self.fits
        m = 0
        for i, v in enumerate(self.values):
            if not self.closed[i]:
                m |= fits[v]
        return m & self.set_mask

    def has_dead_end(self) -> bool:
        """True when some open end shows a number every tile of which is in the layout."""
        free = self.set_mask & ~self.mask & ~self.face_down
        return any(not (self.fits[v] & free) for i, v in enumerate(self.values) if not self.closed[i])

    def is_dead(self) -> bool:
        """True when no tile outside the layout could ever fit an open end."""
        free = self.set_mask & ~self.mask & ~self.face_down
        return all(not (self.fits[v] & free) for i, v in enumerate(self.values) if not self.closed[i])

    def after(self, move_end: int, tile: int, open_pip: int) -> "Layout":
        """A copy with one more tile placed (``LEAD_END``: as the lead): what a bot looks ahead with."""
        other = self.copy()
        if move_end == LEAD_END:
            other.place_lead(tile)
        else:
            other.place(move_end, tile, open_pip)
        return other

    def geometry(self):
        """Where every placed tile lies: see ``domine.engine.geometry``."""
        from .geometry import layout_geometry
        return layout_geometry(self)

    def copy(self) -> "Layout":
        # written out: observations and search copy layouts all the time
        other = object.__new__(type(self))
        other.fits, other.set_mask, other.ends_by_double = self.fits, self.set_mask, self.ends_by_double
        other.doubles_in_line = self.doubles_in_line
        other.lead, other.spinner, other.last = self.lead, self.spinner, self.last
        other.mask, other.face_down, other.playable, other.usable = \
            self.mask, self.face_down, self.playable, self.usable
        if self.lead >= 0:
            other.values = self.values[:]
            other.lengths = self.lengths[:]
            other.doubles = self.doubles[:]
            other.closed = self.closed[:]
            other.closers = self.closers[:]
            other.owners = self.owners[:]
            other.arms = [a[:] for a in self.arms]
            other.targets = self.targets[:]
        else:
            other.values = other.lengths = other.doubles = other.closed = other.closers = other.arms = \
                other.targets = other.owners = ()
        if type(self) is not Layout:
            other._copy_extra(self)
        return other

    def _copy_extra(self, source: "Layout") -> None:
        """Copy a subclass's own slots (``copy`` has done the base's)."""
        for name in _own_slots(type(self)):
            value = getattr(source, name)
            setattr(self, name, value[:] if isinstance(value, list) else value)


Line = Layout
_SLOTS: dict[type, tuple[str, ...]] = {}


def _own_slots(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = tuple(n for c in cls.__mro__ if c is not Layout and c is not object
                                    for n in getattr(c, "__slots__", ()))
    return names


class Cross(Layout):
    """The lead double is a spinner with ``sides`` sides, all to be filled before any arm grows
    (Ukršteni Domino and the cross games). Later doubles are crosswise and never branch."""

    kind = "cross"
    NAMES = ("N", "E", "S", "W")
    __slots__ = ("sides",)

    def __init__(self, fits, set_mask, ends_by_double: bool = False, sides: int = 4):
        super().__init__(fits, set_mask, ends_by_double)
        self.sides = sides

    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self._open_centre(tile, self.sides, None)

    def place(self, end: int, tile: int, open_pip: int) -> None:
        self.mask |= BIT[tile]
        self.last = tile
        self.values[end] = open_pip
        self.lengths[end] += 1
        self.doubles[end] = IS_DOUBLE[tile]
        self.arms[end].append((tile, open_pip))
        self._refresh()

    def in_opening(self) -> bool:
        return 0 in self.lengths

    def opening_rule(self) -> Reason:
        return because("spinner-sides-first", sides=self.sides)

    def accepts(self, i: int) -> int:
        if self.closed[i] or (self.lengths[i] and 0 in self.lengths):
            return 0
        return self.fits[self.values[i]]

    def place_class(self, i: int) -> int:
        return -2 if self.lengths[i] == 0 else i   # empty sides are interchangeable

    def _refresh(self) -> None:
        """``Layout._refresh`` for this ``accepts`` and ``place_class``, written out (cross games
        refresh after every placement): while a side is empty, the first open empty side is
        the one place; afterwards every open arm is a place of its own."""
        if type(self) is not Cross or self.lead < 0:
            Layout._refresh(self)   # subclasses accept otherwise (a figure's doubles)
            return
        usable, values, lengths, closed, fits, full = \
            self.usable, self.values, self.lengths, self.closed, self.fits, self.set_mask
        targets: list[tuple[int, int, int]] = []
        playable = 0
        if 0 in lengths:
            for i, n in enumerate(lengths):
                if not n and not closed[i] and usable >> i & 1:
                    m = fits[values[i]] & full
                    if m:
                        targets.append((i, values[i], m))
                        playable = m
                        break
        else:
            for i, v in enumerate(values):
                if not closed[i] and usable >> i & 1:
                    m = fits[v] & full
                    if m:
                        targets.append((i, v, m))
                        playable |= m
        self.targets = targets
        self.playable = playable


class Figure(Cross):
    """Četiri Krsta's nine-tile figure: the centre, a tile on each side, and on each arm the
    double of its outer number; nothing else until it is complete (or the arm is closed)."""

    kind = "figure"
    __slots__ = ("sides_first",)

    def __init__(self, fits, set_mask, ends_by_double: bool = False, sides: int = 4, sides_first: bool = False):
        super().__init__(fits, set_mask, ends_by_double, sides)
        self.sides_first = sides_first   # an arm's double only once every side holds a tile

    def _doubles_open(self) -> bool:
        return not (self.sides_first and 0 in self.lengths)

    def _arm_done(self, i: int) -> bool:
        return self.closed[i] or self.lengths[i] >= 2

    def in_opening(self) -> bool:
        closed = self.closed
        for i, n in enumerate(self.lengths):
            if n < 2 and not closed[i]:
                return True
        return False

    def _refresh(self) -> None:
        # what ``accepts`` and ``place_class`` say, in one pass: the phase is found once, not per end
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        values, lengths, closed, fits = self.values, self.lengths, self.closed, self.fits
        opening = self.in_opening()
        doubles_open = self._doubles_open()
        usable, set_mask = self.usable, self.set_mask
        targets: list[tuple[int, int, int]] = []
        playable = 0
        side = False
        for i, v in enumerate(values):
            if closed[i] or not usable >> i & 1:
                continue
            if opening:
                n = lengths[i]
                if n == 0:
                    if side:
                        continue   # the empty sides are one place
                    side = True
                    m = fits[v]
                elif n == 1 and doubles_open:
                    m = _DOUBLE_BIT[v]
                else:
                    continue
            else:
                m = fits[v]
            m &= set_mask
            if m:
                targets.append((i, v, m))
                playable |= m
        self.targets = targets
        self.playable = playable

    def opening_rule(self) -> Reason:
        return because("figure-sides-first" if self.sides_first else "figure-opening")

    def accepts(self, i: int) -> int:
        if self.closed[i]:
            return 0
        n = self.lengths[i]
        if self.in_opening():
            if n == 0:
                return self.fits[self.values[i]]
            if n == 1 and self._doubles_open():
                return BIT[double(self.values[i])]
            return 0
        return self.fits[self.values[i]]

    def waiting_for_double(self) -> list[int]:
        """Arms that hold their side tile but neither their double nor a closing tile."""
        return [i for i in range(len(self.values)) if self.lengths[i] == 1 and not self.closed[i]]


class SpinnerLine(Layout):
    """A line whose first double becomes a spinner with two more ends, N and S.

    ``flanks`` says when they open: ``"at once"`` (bergen's option), or ``"after sides"``
    (all-fives: only once both sides of the spinner hold a tile; a spinner played on a
    line end has the line on one side already). With ``"after sides"`` the sides are arms
    like the ends: empty sides of a led spinner are one place, a side holding tiles is a
    place of its own (its number alone does not merge it with the other side).
    """

    kind = "spinner"
    NAMES = ("L", "R", "N", "S")
    __slots__ = ("flanks", "spinner_end", "spinner_depth")

    def __init__(self, fits, set_mask, ends_by_double: bool = False, flanks: str = "at once"):
        super().__init__(fits, set_mask, ends_by_double)
        self.flanks = flanks
        self.spinner_end = -1     # the line end the spinner was laid on (-1: it was the lead)
        self.spinner_depth = 0    # that end's length once the spinner lay on it

    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self.lead = self.last = tile
        self.mask |= BIT[tile]
        if IS_DOUBLE[tile]:
            self.spinner = tile
            self._open_ends([HIGH[tile]] * 4, True)
        else:
            hi, lo = HIGH[tile], LOW[tile]
            self._open_ends([lo, hi] if low_first else [hi, lo], False)
        self._refresh()

    def place(self, end: int, tile: int, open_pip: int) -> None:
        self.mask |= BIT[tile]
        self.last = tile
        self.values[end] = open_pip
        self.lengths[end] += 1
        dbl = self.doubles[end] = IS_DOUBLE[tile]
        self.arms[end].append((tile, open_pip))
        if dbl and self.spinner < 0:
            self.spinner = tile
            self.spinner_end = end
            self.spinner_depth = self.lengths[end]
            self._add_end(open_pip, True)
            self._add_end(open_pip, True)
        self._refresh()

    def sides_filled(self) -> bool:
        if self.spinner < 0:
            return False
        if self.spinner_end < 0:
            return self.lengths[0] > 0 and self.lengths[1] > 0
        return self.lengths[self.spinner_end] > self.spinner_depth

    def accepts(self, i: int) -> int:
        if self.closed[i]:
            return 0
        if i >= 2 and self.flanks == "after sides" and not self.sides_filled():
            return 0
        return self.fits[self.values[i]]

    def place_class(self, i: int) -> int:
        if i < 2:
            if self.spinner < 0 or self.flanks != "after sides":
                return -1   # the line's two ends (bergen's spinner keeps them so)
            # "after sides": L and R are the spinner's sides; empty ones (a led spinner's) are
            # one place, a side holding tiles is an arm of its own (general rule 23a)
            return -1 if self.lengths[i] == 0 else i
        return -2 if self.lengths[i] == 0 else i

    def opening_rule(self) -> Reason:
        return because("spinner-ends-wait")

    def _refresh(self) -> None:
        # accepts and place_class written out in one pass: this runs after every placement
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        values, lengths, closed, doubles = self.values, self.lengths, self.closed, self.doubles
        fits, set_mask, usable = self.fits, self.set_mask, self.usable
        after = self.flanks == "after sides"
        spun = self.spinner >= 0
        flanks_open = len(values) > 2 and (not after or self.sides_filled())
        by_double = self.ends_by_double
        targets: list[tuple[int, int, int]] = []
        playable = 0
        seen = []
        for i in range(len(values)):
            if closed[i] or not usable >> i & 1 or (i >= 2 and not flanks_open):
                continue
            v = values[i]
            if i < 2:
                cls = -1 if not (spun and after and lengths[i]) else i
            else:
                cls = -2 if not lengths[i] else i
            key = (cls, v, doubles[i] if by_double else False)
            if key in seen:
                continue
            seen.append(key)
            m = fits[v] & set_mask
            targets.append((i, v, m))
            playable |= m
        self.targets = targets
        self.playable = playable

    def in_opening(self) -> bool:
        return self.flanks == "after sides" and self.spinner >= 0 and not self.sides_filled()


class SeatArms(Layout):
    """An engine double in the centre with one one-ended arm per seat (slosh): arm ``i`` is
    seat ``i``'s; the game says which arms the acting seat may use (``use_only``)."""

    kind = "seat arms"
    NAMES = tuple(f"A{i}" for i in range(8))
    __slots__ = ("seats",)

    def __init__(self, fits, set_mask, ends_by_double: bool = False, seats: int = 4):
        super().__init__(fits, set_mask, ends_by_double)
        self.seats = seats

    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self._open_centre(tile, self.seats, list(range(self.seats)))

    place = Cross.place

    def place_class(self, i: int) -> int:
        return i   # every arm is somebody's: never the same place as another

    def _refresh(self) -> None:
        # every arm is a place of its own, so nothing merges: only the usable arms are
        # looked at (the game narrows them at every step of a turn, so this runs often)
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        targets: list[tuple[int, int, int]] = []
        playable = 0
        values = self.values
        u = self.usable & ((1 << len(values)) - 1)
        if type(self).accepts is Layout.accepts:   # an open arm takes what matches its end
            fits, closed = self.fits, self.closed
            while u:
                low = u & -u
                u ^= low
                i = low.bit_length() - 1
                if not closed[i]:
                    m = fits[values[i]]
                    targets.append((i, values[i], m))
                    playable |= m
        else:
            accepts, set_mask = self.accepts, self.set_mask
            while u:
                low = u & -u
                u ^= low
                i = low.bit_length() - 1
                m = accepts(i) & set_mask
                if m:
                    targets.append((i, values[i], m))
                    playable |= m
        self.targets = targets
        self.playable = playable


class Trains(SeatArms):
    """Mexican Train: the engine double, a personal train per seat (``T0`` …) and the public
    Mexican train (``M``, owner -1). ``markers[s]``: seat ``s``'s marker is on its train.
    ``pending``: trains whose outer tile is a double not yet satisfied, oldest first."""

    kind = "trains"
    NAMES = tuple(f"T{i}" for i in range(8))
    __slots__ = ("markers", "pending")

    def __init__(self, fits, set_mask, ends_by_double: bool = False, seats: int = 4):
        super().__init__(fits, set_mask, ends_by_double, seats)
        self.markers: list[bool] = [False] * seats
        self.pending: list[int] = []

    def end_names(self) -> tuple[str, ...]:
        if not self.values:
            return ()
        return self.NAMES[: self.seats] + ("M",)

    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self._open_centre(tile, self.seats + 1, list(range(self.seats)) + [-1])   # the Mexican train: anyone's

    def place(self, end: int, tile: int, open_pip: int) -> None:
        if end in self.pending:
            self.pending.remove(end)
        if IS_DOUBLE[tile]:
            self.pending.append(end)
        Cross.place(self, end, tile, open_pip)

    def set_marker(self, seat: int, on: bool) -> None:
        self.markers[seat] = on


#: the layouts a game names by ``Game.layout_kind``
LAYOUTS: dict[str, type[Layout]] = {
    "line": Layout, "cross": Cross, "figure": Figure, "spinner": SpinnerLine,
    "seat arms": SeatArms, "trains": Trains,
}


class PhasedCross(Cross):
    """A cross whose places take given tiles, in phases (the Russian crosses, the T on 0-0).

    The centre double's ``sides`` empty sides take the matching tiles in ``side_tiles``
    (russian-cross: only the matadors; the T crosses: 6-1, 5-2 and 4-3). With ``ring``, each
    arm then has a slot beyond its side tile, taking the double that matches the arm's number
    or a tile of ``ring_tiles`` (russian-double-cross: a matador instead); the slots open once
    every side holds a tile or is closed, with ``early_slots`` as soon as their own side holds
    one (generals-cross). The arms grow, taking the matching tiles of ``arm_tiles``, once
    every side (and slot) is filled or closed; with ``early_arms`` each arm as soon as its own
    slot is filled and every side is settled. A side or slot closed before it was filled is a
    dead arm; a place is dead when no tile off the table could ever go there (``dead_at``).
    """

    kind = "phased cross"
    __slots__ = ("side_tiles", "ring", "ring_tiles", "arm_tiles", "early_arms", "early_slots", "dead")

    def __init__(self, fits, set_mask, ends_by_double: bool = False, sides: int = 4, side_tiles: int = -1,
                 ring: bool = False, ring_tiles: int = 0, arm_tiles: int = -1, early_arms: bool = False,
                 early_slots: bool = False):
        super().__init__(fits, set_mask, ends_by_double, sides)
        self.side_tiles = side_tiles & set_mask
        self.ring = ring
        self.ring_tiles = (ring_tiles | DOUBLES_MASK) & set_mask   # a slot: the matching double, or these
        self.arm_tiles = arm_tiles & set_mask
        self.early_arms = early_arms
        self.early_slots = early_slots
        self.dead = False   # every place dead (``is_dead``), found by ``_refresh``

    @property
    def slots(self) -> bool:
        """Whether the figure has a slot beyond each side tile."""
        return self.ring

    def _phase(self) -> tuple[bool, bool]:
        """(some side is still empty, some slot is still empty), closed ones aside."""
        sides = slots = False
        closed = self.closed
        for i, n in enumerate(self.lengths):
            if not closed[i]:
                if n == 0:
                    sides = True
                elif n == 1 and self.ring:
                    slots = True
        return sides, slots

    def _mask(self, i: int, sides: bool, slots: bool) -> int:
        """What end ``i`` takes now (0: nothing yet), ``usable`` aside."""
        if self.closed[i]:
            return 0
        n, v = self.lengths[i], self.values[i]
        if n == 0:
            return self.fits[v] & self.side_tiles
        if self.ring and n == 1:
            return 0 if sides and not self.early_slots else self.fits[v] & self.ring_tiles
        if sides or (slots and not self.early_arms):
            return 0
        return self.fits[v] & self.arm_tiles

    def ever_accepts(self, i: int) -> int:
        """What end ``i`` takes now or once its phase comes (0 when closed)."""
        if self.closed[i]:
            return 0
        n, v = self.lengths[i], self.values[i]
        if n == 0:
            return self.fits[v] & self.side_tiles
        if self.ring and n == 1:
            return self.fits[v] & self.ring_tiles
        return self.fits[v] & self.arm_tiles

    def accepts(self, i: int) -> int:
        return self._mask(i, *self._phase())

    def reachable(self) -> int:
        """What the ends could take whatever the phase."""
        m = 0
        for i in range(len(self.values)):
            m |= self.ever_accepts(i)
        return m & self.set_mask

    def pending(self) -> list[int]:
        """The places of the current opening phase still empty: the empty sides, or once
        every side is filled, the empty slots (what a full round of passes may close)."""
        sides, slots = self._phase()
        if sides:
            return self.empty_sides()
        if slots:
            return self.waiting_slots()
        return []

    def empty_sides(self) -> list[int]:
        """Sides still waiting for their tile (not closed)."""
        return [i for i, n in enumerate(self.lengths) if n == 0 and not self.closed[i]]

    def waiting_slots(self) -> list[int]:
        """Arms whose side tile waits for its slot's tile (not closed)."""
        if not self.ring:
            return []
        return [i for i, n in enumerate(self.lengths) if n == 1 and not self.closed[i]]

    def settled(self) -> bool:
        """Every side holds its tile or is closed."""
        return not self._phase()[0]

    def in_opening(self) -> bool:
        sides, slots = self._phase()
        return sides or slots

    def opening_rule(self) -> Reason:
        only = [tile_str(t) for t in tiles_of(self.side_tiles)] if self.side_tiles != self.set_mask else []
        code = ("centre-sides-first" if not self.ring else "centre-sides-or-slots" if self.early_slots
                else "centre-slot-before-arm" if self.early_arms else "centre-slots-before-arms")
        return because(code, side_tiles=only)

    def has_dead_end(self) -> bool:
        free = self.set_mask & ~self.mask & ~self.face_down
        return any(not (self.ever_accepts(i) & free) for i in range(len(self.values)) if not self.closed[i])

    def is_dead(self) -> bool:
        return self.dead

    def _refresh(self) -> None:
        # ``accepts`` and ``ever_accepts`` for every end in one pass: this runs after every placement
        if self.lead < 0:
            self.targets, self.playable, self.dead = [], 0, False
            return
        values, lengths, closed, fits = self.values, self.lengths, self.closed, self.fits
        ring, usable = self.ring, self.usable
        sides = slots = False
        for i, n in enumerate(lengths):
            if not closed[i]:
                if n == 0:
                    sides = True
                elif n == 1 and ring:
                    slots = True
        arms_open = not sides and (self.early_arms or not slots)
        slots_open = not sides or self.early_slots
        free = self.set_mask & ~self.mask & ~self.face_down
        dead = True
        targets: list[tuple[int, int, int]] = []
        playable = 0
        side = False
        for i, v in enumerate(values):
            if closed[i]:
                continue
            n = lengths[i]
            if n == 0:
                ever = fits[v] & self.side_tiles
                now = ever if not side and usable >> i & 1 else 0
                if now:
                    side = True   # the empty sides are one place
            elif ring and n == 1:
                ever = fits[v] & self.ring_tiles
                now = ever if slots_open else 0
            else:
                ever = fits[v] & self.arm_tiles
                now = ever if arms_open else 0
            if ever & free:
                dead = False
            if now and usable >> i & 1:
                targets.append((i, v, now))
                playable |= now
        self.targets = targets
        self.playable = playable
        self.dead = dead

LAYOUTS["phased cross"] = PhasedCross


for _cls in (Layout, Cross, Figure, SpinnerLine, SeatArms, Trains, PhasedCross):
    register(_cls, skip=("fits", "set_mask"))   # the tables come from the game (domine.engine.serial)
