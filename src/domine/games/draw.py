"""Draw Dominoes (pagat): draw from the stock when stuck, two tiles kept back."""

from __future__ import annotations

from .base import PARTNERS, SET, TARGET, Game, Option, apply_partners
from ..parts.turns import Turn


class Draw(Game):
    id = "draw"
    name = "Draw Dominoes"
    aliases = ("Draw", "Draw Dominoes", "The Draw Game", "Draw Game", "Dominoes",
               "Block Dominoes with Buying", "Double-Six Dominoes")
    family = "draw"
    summary = "Draw from the stock when stuck (2 tiles kept back); first to 100."
    min_players, max_players = 2, 4
    hand_sizes = {2: 7, 3: 5, 4: 5}
    reserve = 2
    target = 100
    options = (
        SET,
        PARTNERS,
        Option("no_reserve", bool, False, "the whole stock may be drawn"),
        Option("voluntary_draw", bool, False, "pagat's rule: draw at will, even when able to play"),
        TARGET,
    )

    def configure(self, options):
        super().configure(options)
        apply_partners(self, options)
        if options["no_reserve"]:
            self.reserve = 0
        if options["voluntary_draw"]:
            self.turn = Turn(draw_at_will=True, drawn_tile_must_be_played=False)
