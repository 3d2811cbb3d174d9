"""The coach's analysis: what the ``hard`` bot's search thinks of every legal move of a decision.

A decision is judged from the deciding seat's ``Observation`` alone, never the full state:
the same worlds consistent with what the seat saw are sampled for every legal move, each
move is played in each world and the hand rolled out to its end as the search bot does
(``domine.bots.search``: ``rollout``, ``outcome``), and a move's value is its weighted
mean outcome. The best move is the one of highest value; what the move played lost is the
best value less its own, and that loss is classed against the thresholds of the game's
polarity (``THRESHOLDS``).

The analysis is reproducible: it draws from a seed made from the record and the decision's
place in it (``record_seed``, ``decision_seed``) and works to a fixed budget (worlds and
rollouts, the ``hard`` bot's parameters), so the same record gives the same analysis on any
machine. A time limit (``think``) may cap a decision; a decision it cut says so (``cut``).
In two-seat block the ``hard`` bot searches exactly; the coach rolls out there too, so that
every game's values are of one kind.
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..engine.observation import Observation
from ..parts.scoring import GOOD, PENALTY, TOKENS_WON, ZERO_SUM
from .knowledge import Knowledge, WorldError, game_of, greedy_or_random
from .search import add_world

#: The classes of a loss, least first.
INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
CLASSES = (INACCURACY, MISTAKE, BLUNDER)

#: The least loss of each class (inaccuracy, mistake, blunder), by the game's polarity. A value
#: is a hand's outcome for the seat as the search bot weighs it (``search.outcome``): for
#: points, 1 for a hand won (0.5 drawn) plus the point margin over about one seat's share of
#: the set's pips, the margin turned round where points are penalties; so good, penalty and
#: zero-sum points share one scale, on which 0.05 is a twentieth of a hand won. For tokens
#: (a game's own ``hand_worth``: auction, close-at-will and the games for stakes) a value is the
#: token margin over the others' mean, in fours: 0.125 is half a token.
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    GOOD: (0.05, 0.15, 0.30),
    PENALTY: (0.05, 0.15, 0.30),
    ZERO_SUM: (0.05, 0.15, 0.30),
    TOKENS_WON: (0.125, 0.375, 0.75),
}


def polarity(game) -> str:
    """How the game's values are counted: its points' kind, or ``tokens won`` where the search
    weighs a hand in tokens (``Game.hand_worth``)."""
    return TOKENS_WON if game.hand_worth is not None else game.points


def classify(loss: float, kind: str) -> str | None:
    """The class of a loss in a game of polarity ``kind``; None below an inaccuracy."""
    found = None
    for name, least in zip(CLASSES, THRESHOLDS.get(kind, THRESHOLDS[GOOD])):
        if loss >= least - 1e-12:
            found = name
    return found


@dataclass(frozen=True)
class Budget:
    """The work a decision's analysis may take: the ``hard`` bot's parameters by default."""

    worlds: int = 200          # worlds sampled, the same for every move
    rollouts: int = 4          # rollouts per world and move
    epsilon: float = 0.2       # randomness of the rollouts
    model: float = 0.2         # randomness of the greedy-or-random model of the other seats
    think: float | None = None   # seconds a decision may take at most (the clock); None: no limit

    def to_json(self) -> dict:
        return {"worlds": self.worlds, "rollouts": self.rollouts, "epsilon": self.epsilon,
                "model": self.model, "think": self.think}


@dataclass
class Values:
    """The value of each move of a decision, with the work it took."""

    values: list[float]
    worlds: int                # worlds looked at
    cut: bool = False          # the time limit stopped it before its budget of worlds


def record_seed(record: dict) -> int:
    """A seed made from the whole record, the same wherever it is read."""
    text = json.dumps(record, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def decision_seed(base: int, hand: int, move: int) -> int:
    """The seed of the decision at move ``move`` of hand ``hand``: each decision draws its own,
    so that none depends on which others were analysed."""
    return int.from_bytes(hashlib.sha256(f"{base}:{hand}:{move}".encode()).digest()[:8], "big")


def move_values(obs: Observation, moves: Sequence[int], budget: Budget, seed: int) -> Values:
    """The value of each of ``moves`` (legal for ``obs``'s seat) from what that seat knows."""
    game = game_of(obs)
    rng = random.Random(seed)
    knowledge = Knowledge(obs, game)
    scale = max(1.0, game.hand_value(game.set_mask) / max(2, obs.players))
    model = greedy_or_random(budget.model)
    team = obs.teams[obs.seat]
    deadline = time.perf_counter() + budget.think if budget.think else None
    totals = [0.0] * len(moves)
    weights = 0.0
    worlds = 0
    cut = False
    for _ in range(budget.worlds):
        try:
            world, weight = knowledge.sample_weighted(rng, model)
        except WorldError:
            break
        add_world(totals, world, weight, moves, budget.rollouts, rng, budget.epsilon, obs.seat, team, scale)
        weights += weight * budget.rollouts
        worlds += 1
        if deadline is not None and worlds < budget.worlds and time.perf_counter() > deadline:
            cut = True
            break
    if not weights:
        return Values([0.0] * len(moves), worlds, cut)
    return Values([t / weights for t in totals], worlds, cut)


@dataclass
class Decision:
    """One decision of the reviewed seat and its analysis."""

    hand: int                  # the hand's place in the record, 1 first
    number: int                # the hand's number in the match
    move: int                  # the move's place in the hand, 1 first: the one made here
    seat: int
    moves: list[str]           # every legal move, in notation, as listed
    played: int                # its index in ``moves``
    values: list[float] = field(default_factory=list)   # each move's value (empty: forced)
    worlds: int = 0
    cut: bool = False
    kind: str = GOOD           # the game's polarity

    @property
    def forced(self) -> bool:
        return len(self.moves) == 1

    @property
    def best(self) -> int:
        """The index of the move of highest value (of equal ones the first listed)."""
        if not self.values:
            return self.played
        return max(range(len(self.values)), key=lambda i: (self.values[i], -i))

    @property
    def loss(self) -> float:
        """What the move played gave away against the best one (0 when it was the best)."""
        if not self.values:
            return 0.0
        return max(0.0, self.values[self.best] - self.values[self.played])

    @property
    def verdict(self) -> str | None:
        return None if self.forced else classify(self.loss, self.kind)

    @property
    def weighed(self) -> bool:
        """Whether the search found worlds to weigh the moves in (always, but for a forced move)."""
        return bool(self.values)

    def to_json(self) -> dict:
        return {
            "hand": self.hand, "number": self.number, "move": self.move, "seat": self.seat,
            "forced": self.forced,
            "legal": [{"move": m, "value": round(v, 4) if self.values else None}
                      for m, v in zip(self.moves, self.values or [None] * len(self.moves))],
            "played": self.moves[self.played], "best": self.moves[self.best],
            "played_value": round(self.values[self.played], 4) if self.values else None,
            "best_value": round(self.values[self.best], 4) if self.values else None,
            "loss": round(self.loss, 4), "class": self.verdict,
            "worlds": self.worlds, "cut": self.cut,
        }


def analyse(decision: Decision, obs: Observation, legal: Sequence[int], budget: Budget, seed: int) -> Decision:
    """Fill ``decision``'s values from ``obs`` (the deciding seat's), ``legal`` being the moves
    its ``moves`` name; a forced move is not searched."""
    decision.kind = polarity(game_of(obs))
    if len(legal) > 1:
        found = move_values(obs, legal, budget, seed)
        decision.worlds, decision.cut = found.worlds, found.cut
        if found.worlds:   # no world consistent with the observation: nothing to say (never seen)
            decision.values = found.values
    return decision


def summary(decisions: Sequence[Decision]) -> dict:
    """The count of each class, the decisions looked at and the total loss."""
    out = {"decisions": len(decisions), "forced": sum(d.forced for d in decisions)}
    for name in CLASSES:
        out[name] = sum(1 for d in decisions if d.verdict == name)
    out["loss"] = round(sum(d.loss for d in decisions), 4)
    out["cut"] = sum(d.cut for d in decisions)
    return out


@dataclass
class ReviewedHand:
    """A hand of the record as the coach steps through it."""

    hand: int                  # its place in the record, 1 first
    number: int                # its number in the match
    positions: list            # the hand (a ``HandState``) after 0, 1, ... moves
    moves: list[tuple[int, str]]   # each move made: (seat, notation)
    scores: list | None = None     # the match's scores after it, when it ended
    decisions: dict[int, Decision] = field(default_factory=dict)   # by the move made there

    def decision_points(self, seat: int) -> list[int]:
        """The moves (1 first) that ``seat`` made."""
        return [j for j, (s, _) in enumerate(self.moves, start=1) if s == seat]


def review(hands: Sequence[ReviewedHand], seat: int, budget: Budget, base: int,
           progress: Callable[[int], None] | None = None) -> None:
    """Analyse every decision of ``seat`` in ``hands`` (``base``: ``record_seed`` of the record),
    calling ``progress(1)`` after each one searched."""
    for h in hands:
        for j in h.decision_points(seat):
            state = h.positions[j - 1]
            legal = state.legal_moves()
            played = state.parse_move(h.moves[j - 1][1])
            if played not in legal:   # the same place under another end's name (general 23a)
                legal = legal + [played]
            decision = Decision(h.hand, h.number, j, seat, [state.move_str(m) for m in legal], legal.index(played))
            obs = state.observation(seat, legal)
            h.decisions[j] = analyse(decision, obs, legal, budget, decision_seed(base, h.hand, j))
            if progress is not None and not decision.forced:
                progress(1)


def searched(hands: Sequence[ReviewedHand], seat: int) -> int:
    """How many decisions of ``seat`` need a search (those with more than one legal move)."""
    return sum(1 for h in hands for j in h.decision_points(seat) if len(h.positions[j - 1].legal_moves()) > 1)


def to_json(hands: Sequence[ReviewedHand], seat: int, game, budget: Budget, base: int) -> dict:
    """The analysis as data (docs/review.md)."""
    every = [d for h in hands for d in h.decisions.values()]
    kind = polarity(game)
    return {
        "format": "domine-review 1",
        "game": game.id, "players": game.players, "seat": seat,
        "polarity": kind,
        "thresholds": dict(zip(CLASSES, THRESHOLDS.get(kind, THRESHOLDS[GOOD]))),
        "budget": budget.to_json(), "seed": base,
        "hands": [{"hand": h.hand, "number": h.number, "moves": len(h.moves),
                   "decisions": [d.to_json() for _, d in sorted(h.decisions.items())],
                   "summary": summary(list(h.decisions.values())), "scores": h.scores}
                  for h in hands],
        "summary": summary(every),
    }

__all__ = ["BLUNDER", "Budget", "CLASSES", "Decision", "INACCURACY", "MISTAKE", "ReviewedHand", "THRESHOLDS",
           "Values", "analyse", "classify", "decision_seed", "move_values", "polarity", "record_seed", "review",
           "searched", "summary", "to_json"]
