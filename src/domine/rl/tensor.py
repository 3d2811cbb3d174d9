"""The observation tensor: one seat's ``Observation`` as a flat vector of floats.

Made from the observation alone (never the hand), so it holds nothing the seat may not
see: shuffling the tiles it cannot know leaves it unchanged (tests/test_rl.py). Seats are
counted from the observer (0 is itself, 1 the next to play ...), so one policy can sit at
any seat. docs/rl.md lists the sections and the shape of every game.

Sections, in order (S tiles in the set, P places, V = highest pip + 1, n seats, T teams):

- ``hand``      S: own tiles (in a row game, those of its row it has seen)
- ``table``     S: every tile face up on the table
- ``own laid``  S: own tiles laid face down (grape) or locked this turn (Jedan Kamen)
- ``places``    P x (V + 4): each place open, its number one-hot, an outer double,
  closed, its arm's length / S
- ``seats``     (n - 1) x (2 + V): each other seat's tile count / S, face-down count / S
  and the numbers it is known to lack (``bots.knowledge``: the bots' own inference)
- ``rows``      n x (S + 1) in a row game (else nothing): the tiles of each row this seat
  knows, and how many it does not / S
- ``stock``     2: tiles in the stock / S, tiles one may still draw / S
- ``phase``     4 + B: lead laid, this seat to act, another seat to act, hand over; which of
  the codec's B blocks hold a legal action of this seat
- ``scores``    3T + n + 1: each team's score / scale, its points this hand / scale, the
  observer's team flag; each seat's tokens and the pot / 100 (games for stakes)
- ``events``    K x (n + 1 + 32 + S): the last K public events, newest first: the actor
  (from the observer; the last slot for the rules), the kind, the tile when shown
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bots.knowledge import Knowledge, KnowledgeTracker
from ..engine.moves import (
    CLOSE, DISCARD, DRAW, HIDDEN, KIND_MASK, KIND_SHIFT, PAIR, PLACEMENT_MASK, SECOND_SHIFT, TILE_MASK, TURN_UP,
)
from ..engine.observation import Observation
from ..engine.tiles import mask_of, set_size

RECENT = 8          #: public events kept in the tensor (K)
KIND_SLOTS = 32     #: move kinds are numbers 0 to 31 (engine.moves.register_kind)
_TILE_KINDS = {0, DRAW, DISCARD, TURN_UP, CLOSE}



def _shown_tiles(event: int, kind: int) -> list[int]:
    """The tiles an event of ``kind`` shows (a pair shows two; a hidden event none)."""
    if kind == PAIR:
        return [event & TILE_MASK, ((event >> SECOND_SHIFT) & PLACEMENT_MASK) & TILE_MASK]
    if kind in _TILE_KINDS:
        return [event & TILE_MASK]
    return []


@dataclass(frozen=True)
class Layout:
    """Where each section of a game's tensor lies: ``sections`` of (name, start, size)."""

    sections: tuple
    size: int

    def slice(self, name: str) -> slice:
        for n, start, size in self.sections:
            if n == name:
                return slice(start, start + size)
        raise KeyError(name)


