"""Matador Cross (Ruski Ukršteni Domino): Matador's sevens and wild matadors on a cross.

The lead is a double other than 0-0, a spinner whose four sides fill (by the sum-to-seven
rule, or with a matador) before any arm grows; later doubles lie in line. The Russian
crosses share this module's pieces: the lead rules, and the closing of opening places
that a full round of passes at the reserve shows nobody can fill.
"""

from __future__ import annotations

from ..game import TARGET, Game
from ..hand import NOBODY
from ..matching import RUSSIAN_MATADORS, SEVEN
from ..moves import NO_TILE, PASS, close
from ..parts.hand_ends import DeadLayout
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn
from ..tiles import BIT, DOUBLES_MASK

NOT_BLANK = DOUBLES_MASK & ~BIT[0]   # the doubles that may lead: all but 0-0 (a matador)
MATADORS = sum(BIT[t] for t in RUSSIAN_MATADORS)


class ClosesAfterPasses(DeadLayout):
    """Matador's ends (blocked, dead layout), except that while places of the opening phase
    ``what`` ("sides" or "slots") wait, being stuck is no block: the passes go round, and the
    game closes those places after a full round (``close_after_round``)."""

    def __init__(self, what: str):
        self.what = what

    def closable(self, layout) -> list[int]:
        if layout.lead < 0:
            return []
        places = layout.pending()
        if not places:
            return []
        side = layout.lengths[places[0]] == 0
        return places if side == (self.what == "sides") else []

    def blocked(self, state):
        return state.drawable <= 0 and not state.in_hands & state.layout.playable \
            and not self.closable(state.layout)


def close_after_round(state, hand_end: ClosesAfterPasses, face_down: bool) -> None:
    """After every seat has passed in turn (a pass comes only with the stock at the reserve),
    close the waiting places: each with a reserve tile face down (``face_down``), or marked
    dead with no tile. An event of nobody, public."""
    if state.drawable > 0 or state.over:
        return
    history, n = state.history, state.n
    if len(history) < n:
        return
    for i in range(1, n + 1):
        if history[-i][1] != PASS:
            return
    layout = state.layout
    for end in hand_end.closable(layout):
        if face_down and state.reserve > 0:
            state.close_end(close(end, state.stock[len(state.stock) - state.reserve]), seat=NOBODY)
        else:
            layout.close(end, -1)
            state.history.append((NOBODY, close(end, NO_TILE)))
        if state.over:
            return


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
    layout_kind = "cross"                                # rules 4-6
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
