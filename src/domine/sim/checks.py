"""The property checks of a game, as a library: random matches played by random bots, and at
every step the promises every game keeps (``domine variant check`` runs them on a variant file;
tests may run them on any game).

* every hand ends within a bound on its moves, every match within a bound on its hands;
* tiles are conserved: hands, layout, stock, set-aside and face-down tiles make the set, once;
* no seat sees what it may not: an observation names no tile hidden from its seat, and is the
  same whatever those hidden tiles are (two of them exchanged);
* every legal move applies (on a copy), and leaves the tiles conserved;
* the action codec round-trips: legal moves encode to distinct actions in range, decoding back;
* records replay: a match written as a record and read back replays to the same scores.

The test suite keeps its own, stricter versions (tests/test_properties.py, tests/test_codec.py);
these are the same promises in a form that reports in plain words instead of asserting.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Callable

from ..bots import make_bot
from ..engine.match import Match
from ..engine.moves import DISCARD, DRAW, TURN_UP, is_hidden, is_place, kind, placements_of, tile_of
from ..engine.tiles import BIT, set_size, tile_str, tiles_of
from ..games.base import Game
from ..records import match_record, replay

#: the checks, by the name a report gives them, in the order it gives them
HANDS_END = "every hand ends"
CONSERVED = "tiles are conserved"
HIDDEN = "no seat sees what it may not"
MOVES_APPLY = "every legal move applies"
CODEC = "the action codec round-trips"
RECORDS = "records replay"
CHECKS = (HANDS_END, CONSERVED, HIDDEN, MOVES_APPLY, CODEC, RECORDS)
#: a match longer than this many hands has not ended
MAX_HANDS = 500


@dataclass
class Finding:
    """A check that failed: which, where (players, match seed, hand) and what was seen."""

    check: str
    players: int
    seed: int
    hand: int
    message: str

    def __str__(self) -> str:
        return f"{self.check}: {self.players} players, match seed {self.seed}, hand {self.hand}: {self.message}"


@dataclass
class CheckReport:
    game: str
    players: list[int]
    hands: int = 0
    matches: int = 0
    states: int = 0
    counts: dict[str, int] = field(default_factory=lambda: {c: 0 for c in CHECKS})
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def failed(self, check: str) -> list[Finding]:
        return [f for f in self.findings if f.check == check]


class _Failed(Exception):
    def __init__(self, check: str, message: str):
        super().__init__(message)
        self.check, self.message = check, message


def _mask(tiles) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def _names(mask: int) -> str:
    return ", ".join(tile_str(t) for t in tiles_of(mask))


def move_bound(game: Game, state) -> int:
    """A generous bound on the moves of one hand (as tests/test_properties.py counts it)."""
    progress = set_size(game.max_pip) + len(state.deal.stock)
    if game.keeps_rows:
        gap = 2 * state.n * (max(map(len, state.deal.hands)) + len(state.deal.stock) + 1)
        return 2 * progress + (progress + 1) * gap
    return progress + (progress + 1) * 2 * state.n


def conserved(game: Game, state) -> str | None:
    """Why the tiles of ``state`` are not the set, once each (None: they are)."""
    turned = _mask(tile_of(m) for _, m in state.history if kind(m) == TURN_UP)
    parts = {f"seat {s}'s hand": h for s, h in enumerate(state.hands)}
    parts["the layout"] = state.layout.mask
    parts["the stock"] = _mask(state.stock[state.stock_pos:])
    parts["the tiles set aside"] = _mask(state.deal.aside) & ~turned
    for s, d in enumerate(state.discards):
        parts[f"seat {s}'s discards"] = d
    parts["the tiles face down"] = state.layout.face_down
    union = 0
    for name, mask in parts.items():
        if union & mask:
            return f"{name} holds {_names(union & mask)}, which is somewhere else too"
        union |= mask
    if union != game.set_mask:
        missing, extra = game.set_mask & ~union, union & ~game.set_mask
        return f"missing {_names(missing) or 'none'}; not of the set {_names(extra) or 'none'}"
    return None


def shown_to_all(state) -> int:
    public = state.game.public_kinds
    return _mask(tile_of(m) for _, m in state.history
                 if kind(m) == TURN_UP or kind(m) in public and kind(m) in (DRAW, DISCARD) and not is_hidden(m))


def tiles_named(obs) -> int:
    """Every tile an observation names."""
    shown = set(obs.hand) | set(obs.layout_tiles) | set(obs.locked)
    if obs.lead is not None:
        shown.add(obs.lead)
    for arm in obs.arms:
        shown.update(t for t, _ in arm)
    for _, m in obs.history:
        shown.update(tile_of(p) for p in placements_of(m))
        if kind(m) in (DRAW, DISCARD, TURN_UP) and not is_hidden(m):
            shown.add(tile_of(m))
    for m in obs.legal_moves:
        if is_place(m):
            shown.add(m & 127)
    return _mask(shown)


def hidden_from(state, seat: int) -> int:
    """Tiles ``seat`` may not know of now: others' hands, the undrawn stock, the tiles set aside."""
    others = 0
    for s, h in enumerate(state.hands):
        if s != seat:
            others |= h
    return (others | _mask(state.stock[state.stock_pos:]) | _mask(state.deal.aside)) & ~shown_to_all(state)


