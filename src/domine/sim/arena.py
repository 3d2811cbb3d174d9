"""Two bots against each other on duplicate deals: which one is stronger, and by how much.

``run_arena("greedy", "random", "block", deals=N)`` returns an ``ArenaResult``
dataclass and prints nothing; the ``domine arena`` command only formats it.

Duplicate deals
    Deal ``i`` is dealt from ``random.Random(derive_seed(seed, i))`` with the
    game's own ``deal`` (redealt, as at the start of a match, while the game
    asks for it) and played as one hand, the first hand of a match, *twice*:

    * play 0, seating X: seat ``s`` gets bot A when ``s`` is even and B when it
      is odd (A, B, A, B, ...);
    * play 1, the swap: B, A, B, A, ...

    In a partnership game (seats 0+2 against 1+3) the two plays therefore swap
    the teams: each bot plays the same cards once as each team. With an odd
    number of seats, X gives A one seat more than B (A, B, A) and the swap gives
    B one seat more (B, A, B), so the pair of plays is symmetric: neither bot
    has more seats over a deal. Luck of the deal cancels within a pair; only
    the bots' decisions (and, for bots that use randomness, their seeds) differ.

Whole matches (``unit="match"``)
    A game whose hands decide nothing alone (``Game.arena_unit = "match"``: italian and
    rotating-partners pay their pot only when the match ends), or any game when asked,
    plays deal ``i`` as a whole *match* dealt from the seed ``derive_seed(seed, i)``,
    twice with the same seatings as above. Both plays of a deal get the same cards for
    as long as their matches run alike (each hand is dealt from the match's own
    generator, not from the bots' choices); outcome, margin and tokens are then the
    match's: its winners, its final scores and its final balances.

Bots
    Every seat of every play gets its own bot instance from
    ``make_bot(name, derive_seed(seed, i, play, seat))``. A bot sees only its
    seat's observation. A forced move (one legal move) is applied without
    asking the bot; it is neither timed nor counted as a decision.

Scoring
    * A play's outcome for A (``outcome_of_play``): 1 if some seat of A is among
      the hand's winners and no seat of B is; 0 if a seat of B is and no seat of
      A; 0.5 otherwise (nobody won, or a tie).
    * A play's margin for A (``margin_of_play``): the points of A's seats'
      teams minus those of B's seats' teams, each side averaged over its seats
      (so it is per seat when a side holds two seats of an individual game);
      in games whose points are penalties (``game.points == PENALTY``) the sign is
      flipped, so a positive margin always favours A.
    * In a game for stakes, a play's token margin is A's tokens won minus B's, each side
      averaged over its seats (per hand, or over the whole match).
    * A deal's score is the mean of its two plays' outcomes, its margin the
      mean of the two margins; the deal *differs* when the two outcomes differ.

Statistics
    * ``win_rate`` is the mean outcome over all plays (= the mean deal score).
      Ties count one half, so wins are not binomial and no Wilson interval
      applies: the 95% interval is the normal one over the per-deal scores,
      mean ± 1.96·sd/√deals (sample sd), clipped to [0, 1] (``mean_ci``).
    * ``margin`` is the mean deal margin with the same normal interval (not
      clipped). With a single deal there is no sd: the intervals are
      [0, 1] for the win rate and null (JSON) for the margin.
    * ``p_value``: a two-sided exact sign test over the deals whose score is
      not 0.5 (successes: deals scoring above 0.5), ``sign_test_p``.

Determinism: deals are cut into fixed blocks of ``BLOCK_SIZE`` deals whatever
``jobs`` is; each block is a pure function of its spec and the parent adds the
blocks' per-deal values in block order, so the same seed gives the same
numbers with any number of worker processes (timings aside).
"""

from __future__ import annotations

import math
import os
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from ..bots import BotError, make_bot as domine_bot
from ..games.base import Game
from ..games import game_class, make_game
from ..engine.hand import Deal, HandContext
from ..engine.match import Match
from ..engine.moves import MoveError
from ..parts.scoring import PENALTY
from ..records import cut_marks, mark_cut
from ..engine.moves import KINDS
from .simulate import MAX_HANDS_PER_MATCH, derive_seed, effective_options, run_blocks, seat_moves

