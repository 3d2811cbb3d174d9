"""Line games: one line with two open ends, equal matching.

Each class below is the rules sheet of one game; everything not written here
is the default of ``domine.game.Game`` (general.md).
"""

from __future__ import annotations

from ..game import (
    TARGET, Game, GameError, Option, score_first_ranked_takes_others, score_opponents_total, score_own_pips,
    score_winner_takes_others,
)
from ..layout import LEAD_END
from ..moves import ANNOUNCE, DRAW, PASS, place
from ..tiles import BIT, HIGH, IS_DOUBLE, LOW, double

PARTNERS = Option("partners", bool, False, "4 players only: seats 0+2 play against seats 1+3")


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
    exact_search = True     # with 2 players (domine.exact checks the seats)
    target = 100
    options = (
        Option("double_nine", bool, False, "play with a double-nine set, 9 tiles each"),
        PARTNERS,
        Option("hand_size", int, None, "tiles dealt to each player"),
        TARGET,
        Option("openspiel", bool, False, "OpenSpiel's python_block_dominoes: 2 players, one zero-sum hand"),
    )

    def configure(self, options):
        super().configure(options)
        self.openspiel = options["openspiel"]
        if self.openspiel:
            clash = [k for k in ("double_nine", "partners", "hand_size", "target") if options[k]]
            if clash:
                raise GameError(f"option openspiel cannot be combined with {', '.join(clash)}")
            self.min_players = self.max_players = 2
            self.implicit_pass = True
            self.match_end = "single"
            return
        if options["double_nine"]:
            self.max_pip = 9
            self.hand_sizes = {2: 9, 3: 9, 4: 9}
        apply_partners(self, options)
        if options["hand_size"] is not None:
            if options["hand_size"] < 1:
                raise GameError("option hand_size must be at least 1")
            self.hand_sizes = {n: options["hand_size"] for n in range(2, 5)}

    def setup_hand(self, state):
        if self.openspiel:
            state.to_act, state.lead_mask = 0, self.set_mask   # player 0 leads any tile
        else:
            super().setup_hand(state)

    def score_hand(self, state, reason, out_seat):
        if not self.openspiel:
            return score_winner_takes_others(state, reason, out_seat)
        # OpenSpiel's returns: the lower hand wins the loser's pips, zero-sum.
        result = super().score_hand(state, reason, out_seat)
        p0, p1 = result.hand_values
        if p0 == p1:
            result.points, result.winners = [0, 0], []
        else:
            win = 0 if p0 < p1 else 1
            loss = max(p0, p1)
            result.points = [loss, -loss] if win == 0 else [-loss, loss]
            result.winners = [win]
        return result


def apply_partners(game: Game, options) -> None:
    if options.get("partners"):
        if game.players != 4:
            raise GameError("option partners needs exactly 4 players")
        game.partnership = True


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
            self.tactical_draw = True
            self.drawn_tile_must_be_played = False



class Family(Game):
    id = "family"
    name = "Family Dominoes for Two"
    aliases = ("porodična varijanta", "porodicna varijanta", "porodične domine", "porodicne domine",
               "Family Dominoes")
    family = "draw"
    summary = "A gentle game for two: draw until you can play; a round is won or lost."
    min_players = max_players = 2
    hand_sizes = {2: 7}
    later_lead = "next starter, any tile"
    match_end = "rounds"
    target = 1
    options = (Option("rounds", int, 1, "rounds in the match; more round wins takes it"),)

    def configure(self, options):
        if options["rounds"] < 1:
            raise GameError("option rounds must be at least 1")
        self.target = options["rounds"]

    def score_hand(self, state, reason, out_seat):
        result = super().score_hand(state, reason, out_seat)
        values = result.hand_values
        if out_seat is not None:
            winners = [out_seat]
        else:
            winners = [] if values[0] == values[1] else [0 if values[0] < values[1] else 1]
        result.winners = winners
        result.points = [1 if s in winners else 0 for s in range(2)]   # one round win
        return result