def swapped(state, seat: int, rng: random.Random):
    """A copy of ``state`` in which a tile hidden from ``seat`` in another seat's hand changes
    places with another hidden tile (another seat's, or the stock's); None if none can."""
    known = shown_to_all(state)
    others = [s for s in range(state.n) if s != seat and state.hands[s] & ~known]
    if not others:
        return None
    o = rng.choice(others)
    x = rng.choice(tiles_of(state.hands[o] & ~known))
    spots = [("hand", p) for p in others if p != o]
    if state.stock_pos < len(state.stock):
        spots.append(("stock", None))
    if not spots:
        return None
    where, p = rng.choice(spots)
    c = state.clone()
    if where == "hand":
        y = rng.choice(tiles_of(state.hands[p] & ~known))
        c.hands[o] ^= BIT[x] | BIT[y]
        c.hands[p] ^= BIT[x] | BIT[y]
    else:
        i = rng.randrange(state.stock_pos, len(state.stock))
        y = state.stock[i]
        c.stock = list(state.stock)
        c.stock[i] = x
        c.hands[o] ^= BIT[x] | BIT[y]
        c.in_hands ^= BIT[x] | BIT[y]
    return c


def check_observations(state, rng: random.Random) -> None:
    """Every seat's observation names no hidden tile, and does not change when hidden tiles do."""
    for seat in range(state.n):
        obs = state.observation(seat)
        if state.game.keeps_rows:
            continue   # rows hide a seat's own tiles too: tests/test_properties.py checks those games
        leaked = tiles_named(obs) & hidden_from(state, seat)
        if leaked:
            raise _Failed(HIDDEN, f"seat {seat} sees {_names(leaked)}, which it may not")
        other = swapped(state, seat, rng)
        if other is not None and other.observation(seat).to_dict() != obs.to_dict():
            raise _Failed(HIDDEN, f"seat {seat}'s view changes when two tiles hidden from it change places")


def check_moves(game: Game, state) -> None:
    """Every legal move applies on a copy, leaves the tiles conserved, and its action round-trips."""
    legal = state.legal_moves()
    if not legal:
        raise _Failed(MOVES_APPLY, "a hand still running offers no move")
    if len(set(legal)) != len(legal):
        raise _Failed(MOVES_APPLY, "a move is listed twice")
    for m in legal:
        c = state.clone()
        try:
            c.apply(m)
        except Exception as e:   # a listed move refused, or the engine failing on it
            raise _Failed(MOVES_APPLY, f"the listed move {state.move_str(m)} does not apply: {e}") from None
        why = conserved(game, c)
        if why:
            raise _Failed(CONSERVED, f"after {state.move_str(m)}: {why}")
    codec = game.actions
    actions = [codec.encode(m) for m in legal]
    if len(set(actions)) != len(actions) or not all(0 <= a < codec.size for a in actions):
        raise _Failed(CODEC, "two legal moves share an action, or one is out of range")
    if [codec.decode(a) for a in actions] != legal:
        raise _Failed(CODEC, "an action does not decode to the move it encodes")


