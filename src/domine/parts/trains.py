"""The trains of Mexican Train: which trains a seat may use, markers, and the block test.

Everything a seat may use follows from the layout and the public history: which trains
are open to it (its first turn, the markers, the open doubles, the follow-up a double
owes), what the follow-up may be (``TrainRules``: the house rules a game declares), whose
marker is out. ``TrainRules.restrict_places`` computes it, for the engine and for
``Knowledge`` alike, by folding the history into a few public fields of the layout
(``MexicanTrains``): markers come and go with the placements and with the forced
``marker`` event a turn puts out when it ends without the placement it owed
(``put_out_marker``, rule 5). ``TrainsBlocked`` is rule 12.

A game declares ``layout_kind = "trains"``, its ``train_rules``, ``hand_end =
BLOCKED_TRAINS`` and ``put_out_marker`` as its turn's end; the engine's ``trains`` fast
path (``domine.parts.trains_path``) is these rules compiled into one loop, held
to them by tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.layout import LEAD_END, Trains
from ..engine.moves import DRAW, PASS, TURN_UP, register_kind
from ..engine.serial import register
from ..engine.tiles import DOUBLES_MASK, IS_DOUBLE
from .hand_ends import HandEnd
from ..engine.moves import end_of, kind, tile_of

#: a seat's marker put out on its own train (rule 5): a public forced event, made by the rules
MARKER = register_kind("marker", 10, forced=True)

NOT_DOUBLES = ~DOUBLES_MASK
#: the trains in a mask of ends, in order (8 seats and the Mexican train at most)
TRAINS_IN = [tuple(i for i in range(9) if m >> i & 1) for m in range(1 << 9)]


class MexicanTrains(Trains):
    """The trains layout with what the public history says about the turn in progress.

    ``restrict_places`` folds the history into these fields up to the event it is asked
    about (``cursor``): markers (``markers``, and ``marked`` as a bitmask), the seats that
    have finished a turn this round (``done``), and the turn in progress: its seat, the
    placements made in it, whether the first went on the seat's own train, whether a
    double was laid in it, and the last placement's end and doubleness. ``no_doubles``
    stops doubles being accepted (``one_double_per_turn``).
    """

    __slots__ = ("cursor", "started", "done", "marked", "turn_seat", "placed", "first_own", "doubled",
                 "last_double", "last_end", "no_doubles", "all_ends")

    def __init__(self, fits, set_mask, ends_by_double: bool = False, seats: int = 4):
        super().__init__(fits, set_mask, ends_by_double, seats)
        self.cursor = 0
        self.started = False
        self.done = self.marked = 0
        self.turn_seat = -1
        self.placed = 0
        self.first_own = self.doubled = self.last_double = False
        self.last_end = -1
        self.no_doubles = False
        self.all_ends = (1 << (seats + 1)) - 1

    def _copy_extra(self, source: "MexicanTrains") -> None:
        # written out (Layout's generic copy walks the slots): observations copy the layout
        self.seats, self.markers, self.pending = source.seats, source.markers[:], source.pending[:]
        self.cursor, self.started, self.done, self.marked = source.cursor, source.started, source.done, source.marked
        self.turn_seat, self.placed, self.first_own, self.doubled = \
            source.turn_seat, source.placed, source.first_own, source.doubled
        self.last_double, self.last_end, self.no_doubles, self.all_ends = \
            source.last_double, source.last_end, source.no_doubles, source.all_ends

    def set_marker(self, seat: int, on: bool) -> None:
        self.markers[seat] = on
        if on:
            self.marked |= 1 << seat
        else:
            self.marked &= ~(1 << seat)

    def accepts(self, i: int) -> int:
        m = 0 if self.closed[i] else self.fits[self.values[i]]
        return m & NOT_DOUBLES if self.no_doubles else m

    def restrict(self, ends: int, no_doubles: bool) -> None:
        """``use_only(ends)``, doubles refused or not."""
        if ends != self.usable or no_doubles != self.no_doubles:
            self.usable = ends
            self.no_doubles = no_doubles
            self._refresh()

    def _refresh(self) -> None:
        # every train is a place of its own: no merging to do, only the usable trains to list
        if self.lead < 0:
            self.targets, self.playable = [], 0
            return
        fits, values = self.fits, self.values
        targets = []
        playable = 0
        nod = self.no_doubles
        for i in TRAINS_IN[self.usable & self.all_ends]:
            m = fits[values[i]]
            if nod:
                m &= NOT_DOUBLES
            if m:
                targets.append((i, values[i], m))
                playable |= m
        self.targets = targets
        self.playable = playable

    def fold(self, history, start: int, stop: int) -> None:
        """Take the public events ``history[start:stop]`` into account."""
        for k in range(start, stop):
            s, ev = history[k]
            kd = kind(ev)
            if not self.started:
                # before the engine lies (16f: seats drawing for it) nothing counts
                if kd == TURN_UP:
                    self.started = True
                elif kd == 0 and end_of(ev) == LEAD_END:
                    self.started = True
                    self.turn_seat = s   # the engine is not a turn: its owner's first turn follows
                continue
            if s < 0:
                continue
            if s != self.turn_seat:
                if self.turn_seat >= 0:
                    self.done |= 1 << self.turn_seat
                self.turn_seat = s
                self.placed = 0
                self.first_own = self.doubled = self.last_double = False
            if kd == 0:
                end = end_of(ev)
                if end == s and self.marked >> s & 1:
                    self.set_marker(s, False)       # rule 5: the owner's tile takes it off
                if not self.placed:
                    self.first_own = end == s
                self.placed += 1
                d = IS_DOUBLE[tile_of(ev)]
                self.last_double = d
                self.last_end = end
                if d:
                    self.doubled = True
            elif kd == MARKER:
                self.set_marker(s, True)
        self.cursor = stop

    def reset_fold(self) -> None:
        self.cursor = 0
        self.started = False
        self.done = 0
        self.turn_seat = -1
        self.placed = 0
        self.first_own = self.doubled = self.last_double = False
        for s in range(self.seats):
            self.set_marker(s, False)


register(MexicanTrains, skip=("fits", "set_mask"))

@dataclass(frozen=True)
class TrainRules:
    """Which trains a seat may use (rules 6, 8, 10) and the house rules that change it:
    ``starter_run`` (16a: a first turn that starts on the seat's own train goes on there,
    a tile at a time, until a non-double), ``satisfy_immediately`` (16b: the tile after a
    double goes on that double), ``one_double`` (16c: the tile after a double is not a
    double), ``free_first_turn`` (16g: no first-turn restriction)."""

    starter_run: bool = False
    satisfy_immediately: bool = False
    one_double: bool = False
    free_first_turn: bool = False

    def restrict_places(self, layout: MexicanTrains, seat: int, history, index: int) -> None:
        """Tell ``layout`` the trains ``seat`` may use at event ``index`` of ``history``
        (``Game.restrict_places``)."""
        if not index and not layout.started and layout.lead >= 0:
            layout.started = True   # a position set up without a history (domine.engine.position)
        c = layout.cursor
        if c != index:
            if c > index:
                layout.reset_fold()
                c = 0
            layout.fold(history, c, index)
        if seat < 0 or layout.lead < 0:
            return
        own = 1 << seat
        first = not layout.done >> seat & 1
        if seat != layout.turn_seat or not layout.placed:
            # the start of a turn (or nothing placed in it yet)
            if layout.pending:
                layout.restrict(1 << layout.pending[0], False)         # rule 8a
                return
            if first and not self.free_first_turn:
                ends = own                                             # rule 6a
            else:
                ends = own | (layout.marked & ~own) | (1 << layout.seats)   # rule 6b
            layout.restrict(ends, False)
            return
        if self.starter_run and first and layout.first_own:
            layout.restrict(own, self.one_double and layout.doubled)   # 16a: the run on his own train
            return
        if not layout.last_double:
            layout.restrict(0, False)                                  # rule 9c: the turn is over
            return
        if self.satisfy_immediately:
            ends = 1 << layout.last_end                                # 16b
        elif first and not self.free_first_turn:
            ends = own
        else:
            ends = own | (layout.marked & ~own) | (1 << layout.seats)  # rule 10a
        layout.restrict(ends, self.one_double)                         # 16c


def put_out_marker(state, seat: int) -> None:
    """Rule 5: a turn that ends without the placement it owed puts out the seat's marker:
    its last event is a draw or a pass, a double still owing its follow-up, or the engine."""
    history = state.history
    if not history:
        return
    s, ev = history[-1]
    if s != seat:
        return
    kd = kind(ev)
    if kd == DRAW or kd == PASS or (kd == 0 and IS_DOUBLE[tile_of(ev)]):
        state.emit(seat, MARKER)


class TrainsBlocked(HandEnd):
    """Rule 12: the boneyard is empty and no hand holds a tile for the oldest open double,
    or, with none open, for any train end (whoever may use it). Doubles laid in the turn
    still going on are not open yet: mid-turn every train end counts."""

    inline = False

    def blocked(self, state):
        if state.drawable > 0:
            return False
        lay = state.layout
        if lay.lead < 0:
            return False
        if lay.pending and not state.placed_in_turn:
            return not state.in_hands & lay.fits[lay.values[lay.pending[0]]]
        return not state.in_hands & lay.reachable()


BLOCKED_TRAINS = TrainsBlocked()
