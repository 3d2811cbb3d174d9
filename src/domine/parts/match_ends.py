"""When a match is over and who won: objects evaluated against the whole match.

A game names one (``Game.match_end``). ``decide(match)`` reads the match's
scores and every finished hand's result and returns a ``MatchResult`` once the
match is over, else None. Ties go to further hands (general 19) unless the
object says otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.results import MatchResult

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.match import Match


def team_seats(teams: list[int], team: int) -> list[int]:
    return [s for s, t in enumerate(teams) if t == team]


def unique_best(scores: list[int], high: bool) -> int | None:
    best = max(scores) if high else min(scores)
    tops = [t for t, v in enumerate(scores) if v == best]
    return tops[0] if len(tops) == 1 else None


class MatchEnd:
    #: the target a player aims at, for display and for bots (None: none)
    target: int | None = None
    #: a match may be won in the middle of a hand (points scored on play)
    mid_hand = False
    #: it reads the winning streak in progress (``Match.streak``), which a hand's context
    #: then carries (a record that starts mid-match must say how the streak stood)
    needs_streak = False

    def decide(self, match: "Match") -> MatchResult | None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def won(self, match: "Match", team: int) -> MatchResult:
        return MatchResult(team_seats(match.teams, team), list(match.scores), match.hands_played)


class FirstTo(MatchEnd):
    """A score reaching ``target`` ends the match; the highest (or lowest) total wins."""

    def __init__(self, target: int, high: bool = True, mid_hand: bool = False):
        self.target, self.high, self.mid_hand = target, high, mid_hand

    def decide(self, match):
        if max(match.scores) < self.target:
            return None
        team = unique_best(match.scores, self.high)
        return None if team is None else self.won(match, team)

    def describe(self):
        if self.high:
            return f"first to {self.target} wins" + (", even in the middle of a hand" if self.mid_hand else "")
        return f"the match ends when someone reaches {self.target}; lowest score wins"


class ReacherLoses(FirstTo):
    """Two-no-draw's target mode: reaching ``target`` loses; of several, the highest loses
    (the lowest total wins: FirstTo with low winning, in other words)."""

    def __init__(self, target: int):
        super().__init__(target, high=False)

    def describe(self):
        return f"whoever reaches {self.target} loses"


class AfterHands(MatchEnd):
    """After ``hands`` hands the best total wins; a tie plays on (or is a drawn match)."""

    def __init__(self, hands: int, high: bool = True, tie_plays_on: bool = True, unit: str = "points"):
        self.hands, self.high, self.tie_plays_on, self.unit = hands, high, tie_plays_on, unit
        self.target = hands

    def decide(self, match):
        if match.hands_played < self.hands:
            return None
        team = unique_best(match.scores, self.high)
        if team is not None:
            return self.won(match, team)
        if self.tie_plays_on:
            return None
        return MatchResult([], list(match.scores), match.hands_played, drawn=True)

    def describe(self):
        best = "highest" if self.high else "lowest"
        if self.unit == "rounds":
            return f"{self.hands} round{'s' if self.hands != 1 else ''}, most round wins"
        return f"{self.hands} hand{'s' if self.hands != 1 else ''}; {best} total wins"


class Streak(MatchEnd):
    """``length`` hands won in a row; a hand nobody won neither extends nor breaks it."""

    needs_streak = True

    def __init__(self, length: int):
        self.length = length
        self.target = length

    def decide(self, match):
        team, run = match.streak
        return self.won(match, team) if run >= self.length else None

    def describe(self):
        return f"{self.length} hands won in a row"


class HandWins(FirstTo):
    """First to ``wins`` hands won (scores count hands); the most wins, a tie plays on."""

    def __init__(self, wins: int):
        super().__init__(wins, high=True)
        self.wins = wins

    def describe(self):
        return f"first to {self.wins} hands won"


class Countdown(MatchEnd):
    """Two-hander: totals start at ``start`` and fall; when one is 0 or less, the lower wins."""

    def __init__(self, start: int = 100):
        self.start = start
        self.target = start

    def decide(self, match):
        if min(match.scores) > 0:
            return None
        team = unique_best(match.scores, high=False)
        return None if team is None else self.won(match, team)

    def describe(self):
        return f"both start at {self.start}; when a total falls to 0 or below, the lower total wins"


class SingleHand(MatchEnd):
    """One hand is the match (OpenSpiel's block): the higher score wins, equal is drawn."""

    def decide(self, match):
        team = unique_best(match.scores, high=True)
        if team is None:
            return MatchResult([], list(match.scores), match.hands_played, drawn=True)
        return self.won(match, team)

    def describe(self):
        return "one hand"
