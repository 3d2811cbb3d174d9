"""What a hand or a match is worth to each seat: the game's declared polarity (``Game.points``).

Per hand (``episode="hand"``): a seat's reward is its team's points of the hand, with the
sign of the game's polarity: points won count up (``good``), penalty points down
(``penalty``), a zero-sum hand's points as they stand (``zero-sum``); in a game for stakes
(tokens) the change of the seat's own token balance over the hand. Per match
(``episode="match"``): nothing until the match ends, then +1 to each seat of the winners,
-1 to every other seat, 0 to all in a drawn match.
"""

from __future__ import annotations

from ..parts.scoring import PENALTY


def hand_rewards(match, state, tokens_before: list[int] | None) -> list[float]:
    """Each seat's reward for the hand ``state`` just finished (``match.finish_hand`` done)."""
    game = match.game
    n = match.players
    if match.tokens is not None and tokens_before is not None:
        return [float(match.tokens[s] - tokens_before[s]) for s in range(n)]
    sign = -1.0 if game.points == PENALTY else 1.0
    points = state.result.points
    return [sign * float(points[match.teams[s]]) for s in range(n)]


def match_rewards(match) -> list[float]:
    """+1 to the winners' seats, -1 to the others, 0 to every seat of a drawn match."""
    result = match.result
    if result is None or result.drawn or not result.winners:
        return [0.0] * match.players
    return [1.0 if s in result.winners else -1.0 for s in range(match.players)]
