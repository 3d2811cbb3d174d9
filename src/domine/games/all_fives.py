"""All Fives (Muggins): a spinner game scored during play by counts that are multiples of 5;
first to 150, even in the middle of a hand."""

from __future__ import annotations

from .base import PARTNERS, SET, TARGET, Game, Option, apply_partners
from ..engine.hand import LeadChoice
from ..parts.leads import FixedSeat, LeadRule, NextStarter
from ..parts.match_ends import FirstTo
from ..parts.scoring import score_on_play, seats_of, winner_takes_others
from ..engine.tiles import PIPS


def count(layout) -> int:
    """The count (all-fives 8): what the open ends add up to.

    Before the spinner the two line ends. With a spinner s-s: 2s while one of its sides is
    still empty, plus, for every arm holding a tile, its outer tile (a double d-d counts 2d,
    another tile its open number); the spinner's empty ends count nothing.
    """
    values = layout.values
    sp = layout.spinner
    if sp < 0:
        return values[0] + values[1]
    lengths, doubles = layout.lengths, layout.doubles
    total = 0
    side_empty = False
    e = layout.spinner_end
    if e < 0:   # the spinner was led: L and R are its sides, empty while they hold no tile
        for i in (0, 1):
            if lengths[i]:
                total += values[i] << doubles[i]
            else:
                side_empty = True
    else:       # laid on line end e: the rest of the line is the arm on the other side
        o = 1 - e
        total += values[o] << doubles[o]
        if lengths[e] > layout.spinner_depth:
            total += values[e] << doubles[e]
        else:
            side_empty = True
    for i in range(2, len(values)):
        if lengths[i]:
            total += values[i] << doubles[i]
    if side_empty:
        total += PIPS[sp]
    return total


def round5(x: int) -> int:
    """To the nearest multiple of 5, remainders 1 and 2 down, 3 and 4 up (all-fives 11)."""
    return (x + 2) // 5 * 5


class WentOut(LeadRule):
    """The player who went out in the previous hand leads any tile; after a hand nobody went
    out (blocked), ``otherwise`` decides."""

    def __init__(self, otherwise: LeadRule):
        self.otherwise = otherwise

    def choose(self, state):
        seat = state.context.previous.out_seat
        if seat is None:
            return self.otherwise.choose(state)
        return LeadChoice(seat, state.game.set_mask)


class AllFives(Game):
    id = "all-fives"
    name = "All Fives"
    aliases = ("All Fives", "Muggins", "Fives", "Five Up", "Single Spinner", "All-Fives Dominoes")
    family = "scoring"
    summary = "The first double is a spinner; score the open ends' total when it is a multiple of 5; first to 150."
    min_players, max_players = 2, 4
    hand_sizes = {2: 9, 3: 7, 4: 5}
    reserve = 0                              # gap 2: the boneyard is drawn to the last tile
    layout_kind = "spinner"
    layout_params = {"flanks": "after sides"}   # rule 5c: ends open once both sides hold a tile
    first_lead = FixedSeat(0)                # rule 3, gap 3: the seating is the lot
    later_lead = WentOut(NextStarter())      # rule 3: who went out; after a block, the next seat
    target = 150
    target_grows_with = "pips"   # points on play from the ends' pips (base.target_on_set)
    options = (
        SET,
        PARTNERS,
        Option("short_hands", bool, False, "deal 7 each to 2 players, 5 each to 3 or 4"),
        TARGET,
    )

    def configure(self, options):
        super().configure(options)
        apply_partners(self, options)
        if options["short_hands"]:
            self.hand_sizes = self.deal_table({2: 7, 3: 5, 4: 5})
        self.match_end = FirstTo(self.target, mid_hand=True)   # rule 13: even in mid-hand

    def points_on_play(self, layout, end, tile):
        c = count(layout)
        return c if c % 5 == 0 else 0

    def on_place(self, state, seat, move):
        c = count(state.layout)   # points_on_play, without the calls: it runs after every tile
        if c % 5 == 0:
            score_on_play(state, seat, c)

    def status(self, obs):
        """The count of the ends now (rule 8): a multiple of 5 scores when a tile makes it."""
        layout = obs.layout
        ahead = [("count", count(layout))] if layout is not None and layout.lead >= 0 else []
        return ahead + super().status(obs)

    def score_hand(self, state, reason, out_seat):
        result = winner_takes_others(state, reason, out_seat)
        played = state.hand_points
        if reason == "target":
            seat = state.last_placer   # his count reached the target: he first, then his partner
            result.winners = [seat] + [s for s in seats_of(state, state.teams[seat]) if s != seat]
            return result
        before = state.context.scores or [0] * state.n_teams
        if out_seat is not None and before[state.teams[out_seat]] + played[state.teams[out_seat]] >= self.target:
            # the last tile's count already won the match: play stops there (rule 13)
            result.points = played[:]
            return result
        result.points = [p + round5(q - p) for p, q in zip(played, result.points)]
        if out_seat is not None:   # the player who went out first, then his partner
            result.winners = [out_seat] + [s for s in result.winners if s != out_seat]
        return result
