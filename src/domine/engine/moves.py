"""Moves and events as small ints, their kinds, and who may see them.

A move is an int so that move lists are cheap to build and bots and RL agents
get a plain discrete action. The same ints, written into a hand's history, are
its *events*: every move, and the forced events of the engine (a turn skipped
because its seat cannot play, a tile turned up). Bits:

====== =============================================================
bits   meaning
====== =============================================================
0-6    tile id (placements, draws, discards, turned-up tiles)
7-11   end index (``LEAD_END`` = 31 for the lead): the layout's place, which for
       a grid is an end and a turn (``domine.engine.grid``: ``3 * end + turn``)
12-15  pip left open at that end (a closing by the rules: its reason, ``close_reason``)
16     "Jedan Kamen" announced with this placement
17     out of turn (in the history only: an answer to an offer)
18     hidden (in a seat's view only: another seat's drawn or discarded tile)
19-23  kind (the table ``KINDS``: 32 kinds)
24-39  a pair's second placement (tile, end and pip as in bits 0-15)
====== =============================================================

Every module reads moves through the accessors below, never through the bits, except the
engine's hot paths (move generation, the hand's effects, notation, the fast paths and the
trains' loop), which decode bits in place for speed and are held to the accessors' meaning
by the tests that compare them with the step path.
A later family adds a kind with ``register_kind`` and its notation with
``domine.engine.notation.register_notation``; nothing else has to change.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import LEAD_END
from .reasons import ReasonError
from .tiles import PIPS

KIND_SHIFT = 19
KIND_MASK = 31 << KIND_SHIFT
TILE_MASK = 0x7F
PLACEMENT_MASK = 0xFFFF
ANNOUNCE = 1 << 16
OUT_OF_TURN = 1 << 17
HIDDEN = 1 << 18         # in a seat's view: the event's tile is not shown to it
SECOND_SHIFT = 24


@dataclass(frozen=True)
class MoveKind:
    """One kind of move or event, and how the other seats see it (general rule 7)."""

    code: int             # the kind bits, already shifted
    name: str
    forced: bool = False   # an event of the engine, never a seat's choice (general 23b)
    hides_tile: bool = False   # other seats see the event without its tile (a closing keeps its end)
    silent: bool = False       # other seats do not see it at all


KINDS: dict[int, MoveKind] = {}


def register_kind(name: str, number: int, *, forced: bool = False, hides_tile: bool = False,
                  silent: bool = False) -> int:
    """Declare a kind (0 to 31); returns its code (the value of ``kind(move)`` for its moves)."""
    if not 0 <= number < 32:
        raise ValueError(f"a move kind is a number from 0 to 31, not {number}")
    code = number << KIND_SHIFT
    if code in KINDS and KINDS[code].name != name:
        raise ValueError(f"move kind {number} is taken by {KINDS[code].name}")
    KINDS[code] = MoveKind(code, name, forced, hides_tile, silent)
    return code


PLACE = register_kind("place", 0)
DRAW = register_kind("draw", 1, hides_tile=True)
PASS = register_kind("pass", 2)
STOP = register_kind("stop", 3)                         # ends a turn that could go on (lightning)
DISCARD = register_kind("discard", 4, hides_tile=True)  # a tile laid face down (grape)
PAIR = register_kind("pair", 5)                         # two placements in one move (two-by-two)
DECLINE = register_kind("decline", 6, silent=True)      # an out-of-turn offer refused
SKIP = register_kind("skip", 7, forced=True)            # a turn its seat could not play
TURN_UP = register_kind("turn up", 8, forced=True)      # a set-aside tile turned face up
CLOSE = register_kind("close", 9, hides_tile=True)      # an end closed by a tile laid face down on it


def kind(move: int) -> int:
    return move & KIND_MASK


def kind_of(move: int) -> MoveKind:
    return KINDS[move & KIND_MASK]


def is_place(move: int) -> bool:
    """A single placement (the lead included)."""
    return move < DRAW


def places_tiles(move: int) -> bool:
    """A move that puts tiles on the layout: a placement or a pair."""
    return move < DRAW or move & KIND_MASK == PAIR


def place(tile: int, end: int, open_pip: int, announce: bool = False) -> int:
    return tile | (end << 7) | (open_pip << 12) | (ANNOUNCE if announce else 0)


def lead(tile: int) -> int:
    return tile | (LEAD_END << 7)


def pair(first: int, second: int) -> int:
    return (first & PLACEMENT_MASK) | PAIR | ((second & PLACEMENT_MASK) << SECOND_SHIFT)


def close(end: int, tile: int, reason: int = 0) -> int:
    """Closing ``end`` with ``tile`` face down (homo-homini-lupus; four-crosses' forced closing).

    ``reason``: a code of ``register_close_reason``, for a closing the rules make (an event of
    nobody): it rides in the bits a placement keeps its open pip in, public like the end.
    """
    return CLOSE | tile | (end << 7) | (reason << 12)


#: why the rules closed an end (``close(..., reason)``), in words: code -> text
CLOSE_REASONS: dict[int, str] = {}


def register_close_reason(number: int, words: str) -> int:
    """Declare why a rule closes ends (1 to 15); returns the code to pass to ``close``."""
    if not 0 < number < 16:
        raise ValueError("a closing reason is a number from 1 to 15")
    if CLOSE_REASONS.get(number, words) != words:
        raise ValueError(f"closing reason {number} is taken by {CLOSE_REASONS[number]!r}")
    CLOSE_REASONS[number] = words
    return number


def close_reason(move: int) -> str:
    """Why the rules closed an end with this event ("" for a seat's own closing)."""
    return CLOSE_REASONS.get((move >> 12) & 15, "") if move & KIND_MASK == CLOSE else ""


#: the tile of a closing that lays no tile: an end the rules mark dead (russian-double-cross 13)
NO_TILE = TILE_MASK


def with_tile(kind_code: int, tile: int) -> int:
    """A draw, discard or turned-up tile naming its tile."""
    return kind_code | tile


def placements_of(move: int) -> tuple[int, ...]:
    """The single placements a move makes: one, two for a pair, none otherwise."""
    if move < DRAW:
        return (move & PLACEMENT_MASK,)
    if move & KIND_MASK == PAIR:
        return (move & PLACEMENT_MASK, (move >> SECOND_SHIFT) & PLACEMENT_MASK)
    return ()


def pips_placed(move: int) -> int:
    """Pips the move puts on the layout (-1 for a move that places nothing): what greedy weighs."""
    if move < DRAW:
        return PIPS[move & TILE_MASK]
    if move & KIND_MASK == PAIR:
        return PIPS[move & TILE_MASK] + PIPS[(move >> SECOND_SHIFT) & TILE_MASK]
    return -1


def tile_of(move: int) -> int:
    return move & TILE_MASK


def end_of(move: int) -> int:
    return (move >> 7) & 31


def open_of(move: int) -> int:
    return (move >> 12) & 15


def is_lead(move: int) -> bool:
    return move < DRAW and (move >> 7) & 31 == LEAD_END


def announces(move: int) -> bool:
    return bool(move & ANNOUNCE)


def out_of_turn(move: int) -> bool:
    return bool(move & OUT_OF_TURN)


def is_hidden(event: int) -> bool:
    """A view's event whose tile the viewing seat may not see."""
    return bool(event & HIDDEN)


def bare(move: int) -> int:
    """The move as chosen: the history's and views' markers removed."""
    return move & ~(OUT_OF_TURN | HIDDEN)


def seen_by(event: int, actor: int, seat: int, public_kinds: frozenset = frozenset()) -> int | None:
    """What ``seat`` sees of ``actor``'s event: the event, the event without its tile, or nothing."""
    if actor == seat:
        return event
    k = event & KIND_MASK
    if k in public_kinds:
        return event
    info = KINDS[k]
    if info.silent:
        return None
    if info.hides_tile:
        return event & ~TILE_MASK | HIDDEN   # the tile hidden; a closing still names its end
    return event


class MoveError(ReasonError):
    """A move that cannot be made: ``reason`` says why, as a code and its parameters
    (``domine.engine.reasons``); ``str(e)`` is the English sentence, ``to_json()`` all three."""


class IllegalMove(MoveError):
    """A well-formed move that the rules do not allow here."""


class MalformedMove(MoveError):
    """Text that is not a move at all."""


class AmbiguousMove(MoveError):
    """Text that names more than one legal move."""


#: a stock tile the rules hand to a seat outside a draw of his own (an auction's sale): forced,
#: its tile hidden from the others; ``Knowledge`` counts it as a tile taken from the stock
SOLD = register_kind("sold", 12, forced=True, hides_tile=True)
#: games for stakes (``domine.parts.stakes``): a transfer of tokens, an event of the rules; and a
#: decision that is not a tile (a bid, an auction's pass, buying back in, dropping out)
TOKENS = register_kind("tokens", 13, forced=True)
DECIDE = register_kind("decide", 14)
#: points scored during a hand, as they are made (a placement's count in all-fives, a ring
#: closed in network, a buy-back's new total in italian): an event of the rules, public; its
#: actor the seat whose side scores, the amount from bit 24 and its sign in bit 12
SCORE = register_kind("score", 19, forced=True)
#: the play of a hand is over: an event of nobody, public; why, as a code of ``END_REASONS``
END = register_kind("end", 20, forced=True)

#: why a hand's play ended (``HandResult.reason``), by code: the code rides in an ``END`` event
END_REASONS = ("domino", "blocked", "dead", "target", "pass", "closed", "played out", "stalemate", "150")
_END_CODES = {r: i for i, r in enumerate(END_REASONS)}
AMOUNT_SHIFT = 24


def score_event(points: int) -> int:
    """The ``SCORE`` event of ``points`` (whole points; a negative amount carries bit 12)."""
    return SCORE | (1 << 12 if points < 0 else 0) | (abs(int(points)) << AMOUNT_SHIFT)


def points_of(event: int) -> int:
    """The points of a ``SCORE`` event."""
    amount = event >> AMOUNT_SHIFT
    return -amount if event & (1 << 12) else amount


def end_event(reason: str) -> int:
    """The ``END`` event of a hand's play ended for ``reason`` (one of ``END_REASONS``)."""
    return END | (_END_CODES[reason] << 7)


def end_reason(event: int) -> str:
    return END_REASONS[(event >> 7) & 31]