BLOCK_SIZE = 10          # deals per block: each deal stands alone, so this changes no result
TASK_BLOCKS = 20         # blocks per task on a Ray cluster (200 deals, 400 plays): see sim/cluster.py
UNITS = ("hand", "match")   # what a deal is played as
FORCED = frozenset(code for code, kind in KINDS.items() if kind.forced)   # events no seat chose
Z95 = 1.96               # the normal quantile of the 95% intervals


def make_bot(name: str, seed: int | None = None):
    """A bot by name: one of domine's (``bots.make_bot``), or OpenSpiel's ISMCTS played through
    the OpenSpiel registration of the game (``openspiel:ismcts:N``, ``domine.rl.spiel``)."""
    family, _, spec = name.strip().lower().partition(":")
    if family != "openspiel":
        return domine_bot(name, seed)
    try:
        from ..rl.spiel import make_ismcts
    except ImportError:
        raise BotError("the bot openspiel:... needs OpenSpiel: pip install 'domine[rl]'") from None
    try:
        return make_ismcts(spec, seed)
    except ValueError as e:
        raise BotError(str(e)) from None


class ArenaError(ValueError):
    """An arena that cannot run as asked (no deals), or a bot that broke the rules."""


class ArenaInterrupted(ArenaError):
    """Ctrl-C came before a single deal was played to its end: there is nothing to report."""


# ---------------------------------------------------------------------------------------
# Small pure pieces: seating, a play's outcome and margin, the statistics
# ---------------------------------------------------------------------------------------
def seat_sides(players: int, swapped: bool = False) -> tuple[str, ...]:
    """Which bot sits where: X is A, B, A, B, ... (even seats A); the swap is B, A, B, A, ..."""
    first, second = ("B", "A") if swapped else ("A", "B")
    return tuple(first if s % 2 == 0 else second for s in range(players))


def game_sides(game: Game, swapped: bool = False) -> tuple[str, ...]:
    """``seat_sides``, unless the first hand's partnerships are not seats 0+2 against 1+3
    (rotating-partners starts with I+II against III+IV): then A holds the partnership of
    seat 0 and B the other (swapped: the other way round)."""
    n = game.players
    teams = game.hand_teams(HandContext(hand_number=1), n)
    if max(teams) + 1 != 2 or n <= 2 or teams == [s % 2 for s in range(n)]:
        return seat_sides(n, swapped)
    first, second = ("B", "A") if swapped else ("A", "B")
    return tuple(first if t == teams[0] else second for t in teams)


def outcome_of_play(winners: Iterable[int], sides: Sequence[str]) -> float:
    """A's outcome of one play: 1 if only A's seats won, 0 if only B's, 0.5 otherwise."""
    won = {sides[s] for s in winners}
    if "A" in won and "B" not in won:
        return 1.0
    if "B" in won and "A" not in won:
        return 0.0
    return 0.5


def margin_of_play(points: Sequence[int], teams: Sequence[int], sides: Sequence[str],
                   penalties: bool = False) -> float:
    """A's points minus B's, each side averaged over its seats; positive always favours A.

    ``points`` are per team, ``teams`` maps seat -> team, ``penalties`` says the
    game counts points against (lowest wins), which flips the sign.
    """
    a = [points[teams[s]] for s, side in enumerate(sides) if side == "A"]
    b = [points[teams[s]] for s, side in enumerate(sides) if side == "B"]
    m = sum(a) / len(a) - sum(b) / len(b)
    return -m if penalties else m


def mean_ci(values: Sequence[float], z: float = Z95, lo_clip: float | None = None,
            hi_clip: float | None = None) -> tuple[float, float, float]:
    """(mean, lo, hi): the normal interval mean ± z·sd/√n with the sample sd (n - 1).

    With fewer than two values there is no sd: the interval is (-inf, inf)
    before clipping.
    """
    n = len(values)
    if n == 0:
        raise ValueError("mean_ci of no values")
    mean = math.fsum(values) / n
    if n < 2:
        lo, hi = -math.inf, math.inf
    else:
        var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
        half = z * math.sqrt(var / n)
        lo, hi = mean - half, mean + half
    if lo_clip is not None:
        lo = max(lo, lo_clip)
    if hi_clip is not None:
        hi = min(hi, hi_clip)
    return mean, lo, hi


