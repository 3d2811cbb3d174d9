"""Auction Dominoes (Aukcijski Domino): Običan Domino for small stakes. A pot per hand from
antes and bought tiles; the last two stock tiles are sold by auction; the hand's winner
takes the pot."""

from __future__ import annotations

from .base import SET, GameError, Option
from ..engine.moves import DECIDE, SOLD, TOKENS, IllegalMove, is_place
from ..engine.phases import TURN, Phase
from ..engine.reasons import because
from ..engine.serial import register
from ..parts.conventions import LastTileAnnouncement, OutOfTurnDoubles
from ..parts.hand_ends import HandEnd
from ..parts.leads import HeaviestDouble, Loser
from ..parts.match_ends import MatchEnd
from ..parts.scoring import TOKENS_WON, values_and_tiles
from ..engine.results import HandResult, MatchResult, standard_ranking
from .base import StakesGame
from ..parts.stakes import BID, NO_BID, NO_BID_MOVE, NOBODY, amount_of, bid, is_decision, ledger, what_of
from ..engine.moves import kind
from ..engine.tiles import set_size

ANTE = 3
class Bidding(Phase):
    """An auction in progress (rule 5b): the seat whose chance it is raises, or passes."""

    name = "bidding"
    kinds = (DECIDE,)
    follows = "turn"

    def moves(self, state):
        return state.game._raises(state.rules["auction"].high)

    def apply(self, state, move):
        if not is_decision(move) or what_of(move) not in (BID, NO_BID):
            raise IllegalMove("not-a-bid", move=repr(move))
        state.game.bid(state, move)


class AuctionState:
    """Per hand: the auction in progress, and turns without progress (for the block)."""

    __slots__ = ("opener", "high", "bidder", "chance", "mark", "idle")

    def __init__(self):
        self.opener = -1      # -1: no auction in progress
        self.high = 0
        self.bidder = -1
        self.chance = 0       # the opportunity now: 0 .. 2N-1 (0 is the opening bid)
        self.mark = 0         # ``progress_mark`` as the turn going on began
        self.idle = 0         # turns in a row without progress

    def copy(self):
        other = AuctionState.__new__(AuctionState)
        other.opener, other.high, other.bidder, other.chance = self.opener, self.high, self.bidder, self.chance
        other.mark, other.idle = self.mark, self.idle
        return other


register(AuctionState)


def progress_mark(state) -> int:
    """A number that grows with every tile placed (one tile fewer in the hands) and every
    tile bought or sold (one more taken from the stock, 64 > any count of tiles in the
    hands) and with nothing else: a turn made progress when it changed (rule 8b). (The turn
    hooks compute it inline: they run at every turn.)"""
    return (state.stock_pos << 6) - state.in_hands.bit_count()


class BlockedOrIdle(HandEnd):
    """Blocked (rule 8b): nobody holds a tile that fits (locked ones count) and the stock is
    empty, or the last N turns passed without a tile placed, bought or sold."""

    inline = False

    def blocked(self, state):
        if state.in_hands & state.layout.playable or state.layout.lead < 0:
            return False
        a = state.rules["auction"]
        if a.opener >= 0:
            return False
        return state.stock_pos >= len(state.stock) or a.idle >= state.n


class Standing(MatchEnd):
    """After ``hands`` hands the balances rank the players; equal balances share a place."""

    def __init__(self, hands: int):
        self.hands = self.target = hands

    def decide(self, match):
        if match.hands_played < self.hands:
            return None
        best = max(match.scores)
        return MatchResult([s for s, v in enumerate(match.scores) if v == best], list(match.scores),
                           match.hands_played)

    def describe(self):
        return f"{self.hands} hands; the highest token balance wins (shared when equal)"


