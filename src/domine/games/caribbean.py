"""Caribbean Dominoes (Karipski Domino) and its shorter form Chiva (Č I V A): two teams, all 28
tiles dealt, no points; the match goes to the team that wins a number of hands in a row.

Chiva (games/chiva.py) is this definition with a shorter winning streak.
"""

from __future__ import annotations

from .base import SET, Game, GameError, Option
from ..parts.leads import GivenTile, PreviousWinner
from ..parts.match_ends import Streak
from ..parts.scoring import lowest_seat_wins_for_team
from ..engine.results import MatchResult
from ..engine.tiles import double, parse_tile

DOUBLE_SIX = parse_tile("6-6")


class CappedStreak(Streak):
    """A streak of ``length`` wins; with a cap, a match still undecided after ``cap`` hands is drawn."""

    def __init__(self, length: int, cap: int = 0):
        super().__init__(length)
        self.cap = cap

    def decide(self, match):
        result = super().decide(match)
        if result is None and self.cap and match.hands_played >= self.cap:
            return MatchResult([], list(match.scores), match.hands_played, drawn=True)
        return result

    def describe(self):
        text = super().describe()
        return f"{text}; drawn if nobody has done it after {self.cap} hands" if self.cap else text


class Caribbean(Game):
    id = "caribbean"
    name = "Caribbean Dominoes"
    aliases = ("Karipski Domino", "Caribbean Dominoes", "Caribbean partner dominoes",
               "Jamaican Partner Dominoes", "Six-Love")
    family = "partnership"
    summary = "Two teams, all 28 tiles dealt, no drawing; win 6 hands in a row to take the match."
    min_players = max_players = 4
    hand_sizes = {4: 7}
    leftover = "aside"            # nothing is left over: all 28 tiles are dealt
    partnership = True
    first_lead = GivenTile(DOUBLE_SIX)                              # rule 4
    later_lead = PreviousWinner(after_tie=GivenTile(DOUBLE_SIX))    # rule 11
    pip_weight = 0.5              # pips decide only a blocked hand, and then only as "lowest wins"
    #: hands a team must win in a row (rule 10)
    streak_length = 6
    target_grows_with = None         # the target is a run of hands won
    options = (
        SET,
        Option("max_hands", int, 0, "safety cap: a match still undecided after this many hands is drawn "
               "(0: no cap)"),
    )

    def configure(self, options):
        super().configure(options)
        if self.max_pip != 6 and self.first_lead.tile == DOUBLE_SIX:
            # on another set its heaviest double plays 6-6's part (rules page)
            top = GivenTile(double(self.max_pip))
            self.first_lead, self.later_lead = top, PreviousWinner(after_tie=top)
        cap = options["max_hands"]
        if cap < 0:
            raise GameError("option max_hands must be 0 (no cap) or more")
        self.match_end = CappedStreak(self.streak_length, cap)

    def score_hand(self, state, reason, out_seat):
        # rules 8-9: the team of the seat out, or of the lowest count, wins (one point: a hand won);
        # a lowest count shared across the teams is a tied hand. The hand winner is listed first.
        return lowest_seat_wins_for_team(state, reason, out_seat)

