"""Colonel's Cross (Pukovnički Krst): Russian dominoes (sum to seven, tactical drawing, a reserve
of 2) on a T-shaped cross of three arms around 0-0.

0-0 is always the centre: its holder lays it, or, when nobody was dealt it, it is taken out of
the stock (wherever it lies) and laid, and a designated starter plays first (by lot in the first
hand, the previous hand's loser later); option ``preplaced-blank`` lays it before every deal. The
three sides of 0-0 take only 6-1, 5-2 and 4-3, either way round, before anything else; a side
whose matador is stuck in the reserve is closed with a reserve tile face down once every seat
has passed in turn (an event of nobody, with its reason). Afterwards no matador is left, an arm
ending in 0 is dead, and the hand ends as soon as every arm is dead.

The layout is the Russian crosses' ``PhasedCross`` with three sides that take only the 7-pip
matadors (``layout_params``); General's Cross adds a slot beyond each matador for its one
double, open at once, its arm growing once every side is settled. The closing of a stuck
side is ``parts.hand_ends.ClosesAfterPasses``, as in russian-cross.
"""

from __future__ import annotations

import random

from .base import TARGET, Option
from ..engine.hand import Deal, LeadChoice
from ..engine.matching import Matching
from ..parts.hand_ends import ClosesAfterPasses
from ..parts.leads import LeadRule, holder
from ..engine.tiles import BIT, HIGH, LOW, tile_id
from .matador_cross import STUCK_MATADOR, MatadorCross

BLANK = tile_id(0, 0)
SIDE_TILES = BIT[tile_id(1, 6)] | BIT[tile_id(2, 5)] | BIT[tile_id(3, 4)]   # the 7-pip matadors
MATADORS = SIDE_TILES | BIT[BLANK]


class CentreMatching(Matching):
    """Sum to seven, except that the 7-pip matadors touch only the blank of 0-0, either way round:
    they are laid on its sides and nowhere else (after the opening none is left to play), so
    nothing is wild and a bot has no reason to keep one back."""

    name = "sum-to-seven"

    def open_values(self, t: int, v: int) -> tuple[int, ...]:
        a, b = LOW[t], HIGH[t]
        if BIT[t] & SIDE_TILES:
            return (b, a) if v == 0 else ()
        if a + v == 7:
            return (b,)
        if b + v == 7:
            return (a,)
        return ()


CENTRE_MATCHING = CentreMatching()


class CentreBlank(LeadRule):
    """0-0 is the centre: its holder lays it; otherwise it is taken from wherever it lies in the
    stock (the reserve too: the stock is one tile smaller, its last 2 still the reserve) and laid,
    an event of nobody, and the designated starter plays first: a seat drawn by lot in the first
    hand (``HandContext.lot``), the previous hand's loser later. A world a bot imagines
    (``domine.bots.knowledge``) keeps the laid 0-0 aside; it is taken from there."""

    draws_lot = True
    turn_up_shows = BIT[BLANK]   # nobody was dealt it

    def choose(self, state):
        seat = holder(state.hands, BLANK)
        if seat >= 0:
            if getattr(state.game, "preplaced", False):
                raise ValueError("with preplaced-blank 0-0 is never dealt")
            return LeadChoice(seat, BIT[BLANK])
        if BLANK not in state.stock and BLANK not in state.deal.aside:   # a world a bot imagines keeps it aside
            raise ValueError("0-0 is nowhere in the deal")
        return LeadChoice(designated_starter(state.context, state.n), turn_up=BLANK)


def designated_starter(context, n: int) -> int:
    """Who plays first when nobody lays 0-0: the previous loser, or in a first hand the lot."""
    if context.previous is not None:
        return context.previous.ranking[-1]
    return context.lot % n if context.lot is not None else 0


class ColonelsCross(MatadorCross):
    id = "colonels-cross"
    name = "Colonel's Cross"
    aliases = ('Pukovnički Krst', "Colonel's Cross")
    summary = "Russian dominoes on a T of three arms around 0-0, opened by 6-1, 5-2 and 4-3; lowest at 100 wins."
    # rules 1-3, 8, 11, 12 as matador-cross: the deal, the reserve, tactical drawing, scoring, the target
    matching = CENTRE_MATCHING               # rules 3, 5 and 6
    layout_kind = "phased cross"             # rules 5-6: three sides for the 7-pip matadors, then arms
    layout_params = {"sides": 3, "side_tiles": SIDE_TILES, "arm_tiles": ~MATADORS}
    hand_end = ClosesAfterPasses("sides", face_down=True, reason=STUCK_MATADOR)   # rules 7, 9
    first_lead = CentreBlank()               # rule 4 (and rule 10 for the later hands' starter)
    later_lead = None
    options = (
        TARGET,
        Option("preplaced_blank", bool, False, "0-0 is laid in the centre before every deal, the other 27 "
               "tiles are dealt, and the designated starter plays first"),
    )

    def configure(self, options):
        super().configure(options)
        self.preplaced = bool(options.get("preplaced_blank"))
        self.lead_turned_up = self.preplaced   # 0-0 is never dealt: the rules lay it

    def deal(self, rng: random.Random) -> Deal:
        """With ``preplaced-blank`` 0-0 is kept out (for the centre) and the other 27 are dealt; it
        heads the stock, as the deal's record of where it was, and the lead takes it from there."""
        if not self.preplaced:
            return super().deal(rng)
        rest = [t for t in self._set_range if t != BLANK]
        keys = [rng.random() for _ in rest]
        order = sorted(range(len(rest)), key=keys.__getitem__)
        tiles = [rest[i] for i in order]
        k = self._deal_k
        hands = [tiles[i:i + k] for i in self._hand_starts]
        return Deal(hands, [BLANK] + tiles[k * self.players:], [])
