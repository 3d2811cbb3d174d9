"""Mexican Train: double-twelve, a personal train per player and one public Mexican train
running out from the round's engine double; 13 rounds, engines 12-12 down to 0-0, the
pips left in hand are penalty points and the lowest total wins.

Everything a seat may use follows from the layout and the public history: which trains
are open to it (its first turn, the markers, the open doubles, the follow-up a double
owes), what the follow-up may be (house rules), whose marker is out. ``restrict_places``
computes it, for the engine and for ``Knowledge`` alike, by folding the history into a
few public fields of the layout (``MexicanTrains``): markers come and go with the
placements and with the forced ``marker`` event the game records when a turn ends
without the placement it owed.
"""

from __future__ import annotations

import random
from itertools import starmap

from .base import Game, GameError, Option
from ..engine.hand import Deal, LeadChoice
from ..engine.layout import LEAD_END, Trains
from ..engine.serial import register
from ..engine.moves import DRAW, KIND_MASK, PASS, STOP, TURN_UP, register_kind
from ..parts.hand_ends import HandEnd
from ..parts.leads import LeadRule, holder
from ..parts.match_ends import AfterHands
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import AT_WILL, ONE_TILE, Turn
from ..engine.tiles import BIT, DOUBLES_MASK, IS_DOUBLE, PIPS, double, set_size

#: a seat's marker put out on its own train (rule 5): a public forced event, made by the game
MARKER = register_kind("marker", 10, forced=True)

ROUNDS = 13
NOT_DOUBLES = ~DOUBLES_MASK
LANE = 91   # the playout's bits per train: a double-twelve set's 91 tiles
#: the trains in a mask of ends, in order (8 seats and the Mexican train at most)
TRAINS_IN = [tuple(i for i in range(9) if m >> i & 1) for m in range(1 << 9)]


def engine_pip(round_number: int) -> int:
    """Rules 2 and 15: round r has engine e-e, e = 12 - ((r - 1) mod 13)."""
    return 12 - (round_number - 1) % ROUNDS


def first_seat(round_number: int, players: int) -> int:
    return (round_number - 1) % players


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
            kd = ev & KIND_MASK
            if not self.started:
                # before the engine lies (16f: seats drawing for it) nothing counts
                if kd == TURN_UP:
                    self.started = True
                elif kd == 0 and (ev >> 7) & 31 == LEAD_END:
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
                end = (ev >> 7) & 31
                if end == s and self.marked >> s & 1:
                    self.set_marker(s, False)       # rule 5: the owner's tile takes it off
                if not self.placed:
                    self.first_own = end == s
                self.placed += 1
                d = IS_DOUBLE[ev & 127]
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


class EngineLead(LeadRule):
    """Rules 2-3: the round's engine is taken out before the deal and laid by nobody (a
    forced ``turn up``); seat (r - 1) mod N plays first. ``from_hands`` (16f): the holder
    lays it and plays first; if nobody was dealt it, the seats draw one tile each in turn
    from seat (r - 1) mod N until it turns up, and its drawer lays it and plays first."""

    turn_up_shows = 0      # the engine is turned up whatever was dealt
    lead_draw_shows = 0    # a seat drawing for the engine shows only that it lacks it

    def __init__(self, from_hands: bool = False):
        self.from_hands = from_hands

    def choose(self, state):
        r = state.context.hand_number
        engine = double(engine_pip(r))
        first = first_seat(r, state.n)
        if not self.from_hands:
            stock, pos = state.stock, state.stock_pos
            # a deal's stock starts with the engine (deal_for); anywhere else, it was dealt
            if not (pos < len(stock) and stock[pos] == engine) and (state.in_hands & BIT[engine] or engine in stock):
                raise ValueError("the engine is taken out before the deal: it is dealt to nobody")
            return LeadChoice(first, turn_up=engine)
        seat = holder(state.hands, engine)
        if seat >= 0:
            return LeadChoice(seat, BIT[engine])
        if engine in state.stock[state.stock_pos:]:
            return LeadChoice(first, BIT[engine], draw="in turn")
        raise ValueError("the engine is neither dealt nor in the boneyard")


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

