"""The ``search`` bot: Monte Carlo search over worlds consistent with what it sees.

For every decision the bot builds its ``Knowledge`` from the observation, then
repeatedly samples a whole world consistent with it (every hidden hand and the
stock, each one verified by replaying the public history) and, in that world,
plays every legal move followed by a fast rollout to the end of the hand. Each
move's value is averaged over the same worlds (a paired comparison, so the luck
of a world cancels between moves), and the best average is played. This is
determinized ("perfect information") Monte Carlo with a sound aggregation: the
bot never looks at a real hidden tile, and it never commits to one world.

The decision follows from the bot's seed and its budget of work alone: ``worlds``
sampled worlds, ``rollouts`` per world and move (at most ``playouts`` rollouts in all,
where given), and in two-seat block ``units`` of exact search. Its random numbers come from a generator seeded by the bot's seed and the
position (the hand, the seat, the events seen so far), so the same position gets the same
answer whatever the bot was asked before: a record replays on any machine, after an undo
or a resumed match too. The clock only caps a search (``think`` seconds, a safety
limit): the bot starts no world it would not finish in time at the pace so far, and the
exact search looks at the clock every few milliseconds of work, so a decision ends
within about one world's search of ``think``, however loaded the machine. A decision
the clock cut says so in ``last_decision_cut`` (a ``Cut``: how much of which budget was
done), for the record to keep; ``None`` after a decision made with the whole budget.
Without a time limit the clock is never read. Moves that another legal move makes
needless (a placement without its free last-tile call, a bid above the lowest) are
not weighed (``worth_searching``).

In two-seat block (a game with ``exact_search``) the rollouts give way to exact
search (``domine.bots.exact``): each world's rest of the hand is searched to the end,
and once few enough worlds remain to list them all, the bot searches its whole
information set instead, which is its best play against a random opponent.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable

from . import exact
from ..engine.hand import HandState
from ..engine.observation import Observation
from .knowledge import Knowledge, WorldError, game_of, greedy_or_random
from ..engine.moves import ANNOUNCE, DECIDE, is_place, pips_placed
from ..parts.scoring import PENALTY
from ..parts.stakes import BID, amount_of, is_decision, what_of
from ..engine.tiles import BIT, mask_of
from ..engine.moves import kind


def rollout(state: HandState, rng: random.Random, epsilon: float, team: int = -1,
            epsilon_others: float | None = None) -> None:
    """Finish the hand: mostly the heaviest legal tile, sometimes a random move.

    Seats of ``team`` use ``epsilon``; the others ``epsilon_others`` (default the same).
    Of equal tiles the announced placement is taken (a last-tile call costs nothing and
    keeps the last tile free), as the greedy bot does.
    """
    rnd = rng.random
    legal, apply = state.legal_moves, state.apply_unchecked
    teams = state.teams
    eps_others = epsilon if epsilon_others is None else epsilon_others
    while not state.over:
        moves = legal()
        eps = epsilon if teams[state.acting_seat()] == team else eps_others
        if len(moves) == 1:
            apply(moves[0])
        elif rnd() < eps:
            apply(moves[int(rnd() * len(moves))])
        else:
            best, best_pips = moves[0], -1
            for m in moves:
                p = pips_placed(m)
                if p >= 0:
                    p = 2 * p + (m >> ANNOUNCE_BIT & 1)   # announced first among equal tiles
                if p > best_pips:
                    best, best_pips = m, p
            apply(best)


def add_world(totals: list[float], world: HandState, weight: float, moves: list[int], rollouts: int,
              rng: random.Random, epsilon: float, seat: int, team: int, scale: float,
              epsilon_others: float | None = None) -> None:
    """Add to ``totals[i]`` the weighted outcomes for ``seat`` of ``rollouts`` rollouts after
    each ``moves[i]`` in one sampled world: the search's step, and the coach's (bots/review.py)."""
    for i, move in enumerate(moves):
        after = world.clone()
        after.apply_unchecked(move)
        for _ in range(rollouts):
            state = after.clone() if rollouts > 1 else after
            rollout(state, rng, epsilon, team, epsilon_others)
            totals[i] += weight * outcome(state, seat, scale)


def outcome(state: HandState, seat: int, scale: float) -> float:
    """How good a finished hand is for ``seat``: winning it, then the point margin."""
    worth = state.game.hand_worth
    if worth is not None:   # the game's own terms (tokens won: games for stakes)
        return worth(state, seat)
    result = state.result
    team = state.teams[seat]
    points = result.points
    others = [p for t, p in enumerate(points) if t != team]
    margin = points[team] - (sum(others) / len(others) if others else 0.0)
    if state.game.points == PENALTY:
        margin = -margin              # penalty points: fewer is better
    winners = result.winners
    if not winners:
        win = 0.5
    else:
        win = 1.0 if any(state.teams[s] == team for s in winners) else 0.0
    return win + margin / scale


@dataclass(frozen=True)
class Cut:
    """A decision the clock cut short: ``done`` of the ``budget`` of ``unit`` were searched
    (worlds, or units of exact search) when the time limit ended the search."""

    done: int
    budget: int
    unit: str

    def __str__(self) -> str:
        return f"{self.done} of {self.budget} {self.unit}"


#: the unit of each budget a cut may name
WORLDS, UNITS = "worlds", "units of exact search"


def decision_seed(seed: int, obs: Observation) -> str:
    """The seed of one decision's random numbers: the bot's seed and the position (hand, seat,
    events the seat has seen). A string seed is hashed with SHA-512 by ``random.Random``, the
    same in every process and on every machine."""
    return f"{seed}/{obs.hand_number}/{obs.seat}/{len(obs.history)}"


class SearchBot:
    name = "search"
    #: units of exact search work (a world looked at at one of the other seat's positions, one
    #: to ten microseconds each) an information-set search may take before the bot settles for
    #: searching sampled worlds one by one
    UNITS = 800_000

    def __init__(self, seed: int | None = None, worlds: int = 200, think: float | None = None,
                 epsilon: float = 0.2, others: float | None = None, model: float | None = 0.2,
                 rollouts: int = 1, exact: int = 6000, margin: float = 1.0, opponent_model: int = 1,
                 units: int | None = None, playouts: int | None = None):
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 62)
        self.worlds = worlds
        self.think = think   # a cap in seconds (None or 0: none); the budgets decide the move
        self.epsilon = epsilon
        self.others = others
        self.rollouts = rollouts   # rollouts per world and move
        self.model = model   # randomness of the greedy-or-random model of the other seats; None: none
        self.exact = exact   # most worlds listed for an information-set search; 0: no exact search
        self.margin = margin  # weight of the point margin beside winning
        self.opponent_model = opponent_model   # exact search: the other seat plays as believed (0: at random)
        self.units = units if units is not None else self.UNITS   # work of an information-set search
        self.playouts = playouts   # most rollouts a decision, all moves and worlds (None: no such bound)
        self.last_decision_cut: Cut | None = None   # the last decision, if the clock cut its search

    def choose(self, obs: Observation) -> int:
        self.last_decision_cut = None
        moves = worth_searching(obs.legal_moves)
        if len(moves) == 1:
            return moves[0]
        game = game_of(obs)
        knowledge = Knowledge(obs, game)
        scale = max(1.0, game.hand_value(game.set_mask) / max(2, obs.players))
        deadline = time.perf_counter() + self.think if self.think else None
        rng = random.Random(decision_seed(self.seed, obs))
        model = greedy_or_random(self.model) if self.model is not None else None
        if self.exact and exact.applies(game, obs):
            chosen = self._choose_exactly(obs, game, knowledge, model, scale, deadline, rng)
            if chosen is not None:
                return chosen
        totals = [0.0] * len(moves)
        played = 0
        budget = self.worlds_for(len(moves))
        pace = Pace(deadline)
        for _ in range(budget):
            try:
                world, weight = knowledge.sample_weighted(rng, model)
            except WorldError:
                break
            add_world(totals, world, weight, moves, self.rollouts, rng, self.epsilon, obs.seat,
                      obs.teams[obs.seat], scale, self.others)
            played += 1
            if played < budget and not pace.another_fits():
                self.last_decision_cut = Cut(played, budget, WORLDS)
                break
        if not played:   # no world could be found: a good player's rules of thumb instead
            from .heuristic import HeuristicBot
            return HeuristicBot(rng.randrange(1 << 30)).choose(obs)
        return _best(moves, totals)

    def worlds_for(self, moves: int) -> int:
        """The worlds a decision between ``moves`` moves samples: ``worlds``, fewer where
        ``playouts`` (rollouts in all) would not cover each move's ``rollouts`` in each world."""
        if self.playouts is None:
            return self.worlds
        return max(1, min(self.worlds, self.playouts // (moves * self.rollouts)))

    #: the share of the time left that the information-set search may take under a time
    #: limit; the rest is for searching sampled worlds one by one, should it not finish
    EXACT_SHARE = 0.75

    def _choose_exactly(self, obs: Observation, game, knowledge: Knowledge, model, scale: float,
                        deadline: float | None, rng: random.Random) -> int | None:
        """Exact search in two-seat block; None where it cannot help (the caller then rolls out)."""
        moves = obs.legal_moves
        if not all(is_place(m) for m in moves):
            return None
        worlds = exact.OpponentWorlds(obs, game, knowledge.possible(1 - obs.seat), model)
        if not worlds.count:
            return None
        mine = mask_of(obs.hand)
        left, right = (obs.ends[0][1], obs.ends[1][1]) if obs.lead is not None else (-1, -1)
        firsts = [exact.move_ends(m, left, right) for m in moves]
        utility = exact.Utility(scale, self.margin)
        listed = worlds.all() if worlds.count <= self.exact else None
        if listed is not None and not listed:
            return None
        if listed and obs.lead is not None:
            out_of_time = None
            if deadline is not None:   # the clock, for a slow or loaded machine
                now = time.perf_counter()
                out_of_time = time_up(now + self.EXACT_SHARE * (deadline - now))
            try:
                values = exact.information_set_values(mine, left, right, firsts, listed, utility,
                                                      self.units, self._greedy_share(worlds), out_of_time)
                return _best(moves, values)
            except exact.OutOfTime as cut:
                self.last_decision_cut = Cut(cut.work, self.units, UNITS)
            except exact.TooLarge:
                pass   # over its budget of work: the same on every machine
        if listed is None or len(listed) > self.worlds:
            listed = [w for w in (worlds.sample(rng) for _ in range(self.worlds)) if w[1]]
        greedy = self._greedy_share(worlds)
        totals = [0.0] * len(moves)
        memo: dict = {}
        pace = Pace(deadline)
        for done, (theirs, weight) in enumerate(listed, start=1):
            for j, (t, nl, nr) in enumerate(firsts):
                rest = mine ^ BIT[t]
                value = (utility.out(theirs, True) if not rest
                         else exact.world_value(rest, theirs, nl, nr, False, utility, memo, greedy))
                totals[j] += weight * value
            if done < len(listed) and not pace.another_fits():
                if self.last_decision_cut is None:
                    self.last_decision_cut = Cut(done, len(listed), WORLDS)
                break
        return _best(moves, totals)

    def _greedy_share(self, worlds: "exact.OpponentWorlds") -> float:
        """How often the other seat is expected to shed its heaviest tile, from the belief in the
        greedy-or-random models after its choices so far (0: it is modelled as random)."""
        belief = worlds.belief()
        if not self.opponent_model or len(belief) < 2:
            return 0.0
        return belief[1] * (1.0 - self.model)


class Pace:
    """Whether another world's search fits before a deadline, at the pace of the worlds
    searched since it was made (always, without a deadline: the clock is then never read)."""

    __slots__ = ("deadline", "since", "done")

    def __init__(self, deadline: float | None):
        self.deadline = deadline
        self.since = time.perf_counter() if deadline is not None else 0.0
        self.done = 0

    def another_fits(self) -> bool:
        """Called after each world: True while the next one would end by the deadline."""
        if self.deadline is None:
            return True
        self.done += 1
        now = time.perf_counter()
        return now + (now - self.since) / self.done <= self.deadline


def time_up(deadline: float) -> Callable[[], bool]:
    """A check that the real clock has passed ``deadline``."""
    return lambda: time.perf_counter() > deadline


ANNOUNCE_BIT = ANNOUNCE.bit_length() - 1


def worth_searching(moves: list[int]) -> list[int]:
    """The legal moves less those the search need not weigh (sampled worlds are too few to
    tell near-equal moves apart reliably: a move more is one more chance to pick a worse
    one by luck, and less time for the others):

    * a placement whose announced twin (``m | ANNOUNCE``, the last-tile call) is legal
      too: the call costs nothing and only keeps the last tile free;
    * every bid but the lowest (games for stakes): a higher bid only costs more, since the
      other seats' bids in a rollout are no answer to its size.
    """
    if kind(moves[0]) == DECIDE or kind(moves[-1]) == DECIDE:
        bids = [m for m in moves if is_decision(m) and what_of(m) == BID]
        if len(bids) > 1:
            low = min(bids, key=amount_of)
            return [m for m in moves if m == low or not (is_decision(m) and what_of(m) == BID)]
        return moves
    if not any(m & ANNOUNCE for m in moves if is_place(m)):
        return moves
    announced = {m for m in moves if is_place(m) and m & ANNOUNCE}
    return [m for m in moves if not (is_place(m) and not m & ANNOUNCE and m | ANNOUNCE in announced)]


def _best(moves: list[int], values: list[float]) -> int:
    """The move of highest value; of equal ones the first listed."""
    return moves[max(range(len(moves)), key=lambda i: (values[i], -i))]
