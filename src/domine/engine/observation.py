"""What one seat may know of a hand, and nothing more (general rule 7).

Every event of the history says who may see it (``domine.engine.moves.seen_by``: a
kind may hide its tile from the other seats, or be silent to them; a game may
make a kind public, as shut-out does with draws). A seat's view of the history
is filtered once per event and kept with the hand, so an observation costs a
list copy, not a pass over the whole history: bots in ``simulate`` decide at
the engine's pace.
"""

from __future__ import annotations


from types import MappingProxyType

from .moves import CLOSE, HIDDEN, KIND_MASK, TILE_MASK
from .serial import DataError, from_data, to_data
from .tiles import BIT, tiles_of


class Observation:
    """Everything one seat may know, as plain data (no route back to the hand).

    Tile lists are made from the seat's own masks when first read, so a bot that
    looks only at its legal moves (``random``) pays for nothing else. Read-only:
    the context and options are shared by the observations of one hand.
    """

    __slots__ = (
        "game", "options", "seat", "players", "teams", "hand_sizes", "stock_size", "drawable", "layout_kind",
        "lead", "to_act", "legal_moves", "hand_points", "scores", "hand_number", "over", "max_pip", "context",
        "discard_counts", "layout", "_ends", "_arms", "_history", "_masks", "_lists", "rows",
    )

    def __init__(self, game, options, seat, players, teams, hand_sizes, stock_size, drawable, layout_kind,
                 ends, arms, lead, to_act, legal_moves, history, hand_points, scores, hand_number, over,
                 max_pip, context, discard_counts, masks, layout=None):
        self.game, self.options, self.seat, self.players, self.teams = game, options, seat, players, teams
        self.hand_sizes, self.stock_size, self.drawable, self.layout_kind = hand_sizes, stock_size, drawable, layout_kind
        self.lead, self.to_act, self.legal_moves = lead, to_act, legal_moves
        self.hand_points, self.scores, self.hand_number = hand_points, scores, hand_number
        self.over, self.max_pip, self.context, self.discard_counts = over, max_pip, context, discard_counts
        # Snapshots, turned into lists when read: the ends' values, lengths, doubles and closed
        # flags as they are now; each arm's and the seat's history's length now (both only grow).
        self._ends, self._arms, self._history = ends, arms, history
        self._masks = masks          # (own hand, layout, own locked tiles, own discards)
        self.layout = layout         # a copy of the layout (domine.engine.layout), others' face-down tiles hidden
        self._lists = [None, None, None, None, None, None, None]
        self.rows = None             # games that keep rows: what this seat knows of them (domine.parts.rows)

    FIELDS = ("game", "options", "seat", "players", "teams", "hand", "hand_sizes", "stock_size", "drawable",
              "layout_kind", "ends", "arms", "lead", "layout_tiles", "to_act", "legal_moves", "history",
              "hand_points", "scores", "hand_number", "locked", "over", "max_pip", "context", "discards",
              "discard_counts", "rows")

    def to_dict(self) -> dict:
        """Every field by name (lists copied), for comparisons, logs and learning code."""
        out = {}
        for name in self.FIELDS:
            value = getattr(self, name)
            out[name] = dict(value) if name == "options" else value[:] if isinstance(value, list) else value
        return out

    def to_json(self) -> dict:
        """The observation as a document (docs/state.md): every field by name as data
        (``domine.engine.serial``: tile lists as tile ids, the events as ints, the layout as
        its record, each tile shown as far as this seat may see it)."""
        out = {"format": "domine-observation", "version": 1}
        for name in self.FIELDS:
            value = getattr(self, name)
            out[name] = to_data(dict(value) if name == "options" else value)
        out["layout"] = to_data(self.layout)
        return out

    @classmethod
    def from_json(cls, data: dict, game) -> "Observation":
        """The observation ``to_json`` wrote, for ``game`` (the configured game it belongs to)."""
        if not isinstance(data, dict) or data.get("format") != "domine-observation":
            raise DataError('not a domine observation (expected "format": "domine-observation")')
        f = {name: from_data(data.get(name)) for name in cls.FIELDS + ("layout",)}
        if f["game"] != game.id or f["players"] != game.players:
            raise DataError(f"an observation of {f['game']} for {f['players']}, not of {game.id} for {game.players}")
        ends = f["ends"] or []
        arms = f["arms"] or []
        history = [tuple(e) for e in f["history"] or []]
        mask = lambda tiles: sum(BIT[t] for t in tiles or [])   # noqa: E731
        layout = f["layout"]
        if layout is not None:
            layout.fits, layout.set_mask = game.set_fits, game.set_mask
        obs = cls(f["game"], MappingProxyType(dict(f["options"] or {})), f["seat"], f["players"], f["teams"],
                  f["hand_sizes"], f["stock_size"], f["drawable"], f["layout_kind"],
                  tuple(list(x) for x in zip(*ends)) if ends else ((), [], [], [], []),
                  (arms, [len(a) for a in arms]), f["lead"], f["to_act"], f["legal_moves"], (history, len(history)),
                  f["hand_points"], f["scores"], f["hand_number"], f["over"], f["max_pip"], f["context"],
                  f["discard_counts"], (mask(f["hand"]), mask(f["layout_tiles"]), mask(f["locked"]), mask(f["discards"])),
                  layout)
        obs.rows = f["rows"]
        return obs

    def _tiles(self, i: int) -> list[int]:
        tiles = self._lists[i]
        if tiles is None:
            tiles = self._lists[i] = tiles_of(self._masks[i])
        return tiles

    hand = property(lambda self: self._tiles(0), doc="this seat's tiles")
    layout_tiles = property(lambda self: self._tiles(1), doc="every tile face up on the table")
    locked = property(lambda self: self._tiles(2), doc="own tiles locked this turn (Jedan Kamen)")
    discards = property(lambda self: self._tiles(3), doc="own tiles laid face down")

    @property
    def ends(self) -> list[tuple[str, int, int, bool, bool]]:
        """(name, value, length, outer double, closed) of every end."""
        ends = self._lists[4]
        if ends is None:
            names, values, lengths, doubles, closed = self._ends
            ends = self._lists[4] = [(names[i], values[i], lengths[i], doubles[i], closed[i])
                                     for i in range(len(names))]
        return ends

    @property
    def arms(self) -> list[list[tuple[int, int]]]:
        """Each end's arm: (tile, pip left open), from the spinner or lead outwards."""
        arms = self._lists[5]
        if arms is None:
            live, sizes = self._arms
            arms = self._lists[5] = [arm[:k] for arm, k in zip(live, sizes)]
        return arms

    @property
    def history(self) -> list[tuple[int, int]]:
        """The events this seat may see, in order; others' hidden tiles carry only their kind."""
        history = self._lists[6]
        if history is None:
            live, k = self._history
            history = self._lists[6] = live[:k]
        return history


