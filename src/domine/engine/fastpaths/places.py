"""The places' fast path: one tile a turn on any layout whose places are everyone's (a cross,
the grid of Mreža ...), points on play scored as the game declares (``Game.scores_on_play``).

What it compiles: the turn's moves (``phases.Turn.moves``: the placements target by target
and tile by tile, counted rather than listed; then ``draw``, else ``pass``), a placement
(``HandState._lay``: ``Layout.place``, the game's points on play, the domino, the next seat,
the block test of general 23(c)) and a pass; a draw is made by the engine's own step. The
hand's fields are kept up to date at every step; the layout does its own work.
"""

from __future__ import annotations

from ..movegen import placements
from ..matching import STRIDE
from ..moves import DRAW, PASS
from ..phases import LEAD, TURN
from .common import ask, begin, heaviest_index, steps
from .line import FOLLOWING


def covers(game) -> bool:
    """One tile a turn with the usual drawing (``Turn.plain``), general 23(c), no hook but
    points on play as declared, places that do not depend on the seat, each tile placed one
    way on each end, the engine's own lead and turn phases."""
    filt, place, turn_hook, _ = game.hooks
    return game.turn.plain and game.hand_end.inline and game.hand_end.domino_ends_hand \
        and not (filt or turn_hook or game.draw_hook or game.places_depend_on_seat) \
        and (not place or game.on_place_scores_only) \
        and not any(game.matching.chooses_open) \
        and game.phase_named["turn"] is TURN and game.phase_named["lead"] is LEAD


def play(state, rnd, choosers) -> None:
    """Play ``state`` to the end of its play (``domine.engine.fastpaths``)."""
    over, seats = begin(state, rnd, choosers)
    if over:
        return
    if state.context.absent or any(state.skips):   # seats out, turns forfeited: next_turn's work
        steps(state, rnd, choosers)
        return
    game = state.game
    lay = state.layout
    hands, history, codes = state.hands, state.history, state.codes
    append = history.append
    place = lay.place
    on_place = game.on_place if state._place_hook else None
    following = FOLLOWING[state.n]
    at_will, limit = state.draw_at_will, state.draw_limit
    apply = state.apply_unchecked
    while True:
        seat = state.to_act
        restrict = state.restrict
        hand = restrict or hands[seat]
        # Turn.moves: the placements, counted target by target
        count = 0
        if hand & lay.playable:
            for _, _, accepted in lay.targets:
                count += (hand & accepted).bit_count()
        can_draw = state.drawable > 0 and (at_will or not count) and state.drawn < limit and not restrict
        total = count + 1 if can_draw else count or 1
        i = int(rnd() * total) if rnd is not None else ask(seats, seat, total)
        if i < 0:
            i = _index_of(seats[seat], state, hand, count, can_draw)
        if i >= count:
            if can_draw:
                apply(DRAW)   # _draw and _check_end
                if state.over:
                    return
                continue
            # _pass (or Turn.apply's plain branch): the next seat, general 23(c)
            append((seat, PASS))
            state.to_act = following[seat]
            state.drawn = 0
            if state.drawable <= 0 and not state.in_hands & lay.playable:
                state.finish("blocked")
                return
            continue
        # the i-th placement: target by target, tile by tile
        for end, v, accepted in lay.targets:
            m = hand & accepted
            k = m.bit_count()
            if i >= k:
                i -= k
                continue
            while i:
                m &= m - 1
                i -= 1
            break
        b = m & -m
        t = b.bit_length() - 1
        move = codes[t * STRIDE + v][0] | end << 7
        # _lay: the tile to the layout, the game's points on play, the domino, the next seat
        hand = hands[seat] ^ b
        hands[seat] = hand
        state.in_hands ^= b
        place(end, t, (move >> 12) & 15)
        state.last_placer = seat
        append((seat, move))
        state.restrict = 0
        if on_place is not None:
            on_place(state, seat, move)
            if state.over:
                return
        if not hand:
            state.finish("domino", seat)
            return
        state.to_act = following[seat]
        state.drawn = 0
        if state.drawable <= 0 and not state.in_hands & lay.playable:
            state.finish("blocked")
            return


def _index_of(chooser, state, hand: int, count: int, can_draw: bool) -> int:
    """The index of ``chooser``'s move among the listed ones (``HEAVIEST`` without a list)."""
    if chooser.kind == "heaviest":
        return heaviest_index([hand & accepted for _, _, accepted in state.layout.targets]) if count else 0
    moves = placements(hand, state.layout, state.fits, state.codes)
    if can_draw:
        moves.append(DRAW)
    elif not moves:
        moves.append(PASS)
    return moves.index(chooser(moves))


play.fast_path_name = "places"
