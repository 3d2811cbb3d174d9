"""Four Crosses (Četiri Krsta): Cross Dominoes on a nine-tile figure.

The lead double gets a tile on each side, and each of those arms its own double,
before anything else is played (the ``figure`` layout, ``domine.engine.layout.Figure``).
A player may draw at most 2 tiles a turn. An arm whose double is one of the two
reserved tiles can never be completed: once nothing is drawable and every seat
has passed in turn, the rules close it with that double face down (an event of
nobody), and play goes on in the other directions.
"""

from __future__ import annotations

from .base import SET, TARGET, Game, Option
from ..engine.hand import NOBODY
from ..engine.moves import DRAW, PASS, IllegalMove, close
from ..parts.hand_ends import HandEnd
from ..parts.leads import HeaviestDouble, Loser
from ..parts.scoring import PENALTY, own_pips
from ..parts.turns import Turn
from ..engine.tiles import double, tile_str
from ..engine.moves import kind


class FigureBlocked(HandEnd):
    """Four-crosses 14: blocked when nothing is drawable and nobody can place, unless an arm
    still waits for its double: then the passes go round until rule 9 closes it."""

    inline = False

    def blocked(self, state):
        return HandEnd.blocked(self, state) and self.block_ends_hand(state.layout)

    def block_ends_hand(self, layout):
        return not layout.waiting_for_double()


class FourCrosses(Game):
    id = "four-crosses"
    name = "Four Crosses"
    aliases = ("Četiri Krsta", "Četvorostruki Krst", "Four Crosses", "Quadruple Cross")
    family = "cross"
    summary = "Cross Dominoes on a nine-tile figure: each arm needs its double first; draw at most 2."
    min_players, max_players = 2, 4
    hand_size_total = 8                              # rule 3: 8 minus the players
    reserve = 2                                      # rule 3: the last 2 are never drawn
    layout_kind = "figure"                           # rules 6-8, 11
    turn = Turn(draw_limit=2)                        # rule 10 (the lead's search is not a turn: rule 5)
    hand_end = FigureBlocked()                       # rule 14
    first_lead = HeaviestDouble(redeal=True)         # rule 4
    later_lead = Loser("double", then="until double")   # rule 5
    points = PENALTY                                 # rule 15
    target = 150                                     # rule 16
    options = (
        SET,
        TARGET,
        Option("sides_first", bool, False, "arm doubles only after all four sides hold a tile "
               "(default: an arm takes its double as soon as it exists)"),
    )

    def configure(self, options):
        super().configure(options)
        self.layout_params = {"sides_first": bool(options.get("sides_first"))}


    def on_turn_start(self, state, seat):
        """Rule 9: after a full round of passes with nothing drawable, close every arm that
        still waits for its double with that double, face down, from the reserve."""
        if state.drawable > 0 or state.over:
            return
        history = state.history
        n = state.n
        if len(history) < n or history[-1][1] != PASS:
            return
        for i in range(2, n + 1):
            if history[-i][1] != PASS:
                return
        if len(history) > n:
            actor, event = history[-n - 1]
            if actor == history[-n][0] and kind(event) == DRAW:
                return   # the round's first pass ended a turn that began with a drawable tile
        layout = state.layout
        for end in layout.waiting_for_double():
            tile = double(layout.values[end])
            if tile not in state.stock[state.stock_pos:]:
                raise IllegalMove("double-not-reserved", end=layout.end_names()[end], tile=tile_str(tile))
            state.close_end(close(end, tile), seat=NOBODY)

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)   # rule 15
