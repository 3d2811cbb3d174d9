"""A match: hands dealt from one seed, scores carried from hand to hand."""

from __future__ import annotations

import random
from operator import add

from .hand import Deal, HandContext, HandState
from .results import HandResult, MatchResult


class Match:
    """Deals hands reproducibly from ``seed`` and keeps the score and every hand's result.

    ``keep_hands`` keeps every finished ``HandState`` (records need them);
    simulations switch it off to stay small. The results of all hands are kept
    either way: a match end may read the whole match (streaks, hands won).
    """

    def __init__(self, game: "Game", seed: int | None = None, keep_hands: bool = True,
                 context: HandContext | None = None):
        self.game = game
        self.players = game.players
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.rng = random.Random(self.seed)
        self.teams = game.teams(game.players)
        self.scores = [game.starting_score] * (max(self.teams) + 1)
        self.keep_hands = keep_hands
        self.hands: list[HandState] = []
        self.results: list[HandResult] = []
        self.hands_played = 0
        self.current: HandState | None = None
        self.result: MatchResult | None = None
        self._previous: HandResult | None = None
        self._previous_leader: int | None = None
        self.resumed = context is not None
        # games for stakes (Game.stakes): the balances then the pot, the seats sitting out,
        # and the ledger of the last finished hand (domine.parts.stakes)
        self.tokens: list[int] | None = [0] * (game.players + 1) if game.stakes else None
        self.absent = 0
        self.ledger = None
        if context is not None:   # a match taken up at a given hand (records of any position)
            self.hands_played = context.hand_number - 1
            if context.scores is not None:
                self.scores = list(context.scores)
            self._previous = context.previous
            self._previous_leader = context.previous_leader
            if context.tokens is not None:
                self.tokens = list(context.tokens)
            self.absent = context.absent

    def context(self) -> HandContext:
        game = self.game
        lot = self.rng.randrange(self.players) if game.draws_lot else None
        tokens = self.tokens
        # (positional, in HandContext's order: hand_number, scores, previous, previous_leader,
        # target, lot, tokens, absent)
        return HandContext(self.hands_played + 1, self.scores[:], self._previous, self._previous_leader,
                           game.target, lot, tokens[:] if tokens is not None else None, self.absent)

    def start_hand(self, deal: Deal | None = None, context: HandContext | None = None) -> HandState:
        """Deal the next hand (redealing as the game demands) unless a deal is given."""
        if self.result is not None:
            raise RuntimeError("the match is over")
        ctx = context or self.context()
        game = self.game
        if deal is None:
            deal = game.deal_for(self.rng, ctx)
            if game.redeals:
                while game.needs_redeal([_mask(h) for h in deal.hands], ctx):
                    deal = game.deal_for(self.rng, ctx)   # general rule 18: reshuffle, same seats
        self.current = state = game.new_hand(deal, ctx)
        return state

    def finish_hand(self) -> MatchResult | None:
        """Score the finished current hand; return the match result once the match is over."""
        state = self.current
        assert state is not None and state.over and state.result is not None
        result = state.result
        self.scores = list(map(add, self.scores, result.points))   # ints, or floats for halves
        self.hands_played += 1
        self._previous = result
        self._previous_leader = state.leader
        self.results.append(result)
        if self.keep_hands:
            self.hands.append(state)
        self.current = None
        if self.tokens is not None:
            self.ledger = state.rules["ledger"]
            self.tokens = self.ledger.tokens()
            self.absent = self.ledger.absent
        self.result = outcome = self.game.match_result(self)
        if outcome is not None and self.tokens is not None:
            outcome.balances = self.tokens[:-1]
        return outcome

    @property
    def over(self) -> bool:
        return self.result is not None


def _mask(tiles: list[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m
