"""Domino Ślepe: a face-down row; peek at the front tile each turn, lay it or send it back."""

from __future__ import annotations

from .base import SET, TARGET
from ..engine.moves import DRAW
from ..parts.scoring import lowest_takes_others_total
from .base import RowGame
from ..parts.rows import NextSeatStarts


class BlindRow(RowGame):
    id = "blind-row"
    name = "Blind Dominoes (row version)"
    aliases = ('Domino Ślepe', 'Blind Domino')
    family = "blind"
    summary = "Peek at your front tile, lay it or send it back (and maybe draw); at 3 tiles show them."
    min_players, max_players = 2, 4
    hand_sizes = {2: 8, 3: 8, 4: 7}
    leftover = "stock"
    row_style = "peek"
    reveal_at = 3
    public_kinds = frozenset({DRAW})   # only an open hand draws with a move of its own, face up
    later_lead = NextSeatStarts()
    optional_places = True             # laying is never compulsory (an open hand may pass)
    target = 100
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        # a domino scores the others' pips; a block or stalemate, the single lowest count takes them
        return lowest_takes_others_total(state, reason, out_seat)
