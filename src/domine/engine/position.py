"""Set up a position in the middle of a hand, for tests, puzzles and move-count files.

``position(game, hands=..., ends=...)`` builds a ``HandState`` whose layout shows
the given open ends, as if the hand had been played up to there. Tiles named
nowhere else are taken to be face up in the layout (``rest="layout"``) or out
of play (``rest="aside"``).

For layouts with a shape (a cross, a figure, seat arms, trains) give the tiles
instead: ``lead="4-4", placed=["4-1 N", "4-6 E", "6-6 E"]`` lays them with the
layout's own rules of geometry (each tile against the end it names, its matching
half inwards; a third word gives the pip it leaves open where the tile may choose, as a
matador does: ``"6-1 N 1"``), and ``closed=["W 3-4"]`` closes ends face down.

What the tiles do not say (mexican-train's markers, the seats past their first turn) is
``table``, a dict the game reads in its own words (``Game.set_position``).
"""

from __future__ import annotations

from typing import Sequence

from .hand import Deal, HandContext, HandState
from .tiles import BIT, parse_tile, set_size


def _tiles(game: "Game", items: Sequence) -> list[int]:
    return [t if isinstance(t, int) else parse_tile(str(t), game.max_pip) for t in items]


def position(
    game: "Game",
    hands: Sequence[Sequence],
    ends: Sequence[int] | None = None,
    *,
    lead: str | int | None = None,
    placed: Sequence[str] = (),
    closed: Sequence[str] = (),
    stock: Sequence = (),
    layout: Sequence = (),
    to_act: int = 0,
    lengths: Sequence[int] | None = None,
    doubles: Sequence[bool] | None = None,
    rest: str = "layout",
    context: HandContext | None = None,
    last_placer: int | None = None,
    table: dict | None = None,
) -> HandState:
    hand_tiles = [_tiles(game, h) for h in hands]
    stock_tiles = _tiles(game, stock)
    layout_tiles = _tiles(game, layout)
    if lead is not None:
        return _built(game, hand_tiles, stock_tiles, layout_tiles, _tiles(game, [lead])[0], placed, closed,
                      to_act, rest, context, last_placer, table)
    if ends is None:
        raise ValueError("a position needs its open ends, or its lead and placed tiles")
    named = {t for h in hand_tiles for t in h} | set(stock_tiles) | set(layout_tiles)
    others = [t for t in range(set_size(game.max_pip)) if t not in named]
    if rest == "layout":
        layout_tiles += others
        aside: list[int] = []
    else:
        aside = others
    deal = Deal(hand_tiles, stock=stock_tiles, aside=aside)
    state = HandState(game, deal, context, lead=False)
    lay = state.layout
    n = len(ends)
    lay.lead = layout_tiles[0] if layout_tiles else 0
    lay.values = list(ends)
    lay.lengths = list(lengths) if lengths is not None else [1] * n
    lay.doubles = list(doubles) if doubles is not None else [False] * n
    lay.closed = [False] * n
    lay.closers = [-1] * n
    lay.owners = [-1] * n
    lay.arms = [[] for _ in range(n)]
    mask = 0
    for t in layout_tiles:
        mask |= BIT[t]
    lay.mask = mask
    return _ready(state, to_act, last_placer, table)


def _built(game, hand_tiles, stock_tiles, layout_tiles, lead, placed, closed, to_act, rest, context,
           last_placer, table=None) -> HandState:
    """A position whose layout is laid tile by tile from ``lead`` and ``placed``."""
    from .matching import STRIDE
    pieces = [(text.split()[0], text.split()[1].upper()) for text in placed]
    kept = [int(text.split()[2]) if len(text.split()) > 2 else None for text in placed]   # the pip left open
    closings = [(text.split()[0].upper(), text.split()[1] if len(text.split()) > 1 else None) for text in closed]
    on_table = [lead] + [_tiles(game, [t])[0] for t, _ in pieces]
    face_down = [_tiles(game, [t])[0] for _, t in closings if t is not None]
    named = {t for h in hand_tiles for t in h} | set(stock_tiles) | set(layout_tiles) | set(on_table) | set(face_down)
    others = [t for t in range(set_size(game.max_pip)) if t not in named]
    aside = others if rest == "aside" else []
    deal = Deal(hand_tiles, stock=stock_tiles, aside=aside + face_down)
    state = HandState(game, deal, context, lead=False)
    lay = state.layout
    lay.place_lead(lead)
    for (text, end_name), t, keep in zip(pieces, on_table[1:], kept):
        names = lay.end_names()   # a spinner line gains its N and S ends as it goes
        if end_name not in names:
            raise ValueError(f"{text}: the layout has no end {end_name} (ends: {' '.join(names)})")
        end = names.index(end_name)
        v = lay.values[end]
        if state.fits[v] & BIT[t] == 0:
            raise ValueError(f"{text} does not fit end {end_name}, which shows {v}")
        opens = game.matching.opens[t * STRIDE + v]   # the pips it may leave open there
        if keep is None and len(opens) > 1:
            raise ValueError(f"{text}: say which pip it leaves open ({' or '.join(map(str, opens))})")
        if keep is not None and keep not in opens:
            raise ValueError(f"{text} cannot leave {keep} open on end {end_name}")
        lay.place(end, t, opens[0] if keep is None else keep)
    names = lay.end_names()
    for (end_name, text), t in zip(closings, face_down + [-1] * len(closings)):
        lay.close(names.index(end_name), t if text is not None else -1)
    extra = 0
    for t in layout_tiles + (others if rest == "layout" else []):
        extra |= BIT[t]
    lay.mask |= extra
    return _ready(state, to_act, last_placer, table)


def _ready(state: HandState, to_act: int, last_placer: int | None, table: dict | None) -> HandState:
    """The position's layout complete: the seat to act, and the hand's end checked at once."""
    state.layout._refresh()
    state.to_act = to_act
    state.lead_mask = 0
    state.last_placer = last_placer
    state.phase = state.game.phase_named["turn" if state.layout.lead >= 0 else "lead"]
    if table:
        state.game.set_position(state, table)
    state._check_end()
    return state
