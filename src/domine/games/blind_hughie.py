"""Blind Hughie: a face-down row; after each lay peek on or stop; rejected doubles may stay face up."""

from __future__ import annotations

from .base import SET, TARGET, Option
from ..parts.scoring import lowest_takes_others_total
from .base import RowGame
from ..parts.rows import NextSeatStarts

SPINNER = Option("spinner", bool, False, "the first double laid is a spinner with four open sides")


class BlindHughie(RowGame):
    id = "blind-hughie"
    name = "Blind Hughie"
    aliases = ('Blind Hughie', 'Blind-Man Block', 'Secret Dominoes', 'Billiton')
    family = "blind"
    summary = "Peek at your front tile and lay it; after a lay go on or stop; doubles may wait face up."
    min_players, max_players = 2, 4
    hand_sizes = {2: 14, 3: 9, 4: 7}
    leftover = "aside"          # with 3 players the one spare tile is turned up as the lead
    row_style = "peek on"
    optional_places = True      # rule 4: laying is never compulsory (with no face-down tile, pass: 4.1)
    later_lead = NextSeatStarts()
    target = 100
    options = (SET, TARGET, SPINNER)

    def configure(self, options):
        super().configure(options)
        if options.get("spinner"):
            self.layout_kind = "spinner"
            self.layout_params = {"flanks": "at once"}

    def score_hand(self, state, reason, out_seat):
        return lowest_takes_others_total(state, reason, out_seat)
