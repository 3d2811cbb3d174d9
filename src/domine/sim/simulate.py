"""Bots playing bots: win rates, points and game statistics, reproducibly.

``simulate(game_id, hands=N)`` (or ``matches=N``) returns a ``Simulation``
dataclass and prints nothing, so research code can call it directly; the
``domine simulate`` command only formats what it returns.

Determinism: the work is cut into fixed blocks whose size does not depend on
the number of worker processes. Block ``b`` plays matches seeded from
``(seed, b, k)`` for k = 0, 1, ... and bots seeded from ``(seed, b, k, seat)``;
in ``hands`` mode it stops after exactly ``block_size`` hands (its last match is
cut short), in ``matches`` mode after ``block_size`` whole matches. Block
tallies are integers added in block order, so the same seed gives the same
numbers whatever ``jobs`` is.

Forced moves (a single legal move) are applied without asking the bot: no bot
could choose anything else, and the bot still sees the move in the history of
its next observation.
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
import math
import os
import signal
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..bots import BotError, make_bot
from ..games.base import Game, GameError
from ..games import make_game
from ..engine.choosers import Among, Seats
from ..engine.match import Match
from ..engine.moves import DRAW, KINDS, PAIR, PLACE
from ..parts.scoring import PENALTY
from .cluster import in_flight, run_on_ray
from ..engine.moves import kind

BLOCK_SIZE = 250          # hands per block in ``hands`` mode
MATCH_BLOCK_SIZE = 25     # matches per block in ``matches`` mode
TASK_BLOCKS = 8           # blocks per task on a Ray cluster (2,000 hands): see sim/cluster.py
MAX_HANDS_PER_MATCH = 100_000   # a guard against a game whose match never ends
KERNEL_BLOCK_SIZE = 20_000      # hands per block of the batch kernel's matches (docs/kernel.md) ...
KERNEL_MATCH_BLOCK_SIZE = 2_000  # ... and matches
PLACINGS = frozenset((PLACE, PAIR))   # the kinds of move that lay tiles on the layout


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Hold Ctrl-C back while the pool starts its workers.

    A ``KeyboardInterrupt`` raised while ``ProcessPoolExecutor`` is forking its
    workers leaves a worker the pool does not know of; the interpreter then
    waits for it at exit, forever. With SIGINT blocked, the interrupt arrives
    once the pool is whole and shuts down cleanly.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def run_blocks(work: Callable, specs: Iterable, jobs: int, cluster: str | None = None,
               per_task: int = 1) -> Iterator[tuple[Any, Any]]:
    """(spec, work(spec)) for every spec, in order; over ``jobs`` worker processes if > 1,
    or on the Ray cluster at ``cluster`` (``"auto"`` or an address, ``sim/cluster.py``: tasks of
    up to ``per_task`` specs each).

    Results come back in the order of ``specs`` whatever the number of processes,
    which is what keeps seeded totals independent of ``jobs``. Only a few specs are in
    flight at a time (``in_flight``): results finished ahead of the one awaited wait in
    memory, records and all, so a long run with a slower reader stays as small as a short one.
    """
    if cluster is not None:
        yield from run_on_ray(work, specs, cluster, per_task)
        return
    if jobs <= 1:
        for spec in specs:
            yield spec, work(spec)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init)
    pending: deque = deque()
    todo = iter(specs)

    def submit() -> None:
        spec = next(todo, None)
        if spec is not None:
            with sigint_deferred():   # a worker may start on any submit
                pending.append((spec, pool.submit(work, spec)))

    try:
        for _ in range(in_flight(jobs)):
            submit()
        while pending:
            spec, future = pending.popleft()
            result = future.result()
            submit()
            yield spec, result
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def derive_seed(*parts: int) -> int:
    """A 63-bit seed from a tuple of ints, stable across processes and Python versions."""
    text = "/".join(map(str, map(int, parts))).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


@dataclass
class SeatStats:
    seat: int
    bot: str
    team: int
    wins: int                    # hands won (hands mode) or matches won (matches mode)
    win_rate: float
    win_rate_ci: tuple[float, float]
    mean_points: float           # points of the seat's team per hand
    hand_wins: int               # hands won, in both modes
    # games for stakes: mean tokens won per hand (hands mode) or per match, and its 95% interval
    mean_tokens: float | None = None
    tokens_ci: tuple[float, float] | None = None

    def to_json(self) -> dict:
        d = {"seat": self.seat, "bot": self.bot, "team": self.team, "wins": self.wins,
             "win_rate": self.win_rate, "win_rate_ci": list(self.win_rate_ci),
             "mean_points_per_hand": self.mean_points, "hands_won": self.hand_wins}
        if self.mean_tokens is not None:   # games for stakes
            d["mean_tokens"] = self.mean_tokens
            d["tokens_ci"] = list(self.tokens_ci)
        return d


@dataclass
class Simulation:
    game: str
    players: int
    mode: str                    # "hands" or "matches"
    hands: int
    matches: int                 # whole matches played (in hands mode, cut-short ones excluded)
    seed: int
    options: dict
    bots: list[str]
    seats: list[SeatStats]
    blocked_rate: float          # share of hands ending blocked or with a dead layout
    mean_moves: float            # the seats' moves per hand (a record's moves: draws and passes included)
    hands_without_winner: int
    drawn_matches: int
    elapsed: float               # seconds, wall clock
    hands_per_second: float
    blocks: int                  # work chunks (fixed-size pieces of the run; "work_chunks" in JSON)
    reasons: dict = field(default_factory=dict)   # hand end reason -> count
    points_are_penalties: bool = False            # the game counts points against (lowest wins)
    tokens_per: str | None = None                 # games for stakes: tokens are "hand" or "match" means
    interrupted: bool = False                     # stopped by Ctrl-C: the results so far
    requested: int = 0                            # hands or matches asked for
    mean_events: float = 0.0                      # every event of a hand's log: the moves, and the
                                                  # rules' own (skipped turns, tokens, scores, the end)
    lengths: dict = field(default_factory=dict)   # the seats' moves in a hand -> hands
    team_points: list = field(default_factory=list)   # per team: points in a hand -> hands
    first_hands: int = 0                          # hands with a lead ...
    first_wins: int = 0                           # ... won by the leader's team
    fair_share: float = 0.0                       # a team's share of the hands won, on average

    @property
    def first_rate(self) -> float:
        """The share of hands won by the team of the seat that led."""
        return self.first_wins / self.first_hands if self.first_hands else 0.0

    @property
    def first_advantage(self) -> tuple[float, float, float]:
        """How much more often the leader's team wins than a team's fair share: the
        difference and its 95% interval (Wilson's, shifted)."""
        lo, hi = wilson_interval(self.first_wins, self.first_hands)
        fair = self.fair_share
        return self.first_rate - fair, lo - fair, hi - fair

    def to_json(self) -> dict:
        """The JSON of ``domine simulate --json`` (its schema: docs/simulate-arena-json.md)."""
        extra = {"tokens_per": self.tokens_per} if self.tokens_per else {}
        return {**extra,
            "game": self.game, "players": self.players, "mode": self.mode,
            "requested": self.requested, "interrupted": self.interrupted,
            "hands_played": self.hands, "matches_completed": self.matches, "seed": self.seed,
            "options": self.options, "bots": self.bots,
            "hands_per_second": self.hands_per_second, "elapsed_seconds": self.elapsed,
            "blocked_rate": self.blocked_rate, "mean_moves_per_hand": self.mean_moves,
            "mean_events_per_hand": self.mean_events,
            "hands_without_winner": self.hands_without_winner, "drawn_matches": self.drawn_matches,
            "hand_end_reasons": dict(sorted(self.reasons.items())), "work_chunks": self.blocks,
            "points_are_penalties": self.points_are_penalties,
            "seats": [s.to_json() for s in self.seats],
            "moves_per_hand_counts": {str(k): v for k, v in sorted(self.lengths.items())},
            "points_per_hand_counts": [{str(k): v for k, v in sorted(c.items())} for c in self.team_points],
            "first_mover": {"hands": self.first_hands, "wins": self.first_wins, "win_rate": self.first_rate,
                            "win_rate_ci": list(wilson_interval(self.first_wins, self.first_hands)),
                            "fair_share": self.fair_share},
        }


@dataclass
class BlockTally:
    """Integer counts of one block; blocks add up exactly."""

    hands: int = 0
    matches: int = 0
    moves: int = 0                # the seats' moves (seat_moves)
    events: int = 0               # every event of the hands' logs
    blocked: int = 0
    no_winner: int = 0
    drawn_matches: int = 0
    hand_wins: list[int] = field(default_factory=list)
    match_wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    reasons: dict = field(default_factory=dict)
    tokens: list[int] = field(default_factory=list)      # games for stakes: sums per seat ...
    tokens_sq: list[int] = field(default_factory=list)   # ... and sums of squares (per hand or match)
    records: list = field(default_factory=list)   # match records, when the spec asks for them
    # the shapes behind the means (plots, studies): how many hands had each value
    lengths: dict = field(default_factory=dict)          # seats' moves in a hand -> hands
    team_points: list = field(default_factory=list)      # per team: points in a hand -> hands
    first_hands: int = 0          # hands with a first placement (a lead)
    first_wins: int = 0           # ... won by the team of the seat that made it
    team_wins: int = 0            # winning teams, summed over hands
    team_slots: int = 0           # teams at the table, summed over hands (team_wins / team_slots:
                                  # a team's fair share of the hands)

    def add(self, other: "BlockTally") -> None:
        self.hands += other.hands
        self.matches += other.matches
        self.moves += other.moves
        self.events += other.events
        self.blocked += other.blocked
        self.no_winner += other.no_winner
        self.drawn_matches += other.drawn_matches
        for name in ("hand_wins", "match_wins", "points", "tokens", "tokens_sq"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if not mine:
                mine.extend([0] * len(theirs))
            for i, v in enumerate(theirs):
                mine[i] += v
        for k, v in other.reasons.items():
            self.reasons[k] = self.reasons.get(k, 0) + v
        for k, v in other.lengths.items():
            self.lengths[k] = self.lengths.get(k, 0) + v
        if not self.team_points:
            self.team_points.extend({} for _ in other.team_points)
        for mine, theirs in zip(self.team_points, other.team_points):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.first_hands += other.first_hands
        self.first_wins += other.first_wins
        self.team_wins += other.team_wins
        self.team_slots += other.team_slots


@dataclass(frozen=True)
class BlockSpec:
    game: str
    players: int
    options: tuple                # ((key, value), ...) as given
    bots: tuple[str, ...]
    seed: int
    block: int
    mode: str                     # "hands" or "matches"
    size: int                     # hands or matches this block plays
    record: bool = False          # keep every match as a record (simulate --record-dir / --jsonl)
    variant: str | None = None    # a variant file's text: the game is the variant's (domine.variants)
    kernel: str = ""              # "": the engine as ever; "numba" or "reference": the batch kernel's
                                  # matches and stream, played by the kernel or by the engine


def play_hand(state, bots) -> None:
    """Play one hand to its end with bots that see only their observation.

    The engine asks a bot only for real choices. A bot that reads nothing but the legal
    moves (``needs_view = False``) is asked as the engine's choosers are
    (``domine.engine.choosers``: its ``chooser()``, else its ``choose_among``), which lets
    the game's fast path play; any other bot sees its observation at every choice.
    """
    state.play_out(blind_choosers(bots) or choosers_of(state, bots))


def blind_choosers(bots) -> list | None:
    """The engine's choosers of bots that all read nothing but the legal moves (None if one
    reads more): made once for a match, the bots' own generators inside."""
    if any(getattr(bot, "needs_view", True) for bot in bots):
        return None
    return Seats(bot.chooser() if hasattr(bot, "chooser") else Among(bot.choose_among) for bot in bots)


def choosers_of(state, bots, match=None) -> list:
    """What ``play_hand`` hands the engine for each seat of ``state``; with ``match``, the
    moves of searches the clock cut are kept for its record (``domine.records.note_cut``)."""
    def viewer(seat: int, bot):
        if match is None:
            return lambda moves: bot.choose(state.observation(seat, moves))
        from ..records import note_cut

        def choose(moves):
            move = bot.choose(state.observation(seat, moves))
            note_cut(match, state, getattr(bot, "last_decision_cut", None))
            return move
        return choose

    return [viewer(seat, bot) if getattr(bot, "needs_view", True) else
            bot.chooser() if hasattr(bot, "chooser") else Among(bot.choose_among) for seat, bot in enumerate(bots)]


def seat_moves(history: list, forced: frozenset) -> int:
    """The seats' moves in a hand's log: its events less those the rules make (``forced``: the
    codes of the forced kinds: skipped turns, turned-up tiles, markers, tokens, scores, the end)."""
    moves = len(history)
    for _, event in history:
        if event >= DRAW and kind(event) in forced:   # (placements, kind 0, are the most)
            moves -= 1
    return moves


def first_placer(history: list) -> int | None:
    """The seat that made the hand's first placement (its lead), or None if nobody placed."""
    for actor, event in history:
        if actor >= 0 and kind(event) in PLACINGS:
            return actor
    return None


def run_block(spec: BlockSpec) -> BlockTally:
    """Play one block; a module-level function so that worker processes can run it."""
    if spec.variant is not None:   # a worker process knows the variant once it has read it
        from ..variants import load_variant
        load_variant(spec.variant)
    if spec.kernel:
        return kernel_block(spec)
    game = make_game(spec.game, spec.players, dict(spec.options))
    n = game.players
    teams = game.teams(n)
    n_teams = max(teams) + 1
    tally = BlockTally(hand_wins=[0] * n, match_wins=[0] * n, points=[0] * n,
                       team_points=[{} for _ in range(n_teams)])
    hand_wins, points, reasons = tally.hand_wins, tally.points, tally.reasons
    lengths, team_points = tally.lengths, tally.team_points
    forced = frozenset(code for code, kind in KINDS.items() if kind.forced)
    stakes = game.stakes
    if stakes:
        tally.tokens, tally.tokens_sq = [0] * n, [0] * n
    by_hands = spec.mode == "hands"
    seats = range(n)
    # bots that can be seeded again (reseed) are made once a block, their choosers with them
    bots = [make_bot(name, 0) for name in spec.bots]
    reseed = all(hasattr(bot, "reseed") for bot in bots)
    choosers = blind_choosers(bots)
    k = 0
    while True:
        if by_hands and tally.hands >= spec.size:
            break
        if not by_hands and tally.matches >= spec.size:
            break
        match = Match(game, seed=derive_seed(spec.seed, spec.block, k), keep_hands=spec.record)
        seeds = [derive_seed(spec.seed, spec.block, k, seat) for seat in range(len(spec.bots))]
        if reseed:   # the block's bots, seeded again: as make_bot(name, seed) makes them
            for bot, seed in zip(bots, seeds):
                bot.reseed(seed)
        else:
            bots = [make_bot(name, seeds[seat]) for seat, name in enumerate(spec.bots)]
            choosers = blind_choosers(bots)
        number = k
        k += 1
        played = 0
        match_tokens = [0] * n
        # the hands' counts in locals, added to the tally once the match is over or cut short
        left = spec.size - tally.hands if by_hands else MAX_HANDS_PER_MATCH + 1
        events = moves = blocked = no_winner = 0
        while not match.over:
            if played >= left:
                break
            if played >= MAX_HANDS_PER_MATCH:
                raise GameError(f"a match of {spec.game} did not end after {played} hands")
            state = match.start_hand()
            state.play_out(choosers or choosers_of(state, bots, match if spec.record else None))
            result = state.result
            history = state.history
            played += 1
            events += len(history)
            length = seat_moves(history, forced)
            moves += length
            lengths[length] = lengths.get(length, 0) + 1
            reason = result.reason
            reasons[reason] = reasons.get(reason, 0) + 1
            if reason == "blocked" or reason == "dead":
                blocked += 1
            winners = result.winners
            if not winners:
                no_winner += 1
            for s in winners:
                hand_wins[s] += 1
            hand_teams = state.teams
            won_by = {hand_teams[s] for s in winners}
            tally.team_wins += len(won_by)
            tally.team_slots += max(hand_teams) + 1
            first = first_placer(history)
            if first is not None:
                tally.first_hands += 1
                tally.first_wins += hand_teams[first] in won_by
            won = result.points
            for t, p in enumerate(won[:n_teams]):
                counts = team_points[t]
                counts[p] = counts.get(p, 0) + 1
            for s in seats:
                points[s] += won[teams[s]]
            if stakes:
                won = state.rules["ledger"].won()
                for s in seats:
                    if by_hands:
                        tally.tokens[s] += won[s]
                        tally.tokens_sq[s] += won[s] * won[s]
                    else:
                        match_tokens[s] += won[s]
            match.finish_hand()
        tally.hands += played
        tally.events += events
        tally.moves += moves
        tally.blocked += blocked
        tally.no_winner += no_winner
        if match.over:
            if stakes and not by_hands:
                for s in seats:
                    tally.tokens[s] += match_tokens[s]
                    tally.tokens_sq[s] += match_tokens[s] * match_tokens[s]
            tally.matches += 1
            if not match.result.winners:
                tally.drawn_matches += 1
            for s in match.result.winners:
                tally.match_wins[s] += 1
        if spec.record and match.hands:
            from ..records import match_record
            rec = match_record(match, list(spec.bots))
            rec["bots"] = {"seeds": seeds, "asks_forced": False}
            rec["simulation"] = {"seed": spec.seed, "chunk": spec.block, "match": number}
            tally.records.append(rec)
    return tally


def kernel_block(spec: BlockSpec) -> BlockTally:
    """A block of the batch kernel's matches (``domine.kernel``, docs/kernel.md): played by the
    kernel (``spec.kernel == "numba"``) or by the engine from the same stream ("reference"),
    the same counts either way. Block ``b`` draws from the stream seeded
    ``derive_seed(seed, b)``."""
    from ..kernel import prepared, reference
    game, plan = prepared(spec.game, spec.players, spec.options, spec.bots)
    block_seed = derive_seed(spec.seed, spec.block)
    by_hands = spec.mode == "hands"
    if spec.kernel == "numba":
        from ..kernel import line
        counts = line.run(game, plan, block_seed, by_hands, spec.size)
    else:
        counts = reference.play_block(game, spec.bots, block_seed, by_hands, spec.size)
    return BlockTally(**counts)


def _worker_init() -> None:
    # Ctrl-C is the parent's to handle: it cancels the blocks not yet started.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def resolve_bots(bots: Sequence[str] | str | None, players: int | None, min_players: int) -> tuple[list[str], int]:
    """Bot names per seat, and the player count.

    Without ``players``: as many players as bots named, but at least the game's
    minimum. A list shorter than the table is repeated seat by seat (one name
    fills every seat; ``greedy,random`` at four seats is two partnerships).
    """
    if bots is None:
        names = ["greedy"]
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",")]
    else:
        names = [str(b).strip() for b in bots]
    if not names or any(not b for b in names):
        raise BotError("an empty bot name in the bot list")
    if players is None:
        players = max(len(names), min_players)
    if len(names) > players:
        raise BotError(f"{len(names)} bots given for {players} players")
    names = [names[s % len(names)].lower() for s in range(players)]
    for name in set(names):
        make_bot(name, 0)   # raises BotError for an unknown name
    return names, players


