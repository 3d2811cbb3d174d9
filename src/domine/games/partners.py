"""Partnership Dominoes (Domine u Parove): each team scores the other team's pips."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import HeaviestDouble
from ..parts.scoring import opponents_total


class Partners(Game):
    id = "partners"
    name = "Partnership Dominoes"
    aliases = ("Domine u Parove", "Parska igra", "Partnership Dominoes", "Partnership Draw dominoes")
    family = "partnership"
    summary = "Two teams of two; each team scores the other team's pips; first to 150."
    min_players = max_players = 4
    hand_sizes = {4: 5}
    reserve = 2
    partnership = True
    first_lead = HeaviestDouble(redeal=True)
    target = 150
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        return opponents_total(state, reason, out_seat)
