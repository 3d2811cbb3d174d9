"""Events: everything that happens in a hand, numbered, each saying who may see it (general 7).

A hand is its deal plus its log of events (``HandState.history``): every move a seat
makes and every event of the rules (a turned-up lead, a skipped turn, a tile sold, a
transfer of tokens, points scored during play, the end of the play). An event's number
(``seq``) is its place in the log, from 0. The log is kept compact, one ``(actor, event)``
pair of ints per event (``domine.engine.moves`` gives the bit layout); ``Event`` is the
same event as data, for clients and records.

Who may see an event is one rule, by kind (``visibility_of``): ``PUBLIC`` (every seat,
whole), ``TILE_HIDDEN`` (the actor whole, the others only that it happened: a draw, a
discard, a closing's tile) or ``PRIVATE`` (the actor alone: a declined offer). A game may
make a kind public (``Game.public_kinds``: shut-out's draws). Observations
(``domine.engine.observation``), the per-seat view of a record (``domine.records``) and
``events_since`` all read this one table.
"""

from __future__ import annotations

from typing import NamedTuple

from .moves import HIDDEN, KIND_MASK, KINDS, TILE_MASK

PUBLIC, TILE_HIDDEN, PRIVATE = "public", "tile hidden", "private"
NOBODY = -1   # the actor of an event no seat made (the rules)


def visibility_of(public_kinds: frozenset = frozenset()) -> dict[int, str]:
    """Kind code -> who may see its events, for a game that shows ``public_kinds`` to all."""
    table = {}
    for code, info in KINDS.items():
        if code in public_kinds:
            table[code] = PUBLIC
        elif info.silent:
            table[code] = PRIVATE
        elif info.hides_tile:
            table[code] = TILE_HIDDEN
        else:
            table[code] = PUBLIC
    return table


def seen(event: int, actor: int, viewer: int | None, visibility: dict[int, str]) -> int | None:
    """What ``viewer`` (a seat; None for a spectator) sees of ``actor``'s ``event``: the event
    itself, the event without its tile (``HIDDEN`` set), or nothing (None)."""
    if actor == viewer and viewer is not None:
        return event
    v = visibility.get(event & KIND_MASK, PUBLIC)
    if v == PUBLIC:
        return event
    if v == PRIVATE:
        return None
    return event & ~TILE_MASK | HIDDEN   # a closing keeps its end


class Event(NamedTuple):
    """One event of a hand as one viewer may see it."""

    seq: int            # its place in the hand's log, from 0
    actor: int          # the seat that made it, or NOBODY (-1) for the rules
    kind: str           # the kind's name (``moves.KINDS``): "place", "draw", "score", "end" ...
    payload: int        # the event int as the viewer sees it (a hidden tile: ``HIDDEN`` set, tile 0)
    visibility: str     # who may see it: PUBLIC, TILE_HIDDEN or PRIVATE

    def to_json(self, text: str | None = None) -> dict:
        out = {"seq": self.seq, "actor": self.actor, "kind": self.kind, "payload": self.payload,
               "visibility": self.visibility}
        if text is not None:
            out["text"] = text
        return out


def events_since(history: list[tuple[int, int]], seq: int, viewer: int | None,
                 visibility: dict[int, str]) -> list[Event]:
    """The events numbered ``seq`` and after that ``viewer`` may see, in order, as it sees them
    (a client that has seen events 0 .. k-1 asks for ``seq = k``; gaps are events it may not see)."""
    out = []
    kinds = KINDS
    for i in range(max(0, seq), len(history)):
        actor, event = history[i]
        shown = seen(event, actor, viewer, visibility)
        if shown is not None:
            code = event & KIND_MASK
            out.append(Event(i, actor, kinds[code].name, shown, visibility.get(code, PUBLIC)))
    return out
