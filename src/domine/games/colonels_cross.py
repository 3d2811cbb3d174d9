"""Colonel's Cross (Pukovnički Krst): Russian dominoes (sum to seven, tactical drawing, a reserve
of 2) on a T-shaped cross of three arms around 0-0.

0-0 is always the centre: its holder lays it, or, when nobody was dealt it, it is taken out of
the stock (wherever it lies) and laid, and a designated starter plays first (by lot in the first
hand, the previous hand's loser later); option ``preplaced-blank`` lays it before every deal. The
three sides of 0-0 take only 6-1, 5-2 and 4-3, either way round, before anything else; a side
whose matador is stuck in the reserve is closed with a reserve tile face down once every seat
has passed in turn (an event of nobody, with its reason). Afterwards no matador is left, an arm
ending in 0 is dead, and the hand ends as soon as every arm is dead.

The layout is ``BlankCross`` below: with ``slots`` it is General's Cross's figure (a slot beyond
each matador for one double, arms opening once every side is settled); ``generals_cross``
reuses everything here.
"""

from __future__ import annotations

import random

from ..game import TARGET, Game, Option
from ..hand import NOBODY, Deal
from ..layout import Cross
from ..matching import SEVEN, Matching
from ..moves import PASS, IllegalMove, close, register_close_reason
from ..parts.hand_ends import HandEnd
from ..parts.leads import LeadRule, holder
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn
from ..tiles import BIT, HIGH, LOW, double, tile_id

BLANK = tile_id(0, 0)
SIDE_TILES = BIT[tile_id(1, 6)] | BIT[tile_id(2, 5)] | BIT[tile_id(3, 4)]   # the 7-pip matadors
MATADORS = SIDE_TILES | BIT[BLANK]
#: what an arm end of each value takes in free play: the sum-to-seven tiles, never a matador
#: (each is on the table or out of reach by then), so an end of 0 takes nothing
ARM_FITS = [f & ~MATADORS for f in SEVEN.fits]
#: the double a slot beyond a matador showing m takes: (7 - m)-(7 - m)
SLOT_DOUBLE = [0] + [BIT[double(7 - m)] for m in range(1, 7)]


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

#: why the rules close a side of 0-0 (``domine.moves.close_reason``)
STUCK_MATADOR = register_close_reason(1, "its matador is stuck in the reserve")


