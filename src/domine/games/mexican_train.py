"""Mexican Train: double-twelve, a personal train per player and one public Mexican train
running out from the round's engine double; 13 rounds, engines 12-12 down to 0-0, the
pips left in hand are penalty points and the lowest total wins.

Which trains a seat may use, the markers and the block test are the trains' rules
(``domine.parts.trains``), declared here with the house rules the options choose; the
engine plays them (its ``trains`` fast path is those rules compiled, held to them by tests).
"""

from __future__ import annotations

import random
from itertools import starmap

from .base import Game, GameError, Option
from ..engine.hand import Deal, LeadChoice
from ..parts.leads import LeadRule, holder
from ..parts.match_ends import AfterHands
from ..parts.scoring import PENALTY, own_pips
from ..parts.trains import (  # noqa: F401  (MARKER, TrainsBlocked: read from here too)
    BLOCKED_TRAINS, MARKER, MexicanTrains, TrainRules, TrainsBlocked, put_out_marker,
)
from ..parts.turns import AT_WILL, ONE_TILE, Turn
from ..engine.tiles import BIT, double, set_size

ROUNDS = 13


def engine_pip(round_number: int) -> int:
    """Rules 2 and 15: round r has engine e-e, e = 12 - ((r - 1) mod 13)."""
    return 12 - (round_number - 1) % ROUNDS


def first_seat(round_number: int, players: int) -> int:
    return (round_number - 1) % players


class EngineLead(LeadRule):
    """Rules 2-3: the round's engine is taken out before the deal and laid by nobody (a
    forced ``turn up``); seat (r - 1) mod N plays first. ``from_hands`` (16f): the holder
    lays it and plays first; if nobody was dealt it, the seats draw one tile each in turn
    from seat (r - 1) mod N until it turns up, and its drawer lays it and plays first."""

    turn_up_shows = 0      # the engine is turned up whatever was dealt
    lead_draw_shows = 0    # a seat drawing for the engine shows only that it lacks it

    def __init__(self, from_hands: bool = False):
        self.from_hands = from_hands

    def choose(self, state):
        r = state.context.hand_number
        engine = double(engine_pip(r))
        first = first_seat(r, state.n)
        if not self.from_hands:
            stock, pos = state.stock, state.stock_pos
            # a deal's stock starts with the engine (deal_for); anywhere else, it was dealt
            if not (pos < len(stock) and stock[pos] == engine) and (state.in_hands & BIT[engine] or engine in stock):
                raise ValueError("the engine is taken out before the deal: it is dealt to nobody")
            return LeadChoice(first, turn_up=engine)
        seat = holder(state.hands, engine)
        if seat >= 0:
            return LeadChoice(seat, BIT[engine])
        if engine in state.stock[state.stock_pos:]:
            return LeadChoice(first, BIT[engine], draw="in turn")
        raise ValueError("the engine is neither dealt nor in the boneyard")


OPTIONS = (
    Option("starter_run", bool, False, "first turn of a round: after a tile on your own train, go on "
           "laying tiles on it, one at a time, and stop after any non-double"),
    Option("satisfy_immediately", bool, False, "the tile after a double must go on that double (so one "
           "double a turn)"),
    Option("one_double_per_turn", bool, False, "the tile after a double may not be a double"),
    Option("draw_until_playable", bool, False, "draw until a tile can be placed (or the boneyard is "
           "empty) instead of one tile"),
    Option("double_blank_50", bool, False, "0-0 left in hand counts 50"),
    Option("engine_from_hands", bool, False, "the engine is dealt like any tile; its holder lays it "
           "(nobody: draw for it in turn) and plays first"),
    Option("free_first_turn", bool, False, "no first-turn restriction: the first turn is like any other"),
)


