"""Blitz (Blic): four to eight players; a turn goes on while anything fits."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import LightestTile
from ..parts.scoring import first_ranked_takes_others
from ..parts.turns import WHILE_FITS, Turn


class Blitz(Game):
    id = "blitz"
    name = "Blitz"
    aliases = ("Blic", "Blitz")
    family = "block"
    summary = "4 to 8 players; keep placing while anything fits; first to 100."
    min_players, max_players = 4, 8
    hand_sizes = {4: 7, 5: 5, 6: 4, 7: 4, 8: 3}
    leftover = "aside"
    turn = Turn(continues=WHILE_FITS)
    first_lead = LightestTile()
    target = 100
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        return first_ranked_takes_others(state, reason, out_seat)
