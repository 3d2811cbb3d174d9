"""Shut-Out Dominoes (Domine sa Zatvaranjem): two players; whoever must pass first loses the hand."""

from __future__ import annotations

from .base import SET, Game
from ..engine.moves import DRAW
from ..parts.hand_ends import FirstPassLoses
from ..parts.leads import HeaviestDouble
from ..parts.match_ends import HandWins
from ..parts.scoring import one_win_to_winners, values_and_tiles
from ..engine.results import HandResult


class ShutOut(Game):
    id = "shut-out"
    name = "Shut-Out Dominoes"
    aliases = ("Domine sa Zatvaranjem", "Zatvaranje", "Shut-Out Dominoes", "Dominoes with Shutting Out")
    family = "draw"
    summary = "Two players, 8 tiles each; drawn tiles are shown; the first to pass loses; first to 5 hands."
    min_players = max_players = 2
    hand_sizes = {2: 8}
    reserve = 2                             # shut-out 3: the last 2 stock tiles are never drawn
    public_kinds = frozenset({DRAW})        # shut-out 7: every drawn tile is shown to the opponent
    hand_end = FirstPassLoses()             # shut-out 8: no block; the first pass loses
    first_lead = HeaviestDouble()           # shut-out 4: heaviest double, else heaviest tile
    match_end = HandWins(5)                 # shut-out 10
    pip_weight = 0.0                        # pips never score: only going out or being shut out counts
    options = (SET,)

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        if out_seat is not None:            # shut-out 9: going out wins
            winners = [out_seat]
        else:                               # shut-out 8: the passer (the last to act) loses
            passer = state.history[-1][0]
            winners = [1 - passer]
        result = HandResult(reason, out_seat, values, tiles, [0, 0], winners)
        return one_win_to_winners(result, state)
