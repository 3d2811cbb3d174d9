"""The layout: tiles face up on the table and the open ends they offer.

Every layout in domine is a set of *ends*. Each end has a value (the pip it
shows), a length (tiles laid on it), a flag for a double as its outermost tile,
and may be closed. What differs between layouts is how the lead creates ends
and which ends may take a tile right now:

* ``line``  - the lead makes two ends, L and R (most games);
* ``cross`` - the lead double is a spinner with four sides N, E, S, W, and no
  arm may grow until all four sides hold a tile (Ukršteni Domino and friends);
* ``spinner`` - a line in which the first double laid becomes a spinner and two
  flank ends (N, S) open at once (Bergen's option).

``targets`` lists the places a tile may go now, with equivalent places merged
(general rule 23a), and ``playable`` is the bitmask of tiles that fit any of
them: both are recomputed once per placement, never per query.
"""

from __future__ import annotations

from .tiles import BIT, HIGH, IS_DOUBLE, LOW

LEAD_END = 31

END_NAMES = {
    "line": ("L", "R"),
    "cross": ("N", "E", "S", "W"),
    "spinner": ("L", "R", "N", "S"),
}


class Layout:
    __slots__ = (
        "kind", "fits", "values", "lengths", "doubles", "closed", "arms", "lead",
        "mask", "targets", "playable", "spinner", "ends_by_double", "set_mask",
    )

    def __init__(self, kind: str, fits: list[int], set_mask: int, ends_by_double: bool = False):
        self.kind = kind
        self.fits = fits
        self.set_mask = set_mask
        self.ends_by_double = ends_by_double
        # per end: value shown, tiles laid on it, outer tile a double, closed, (tile, pip left open)s;
        # empty until the lead opens the ends
        self.values = self.lengths = self.doubles = self.closed = self.arms = self.targets = ()
        self.lead = self.spinner = -1
        self.mask = self.playable = 0

    # -- building ---------------------------------------------------------------
    def place_lead(self, tile: int, low_first: bool = False) -> None:
        self.lead = tile
        self.mask |= BIT[tile]
        hi, lo = HIGH[tile], LOW[tile]
        dbl = IS_DOUBLE[tile]
        if self.kind == "cross":
            self.spinner = tile
            self._open_ends([hi] * 4, dbl)
        elif self.kind == "spinner" and dbl:
            self.spinner = tile
            self._open_ends([hi] * 4, dbl)
        else:
            self._open_ends([lo, hi] if low_first else [hi, lo], dbl)
        self._refresh()

    def _open_ends(self, values: list[int], dbl: bool) -> None:
        n = len(values)
        self.values = values
        self.lengths = [0] * n
        self.doubles = [dbl] * n
        self.closed = [False] * n
        self.arms = [[] for _ in range(n)]

    def place(self, end: int, tile: int, open_pip: int) -> None:
        self.mask |= BIT[tile]
        values = self.values
        values[end] = open_pip
        self.lengths[end] += 1
        dbl = IS_DOUBLE[tile]
        self.doubles[end] = dbl
        self.arms[end].append((tile, open_pip))
        if self.kind == "line" and not self.ends_by_double:
            # the common case, inline: two ends, merged when they show the same pip
            v0, v1 = values
            fits = self.fits
            if v0 == v1:
                self.targets = [(0, v0)]
                self.playable = fits[v0] & self.set_mask
            else:
                self.targets = [(0, v0), (1, v1)]
                self.playable = (fits[v0] | fits[v1]) & self.set_mask
            return
        if dbl and self.kind == "spinner" and self.spinner < 0:
            # The first double of a spinner line grows two flanks at once.
            self.spinner = tile
            self.values += [open_pip, open_pip]
            self.lengths += [0, 0]
            self.doubles += [True, True]
            self.closed += [False, False]
            self.arms += [[], []]
        self._refresh()

    def close(self, end: int) -> None:
        self.closed[end] = True
        self._refresh()

    # -- queries ----------------------------------------------------------------
    def in_cross_phase(self) -> bool:
        return self.kind == "cross" and 0 in self.lengths

    def _refresh(self) -> None:
        values, lengths, closed = self.values, self.lengths, self.closed
        fits = self.fits
        targets: list[tuple[int, int]] = []
        playable = 0
        if self.kind == "line" and not self.ends_by_double:
            v0, v1 = values[0], values[1]
            targets.append((0, v0))
            playable = fits[v0]
            if v1 != v0:
                targets.append((1, v1))
                playable |= fits[v1]
        else:
            cross_phase = self.in_cross_phase()
            seen = set()
            for i, v in enumerate(values):
                if closed[i] or (cross_phase and lengths[i]):
                    continue
                if self.kind == "line" or (self.kind == "spinner" and i < 2):
                    cls = -1  # the two ends of a line are mirror images
                elif lengths[i] == 0:
                    cls = -2  # empty sides of a spinner are interchangeable
                else:
                    cls = i  # started arms are distinct places
                key = (cls, v, self.doubles[i] if self.ends_by_double else False)
                if key in seen:
                    continue
                seen.add(key)
                targets.append((i, v))
                playable |= fits[v]
        self.targets = targets
        self.playable = playable & self.set_mask

    def end_names(self) -> tuple[str, ...]:
        return END_NAMES[self.kind][: len(self.values)] if self.values else ()

    def open_ends(self) -> list[tuple[str, int]]:
        names = self.end_names()
        return [(names[i], v) for i, v in enumerate(self.values) if not self.closed[i]]

    def has_dead_end(self) -> bool:
        """True when some open end shows a number every tile of which is in the layout."""
        free = self.set_mask & ~self.mask
        return any(not (self.fits[v] & free) for i, v in enumerate(self.values) if not self.closed[i])

    def is_dead(self) -> bool:
        """True when no tile outside the layout could ever fit an open end."""
        free = self.set_mask & ~self.mask
        return all(not (self.fits[v] & free) for i, v in enumerate(self.values) if not self.closed[i])

    def copy(self) -> "Layout":
        other = Layout.__new__(Layout)
        for name in Layout.__slots__:
            setattr(other, name, getattr(self, name))
        other.values = self.values[:]
        other.lengths = self.lengths[:]
        other.doubles = self.doubles[:]
        other.closed = self.closed[:]
        other.arms = [a[:] for a in self.arms]
        other.targets = self.targets[:]
        return other