class MexicanTrain(Game):
    id = "mexican-train"
    name = "Mexican Train"
    aliases = ("Mexican Train", "Mexican Train Dominoes", "Trains", "Domino Trains", "Private Trains")
    family = "trains"
    summary = ("Double-twelve, 2-8 players: personal trains and a public Mexican train from the round's "
               "engine; doubles owe a follow-up; 13 rounds, lowest total wins.")
    min_players, max_players = 2, 8
    max_pip = 12
    hand_sizes = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}    # rule 3, decision 2
    layout_kind = "trains"
    places_depend_on_seat = True
    turn = Turn(again_after_double=True, draw_limit=1)               # rules 8-10
    hand_end = BLOCKED_TRAINS                                        # rules 11-12
    first_lead = EngineLead()
    points = PENALTY
    match_end = AfterHands(ROUNDS, high=False, tie_plays_on=True)   # rule 15
    target = ROUNDS
    options = OPTIONS

    def configure(self, options):
        self.engine_from_hands = options["engine_from_hands"]
        self.lead_turned_up = not self.engine_from_hands              # rules 2-3: nobody lays the engine
        if options["double_blank_50"]:
            self.double_blank_value = 50                              # 16e
        if self.engine_from_hands:
            self.first_lead = EngineLead(from_hands=True)             # 16f
        self.train_rules = TrainRules(options["starter_run"], options["satisfy_immediately"],   # 16a-c, 16g
                                      options["one_double_per_turn"], options["free_first_turn"])
        # the set less each engine, in id order: what the deal shuffles (rule 3)
        self._without = {double(e): [t for t in range(set_size(12)) if t != double(e)] for e in range(13)}
        self.turn = Turn(continues=AT_WILL if options["starter_run"] else ONE_TILE, again_after_double=True,
                         draw_limit=None if options["draw_until_playable"] else 1)   # 16a, 16d

    # -- the deal -------------------------------------------------------------------------
    def deal(self, rng: random.Random) -> Deal:
        return self.deal_for(rng, None)

    def deal_for(self, rng, context):
        """Rule 3: the engine out first, the other 90 dealt canonically; 16f: all 91."""
        keys = list(starmap(rng.random, self._no_args))
        if self.engine_from_hands:
            tiles = sorted(self._set_range, key=keys.__getitem__)
        else:
            engine = double(engine_pip(context.hand_number if context is not None else 1))
            tiles = sorted(self._without[engine], key=keys.__getitem__)
        k = self._deal_k
        hands = [tiles[i:i + k] for i in self._hand_starts]
        if self.engine_from_hands:
            return Deal(hands, tiles[k * self.players:], [])
        # a deal lists every tile: the engine, taken out first, heads the stock and is turned
        # up from it before play (EngineLead), so the boneyard proper is the rest
        return Deal(hands, [engine] + tiles[k * self.players:], [])

    def new_layout(self):
        return MexicanTrains(self.set_fits, self.set_mask, False, self.players)

    # -- which trains a seat may use (rules 6, 8, 10, 16a-c, 16g) -----------------------------
    def restrict_places(self, layout, seat, history, index):
        self.train_rules.restrict_places(layout, seat, history, index)

    def set_position(self, state, table):
        """A position's ``table``: ``markers`` (seats whose marker is out) and ``played`` (seats
        past their first turn of the round)."""
        unknown = set(table) - {"markers", "played"}
        if unknown:
            raise GameError(f"{self.id} positions know markers and played, not {', '.join(sorted(unknown))}")
        lay = state.layout
        lay.started = True
        for s in table.get("markers", ()):
            lay.set_marker(s, True)
        for s in table.get("played", ()):
            lay.done |= 1 << s
        state.restrict_places(state.to_act)

    on_turn_end = staticmethod(put_out_marker)   # rule 5: a turn without its owed placement puts out a marker

    def score_hand(self, state, reason, out_seat):
        lay = state.layout
        if lay.cursor < len(state.history):   # the layout as the last events leave it (markers)
            lay.fold(state.history, lay.cursor, len(state.history))
        return own_pips(state, reason, out_seat)                      # rules 13-14