def sign_test_p(successes: int, trials: int) -> float:
    """Two-sided exact sign test: P(a result at least this lopsided) under p = 1/2.

    ``2 · Σ_{k ≤ min(s, n-s)} C(n, k) / 2^n``, capped at 1. The tail is summed
    from its largest term down and stops once the terms no longer change a
    double, so it stays fast for hundreds of thousands of trials.
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    if trials == 0:
        return 1.0
    k = min(successes, trials - successes)
    if 2 * k >= trials:
        return 1.0
    term = math.comb(trials, k)
    tail = 0
    i = k
    while True:
        tail += term
        if i == 0 or term << 80 < tail:
            break
        term = term * i // (trials - i + 1)   # C(n, i-1) from C(n, i), exactly
        i -= 1
    return min(1.0, 2 * tail / (1 << trials))


# ---------------------------------------------------------------------------------------
# Playing blocks of deals
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArenaBlock:
    game: str
    players: int
    options: tuple                # ((key, value), ...) as given
    bot_a: str
    bot_b: str
    seed: int
    start: int                    # index of the first deal
    count: int                    # deals in this block
    record: bool = False          # keep every play as a record (arena --record-dir / --jsonl)
    unit: str = "hand"            # "hand": a deal is one hand; "match": a whole match
    variant: str | None = None    # a variant file's text: the game is the variant's (domine.variants)


@dataclass
class BlockResult:
    """Per-deal values of one block, in deal order, and the bots' time."""

    outcomes: list[tuple[float, float]] = field(default_factory=list)   # (play 0, play 1), for A
    margins: list[tuple[float, float]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])    # A, B: time in choose()
    decisions: list[int] = field(default_factory=lambda: [0, 0])        # A, B: non-forced decisions
    tokens: list[tuple[float, float]] = field(default_factory=list)     # games for stakes: A's token margin
    records: list[dict] = field(default_factory=list)                   # every play, when asked
    hands: int = 0                                                      # hands played, all plays
    interrupted: bool = False         # Ctrl-C stopped the block: the deals before it are whole
    reasons: dict = field(default_factory=dict)   # how the hands ended: reason -> hands
    lengths: dict = field(default_factory=dict)   # the seats' moves in a hand -> hands


def deal_for(game: Game, seed: int, i: int) -> Deal:
    """Deal ``i`` of an arena: the same for both plays and every bot pairing."""
    rng = random.Random(derive_seed(seed, i))
    deal = game.deal(rng)
    if game.redeals:
        ctx = HandContext()
        while game.needs_redeal([sum(1 << t for t in h) for h in deal.hands], ctx):
            deal = game.deal(rng)
    return deal


def play_deal(game: Game, deal: Deal, names: dict[str, str], sides: Sequence[str], seeds: Sequence[int],
              seconds: list[float], decisions: list[int], where: str = "", cuts: dict | None = None) -> Any:
    """Play ``deal`` as one hand with the bots named by side; return the finished state.

    ``seeds`` are the bots' seeds per seat; the time each side spends choosing
    is added to ``seconds`` and its decisions to ``decisions`` (index 0 A, 1 B); the moves
    of searches the clock cut go into ``cuts`` (``domine.records.mark_cut``).
    """
    bots = [make_bot(names[side], seeds[s]) for s, side in enumerate(sides)]
    n_teams = max(game.teams(len(sides))) + 1
    state = game.new_hand(Deal([h[:] for h in deal.hands], deal.stock[:], deal.aside[:]),
                          HandContext(hand_number=1, scores=[game.starting_score] * n_teams, target=game.target))
    play_out(state, bots, names, sides, seconds, decisions, where, cuts)
    return state


def play_match(game: Game, match_seed: int, names: dict[str, str], sides: Sequence[str], seeds: Sequence[int],
               seconds: list[float], decisions: list[int], where: str = "", keep_hands: bool = False,
               each_hand: Callable[[Any], None] | None = None) -> Match:
    """Play a whole match dealt from ``match_seed`` with the bots named by side (one bot per
    seat for the whole match); return the finished match. ``each_hand`` sees every hand
    once it is over."""
    bots = [make_bot(names[side], seeds[s]) for s, side in enumerate(sides)]
    match = Match(game, seed=match_seed, keep_hands=keep_hands)
    while not match.over:
        if match.hands_played >= MAX_HANDS_PER_MATCH:
            raise ArenaError(f"a match of {game.id} did not end after {match.hands_played} hands{where}")
        state = match.start_hand()
        play_out(state, bots, names, sides, seconds, decisions,
                 f"{where}, hand {state.context.hand_number}", cut_marks(match) if keep_hands else None)
        if each_hand is not None:
            each_hand(state)
        match.finish_hand()
    return match


