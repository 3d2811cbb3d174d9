"""Shut-out beyond the example data: drawn tiles are shown to the opponent."""

from __future__ import annotations

from domine.games import make_game
from domine.engine.moves import DRAW, is_hidden, kind, tile_of
from domine.engine.position import position
from domine.engine.tiles import parse_tile


def test_a_drawn_tile_is_seen_by_the_opponent():
    game = make_game("shut-out", 2)
    stock = ["0-1", "3-5", "2-2", "0-0", "1-1", "3-3", "5-5", "4-5", "4-6", "5-6", "2-6", "0-2"]
    state = position(game, hands=[["6-4", "0-6"], ["1-3", "4-4", "6-6"]], ends=[2, 5], stock=stock, to_act=1)
    state.apply(state.parse_move("draw"))
    seen = [m for _, m in state.observation(0).history if kind(m) == DRAW]
    assert len(seen) == 1 and not is_hidden(seen[0]) and tile_of(seen[0]) == parse_tile("0-1")