def simulate(
    game: str,
    *,
    hands: int | None = None,
    matches: int | None = None,
    players: int | None = None,
    bots: Sequence[str] | str | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    block_size: int | None = None,
    progress: Callable[[int], None] | None = None,
    records: Callable[[dict], None] | None = None,
    variant: str | None = None,
    kernel: str = "auto",
    cluster: str | None = None,
    shapes: bool = False,
) -> Simulation:
    """Bots play ``hands`` hands or ``matches`` matches of ``game``.

    ``progress`` is called after each block with the hands (or matches) it played;
    ``records``, if given, with every match as a record (``domine.records``; in
    ``hands`` mode a block's last match is cut short, its record unfinished), in order.
    Ctrl-C (``KeyboardInterrupt``) stops the run: the blocks finished so far are
    returned, with ``interrupted`` set.
    ``variant``: a variant file's text (``domine.variants``), whose game is played instead of ``game``.
    ``kernel``: "auto", "on" or "off" (``domine.kernel.mode``): for a game and bots the batch
    kernel covers, its matches and random stream, played by the kernel (numba) or by the engine
    (off, or with records); the same results for a seed either way.
    ``cluster`` (``"auto"`` or a Ray address) plays the same blocks on a Ray cluster instead of
    ``jobs`` processes, with the same results. ``shapes``: the distributions behind the means
    (hand lengths, points per hand, the first player's wins) are wanted, for a plot or a study:
    the engine plays, as the kernel does not count them.
    Raises ``GameError`` / ``BotError`` for a game, option or bot that does not exist,
    ``domine.kernel.NotCovered`` for ``kernel="on"`` where the kernel cannot play, and
    ``ClusterError`` (``sim/cluster.py``) when Ray is missing or the cluster cannot be reached.
    """
    if (hands is None) == (matches is None):
        raise GameError("give either a number of hands or a number of matches")
    total = hands if hands is not None else matches
    mode = "hands" if hands is not None else "matches"
    if total < 1:
        raise GameError(f"the number of {mode} must be at least 1")
    from ..games import game_class
    if variant is not None:
        from ..variants import load_variant
        cls = load_variant(variant)
    else:
        cls = game_class(game)
    names, players = resolve_bots(bots, players, cls.min_players)
    opts = dict(options or {})
    probe: Game = make_game(cls.id, players, opts)   # validates players and options up front
    from ..kernel import mode as kernel_mode
    played_by = kernel_mode(kernel, probe, names, records is not None, shapes)
    size = block_size or ((KERNEL_BLOCK_SIZE if mode == "hands" else KERNEL_MATCH_BLOCK_SIZE) if played_by else
                          (BLOCK_SIZE if mode == "hands" else MATCH_BLOCK_SIZE))
    specs = []
    left, b = total, 0
    while left > 0:
        n = min(size, left)
        specs.append(BlockSpec(cls.id, players, tuple(sorted(opts.items())), tuple(names), seed, b, mode, n,
                               records is not None, variant, played_by))
        left -= n
        b += 1
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    jobs = min(jobs, len(specs))

    tally = BlockTally(hand_wins=[0] * players, match_wins=[0] * players, points=[0] * players)
    start = time.perf_counter()
    interrupted = False
    try:
        for spec, result in run_blocks(run_block, specs, jobs, cluster, TASK_BLOCKS):
            for rec in result.records:
                records(rec)
            result.records = []
            tally.add(result)
            if progress:
                progress(spec.size)
    except KeyboardInterrupt:
        interrupted = True   # the results of the blocks done so far
    elapsed = time.perf_counter() - start

    teams = probe.teams(players)
    units = (tally.hands if mode == "hands" else tally.matches) if probe.stakes else 0
    seats = []
    for s in range(players):
        wins = tally.hand_wins[s] if mode == "hands" else tally.match_wins[s]
        trials = tally.hands if mode == "hands" else tally.matches
        seats.append(SeatStats(
            seat=s, bot=names[s], team=teams[s], wins=wins,
            win_rate=wins / trials if trials else 0.0,
            win_rate_ci=wilson_interval(wins, trials),
            mean_points=tally.points[s] / tally.hands if tally.hands else 0.0,
            hand_wins=tally.hand_wins[s],
            **(token_stats(tally.tokens[s], tally.tokens_sq[s], units) if units else {}),
        ))
    return Simulation(
        game=cls.id, players=players, mode=mode, hands=tally.hands, matches=tally.matches,
        seed=seed, options=effective_options(probe), bots=names, seats=seats,
        blocked_rate=tally.blocked / tally.hands if tally.hands else 0.0,
        mean_moves=tally.moves / tally.hands if tally.hands else 0.0,
        mean_events=tally.events / tally.hands if tally.hands else 0.0,
        hands_without_winner=tally.no_winner, drawn_matches=tally.drawn_matches,
        elapsed=elapsed, hands_per_second=tally.hands / elapsed if elapsed > 0 else 0.0,
        blocks=len(specs), reasons=dict(tally.reasons), points_are_penalties=probe.points == PENALTY,
        tokens_per=("hand" if mode == "hands" else "match") if probe.stakes else None,
        interrupted=interrupted, requested=total,
        lengths=dict(sorted(tally.lengths.items())), team_points=[dict(sorted(c.items())) for c in tally.team_points],
        first_hands=tally.first_hands, first_wins=tally.first_wins,
        fair_share=tally.team_wins / tally.team_slots if tally.team_slots else 0.0,
    )


def token_stats(total: int, squares: int, count: int, z: float = 1.959963984540054) -> dict:
    """Mean tokens won and the normal 95% interval (sample sd) from a sum and a sum of squares."""
    mean = total / count
    if count < 2:
        return {"mean_tokens": mean, "tokens_ci": (None, None)}
    var = max(0.0, (squares - count * mean * mean) / (count - 1))
    half = z * math.sqrt(var / count)
    return {"mean_tokens": mean, "tokens_ci": (mean - half, mean + half)}




def effective_options(game: Game) -> dict:
    """The game's options as played: an option left to its default (``None``, such as the
    target) shows the value the game uses (the game's attribute of that name)."""
    out = {}
    for name, value in game.option_values.items():
        if value is None:
            value = game.deal_size(game.players) if name == "hand_size" else getattr(game, name, None)
        out[name] = value
    return out


__all__ = ["Simulation", "SeatStats", "simulate", "effective_options", "token_stats", "run_block", "play_hand",
           "wilson_interval", "derive_seed"]
