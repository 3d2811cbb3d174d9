"""Individual Dominoes (Pojedinačne Domino-igre): 3 or 4 players; what you score depends on your rank."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import HeaviestDouble
from ..parts.scoring import values_and_tiles
from ..engine.results import HandResult, standard_ranking

#: Position (0 = best) -> the position whose hand value it scores (None: nothing); rules 8-9.
SCORES_VALUE_OF = {3: (2, 1, None), 4: (3, 2, 1, None)}


class Individual(Game):
    id = "individual"
    name = "Individual Dominoes"
    aliases = ("Pojedinačne Domino-igre", "Individual dominoes",
               "Cut-throat Draw dominoes")
    family = "draw"
    summary = "3 or 4 players draw when stuck; the best-ranked scores the weakest's pips; first to 100."
    min_players, max_players = 3, 4
    hand_sizes = {3: 6, 4: 5}
    reserve = 2
    first_lead = HeaviestDouble(redeal=True)   # every hand; no double dealt: redeal (rule 3)
    target = 100
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        ranking = standard_ranking(values, tiles, state.last_placer)   # rule 7
        points = list(state.hand_points)
        for position, source in enumerate(SCORES_VALUE_OF[state.n]):
            if source is not None:
                points[state.teams[ranking[position]]] += values[ranking[source]]
        return HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)
