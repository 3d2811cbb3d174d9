"""Set up a position in the middle of a hand, for tests, puzzles and move-count files.

``position(game, hands=..., ends=...)`` builds a ``HandState`` whose layout shows
the given open ends, as if the hand had been played up to there. Tiles named
nowhere else are taken to be face up in the layout (``rest="layout"``) or out
of play (``rest="aside"``).
"""

from __future__ import annotations

from typing import Sequence

from .game import Game
from .hand import Deal, HandContext, HandState
from .tiles import BIT, parse_tile, set_size


def _tiles(game: Game, items: Sequence) -> list[int]:
    return [t if isinstance(t, int) else parse_tile(str(t), game.max_pip) for t in items]


def position(
    game: Game,
    hands: Sequence[Sequence],
    ends: Sequence[int],
    *,
    stock: Sequence = (),
    layout: Sequence = (),
    to_act: int = 0,
    lengths: Sequence[int] | None = None,
    doubles: Sequence[bool] | None = None,
    rest: str = "layout",
    context: HandContext | None = None,
    last_placer: int | None = None,
) -> HandState:
    hand_tiles = [_tiles(game, h) for h in hands]
    stock_tiles = _tiles(game, stock)
    layout_tiles = _tiles(game, layout)
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
    lay.arms = [[] for _ in range(n)]
    mask = 0
    for t in layout_tiles:
        mask |= BIT[t]
    lay.mask = mask
    lay._refresh()
    state.to_act = to_act
    state.lead_mask = 0
    state.lead_draw = ""
    state.last_placer = last_placer
    state._update_special()
    state._check_end()
    return state
