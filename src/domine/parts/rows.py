"""Rows: hands kept face down in order, hidden even from their owner (the blind games).

A game that keeps rows (``RowGame``) deals each seat's tiles into a row, in the
order dealt: the first tile dealt is the row's *front*, the one its owner meets
next. Nobody, the owner included, knows a face-down tile until an event shows
it: a private look (``PEEK`` as a move, ``SEE`` when the rules make it), a tile
turned up for everyone (``REVEAL``), a double set face up. The hand keeps, per
seat, the row's order and its face-up tiles; ``public`` (tiles everybody has
seen, and so can follow as they move) and ``private[seat]`` (its own looks) make
``known[seat]``: the tiles whose identity and place that seat knows, in any row.
Rows move in public (a tile to the back, a draw to the front), so a seat that
knows a tile knows where it lies. ``observation(seat)``
shows a seat only its known tiles (its own unknown ones as places ``-1`` in
``obs.rows``), and ``Knowledge`` deals every tile the seat does not know, its
own unknown ones with the others', into the places the observation leaves open.

The turn is one of three styles, as class data of the game says:

* ``"reveal"`` (blind): a face-up double that fits must be played; otherwise
  the front tiles are turned up for all, one by one, until one fits (it is
  played; one fitting both ends lets its owner look at the next tile first) or
  each has been tried once (a pass). All passing in turn blocks the hand.
* ``"peek"`` (blind-row): the owner looks at his front tile; he may lay it if it
  fits, else it goes to the back (``back``), and without a lay he may draw one
  unseen tile to the front (``back draw``). Left with ``reveal_at`` tiles he
  turns them up and later lays any number of them (``stop``), or draws one face up.
* ``"peek on"`` (blind-hughie): after a lay the turn may go on (``peek`` again,
  or an open double) or ``stop``; a rejected double may be set face up beside
  the row (``open``) and laid later out of order.

Every hand ends: by a domino, a block the referee sees, or (styles with an
optional lay) after ``players x (largest hand + 1)`` idle turns in a row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..games.base import Game
from ..engine.hand import NOBODY, Deal, HandContext, HandState, placements
from ..engine.matching import STRIDE
from ..engine.moves import (
    DRAW, HIDDEN, KIND_MASK, PASS, STOP, TILE_MASK, TURN_UP, IllegalMove, MalformedMove, register_kind,
)
from ..engine.notation import register_format, register_notation
from .hand_ends import HandEnd
from .leads import LeadRule
from ..engine.tiles import BIT, IS_DOUBLE, parse_tile, tile_str, tiles_of, TileError

PEEK = register_kind("peek", 18, hides_tile=True)            # a look at one's own front tile (a move)
SEE = register_kind("look", 17, forced=True, hides_tile=True)  # a look the rules make (no choice)
REVEAL = register_kind("reveal", 16, forced=True)          # a row tile turned up for everyone
BACK = register_kind("back", 15)                           # the looked-at front tile goes to the back
BACK_DRAW = 1 << 7     # bit of a BACK move: then draw one tile, unseen, to the front of the row
BACK_OPEN = 2 << 7     # bit of a BACK move: a double set face up beside the row instead (an open double)

# phases of a turn (public)
START, CHOOSE_UP, FRONT, STUCK, DECIDE, AFTER, OPEN_HAND = range(7)
STYLES = ("reveal", "peek", "peek on")
PHASES = ("start", "face-up doubles", "front tile", "stuck", "deciding", "after a lay", "open hand")


@dataclass(frozen=True)
class RowView:
    """The rows as one seat may know them: ``rows[s]``, front first, a tile or -1 (unknown to
    this seat); ``face_up[s]``, the face-up tiles of seat s (public); ``open[s]``, tiles
    out of the row face up (open doubles, a revealed hand); the turn's public phase, the
    front tile being decided on (only for its owner, else -1) and the idle-turn count."""

    rows: tuple
    face_up: tuple
    open: tuple
    phase: int
    front: int
    idle: int
    idle_limit: int

    def unknown(self, seat: int) -> int:
        """How many tiles of ``seat``'s row this view does not know."""
        return sum(1 for t in self.rows[seat] if t < 0)


