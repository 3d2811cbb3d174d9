"""What one seat may know of a hand, and nothing more (general rule 7).

Every event of the history says who may see it (``domine.moves.seen_by``: a
kind may hide its tile from the other seats, or be silent to them; a game may
make a kind public, as shut-out does with draws). A seat's view of the history
is filtered once per event and kept with the hand, so an observation costs a
list copy, not a pass over the whole history: bots in ``simulate`` decide at
the engine's pace.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .moves import seen_by
from .tiles import tiles_of

if TYPE_CHECKING:  # pragma: no cover
    from .hand import HandContext, HandState


@dataclass(slots=True)
class Observation:
    """Everything one seat may know, as plain data (no route back to the hand)."""

    game: str
    options: dict
    seat: int
    players: int
    teams: list[int]
    hand: list[int]
    hand_sizes: list[int]
    stock_size: int
    drawable: int
    layout_kind: str
    ends: list[tuple[str, int, int, bool, bool]]   # (name, value, length, outer double, closed)
    arms: list[list[tuple[int, int]]]
    lead: int | None
    layout_tiles: list[int]
    to_act: int
    legal_moves: list[int]
    history: list[tuple[int, int]]                 # others' hidden tiles carry only their kind
    hand_points: list[int]
    scores: list[int]
    hand_number: int
    locked: list[int]
    over: bool
    max_pip: int
    context: "HandContext"    # public: hand number, scores, the previous hand's shown result
    discards: list[int]       # tiles laid face down, per seat (others' as counts: see discard_counts)
    discard_counts: list[int]


def seat_history(state: "HandState", seat: int) -> list[tuple[int, int]]:
    """``seat``'s view of the history, brought up to date (kept with the hand)."""
    views = state.views
    if views is None:
        views = state.views = [([], [0]) for _ in range(state.n)]
    seen, done = views[seat]
    history = state.history
    if done[0] < len(history):
        public = state.game.public_kinds
        for actor, event in history[done[0]:]:
            e = seen_by(event, actor, seat, public)
            if e is not None:
                seen.append((actor, e))
        done[0] = len(history)
    return seen


def observe(state: "HandState", seat: int, legal: list[int] | None = None) -> Observation:
    lay = state.layout
    acting = state.acting_seat()
    if state.interrupts and acting != seat:
        acting = -1        # who is being offered a double is not public either
    names = lay.end_names()
    values, lengths, doubles, closed = lay.values, lay.lengths, lay.doubles, lay.closed
    ends = [(names[i], values[i], lengths[i], doubles[i], closed[i]) for i in range(len(names))]
    game = state.game
    if acting == seat:
        moves = legal[:] if legal is not None else state.legal_moves()
    else:
        moves = []
    return Observation(
        game.id, dict(game.option_values), seat, state.n, list(state.teams),
        tiles_of(state.hands[seat]), [h.bit_count() for h in state.hands],
        len(state.stock) - state.stock_pos, max(state.drawable, 0),
        lay.kind, ends, [a[:] for a in lay.arms], lay.lead if lay.lead >= 0 else None, tiles_of(lay.mask),
        acting, moves, seat_history(state, seat)[:], state.hand_points[:],
        list(state.context.scores or [0] * state.n_teams), state.context.hand_number,
        tiles_of(state.locked[seat]), state.over, game.max_pip, state.context.copy(),
        tiles_of(state.discards[seat]), [d.bit_count() for d in state.discards],
    )
