"""Dominoes for Two (Domino za Dvoje): a double earns one more tile; totals count down from 100.

* Every hand the heaviest double leads (else the heaviest tile); no redeal.
* After any double, the lead included, the same player places once more,
  drawing for it if need be; when that cannot be done his turn just ends.
* Jedan Kamen as in Običan Domino (ordinary 10), including within a turn.
* A double counts half its pips (0-0 counts 0); each player subtracts the
  opponent's hand value from his total, and the lower total wins once a
  total is 0 or less.
"""

from __future__ import annotations

from .base import SET, Game, GameError, Option
from ..parts.conventions import LastTileAnnouncement
from ..parts.leads import HeaviestDouble
from ..parts.match_ends import Countdown
from ..parts.scoring import PENALTY, values_and_tiles
from ..parts.turns import Turn
from ..engine.results import HandResult


class TwoHander(Game):
    id = "two-hander"
    name = "Dominoes for Two"
    aliases = ("Domino za Dvoje", "Dominoes for Two", "two-handed Draw dominoes")
    family = "draw"
    summary = "Two players; a double earns one more tile; doubles count half; count down from 100."
    min_players = max_players = 2
    hand_sizes = {2: 8}
    reserve = 2
    turn = Turn(again_after_double=True)
    conventions = (LastTileAnnouncement(),)
    first_lead = HeaviestDouble()          # no double dealt: the heaviest tile (two-hander 3)
    doubles_count_half = True              # n-n counts n, 0-0 counts 0 (two-hander 7)
    double_blank_value = 0
    points = PENALTY                       # hand points are negative: the lower total is better
    starting_score = 100
    target = 100
    match_end = Countdown(100)
    options = (SET, Option("start", int, None, "the total both players start from; the match ends when one "
                                               "falls to 0 or below (default 100)"))

    def configure(self, options):
        super().configure(options)
        start = options["start"] if options["start"] is not None else self.target   # 100, by the set rule
        if start <= 0:
            raise GameError("option start must be a positive number")
        self.starting_score = start
        self.match_end = Countdown(start)

    def score_hand(self, state, reason, out_seat):
        """Two-hander 8: each player subtracts the opponent's hand value from his total."""
        values, tiles = values_and_tiles(state)
        points = [state.hand_points[0] - values[1], state.hand_points[1] - values[0]]
        if out_seat is not None:
            winners = [out_seat]
        elif values[0] != values[1]:
            winners = [0 if values[0] < values[1] else 1]
        else:
            winners = []
        return HandResult(reason, out_seat, values, tiles, points, winners)