class RowEnd(HandEnd):
    """The row games end their hands themselves (``RowHandState``): no inline block test."""

    inline = False

    def blocked(self, state) -> bool:
        return False


class FirstByLot(LeadRule):
    """The first starter is drawn by lot (the lead itself is the row game's)."""

    draws_lot = True

    def choose(self, state):
        lot = state.context.lot
        state.to_act = lot if lot is not None else 0


class LoserStarts(LeadRule):
    """The previous hand's loser (last in its ranking) starts."""

    def choose(self, state):
        state.to_act = state.context.previous.ranking[-1]


class NextSeatStarts(LeadRule):
    """The seat after the previous starter starts."""

    def choose(self, state):
        state.to_act = ((state.context.previous_leader or 0) + 1) % state.n


class RowGame(Game):
    """A game whose hands are rows (see the module docstring); a subclass sets the style."""

    keeps_rows = True
    row_style = "reveal"      # "reveal", "peek" or "peek on"
    reveal_at = 0             # "peek": a face-down hand this small is turned up (0: never)
    leftover = "aside"
    hand_end = RowEnd()
    first_lead = FirstByLot()

    def new_hand(self, deal: Deal, context: HandContext | None = None) -> "RowHandState":
        return RowHandState(self, deal, context)

    @property
    def hand_class(self):
        return RowHandState

    def setup_hand(self, state: "RowHandState") -> None:
        self.lead_rule(state.context).choose(state)
        state.start()

    def playout(self, state: "RowHandState", rnd) -> None:
        """Random moves to the end, as ``play_random`` promises: the step API without the
        engine's general loop around it."""
        legal, apply = state.legal_moves, state.apply_unchecked
        while not state.over:
            moves = legal()
            apply(moves[int(rnd() * len(moves))])

    def set_position(self, state: "RowHandState", table: dict) -> None:
        """A position's rows (``domine.engine.position``): each seat's hand is its row, front first;
        ``table`` may mark tiles ``face_up`` in the row, ``open`` (face up beside it), ``known``
        to a seat, ``revealed`` seats (an open hand) and the ``idle`` turns so far. The turn
        of the seat to act then begins."""
        parse = lambda t: parse_tile(str(t), self.max_pip)   # noqa: E731
        for key in table:
            if key not in ("face_up", "open", "known", "revealed", "idle"):
                from ..games.base import GameError
                raise GameError(f"{self.id} positions take face_up, open, known, revealed, idle, not {key}")
        for s, tiles in table.get("face_up", {}).items():
            for t in map(parse, tiles):
                state.face_up[int(s)] |= BIT[t]
                state._show_all(BIT[t])
        for s, tiles in table.get("open", {}).items():
            for t in map(parse, tiles):
                state.rows[int(s)].remove(t)
                state.open[int(s)] |= BIT[t]
                state.face_up[int(s)] |= BIT[t]
                state._show_all(BIT[t])
        for s, tiles in table.get("known", {}).items():
            for t in map(parse, tiles):
                state.private[int(s)] |= BIT[t]
        for s in table.get("revealed", ()):
            s = int(s)
            state.open[s] |= state.hands[s]
            state.face_up[s] |= state.hands[s]
            state._show_all(state.hands[s])
            state.rows[s] = []
            state.revealed[s] = True
        state.idle = table.get("idle", 0)
        state.special = False
        state._begin_turn()

    def row_world(self, kn, rng: random.Random) -> "RowHandState | None":
        return row_world(kn, rng)

    def heuristic_value(self, obs, move: int) -> float | None:
        """Rules of thumb for the row moves: lay what fits, look on rather than stop, keep
        the stock (a placement always scores above these)."""
        k = move & KIND_MASK
        if k == PEEK:
            return -40.0                                  # above a stop (-50): go on shedding
        if k == BACK:
            return -1e5 - bool(move & BACK_DRAW) + bool(move & BACK_OPEN)   # an open double may be laid later
        if k == DRAW:
            return -1e5 - 3
        return None


