"""Sebastopol (Sevastopolj): four players, all 28 dealt, a cross on 6-6; own pips are penalties to 101."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import GivenTile
from ..engine.tiles import double
from ..parts.scoring import PENALTY, own_pips
from ..engine.tiles import parse_tile


class Sevastopol(Game):
    id = "sevastopol"
    name = "Sebastopol"
    aliases = ("Sevastopolj", "Sevastopol", "Sebastopol")
    family = "cross"
    summary = "4 players, all tiles dealt; 6-6 is a spinner whose sides fill first; lowest when someone hits 101."
    min_players = max_players = 4
    hand_sizes = {4: 7}
    leftover = "aside"                          # rule 3: all 28 dealt, nothing left over
    layout_kind = "cross"                       # rules 5-6
    first_lead = GivenTile(parse_tile("6-6"))   # rule 4, every hand
    points = PENALTY                            # rule 10
    target = 101                                # rule 11: reaching 101 ends it, lowest wins, ties play on
    options = (SET, TARGET)

    def configure(self, options):
        super().configure(options)
        if self.max_pip != 6:   # on another set its heaviest double plays 6-6's part (rules page)
            self.first_lead = GivenTile(double(self.max_pip))

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
