"""Slosh (Sloš): an arm of the engine double per player; a blocked arm may be played on
("sloshed") by the next player before he plays on his own."""

from __future__ import annotations

from .base import Game
from ..engine.layout import LEAD_END
from ..engine.moves import DRAW, PASS
from ..engine.phases import TURN
from ..parts.hand_ends import TurnsWithoutTile
from ..engine.hand import LeadChoice
from ..parts.leads import LeadRule, dealt_mask, holder
from ..parts.match_ends import AfterHands
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import WHILE_PLACES, Turn
from ..engine.tiles import BIT, double
from ..engine.moves import end_of

#: slosh 3: the engine of hand k is ENGINES[(k - 1) % 7]
ENGINES = tuple(double(v) for v in (4, 5, 6, 0, 1, 2, 3))


class EngineByHand(LeadRule):
    """The double of the cycle for this hand's number leads, placed by its holder; set aside,
    a redeal (slosh 3-5)."""

    def __init__(self, cycle: tuple[int, ...]):
        self.cycle = cycle

    def engine(self, context) -> int:
        return self.cycle[(context.hand_number - 1) % len(self.cycle)]

    def choose(self, state):
        t = self.engine(state.context)
        seat = holder(state.hands, t)
        if seat < 0:
            raise ValueError("the engine was not dealt")
        return LeadChoice(seat, BIT[t])

    def needs_redeal(self, hands, context):
        return not dealt_mask(hands) & BIT[self.engine(context)]


def _own_arm(layout) -> int:
    """The seat whose places ``layout`` offers now (``Slosh.restrict_places`` set them): his
    own arm alone, or his own arm and his predecessor's, which comes just before it."""
    u = layout.usable
    if not u & (u - 1):
        return u.bit_length() - 1
    n = layout.seats
    for i in range(n):
        if u >> i & 1 and u >> (i - 1) % n & 1:
            return i
    return -1


class Slosh(Game):
    id = "slosh"
    name = "Slosh"
    aliases = ("Sloš", "Slosh")
    family = "block"
    summary = ("4 players, an arm each on the engine double; play on a blocked neighbour's arm "
               "before your own; own pips are penalties; 7 hands, lowest total wins.")
    min_players = max_players = 4
    hand_sizes = {4: 6}
    leftover = "aside"                       # slosh 4: 4 tiles set aside, never drawn
    layout_kind = "seat arms"                # slosh 6: arm i is seat i's
    turn = Turn(continues=WHILE_PLACES)      # slosh 7: a slosh, then the own arm (or a pass)
    hand_end = TurnsWithoutTile(5)           # slosh 10: five turns in a row without a tile
    first_lead = EngineByHand(ENGINES)       # slosh 3-5 (every hand: by its number)
    points = PENALTY
    match_end = AfterHands(7, high=False)    # slosh 12, gap 2: a tie for lowest plays on
    places_depend_on_seat = True
    optional_places = True                   # slosh 7(a): a pass may decline a slosh

    def restrict_places(self, layout, seat, history, index):
        # slosh 7-8, read off the last event alone: a turn is the engine, or an own-arm tile,
        # or a pass, or a slosh followed by one of the last two. So a seat that has just
        # sloshed has his own arm left, and one whose turn is over has nothing; at a turn's
        # start he has his own arm, and his predecessor's if that turn ended in a pass (it
        # laid nothing on that seat's arm, and it was not the engine's placement).
        if layout.lead < 0:
            return
        if not index:   # a position set up without its history: nobody is open to a slosh
            ends = 1 << seat
        else:
            s, move = history[index - 1]
            if s == seat:
                end = end_of(move)
                ends = 1 << seat if move < DRAW and end != seat and end != LEAD_END else 0
            elif move == PASS and s == (seat - 1) % layout.seats:
                ends = 1 << seat | 1 << s
            else:
                ends = 1 << seat
        if ends != layout.usable:   # Layout.use_only, inline: this runs at every step
            layout.usable = ends
            layout._refresh()

    def filter_moves(self, state, seat, moves):
        # slosh 7: sloshing is optional; with no tile for his own arm he may pass instead
        if state.phase is TURN and moves[-1] != PASS and \
                not state.hands[seat] & state.layout.accepts(seat):
            moves.append(PASS)
        return moves

    def ruled_out(self, event_kind, playable):
        return 0   # a pass says nothing of the arm he might have sloshed: see ruled_out_cases

    def ruled_out_cases(self, event_kind, layout, held):
        # a pass shows only that nothing of his fitted his own arm
        if event_kind != PASS:
            return ()
        arm = _own_arm(layout)
        return (layout.accepts(arm) & self.set_mask,) if arm >= 0 else ()

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)   # slosh 11: own pips, 0-0 counts 0
