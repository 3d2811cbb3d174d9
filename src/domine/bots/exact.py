"""Exact search for two-seat block hands, where the whole game tree is small.

A hand of two-player block has no stock: every tile is either in one of the two
hands, on the table, or set aside for good, and a turn is one placement or a
pass. Once the other seat's hand is fixed (one *world*), the rest of the hand is
a tree of a few hundred to a few thousand positions, small enough to search to
the end. The search bot uses that in two ways:

* **per world** (``world_value``): the expected result of the hand when the
  bot plays on perfectly and the other seat plays as modelled (``their_odds``:
  at random, or shedding its heaviest tile as often as its past choices
  suggest), averaged over many worlds consistent with what the bot knows
  (so-called perfect-information Monte Carlo, with exact leaves);
* **over the information set** (``information_set_values``), once few enough
  worlds remain to list them all: the bot's later moves may depend only on what
  it will have seen, not on the world, so this is the best strategy against an
  opponent who plays as modelled, with no "strategy fusion" at all.

The utility is the one the rollouts use: 1 for a won hand, 1/2 for a tie, 0 for
a lost one, plus the pip margin scaled down, so that a sure win is never traded
for points. A game opts in with ``Game.exact_search``; its hands must end as
block's do (the first seat out wins, or the lower hand when nothing fits).
"""

from __future__ import annotations

import itertools
import random
from math import comb
from typing import Callable

from ..engine.movegen import placements
from ..engine.observation import Observation
from ..engine.layout import LEAD_END
from ..engine.moves import end_of, is_place, open_of, tile_of
from ..engine.tiles import BIT, HIGH, LOW, PIPS, TILES_WITH, mask_of, pips_of, tiles_of

#: A world: (other seat's hand as a mask, weight of the evidence for it).
World = tuple[int, float]


class TooLarge(Exception):
    """The information-set search went over its budget of work or ran out of time."""


class OutOfTime(TooLarge):
    """The clock, not the budget, ended the information-set search, after ``work`` units."""

    def __init__(self, work: int):
        super().__init__(work)
        self.work = work


#: units of work between two looks at the clock in the information-set search (a few
#: milliseconds at one to three microseconds a unit)
CLOCK_EVERY = 2000


#: most tiles the two hands may hold together for an exact search: block's deal on double-nine
#: (9 each). A world's tree grows about as fast as the hands: two hands of 22 (block on
#: double-twelve) would take hours, so there the rollouts play until the hands are this small.
EXACT_TILES = 18


def applies(game, obs: Observation) -> bool:
    return bool(game.exact_search) and obs.players == 2 and obs.layout_kind == "line" and not obs.over \
        and sum(obs.hand_sizes) <= EXACT_TILES


def line_plays(hand: int, left: int, right: int) -> list[tuple[int, int, int]]:
    """(tile, new left value, new right value) of every placement, mirror ends merged."""
    out = []
    m = hand & (TILES_WITH[left] | TILES_WITH[right])
    while m:
        low = m & -m
        m ^= low
        t = low.bit_length() - 1
        lo, hi = LOW[t], HIGH[t]
        if lo == left or hi == left:
            out.append((t, hi if lo == left else lo, right))
        if left != right and (lo == right or hi == right):
            out.append((t, left, hi if lo == right else lo))
    return out


_PLAYS_BY_TILE: dict[tuple[int, int], dict[int, list[tuple[int, int, int]]]] = {}


def _plays_by_tile(left: int, right: int) -> dict[int, list[tuple[int, int, int]]]:
    """tile -> [(index, new left, new right)] of its placements on these ends, any set; the index
    names the placement the same way in every world."""
    table = _PLAYS_BY_TILE.get((left, right))
    if table is None:
        table = _PLAYS_BY_TILE[(left, right)] = {}
        for i, (t, nl, nr) in enumerate(line_plays((1 << len(PIPS)) - 1, left, right)):
            table.setdefault(t, []).append((i, nl, nr))
    return table


