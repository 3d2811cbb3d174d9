"""Običan Domino, the base game of the source, with its two conventions.

* Igra preko reda (ordinary 7): after a drawn non-double lead a-b, holders of
  a-a and b-b are offered to lay them at once; each one laid costs a turn.
* Jedan Kamen (ordinary 10): a placement leaving one tile carries a yes/no
  announcement; unannounced, that last tile is locked until the end of the
  owner's next real turn.
"""

from __future__ import annotations

from .base import SET, TARGET, Game
from ..parts.conventions import LastTileAnnouncement, OutOfTurnDoubles
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips


class Ordinary(Game):
    id = "ordinary"
    name = "Ordinary Dominoes"
    aliases = ("Običan Domino", "Ordinary Dominoes")
    family = "draw"
    summary = "The base draw game: own pips are penalties, 0-0 counts 14; lowest at 150 wins."
    min_players, max_players = 2, 6
    hand_size_total = 8
    reserve = 2
    first_lead = HeaviestDouble(redeal=True)
    later_lead = Loser("double", then="first drawn")
    conventions = (OutOfTurnDoubles(), LastTileAnnouncement())
    double_blank_value = 14
    points = PENALTY
    target = 150
    options = (SET, TARGET)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
