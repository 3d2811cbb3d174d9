"""What a finished hand and a finished match amount to."""

from __future__ import annotations

from dataclasses import dataclass


def standard_ranking(values: list[int], tiles: list[int], last_placer: int | None) -> list[int]:
    """General rule 16: lower value, then fewer tiles, then turn order from the last placer."""
    n = len(values)
    start = last_placer if last_placer is not None else 0
    return sorted(range(n), key=lambda s: (values[s], tiles[s], (s - start) % n))


class HandResult:
    """How a hand ended and what it scored.

    ``ranking`` (seats best first, general rule 16) is worked out only when asked
    for, since most games never need it.
    """

    __slots__ = ("reason", "out_seat", "hand_values", "tiles_left", "points", "winners",
                 "last_placer", "_ranking", "leader")

    def __init__(self, reason: str, out_seat: int | None, hand_values: list[int], tiles_left: list[int],
                 points: list[int], winners: list[int], ranking: list[int] | None = None,
                 last_placer: int | None = None, leader: int | None = None):
        self.reason = reason              # "domino", "blocked", "dead", "target", "pass" or "played out"
        self.out_seat = out_seat          # the seat that went out, if any
        self.hand_values = hand_values    # per seat, valued as the game scores them
        self.tiles_left = tiles_left      # per seat
        self.points = points              # per team, everything scored in this hand
        self.winners = winners            # seats that won the hand (empty: nobody, or a tie)
        self.last_placer = last_placer
        self.leader = leader              # who made the lead (the next hand may rotate from it)
        self._ranking = ranking

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self.to_json() == other.to_json() and self.last_placer == other.last_placer

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "HandResult":
        return HandResult(self.reason, self.out_seat, self.hand_values[:], self.tiles_left[:], self.points[:],
                          self.winners[:], None if self._ranking is None else self._ranking[:],
                          self.last_placer, self.leader)

    @property
    def ranking(self) -> list[int]:
        if self._ranking is None:
            self._ranking = standard_ranking(self.hand_values, self.tiles_left, self.last_placer)
        return self._ranking

    def __repr__(self) -> str:
        return (f"HandResult(reason={self.reason!r}, out_seat={self.out_seat}, hand_values={self.hand_values}, "
                f"points={self.points}, winners={self.winners})")

    def to_json(self) -> dict:
        return {
            "reason": self.reason, "out_seat": self.out_seat, "hand_values": self.hand_values,
            "tiles_left": self.tiles_left, "points": self.points, "winners": self.winners,
            "ranking": self.ranking,
        }


@dataclass
class MatchResult:
    winners: list[int]          # seats of the winning player or team; empty for a drawn match
    scores: list[int]           # per team
    hands: int
    drawn: bool = False
    balances: list[int] | None = None   # games for stakes: each seat's token balance at the end

    def to_json(self) -> dict:
        out = {"winners": self.winners, "scores": self.scores, "hands": self.hands, "drawn": self.drawn}
        if self.balances is not None:
            out["balances"] = self.balances
        return out
