"""Jubilee (Jubileusz): points for bringing the layout's total to 25, 50, ... 150; first to 500."""

from __future__ import annotations

from .base import SET, TARGET, Game, GameError, Option
from ..parts.leads import ByLot, NextStarter
from ..parts.match_ends import FirstTo, unique_best
from ..parts.scoring import score_on_play, values_and_tiles
from ..engine.results import HandResult
from ..engine.tiles import PIPS, pips_of

THRESHOLDS = (25, 50, 75, 100, 125, 150)   # jubilee 6: each worth a fifth of itself
END_TOTAL = 150                             # jubilee 8: a layout total this high ends the hand
DOMINO_BONUS = 20                           # jubilee 7


def threshold_points(before: int, after: int) -> int:
    """Jubilee 6: +k/5 for a total brought exactly to k from below, -k/5 for one jumped over."""
    for k in THRESHOLDS:
        if before < k <= after:
            return k // 5 if after == k else -(k // 5)
    return 0


class FirstToWithinHands(FirstTo):
    """First to ``target``, even mid-hand (jubilee 10); a match that has not got there
    after ``hands`` hands goes to the highest total, a tie playing on (jubilee decision:
    thresholds passed cost more than thresholds reached earn, so totals tend to fall)."""

    def __init__(self, target: int, hands: int):
        super().__init__(target, high=True, mid_hand=True)
        self.hands = hands

    def decide(self, match):
        result = super().decide(match)
        if result is not None or not self.hands or match.hands_played < self.hands:
            return result
        team = unique_best(match.scores, high=True)
        return None if team is None else self.won(match, team)

    def describe(self):
        text = super().describe()
        if self.hands:
            text += f"; after {self.hands} hands without it, the highest total wins"
        return text


class Jubilee(Game):
    id = "jubilee"
    name = "Jubilee"
    aliases = ("Jubileusz", "Jubilee")
    family = "scoring"
    summary = "Reach 25, 50 ... 150 exactly for points, overshoot and lose them; +20 out; first to 500."
    min_players, max_players = 2, 4
    hand_sizes = {2: 6, 3: 6, 4: 5}
    reserve = 0                             # jubilee gap 2: the whole stock may be drawn
    first_lead = ByLot()                    # jubilee 2: the first starter by lot (the match's seed)
    later_lead = NextStarter()              # then the next seat after the previous starter
    pip_weight = 0.0                        # pips left in hand never score
    target = 500
    target_grows_with = "pips"   # points on play from the ends' pips (base.target_on_set)
    options = (
        SET,
        TARGET,
        Option("hands", int, 30, "most hands in a match: if nobody has reached the target by then, "
                                 "the highest total wins (0: no limit)"),
    )

    def configure(self, options):
        super().configure(options)
        if options["hands"] < 0:
            raise GameError("option hands must be 0 (no limit) or more")
        self.match_end = FirstToWithinHands(self.target, options["hands"])   # jubilee 10: even mid-hand

    def points_on_play(self, layout, end, tile):
        table_pips = pips_of(layout.mask) - PIPS[tile]   # the table before the tile
        return threshold_points(table_pips, table_pips + PIPS[tile])

    def on_place(self, state, seat, move):
        score_on_play(state, seat, self.placement_points(state, move))
        if state.over:   # the target was reached: the match is over
            return
        if pips_of(state.layout.mask) >= END_TOTAL:
            if state.hands[seat]:
                state.finish("150")
            else:
                state.finish("domino", seat)   # out and past 150 at once: the bonus still counts

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        points = state.hand_points[:]
        winners: list[int] = []
        if out_seat is not None:
            points[state.teams[out_seat]] += DOMINO_BONUS
            winners = [out_seat]
        elif reason == "target":
            winners = [state.last_placer]
        return HandResult(reason, out_seat, values, tiles, points, winners)
