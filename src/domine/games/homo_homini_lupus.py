"""Homo Homini Lupus: a cross on the lead double whose arms a player may close for good with a
tile laid face down; zero-sum scoring against the average hand."""

from __future__ import annotations

from .base import SET, Game, GameError, Option
from ..engine.moves import close
from ..engine.phases import TURN
from ..parts.hand_ends import PassesInARow
from ..parts.leads import LowestDouble, NextStarter
from ..parts.match_ends import AfterHands
from ..parts.scoring import ZERO_SUM, against_average
from ..engine.tiles import set_mask, tiles_of


class HomoHominiLupus(Game):
    id = "homo-homini-lupus"
    name = "Homo Homini Lupus"
    aliases = ("Homo Homi Lupus", "Homo Homini Lupus")
    family = "cross"
    summary = "A cross on a double; close an arm with a face-down tile instead of playing; zero-sum, 4 hands."
    min_players = max_players = 4
    hand_sizes = {4: 6}                       # rule 3: the other 4 tiles are the stock, all drawable
    layout_kind = "cross"                     # rules 6-7
    first_lead = LowestDouble()               # rule 4
    later_lead = NextStarter("double")        # rule 5: the seat after the last leader, any double
    hand_end = PassesInARow(4, all_closed=True)   # rule 10 (b), (c); (a) is a domino
    points = ZERO_SUM
    seat_closes = set_mask(6)                 # rule 9: any tile
    options = (SET, Option("hands", int, 4, "hands in a match; a tie for the highest total plays on"),)

    def configure(self, options):
        super().configure(options)
        self.seat_closes = set_mask(self.max_pip)   # rule 9: any tile of the set
        if options["hands"] < 1:
            raise GameError("option hands must be at least 1")
        self.match_end = AfterHands(options["hands"], high=True)   # rule 12

    def filter_moves(self, state, seat, moves):
        # rule 9: at the start of a turn in the arm phase, close any open arm with any tile
        lay = state.layout
        if state.phase is not TURN or state.drawn or state.placed_in_turn or lay.in_opening():
            return moves
        tiles = tiles_of(state.hands[seat])
        closed = lay.closed
        return moves + [close(end, t) for end in range(len(closed)) if not closed[end] for t in tiles]

    def score_hand(self, state, reason, out_seat):
        return against_average(state, reason, out_seat, factor=10)   # rule 11
