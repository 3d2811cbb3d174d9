"""One fixed discrete action space per configured game: every move a seat can make as an int.

``codec_for(game)`` gives the game's ``ActionCodec``: ``size`` actions (N), fixed for the
game, its player count and its options, with ``encode(move) -> action``, ``decode(action)
-> move`` and, for a hand, ``legal_actions(state)`` and ``legal_mask(state)``: what an RL
agent or a policy network needs (OpenSpiel's ``num_distinct_actions``, PettingZoo's
``action_mask``). docs/actions.md describes the space and lists N for every game.

The space is a row of *blocks*, one per kind of move the game can produce, in a fixed
order (``BLOCK_ORDER``); a game has only the blocks its declarations allow. A placement
is (place, tile, the half it leaves open): the open pip is always one of the tile's
halves, so it costs a bit, not 13 values, and a double has one choice. The places are
the most ends the game's layout can ever have (``place_count``). Forced kinds (a skipped
turn, a tile turned up, tokens paid ...) are events of the rules, never a seat's move,
and have no action; nor have the history's markers (out of turn, hidden).

Every index names one move int, so ``decode`` is total over ``range(size)`` and
``encode(decode(a)) == a``; a move the game cannot make raises ``ValueError``.
Encoding is one dict lookup, so ``legal_mask`` costs the legal moves and a zeroed
bytearray. The codec needs nothing but the configured game's declarations (its layout,
matching, turn, conventions, ``seat_closes``, ``lead_turned_up``, stakes and rows) and no
library; ``Game.actions`` is its codec.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.grid import Grid
from ..engine.layout import Cross, Layout, SeatArms, SpinnerLine, Trains
from ..engine.matching import STRIDE
from ..engine.moves import (
    ANNOUNCE, CLOSE, DECLINE, DISCARD, DRAW, HIDDEN, KINDS, OUT_OF_TURN, PAIR, PASS, PLACEMENT_MASK,
    SECOND_SHIFT, STOP, close, end_of, lead, open_of, pair, place, tile_of, with_tile,
)
from ..engine.tiles import HIGH, LOW, TILE_COUNT, set_size, tile_str, tiles_of
from ..parts.conventions import LastTileAnnouncement, OutOfTurnDoubles
from ..parts.rows import BACK, BACK_DRAW, BACK_OPEN, PEEK
from ..parts.stakes import BUY_BACK_MOVE, DROP_OUT_MOVE, NO_BID_MOVE, bid
from ..engine.moves import kind

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandState

#: the blocks in the order they follow each other in every game's space (a game has a subset)
BLOCK_ORDER = (
    "place", "lead", "place announced", "lead announced", "pair", "discard", "close", "bid",
    "draw", "pass", "stop", "decline", "no bid", "buy back", "drop out", "peek", "back", "back draw",
    "back open",
)


@dataclass(frozen=True)
class Block:
    """A run of actions for one kind of move: ``start`` to ``start + size - 1``."""

    name: str
    start: int
    size: int
    shape: str    # how an index within the block is made, in words

    @property
    def stop(self) -> int:
        return self.start + self.size


class ActionCodec:
    """The action space of one configured game (see the module docstring)."""

    __slots__ = ("_game", "label", "size", "blocks", "places", "combos", "moves", "index")

    def __init__(self, game: "Game"):
        # the game only by a weak reference: the cache's value must not keep its key alive
        self._game = weakref.ref(game)
        self.label = f"{game.id} for {game.players} players"
        self.places = place_count(game.new_layout())
        self.combos = open_choices(game)
        blocks: list[Block] = []
        moves: list[int] = []
        for name, shape, block_moves in _blocks(game, self.places, self.combos):
            blocks.append(Block(name, len(moves), len(block_moves), shape))
            moves.extend(block_moves)
        self.blocks = tuple(blocks)
        self.moves = tuple(moves)
        self.size = len(moves)
        self.index = {m: i for i, m in enumerate(moves)}
        if len(self.index) != self.size:   # two blocks naming one move: a codec bug, not a game's
            raise AssertionError(f"the action space of {game.id} names a move twice")

    @property
    def game(self) -> "Game | None":
        """The configured game (None once nothing else holds it)."""
        return self._game()

    def __repr__(self) -> str:
        return f"<ActionCodec {self.label}: {self.size} actions>"

    # -- moves and actions ---------------------------------------------------------------
    def encode(self, move: int) -> int:
        """The action of ``move``, as ``legal_moves`` lists it; ``ValueError`` for a move the
        game cannot make (or an event of the rules, or a history's marked event)."""
        try:
            return self.index[move]
        except (KeyError, TypeError):
            raise ValueError(self._not_an_action(move)) from None

    def decode(self, action: int) -> int:
        """The move int of ``action`` (any index in ``range(size)``)."""
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.size:
            raise ValueError(f"an action of {self.label} is a whole number from 0 to {self.size - 1}, "
                             f"not {action!r}")
        return self.moves[action]

    def legal_actions(self, state: "HandState", legal: list[int] | None = None) -> list[int]:
        """The actions of the legal moves of ``state``, sorted (``legal``: those moves, if at hand)."""
        index = self.index
        try:
            return sorted([index[m] for m in (state.legal_moves() if legal is None else legal)])
        except KeyError as e:
            raise ValueError(self._not_an_action(e.args[0])) from None

    def legal_mask(self, state: "HandState", legal: list[int] | None = None) -> bytearray:
        """``size`` bytes, 1 where the action is legal in ``state`` (``legal``: its legal moves,
        if at hand); all 0 once the hand is over."""
        mask = bytearray(self.size)
        index = self.index
        try:
            for m in (state.legal_moves() if legal is None else legal):
                mask[index[m]] = 1
        except KeyError as e:
            raise ValueError(self._not_an_action(e.args[0])) from None
        return mask

    def block_of(self, action: int) -> Block:
        """The block ``action`` lies in."""
        self.decode(action)   # the range check
        for block in self.blocks:
            if action < block.stop:
                return block
        raise AssertionError("blocks cover the whole space")   # pragma: no cover

    def describe(self) -> str:
        """The blocks, one a line: where each starts, its size and how its index is made."""
        g = self._game()
        lines = [f"{self.label}, {_options_text(g) if g is not None else 'its options'}: {self.size} actions "
                 f"({self.places} places, {self.combos} (tile, open half) choices)"]
        for b in self.blocks:
            lines.append(f"  {b.start:>5} +{b.size:<5} {b.name}: {b.shape}")
        return "\n".join(lines)

    def _not_an_action(self, move: object) -> str:
        where = self.label
        if isinstance(move, bool) or not isinstance(move, int) or move < 0:
            return f"{move!r} is not a move int"
        if move & (OUT_OF_TURN | HIDDEN):
            return (f"move {move:#x} carries a history marker (out of turn or hidden): encode the move as "
                    f"legal_moves lists it (moves.bare)")
        info = KINDS.get(kind(move))
        if info is None:
            return f"move {move:#x} is of no registered kind"
        if info.forced:
            return f"a {info.name} is an event of the rules, never a seat's move: it has no action"
        names = ", ".join(b.name for b in self.blocks)
        return f"{_move_text(move)} is not an action of {where} (its actions: {names})"


# -- what the game can do ---------------------------------------------------------------------
def place_count(layout: Layout) -> int:
    """The most ends a layout of this kind and configuration ever has: the places an action may
    name (a grid's place is ``3 * end + turn``)."""
    if isinstance(layout, Grid):
        return len(Grid.NAMES)            # L, R: straight on, left, right
    if isinstance(layout, Trains):
        return layout.seats + 1           # a train per seat and the Mexican train
    if isinstance(layout, SeatArms):
        return layout.seats               # an arm per seat
    if isinstance(layout, Cross):
        return layout.sides               # crosses, figures, phased crosses: an arm per side
    if isinstance(layout, SpinnerLine):
        return 4                          # the line's two ends and the first double's two flanks
    if type(layout) is Layout:
        return 2                          # the line
    raise ValueError(f"the action codec does not know how many places a {layout.kind!r} layout has: "
                     "add it to domine.games.actions.place_count")


def _open_halves(game: "Game") -> list[tuple[int, ...]]:
    """Per tile of the set, the pips it may leave open on some end (its halves, or fewer)."""
    opens = game.matching.opens
    out = []
    for t in range(set_size(game.max_pip)):
        found = set()
        for v in range(game.max_pip + 1):
            found.update(opens[t * STRIDE + v])
        if not found <= {LOW[t], HIGH[t]}:
            raise ValueError(f"{game.matching.name} matching leaves a pip open on {tile_str(t)} that is not "
                             "one of its halves: the action codec cannot name it")
        out.append(tuple(sorted(found)))
    return out


def open_choices(game: "Game") -> int:
    """How many (tile, open half) pairs the game's matching can make: a placement block's width."""
    return sum(map(len, _open_halves(game)))


def _seats_lead(game: "Game") -> bool:
    """Whether a seat ever lays the lead (a move), rather than the rules turning it up."""
    return not (game.keeps_rows or game.lead_turned_up)


def _stock_to_draw(game: "Game") -> bool:
    """Some tile of a full deal is left to draw (a seat sitting out leaves more, never fewer)."""
    if game.leftover != "stock":
        return False
    return set_size(game.max_pip) - sum(game.dealt_sizes(None)) - game.reserve > 0


def _blocks(game: "Game", places: int, combos: int):
    """(name, shape, moves in index order) for each block the game uses, in ``BLOCK_ORDER``."""
    halves = _open_halves(game)
    choices = [(t, o) for t, opens in enumerate(halves) for o in opens]   # (tile, open pip): the W choices
    s = set_size(game.max_pip)
    turn = game.turn
    announce, declines = _conventions(game)
    leads = _seats_lead(game)
    placements = [place(t, p, o) for p in range(places) for t, o in choices]
    out = [("place", f"place * {combos} + choice ({places} places x {combos} (tile, open half) choices)",
            placements)]
    if leads:
        out.append(("lead", f"the tile ({s})", [lead(t) for t in range(s)]))
    if announce:   # Jedan Kamen: a placement that leaves one tile may carry the announcement
        out.append(("place announced", "as place", [m | ANNOUNCE for m in placements]))
        if leads and game.deal_size(game.players) <= 2:   # a lead can leave one tile
            out.append(("lead announced", "as lead", [lead(t) | ANNOUNCE for t in range(s)]))
    if turn.pairs:   # two-by-two: one tile on L as it stood, another on R (``hand.pair_moves``)
        both = [pair(place(a, 0, oa), place(b, 1, ob)) for a, oa in choices for b, ob in choices if a != b]
        out.append(("pair", "rank of (L choice, R choice), two different tiles", both))
    if turn.discard_when_stuck:
        out.append(("discard", f"the tile ({s})", [with_tile(DISCARD, t) for t in range(s)]))
    closers = tiles_of(game.seat_closes)
    if closers:
        out.append(("close", f"end * {len(closers)} + rank of the tile ({places} ends x {len(closers)} tiles)",
                    [close(e, t) for e in range(places) for t in closers]))
    single: dict[str, int] = {}
    if game.stakes:
        bids, decisions = _decisions(game)
        if bids:
            out.append(("bid", f"the amount - 1 (1 to {len(bids)})", bids))
        single.update(decisions)
    if game.keeps_rows:
        draws, passes, stops, row_moves = _row_moves(game)
        single.update(row_moves)
    else:
        draws = _stock_to_draw(game)
        # a seat that cannot place discards instead; or its turn is skipped, an event, and
        # with no stock to draw from a seat on turn can always place (or the hand is blocked)
        passes = not turn.discard_when_stuck and not (turn.skip_when_stuck and not draws)
        stops = turn.continues == "at will"   # parts.turns.AT_WILL, as hand.py reads it
    for name, has, move in (("draw", draws, DRAW), ("pass", passes, PASS), ("stop", stops, STOP),
                            ("decline", declines, DECLINE)):
        if has:
            single[name] = move
    for name in BLOCK_ORDER:
        if name in single:
            out.append((name, "one action", [single[name]]))
    return out


def _conventions(game: "Game") -> tuple[bool, bool]:
    """(Jedan Kamen: placements may announce, Igra preko reda: out-of-turn offers may be declined)."""
    return (any(isinstance(c, LastTileAnnouncement) for c in game.conventions),
            any(isinstance(c, OutOfTurnDoubles) for c in game.conventions))


def _decisions(game: "Game") -> tuple[list[int], dict[str, int]]:
    """The ``decide`` moves of a game for stakes (``domine.parts.stakes``): the bids, 1 to
    ``game.max_bid`` (none for a game without auctions), and the single decisions: the
    auction's pass where the game holds auctions, buying back and dropping out where it
    leaves decisions after the play (``Game.after_play``)."""
    bids = [bid(k) for k in range(1, getattr(game, "max_bid", 0) + 1)]
    single = {"no bid": NO_BID_MOVE} if bids else {}
    if game.decides_after_play:
        single["buy back"] = BUY_BACK_MOVE
        single["drop out"] = DROP_OUT_MOVE
    return bids, single


def _row_moves(game: "Game") -> tuple[bool, bool, bool, dict[str, int]]:
    """A row game's turn style (``domine.parts.rows``): whether it draws, passes and stops, and
    its own moves."""
    style = game.row_style
    open_hand = style == "peek" and game.reveal_at > 0   # a hand turned up: lay, stop, pass or draw
    stock = _stock_to_draw(game)
    moves: dict[str, int] = {}
    if style == "peek on":
        moves["peek"] = PEEK
    if style != "reveal":
        moves["back"] = BACK
    if style == "peek" and stock:
        moves["back draw"] = BACK | BACK_DRAW
    if style == "peek on":
        moves["back open"] = BACK | BACK_OPEN
    # a pass: the "reveal" style when nothing fits; "peek on" with no face-down tile left (4.1)
    return open_hand and stock, style != "peek" or open_hand, style == "peek on" or open_hand, moves


def _move_text(move: int) -> str:
    """A move in words without a hand to name its ends by (for error messages)."""
    k = kind(move)
    name = KINDS[k].name
    if k == 0:
        t = tile_of(move)
        where = "lead" if end_of(move) == 31 else f"end {end_of(move)}, leaving {open_of(move)}"
        return f"placement of {tile_str(t)} ({where})" if t < TILE_COUNT else f"placement {move:#x}"
    if k == PAIR:
        return f"pair {_move_text(move & PLACEMENT_MASK)} + {_move_text((move >> SECOND_SHIFT) & PLACEMENT_MASK)}"
    if k in (DISCARD, CLOSE) and tile_of(move) < TILE_COUNT:
        return f"{name} {tile_str(tile_of(move))}" + (f" on end {end_of(move)}" if k == CLOSE else "")
    return f"{name} move {move:#x}"


def _options_text(game: "Game") -> str:
    changed = {k: v for k, v in game.option_values.items()
               if v != next(o.default for o in game.options if o.name == k)}
    return ", ".join(f"{k}={v}" for k, v in changed.items()) or "default options"


# -- one codec per configured game ------------------------------------------------------------
_CODECS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def codec_for(game: "Game") -> ActionCodec:
    """The action codec of a configured game, made once and kept as long as the game lives."""
    codec = _CODECS.get(game)
    if codec is None:
        codec = _CODECS[game] = ActionCodec(game)
    return codec
