"""A match: hands dealt from one seed, scores carried from hand to hand."""

from __future__ import annotations

import random

from .game import Game, MatchResult
from .hand import Deal, HandContext, HandState


class Match:
    """Deals hands reproducibly from ``seed`` and keeps the score.

    ``keep_hands`` keeps every finished ``HandState`` (records need them);
    simulations switch it off to stay small.
    """

    def __init__(self, game: Game, seed: int | None = None, keep_hands: bool = True):
        self.game = game
        self.players = game.players
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.rng = random.Random(self.seed)
        self.teams = game.teams(game.players)
        self.scores = [0] * (max(self.teams) + 1)
        self.keep_hands = keep_hands
        self.hands: list[HandState] = []
        self.hands_played = 0
        self.current: HandState | None = None
        self.result: MatchResult | None = None
        self._previous = None
        self._previous_leader: int | None = None

    def context(self) -> HandContext:
        return HandContext(
            hand_number=self.hands_played + 1, scores=self.scores[:], previous=self._previous,
            previous_leader=self._previous_leader, target=self.game.target,
        )

    def start_hand(self, deal: Deal | None = None) -> HandState:
        """Deal the next hand (redealing as the game demands) unless a deal is given."""
        if self.result is not None:
            raise RuntimeError("the match is over")
        ctx = self.context()
        game = self.game
        if deal is None:
            deal = game.deal(self.rng)
            if game.redeals:
                while game.needs_redeal([_mask(h) for h in deal.hands], ctx):
                    deal = game.deal(self.rng)   # general rule 18: reshuffle, same seats
        self.current = game.new_hand(deal, ctx)
        return self.current

    def finish_hand(self) -> MatchResult | None:
        """Score the finished current hand; return the match result once the match is over."""
        state = self.current
        assert state is not None and state.over and state.result is not None
        self.scores = list(map(int.__add__, self.scores, state.result.points))
        self.hands_played += 1
        self._previous = state.result
        self._previous_leader = state.leader
        if self.keep_hands:
            self.hands.append(state)
        self.current = None
        self.result = self.game.match_result(self.scores, self.hands_played, self.teams)
        return self.result

    @property
    def over(self) -> bool:
        return self.result is not None


def _mask(tiles: list[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m
