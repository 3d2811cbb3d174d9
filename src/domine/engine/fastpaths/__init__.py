"""Fast paths: the engine's ordinary turns written out, for the games whose declarations allow it.

A hand is played by its phases (``domine.engine.phases``): ``legal_moves`` lists the moves,
``apply_unchecked`` makes one, every change an event. That general step path is the
reference. A *fast path* is the same rules compiled into one loop for a family of games,
chosen by what a game declares, never by its id (``for_game``, once, when the game is
configured):

=========== ============================================================ =================
fast path   the game declares                                             games today
=========== ============================================================ =================
``line``    one tile a turn (``Turn.plain``), the blocked test of         block, draw,
            general 23(c) (``HandEnd.inline``), no hooks, the line        family, partners
            layout with equal matching                                    ...
``places``  the same turn and end, on any layout whose places do not      cross, french,
            depend on the seat, no drawing at will; points on play may    sevastopol(-star),
            be scored by ``Game.scores_on_play``                          network
``trains``  the trains layout and its rules (``domine.parts.trains``)     mexican-train
=========== ============================================================ =================

Each makes exactly the moves, events and final state that the general step path makes
with the same choices (tests compare their event logs and snapshots on many deals of every
game), and runs the hand from wherever it stands in its turns: the lead and anything else
before the turns is taken by the general step path first (the line path makes a plain lead
itself).

Choices. ``play_out(state, choosers, rnd)``: with ``rnd`` (floats in [0, 1)) every move is
chosen as ``moves[int(rnd() * len(moves))]``, single moves included (``play_random``);
otherwise ``choosers[seat]`` choose, asked only for real choices. A fast path takes
choosers that see nothing but the legal moves (``domine.engine.choosers``): ``ByIndex``
is asked for an index among the moves' count in the engine's listed order, ``HEAVIEST``
is found among the tiles that fit, ``Among`` is handed the listed moves. Any other
chooser (a bot that reads an observation) plays through the general step path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..choosers import ByIndex, Chooser, Seats, blind
from ..phases import TURN
from ..tiles import PIPS

if TYPE_CHECKING:  # pragma: no cover
    from ...games.base import Game
    from ..hand import HandState

FastPath = Callable[["HandState", object, object], None]


def for_game(game: "Game") -> FastPath | None:
    """The fast path of ``game``'s ordinary turns, from its declarations; None: the general
    step path is its only one."""
    from . import line, places, trains
    for module in (line, trains, places):
        if module.covers(game):
            return module.play
    return None


def name_of(game: "Game") -> str:
    """The name of the fast path ``game`` uses ("" for none): for benchmarks and docs."""
    path = game.fast_path
    return path.__module__.rpartition(".")[2] if path is not None else ""


def play_out(state: "HandState", choosers, rnd=None) -> None:
    """Finish the play of ``state`` (to ``over``, or to the decisions a game leaves to the
    seats after it): its game's fast path where there is one and the choosers allow it, else
    the general step path."""
    path = state.game.fast_path
    if path is not None and (rnd is not None or blind(choosers)):
        path(state, rnd, choosers)
        if state.over:
            return
    steps(state, rnd, choosers)   # (after a fast path: the decisions after the play)


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


__all__ = ["for_game", "name_of", "play_out", "steps", "begin", "ask", "picks_of", "heaviest_index"]
