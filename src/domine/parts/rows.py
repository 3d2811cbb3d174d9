"""Rows: hands kept face down in order, hidden even from their owner (the blind games).

A game that keeps rows (``domine.games.base.RowGame``) deals each seat's tiles into a row,
in the order dealt: the first tile dealt is the row's *front*, the one its owner meets
next. Nobody, the owner included, knows a face-down tile until an event shows it: a
private look (``PEEK`` as a move, ``SEE`` when the rules make it), a tile turned up for
everyone (``REVEAL``), a double set face up. The hand's ``RowState`` (``state.rules["rows"]``)
keeps, per seat, the row's order and its face-up tiles; ``public`` (tiles everybody has
seen, and so can follow as they move) and ``private[seat]`` (its own looks) make
``known[seat]``: the tiles whose identity and place that seat knows, in any row. Rows move
in public (a tile to the back, a draw to the front), so a seat that knows a tile knows
where it lies. An observation shows a seat only its known tiles (its own unknown ones as
places ``-1`` in ``obs.rows``), and ``domine.bots.knowledge`` deals every tile the seat does
not know, its own unknown ones with the others', into the places the observation leaves open.

A turn is a run of the row phases below, as the game's style says (class data of the game):

* ``"reveal"`` (blind): a face-up double that fits must be played (``face-up doubles``);
  otherwise the front tiles are turned up for all, one by one, until one fits (``front
  tile``: it is played; one fitting both ends lets its owner look at the next tile first)
  or each has been tried once (``stuck``: a pass). All passing in turn blocks the hand.
* ``"peek"`` (blind-row): the owner looks at his front tile (``deciding``); he may lay it if
  it fits, else it goes to the back (``back``), and without a lay he may draw one unseen
  tile to the front (``back draw``). Left with ``reveal_at`` tiles he turns them up and
  later lays any number of them (``open hand``: ``stop``), or draws one face up.
* ``"peek on"`` (blind-hughie): after a lay (``after a lay``) the turn may go on (``peek``
  again, or an open double) or ``stop``; a rejected double may be set face up beside the
  row (``open``) and laid later out of order; with no face-down tile left, a seat that
  does not lay an open double ends its turn (``pass``, rule 4.1).

Each phase lists its moves and applies them through the engine's effects (``lay_tile``,
``stock_to_hand``, ``emit``, ``give_turn``, ``finish``) and the row state's own. Every hand
ends: by a domino, a block the referee sees, or (styles with an optional lay) after
``players x (largest hand + 1)`` idle turns in a row.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.events import NOBODY
from ..engine.hand import LeadChoice
from ..engine.movegen import placements
from ..engine.matching import STRIDE
from ..engine.moves import (
    DRAW, HIDDEN, PASS, STOP, TURN_UP, IllegalMove, MalformedMove, register_kind,
)
from ..engine.notation import move_str, register_format, register_notation, why_illegal
from ..engine.phases import LEAD_MOVE, Phase
from ..engine.reasons import Reason, because
from ..engine.serial import register
from ..engine.tiles import BIT, IS_DOUBLE, TileError, parse_tile, tile_str, tiles_of
from .hand_ends import HandEnd
from .leads import LeadRule
from ..engine.moves import kind, tile_of

PEEK = register_kind("peek", 18, hides_tile=True)            # a look at one's own front tile (a move)
SEE = register_kind("look", 17, forced=True, hides_tile=True)  # a look the rules make (no choice)
REVEAL = register_kind("reveal", 16, forced=True)          # a row tile turned up for everyone
BACK = register_kind("back", 15)                           # the looked-at front tile goes to the back
BACK_DRAW = 1 << 7     # bit of a BACK move: then draw one tile, unseen, to the front of the row
BACK_OPEN = 2 << 7     # bit of a BACK move: a double set face up beside the row instead (an open double)

STYLES = ("reveal", "peek", "peek on")
#: the row turn's phases by name (``RowView.phase`` is an index here)
PHASES = ("between turns", "face-up doubles", "front tile", "stuck", "deciding", "after a lay", "open hand")


class RowState:
    """What a hand of a row game keeps beyond the engine's: each seat's row (front first),
    its face-up tiles, who knows what, open doubles and revealed hands, the tile being
    decided on, the idle turns in a row and whether a tile was laid in the turn going on."""

    __slots__ = ("rows", "face_up", "public", "private", "open", "revealed", "front", "idle",
                 "laid_in_turn", "style", "cap")

    def __init__(self, rows: list[list[int]], style: int):
        n = len(rows)
        self.rows = rows
        self.face_up = [0] * n
        self.public = 0              # tiles every seat knows (and where they are)
        self.private = [0] * n       # tiles only that seat has seen (its looks)
        self.open = [0] * n          # face up out of the row: open doubles, a revealed hand
        self.revealed = [False] * n
        self.front = -1
        self.idle = 0
        self.laid_in_turn = False
        self.style = style           # 0 reveal, 1 peek, 2 peek on
        self.cap = 0                 # the stalemate limit of the idle run going on (0: not yet known)

    def copy(self) -> "RowState":
        other = RowState.__new__(RowState)
        other.rows = [r[:] for r in self.rows]
        other.face_up, other.private, other.open = self.face_up[:], self.private[:], self.open[:]
        other.revealed = self.revealed[:]
        other.public, other.front, other.idle = self.public, self.front, self.idle
        other.laid_in_turn, other.style, other.cap = self.laid_in_turn, self.style, self.cap
        return other

    @property
    def known(self) -> list[int]:
        """Per seat, the tiles it knows the place of: the public ones and its own looks."""
        return [self.public | p for p in self.private]


register(RowState)


def rows_of(state) -> RowState:
    return state.rules["rows"]


@dataclass(frozen=True)
class RowView:
    """The rows as one seat may know them: ``rows[s]``, front first, a tile or -1 (unknown to
    this seat); ``face_up[s]``, the face-up tiles of seat s (public); ``open[s]``, tiles
    out of the row face up (open doubles, a revealed hand); the turn's public step (an index
    of ``PHASES``), the front tile being decided on (only for its owner, else -1) and the
    idle-turn count."""

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


register(RowView)


class RowEnd(HandEnd):
    """The row games end their hands themselves (the row phases): no inline block test."""

    inline = False

    def blocked(self, state) -> bool:
        return False


class FirstByLot(LeadRule):
    """The first starter is drawn by lot (the lead itself is the row game's)."""

    draws_lot = True

    def choose(self, state):
        lot = state.context.lot
        return LeadChoice(lot if lot is not None else 0)


class LoserStarts(LeadRule):
    """The previous hand's loser (last in its ranking) starts."""

    def choose(self, state):
        return LeadChoice(state.context.previous.ranking[-1])


class NextSeatStarts(LeadRule):
    """The seat after the previous starter starts."""

    def choose(self, state):
        return LeadChoice(((state.context.previous_leader or 0) + 1) % state.n)


# -- the start and the turn -------------------------------------------------------------------
def start(state, seat: int) -> None:
    """The lead: a spare tile turned up (``seat`` then takes a normal turn), or ``seat``'s front
    tile turned up and laid (his whole turn, or, style "peek on", a lay)."""
    rs = state.rules["rows"]
    state.set_starter(seat)
    if state.deal.aside:
        t = state.deal.aside[0]
        state.lay_tile(NOBODY, t | LEAD_MOVE, TURN_UP | t)
        if rs.style and not state.in_hands & state.layout.playable:
            state.finish("blocked")   # nothing dealt fits the spare tile
            return
        begin_turn(state)
        return
    t = rs.rows[seat].pop(0)
    state.lay_tile(seat, t | LEAD_MOVE, TURN_UP | t)
    if rs.style == 2:
        rs.laid_in_turn = True
        if not state.in_hands & state.layout.playable:
            state.finish("blocked")
            return
        after_lay(state, seat)
    else:
        end_turn(state, seat, laid=True)


def idle_turns_limit(state) -> int:
    """Players x (largest hand + 1): idle turns in a row after which the hand is stalemated."""
    return state.n * (max(h.bit_count() for h in state.hands) + 1)


def begin_turn(state) -> None:
    """Start the turn of the seat to act: the rules' forced steps, until a seat has a choice
    (or the turn ends by itself, and the next one begins)."""
    rs = state.rules["rows"]
    style = rs.style
    while not state.over:
        seat = state.to_act
        rs.laid_in_turn = False
        rs.front = -1
        hand = state.hands[seat]
        playable = state.layout.playable
        if style == 0:
            if rs.face_up[seat] & hand & playable:
                state.enter("face-up doubles")
                return
            reveal_until_fit(state, seat)
            return
        if style == 1:
            if rs.revealed[seat]:
                state.enter("open hand")
                return
            look(state, seat, SEE)
            return
        # "peek on": step 1
        if rs.open[seat] & playable:
            state.enter("after a lay")
            return
        if rs.rows[seat]:
            look(state, seat, SEE)
            return
        end_turn(state, seat, laid=False, begin=False)   # nothing to look at or lay


def reveal_until_fit(state, seat: int) -> None:
    rs = state.rules["rows"]
    row = rs.rows[seat]
    playable = state.layout.playable
    for _ in range(len(row)):
        t = row[0]
        b = BIT[t]
        if not b & rs.face_up[seat]:
            state.emit(seat, REVEAL | t)
            rs.public |= b
        if b & playable and not b & rs.face_up[seat]:
            rs.front = t
            state.enter("front tile")
            if len(row) > 1 and _two_places(state, b) and not BIT[row[1]] & (rs.public | rs.private[seat]):
                nxt = row[1]
                rs.private[seat] |= BIT[nxt]
                state.emit(seat, SEE | nxt)
            return
        row.append(row.pop(0))
        if IS_DOUBLE[t]:
            rs.face_up[seat] |= b
    state.enter("stuck")


def _two_places(state, b: int) -> bool:
    found = False
    for _, _, accepted in state.layout.targets:
        if accepted & b:
            if found:
                return True
            found = True
    return False


def look(state, seat: int, kind_code: int) -> None:
    """``seat`` looks at its front tile (a peek of its own, or a look the rules make)."""
    rs = state.rules["rows"]
    t = rs.rows[seat][0]
    rs.private[seat] |= BIT[t]
    rs.front = t
    state.enter("deciding")
    state.emit(seat, kind_code | t)


def lay(state, seat: int, move: int) -> None:
    """A row tile (or an open one) laid; then the turn goes on as the style says."""
    rs = state.rules["rows"]
    t = tile_of(move)
    b = BIT[t]
    if b & rs.open[seat]:
        rs.open[seat] ^= b
    else:
        rs.rows[seat].remove(t)
    rs.face_up[seat] &= ~b
    rs.public |= b
    state.lay_tile(seat, move)
    rs.laid_in_turn = True
    rs.front = -1
    hand = state.hands[seat]
    if not hand:
        state.finish("domino", seat)
        return
    style = rs.style
    if style == 2:
        if not state.layout.playable & ~state.layout.mask:
            state.finish("blocked")   # rule: even in the middle of a turn
            return
        after_lay(state, seat)
        return
    if style == 1 and hand.bit_count() == state.game.reveal_at and reveal_check(state, seat):
        return
    if state.phase.name == "open hand" and hand & state.layout.playable:
        return   # an open hand may lay on, or stop
    end_turn(state, seat, laid=True)


def reveal_check(state, seat: int) -> bool:
    """A face-down hand left with ``reveal_at`` tiles is turned up; the turn ends."""
    rs = state.rules["rows"]
    if rs.revealed[seat] or state.hands[seat].bit_count() != state.game.reveal_at:
        return False
    for t in rs.rows[seat]:
        if not BIT[t] & rs.public:
            state.emit(seat, REVEAL | t)
    mask = state.hands[seat]
    rs.public |= mask
    rs.face_up[seat] |= mask
    rs.open[seat] |= mask
    rs.rows[seat] = []
    rs.revealed[seat] = True
    end_turn(state, seat, laid=True)
    return True


def after_lay(state, seat: int) -> None:
    rs = state.rules["rows"]
    state.enter("after a lay")
    if not rs.rows[seat] and not rs.open[seat] & state.layout.playable:
        end_turn(state, seat, laid=True)   # nothing more can be looked at or laid


def back(state, seat: int, move: int) -> None:
    """The looked-at front tile goes to the back (then, maybe, an unseen draw to the front),
    or, a double, face up beside the row."""
    rs = state.rules["rows"]
    row = rs.rows[seat]
    t = row.pop(0)
    b = BIT[t]
    drew = False
    if move & BACK_OPEN:
        rs.open[seat] |= b
        rs.face_up[seat] |= b
        rs.public |= b
        state.emit(seat, BACK | BACK_OPEN | t)
    else:
        row.append(t)
        if move & BACK_DRAW:
            row.insert(0, state.stock_to_hand(seat))
            drew = True
        state.emit(seat, BACK | (move & BACK_DRAW))
    rs.front = -1
    end_turn(state, seat, laid=rs.laid_in_turn or drew)


def end_turn(state, seat: int, laid: bool, begin: bool = True) -> None:
    """The turn of ``seat`` is over: count idle turns, end the hand if its rules say, else
    begin the next seat's turn."""
    rs = state.rules["rows"]
    if laid:
        idle = rs.idle = 0
    else:
        idle = rs.idle = rs.idle + 1
    n = state.n
    if not rs.style:
        if idle >= n:
            state.finish("blocked")   # everybody passed in succession
            return
    else:
        # no tile off the table (in a hand, or the stock) fits: blocked
        lay_ = state.layout
        if not lay_.playable & ~lay_.mask:
            state.finish("blocked")
            return
        if idle >= 2 * n:   # the least a limit can be; it holds for the whole idle run
            if idle == 2 * n or not rs.cap:
                rs.cap = idle_turns_limit(state)
            if idle >= rs.cap:
                state.finish("stalemate")
                return
    state.give_turn((seat + 1) % n)
    state.enter("between turns")
    if begin:
        begin_turn(state)


# -- the phases of a row turn --------------------------------------------------------------------
class RowPhase(Phase):
    """A step of a row turn: its moves, made by the row effects above."""

    kinds = ()

    def apply(self, state, move: int) -> None:
        seat = state.to_act
        rs = state.rules["rows"]
        k = kind(move)
        if k == 0:
            lay(state, seat, move)
        elif k == PEEK:
            look(state, seat, PEEK)
        elif k == BACK:
            back(state, seat, move)
        elif k == STOP:
            state.emit(seat, STOP)
            end_turn(state, seat, laid=True)
        elif k == PASS:
            state.emit(seat, PASS)
            end_turn(state, seat, laid=False)
        elif k == DRAW:   # an open hand draws face up, for all to see
            t = state.stock_to_hand(seat)
            b = BIT[t]
            rs.open[seat] |= b
            rs.face_up[seat] |= b
            rs.public |= b
            state.emit(seat, DRAW | t)
            end_turn(state, seat, laid=True)   # a draw is not idle
        else:
            raise IllegalMove("not-a-move", move=repr(move))

    def why_illegal(self, state, move: int, text: str | None = None) -> Reason:
        """Why a move may not be made, naming no tile this seat does not know; with the moves
        it may make instead."""
        options = [move_str(state, m) for m in state.legal_moves()]
        label = text or (move_str(state, move) if isinstance(move, int) and move >= 0 else repr(move))
        k = kind(move) if isinstance(move, int) else -1
        if k == 0:
            return because("cannot-lay-now", move=label, options=options)
        if k == BACK:
            return because(_why_not(state, move), options=options)
        return because("not-a-move-here", move=label, options=options)


class BetweenTurns(RowPhase):
    """Between two turns (the rules' forced steps of the next one come at once)."""

    name = "between turns"

    def moves(self, state):
        return []


class FaceUpDoubles(RowPhase):
    """Style "reveal": a face-up double of one's row that fits must be played."""

    name = "face-up doubles"
    kinds = (0,)

    def moves(self, state):
        seat = state.to_act
        lay_ = state.layout
        return placements(state.rules["rows"].face_up[seat] & state.hands[seat] & lay_.playable, lay_, state.fits,
                          state.codes)


class FrontTile(RowPhase):
    """Style "reveal": the front tile turned up fits and is played (one of its places)."""

    name = "front tile"
    kinds = (0,)

    def moves(self, state):
        return placements(BIT[state.rules["rows"].front], state.layout, state.fits, state.codes)


class Stuck(RowPhase):
    """Style "reveal": every row tile was tried and none fits: a pass."""

    name = "stuck"
    kinds = (PASS,)

    def moves(self, state):
        return [PASS]


class Deciding(RowPhase):
    """A looked-at front tile: lay it where it fits, or send it back (style "peek": then maybe
    draw one unseen to the front; a double: or set it face up beside the row)."""

    name = "deciding"
    kinds = (0, BACK)

    def moves(self, state):
        rs = state.rules["rows"]
        front = rs.front
        b = BIT[front]
        lay_ = state.layout
        moves = []
        if b & lay_.playable:   # the placements of one tile (``placements``, inlined)
            codes, base = state.codes, front * STRIDE
            for end, v, accepted in lay_.targets:
                if accepted & b:
                    e7 = end << 7
                    for c in codes[base + v]:
                        moves.append(c | e7)
        moves.append(BACK)
        if rs.style == 1:
            if state.drawable > 0:
                moves.append(BACK | BACK_DRAW)
        elif IS_DOUBLE[front]:
            moves.append(BACK | BACK_OPEN)
        return moves


class AfterLay(RowPhase):
    """Style "peek on", step 1 (and after each lay): an open double that fits, or a peek at the
    front tile; after a lay, ``stop``; with no face-down tile left and nothing laid, ``pass``
    ends the turn (blind-hughie 4.1)."""

    name = "after a lay"
    kinds = (0, PEEK, STOP, PASS)

    def moves(self, state):
        rs = state.rules["rows"]
        seat = state.to_act
        lay_ = state.layout
        moves = placements(rs.open[seat] & lay_.playable, lay_, state.fits, state.codes)
        if rs.rows[seat]:
            moves.append(PEEK)
        if rs.laid_in_turn:
            moves.append(STOP)
        elif not rs.rows[seat]:
            moves.append(PASS)
        return moves


class OpenHand(RowPhase):
    """Style "peek", a hand turned up: lay any number of its tiles (then ``stop``), or pass, or
    draw one tile face up."""

    name = "open hand"
    kinds = (0, STOP, PASS, DRAW)

    def moves(self, state):
        rs = state.rules["rows"]
        seat = state.to_act
        lay_ = state.layout
        moves = placements(state.hands[seat] & lay_.playable, lay_, state.fits, state.codes)
        if rs.laid_in_turn:
            moves.append(STOP)
        else:
            moves.append(PASS)
            if state.drawable > 0:
                moves.append(DRAW)
        return moves


#: the row turn's phases, by the names above (``Game.phases`` of a row game)
ROW_PHASES = (BetweenTurns(), FaceUpDoubles(), FrontTile(), Stuck(), Deciding(), AfterLay(), OpenHand())


def row_view(state, seat: int) -> RowView:
    rs = state.rules["rows"]
    known = rs.public | rs.private[seat]
    rows = tuple(tuple(t if BIT[t] & known else -1 for t in row) for row in rs.rows)
    front = rs.front if state.to_act == seat and not state.over and rs.front >= 0 else -1
    name = state.phase.name
    phase = PHASES.index(name) if name in PHASES else 0
    return RowView(rows, tuple(rs.face_up), tuple(tuple(tiles_of(m)) for m in rs.open), phase,
                   front, rs.idle, idle_turns_limit(state) if rs.style else state.n)


# -- notation ---------------------------------------------------------------------------
def _format(state, move: int) -> str:
    k = kind(move)
    if k == BACK:
        if move & BACK_OPEN:
            t = tile_of(move)
            return "open" if move & HIDDEN or move == BACK | BACK_OPEN else f"open {tile_str(t)}"
        return "back draw" if move & BACK_DRAW else "back"
    if k == REVEAL:
        return f"reveal {tile_str(tile_of(move))}"
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
                raise MalformedMove(e.reason) from None
            front = rows_of(state).front if state.game.keeps_rows else -1
            if front != t:
                raise IllegalMove("not-the-deciding-tile", named=rest[0])
    elif rest == ["draw"]:
        move |= BACK_DRAW
    elif rest:
        raise MalformedMove("back-written")
    if move not in legal:
        raise IllegalMove(why_illegal(state, move))
    return move


def _parse_peek(state, words, legal):
    if PEEK not in legal:
        raise IllegalMove("peek-not-now")
    return PEEK


def _why_not(state, move: int) -> str:
    """The reason code of a refused ``back``, ``back draw`` or ``open``."""
    if move & BACK_OPEN:
        return "open-only-looked-double"
    if move & BACK_DRAW:
        return "back-draw-not-now"
    if state.phase.name != "deciding":
        return "nothing-to-send-back"
    return "not-a-back-move"


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
