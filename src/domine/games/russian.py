"""Russian games: touching halves sum to seven, matadors are wild, tactical drawing."""

from __future__ import annotations

from ..game import TARGET, Game, score_own_pips
from ..matching import SEVEN


class Matador(Game):
    id = "matador"
    name = "Matador (Russian Dominoes)"
    aliases = ("Ruski Domino", "Ruski domino", "Igra sa Matadorima", "Igra sa matadorima", "Matador",
               "Matadore", "Russian Dominoes", "Russian Domino")
    family = "russian"
    summary = "Halves touch when they sum to 7; 6-1, 5-2, 4-3 and 0-0 are wild; lowest at 100 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8
    reserve = 2
    matching = SEVEN
    without_double = "redeal"
    later_lead = "loser, any tile"
    tactical_draw = True
    drawn_tile_must_be_played = False
    dead_layout_ends_hand = True
    match_end = "low"
    target = 100
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return score_own_pips(state, reason, out_seat)
