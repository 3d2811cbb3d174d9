"""Close-at-Will Dominoes (Domine sa Pauziranjem po želji): a chip game where a stuck player
may end the hand by laying any double, and pays dearly if his count is not the lowest."""

from __future__ import annotations

from .base import SET, GameError, Option
from ..engine.moves import CLOSE, close, is_place
from ..engine.phases import TURN
from ..parts.hand_ends import PassesInARow
from ..parts.leads import HeaviestDouble
from ..parts.match_ends import AfterHands
from ..engine.results import HandResult, standard_ranking
from ..parts.scoring import TOKENS_WON, values_and_tiles
from .base import StakesGame
from ..parts.stakes import NOBODY, ledger
from ..engine.tiles import DOUBLES_MASK, tiles_of
from ..engine.moves import kind


class PassesOrClose(PassesInARow):
    """A run of passes by every seat blocks the hand; a close ends it at once."""

    def after_turn(self, state):
        history = state.history
        if history and kind(history[-1][1]) == CLOSE and history[-1][0] >= 0:
            return "closed"
        return None


class CloseAtWill(StakesGame):
    id = "close-at-will"
    name = "Close-at-Will Dominoes"
    aliases = ('Domine sa Pauziranjem po želji', 'Pauziranje po želji', 'Close-at-Will Dominoes',
               'Dominoes with Closing at Will')
    family = "stakes"
    summary = "2-3 players ante a chip a hand; a stuck player may close with any double, paying double if not lowest."
    min_players, max_players = 2, 3
    hand_sizes = {2: 7, 3: 6}
    reserve = 2
    first_lead = HeaviestDouble()          # heaviest double, else heaviest tile, every hand
    public_kinds = frozenset({CLOSE})      # the closing double is laid face up
    seat_closes = DOUBLES_MASK             # a stuck player closes with any double
    points = TOKENS_WON                    # rules 3 and 12: the chips won; the balances rank
    target = None
    options = (
        SET,
        Option("hands", int, 6, "hands in the match (more while the highest balance is shared)"),
        Option("ante", int, 1, "chips each player puts in the pot every hand"),
    )

    def configure(self, options):
        super().configure(options)
        if options["hands"] < 1:
            raise GameError("option hands must be at least 1")
        if options["ante"] < 1:
            raise GameError("option ante must be at least 1")
        self.hand_end = PassesOrClose(self.players)
        self.match_end = AfterHands(options["hands"], high=True, tie_plays_on=True, unit="chips")

    def setup_hand(self, state):
        ledger(state).ante(state, self.option_values["ante"])
        super().setup_hand(state)

    def filter_moves(self, state, seat, moves):
        # a stuck seat (no tile that fits, none drawn that must be placed) may close with a
        # double of its own on either end; ends that are one place are one closing (general 23a)
        if state.phase is not TURN or state.restrict or any(is_place(m) for m in moves):
            return moves
        doubles = state.hands[seat] & DOUBLES_MASK
        if not doubles:
            return moves
        ends = [end for end, _, _ in state.layout.targets] or \
            [e for e in range(len(state.layout.values)) if not state.layout.closed[e]]
        return moves + [close(end, d) for d in tiles_of(doubles) for end in ends]

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        led = ledger(state)
        n = state.n
        ranking = standard_ranking(values, tiles, state.last_placer)
        if reason == "closed":
            closer = state.last_placer
            pot = led.pot
            others = [s for s in range(n) if s != closer]
            if all(values[closer] < values[s] for s in others):
                taker = closer
            else:
                for s in others:
                    led.pay(state, closer, s, 2 * pot)
                taker = next(s for s in ranking if s != closer)
        else:
            taker = out_seat if out_seat is not None else ranking[0]
        led.pay(state, NOBODY, taker, led.pot)
        return HandResult(reason, out_seat, values, tiles, led.won(), [taker], ranking)