OPTIONS = (
    Option("starter_run", bool, False, "first turn of a round: after a tile on your own train, go on "
           "laying tiles on it, one at a time, and stop after any non-double"),
    Option("satisfy_immediately", bool, False, "the tile after a double must go on that double (so one "
           "double a turn)"),
    Option("one_double_per_turn", bool, False, "the tile after a double may not be a double"),
    Option("draw_until_playable", bool, False, "draw until a tile can be placed (or the boneyard is "
           "empty) instead of one tile"),
    Option("double_blank_50", bool, False, "0-0 left in hand counts 50"),
    Option("engine_from_hands", bool, False, "the engine is dealt like any tile; its holder lays it "
           "(nobody: draw for it in turn) and plays first"),
    Option("free_first_turn", bool, False, "no first-turn restriction: the first turn is like any other"),
)


class MexicanTrain(Game):
    id = "mexican-train"
    name = "Mexican Train"
    aliases = ("Mexican Train", "Mexican Train Dominoes", "Trains", "Domino Trains", "Private Trains")
    family = "trains"
    summary = ("Double-twelve, 2-8 players: personal trains and a public Mexican train from the round's "
               "engine; doubles owe a follow-up; 13 rounds, lowest total wins.")
    min_players, max_players = 2, 8
    max_pip = 12
    hand_sizes = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}    # rule 3, decision 2
    layout_kind = "trains"
    places_depend_on_seat = True
    turn = Turn(again_after_double=True, draw_limit=1)               # rules 8-10
    hand_end = BLOCKED_TRAINS                                        # rules 11-12
    first_lead = EngineLead()
    points = PENALTY
    match_end = AfterHands(ROUNDS, high=False, tie_plays_on=True)   # rule 15
    target = ROUNDS
    options = OPTIONS

    def configure(self, options):
        self.starter_run = options["starter_run"]
        self.satisfy_immediately = options["satisfy_immediately"]
        self.one_double = options["one_double_per_turn"]
        self.free_first_turn = options["free_first_turn"]
        self.engine_from_hands = options["engine_from_hands"]
        self.lead_turned_up = not self.engine_from_hands              # rules 2-3: nobody lays the engine
        if options["double_blank_50"]:
            self.double_blank_value = 50                              # 16e
        if self.engine_from_hands:
            self.first_lead = EngineLead(from_hands=True)             # 16f
        self._lanes = []   # the playout's tables, made at its first call (_lane_tables)
        # the set less each engine, in id order: what the deal shuffles (rule 3)
        self._without = {double(e): [t for t in range(set_size(12)) if t != double(e)] for e in range(13)}
        self.turn = Turn(continues=AT_WILL if self.starter_run else ONE_TILE, again_after_double=True,
                         draw_limit=None if options["draw_until_playable"] else 1)   # 16a, 16d

    # -- the deal -------------------------------------------------------------------------
    def deal(self, rng: random.Random) -> Deal:
        return self.deal_for(rng, None)

    def deal_for(self, rng, context):
        """Rule 3: the engine out first, the other 90 dealt canonically; 16f: all 91."""
        keys = list(starmap(rng.random, self._no_args))
        if self.engine_from_hands:
            tiles = sorted(self._set_range, key=keys.__getitem__)
        else:
            engine = double(engine_pip(context.hand_number if context is not None else 1))
            tiles = sorted(self._without[engine], key=keys.__getitem__)
        k = self._deal_k
        hands = [tiles[i:i + k] for i in self._hand_starts]
        if self.engine_from_hands:
            return Deal(hands, tiles[k * self.players:], [])
        # a deal lists every tile: the engine, taken out first, heads the stock and is turned
        # up from it before play (EngineLead), so the boneyard proper is the rest
        return Deal(hands, [engine] + tiles[k * self.players:], [])

    def new_layout(self):
        return MexicanTrains(self.set_fits, self.set_mask, False, self.players)

    # -- which trains a seat may use (rules 6, 8, 10, 16a-c, 16g) -----------------------------
    def restrict_places(self, layout, seat, history, index):
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

    def set_position(self, state, table):
        """A position's ``table``: ``markers`` (seats whose marker is out) and ``played`` (seats
        past their first turn of the round)."""
        unknown = set(table) - {"markers", "played"}
        if unknown:
            raise GameError(f"{self.id} positions know markers and played, not {', '.join(sorted(unknown))}")
        lay = state.layout
        lay.started = True
        for s in table.get("markers", ()):
            lay.set_marker(s, True)
        for s in table.get("played", ()):
            lay.done |= 1 << s
        state.restrict_places(state.to_act)

    def on_turn_end(self, state, seat):
        """Rule 5: a turn that ends without the placement it owed puts out the seat's marker:
        its last event is a draw or a pass, a double still owing its follow-up, or the engine."""
        history = state.history
        if not history:
            return
        s, ev = history[-1]
        if s != seat:
            return
        kd = ev & KIND_MASK
        if kd == DRAW or kd == PASS or (kd == 0 and IS_DOUBLE[ev & 127]):
            history.append((seat, MARKER))

    # -- random playouts (HandState.play_random) --------------------------------------------
    def _lane_tables(self):
        """The playout's tables. Train k is lane k of one int (bits 91k..91k+90 hold its
        tiles), so that ``hand in every lane & what each train accepts & the usable lanes``
        lists every placement at once, train by train and tile by tile as ``legal_moves``
        orders them. A set bit is named by its ``bit_length`` b (its position + 1): tile
        ``tile_at[b]`` on train ``train_at[b]``, ``flip[b]`` what laying it changes in that
        train's lane, ``place_at[b]`` the placement's event less its open pip (``event_of[o]``).
        ``rep[t]``: tile t in every lane; ``lanes[ends]``: every tile in the
        lanes of ``ends`` (``lanes_nod``: doubles left out); ``ends_of[marked][seat]``: a
        seat's own train, the Mexican train and the marked trains. Small ints are looked up
        rather than shifted: the interpreter's bitwise operators cost more than an index."""
        n = self.players
        n1 = n + 1
        fits, full = self.set_fits, self.set_mask
        every = sum(1 << (LANE * k) for k in range(n1))
        rep = [every << t for t in range(LANE)]
        lane = [full << (LANE * k) for k in range(n1)]
        lanes = [sum(lane[k] for k in range(n1) if m >> k & 1) for m in range(1 << n1)]
        singles = (full & NOT_DOUBLES) * every
        lanes_nod = [m & singles for m in lanes]
        size = LANE * n1 + 1
        tile_at = [(b - 1) % LANE for b in range(size)]
        train_at = [(b - 1) // LANE for b in range(size)]
        flip = [0] * size
        for t in range(set_size(self.max_pip)):
            vs = [v for v in range(self.max_pip + 1) if fits[v] >> t & 1]
            for k in range(n1):
                flip[LANE * k + t + 1] = (fits[vs[0]] ^ fits[vs[-1]]) << (LANE * k)   # a double: 0
        event_of = [o << 12 for o in range(self.max_pip + 1)]   # the open pip, as placement events carry it
        place_at = [0] + [tile_at[b] | (train_at[b] << 7) for b in range(1, size)]
        bits = [1 << s for s in range(n1)]
        ends_of = [[bits[s] | bits[n] | m for s in range(n)] for m in range(1 << n)]
        # the history's entries that do not depend on the layout, made once (tuples are shared)
        events = [([(s, DRAW | t) for t in range(LANE)], (s, PASS), (s, MARKER), (s, STOP)) for s in range(n)]
        arm_entry = [[(t, o) for o in range(self.max_pip + 1)] for t in range(LANE)]   # an arm's (tile, open pip)
        self._lanes[:] = (rep, lanes, lanes_nod, tile_at, train_at, flip, event_of, bits, ends_of, events,
                          arm_entry, place_at)
        return self._lanes

    def playout(self, state, rnd):
        """The engine's turn, written out for this game alone: the same moves, events and
        layout as ``legal_moves``/``apply_unchecked`` with the same ``rnd`` (tests hold it to
        that), several times faster. Hands and what the trains accept are kept lane by lane
        (``_lane_tables``): one AND gives the placements, ``bit_count`` their number, the
        i-th set bit the chosen one (its lane the train). The layout's targets, mask and
        fold are rebuilt once, at the end; each step names the engine code it mirrors."""
        if state.random_steps_to_turn(rnd):   # before the engine lies (16f: drawing for it)
            return
        lay = state.layout
        history = state.history
        append = history.append
        hands = state.hands
        stock = state.stock
        fits = lay.fits
        values, lengths, doubles, arms = lay.values, lay.lengths, lay.doubles, lay.arms
        pending = lay.pending
        n = state.n
        seat = state.to_act
        self.restrict_places(lay, seat, history, len(history))
        cursor = len(history)
        rep, lanes, lanes_nod, tile_at, train_at, flip, event_of, bits, ends_of, events, arm_entry, place_at = \
            self._lanes or self._lane_tables()
        # the fold of restrict_places, kept in locals (the layout's own is brought up to date
        # at the end)
        marked, done, ts, placed = lay.marked, lay.done, lay.turn_seat, lay.placed
        first_own, doubled = lay.first_own, lay.doubled
        everyone = (1 << n) - 1
        stock_pos, drawable = state.stock_pos, state.drawable
        stock_end = stock_pos + drawable     # the boneyard is stock[stock_pos:stock_end]
        drawn, owed, placed_in_turn = state.drawn, state.owed, state.placed_in_turn
        restrict = rep[state.restrict.bit_length() - 1] if state.restrict else 0   # in every lane
        last_placer = state.last_placer
        at_will = self.turn.continues == AT_WILL
        limit = state.draw_limit
        free, starter, satisfy, one_double = self.free_first_turn, self.starter_run, \
            self.satisfy_immediately, self.one_double
        pips, is_double = PIPS, IS_DOUBLE
        following = [(x + 1) % n for x in range(n)]
        draws, passes, markers, stops = events[seat]   # the seat to act's entries
        arm_add = [a.append for a in arms]
        ends, nod = lay.usable & lay.all_ends, lay.no_doubles

        every = rep[0]
        full = lay.set_mask
        held = [h * every for h in hands]    # each hand in every lane
        hand = held[seat]
        # all hands, in every lane: kept only while the boneyard is empty (the block test)
        in_hands = 0
        for h in held:
            in_hands |= h
        start_hands = in_hands & full
        accepts = 0                          # what each train accepts, lane by lane
        for k, v in enumerate(values):
            accepts |= fits[v] << (LANE * k)
        # what the seat to act may place where, lane by lane (accepts & the usable lanes)
        avail = accepts & (lanes_nod if nod else lanes)[ends]
        sp0 = stock_pos
        arm_lengths = [len(a) for a in arms]
        outcome = None   # (reason, out seat) once the round is over
        stopped = False  # the turn ended on a stop with the boneyard empty (no end check)
        done_before = done   # the fold's done before the last turn that ended
        # the fold's turn boundary (an event of a seat other than the turn's) is taken at the
        # turn's start: the same for every question restrict_places answers
        if seat != ts:
            if ts >= 0:
                done |= 1 << ts
            ts = seat
            placed = 0
            first_own = doubled = False
        while True:
            while True:
                # legal_moves: the placements, train by train; else a draw or a pass, alone
                m = (restrict or hand) & avail
                if m:
                    count = m.bit_count()
                    # the i-th placement: m's i-th lowest set bit, named by its bit_length b
                    if at_will and placed_in_turn and not owed:
                        i = int(rnd() * (count + 1))
                        if i == count:
                            append(stops)                   # STOP: the turn ends, no end check
                            stopped = stock_pos >= stock_end
                            restrict = 0
                            break
                        while i:
                            m &= m - 1
                            i -= 1
                        b = (m & -m).bit_length()
                    elif count == 1:
                        rnd()
                        b = m.bit_length()
                    elif count == 2:
                        b = m.bit_length() if rnd() >= 0.5 else (m & -m).bit_length()
                    else:
                        i = int(rnd() * count)
                        while i:
                            m &= m - 1
                            i -= 1
                        b = (m & -m).bit_length()
                    # apply_unchecked: a placement (Trains.place, Cross.place)
                    t = tile_at[b]
                    e = train_at[b]
                    o = pips[t] - values[e]
                    r = rep[t]
                    hand ^= r
                    if stock_pos >= stock_end:
                        in_hands ^= r
                    accepts ^= flip[b]
                    values[e] = o
                    arm_add[e](arm_entry[t][o])   # lengths, doubles, last_placer: from the arms and history at the end
                    append((seat, place_at[b] + event_of[o]))
                    restrict = 0
                    if pending and e in pending:
                        pending.remove(e)
                    if e == seat and marked:
                        marked &= ~bits[seat]
                    dbl = is_double[t]
                    if dbl:
                        pending.append(e)
                        if not hand:
                            outcome = ("domino", seat)
                            break
                    elif not hand:
                        outcome = ("domino", seat)
                        break
                    elif not at_will:
                        break     # restrict_places leaves no train (rule 9c), _continue_turn ends it
                    # (avail is stale from here: the turn goes on with new trains, or ends)
                    # the fold's turn fields: only a turn that goes on asks them (the end rebuilds them)
                    if not placed:
                        first_own = e == seat
                    placed += 1
                    if dbl:
                        doubled = True
                    # restrict_places in the middle of a turn
                    first = not done & bits[seat]
                    if starter and first and first_own:
                        ends, nod = bits[seat], one_double and doubled
                    elif not dbl:
                        ends, nod = 0, False
                    else:
                        nod = one_double
                        if satisfy:
                            ends = bits[e]
                        elif first and not free:
                            ends = bits[seat]
                        else:
                            ends = ends_of[marked][seat]
                    avail = accepts & (lanes_nod if nod else lanes)[ends]
                    owed = dbl        # _continue_turn
                    placed_in_turn += 1
                    drawn = 0
                    if not hand & avail and not (dbl and stock_pos < stock_end):
                        if dbl:       # on_turn_end: the double is left unanswered
                            append(markers)
                            marked |= bits[seat]
                        break
                else:
                    rnd()                                       # the one legal move is asked for too
                    if stock_pos < stock_end and drawn < limit and not restrict:
                        # _draw
                        t = stock[stock_pos]
                        stock_pos += 1
                        r = rep[t]
                        hand |= r
                        drawn += 1
                        append(draws[t])
                        if stock_pos >= stock_end:          # the last tile: the block test starts
                            held[seat] = hand
                            in_hands = 0
                            for h in held:
                                in_hands |= h
                        if r & avail:
                            restrict = r
                        elif stock_pos < stock_end and drawn >= limit:
                            # the next legal move is the pass alone: made here (no end check between)
                            rnd()
                            append(passes)
                            append(markers)                     # on_turn_end
                            marked |= bits[seat]
                            break
                        elif placed_in_turn and stock_pos >= stock_end and not hand & avail:
                            append(markers)
                            marked |= bits[seat]
                            break
                    else:
                        append(passes)                          # _pass: after_pass says nothing here
                        append(markers)
                        restrict = 0
                        marked |= bits[seat]
                        break
                # _check_end in the middle of a turn: rule 12
                if stock_pos >= stock_end:
                    if pending and not placed_in_turn:
                        blocked = not in_hands & accepts & lanes[bits[pending[0]]]
                    else:
                        blocked = not in_hands & accepts
                    if blocked:
                        outcome = ("blocked", None)
                        break
            if outcome:
                break
            # next_turn (the marker was put out above): the next seat, restrict_places
            done_before = done
            if done != everyone:
                done |= bits[seat]
            held[seat] = hand
            seat = following[seat]
            hand = held[seat]
            draws, passes, markers, stops = events[seat]
            placed = drawn = placed_in_turn = 0     # (restrict is 0: every path to here cleared it)
            doubled = owed = nod = False
            # restrict_places at a turn's start, and the layout's _refresh
            if pending:
                ends = bits[pending[0]]
            elif done == everyone or free or done & bits[seat]:
                ends = ends_of[marked][seat]
            else:
                ends = bits[seat]
            avail = accepts & lanes[ends]
            # _check_end: rule 12 (with a double open, avail is what its train takes); none after a stop
            if stock_pos >= stock_end:
                if stopped:
                    stopped = False
                elif not in_hands & (avail if pending else accepts):
                    outcome = ("blocked", None)
                    break
        held[seat] = hand
        in_hands = 0
        for s in range(n):
            hands[s] = h = held[s] & full
            in_hands |= h
        drawable = stock_end - stock_pos
        drawn_tiles = sum(map(BIT.__getitem__, stock[sp0:stock_pos]))   # distinct tiles: + is |
        for e, arm in enumerate(arms):
            grown = len(arm) - arm_lengths[e]
            if grown:
                lengths[e] += grown
                doubles[e] = is_double[arm[-1][0]]
        last, last_end = lay.last, lay.last_end   # the last placement's tile and end, whoever made it
        for k in range(len(history) - 1, cursor - 1, -1):
            s, ev = history[k]
            if not ev & KIND_MASK:
                last_placer = s
                last = ev & 127
                last_end = (ev >> 7) & 31
                break
        state.in_hands, state.stock_pos, state.drawable = in_hands, stock_pos, drawable
        state.drawn, state.restrict, state.owed, state.placed_in_turn = drawn, restrict & full, owed, placed_in_turn
        state.to_act, state.last_placer = seat, last_placer
        lay.mask, lay.last = lay.mask | ((start_hands | drawn_tiles) & ~in_hands), last
        lay.usable, lay.no_doubles = ends, nod
        lay._refresh()
        # the layout's fold as restrict_places would leave it after the last event: the turn
        # of the last event's seat (ended, or cut short by the end of the round)
        ts = history[-1][0]
        if ts != seat:
            done = done_before
        k = len(history)
        while k and history[k - 1][0] == ts:
            k -= 1
        if k < cursor:
            # the turn began before this loop: the fold's fields at its start hold its beginning
            placed, first_own, doubled, last_double = lay.placed, lay.first_own, lay.doubled, lay.last_double
            k = cursor
        else:
            placed = 0
            first_own = doubled = last_double = False
        for _, ev in history[k:]:
            if not ev & KIND_MASK and (ev >> 7) & 31 != LEAD_END:
                e = (ev >> 7) & 31
                if not placed:
                    first_own = e == ts
                placed += 1
                last_double = is_double[ev & 127]
                doubled = doubled or last_double
        for s in range(n):
            if (marked >> s & 1) != (lay.marked >> s & 1):
                lay.set_marker(s, bool(marked >> s & 1))
        lay.done, lay.turn_seat, lay.placed, lay.first_own = done, ts, placed, first_own
        lay.doubled, lay.last_double, lay.last_end = doubled, last_double, last_end
        lay.cursor = len(history)
        state.finish(*outcome)

    def score_hand(self, state, reason, out_seat):
        lay = state.layout
        if lay.cursor < len(state.history):   # the layout as the last events leave it (markers)
            lay.fold(state.history, lay.cursor, len(state.history))
        return own_pips(state, reason, out_seat)                      # rules 13-14

