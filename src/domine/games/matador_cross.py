"""Matador Cross (Ruski Ukršteni Domino): Matador's sevens and wild matadors on a cross.

The lead is a double other than 0-0, a spinner whose four sides fill (by the sum-to-seven
rule, or with a matador) before any arm grows; later doubles lie in line. The Russian
crosses share this module's pieces: the lead rules, the deal and scoring, and the reasons
for closing an opening place that a full round of passes at the reserve shows nobody can
fill (``parts.hand_ends.ClosesAfterPasses``).
"""

from __future__ import annotations

from .base import TARGET, Game
from ..engine.matching import RUSSIAN_MATADORS, SEVEN
from ..engine.moves import register_close_reason
from ..parts.hand_ends import DeadLayout
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn
from ..engine.tiles import BIT, DOUBLES_MASK

NOT_BLANK = DOUBLES_MASK & ~BIT[0]   # the doubles that may lead: all but 0-0 (a matador)
MATADORS = sum(BIT[t] for t in RUSSIAN_MATADORS)

#: why the rules close an opening place after a full round of passes (``domine.engine.moves.close_reason``)
STUCK_MATADOR = register_close_reason(1, "its matador is stuck in the reserve")
NOTHING_FOR_SLOT = register_close_reason(2, "nobody can fill its slot")


class MatadorCross(Game):
    id = "matador-cross"
    name = "Matador Cross (Russian Cross Dominoes)"
    aliases = ('Ruski Ukršteni Domino', 'Russian Crossed Dominoes', 'Matador Cross',
               'Russian Cross Dominoes')
    family = "russian"
    summary = "Matador on a cross: sevens and wild matadors; fill the four sides first; lowest at 100 wins."
    min_players, max_players = 2, 4
    hand_size_total = 8                                  # rule 2: 8 minus the players
    reserve = 2                                          # rule 2
    matching = SEVEN                                     # rule 3
    layout_kind = "phased cross"                         # rules 4-6: the sides take what fits, then the arms
    doubles_in_line = True                               # rule 3
    turn = Turn(draw_at_will=True, drawn_tile_must_be_played=False)   # rule 7
    hand_end = DeadLayout()                              # rules 11-13
    first_lead = HeaviestDouble(redeal=True, doubles=NOT_BLANK)       # rule 8
    later_lead = Loser("double", then="until double", doubles=NOT_BLANK)   # rule 10
    points = PENALTY                                     # rule 14
    target = 100                                         # rule 15
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)
