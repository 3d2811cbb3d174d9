"""Cross Dominoes (Ukršteni Domino): the lead double is a spinner whose four sides fill first."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips


class Cross(Game):
    id = "cross"
    name = "Cross Dominoes"
    aliases = ("Ukršteni Domino", "Cross Dominoes", "Crossed Dominoes")
    family = "cross"
    summary = "The lead double is a spinner: fill its four sides, then grow four arms; lowest at 150 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8
    reserve = 2
    layout_kind = "cross"
    first_lead = HeaviestDouble(redeal=True)
    later_lead = Loser("double", then="until double")
    points = PENALTY
    target = 150
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