class RowHandState(HandState):
    """A hand of a ``RowGame``: the engine's hand with rows, and the turn styles of the module."""

    __slots__ = ("rows", "face_up", "public", "private", "open", "revealed", "phase", "front", "idle",
                 "laid_in_turn", "style", "cap")

    def __init__(self, game: RowGame, deal: Deal, context: HandContext | None = None, lead: bool = True):
        n = len(deal.hands)
        self.rows = [list(h) for h in deal.hands]
        self.face_up = [0] * n
        self.public = 0              # tiles every seat knows (and where they are)
        self.private = [0] * n       # tiles only that seat has seen (its looks)
        self.open = [0] * n          # face up out of the row: open doubles, a revealed hand
        self.revealed = [False] * n
        self.phase = START
        self.front = -1
        self.idle = 0
        self.laid_in_turn = False
        self.style = STYLES.index(game.row_style)   # 0 reveal, 1 peek, 2 peek on
        self.cap = 0                 # the stalemate limit of the idle run going on (0: not yet known)
        super().__init__(game, deal, context, lead)

    # -- the start -----------------------------------------------------------------------
    def start(self) -> None:
        """The lead: a spare tile turned up (the seat to act then takes a normal turn), or the
        starter's front tile turned up and laid (his whole turn, or, style "peek on", a lay)."""
        seat = self.to_act
        self.leader = seat
        if self.deal.aside:
            t = self.deal.aside[0]
            self.layout.place_lead(t, low_first=True)
            self.history.append((NOBODY, TURN_UP | t))
            self.special = False
            if self.game.row_style != "reveal" and not self.in_hands & self.layout.playable:
                self.finish("blocked")   # nothing dealt fits the spare tile
                return
            self._begin_turn()
            return
        t = self.rows[seat].pop(0)
        b = BIT[t]
        self.hands[seat] ^= b
        self.in_hands ^= b
        self.layout.place_lead(t)
        self.history.append((seat, TURN_UP | t))
        self.last_placer = seat
        self.special = False
        if self.game.row_style == "peek on":
            self.laid_in_turn = True
            if not self.in_hands & self.layout.playable:
                self.finish("blocked")
                return
            self._after_lay(seat)
        else:
            self._end_turn_row(seat, laid=True)

    # -- moves ---------------------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        if self.special:
            return self._special_moves()
        seat = self.to_act
        phase = self.phase
        lay = self.layout
        if phase == DECIDE:
            front = self.front
            b = BIT[front]
            moves = []
            if b & lay.playable:   # the placements of one tile (``placements``, inlined)
                codes, base = self.codes, front * STRIDE
                for end, v, accepted in lay.targets:
                    if accepted & b:
                        e7 = end << 7
                        for c in codes[base + v]:
                            moves.append(c | e7)
            moves.append(BACK)
            if self.style == 1:
                if self.drawable > 0:
                    moves.append(BACK | BACK_DRAW)
            elif IS_DOUBLE[self.front]:
                moves.append(BACK | BACK_OPEN)
            return moves
        if phase == FRONT:
            return placements(BIT[self.front], lay, self.fits, self.codes)
        if phase == CHOOSE_UP:
            return placements(self.face_up[seat] & self.hands[seat] & lay.playable, lay, self.fits, self.codes)
        if phase == STUCK:
            return [PASS]
        if phase == AFTER:   # "peek on": step 1 again, or stop
            moves = placements(self.open[seat] & lay.playable, lay, self.fits, self.codes)
            if self.rows[seat]:
                moves.append(PEEK)
            if self.laid_in_turn:
                moves.append(STOP)
            return moves
        if phase == OPEN_HAND:
            moves = placements(self.hands[seat] & lay.playable, lay, self.fits, self.codes)
            if self.laid_in_turn:
                moves.append(STOP)
            else:
                moves.append(PASS)
                if self.drawable > 0:
                    moves.append(DRAW)
            return moves
        return []

    def apply(self, move: int) -> None:
        if self.over:
            raise IllegalMove("the hand is over")
        if move not in self.legal_moves():
            from ..engine.notation import explain_illegal
            raise IllegalMove(explain_illegal(self, move))
        self.apply_unchecked(move)

    def apply_unchecked(self, move: int) -> None:
        seat = self.to_act
        k = move & KIND_MASK
        if k == 0:
            self._lay(seat, move)
        elif k == PEEK:
            self._look(seat, PEEK)
        elif k == BACK:
            self._back(seat, move)
        elif k == STOP:
            self.history.append((seat, STOP))
            self._end_turn_row(seat, laid=True)
        elif k == PASS:
            self.history.append((seat, PASS))
            self._end_turn_row(seat, laid=False)
        elif k == DRAW:   # an open hand draws face up, for all to see
            t = self._take_stock()
            b = BIT[t]
            self.hands[seat] |= b
            self.in_hands |= b
            self.open[seat] |= b
            self.face_up[seat] |= b
            self._show_all(b)
            self.history.append((seat, DRAW | t))
            self._end_turn_row(seat, laid=True)   # a draw is not idle
        else:
            raise IllegalMove(f"{move!r} is not a move of this game")

    # -- the turn ------------------------------------------------------------------------
    def idle_turns_limit(self) -> int:
        """Players x (largest hand + 1): idle turns in a row after which the hand is stalemated."""
        return self.n * (max(h.bit_count() for h in self.hands) + 1)

    def _begin_turn(self) -> None:
        """Start the turn of ``to_act``: the rules' forced steps, until a seat has a choice
        (or the turn ends by itself, and the next one begins)."""
        style = self.style
        while not self.over:
            seat = self.to_act
            self.laid_in_turn = False
            self.placed_in_turn = 0
            self.front = -1
            hand = self.hands[seat]
            playable = self.layout.playable
            if style == 0:
                up = self.face_up[seat] & hand & playable
                if up:
                    self.phase = CHOOSE_UP
                    return
                self._reveal_until_fit(seat)
                return
            if style == 1:
                if self.revealed[seat]:
                    self.phase = OPEN_HAND
                    return
                self._look(seat, SEE)
                return
            # "peek on": step 1
            if self.open[seat] & playable:
                self.phase = AFTER
                return
            if self.rows[seat]:
                self._look(seat, SEE)
                return
            self._end_turn_row(seat, laid=False, begin=False)   # nothing to look at or lay
            if self.over:
                return

    def _reveal_until_fit(self, seat: int) -> None:
        row = self.rows[seat]
        playable = self.layout.playable
        for _ in range(len(row)):
            t = row[0]
            b = BIT[t]
            if not b & self.face_up[seat]:
                self.history.append((seat, REVEAL | t))
                self._show_all(b)
            if b & playable and not b & self.face_up[seat]:
                self.front = t
                self.phase = FRONT
                if len(row) > 1 and self._two_places(b) and not BIT[row[1]] & (self.public | self.private[seat]):
                    nxt = row[1]
                    self.private[seat] |= BIT[nxt]
                    self.history.append((seat, SEE | nxt))
                return
            row.append(row.pop(0))
            if IS_DOUBLE[t]:
                self.face_up[seat] |= b
        self.phase = STUCK

    def _two_places(self, b: int) -> bool:
        found = False
        for _, _, accepted in self.layout.targets:
            if accepted & b:
                if found:
                    return True
                found = True
        return False

    def _look(self, seat: int, kind_code: int) -> None:
        t = self.rows[seat][0]
        self.private[seat] |= BIT[t]
        self.front = t
        self.phase = DECIDE
        self.history.append((seat, kind_code | t))

    def _show_all(self, b: int) -> None:
        self.public |= b

    def _take_stock(self) -> int:
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.drawable -= 1
        return t

    def _lay(self, seat: int, move: int) -> None:
        t = move & 127
        b = BIT[t]
        row = self.rows[seat]
        if b & self.open[seat]:
            self.open[seat] ^= b
        else:
            row.remove(t)
        self.face_up[seat] &= ~b
        hand = self.hands[seat] ^ b
        self.hands[seat] = hand
        self.in_hands ^= b
        self._show_all(b)
        self.layout.place((move >> 7) & 31, t, (move >> 12) & 15)
        self.last_placer = seat
        self.history.append((seat, move))
        self.laid_in_turn = True
        self.placed_in_turn += 1
        self.front = -1
        if not hand:
            self.finish("domino", seat)
            return
        style = self.style
        if style == 2:
            if not self.layout.playable & ~self.layout.mask:
                self.finish("blocked")   # rule: even in the middle of a turn
                return
            self._after_lay(seat)
            return
        if style == 1 and hand.bit_count() == self.game.reveal_at and self.reveal_check(seat):
            return
        if self.phase == OPEN_HAND and hand & self.layout.playable:
            return   # an open hand may lay on, or stop
        self._end_turn_row(seat, laid=True)

    def reveal_check(self, seat: int) -> bool:
        """A face-down hand left with ``reveal_at`` tiles is turned up; the turn ends."""
        if self.revealed[seat] or self.hands[seat].bit_count() != self.game.reveal_at:
            return False
        for t in self.rows[seat]:
            if not BIT[t] & self.public:
                self.history.append((seat, REVEAL | t))
        mask = self.hands[seat]
        self._show_all(mask)
        self.face_up[seat] |= mask
        self.open[seat] |= mask
        self.rows[seat] = []
        self.revealed[seat] = True
        self._end_turn_row(seat, laid=True)
        return True

    def _after_lay(self, seat: int) -> None:
        self.phase = AFTER
        if not self.rows[seat] and not self.open[seat] & self.layout.playable:
            self._end_turn_row(seat, laid=True)   # nothing more can be looked at or laid

    def _back(self, seat: int, move: int) -> None:
        row = self.rows[seat]
        t = row.pop(0)
        b = BIT[t]
        drew = False
        if move & BACK_OPEN:
            self.open[seat] |= b
            self.face_up[seat] |= b
            self._show_all(b)
            self.history.append((seat, BACK | BACK_OPEN | t))
        else:
            row.append(t)
            if move & BACK_DRAW:
                d = self._take_stock()
                row.insert(0, d)
                self.hands[seat] |= BIT[d]
                self.in_hands |= BIT[d]
                drew = True
            self.history.append((seat, BACK | (move & BACK_DRAW)))
        self.front = -1
        self._end_turn_row(seat, laid=self.laid_in_turn or drew)

    def _end_turn_row(self, seat: int, laid: bool, begin: bool = True) -> None:
        """The turn of ``seat`` is over: count idle turns, end the hand if its rules say, else
        begin the next seat's turn."""
        if laid:
            idle = self.idle = 0
        else:
            idle = self.idle = self.idle + 1
        n = self.n
        if not self.style:
            if idle >= n:
                self.finish("blocked")   # everybody passed in succession
                return
        else:
            # no tile off the table (in a hand, or the stock) fits: blocked
            lay = self.layout
            if not lay.playable & ~lay.mask:
                self.finish("blocked")
                return
            if idle >= 2 * n:   # the least a limit can be; it holds for the whole idle run
                if idle == 2 * n or not self.cap:
                    self.cap = self.idle_turns_limit()
                if idle >= self.cap:
                    self.finish("stalemate")
                    return
        self.to_act = (seat + 1) % n
        self.phase = START
        if begin:
            self._begin_turn()

    @property
    def known(self) -> list[int]:
        """Per seat, the tiles it knows the place of: the public ones and its own looks."""
        return [self.public | p for p in self.private]

    # -- views and copies ----------------------------------------------------------------
    def observation(self, seat: int, legal: list[int] | None = None):
        from ..engine.observation import observe
        obs = observe(self, seat, legal)
        masks = obs._masks
        obs._masks = (self.hands[seat] & (self.public | self.private[seat]),) + tuple(masks[1:])
        obs.rows = self.row_view(seat)
        return obs

    def row_view(self, seat: int) -> RowView:
        known = self.public | self.private[seat]
        rows = tuple(tuple(t if BIT[t] & known else -1 for t in row) for row in self.rows)
        front = self.front if self.to_act == seat and not self.over and self.front >= 0 else -1
        return RowView(rows, tuple(self.face_up), tuple(tuple(tiles_of(m)) for m in self.open), self.phase,
                       front, self.idle, self.idle_turns_limit() if self.game.row_style != "reveal" else self.n)

    def clone(self) -> "RowHandState":
        base = HandState.clone(self)
        other = RowHandState.__new__(RowHandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(base, name))
        other.rows = [r[:] for r in self.rows]
        other.face_up = self.face_up[:]
        other.public = self.public
        other.private = self.private[:]
        other.open = self.open[:]
        other.revealed = self.revealed[:]
        for name in ("phase", "front", "idle", "laid_in_turn", "style", "cap"):
            setattr(other, name, getattr(self, name))
        return other

    def why_illegal(self, move: int, text: str | None = None) -> str:
        """Why a move may not be made, in words that name no tile this seat does not know."""
        if self.over:
            return "the hand is over"
        legal = self.legal_moves()
        from ..engine.notation import move_str
        options = ", ".join(move_str(self, m) for m in legal)
        label = text or (move_str(self, move) if isinstance(move, int) and move >= 0 else repr(move))
        k = move & KIND_MASK if isinstance(move, int) else -1
        if k == 0:
            return f"{label} cannot be laid now; you may: {options}"
        if k == BACK:
            return f"{_why_not(self, move)}; you may: {options}"
        return f"{label} is not a move here; you may: {options}"


