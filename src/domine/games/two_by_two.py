"""Two by Two (Dve po Dve): a turn is two tiles, one on each end; stuck, draw one and stop."""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..engine.moves import DRAW, PASS
from ..engine.tiles import BIT, tile_id
from ..parts.hand_ends import NobodyCanPlay
from ..parts.leads import HeaviestDouble, PreviousWinner
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn


class TwoByTwo(Game):
    id = "two-by-two"
    name = "Two by Two"
    aliases = ("Dve po Dve", "Two by Two", "Double Draw")
    family = "draw"
    summary = "Play two tiles a turn, one on each end; stuck, draw one; lowest at 150 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8            # rule 3: 8 minus the number of players
    leftover = "stock"
    reserve = 0                    # gap 2: the whole stock may be drawn
    turn = Turn(pairs=True, draw_ends_turn=True, draw_limit=1)   # rules 6-7
    hand_end = NobodyCanPlay()     # rule 9
    first_lead = HeaviestDouble(redeal=True)                     # rule 4, gap 4
    later_lead = PreviousWinner(after_tie=HeaviestDouble(redeal=True))   # rule 4, rule 11
    points = PENALTY
    target = 150                   # rule 12, gap 5
    options = (SET, TARGET)

    def ruled_out(self, event_kind, playable):
        # A draw or a pass says only that the seat had no pair (or, holding one tile,
        # that it fitted nowhere): a tile fitting one end may still be in his hand.
        return 0

    def ruled_out_cases(self, event_kind, layout, held):
        # No pair: nothing for the left end, or nothing for the right one, or the one tile
        # fitting both is his only fitting tile; holding a single tile, it fitted nowhere.
        if event_kind not in (DRAW, PASS):
            return ()
        v0, v1 = layout.values[0], layout.values[1]
        fits = self.set_fits
        if held == 1:
            return (fits[v0] | fits[v1],)
        if v0 == v1:
            return ()
        return (fits[v0], fits[v1], (fits[v0] | fits[v1]) & ~BIT[tile_id(v0, v1)])

    def at_most_one(self, event_kind, layout, held):
        # No pair with both ends showing one number: he held at most one tile of it.
        if event_kind in (DRAW, PASS) and layout.values[0] == layout.values[1]:
            return self.set_fits[layout.values[0]]
        return 0

    def score_hand(self, state, reason, out_seat):
        result = own_pips(state, reason, out_seat)   # rules 10-11: the standard ranking
        if out_seat is not None:
            result.winners = [out_seat]
        return result
