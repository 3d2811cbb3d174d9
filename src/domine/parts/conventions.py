"""Rules any game may add to its turns: Jedan Kamen and Igra preko reda (ordinary 10, 7).

A convention is a set of hooks the engine calls beside the game's own (see
``Game.conventions``); its per-hand state is a typed object the engine copies
with the hand (``state.rules[convention.name]``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.moves import ANNOUNCE, is_lead, is_place, place, tile_of
from ..engine.phases import OFFERS
from ..engine.serial import register
from ..engine.tiles import BIT, HIGH, IS_DOUBLE, LOW, double

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandState


class Convention:
    name = "convention"

    def new_state(self, state: "HandState"):
        return None

    def filter_moves(self, state: "HandState", seat: int, moves: list[int]) -> list[int]:
        return moves

    def on_place(self, state: "HandState", seat: int, move: int) -> None:
        pass

    def on_turn_start(self, state: "HandState", seat: int) -> None:
        pass

    def on_turn_end(self, state: "HandState", seat: int) -> None:
        pass

    # which hooks a convention fills, so the engine calls only those
    def hooks(self) -> tuple[bool, bool, bool]:
        cls = type(self)
        return (cls.filter_moves is not Convention.filter_moves, cls.on_place is not Convention.on_place,
                cls.on_turn_start is not Convention.on_turn_start or cls.on_turn_end is not Convention.on_turn_end)


@dataclass
class AnnouncementState:
    turns: list[int] = field(default_factory=list)        # real turns each seat has begun
    lock_until: list[int] = field(default_factory=list)   # the turn whose end unlocks the last tile

    def copy(self) -> "AnnouncementState":
        return AnnouncementState(self.turns[:], self.lock_until[:])


register(AnnouncementState)


class LastTileAnnouncement(Convention):
    """Jedan Kamen (ordinary 10): a placement that leaves one tile carries a yes/no
    announcement; unannounced, the last tile is locked until the end of the owner's
    next real turn (and for the rest of this one: two-hander 5)."""

    name = "jedan kamen"

    def new_state(self, state):
        return AnnouncementState([0] * state.n, [0] * state.n)

    def filter_moves(self, state, seat, moves):
        locked = state.locked[seat]
        if locked:   # an unannounced last tile may not be placed, out of turn either
            moves = [m for m in moves if not is_place(m) or not BIT[tile_of(m)] & locked]
        if state.hands[seat].bit_count() != 2:
            return moves
        out = []
        for m in moves:
            out.append(m)
            if is_place(m):
                out.append(m | ANNOUNCE)
        return out

    def on_place(self, state, seat, move):
        hand = state.hands[seat]
        if hand.bit_count() == 1:
            mine = state.rules[self.name]
            if move & ANNOUNCE:
                state.lock(seat, 0)
            else:
                state.lock(seat, hand)
                mine.lock_until[seat] = mine.turns[seat] + 1

    def on_turn_start(self, state, seat):
        state.rules[self.name].turns[seat] += 1

    def on_turn_end(self, state, seat):
        mine = state.rules[self.name]
        if state.locked[seat] and mine.turns[seat] >= mine.lock_until[seat]:
            state.lock(seat, 0)

    @staticmethod
    def locks(move: int, tiles_left: int) -> bool:
        """Whether ``move`` leaving ``tiles_left`` tiles locks the last one (for inference)."""
        return tiles_left == 1 and not move & ANNOUNCE


class OutOfTurnDoubles(Convention):
    """Igra preko reda (ordinary 7): after a drawn non-double lead a-b, the holders of
    a-a and b-b are offered to lay them at once; each one laid costs a coming turn."""

    name = "igra preko reda"

    def on_place(self, state, seat, move):
        if state.phase is OFFERS:
            state.forfeit_turn(seat)   # each out-of-turn double costs a coming turn
        t = tile_of(move)
        if is_lead(move) and state.lead_was_drawn and not IS_DOUBLE[t]:
            offers = []
            for k in range(1, state.n):
                s = (seat + k) % state.n
                for pip, end in sorted([(HIGH[t], 0), (LOW[t], 1)]):
                    if state.hands[s] & BIT[double(pip)]:
                        offers.append((s, (place(double(pip), end, pip),)))
            if offers:
                state.offer(offers, resume_seat=seat)


__all__ = ["Convention", "LastTileAnnouncement", "OutOfTurnDoubles"]
