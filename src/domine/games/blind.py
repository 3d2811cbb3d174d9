"""Blind Dominoes (Domine na Neviđeno): rows face down, even to their owner, revealed in order."""

from __future__ import annotations

from .base import SET, TARGET
from ..parts.scoring import PENALTY, own_pips
from .base import RowGame
from ..parts.rows import LoserStarts


class Blind(RowGame):
    id = "blind"
    name = "Blind Dominoes"
    aliases = ("Domine na Neviđeno", "Domine na Nevidjeno", "Blind Dominoes")
    family = "blind"
    summary = "Face-down rows nobody may look at; turn tiles up in order until one fits; lowest at 150 wins."
    min_players, max_players = 2, 4
    hand_sizes = {2: 14, 3: 9, 4: 7}
    leftover = "aside"            # with 3 players the one spare tile is turned up as the lead
    row_style = "reveal"
    later_lead = LoserStarts()    # the loser of the previous hand (last in its ranking)
    double_blank_value = 14
    points = PENALTY
    target = 150
    options = (SET, TARGET)   # the match: first to reach it ends it, lowest total wins, ties play on

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