def seat_history(state: "HandState", seat: int) -> list[tuple[int, int]]:
    """``seat``'s view of the history, brought up to date (kept with the hand).

    The same filter as ``domine.engine.moves.seen_by``, inlined: a placement (kind 0) is
    public, so most events cost one test.
    """
    views = state.views
    if views is None:
        views = state.views = [([], [0]) for _ in range(state.n)]
    seen, done = views[seat]
    history = state.history
    start = done[0]
    if start < len(history):
        game = state.game
        hiding, silent = game.tile_hiding_kinds, game.silent_kinds
        append = seen.append
        for item in history[start:] if start else history:
            actor, event = item
            if actor != seat:
                k = event & KIND_MASK
                if k:
                    if k in silent:
                        continue
                    if k in hiding:
                        item = (actor, (event & ~TILE_MASK) | HIDDEN)   # a closing keeps its end
            append(item)
        done[0] = len(history)
    return seen


def public_layout(lay, seen: list[tuple[int, int]], seat: int):
    """A copy of the layout as ``seat`` sees it: a tile face down on a closed end is shown
    only to the seat that laid it (``seen``: its view of the history)."""
    layout = lay.copy()
    if lay.face_down:
        own = 0
        for actor, event in seen:
            if actor == seat and event & KIND_MASK == CLOSE:
                own |= BIT[event & TILE_MASK]
        layout.face_down &= own
        layout.closers = [t if t >= 0 and BIT[t] & own else -1 for t in layout.closers]
    return layout


def observe(state: "HandState", seat: int, legal: list[int] | None = None) -> Observation:
    lay = state.layout
    offers = state.offers
    acting = offers[0][0] if offers else state.to_act
    if offers and acting != seat:
        acting = -1        # who is being offered a double is not public either
    game = state.game
    if acting == seat:
        moves = legal[:] if legal is not None else state.legal_moves()
    else:
        moves = []
    context = state.context
    seen = seat_history(state, seat)
    discards = state.discards
    obs = Observation(
        game.id, game.public_options, seat, state.n, state.teams[:],
        [h.bit_count() for h in state.hands], len(state.stock) - state.stock_pos, max(state.drawable, 0),
        lay.kind, (lay.end_names(), lay.values[:], lay.lengths[:], lay.doubles[:], lay.closed[:]),
        (lay.arms, list(map(len, lay.arms))), lay.lead if lay.lead >= 0 else None,
        acting, moves, (seen, len(seen)), state.hand_points[:],
        list(context.scores or [game.starting_score] * state.n_teams), context.hand_number,
        state.over, game.max_pip, context, [d.bit_count() for d in discards] if game.lays_face_down else [0] * state.n,
        (state.hands[seat], lay.mask, state.locked[seat], discards[seat]), public_layout(lay, seen, seat),
    )
    if game.complete_observation is not None:
        game.complete_observation(state, seat, obs)   # rows hidden from their owner (RowGame)
    return obs
