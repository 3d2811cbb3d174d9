"""Lightning (Błyskawica): four to eight players; lay as many tiles a turn as you like."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import LowestDouble
from ..parts.scoring import lowest_takes_others_total
from ..parts.turns import AT_WILL, Turn


class Lightning(Game):
    id = "lightning"
    name = "Lightning"
    aliases = ("Błyskawica", "Lightning", "Instant Domino")
    family = "block"
    summary = "4 to 8 players; after each tile lay another that fits, or stop; first to 100."
    min_players, max_players = 4, 8
    hand_sizes = {4: 7, 5: 5, 6: 4, 7: 4, 8: 3}
    leftover = "aside"                      # lightning 1: undealt tiles stay face down, unused
    turn = Turn(continues=AT_WILL)          # lightning 4: at least one tile, then more or stop
    first_lead = LowestDouble()             # lightning 2: 0-0, else the lowest double dealt
    target = 100
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        # lightning 5-6: the player out, or the single lowest count of a block, takes
        # everybody else's pips; a shared lowest count scores nothing
        return lowest_takes_others_total(state, reason, out_seat)
