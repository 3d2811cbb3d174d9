"""The environments' pictures: the table as text (``ansi``) and as an RGB array.

Both show only what every seat sees (the layout, the open ends, the tiles each seat holds
and the stock as counts, the scores), never a hand.
"""

from __future__ import annotations

import io

import numpy as np

from ..engine.tiles import tile_str, tiles_of
from ..render import png


def _ends(state) -> str:
    lay = state.layout
    if lay.lead < 0:
        return "no lead yet"
    names = lay.end_names()
    return ", ".join(f"{names[i]} {lay.values[i]}" + (" closed" if lay.closed[i] else "")
                     for i in range(len(lay.values)))


def ansi(match, state) -> str:
    """A few lines: the game and hand, the open ends, the tiles on the table, every seat's count."""
    game = match.game
    hand = match.hands_played + (0 if state.over else 1)
    lines = [f"{game.id} for {game.players}, hand {hand}, scores {' '.join(str(s) for s in match.scores)}",
             f"ends: {_ends(state)}",
             "table: " + (" ".join(tile_str(t) for t in tiles_of(state.layout.mask)) or "-"),
             "tiles: " + ", ".join(f"seat {s} {h.bit_count()}" for s, h in enumerate(state.hands))
             + f"; stock {len(state.stock) - state.stock_pos}"]
    if state.over and state.result is not None:
        lines.append(f"hand over ({state.result.reason}), points {state.result.points}")
    elif not state.over:
        lines.append(f"to act: seat {state.acting_seat()}")
    return "\n".join(lines)


def rgb_array(state) -> np.ndarray:
    """The layout drawn as ``domine.render`` draws it (Pillow), as an (height, width, 3) uint8 array."""
    from PIL import Image   # Pillow: domine[png], which domine[rl] brings

    buffer = io.BytesIO()
    png(state.layout.geometry(), buffer, [f"ends: {_ends(state)}"], scale=1)
    buffer.seek(0)
    return np.asarray(Image.open(buffer).convert("RGB"), dtype=np.uint8)
