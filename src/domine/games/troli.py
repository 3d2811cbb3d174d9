"""Troli (T r o l i): 4 to 9 players, 3 tiles each, no drawing; a double earns one more tile.

* Every hand the heaviest double leads and owes one more placement. With no
  double dealt, the top set-aside tile is turned up as the lead, nobody's, and
  seat (hand - 1) mod N plays first (troli 3).
* After any double the same player must place once more if he can; if he
  cannot, his turn just ends, with no move (troli 5, general 23b).
* Own pips are penalties; lowest total wins once someone reaches 150.
"""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.leads import HeaviestDoubleElseTurnUp
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn


class Troli(Game):
    id = "troli"
    name = "Troli"
    aliases = ("Troli",)
    family = "block"
    summary = "4 to 9 players, 3 tiles each, no stock; a double earns one more tile; lowest at 150 wins."
    min_players, max_players = 4, 9
    hand_sizes = {n: 3 for n in range(4, 10)}
    leftover = "aside"
    turn = Turn(again_after_double=True)
    first_lead = HeaviestDoubleElseTurnUp()
    points = PENALTY
    target = 150
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
