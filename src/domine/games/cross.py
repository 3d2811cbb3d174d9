"""Cross games: the lead double is a spinner whose four sides fill first."""

from __future__ import annotations

from ..game import TARGET, Game, lead_heaviest_double, loser_of, no_double_dealt, score_own_pips
from ..tiles import DOUBLES_MASK


class Cross(Game):
    id = "cross"
    name = "Cross Dominoes"
    aliases = ("Ukršteni Domino", "Ukrsteni Domino", "Ukršteni domino", "Cross Dominoes",
               "Crossed Dominoes")
    family = "cross"
    summary = "The lead double is a spinner: fill its four sides, then grow four arms; lowest at 150 wins."
    min_players, max_players = 2, 4
    reserve = 2
    layout_kind = "cross"
    match_end = "low"
    target = 150
    options = (TARGET,)

    def deal_size(self, players):
        return 8 - players

    def needs_redeal(self, hands, context):
        return context.previous is None and no_double_dealt(hands)

    def setup_hand(self, state):
        previous = state.context.previous
        if previous is None:
            state.to_act, state.lead_mask = lead_heaviest_double(state.hands, fallback="redeal")
            return
        # The loser leads any double; without one he draws until he finds one
        # (the engine hands the lead on if the drawable stock runs out first).
        seat = loser_of(previous)
        state.to_act = seat
        state.lead_mask = DOUBLES_MASK
        if not state.hands[seat] & DOUBLES_MASK:
            state.lead_draw = "until_double"

    def score_hand(self, state, reason, out_seat):
        return score_own_pips(state, reason, out_seat)
