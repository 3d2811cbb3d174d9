"""Family Dominoes for Two (porodična varijanta): a round is won or lost."""

from __future__ import annotations

from .base import SET, Game, GameError, Option
from ..parts.leads import NextStarter
from ..parts.match_ends import AfterHands
from ..parts.scoring import one_win_to_winners, winner_takes_others


class Family(Game):
    id = "family"
    name = "Family Dominoes for Two"
    aliases = ("porodična varijanta", "porodične domine", "Family Dominoes")
    family = "draw"
    summary = "A gentle game for two: draw until you can play; a round is won or lost."
    min_players = max_players = 2
    hand_sizes = {2: 7}
    later_lead = NextStarter()
    pip_weight = 0.5    # pips decide only a blocked round, and then only as "lowest wins"
    options = (SET, Option("rounds", int, 1, "rounds in the match; more round wins takes it"),)

    def configure(self, options):
        super().configure(options)
        if options["rounds"] < 1:
            raise GameError("option rounds must be at least 1")
        self.match_end = AfterHands(options["rounds"], high=True, tie_plays_on=False, unit="rounds")

    def score_hand(self, state, reason, out_seat):
        result = winner_takes_others(state, reason, out_seat)
        values = result.hand_values
        if out_seat is not None:
            result.winners = [out_seat]
        else:   # family 7: the lower hand wins a blocked round; equal hands, nobody
            result.winners = [] if values[0] == values[1] else [0 if values[0] < values[1] else 1]
        return one_win_to_winners(result, state)