def play_out(state, bots, names: dict[str, str], sides: Sequence[str], seconds: list[float],
             decisions: list[int], where: str, cuts: dict | None = None) -> None:
    """Finish the hand ``state`` with one bot per seat, timing and counting each side's
    decisions; a forced move is applied without asking. With ``cuts``, the moves of
    searches the clock cut are kept there for the record."""
    idx = [0 if side == "A" else 1 for side in sides]
    clock = time.perf_counter
    while not state.over:
        moves = state.legal_moves()
        if len(moves) == 1:
            state.apply_unchecked(moves[0])
            continue
        seat = state.acting_seat()
        obs = state.observation(seat)
        t0 = clock()
        move = bots[seat].choose(obs)
        seconds[idx[seat]] += clock() - t0
        decisions[idx[seat]] += 1
        if cuts is not None:
            mark_cut(cuts, state, getattr(bots[seat], "last_decision_cut", None))
        try:
            state.apply(move)
        except MoveError as e:
            side = sides[seat]
            raise ArenaError(f"bot {names[side]} (side {side}, seat {seat}{where}) made an illegal move "
                             f"{move!r}: {e}") from None


def play_record(game: Game, state, names: dict[str, str], sides: Sequence[str], seeds: Sequence[int],
                where: dict, cuts: dict | None = None) -> dict:
    """One arena play as a domine record: its hand, the bots by seat and their seeds; no
    match result (a play is one hand, not a match). ``where`` says which deal and play."""
    from ..records import FORMAT, VERSION, hand_record, options_given
    return {
        "format": FORMAT, "version": VERSION, "game": game.id,
        **({"variant": game.variant_source} if getattr(game, "variant_source", None) is not None else {}),
        "players": game.players, "options": options_given(game), "seed": None, "seats": [names[side] for side in sides],
        "hands": [hand_record(state, 1, None, cuts=(cuts or {}).get(1))],
        "bots": {"seeds": list(seeds), "asks_forced": False},
        "arena": {**where, "sides": list(sides)},
    }


def run_block(spec: ArenaBlock) -> BlockResult:
    """Play one block of deals; module-level so worker processes can run it."""
    if spec.variant is not None:   # a worker process knows the variant once it has read it
        from ..variants import load_variant
        load_variant(spec.variant)
    game = make_game(spec.game, spec.players, dict(spec.options))
    penalties = game.points == PENALTY
    names = {"A": spec.bot_a, "B": spec.bot_b}
    seatings = (game_sides(game, False), game_sides(game, True))
    out = BlockResult()
    try:
        for i in range(spec.start, spec.start + spec.count):
            _play_both(spec, game, i, names, seatings, penalties, out)
    except KeyboardInterrupt:   # one process: keep the deals played to their end
        out.interrupted = True
    return out