class Utility:
    """Terminal values from the bot's side: win/tie/loss plus ``margin`` x pip margin / ``scale``."""

    def __init__(self, scale: float, margin: float = 1.0):
        self.k = margin / scale

    def out(self, loser_hand: int, me_out: bool) -> float:
        pips = pips_of(loser_hand) * self.k
        return 1.0 + pips if me_out else -pips

    def blocked(self, mine: int, theirs: int) -> float:
        a, b = pips_of(mine), pips_of(theirs)
        if a == b:
            return 0.5
        return (1.0 if a < b else 0.0) + (b - a) * self.k


def their_odds(plays: list[tuple[int, int, int]], greedy: float) -> list[float]:
    """How likely the other seat makes each placement: the heaviest tile with probability
    ``greedy``, else any placement uniformly (``greedy`` = 0: uniformly random)."""
    n = len(plays)
    if not greedy:
        return [1.0 / n] * n
    top = max(PIPS[t] for t, _, _ in plays)
    heaviest = sum(1 for t, _, _ in plays if PIPS[t] == top)
    return [(1.0 - greedy) / n + (greedy / heaviest if PIPS[t] == top else 0.0) for t, _, _ in plays]


def world_value(mine: int, theirs: int, left: int, right: int, my_turn: bool,
                utility: Utility, memo: dict, greedy: float = 0.0) -> float:
    """Expected utility in one world: the bot maximises, the other seat plays as ``their_odds``."""
    key = (mine, theirs, left, right, my_turn) if left <= right else (mine, theirs, right, left, my_turn)
    v = memo.get(key)
    if v is not None:
        return v
    hand = mine if my_turn else theirs
    plays = line_plays(hand, left, right)
    if not plays:
        other = theirs if my_turn else mine
        if other & (TILES_WITH[left] | TILES_WITH[right]):
            v = world_value(mine, theirs, left, right, not my_turn, utility, memo, greedy)
        else:
            v = utility.blocked(mine, theirs)
        memo[key] = v
        return v
    values = []
    for t, nl, nr in plays:
        rest = hand ^ BIT[t]
        if not rest:
            values.append(utility.out(theirs if my_turn else mine, my_turn))
        elif my_turn:
            values.append(world_value(rest, theirs, nl, nr, False, utility, memo, greedy))
        else:
            values.append(world_value(mine, rest, nl, nr, True, utility, memo, greedy))
    if my_turn:
        v = max(values)
    elif greedy:
        v = sum(p * x for p, x in zip(their_odds(plays, greedy), values))
    else:
        v = sum(values) / len(values)
    memo[key] = v
    return v


def information_set_values(mine: int, left: int, right: int, moves: list[tuple[int, int, int]],
                           worlds: list[World], utility: Utility, budget: int,
                           greedy: float = 0.0, out_of_time: Callable[[], bool] | None = None) -> list[float]:
    """For each of the bot's first moves, the weighted utility of its best world-blind plan.

    Raises ``TooLarge`` once it has looked at more than ``budget`` worlds, counting a world
    again at each position of the other seat's where it is still possible (a unit of work):
    the same on every machine. Raises ``OutOfTime`` (a ``TooLarge``) when ``out_of_time()``,
    asked every ``CLOCK_EVERY`` units, says the time is up first.
    """
    work = [0, CLOCK_EVERY if out_of_time is not None else budget + 1]   # done, next look at the clock

    def mine_to_play(hand: int, l: int, r: int, group: list[World]) -> float:
        plays = line_plays(hand, l, r)
        if not plays:
            return theirs_to_play(hand, l, r, group)
        return max(after_mine(hand, t, nl, nr, group) for t, nl, nr in plays)

    def after_mine(hand: int, t: int, l: int, r: int, group: list[World]) -> float:
        rest = hand ^ BIT[t]
        if not rest:
            return sum(w * utility.out(o, True) for o, w in group)
        return theirs_to_play(rest, l, r, group)

    def theirs_to_play(hand: int, l: int, r: int, group: list[World]) -> float:
        work[0] += len(group)
        if work[0] > budget:
            raise TooLarge
        if work[0] >= work[1]:
            work[1] += CLOCK_EVERY
            if out_of_time():
                raise OutOfTime(work[0])
        fit = TILES_WITH[l] | TILES_WITH[r]
        by_tile = _plays_by_tile(l, r)      # the same placements serve every world
        can_play = hand & fit
        lost = utility.out(hand, False)
        total = 0.0
        branches: dict[int, list] = {}       # what the bot sees next: -1 a pass, else a placement
        ends: dict[int, tuple[int, int]] = {}
        for o, w in group:
            m = o & fit
            if not m:
                if can_play:
                    branches.setdefault(-1, []).append((o, w))
                else:
                    total += w * utility.blocked(hand, o)
                continue
            plays = []
            while m:
                low = m & -m
                m ^= low
                for i, nl, nr in by_tile[low.bit_length() - 1]:
                    plays.append((low, i, nl, nr))
            if greedy:
                odds = their_odds([(low.bit_length() - 1, 0, 0) for low, _, _, _ in plays], greedy)
            else:
                odds = [1.0 / len(plays)] * len(plays)
            for (low, i, nl, nr), p in zip(plays, odds):
                rest = o ^ low
                if rest:
                    sub = branches.get(i)
                    if sub is None:
                        sub = branches[i] = []
                        ends[i] = (nl, nr)
                    sub.append((rest, w * p))
                else:
                    total += w * p * lost
        for seen, sub in branches.items():
            nl, nr = ends[seen] if seen >= 0 else (l, r)
            total += mine_to_play(hand, nl, nr, sub)
        return total

    return [after_mine(mine, t, nl, nr, worlds) for t, nl, nr in moves]


