"""Mreža (network): a line on a square grid that bends at will; closing a ring scores at once,
and the players who laid most of the commonest numbers score at the end of the hand."""

from __future__ import annotations

from .base import TARGET, Game
from ..engine.matching import STRIDE
from ..engine.moves import DRAW, PASS, TILE_MASK
from ..parts.scoring import score_on_play, values_and_tiles
from ..engine.results import HandResult
from ..engine.tiles import BIT, HIGH, LOW

MAJORITY = 3   # points for the most halves of a majority number


class Network(Game):
    id = "network"
    name = "Mreža"
    aliases = ('Mreža', 'Network', 'Net', 'Rings')
    family = "grid"
    summary = "A line on a square grid that may turn at every joint: 1 point per ring closed, " \
        "3 for laying most of the commonest number; first to 11."
    min_players, max_players = 3, 5
    hand_sizes = {3: 8, 4: 6, 5: 5}
    leftover = "aside"
    layout_kind = "grid"
    target = 11
    pip_weight = 0.0   # pips left in hand count for nothing
    options = (TARGET,)

    def points_on_play(self, layout, end, tile):
        """The regions the placement just enclosed (the layout counted them as it was laid)."""
        gained = layout.gained
        return gained if gained > 0 else 0

    def on_place(self, state, seat, move):
        gained = state.layout.gained
        if gained > 0:
            score_on_play(state, seat, gained)

    def playout(self, state, rnd):
        """The engine's turn written out for this game: the same moves, events and results as
        ``legal_moves`` and ``apply_unchecked`` with the same ``rnd`` (a test holds it to that),
        without building the move lists: the chosen move is found by counting. Each step names
        the engine code it mirrors (one tile a turn, pass when stuck, blocked when nobody can play)."""
        if state.random_steps_to_turn(rnd):   # the lead
            return
        lay = state.layout
        hands, history = state.hands, state.history
        codes = state.codes
        n = state.n
        place = lay.place
        while True:
            seat = state.to_act
            hand = hands[seat]
            # legal_moves: hand.placements over the targets (one move per tile and place)
            count = 0
            if hand & lay.playable:
                for _, _, accepted in lay.targets:
                    count += (hand & accepted).bit_count()
            pick = int(rnd() * (count or 1))
            if not count:
                # _pass, then next_turn and _check_end
                history.append((seat, PASS))
                state.to_act = (seat + 1) % n
                state.drawn = state.restrict = state.placed_in_turn = 0
                state.owed = False
                if not state.in_hands & lay.playable:
                    state.finish("blocked")
                    return
                continue
            for end, v, accepted in lay.targets:
                m = hand & accepted
                k = m.bit_count()
                if pick >= k:
                    pick -= k
                    continue
                while pick:
                    m &= m - 1
                    pick -= 1
                t = (m & -m).bit_length() - 1
                move = codes[t * STRIDE + v][0] | end << 7
                break
            # apply_unchecked for a placement, on_place, _continue_turn, next_turn, _check_end
            b = BIT[t]
            hand ^= b
            hands[seat] = hand
            state.in_hands ^= b
            place(end, t, (move >> 12) & 15)
            state.last_placer = seat
            history.append((seat, move))
            state.restrict = 0
            gained = lay.gained
            if gained > 0:
                score_on_play(state, seat, gained)
            if not hand:
                state.finish("domino", seat)
                return
            state.to_act = (seat + 1) % n
            state.drawn = state.placed_in_turn = 0
            state.owed = False
            if not state.in_hands & lay.playable:
                state.finish("blocked")
                return

    def score_hand(self, state, reason, out_seat):
        values, tiles = values_and_tiles(state)
        points = list(state.hand_points)
        for seat, bonus in enumerate(majority_points(state.history, state.n)):
            points[seat] += bonus
        top = max(points)
        winners = [s for s in range(state.n) if points[s] == top] if top > 0 else []
        return HandResult(reason, out_seat, values, tiles, points, winners)


def majority_points(history, n: int) -> list[int]:
    """Rule of the majority: for every number shown by the most tile halves on the table
    (a double counts two), 3 points to each player who laid the most halves of it."""
    laid = [0] * (13 * n)   # laid[13 * seat + v]: halves showing v that seat laid
    high, low = HIGH, LOW
    for seat, move in history:
        if move < DRAW and seat >= 0:   # a placement, the lead included
            t = move & TILE_MASK
            base = 13 * seat
            laid[base + high[t]] += 1
            laid[base + low[t]] += 1
    totals = [sum(laid[v::13]) for v in range(13)]
    most = max(totals)
    points = [0] * n
    if not most:
        return points
    for v, total in enumerate(totals):
        if total == most:
            counts = laid[v::13]
            best = max(counts)
            for s in range(n):
                if counts[s] == best:
                    points[s] += MAJORITY
    return points
