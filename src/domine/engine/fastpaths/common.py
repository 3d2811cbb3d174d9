"""What the fast paths share: the general step path they hand over to, their first steps,
asking a chooser for an index, and greedy's choice found without listing the moves."""

from __future__ import annotations


from ..choosers import ByIndex, Chooser, Seats
from ..phases import TURN
from ..tiles import PIPS



def steps(state: "HandState", rnd, choosers, to_turn: bool = False) -> None:
    """The general step path: ``legal_moves`` and ``apply_unchecked`` until the hand is over
    (with ``to_turn``: until it is in its ordinary turns, where a fast path takes over)."""
    legal, apply = state.legal_moves, state.apply_unchecked
    if rnd is not None:
        while not state.over and not (to_turn and state.phase is TURN):
            moves = legal()
            apply(moves[int(rnd() * len(moves))])
        return
    while not state.over and not (to_turn and state.phase is TURN):
        moves = legal()
        chooser = choosers[state.acting_seat()]
        if len(moves) == 1:
            if isinstance(chooser, Chooser) and chooser.asks_forced:
                chooser(moves)
            apply(moves[0])
        elif type(chooser) is ByIndex:
            apply(moves[chooser.pick(len(moves))])   # (ByIndex.__call__, written out)
        else:
            apply(chooser(moves))


def heaviest_index(masks, tile_at=None) -> int:
    """The index of ``HEAVIEST``'s choice among placements listed as the set bits of ``masks``,
    mask by mask and lowest bit first: the most pips, the first listed of equal ones. Bit
    ``k`` is tile ``k``, or ``tile_at[k + 1]`` if given."""
    best = at = -1
    i = 0
    for m in masks:
        while m:
            b = m & -m
            m ^= b
            k = b.bit_length()
            p = PIPS[tile_at[k] if tile_at is not None else k - 1]
            if p > best:
                best, at = p, i
            i += 1
    return at


def begin(state: "HandState", rnd, choosers) -> tuple[bool, Seats | None]:
    """A fast path's first steps: the phases before the turns through the step path, then
    (whether the hand is over, the choosers as ``Seats``, or None when ``rnd`` chooses)."""
    if state.phase is not TURN:
        steps(state, rnd, choosers, to_turn=True)
    return state.over, None if rnd is not None else picks_of(choosers)


def ask(seats: Seats, seat: int, total: int) -> int:
    """The index ``seats[seat]`` chooses among ``total`` moves listed in the engine's order
    (0 without asking for a single move), or -1 if it must be handed the list itself."""
    if total == 1 and not seats.asks[seat]:
        return 0
    draw = seats.bits[seat]
    if draw is not None:   # pick, drawn here (random.Random._randbelow)
        k = total.bit_length()
        i = draw(k)
        while i >= total:
            i = draw(k)
        return i
    pick = seats.picks[seat]
    return pick(total) if pick is not None else -1


def picks_of(choosers) -> Seats:
    """The choosers with, per seat, the ``pick(count)`` of a ``ByIndex`` (else None), its
    ``bits`` (else None) and whether it is asked for single moves too: what a fast path's loop
    asks without a call per kind (``Seats``, made once if the caller made them)."""
    return choosers if type(choosers) is Seats else Seats(choosers)
