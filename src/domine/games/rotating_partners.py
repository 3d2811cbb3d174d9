"""Dominoes with Rotating Partners (Domine sa izmenom Parova): four seats, new partners each
hand, individual scores; past 100 the partnership of the best such player takes the pot."""

from __future__ import annotations

from .base import SET, Alias, GameError, Option
from ..parts.leads import HeaviestDouble
from ..parts.match_ends import MatchEnd
from ..parts.scoring import values_and_tiles
from ..engine.results import HandResult, MatchResult, standard_ranking
from .base import StakesGame
from ..parts.stakes import NOBODY, ledger

#: hand number mod 3 -> seat -> partnership (I+II, I+III, I+IV with seat 0)
PARTNERS = {1: (0, 0, 1, 1), 2: (0, 1, 0, 1), 0: (0, 1, 1, 0)}
LIMIT = 100


class PotDecides(MatchEnd):
    """The match is over once a hand has paid out the pot (``Ledger.winners``)."""

    target = LIMIT

    def decide(self, match):
        led = match.ledger
        if led is None or not led.winners:
            return None
        return MatchResult(sorted(led.winners), list(match.scores), match.hands_played)

    def describe(self):
        return f"after a hand that takes a score past {LIMIT}, the best such player's partnership wins the pot"


class RotatingPartners(StakesGame):
    id = "rotating-partners"
    name = "Dominoes with Rotating Partners"
    aliases = ('Domine sa izmenom Parova', 'Rotating-partner dominoes', 'Dominoes with changing partners')
    family = "stakes"
    summary = "4 seats, partners change every hand; past 100 the best player's side takes the pot of 4 stakes."
    min_players = max_players = 4
    hand_sizes = {4: 6}
    leftover = "aside"
    first_lead = HeaviestDouble()
    target = LIMIT
    match_end = PotDecides()
    arena_unit = "match"   # the pot is paid only when the match ends
    target_grows_with = None   # the limit of 100 is the specification's (rules page)
    options = (SET, Option("ante", int, 5, "tokens each player pays into the pot before the first hand"))
    option_aliases = (Alias("stake", "ante"),)

    def configure(self, options):
        super().configure(options)
        if options["ante"] < 1:
            raise GameError("option ante must be at least 1")

    def hand_teams(self, context, n):
        return list(PARTNERS[context.hand_number % 3])

    def setup_hand(self, state):
        if state.context.hand_number == 1:
            ledger(state).ante(state, self.option_values["ante"])
        super().setup_hand(state)

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        teams = state.teams
        totals = [0, 0]
        for s, v in enumerate(values):
            totals[teams[s]] += v
        points = [totals[1 - teams[s]] for s in range(4)]   # each adds the other side's total
        if out_seat is not None:
            winners = [s for s in range(4) if teams[s] == teams[out_seat]]
        elif totals[0] != totals[1]:
            low = 0 if totals[0] < totals[1] else 1
            winners = [s for s in range(4) if teams[s] == low]
        else:
            winners = []
        ranking = standard_ranking(values, tiles, state.last_placer)
        self._pay_out(state, points)
        return HandResult(reason, out_seat, values, tiles, points, winners, ranking)

    def _pay_out(self, state, points):
        """Rule 9: past 100, the partnership of the best such player wins the pot."""
        before = state.context.scores or [0] * 4
        scores = [b + p for b, p in zip(before, points)]
        past = [s for s in range(4) if scores[s] > LIMIT]
        if not past:
            return
        teams = state.teams
        best = max(scores[s] for s in past)
        sides = {teams[s] for s in past if scores[s] == best}
        if len(sides) > 1:
            # level across partnerships: the side that scored more in this hand; else play on
            gained = [sum(points[s] for s in range(4) if teams[s] == t) // 2 for t in (0, 1)]
            if gained[0] == gained[1]:
                return
            side = 0 if gained[0] > gained[1] else 1
        else:
            side = sides.pop()
        led = ledger(state)
        winners = [s for s in past if teams[s] == side]
        if len(winners) == 2:
            half = led.pot // 2
            for s in range(4):
                if teams[s] != side:
                    led.pay(state, s, NOBODY, half)   # the losers double the pot
        led.pay_out(state, winners)
        led.winners = winners

    @staticmethod
    def hand_worth(state, seat):
        """Tokens won, and the hand's points against the others' (the way to the pot)."""
        won = ledger(state).won()
        points = state.result.points
        others = [p for s, p in enumerate(points) if state.teams[s] != state.teams[seat]]
        return won[seat] + (points[seat] - sum(others) / len(others)) / 20.0