class BlankCross(Cross):
    """0-0 in the centre with ``sides`` sides (3: a T) that take only the 7-pip matadors.

    An empty side takes 6-1, 5-2 or 4-3 (the empty sides are one place). Without ``slots``
    (Colonel's Cross) the matadors start the arms, which grow by the sum to seven once every
    side is *settled* (holds its matador or is closed). With ``slots`` (General's Cross) the
    place beyond a matador showing m takes only the double (7 - m)-(7 - m), at any time, and
    the arm grows from that double once every side is settled. Later doubles lie in line.
    """

    kind = "cross"
    __slots__ = ("slots", "_settled", "_dead")

    def __init__(self, fits, set_mask, ends_by_double: bool = False, sides: int = 3, slots: bool = False):
        super().__init__(fits, set_mask, ends_by_double, sides)
        self.slots = slots
        self._settled = self._dead = False   # kept by ``_refresh``, which runs after every change

    def settled(self) -> bool:
        """Every side holds its matador or is closed: the arms may grow."""
        return self._settled

    def empty_sides(self) -> list[int]:
        """Sides still waiting for a matador (not closed)."""
        return [i for i in range(self.sides) if not self.lengths[i] and not self.closed[i]]

    def waiting_slots(self) -> list[int]:
        """Arms whose matador waits for its double (General's Cross)."""
        if not self.slots:
            return []
        return [i for i in range(len(self.values)) if self.lengths[i] == 1 and not self.closed[i]]

    def _wants(self, i: int, settled: bool) -> int:
        """What end ``i`` (not closed) takes, phases included."""
        n = self.lengths[i]
        if n == 0:
            return SIDE_TILES
        if self.slots and n == 1:
            return SLOT_DOUBLE[self.values[i]]
        return ARM_FITS[self.values[i]] if settled else 0

    def accepts(self, i: int) -> int:
        if self.closed[i]:
            return 0
        return self._wants(i, self._settled)

    def _refresh(self) -> None:
        """The places (``_wants`` for every end, the empty sides merged into one), whether the
        sides are settled, and whether every place is dead (``is_dead``), in one pass."""
        if self.lead < 0:
            self.targets, self.playable = [], 0
            self._settled = self._dead = False
            return
        values, lengths, closed, usable, set_mask = self.values, self.lengths, self.closed, self.usable, \
            self.set_mask
        settled = True
        for i in range(self.sides):
            if not lengths[i] and not closed[i]:
                settled = False
                break
        free = set_mask & ~self.mask & ~self.face_down
        dead = settled   # a side waiting for its matador is never dead
        slots = self.slots
        targets: list[tuple[int, int, int]] = []
        playable = 0
        side = False
        for i in range(len(values)):
            if closed[i]:
                continue
            n, v = lengths[i], values[i]
            if n == 0:
                if side or not usable >> i & 1:
                    continue
                side = True   # the empty sides are one place
                m = SIDE_TILES
            elif slots and n == 1:
                m = SLOT_DOUBLE[v]
                if m & free:
                    dead = False
                if not usable >> i & 1:
                    continue
            else:
                if not settled:
                    continue
                m = ARM_FITS[v]
                if m & free:
                    dead = False
                if not usable >> i & 1:
                    continue
            m &= set_mask
            if m:
                targets.append((i, v, m))
                playable |= m
        self.targets = targets
        self.playable = playable
        self._settled = settled
        self._dead = dead

    def in_opening(self) -> bool:
        return not self.settled() or bool(self.waiting_slots())

    def opening_rule(self) -> str:
        if self.slots:
            return "only a matador on an empty side of 0-0, the double a matador's slot wants (7 minus " \
                "its number), or a tile on an arm that is open (every side settled, its double down) may be played"
        return "until every side of 0-0 holds its matador (or is closed), only 6-1, 5-2 or 4-3 on an " \
            "empty side may be played"

    def reachable(self) -> int:
        """What the ends could take whatever the phase (an arm: its sum-to-seven tiles)."""
        m = 0
        for i in range(len(self.values)):
            if not self.closed[i]:
                m |= self._wants(i, True)
        return m & self.set_mask

    def _dead_place(self, i: int, free: int) -> bool:
        n = self.lengths[i]
        if n == 0:
            return False   # a side waiting for a matador: the matadors are all still to come
        if self.slots and n == 1:
            return not SLOT_DOUBLE[self.values[i]] & free
        return not ARM_FITS[self.values[i]] & free

    def has_dead_end(self) -> bool:
        free = self.set_mask & ~self.mask & ~self.face_down
        return any(self._dead_place(i, free) for i in range(len(self.values)) if not self.closed[i])

    def is_dead(self) -> bool:
        """Every place is dead: no tile off the table (face-down closers count as on it,
        general 23d) could ever go there; an arm ending in 0 and a closed side are dead, a side
        waiting for its matador never is (kept by ``_refresh``)."""
        return self._dead


