"""Grape (G r a p e, Mrtvaci): no stock; stuck, lay a tile face down; the fewest dead pips win."""

from __future__ import annotations

from .base import PARTNERS, SET, Game, apply_partners
from ..parts.hand_ends import PlayedOut
from ..parts.leads import GivenTile, PreviousWinner
from ..parts.match_ends import HandWins
from ..parts.scoring import GOOD, one_win_to_winners
from ..parts.turns import Turn
from ..engine.results import HandResult
from ..engine.tiles import LOW, PIPS, tile_id, tiles_of

DOUBLE_BLANK = tile_id(0, 0)


def dead_key(mask: int) -> tuple[int, int, int, int]:
    """Grape rule 8, smaller is better: dead weight, dead tiles, the lightest dead tile's
    weight and its lower half. "Lighter" here is fewer pips, then the smaller lower half
    (so 1-3 is lighter than 2-2), not the reverse of general rule 2."""
    tiles = tiles_of(mask)
    if not tiles:
        return (0, 0, 0, 0)
    lightest = min(tiles, key=lambda t: (PIPS[t], LOW[t]))
    return (sum(PIPS[t] for t in tiles), len(tiles), PIPS[lightest], LOW[lightest])


class Grape(Game):
    id = "grape"
    name = "Grape"
    aliases = ("Grape", "Mrtvaci", "Mrtvac")
    family = "block"
    summary = "4 or 5 players, no stock; stuck, lay a tile face down; fewest dead pips wins the hand; first to 5."
    min_players, max_players = 4, 5
    hand_sizes = {4: 7, 5: 5}
    leftover = "aside"             # rule 3: with 5 players 3 tiles are set aside
    turn = Turn(discard_when_stuck=True)   # rule 6
    hand_end = PlayedOut()                 # rule 7: every hand is played out
    first_lead = GivenTile(DOUBLE_BLANK)   # rule 4; with 5 players a redeal if 0-0 is aside
    later_lead = PreviousWinner(after_tie=GivenTile(DOUBLE_BLANK))   # rules 4 and 9
    points = GOOD                  # pip_weight stays 1: a heavy tile kept may end up dead
    match_end = HandWins(5)        # rule 11, gap 4
    options = (SET, PARTNERS)

    def configure(self, options):
        super().configure(options)
        apply_partners(self, options)   # rule 2, gap 5

    def score_hand(self, state, reason, out_seat):
        n = state.n
        keys = [dead_key(d) for d in state.discards]
        last = state.history[-1][0] if state.history else (state.leader or 0) - 1
        # rule 9: ties are counted from the seat that took the last turn (he comes first)
        ranking = sorted(range(n), key=lambda s: (keys[s], (s - last) % n))
        best = keys[ranking[0]]
        winners = [s for s in ranking if keys[s] == best]
        values = [k[0] for k in keys]   # the dead pips: what each seat's result is judged by
        tiles = [h.bit_count() for h in state.hands]
        result = HandResult(reason, out_seat, values, tiles, [0] * state.n_teams, winners, ranking)
        return one_win_to_winners(result, state)   # rule 10: one hand win per winning team