class Partners(Game):
    id = "partners"
    name = "Partnership Dominoes"
    aliases = ("Domine u Parove", "Domine u parove", "Parska igra", "Partnership Dominoes",
               "Partnership Draw dominoes")
    family = "partnership"
    summary = "Two teams of two; each team scores the other team's pips; first to 150."
    min_players = max_players = 4
    hand_sizes = {4: 5}
    reserve = 2
    partnership = True
    without_double = "redeal"
    target = 150
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return score_opponents_total(state, reason, out_seat)


class Blitz(Game):
    id = "blitz"
    name = "Blitz"
    aliases = ("B l i c", "Blic", "Blitz")
    family = "block"
    summary = "4 to 8 players; keep placing while anything fits; first to 100."
    min_players, max_players = 4, 8
    hand_sizes = {4: 7, 5: 5, 6: 4, 7: 4, 8: 3}
    leftover = "aside"
    chained_turns = True
    first_lead = "lightest tile"
    target = 100
    options = (TARGET,)

    def score_hand(self, state, reason, out_seat):
        return score_first_ranked_takes_others(state, reason, out_seat)


class Ordinary(Game):
    """Običan Domino, the base game of the source, with its two special rules.

    * Igra preko reda: after a drawn non-double lead a-b, holders of a-a and b-b
      are offered (as interrupts) to lay them at once; each one laid costs a turn.
    * Jedan Kamen: a placement leaving one tile carries a yes/no announcement;
      unannounced, that last tile is locked until the end of the owner's next
      real turn.
    """

    id = "ordinary"
    name = "Ordinary Dominoes"
    aliases = ("Običan Domino", "Obican Domino", "Običan domino", "Obican domino", "Ordinary Dominoes",
               "Draw Dominoes (the English family name)")
    family = "draw"
    summary = "The base draw game: own pips are penalties, 0-0 counts 14; lowest at 150 wins."
    min_players, max_players = 2, 6
    hand_size_total = 8
    reserve = 2
    without_double = "redeal"
    later_lead = "loser, any double, else the first drawn tile"
    double_blank_value = 14
    last_tile_announcement = True
    match_end = "low"
    target = 150
    options = (TARGET,)

    def setup_hand(self, state):
        state.extra["turns"] = [0] * state.n
        state.extra["lock_until"] = [0] * state.n
        super().setup_hand(state)

    def filter_moves(self, state, seat, moves):
        locked = state.locked[seat]
        if locked:   # an unannounced last tile may not be placed, out of turn either
            moves = [m for m in moves if m >= DRAW or not BIT[m & 127] & locked]
        if state.hands[seat].bit_count() != 2:
            return moves
        out = []
        for m in moves:
            out.append(m)
            if m < PASS and m >> 20 == 0:
                out.append(m | ANNOUNCE)
        return out

    def on_place(self, state, seat, move):
        if state.out_of_turn:
            state.skips[seat] += 1   # each out-of-turn double costs a coming turn
        hand = state.hands[seat]
        if hand.bit_count() == 1:
            if move & ANNOUNCE:
                state.locked[seat] = 0
            else:
                state.locked[seat] = hand
                state.extra["lock_until"][seat] = state.extra["turns"][seat] + 1
        t = move & 127
        if (move >> 7) & 31 == LEAD_END and state.lead_was_drawn and not IS_DOUBLE[t]:
            offers = []
            for k in range(1, state.n):
                s = (seat + k) % state.n
                for pip, end in sorted([(HIGH[t], 0), (LOW[t], 1)]):
                    if state.hands[s] & BIT[double(pip)]:
                        offers.append((s, (place(double(pip), end, pip),)))
            if offers:
                state.interrupts = offers
                state.resume_seat = seat

    def on_turn_start(self, state, seat):
        state.extra["turns"][seat] += 1

    def on_turn_end(self, state, seat):
        if state.locked[seat] and state.extra["turns"][seat] >= state.extra["lock_until"][seat]:
            state.locked[seat] = 0

    def score_hand(self, state, reason, out_seat):
        return score_own_pips(state, reason, out_seat)