def _play_both(spec: ArenaBlock, game: Game, i: int, names: dict[str, str], seatings, penalties: bool,
               out: BlockResult) -> None:
    """Deal ``i``'s two plays, added to ``out`` only once both are over."""
    n = game.players
    oc, mg, tk, recs, hands = [], [], [], [], 0
    ends: list[tuple[str, int]] = []   # (how, moves) of every hand of the deal

    def seen(state) -> None:
        ends.append((state.result.reason, seat_moves(state.history, FORCED)))
    deal = deal_for(game, spec.seed, i) if spec.unit == "hand" else None
    for play, sides in enumerate(seatings):
        seeds = [derive_seed(spec.seed, i, play, s) for s in range(n)]
        where = f", deal {i}, play {play}"
        if deal is not None:
            cuts: dict | None = {} if spec.record else None
            state = play_deal(game, deal, names, sides, seeds, out.seconds, out.decisions, where, cuts)
            hands += 1
            seen(state)
            if spec.record:
                recs.append(play_record(game, state, names, sides, seeds,
                                        {"seed": spec.seed, "deal": i, "play": play}, cuts))
            winners, points = state.result.winners, state.result.points
            # points per team, or per seat where the hand's partnerships are not the match's
            teams = state.teams if len(points) == max(state.teams) + 1 else list(range(n))
            tokens = state.rules["ledger"].won() if game.stakes else None   # won in the hand
        else:
            match = play_match(game, derive_seed(spec.seed, i), names, sides, seeds, out.seconds,
                               out.decisions, where, keep_hands=spec.record, each_hand=seen)
            hands += match.hands_played
            if spec.record:
                recs.append(match_play_record(match, names, sides, seeds,
                                              {"seed": spec.seed, "deal": i, "play": play}))
            winners, points = match.result.winners, match.scores
            teams = match.teams if len(points) == max(match.teams) + 1 else list(range(n))
            tokens = match.result.balances if game.stakes else None   # balances start at 0
        oc.append(outcome_of_play(winners, sides))
        mg.append(margin_of_play(points, teams, sides, penalties))
        if tokens is not None:
            tk.append(margin_of_play(tokens, list(range(n)), sides))
    out.outcomes.append((oc[0], oc[1]))
    out.margins.append((mg[0], mg[1]))
    if tk:
        out.tokens.append((tk[0], tk[1]))
    out.records.extend(recs)
    out.hands += hands
    for reason, moves in ends:
        out.reasons[reason] = out.reasons.get(reason, 0) + 1
        out.lengths[moves] = out.lengths.get(moves, 0) + 1


def match_play_record(match: Match, names: dict[str, str], sides: Sequence[str], seeds: Sequence[int],
                      where: dict) -> dict:
    """One arena play of a whole match as a domine record (it replays like any match's)."""
    from ..records import match_record
    rec = match_record(match, [names[side] for side in sides])
    rec["bots"] = {"seeds": list(seeds), "asks_forced": False}
    rec["arena"] = {**where, "sides": list(sides)}
    return rec