# -- notation ---------------------------------------------------------------------------
def _format(state, move: int) -> str:
    k = move & KIND_MASK
    if k == BACK:
        if move & BACK_OPEN:
            t = move & TILE_MASK
            return "open" if move & HIDDEN or move == BACK | BACK_OPEN else f"open {tile_str(t)}"
        return "back draw" if move & BACK_DRAW else "back"
    if k == REVEAL:
        return f"reveal {tile_str(move & TILE_MASK)}"
    return "look" if k == SEE else "peek"   # a look never names its tile in text


def _parse_back(state, words, legal):
    move = BACK
    rest = [w.lower() for w in words[1:]]
    if words[0].lower() == "open":
        move |= BACK_OPEN
        if rest:
            try:
                t = parse_tile(rest[0], state.game.max_pip)
            except TileError as e:
                raise MalformedMove(str(e)) from None
            if getattr(state, "front", -1) != t:
                raise IllegalMove(f"{rest[0]} is not the tile you are deciding on")
    elif rest == ["draw"]:
        move |= BACK_DRAW
    elif rest:
        raise MalformedMove("write back, or back draw")
    if move not in legal:
        raise IllegalMove(_why_not(state, move))
    return move


def _parse_peek(state, words, legal):
    if PEEK not in legal:
        raise IllegalMove("you cannot look at your front tile now")
    return PEEK


