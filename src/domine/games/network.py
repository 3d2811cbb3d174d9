"""Mreža (network): a line on a square grid that bends at will; closing a ring scores at once,
and the players who laid most of the commonest numbers score at the end of the hand."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..engine.moves import DRAW
from ..parts.scoring import values_and_tiles
from ..engine.results import HandResult
from ..engine.tiles import HIGH, LOW
from ..engine.moves import tile_of

MAJORITY = 3   # points for the most halves of a majority number


class Network(Game):
    id = "network"
    name = "Mreža"
    aliases = ('Mreža', 'Network', 'Net', 'Rings')
    family = "grid"
    summary = "A line on a square grid that may turn at every joint: 1 point per ring closed, " \
        "3 for laying most of the commonest number; first to 11."
    min_players, max_players = 3, 5
    hand_sizes = {3: 8, 4: 6, 5: 5}
    leftover = "aside"
    layout_kind = "grid"
    target = 11
    pip_weight = 0.0   # pips left in hand count for nothing
    options = (SET, TARGET)
    target_grows_with = None   # rings and majorities, not pips
    scores_on_play = True   # a ring closed scores at once

    def points_on_play(self, layout, end, tile):
        """The regions the placement just enclosed (the layout counted them as it was laid)."""
        gained = layout.gained
        return gained if gained > 0 else 0

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        points = list(state.hand_points)
        for seat, bonus in enumerate(majority_points(state.history, state.n)):
            points[seat] += bonus
        top = max(points)
        winners = [s for s in range(state.n) if points[s] == top] if top > 0 else []
        return HandResult(reason, out_seat, values, tiles, points, winners)


def majority_points(history, n: int) -> list[int]:
    """Rule of the majority: for every number shown by the most tile halves on the table
    (a double counts two), 3 points to each player who laid the most halves of it."""
    laid = [0] * (13 * n)   # laid[13 * seat + v]: halves showing v that seat laid
    high, low = HIGH, LOW
    for seat, move in history:
        if move < DRAW and seat >= 0:   # a placement, the lead included
            t = tile_of(move)
            base = 13 * seat
            laid[base + high[t]] += 1
            laid[base + low[t]] += 1
    totals = [sum(laid[v::13]) for v in range(13)]
    most = max(totals)
    points = [0] * n
    if not most:
        return points
    for v, total in enumerate(totals):
        if total == most:
            counts = laid[v::13]
            best = max(counts)
            for s in range(n):
                if counts[s] == best:
                    points[s] += MAJORITY
    return points
