"""Cross games: the lead double is a spinner whose four sides fill first."""

from __future__ import annotations

from ..game import TARGET, Game, score_own_pips


class Cross(Game):
    id = "cross"
    name = "Cross Dominoes"
    aliases = ("Ukršteni Domino", "Ukrsteni Domino", "Ukršteni domino", "Cross Dominoes",
               "Crossed Dominoes")
    family = "cross"
    summary = "The lead double is a spinner: fill its four sides, then grow four arms; lowest at 150 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8
    reserve = 2
    layout_kind = "cross"
    without_double = "redeal"
    later_lead = "loser, any double, else draw until one"
    match_end = "low"
    target = 150
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return score_own_pips(state, reason, out_seat)
