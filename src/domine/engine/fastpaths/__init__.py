"""Fast paths: the engine's ordinary turns written out, for the games whose declarations allow it.

A hand is played by its phases (``domine.engine.phases``): ``legal_moves`` lists the moves,
``apply_unchecked`` makes one, every change an event. That general step path is the
reference. A *fast path* is the same rules compiled into one loop for a family of games,
chosen by what a game declares, never by its id (``Game.fast_path``, once, when the game
is configured: each path's ``covers(game)``):

=========== ============================================================ =================
fast path   the game declares                                             games today
=========== ============================================================ =================
``line``    one tile a turn (``Turn.plain``), the blocked test of         block, draw,
            general 23(c) (``HandEnd.inline``), no hooks, the line        family, partners
            layout with equal matching                                    ...
``places``  the same turn and end, on any layout whose places do not      cross, french,
            depend on the seat, no drawing at will; points on play may    sevastopol(-star),
            be scored by ``Game.scores_on_play``                          network
``trains``  the trains layout and its rules (``domine.parts.trains``;      mexican-train
            the loop itself is ``domine.parts.trains_path``)
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

from typing import Callable

from ..choosers import blind
from .common import ask, begin, heaviest_index, picks_of, steps


FastPath = Callable[["HandState", object, object], None]


def name_of(game) -> str:
    """The name of the fast path ``game`` uses ("" for none): for benchmarks and docs."""
    path = game.fast_path
    return getattr(path, "fast_path_name", "") if path is not None else ""


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


__all__ = ["name_of", "play_out", "steps", "begin", "ask", "picks_of", "heaviest_index"]