class Auction(StakesGame):
    id = "auction"
    name = "Auction Dominoes"
    aliases = ('Aukcijski Domino', 'Auction Dominoes')
    family = "stakes"
    summary = "3-5 players ante 3 a hand, pay 1 per tile bought, bid for the last two; the hand's winner takes the pot."
    min_players, max_players = 3, 5
    hand_sizes = {3: 7, 4: 5, 5: 4}
    reserve = 2
    first_lead = HeaviestDouble(redeal=True)
    later_lead = Loser("double", then="first drawn")
    conventions = (OutOfTurnDoubles(), LastTileAnnouncement())
    double_blank_value = 14
    hand_end = BlockedOrIdle()
    phases = (Bidding(),)
    points = TOKENS_WON                # rules 9-10: no points, the tokens won; the balances rank
    target = None
    options = (
        SET,
        Option("hands", int, 10, "hands in the match"),
        Option("limit", int, 0, "the table limit on a bid (0: none)"),
    )

    def configure(self, options):
        super().configure(options)
        if options["hands"] < 1:
            raise GameError("option hands must be at least 1")
        if options["limit"] < 0:
            raise GameError("option limit must be 0 (none) or more")
        self.match_end = Standing(options["hands"])
        # the highest bid (decision 7): the table limit, else the most a hand's pot can hold
        # before its sales (every ante and every tile bought): nobody bids more for one tile
        stock = set_size(self.max_pip) - self.deal_size(self.players) * self.players - self.reserve
        self.max_bid = options["limit"] or ANTE * self.players + stock
        self._bid_lists = {}
        self._raise_lists = {}

    def new_rules_state(self, state):
        rules = super().new_rules_state(state)
        rules["auction"] = AuctionState()
        return rules

    def setup_hand(self, state):
        ledger(state).ante(state, ANTE)
        super().setup_hand(state)

    # -- buying and the turn's progress ------------------------------------------------
    def on_draw(self, state, seat, tile):
        ledger(state).pay(state, seat, NOBODY, 1)   # every tile bought costs a token

    def on_turn_start(self, state, seat):
        super().on_turn_start(state, seat)
        state.rules["auction"].mark = (state.stock_pos << 6) - state.in_hands.bit_count()   # progress_mark

    def on_turn_end(self, state, seat):
        super().on_turn_end(state, seat)
        a = state.rules["auction"]
        a.idle = 0 if (state.stock_pos << 6) - state.in_hands.bit_count() != a.mark else a.idle + 1

    # -- the auction ------------------------------------------------------------------------
    def _bids(self, low: int, first: list[int]) -> list[int]:
        """``first``, then every bid from ``low`` to ``max_bid``; kept per (first, low):
        nobody changes a list of legal moves."""
        key = (tuple(first), low)
        moves = self._bid_lists.get(key)
        if moves is None:
            moves = self._bid_lists[key] = first + [bid(k) for k in range(low, self.max_bid + 1)]
        return moves

    def _raises(self, high: int) -> list[int]:
        """The moves at an auction whose highest bid is ``high`` (pass, or raise), kept by ``high``."""
        moves = self._raise_lists.get(high)
        if moves is None:
            moves = self._raise_lists[high] = self._bids(high + 1, [NO_BID_MOVE])
        return moves

    def filter_moves(self, state, seat, moves):
        moves = super().filter_moves(state, seat, moves)
        if state.drawable > 0 or state.phase is not TURN or state.restrict or state.stock_pos >= len(state.stock):
            return moves
        if any(is_place(m) for m in moves):
            return moves
        # stuck with 1 or 2 tiles left: pass, or open an auction for the first of them
        return self._bids(1, list(moves))

    def apply_move(self, state, move):
        """The opening bid (a move of the turn): the auction begins (rule 5a)."""
        if not is_decision(move) or what_of(move) != BID or state.phase is not TURN:
            raise IllegalMove("not-a-seat-move", move=repr(move))
        a = state.rules["auction"]
        seat = state.to_act
        state.emit(seat, move)
        a.opener, a.high, a.bidder, a.chance = seat, amount_of(move), seat, 0
        state.enter("bidding")
        self.next_chance(state, a)

    def bid(self, state, move):
        """A raise or a pass at an auction's chance (rule 5b)."""
        a = state.rules["auction"]
        state.emit(state.to_act, move)
        if what_of(move) == BID:
            a.high, a.bidder = amount_of(move), state.to_act
        self.next_chance(state, a)

    def next_chance(self, state, a):
        """The next chance, passing over the highest bidder's own (an automatic pass); after
        two rounds, the sale."""
        n = state.n
        while True:
            a.chance += 1
            if a.chance >= 2 * n:
                self._sell(state, a)
                return
            s = (a.opener + a.chance) % n
            if s != a.bidder:
                state.give_turn(s)
                return

    def _sell(self, state, a):
        """Rule 5c: the highest bidder pays his bid into the pot and takes the first stock tile;
        the opener is on turn again and places it if it is his and fits."""
        buyer, price, opener = a.bidder, a.high, a.opener
        a.opener = a.bidder = -1
        a.high = a.chance = 0
        ledger(state).pay(state, buyer, NOBODY, price)
        t = state.give_from_stock(buyer, SOLD)
        state.enter("turn")
        state.give_turn(opener)
        if buyer == opener:
            state.must_place(opener, t)
        state._check_end()

    def why_not(self, state, move, label):
        a = state.rules["auction"]
        if a.opener >= 0:
            return because("bid-too-low", move=label, high=a.high)
        if what_of(move) == NO_BID:
            return because("no-auction", move=label)
        return because("cannot-open-auction", move=label)

    def status(self, obs):
        """Besides the pot and the balances, the highest bid of an auction in progress (rule 5b):
        a bid raises it, the sale (``SOLD``) ends the auction."""
        high = None
        for actor, event in obs.history:
            k = kind(event)
            if k == SOLD:
                high = None
            elif k == DECIDE and what_of(event) == BID:
                high = (amount_of(event), actor)
        items = super().status(obs)
        if high is not None:
            items.insert(2, ("bid", f"{high[0]} by seat {high[1]}"))
        return items

    # -- scoring -----------------------------------------------------------------------------
    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        ranking = standard_ranking(values, tiles, state.last_placer)
        winner = out_seat if out_seat is not None else ranking[0]
        led = ledger(state)
        led.pay(state, NOBODY, winner, led.pot)
        return HandResult(reason, out_seat, values, tiles, led.won(), [winner], ranking)

    @staticmethod
    def decision_rules_out(history, index: int, playable: int) -> int:
        """What the decision ``history[index]`` proves its seat does not hold (``Knowledge``):
        an opening bid (a bid right after no other decision, a bid or an auction pass) comes
        from a seat on turn that could not place, so nothing of ``playable`` (a tile locked
        under Jedan Kamen aside); a raise or a pass within an auction proves nothing."""
        move = history[index][1]
        if what_of(move) != BID:
            return 0
        for i in range(index - 1, -1, -1):
            k = kind(history[i][1])
            if k != TOKENS:
                return 0 if k == DECIDE else playable
        return playable
