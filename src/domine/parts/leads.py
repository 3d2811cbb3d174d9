"""Who leads a hand and with what: rule objects a game names (``first_lead``, ``later_lead``).

``choose(state)`` decides, from the deal and the hand's context, who leads and what he may
lead, or that he draws for it, or that a tile is turned up as the lead: a ``LeadChoice``,
which the engine carries out (``HandState.begin_lead``). ``needs_redeal`` answers general
rule 18 for a rule that cannot be met by the deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..engine.hand import LeadChoice
from ..engine.tiles import BIT, DOUBLES_MASK, lightness_key, tiles_of, weight_key

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandContext, HandState


def dealt_mask(hands: list[int]) -> int:
    dealt = 0
    for h in hands:
        dealt |= h
    return dealt


def holder(hands: list[int], tile: int) -> int:
    b = BIT[tile]
    for s, h in enumerate(hands):
        if h & b:
            return s
    return -1


def heaviest_tile(mask: int) -> int:
    return max(tiles_of(mask), key=weight_key)


class LeadRule:
    #: what the events of the lead show a bot (``domine.bots.knowledge``): tiles nobody was dealt
    #: when the lead is turned up, and tiles a seat drawing for the lead does not hold
    turn_up_shows = 0
    lead_draw_shows = DOUBLES_MASK

    def choose(self, state: "HandState") -> LeadChoice:
        raise NotImplementedError

    def needs_redeal(self, hands: list[int], context: "HandContext") -> bool:
        return False

    def can_redeal(self) -> bool:
        """Whether ``needs_redeal`` may ever say yes (a match asks it only then)."""
        return type(self).needs_redeal is not LeadRule.needs_redeal


class HeaviestDouble(LeadRule):
    """The heaviest double dealt (general 2) leads; without one, the heaviest tile or a redeal.

    ``doubles``: the doubles that may lead (the Russian crosses: all but 0-0)."""

    def __init__(self, redeal: bool = False, doubles: int = DOUBLES_MASK):
        self.redeal = redeal
        self.doubles = doubles

    def choose(self, state):
        dealt = dealt_mask(state.hands)
        doubles = dealt & self.doubles
        if doubles:
            t = doubles.bit_length() - 1   # ids of doubles grow with their pips
        elif self.redeal:
            raise ValueError("no double dealt")
        else:
            t = heaviest_tile(dealt)
        b = BIT[t]
        for seat, hand in enumerate(state.hands):   # (holder, written out: it runs every deal)
            if hand & b:
                return LeadChoice(seat, b)
        return LeadChoice(-1, b)

    def needs_redeal(self, hands, context):
        return self.redeal and not dealt_mask(hands) & self.doubles

    def can_redeal(self):
        return self.redeal


class LowestDouble(LeadRule):
    """The lowest double dealt leads (0-0 first); without one, the lightest tile by ``key``."""

    def __init__(self, key: Callable[[int], Any] = weight_key):
        self.key = key

    def choose(self, state):
        dealt = dealt_mask(state.hands)
        doubles = dealt & DOUBLES_MASK
        t = (doubles & -doubles).bit_length() - 1 if doubles else min(tiles_of(dealt), key=self.key)
        return LeadChoice(holder(state.hands, t), BIT[t])


class LightestTile(LeadRule):
    """Blitz: the lightest tile dealt leads (0-0 first, a double first at equal weight)."""

    def choose(self, state):
        t = min(tiles_of(dealt_mask(state.hands)), key=lightness_key)
        return LeadChoice(holder(state.hands, t), BIT[t])


class GivenTile(LeadRule):
    """A named tile leads (6-6 in caribbean, 0-0 in grape); undealt, a redeal."""

    def __init__(self, tile: int):
        self.tile = tile

    def choose(self, state):
        seat = holder(state.hands, self.tile)
        if seat < 0:
            raise ValueError("the leading tile was not dealt")
        return LeadChoice(seat, BIT[self.tile])

    def needs_redeal(self, hands, context):
        return not dealt_mask(hands) & BIT[self.tile]


class Loser(LeadRule):
    """The weakest player of the previous hand (general 16) leads.

    ``tiles``: "any" tile, or "double": any double, and without one he draws for
    it, leading ``then`` = "first drawn" tile or drawing "until double". ``doubles``: the
    doubles that may lead (the Russian crosses: all but 0-0); drawing for the lead shows that
    the drawer holds none of them.
    """

    def __init__(self, tiles: str = "any", then: str = "", doubles: int = DOUBLES_MASK):
        self.tiles, self.then = tiles, then
        self.doubles = self.lead_draw_shows = doubles

    def choose(self, state):
        seat = state.context.previous.ranking[-1]
        if self.tiles == "any":
            return LeadChoice(seat, state.game.set_mask)
        draw = "" if state.hands[seat] & self.doubles else "first" if self.then == "first drawn" else "until double"
        return LeadChoice(seat, self.doubles, draw)


class PreviousWinner(LeadRule):
    """The previous hand's (first listed) winner leads any tile; after a hand nobody won, ``after_tie``."""

    def __init__(self, after_tie: LeadRule):
        self.after_tie = after_tie

    def choose(self, state):
        winners = state.context.previous.winners
        if not winners:
            return self.after_tie.choose(state)
        return LeadChoice(winners[0], state.game.set_mask)

    def needs_redeal(self, hands, context):
        if context.previous is not None and not context.previous.winners:
            return self.after_tie.needs_redeal(hands, context)
        return False

    def can_redeal(self):
        return self.after_tie.can_redeal()


class NextStarter(LeadRule):
    """The seat after the previous hand's leader leads any tile (family, jubilee).

    ``tiles="double"``: he leads any double; without one, the right passes on in turn
    order to the first seat holding one (homo-homini-lupus).
    """

    def __init__(self, tiles: str = "any"):
        self.tiles = tiles

    def choose(self, state):
        prev = state.context.previous_leader or 0
        seat = (prev + 1) % state.n
        if self.tiles == "any":
            return LeadChoice(seat, state.game.set_mask)
        for k in range(state.n):
            if state.hands[(seat + k) % state.n] & DOUBLES_MASK:
                seat = (seat + k) % state.n
                break
        return LeadChoice(seat, DOUBLES_MASK)


class ByLot(LeadRule):
    """A seat drawn by lot from the match's seeded generator leads any tile (jubilee)."""

    def choose(self, state):
        lot = state.context.lot
        return LeadChoice((lot if lot is not None else 0), state.game.set_mask)

    draws_lot = True


class FixedSeat(LeadRule):
    """A given seat leads any tile (OpenSpiel's block: seat 0)."""

    def __init__(self, seat: int = 0):
        self.seat = seat

    def choose(self, state):
        return LeadChoice(self.seat, state.game.set_mask)


class HeaviestDoubleElseTurnUp(LeadRule):
    """Troli: the heaviest double leads; with none dealt, the first set-aside tile is
    turned face up as the lead, nobody's, and seat (hand - 1) mod N plays first."""

    turn_up_shows = DOUBLES_MASK   # a tile is turned up only when nobody was dealt a double

    def choose(self, state):
        doubles = dealt_mask(state.hands) & DOUBLES_MASK
        if doubles:
            return HeaviestDouble().choose(state)
        return LeadChoice((state.context.hand_number - 1) % state.n, turn_up=state.deal.aside[0])