class TensorCodec:
    """The observation tensor of one configured game (see the module docstring)."""

    def __init__(self, game):
        self.game = game
        self.codec = game.actions
        self.n = game.players
        self.s = set_size(game.max_pip)
        self.v = game.max_pip + 1
        self.p = self.codec.places
        self.t = max(game.teams(game.players)) + 1
        self.rows = bool(getattr(game, "keeps_rows", False))
        self.scale = float(max(1, game.target or 100))
        s, v, p, n, t = self.s, self.v, self.p, self.n, self.t
        sizes = [("hand", s), ("table", s), ("own laid", s), ("places", p * (v + 4)),
                 ("seats", (n - 1) * (2 + v)), ("rows", n * (s + 1) if self.rows else 0), ("stock", 2),
                 ("phase", 4 + len(self.codec.blocks)), ("scores", 3 * t + n + 1),
                 ("events", RECENT * (n + 1 + KIND_SLOTS + s))]
        sections, at = [], 0
        for name, size in sizes:
            sections.append((name, at, size))
            at += size
        self.layout = Layout(tuple(sections), at)
        self.size = at
        self._at = {name: start for name, start, _ in sections}
        # the block of every action, and one knowledge kept up to date per observing seat
        self._block_of = [next(b for b, block in enumerate(self.codec.blocks) if block.start <= a < block.stop)
                          for a in range(self.codec.size)]
        self._trackers = [KnowledgeTracker() for _ in range(n)]
        self._bytes = (self.size + 7) // 8
        self._event_rows: dict[tuple[int, int], int] = {}

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def encode(self, obs: Observation) -> np.ndarray:
        """The tensor of ``obs`` (float32, ``shape``).

        The same values as ``reference``, made faster: the numbers each seat lacks from a
        ``KnowledgeTracker`` per observing seat (the events since that seat's last observation,
        not the whole history); the ones gathered as bits of one int and spread into floats by
        a table, the few other values written after."""
        s, v, n = self.s, self.v, self.n
        me = obs.seat
        at = self._at
        values: list[tuple[int, float]] = []   # (index, value) of what is neither 0 nor 1
        bits = mask_of(obs.hand) << at["hand"] | mask_of(obs.layout_tiles) << at["table"] \
            | (mask_of(obs.discards) | mask_of(obs.locked)) << at["own laid"]
        # the places, as the codec numbers them (a place is an end's index)
        o, width = at["places"], v + 4
        for _, value, length, double, closed in obs.ends[:self.p]:
            bits |= 1 << o
            if 0 <= value < v:
                bits |= 1 << (o + 1 + value)
            if double:
                bits |= 1 << (o + 1 + v)
            if closed:
                bits |= 1 << (o + 2 + v)
            values.append((o + 3 + v, length / s))
            o += width
        # the other seats: counts and the numbers each is known to lack
        lacks = None if obs.lead is None and not obs.history else self._trackers[me].void_pips(obs)
        o, width = at["seats"], 2 + v
        hand_sizes, discard_counts = obs.hand_sizes, obs.discard_counts
        for k in range(1, n):
            seat = (me + k) % n
            values.append((o, hand_sizes[seat] / s))
            values.append((o + 1, discard_counts[seat] / s))
            if lacks is not None:
                for pip in lacks[seat]:
                    bits |= 1 << (o + 2 + pip)
            o += width
        if self.rows and obs.rows is not None:
            o, width = at["rows"], s + 1
            view = obs.rows
            for k in range(n):
                seat = (me + k) % n
                bits |= (mask_of(t for t in view.rows[seat] if t >= 0) | mask_of(view.open[seat])) << o
                values.append((o + s, view.unknown(seat) / s))
                o += width
        o = at["stock"]
        values.append((o, obs.stock_size / s))
        values.append((o + 1, obs.drawable / s))
        o = at["phase"]
        to_act = obs.to_act
        if obs.lead is not None:
            bits |= 1 << o
        if to_act == me:
            bits |= 1 << (o + 1)
        elif to_act not in (-1, None):
            bits |= 1 << (o + 2)
        if obs.over:
            bits |= 1 << (o + 3)
        index, block_of = self.codec.index, self._block_of
        for m in obs.legal_moves:
            a = index.get(m)
            bits |= 1 << (o + 4 + block_of[a if a is not None else self.codec.encode(m)])
        # scores and tokens, teams from the observer's
        o = at["scores"]
        t = self.t
        my_team = obs.teams[me]
        scores, points = obs.scores, obs.hand_points
        for k in range(t):
            team = (my_team + k) % t
            if team < len(scores):
                values.append((o + k, scores[team] / self.scale))
            if team < len(points):
                values.append((o + t + k, points[team] / self.scale))
        bits |= 1 << (o + 2 * t)   # the observer's team is always the first (a constant kept for the layout)
        tokens = getattr(obs.context, "tokens", None)
        if tokens is not None:
            for k in range(n):
                values.append((o + 3 * t + k, tokens[(me + k) % n] / 100.0))
            values.append((o + 3 * t + n, tokens[-1] / 100.0))
        # the recent public events, newest first: each event's bits within its row, made once
        o, width = at["events"], n + 1 + KIND_SLOTS + s
        history = obs.history
        rows = self._event_rows
        for i in range(len(history) - 1, max(len(history) - RECENT, 0) - 1, -1):
            actor, event = history[i]
            slot = (actor - me) % n if actor >= 0 else n
            row = rows.get((slot, event))
            if row is None:
                row = rows[slot, event] = self._event_row(slot, event)
            bits |= row << o
            o += width
        out = _SPREAD.take(np.frombuffer(bits.to_bytes(self._bytes, "little"), np.uint8), axis=0).reshape(-1)[:self.size]
        for i, x in values:
            out[i] = x
        return out

    def _event_row(self, slot: int, event: int) -> int:
        """The bits of one event's row: who (``slot``, from the observer), the kind, the tile shown."""
        n, s = self.n, self.s
        k = event & KIND_MASK
        row = 1 << slot | 1 << (n + 1 + (k >> KIND_SHIFT))
        if not event & HIDDEN:
            for tile in _shown_tiles(event, k):
                if tile < s:
                    row |= 1 << (n + 1 + KIND_SLOTS + tile)
        return row

    def reference(self, obs: Observation) -> np.ndarray:
        """The tensor of ``obs`` made the plain way, a section at a time from a fresh
        ``Knowledge``: slow, kept as the definition ``encode`` is tested against."""
        out = np.zeros(self.size, dtype=np.float32)
        s, v, n = self.s, self.v, self.n
        me = obs.seat
        at = {name: start for name, start, _ in self.layout.sections}
        _bits(out, at["hand"], obs.hand)
        _bits(out, at["table"], obs.layout_tiles)
        _bits(out, at["own laid"], list(obs.discards) + list(obs.locked))
        # the places, as the codec numbers them (a place is an end's index)
        base, width = at["places"], v + 4
        for i, (_, value, length, double, closed) in enumerate(obs.ends[:self.p]):
            o = base + i * width
            out[o] = 1.0
            if 0 <= value < v:
                out[o + 1 + value] = 1.0
            out[o + 1 + v] = float(bool(double))
            out[o + 2 + v] = float(bool(closed))
            out[o + 3 + v] = length / s
        # the other seats: counts and the numbers each is known to lack
        lacks = _void_pips(obs, n)
        base, width = at["seats"], 2 + v
        for k in range(1, n):
            seat = (me + k) % n
            o = base + (k - 1) * width
            out[o] = obs.hand_sizes[seat] / s
            out[o + 1] = obs.discard_counts[seat] / s
            for pip in lacks[seat]:
                out[o + 2 + pip] = 1.0
        if self.rows and obs.rows is not None:
            base, width = at["rows"], s + 1
            view = obs.rows
            for k in range(n):
                seat = (me + k) % n
                o = base + k * width
                _bits(out, o, [t for t in view.rows[seat] if t >= 0] + list(view.open[seat]))
                out[o + s] = view.unknown(seat) / s
        o = at["stock"]
        out[o] = obs.stock_size / s
        out[o + 1] = obs.drawable / s
        o = at["phase"]
        out[o] = float(obs.lead is not None)
        out[o + 1] = float(obs.to_act == me)
        out[o + 2] = float(obs.to_act not in (me, -1, None))
        out[o + 3] = float(bool(obs.over))
        blocks = self.codec.blocks
        for m in obs.legal_moves:
            a = self.codec.encode(m)
            for b, block in enumerate(blocks):
                if block.start <= a < block.stop:
                    out[o + 4 + b] = 1.0
                    break
        # scores and tokens, teams from the observer's
        o = at["scores"]
        t = self.t
        my_team = obs.teams[me]
        for k in range(t):
            team = (my_team + k) % t
            if team < len(obs.scores):
                out[o + k] = obs.scores[team] / self.scale
            if team < len(obs.hand_points):
                out[o + t + k] = obs.hand_points[team] / self.scale
        out[o + 2 * t] = 1.0   # the observer's team is always the first (a constant kept for the layout)
        tokens = getattr(obs.context, "tokens", None)
        if tokens is not None:
            for k in range(n):
                out[o + 3 * t + k] = tokens[(me + k) % n] / 100.0
            out[o + 3 * t + n] = tokens[-1] / 100.0
        # the recent public events, newest first
        base, width = at["events"], n + 1 + KIND_SLOTS + s
        for i, (actor, event) in enumerate(reversed(obs.history[-RECENT:])):
            o = base + i * width
            out[o + ((actor - me) % n if actor >= 0 else n)] = 1.0
            k = event & KIND_MASK
            out[o + n + 1 + (k >> KIND_SHIFT)] = 1.0
            if event & HIDDEN:
                continue
            for tile in _shown_tiles(event, k):
                if tile < s:
                    out[o + n + 1 + KIND_SLOTS + tile] = 1.0
        return out


#: byte -> its 8 bits as floats, lowest first: a whole tensor's ones from one int's bytes
_SPREAD = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)


def _bits(out: np.ndarray, at: int, tiles) -> None:
    for t in tiles:
        out[at + t] = 1.0


def _void_pips(obs: Observation, n: int) -> list[list[int]]:
    """For every seat, the numbers the observer knows it lacks (none for itself)."""
    lacks: list[list[int]] = [[] for _ in range(n)]
    if obs.lead is None and not obs.history:
        return lacks
    kn = Knowledge(obs)
    for seat in range(n):
        if seat != obs.seat:
            lacks[seat] = kn.void_pips(seat)
    return lacks


__all__ = ["RECENT", "TensorCodec"]