class CentreBlank(LeadRule):
    """0-0 is the centre: its holder lays it; otherwise it is taken from wherever it lies in the
    stock (the reserve too: the stock is one tile smaller, its last 2 still the reserve) and laid,
    an event of nobody, and the designated starter plays first: a seat drawn by lot in the first
    hand (``HandContext.lot``), the previous hand's loser later. A world a bot imagines
    (``domine.knowledge``) keeps the laid 0-0 aside; it is taken from there."""

    draws_lot = True
    turn_up_shows = BIT[BLANK]   # nobody was dealt it

    def choose(self, state):
        seat = holder(state.hands, BLANK)
        if seat >= 0:
            if getattr(state.game, "preplaced", False):
                raise ValueError("with preplaced-blank 0-0 is never dealt")
            state.to_act, state.lead_mask = seat, BIT[BLANK]
            return
        if BLANK in state.stock:
            stock = state.stock = [t for t in state.stock if t != BLANK]   # the deal stays as dealt
            state.reserve = min(state.game.reserve, len(stock))
            state.drawable = len(stock) - state.reserve
        elif BLANK not in state.deal.aside:   # a world a bot imagines keeps it aside
            raise ValueError("0-0 is nowhere in the deal")
        state.turn_up_lead(BLANK, designated_starter(state.context, state.n))


def designated_starter(context, n: int) -> int:
    """Who plays first when nobody lays 0-0: the previous loser, or in a first hand the lot."""
    if context.previous is not None:
        return context.previous.ranking[-1]
    return context.lot % n if context.lot is not None else 0


class OpeningBlocked(HandEnd):
    """Blocked (nothing drawable, nobody can place), except while a side of 0-0 still waits for
    its matador: then the passes go round and the sides are closed; and the dead layout."""

    inline = False
    ends_when_dead = True

    def blocked(self, state):
        lay = state.layout
        return state.drawable <= 0 and not state.in_hands & lay.playable and lay.settled()

    def after_turn(self, state):
        return "dead" if state.layout.is_dead() else None


class ColonelsCross(Game):
    id = "colonels-cross"
    name = "Colonel's Cross"
    aliases = ('Pukovnički Krst', "Colonel's Cross")
    family = "russian"
    summary = "Russian dominoes on a T of three arms around 0-0, opened by 6-1, 5-2 and 4-3; lowest at 100 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8                      # rule 2: 8 minus the players
    reserve = 2                              # rule 2
    matching = CENTRE_MATCHING               # rules 3, 5 and 6
    layout_kind = "cross"                    # rules 5-6 (``BlankCross``, made by ``new_layout``)
    doubles_in_line = True                   # rule 3
    turn = Turn(draw_at_will=True, drawn_tile_must_be_played=False)   # rule 8
    hand_end = OpeningBlocked()              # rules 7, 9
    first_lead = CentreBlank()               # rule 4 (and rule 10 for the later hands' starter)
    points = PENALTY                         # rule 11
    target = 100                             # rule 12
    options = (
        TARGET,
        Option("preplaced_blank", bool, False, "0-0 is laid in the centre before every deal, the other 27 "
               "tiles are dealt, and the designated starter plays first"),
    )
    slots = False                            # General's Cross: a double slot beyond each matador

    def configure(self, options):
        super().configure(options)
        self.preplaced = bool(options.get("preplaced_blank"))

    def new_layout(self):
        layout = BlankCross(self.set_fits, self.set_mask, self.ends_by_double, sides=3, slots=self.slots)
        layout.doubles_in_line = True
        return layout

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

    def on_turn_start(self, state, seat):
        """Rule 7: once every seat has passed in turn with nothing drawable while a side of 0-0
        still waits for its matador, each such side is closed with a reserve tile face down (an
        event of nobody, saying why); the seat after the last passer plays on."""
        if state.drawable > 0 or state.over:
            return
        lay = state.layout
        if lay.lead < 0 or lay.settled():
            return
        history = state.history
        n = state.n
        if len(history) < n:
            return
        for i in range(1, n + 1):
            if history[-i][1] != PASS:
                return
        for end in lay.empty_sides():
            if state.stock_pos >= len(state.stock):
                raise IllegalMove(f"side {lay.end_names()[end]} cannot be closed: the reserve is empty")
            state.close_end(close(end, state.stock[state.stock_pos], STUCK_MATADOR), seat=NOBODY)
            if state.over:
                return

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)   # rule 11