class OpponentWorlds:
    """The other seat's possible hands and how well each explains its past choices.

    ``possible`` comes from ``Knowledge`` (passes, the lead); each hand of the
    right size drawn from it is weighted by the likelihood of the other seat's
    placements under ``model`` (as in ``Knowledge.sample_weighted``).
    """

    def __init__(self, obs: Observation, game, possible: int, model=None):
        self.game, self.model = game, model
        self.me = obs.seat
        self.other = 1 - obs.seat
        self.size = obs.hand_sizes[self.other]
        self.pool = tiles_of(possible)
        self.count = comb(len(self.pool), self.size)
        self.choices = self._their_choices(obs) if model is not None else []
        self.evidence: list[float] = []   # per model of play: summed likelihood of the worlds weighed

    def _their_choices(self, obs: Observation) -> list[tuple]:
        """(layout then, move, tiles the other seat placed from then on) for each of its placements."""
        layout = self.game.new_layout()
        choices: list[list] = []
        for seat, move in obs.history:
            if not is_place(move):
                continue
            t, end = tile_of(move), end_of(move)
            if seat == self.other and end != LEAD_END:
                choices.append([layout.copy(), move, 0])
            if end == LEAD_END:
                layout.place_lead(t)
            else:
                layout.place(end, t, open_of(move))
            if seat == self.other:
                for c in choices:
                    c[2] |= BIT[t]
        return [tuple(c) for c in choices if c[0].targets]

    def weight(self, hand: int) -> float:
        if not self.choices:
            return 1.0
        fits, codes = self.game.set_fits, self.game.matching.codes
        products = None
        for layout, move, later in self.choices:
            legal = placements(hand | later, layout, fits, codes)
            if move not in legal:
                return 0.0
            if len(legal) > 1:
                probabilities = self.model(legal, move)
                products = list(probabilities) if products is None else [a * b for a, b in zip(products, probabilities)]
        if not products:
            return 1.0
        self.evidence = [a + b for a, b in zip(self.evidence, products)] if self.evidence else products[:]
        return sum(products) / len(products)

    def belief(self) -> list[float]:
        """How much each model of play is believed, from the worlds weighed so far (even if none)."""
        total = sum(self.evidence)
        return [e / total for e in self.evidence] if total > 0 else []

    def all(self) -> list[World]:
        out = []
        for combo in itertools.combinations(self.pool, self.size):
            hand = mask_of(combo)
            w = self.weight(hand)
            if w > 0:
                out.append((hand, w))
        return out

    def sample(self, rng: random.Random) -> World:
        hand = mask_of(rng.sample(self.pool, self.size))
        return hand, self.weight(hand)


def move_ends(move: int, left: int, right: int) -> tuple[int, int, int]:
    """(tile, new left, new right) of one of the bot's move ints."""
    t, end = tile_of(move), end_of(move)
    if end == LEAD_END:
        return t, LOW[t], HIGH[t]
    pip = open_of(move)
    return (t, pip, right) if end == 0 else (t, left, pip)

