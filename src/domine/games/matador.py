"""Matador (Ruski Domino): touching halves sum to seven, matadors are wild, drawing is tactical."""

from __future__ import annotations

from .base import TARGET, Game
from ..engine.matching import SEVEN
from ..parts.hand_ends import DeadLayout
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn


class Matador(Game):
    id = "matador"
    name = "Matador (Russian Dominoes)"
    aliases = ("Ruski Domino", "Igra sa Matadorima", "Matador", "Matadore", "Russian Dominoes",
               "Russian Domino")
    family = "russian"
    summary = "Halves touch when they sum to 7; 6-1, 5-2, 4-3 and 0-0 are wild; lowest at 100 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8
    reserve = 2
    matching = SEVEN
    turn = Turn(draw_at_will=True, drawn_tile_must_be_played=False)
    hand_end = DeadLayout()
    first_lead = HeaviestDouble(redeal=True)
    later_lead = Loser("any")
    points = PENALTY
    target = 100
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
