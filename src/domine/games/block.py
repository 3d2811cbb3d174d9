"""Block Dominoes (pagat): no drawing; OpenSpiel's ``python_block_dominoes`` as an option."""

from __future__ import annotations

from .base import PARTNERS, SET, TARGET, Alias, Game, GameError, Option, apply_partners
from ..parts.leads import FixedSeat
from ..parts.match_ends import SingleHand
from ..parts.scoring import ZERO_SUM, winner_takes_others
from ..parts.turns import Turn


class Block(Game):
    id = "block"
    name = "Block Dominoes"
    aliases = ("Block", "Block Dominoes", "The Block Game", "Blocking Game", "Block Game",
               "python_block_dominoes")
    family = "block"
    summary = "No drawing: place one tile a turn or pass; first to 100."
    min_players, max_players = 2, 4
    hand_sizes = {2: 7, 3: 5, 4: 5}
    leftover = "aside"
    exact_search = True     # with 2 players (domine.bots.exact checks the seats)
    target = 100
    set_hands = {9: {2: 9, 3: 9, 4: 9}}   # block 3: double-nine, 9 each
    set_targets = {9: 100}                # block 11: 100, whatever the set it names
    options = (
        SET,
        PARTNERS,
        Option("hand_size", int, None, "tiles dealt to each player"),
        TARGET,
        Option("openspiel", bool, False, "OpenSpiel's python_block_dominoes: 2 players, one zero-sum hand"),
    )
    option_aliases = (Alias("double_nine", "set", "double-nine"),)

    def configure(self, options):
        super().configure(options)
        self.openspiel = options["openspiel"]
        if self.openspiel:
            clash = [k for k in ("partners", "hand_size", "target") if options[k]]
            if options["set"] != "double-six":
                clash.insert(0, "set")
            if clash:
                raise GameError(f"option openspiel cannot be combined with {', '.join(clash)}")
            self.min_players = self.max_players = 2
            self.turn = Turn(skip_when_stuck=True)   # a seat that cannot play is passed over
            self.first_lead = FixedSeat(0)            # player 0 leads any tile
            self.points = ZERO_SUM
            self.match_end = SingleHand()
            return
        apply_partners(self, options)
        if options["hand_size"] is not None:
            if options["hand_size"] < 1:
                raise GameError("option hand_size must be at least 1")
            self.hand_sizes = {n: options["hand_size"] for n in range(2, 5)}

    def score_hand(self, state, reason, out_seat):
        result = winner_takes_others(state, reason, out_seat)
        if not self.openspiel:
            return result
        # OpenSpiel's returns: the lower hand wins the loser's pips, zero-sum.
        p0, p1 = result.hand_values
        if p0 == p1:
            result.points, result.winners = [0, 0], []
        else:
            win = 0 if p0 < p1 else 1
            loss = max(p0, p1)
            result.points = [loss, -loss] if win == 0 else [-loss, loss]
            result.winners = [win]
        return result
