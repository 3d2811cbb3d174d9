"""Italian Dominoes (Italijanski Domino): points are bad; past 71 a player buys back in for a
token, at the highest total still in, or drops out; the last player standing takes the pot."""

from __future__ import annotations

from itertools import starmap

from .base import SET, GameError, Option
from ..engine.hand import Deal
from ..engine.serial import register
from ..engine.moves import IllegalMove
from ..engine.reasons import because
from ..parts.hand_ends import HandEnd
from ..parts.leads import HeaviestDouble
from ..parts.scoring import PENALTY, values_and_tiles
from ..engine.results import HandResult, standard_ranking
from .base import StakesGame
from ..parts.stakes import BUY_BACK_MOVE, DROP_OUT_MOVE, NOBODY, ledger
from .rotating_partners import PotDecides

LIMIT = 71
HAND = 6


class SeatsSitOut(HandEnd):
    """Blocked as in general 23(c); the turns go round by ``next_turn``, which passes over
    the seats that dropped out."""

    inline = False


class LastStanding(PotDecides):
    target = LIMIT

    def describe(self):
        return f"past {LIMIT} buy back in or drop out; the last player standing takes the pot"


class BuyBacks:
    """The decisions after a hand (rule 6): the highest total still in, and the seats past 71
    still to decide, in order."""

    __slots__ = ("level", "seats")

    def __init__(self):
        self.level = 0
        self.seats: list[int] = []

    def copy(self) -> "BuyBacks":
        other = BuyBacks()
        other.level, other.seats = self.level, self.seats[:]
        return other


register(BuyBacks)


class Italian(StakesGame):
    id = "italian"
    name = "Italian Dominoes"
    aliases = ('Italijanski Domino', 'Italian Dominoes')
    family = "stakes"
    summary = "3-4 players, 1 token each in the pot; past 71 buy back in or drop out; last one in takes the pot."
    min_players, max_players = 3, 4
    hand_sizes = {3: HAND, 4: HAND}
    first_lead = HeaviestDouble(redeal=True)
    hand_end = SeatsSitOut()
    points = PENALTY
    target = LIMIT
    match_end = LastStanding()
    arena_unit = "match"   # the pot is paid only when the match ends
    target_grows_with = None   # the limit of 71 is the specification's (rules page)
    options = (
        SET,
        Option("ante", int, 1, "tokens each player pays into the pot before the first hand"),
        Option("buy_back", int, 1, "tokens a buy-back costs"),
        Option("max_buy_backs", int, 0, "most buy-backs a player may make in a match (0: no limit)"),
    )

    def configure(self, options):
        super().configure(options)
        for name in ("ante", "buy_back"):
            if options[name] < 1:
                raise GameError(f"option {name} must be at least 1")
        if options["max_buy_backs"] < 0:
            raise GameError("option max_buy_backs must be 0 (no limit) or more")

    # -- the deal: six tiles to each seat still in ----------------------------------------
    def new_rules_state(self, state):
        rules = super().new_rules_state(state)
        rules["buy-back"] = BuyBacks()
        return rules

    def dealt_sizes(self, context):
        absent = context.absent if context is not None else 0
        return [0 if absent >> s & 1 else self.deal_size(self.players) for s in range(self.players)]

    def deal_for(self, rng, context):
        if context is None or not context.absent:
            return self.deal(rng)
        keys = list(starmap(rng.random, self._no_args))
        tiles = sorted(self._set_range, key=keys.__getitem__)
        hands, k = [], 0
        for size in self.dealt_sizes(context):
            hands.append(tiles[k:k + size])
            k += size
        return Deal(hands, tiles[k:], [])

    def setup_hand(self, state):
        if state.context.hand_number == 1:
            ledger(state).ante(state, self.option_values["ante"])
        super().setup_hand(state)

    # -- scoring, the 71 limit and the decisions after it --------------------------------
    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        led = ledger(state)
        active = led.active(state.n)
        ranking = [s for s in standard_ranking(values, tiles, state.last_placer) if s in active]
        ranking += [s for s in range(state.n) if s not in active]
        points = [values[s] if s in active else 0 for s in range(state.n)]
        result = HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)
        totals = self._totals(state, points)
        bust = [s for s in active if totals[s] > LIMIT]
        if bust and not any(totals[s] <= LIMIT for s in active):
            # everyone bust at once: the lowest total takes the pot (shared, the odd token to
            # the best of them in this hand's ranking)
            low = min(totals[s] for s in active)
            led.pay_out(state, [s for s in active if totals[s] == low], ranking)
            led.winners = [s for s in active if totals[s] == low]
        return result

    @staticmethod
    def _totals(state, points):
        before = state.context.scores or [0] * state.n
        return [before[s] + points[s] for s in range(state.n)]

    def after_play(self, state):
        """Past 71 with others still under it: each bust seat in turn decides to buy back in
        at the highest total still in, or to drop out (rule 6)."""
        led = ledger(state)
        active = led.active(state.n)
        totals = self._totals(state, state.result.points)
        bust = [s for s in active if totals[s] > LIMIT]
        alive = [s for s in active if totals[s] <= LIMIT]
        if not bust or not alive:
            return None
        deciding = state.rules["buy-back"]
        deciding.level = max(totals[s] for s in alive)   # the level to buy back at
        deciding.seats = bust                              # the seats to decide, in order
        return bust[0]

    def decisions(self, state):
        seat = state.to_act
        cap = self.option_values["max_buy_backs"]
        if cap and self.buy_backs(state, seat) >= cap:
            return [DROP_OUT_MOVE]
        return [BUY_BACK_MOVE, DROP_OUT_MOVE]

    def buy_backs(self, state, seat: int) -> int:
        """Buy-backs ``seat`` has made: all it paid beyond its ante (it receives nothing
        before the match ends)."""
        paid = -ledger(state).balances[seat] - self.option_values["ante"]
        return paid // self.option_values["buy_back"]

    def apply_move(self, state, move):
        deciding = state.rules["buy-back"]
        if not deciding.seats or move not in (BUY_BACK_MOVE, DROP_OUT_MOVE):
            raise IllegalMove("not-a-seat-move", move=repr(move))
        seat = state.to_act
        led = ledger(state)
        level = deciding.level
        state.emit(seat, move)
        if move == BUY_BACK_MOVE:
            led.pay(state, seat, NOBODY, self.option_values["buy_back"])
            before = (state.context.scores or [0] * state.n)[seat]
            state.score(seat, level - before - state.result.points[seat])   # his total becomes the level
        else:
            led.absent |= 1 << seat
        del deciding.seats[0]
        if deciding.seats:
            state.give_turn(deciding.seats[0])
            return
        active = led.active(state.n)
        if len(active) == 1:
            led.pay_out(state, active)
            led.winners = active
        state.end_decisions()

    def why_not(self, state, move, label):
        if not state.rules["buy-back"].seats:
            return because("not-past-limit", move=label, limit=LIMIT)
        if move == BUY_BACK_MOVE:
            return because("buy-back-limit", move=label, times=self.option_values["max_buy_backs"])
        return None

    @staticmethod
    def hand_worth(state, seat):
        """Tokens won, and the share of the pot the seat's room under 71 promises."""
        led = ledger(state)
        won = led.won()[seat]
        if led.winners or led.absent >> seat & 1:
            return won
        before = state.context.scores or [0] * state.n
        room = {s: max(1, LIMIT + 1 - before[s] - state.result.points[s]) for s in led.active(state.n)}
        return won + led.pot * room[seat] / sum(room.values())