def check_record(match: Match) -> None:
    record = json.loads(json.dumps(match_record(match)))
    try:
        report = replay(record)
    except Exception as e:
        raise _Failed(RECORDS, f"the match's record does not replay: {e}") from None
    if report.scores != match.scores:
        raise _Failed(RECORDS, f"the record replays to scores {report.scores}, the match had {match.scores}")


def check_game(cls: type[Game], hands: int = 300, seed: int = 0, options: dict | None = None,
               progress: Callable[[int], None] | None = None, heavy_every: int = 4,
               stop_at_first: bool = False) -> CheckReport:
    """Play about ``hands`` random hands of ``cls`` (shared among its player counts) and check them.

    Every state is checked for conserved tiles and legal moves; every ``heavy_every``-th hand
    also has every seat's observation checked; every match is written and replayed as a record.
    ``progress(1)`` after every hand. A failure is a ``Finding`` of the report (the first of each
    match: its match stops there), never an exception.
    """
    counts = list(range(cls.min_players, cls.max_players + 1))
    report = CheckReport(cls.id, counts)
    per_count = [hands // len(counts) + (1 if i < hands % len(counts) else 0) for i in range(len(counts))]
    for n, budget in zip(counts, per_count):
        game = cls(n, options)
        k = 0
        played = 0
        while played < budget:
            match_seed = seed * 1_000_003 + n * 10_007 + k
            k += 1
            played += _check_match(game, match_seed, budget - played, report, heavy_every, progress)
            if stop_at_first and report.findings:
                return report
    return report


def _check_match(game: Game, match_seed: int, budget: int, report: CheckReport, heavy_every: int,
                 progress: Callable[[int], None] | None) -> int:
    """Check one match (at most ``budget`` hands of it); the hands played."""
    rng = random.Random(match_seed)
    bots = [make_bot("random", match_seed * 31 + s) for s in range(game.players)]
    match = Match(game, seed=match_seed)
    played = 0
    hand = 0
    try:
        while not match.over and played < budget:
            if match.hands_played >= MAX_HANDS:
                raise _Failed(HANDS_END, f"the match has not ended after {MAX_HANDS} hands")
            hand = match.hands_played + 1
            state = match.start_hand()
            heavy = report.hands % heavy_every == 0
            bound = move_bound(game, state)
            moves = 0
            while not state.over:
                why = conserved(game, state)
                if why:
                    raise _Failed(CONSERVED, why)
                report.counts[CONSERVED] += 1
                check_moves(game, state)
                report.counts[MOVES_APPLY] += 1
                report.counts[CODEC] += 1
                if heavy:
                    check_observations(state, rng)
                    report.counts[HIDDEN] += 1
                seat = state.acting_seat()
                state.apply(bots[seat].choose(state.observation(seat)))
                report.states += 1
                moves += 1
                if moves > bound:
                    raise _Failed(HANDS_END, f"the hand is still running after {moves} moves")
            why = conserved(game, state)
            if why:
                raise _Failed(CONSERVED, f"at the hand's end: {why}")
            report.counts[HANDS_END] += 1
            match.finish_hand()
            played += 1
            report.hands += 1
            if progress:
                progress(1)
        check_record(match)
        report.counts[RECORDS] += 1
        report.matches += 1
    except _Failed as f:
        report.findings.append(Finding(f.check, game.players, match_seed, hand, f.message))
    except Exception as e:   # the engine failing on the variant: a finding too, said plainly
        report.findings.append(Finding(HANDS_END, game.players, match_seed, hand,
                                       f"the hand could not be played: {type(e).__name__}: {e}"))
    if played < budget and report.findings and progress:
        progress(0)
    return max(played, 1)


__all__ = ["CHECKS", "CheckReport", "Finding", "check_game", "conserved", "check_observations", "check_moves"]
