"""Russian games: touching halves sum to seven, matadors are wild, tactical drawing."""

from __future__ import annotations

from ..game import TARGET, Game, lead_heaviest_double, loser_of, no_double_dealt, score_own_pips
from ..matching import SEVEN


class Matador(Game):
    id = "matador"
    name = "Matador (Russian Dominoes)"
    aliases = ("Ruski Domino", "Ruski domino", "Igra sa Matadorima", "Igra sa matadorima", "Matador",
               "Matadore", "Russian Dominoes", "Russian Domino")
    family = "russian"
    summary = "Halves touch when they sum to 7; 6-1, 5-2, 4-3 and 0-0 are wild; lowest at 100 wins."
    min_players, max_players = 2, 4
    reserve = 2
    matching = SEVEN
    tactical_draw = True
    drawn_tile_must_be_played = False
    dead_layout_ends_hand = True
    match_end = "low"
    target = 100
    options = (TARGET,)

    def deal_size(self, players):
        return 8 - players

    def needs_redeal(self, hands, context):
        return context.previous is None and no_double_dealt(hands)

    def setup_hand(self, state):
        previous = state.context.previous
        if previous is None:
            state.to_act, state.lead_mask = lead_heaviest_double(state.hands, fallback="redeal")
        else:
            state.to_act, state.lead_mask = loser_of(previous), self.set_mask   # any tile

    def score_hand(self, state, reason, out_seat):
        return score_own_pips(state, reason, out_seat)
