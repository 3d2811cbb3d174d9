"""A match: hands dealt from one seed, scores carried from hand to hand."""

from __future__ import annotations

import random
from operator import add

from .hand import Deal, HandContext, HandState
from .results import HandResult, MatchResult
from .serial import DataError, from_data, to_data


class Match:
    """Deals hands reproducibly from ``seed`` and keeps the score and every hand's result.

    ``keep_hands`` keeps every finished ``HandState`` (records need them);
    simulations switch it off to stay small. The results of all hands are kept
    either way: a match end may read the whole match (streaks, hands won).

    A match taken up at a later hand (``context``: a record that starts mid-match)
    starts from the standing the context gives: the hand number, the scores, the
    previous hand, the tokens and the winning streak in progress.
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
        self.start = context          # the context a match taken up mid-way started from
        # games for stakes (Game.stakes): the balances then the pot, the seats sitting out,
        # and the ledger of the last finished hand (domine.parts.stakes)
        self.tokens: list[int] | None = [0] * (game.players + 1) if game.stakes else None
        self.absent = 0
        self.ledger = None
        self._streak_before: tuple[int, int] = (-1, 0)   # the streak as the match was taken up
        if context is not None:   # a match taken up at a given hand (records of any position)
            self.hands_played = context.hand_number - 1
            if context.scores is not None:
                self.scores = list(context.scores)
            self._previous = context.previous
            self._previous_leader = context.previous_leader
            if context.tokens is not None:
                self.tokens = list(context.tokens)
            self.absent = context.absent
            if context.streak is not None:
                self._streak_before = context.streak

    @property
    def streak(self) -> tuple[int, int]:
        """(team, hands) of the winning streak in progress: the team that won the last hand
        won and how many hands in a row it has won, (-1, 0) before any hand is won. A hand
        nobody won neither extends nor breaks it."""
        team, run = self._streak_before
        for result in self.results:
            if result.winners:
                t = self.teams[result.winners[0]]
                team, run = (t, run + 1) if t == team else (t, 1)
        return team, run

    def context(self) -> HandContext:
        game = self.game
        lot = self.rng.randrange(self.players) if game.draws_lot else None
        tokens = self.tokens
        # (positional, in HandContext's order: hand_number, scores, previous, previous_leader,
        # target, lot, tokens, absent, streak)
        return HandContext(self.hands_played + 1, self.scores[:], self._previous, self._previous_leader,
                           game.target, lot, tokens[:] if tokens is not None else None, self.absent,
                           self.streak if game.match_end.needs_streak else None)

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

    # -- as data ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        """The match as a document (docs/state.md): its game and seed, the context it started
        from (a match taken up mid-way), every hand (``HandState.to_json``) and the seeded
        generator's state, so that the next hands are dealt as they would have been."""
        if len(self.hands) < len(self.results):
            raise ValueError("a match that keeps no hands (keep_hands=False) cannot be written whole")
        return {
            "format": "domine-match", "version": 1,
            "game": self.game.id, "players": self.players, "options": self.game.options_given(),
            "seed": self.seed, "start": to_data(self.start),
            "hands": [h.to_json() for h in self.hands],
            "current": self.current.to_json() if self.current is not None else None,
            "rng": to_data(self.rng.getstate()),
            "now": {"hands_played": self.hands_played, "scores": list(self.scores),
                    "result": self.result.to_json() if self.result is not None else None},
        }

    @classmethod
    def from_json(cls, data: dict, game: "Game") -> "Match":
        """The match ``to_json`` wrote, rebuilt hand by hand (``HandState.from_json``, then
        the match's own scoring) for ``game``; ``DataError`` or ``IllegalMove`` say what is wrong."""
        if not isinstance(data, dict) or data.get("format") != "domine-match":
            raise DataError('not a domine match (expected "format": "domine-match")')
        if data.get("version") != 1:
            raise DataError(f"unsupported match version {data.get('version')!r} (this domine reads 1)")
        seed = data.get("seed")
        if type(seed) is not int:
            raise DataError("the match's seed must be a whole number")
        start = from_data(data.get("start"))
        if start is not None and not isinstance(start, HandContext):
            raise DataError("the match's start must be a HandContext record")
        match = cls(game, seed, context=start)
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise DataError("the match's hands must be a list")
        for raw in hands:
            if match.over:
                raise DataError("a hand after the end of the match")
            match.current = HandState.from_json(raw, game)
            if not match.current.over:
                raise DataError("a hand of the match that is not over, before its last")
            match.finish_hand()
        if data.get("current") is not None:
            if match.over:
                raise DataError("a hand after the end of the match")
            match.current = HandState.from_json(data["current"], game)
        rng = from_data(data.get("rng"))
        try:
            match.rng.setstate(rng)
        except (TypeError, ValueError):
            raise DataError("the match's generator state is not one Python's random can take") from None
        now = data.get("now")
        if isinstance(now, dict) and (now.get("hands_played"), now.get("scores")) != \
                (match.hands_played, match.scores):
            raise DataError("the match's summary does not match its hands")
        return match


def _mask(tiles: list[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m