def _why_not(state, move: int) -> str:
    phase = getattr(state, "phase", START)
    if move & BACK_OPEN:
        return "only a double you have just looked at and not laid may be set face up"
    if move & BACK_DRAW:
        return "you may draw only after sending your front tile back, while the stock lasts"
    if phase != DECIDE:
        return "there is no looked-at tile to send back now"
    return "that is not a move here"


for _k in (PEEK, SEE, REVEAL, BACK):
    register_format(_k, _format)
register_notation(("back", "open"), _parse_back)
register_notation(("peek", "look"), _parse_peek)


def row_text(obs, seat: int) -> str:
    """A seat's row as ``seat``'s observation shows it: ``??`` for an unknown tile, ``^`` for
    a face-up one; then tiles face up beside it."""
    view = obs.rows
    parts = []
    for t in view.rows[seat]:
        if t < 0:
            parts.append("??")
        else:
            parts.append(tile_str(t) + ("^" if BIT[t] & view.face_up[seat] else ""))
    text = " ".join(parts) or "(empty)"
    if view.open[seat]:
        text += "   face up: " + " ".join(tile_str(t) for t in view.open[seat])
    return text


# -- worlds for the bots -------------------------------------------------------------------
def row_knowledge(kn, obs) -> None:
    """Fill a ``Knowledge`` for a row game: every place a tile is unknown to the observer
    (its own row too) may hold any unseen tile; the worlds are drawn by ``row_world``."""
    from ..bots.knowledge import _Slot
    game = kn.game
    view = obs.rows
    me = obs.seat
    known = 0
    for s, row in enumerate(view.rows):
        for t in row:
            if t >= 0:
                known |= BIT[t]
        for t in view.open[s]:
            known |= BIT[t]
    kn.mine = sum(BIT[t] for t in obs.hand)
    kn.table = sum(BIT[t] for t in obs.layout_tiles)
    kn.unseen = game.set_mask & ~known & ~kn.table
    kn.slots = [[] if s == me else [_Slot() for _ in range(view.unknown(s))] for s in range(kn.n)]
    kn.used = [[] for _ in range(kn.n)]
    kn.dead = [[] for _ in range(kn.n)]
    kn.cases = []
    kn.stock_draws = []
    kn.my_initial = kn.mine
    kn.turned_up = -1
    kn.closed_from_stock = 0
    kn.consistent = True
    kn.layout = obs.layout