# ---------------------------------------------------------------------------------------
# The arena
# ---------------------------------------------------------------------------------------
@dataclass
class ArenaResult:
    game: str
    players: int
    options: dict
    bot_a: str
    bot_b: str
    seed: int
    deals: int
    plays: int
    seats: list[str]                        # sides by seat in play 0 (the swap is the mirror)
    win_rate: float                         # A's mean outcome over plays
    win_rate_ci: tuple[float, float]
    margin: float                           # A's mean margin per deal (points per seat)
    margin_ci: tuple[float, float]          # (-inf, inf) with a single deal
    differing_deals: int                    # deals whose two plays gave A different outcomes
    deals_won: int                          # deal score > 0.5 (the sign test's successes)
    deals_lost: int                         # deal score < 0.5
    deals_even: int                         # deal score = 0.5
    plays_won: int
    plays_lost: int
    plays_tied: int
    p_value: float                          # two-sided exact sign test over deals_won vs deals_lost
    seconds_per_decision: dict[str, float]  # "A", "B"
    decisions: dict[str, int]               # "A", "B": non-forced decisions
    elapsed: float
    hands_per_second: float
    blocks: int                             # work chunks ("work_chunks" in JSON)
    points_are_penalties: bool
    token_margin: float | None = None                 # games for stakes: A's tokens won minus B's per deal
    token_margin_ci: tuple[float, float] | None = None
    unit: str = "hand"                                # what each play was: "hand" or "match"
    hands: int = 0                                    # hands played over all plays
    interrupted: bool = False                         # Ctrl-C stopped the run: the deals finished so far
    requested: int = 0                                # deals asked for
    by_seating: list = field(default_factory=list)    # A's win rate in each seating (play 0, play 1):
                                                      # (mean, lo, hi)
    margins: dict = field(default_factory=dict)       # A's margin in a deal -> deals
    reasons: dict = field(default_factory=dict)       # how the hands ended: reason -> hands
    lengths: dict = field(default_factory=dict)       # the seats' moves in a hand -> hands

    def to_json(self) -> dict:
        """The JSON of ``domine arena --json`` (its schema: docs/simulate-arena-json.md)."""
        spd = dict(self.seconds_per_decision)
        if self.bot_a != self.bot_b:
            spd[self.bot_a] = spd["A"]
            spd[self.bot_b] = spd["B"]
        return {
            "game": self.game, "players": self.players, "options": self.options,
            "bot_a": self.bot_a, "bot_b": self.bot_b, "seed": self.seed,
            "unit": self.unit, "requested": self.requested, "interrupted": self.interrupted,
            "deals": self.deals, "plays": self.plays, "hands_played": self.hands,
            "sides_by_seat": self.seats,
            "win_rate": self.win_rate, "win_rate_ci": list(self.win_rate_ci),
            "margin": self.margin, "margin_ci": [_finite(x) for x in self.margin_ci],
            "differing_deals": self.differing_deals, "deals_won": self.deals_won,
            "deals_lost": self.deals_lost, "deals_even": self.deals_even,
            "plays_won": self.plays_won, "plays_lost": self.plays_lost, "plays_tied": self.plays_tied,
            "p_value": self.p_value,
            "seconds_per_decision": spd, "decisions": dict(self.decisions),
            "hands_per_second": self.hands_per_second, "elapsed_seconds": self.elapsed,
            "work_chunks": self.blocks, "points_are_penalties": self.points_are_penalties,
            **({"token_margin": self.token_margin, "token_margin_ci": [_finite(x) for x in self.token_margin_ci]}
               if self.token_margin is not None else {}),
            "win_rate_by_seating": [{"win_rate": m, "win_rate_ci": [lo, hi]} for m, lo, hi in self.by_seating],
            "margin_counts": {repr(k): v for k, v in sorted(self.margins.items())},
            "hand_end_reasons": dict(sorted(self.reasons.items())),
            "moves_per_hand_counts": {str(k): v for k, v in sorted(self.lengths.items())},
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def verdict(result: ArenaResult, alpha: float = 0.05) -> str:
    """One line: which bot is stronger, or that the deals do not tell them apart."""
    from ..i18n import _   # the sentence in the active language (docs/translating.md)

    p = result.p_value
    ptext = f"p = {p:.3g}" if p >= 0.001 else f"p = {p:.1e}"
    a, b = f"A ({result.bot_a})", f"B ({result.bot_b})"
    if result.deals_won + result.deals_lost == 0:
        return _("No difference: every deal came out even ({p}).").format(p=ptext)
    if p < alpha:
        strong, weak = (a, b) if result.deals_won > result.deals_lost else (b, a)
        return _("{strong} is stronger than {weak} ({p}).").format(strong=strong, weak=weak, p=ptext)
    return _("No significant difference between {a} and {b} ({p}).").format(a=a, b=b, p=ptext)


def run_arena(
    bot_a: str,
    bot_b: str,
    game: str,
    deals: int,
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    block_size: int | None = None,
    records: Callable[[dict], None] | None = None,
    unit: str | None = None,
    variant: str | None = None,
    cluster: str | None = None,
) -> ArenaResult:
    """Bot A against bot B on ``deals`` duplicate deals of ``game`` (two plays each).

    ``unit`` says what each play is: ``"hand"`` or ``"match"`` (None: the game's
    ``arena_unit``). ``variant``: a variant file's text (``domine.variants``), played instead of ``game``.

    Ctrl-C (``KeyboardInterrupt``) stops the run: the deals finished so far are
    returned, with ``interrupted`` set (``ArenaError`` if not one deal was finished).

    ``progress`` is called after each block with the number of deals it played.
    ``cluster`` (``"auto"`` or a Ray address) plays the same blocks on a Ray cluster instead
    of ``jobs`` processes, with the same results (``ClusterError`` if it cannot be reached).
    Raises ``GameError`` for a game, option or player count that does not
    exist, ``BotError`` for an unknown bot and ``ArenaError`` for fewer than one
    deal (or a bot that plays an illegal move).
    """
    if variant is not None:
        from ..variants import load_variant
        cls = load_variant(variant)
    else:
        cls = game_class(game)
    opts = dict(options or {})
    probe: Game = make_game(cls.id, players, opts)   # validates the player count and options up front
    players = probe.players
    names = []
    for name in (bot_a, bot_b):
        make_bot(name, 0)                           # raises BotError for an unknown name
        names.append(name.strip().lower())
    if deals < 1:
        raise ArenaError("the number of deals must be at least 1")
    unit = unit or probe.arena_unit
    if unit not in UNITS:
        raise ArenaError(f"unknown unit {unit!r}: a deal is played as one of {', '.join(UNITS)}")
    size = block_size or BLOCK_SIZE
    specs = []
    for start in range(0, deals, size):
        specs.append(ArenaBlock(cls.id, players, tuple(sorted(opts.items())), names[0], names[1], seed,
                                start, min(size, deals - start), records is not None, unit, variant))
    if jobs <= 0:
        jobs = os.cpu_count() or 1
    jobs = min(jobs, len(specs))

    outcomes: list[tuple[float, float]] = []
    margins: list[tuple[float, float]] = []
    tokens: list[tuple[float, float]] = []
    seconds = [0.0, 0.0]
    decisions = [0, 0]
    hands = [0]
    reasons: dict = {}
    lengths: dict = {}

    def add(block: BlockResult) -> None:
        hands[0] += block.hands
        outcomes.extend(block.outcomes)
        margins.extend(block.margins)
        tokens.extend(block.tokens)
        for k in (0, 1):
            seconds[k] += block.seconds[k]
            decisions[k] += block.decisions[k]
        for mine, theirs in ((reasons, block.reasons), (lengths, block.lengths)):
            for key, v in theirs.items():
                mine[key] = mine.get(key, 0) + v

    start_time = time.perf_counter()
    interrupted = False
    try:
        for spec, block in run_blocks(run_block, specs, jobs, cluster, TASK_BLOCKS):   # in block order
            for rec in block.records:
                records(rec)
            block.records = []
            add(block)
            if progress:
                progress(len(block.outcomes))
            if block.interrupted:
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True   # the blocks done so far
    elapsed = time.perf_counter() - start_time
    if not outcomes:
        raise ArenaInterrupted("interrupted before the first deal was played to its end")

    scores = [(x + y) / 2 for x, y in outcomes]
    deal_margins = [(x + y) / 2 for x, y in margins]
    win_rate, wlo, whi = mean_ci(scores, lo_clip=0.0, hi_clip=1.0)
    margin, mlo, mhi = mean_ci(deal_margins)
    token_fields = {}
    if tokens:
        tmean, tlo, thi = mean_ci([(x + y) / 2 for x, y in tokens])
        token_fields = {"token_margin": tmean, "token_margin_ci": (tlo, thi)}
    won = sum(1 for s in scores if s > 0.5)
    lost = sum(1 for s in scores if s < 0.5)
    flat = [o for pair in outcomes for o in pair]
    plays = len(flat)
    by_seating = [mean_ci([pair[k] for pair in outcomes], lo_clip=0.0, hi_clip=1.0) for k in (0, 1)]
    margin_counts: dict = {}
    for m in deal_margins:
        margin_counts[m] = margin_counts.get(m, 0) + 1
    return ArenaResult(
        game=cls.id, players=players, options=effective_options(probe), bot_a=names[0], bot_b=names[1],
        seed=seed, deals=len(scores), plays=plays, seats=list(game_sides(probe)),
        win_rate=win_rate, win_rate_ci=(wlo, whi), margin=margin, margin_ci=(mlo, mhi),
        differing_deals=sum(1 for x, y in outcomes if x != y),
        deals_won=won, deals_lost=lost, deals_even=len(scores) - won - lost,
        plays_won=flat.count(1.0), plays_lost=flat.count(0.0), plays_tied=flat.count(0.5),
        p_value=sign_test_p(won, won + lost),
        seconds_per_decision={k: (seconds[j] / decisions[j] if decisions[j] else 0.0)
                              for j, k in enumerate("AB")},
        decisions={"A": decisions[0], "B": decisions[1]},
        elapsed=elapsed, hands_per_second=hands[0] / elapsed if elapsed > 0 else 0.0,
        blocks=len(specs), points_are_penalties=probe.points == PENALTY, **token_fields,
        unit=unit, hands=hands[0], interrupted=interrupted, requested=deals,
        by_seating=by_seating, margins=dict(sorted(margin_counts.items())),
        reasons=dict(sorted(reasons.items())), lengths=dict(sorted(lengths.items())),
    )


__all__ = [
    "ArenaResult", "ArenaError", "ArenaInterrupted", "run_arena", "run_block", "seat_sides", "outcome_of_play",
    "margin_of_play", "mean_ci", "sign_test_p", "verdict", "deal_for", "play_match", "BLOCK_SIZE", "UNITS",
]
