"""Sebastopol Star (Sewastopol): a star on the lead double; the winner scores the others' pips.

The base game is four players with all 28 tiles dealt and 6-6 leading. Option ``variant``
deals fewer tiles to 2-7 players, leaves a stock to draw from, and the highest double
dealt leads (no double dealt: a redeal).
"""

from __future__ import annotations

from .base import SET, TARGET, Game, GameError, Option
from ..parts.leads import GivenTile, HeaviestDouble
from ..parts.scoring import lowest_takes_others_total
from ..engine.tiles import double, parse_tile

#: option ``variant``: tiles each, by the number of players (rule 8; decision 3 for 5)
VARIANT_HANDS = {2: 7, 3: 7, 4: 5, 5: 4, 6: 3, 7: 3}


class SevastopolStar(Game):
    id = "sevastopol-star"
    name = "Sebastopol Star"
    aliases = ("Sewastopol", "Sebastopol Star", "Gwiazda")
    family = "cross"
    summary = "A star on 6-6, its sides first; the winner takes the others' pips, to 100. Variant: 2-7 players, a stock."
    # the base game's table; option variant widens it to 2-7 players (configure). Listing the
    # base range keeps every tool that walks min..max players without options working.
    min_players = max_players = 4
    hand_sizes = {4: 7}
    leftover = "aside"                 # base: all 28 dealt
    layout_kind = "cross"
    first_lead = GivenTile(parse_tile("6-6"))
    target = 100
    options = (
        Option("variant", bool, False, "2 to 7 players, fewer tiles dealt, draw from the stock; "
               "the highest double dealt leads"),
        SET,
        TARGET,
    )

    def configure(self, options):
        super().configure(options)
        if not options["variant"]:
            if self.players != 4:
                raise GameError("sevastopol-star is played by exactly 4 players (2 to 7 with option variant)")
            if self.max_pip != 6:   # on another set its heaviest double plays 6-6's part (rules page)
                self.first_lead = GivenTile(double(self.max_pip))
            return
        self.min_players, self.max_players = min(VARIANT_HANDS), max(VARIANT_HANDS)
        self.hand_sizes = self.deal_table(VARIANT_HANDS)
        self.leftover = "stock"                          # drawn one at a time, no reserve (decision 4)
        self.first_lead = HeaviestDouble(redeal=True)    # no double dealt: redeal (decision 5)

    def score_hand(self, state, reason, out_seat):
        # rule 6: the seat out, or the single lowest count of a block, scores all the others'
        # pips (its own not taken off, decision 1); a shared lowest count scores nothing
        return lowest_takes_others_total(state, reason, out_seat)