def row_world(kn, rng: random.Random) -> "RowHandState | None":
    """A world: the unseen tiles dealt at random into the unknown places of every row and the
    stock, the rest as the observation shows it; None if the referee would have ended it."""
    from ..bots import knowledge
    knowledge.replay_public.weight = 1.0
    obs, game = kn.obs, kn.game
    view = obs.rows
    pool = tiles_of(kn.unseen)
    rng.shuffle(pool)
    it = iter(pool)
    rows = [[t if t >= 0 else next(it) for t in row] for row in view.rows]
    stock = [next(it) for _ in range(obs.stock_size)]
    hands = [r + list(o) for r, o in zip(rows, view.open)]
    state = RowHandState(game, Deal([list(r) for r in hands], stock, []), obs.context.copy(), lead=False)
    state.rows = rows
    state.open = [sum(BIT[t] for t in o) for o in view.open]
    state.face_up = list(view.face_up)
    public = 0
    for mask in view.face_up:
        public |= mask
    mine = 0
    for row in view.rows:
        for t in row:
            if t >= 0:
                mine |= BIT[t]
    state.public = public
    state.private = [mine & ~public if s == obs.seat else 0 for s in range(state.n)]
    state.revealed = [bool(view.open[s]) and not rows[s] and game.reveal_at > 0 for s in range(state.n)]
    state.layout = obs.layout.copy()
    state.history = list(obs.history)
    state.to_act = obs.to_act
    state.phase = view.phase
    state.front = view.front
    state.idle = view.idle
    state.special = False
    state.hand_points = list(obs.hand_points)
    state.drawable = obs.drawable
    placed = [s for s, m in obs.history if s >= 0 and (m & KIND_MASK == 0 or m & KIND_MASK == TURN_UP)]
    state.last_placer = placed[-1] if placed else None
    state.leader = next((s for s, m in obs.history if m & KIND_MASK == TURN_UP), None)
    state.laid_in_turn = _laid_this_turn(obs)
    state.placed_in_turn = int(state.laid_in_turn)
    # the referee's block test: the real hand is not over, so some tile must fit
    if game.row_style != "reveal":
        rest = 0
        for t in stock:
            rest |= BIT[t]
        if not (state.in_hands | rest) & state.layout.playable:
            return None
    return state


def _laid_this_turn(obs) -> bool:
    """Whether the acting seat has laid a tile in the turn now running (from the public history)."""
    me = obs.to_act
    for s, m in reversed(obs.history):
        if s != me:
            return False
        k = m & KIND_MASK
        if k == 0 or k == TURN_UP:
            return True
    return False
