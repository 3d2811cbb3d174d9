"""Bergen: equal ends score headers as they are made; first to 15, even in the middle of a hand."""

from __future__ import annotations

from .base import SET, TARGET, Game, GameError, Option
from ..engine.layout import LEAD_END
from ..parts.leads import LowestDouble
from ..parts.match_ends import FirstTo
from ..parts.scoring import score_on_play, winner_takes_others
from ..engine.tiles import IS_DOUBLE


class Bergen(Game):
    id = "bergen"
    name = "Bergen"
    aliases = ("Bergen",)
    family = "scoring"
    summary = "Score 2 for a double header, 3 for a triple; +1 for going out; first to 15."
    min_players, max_players = 2, 4
    hand_sizes = {2: 6, 3: 6, 4: 5}
    reserve = 2
    ends_by_double = True
    first_lead = LowestDouble()   # 0-0, else the lowest double, else the lightest tile
    target = 15
    target_grows_with = None         # headers, not pips
    # bergen 10: 7 each on double-nine, 9 on double-twelve; double-eight as double-nine (rules page)
    set_hands = {8: {2: 7, 3: 7, 4: 7}, 9: {2: 7, 3: 7, 4: 7}, 12: {2: 9, 3: 9, 4: 9}}
    options = (
        SET,
        Option("spinner", bool, False, "double-nine or double-twelve only: the first double is a spinner"),
        TARGET,
    )

    def configure(self, options):
        super().configure(options)
        if options["spinner"]:
            if self.max_pip < 9:
                raise GameError("option spinner needs set=double-nine or set=double-twelve")
            self.layout_kind = "spinner"
        self.match_end = FirstTo(self.target, mid_hand=True)   # bergen 7

    pip_weight = 0.25   # pips decide only a blocked hand, and then only as "lowest wins"

    def points_on_play(self, layout, end, tile):
        return headers(layout.values, layout.doubles, layout.lengths, end, tile)

    def on_place(self, state, seat, move):
        score_on_play(state, seat, self.placement_points(state, move))

    def score_hand(self, state, reason, out_seat):
        result = winner_takes_others(state, reason, out_seat)
        points = list(state.hand_points)
        values = result.hand_values
        winners: list[int] = []
        if out_seat is not None:
            winners = [out_seat]
        elif reason == "blocked":
            low = min(values)
            if values.count(low) == 1:
                winners = [values.index(low)]
        elif reason == "target":
            before = state.context.scores or [0] * state.n_teams
            winners = [max(range(state.n_teams), key=lambda t: before[t] + points[t])]
        if reason != "target":
            for s in winners:
                points[state.teams[s]] += 1
        result.points, result.winners = points, winners
        return result


def headers(values: list[int], doubles: list[bool], lengths: list[int], end: int, tile: int) -> int:
    """Bergen's header for ``tile`` just laid on ``end``, the ends being as they are after it.

    Equal scoring ends score 1 each, 2 for a double outermost; the end just made must
    be one of them. Scoring ends: the two line ends and every started flank.
    """
    if end == LEAD_END:
        return 2 if IS_DOUBLE[tile] else 0
    v = values[end]
    total = count = 0
    for i, value in enumerate(values):
        if value == v and (i < 2 or lengths[i] > 0):
            count += 1
            total += 2 if doubles[i] else 1
    return total if count >= 2 else 0
