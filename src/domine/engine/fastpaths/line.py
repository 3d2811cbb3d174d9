"""The line's fast path: one tile a turn on the two ends of a line (block, draw, family ...).

What it compiles, step by step (the general path's code named at each): the lead phase
(``phases.Lead`` and ``HandState._lay``), the turn's moves (``phases.Turn.moves``:
placements end by end and tile by tile, then ``draw``, else ``pass``), a placement
(``_lay``'s plain branch: the next seat, the block test of general 23(c)), a draw
(``_draw``, ``_check_end``) and a pass (``Turn.apply``'s plain branch). The ends' values,
the hand of everyone and the count of tiles in hands live in locals; the layout and the
hand's fields are written once, when the play is over.
"""

from __future__ import annotations

from ..layout import LEAD_END, Layout
from ..matching import STRIDE
from ..moves import DRAW, PASS
from ..phases import LEAD, TURN
from ..tiles import BIT, HIGH, IS_DOUBLE, LOW, TILE_COUNT
from .common import heaviest_index, picks_of, steps

LEAD_MOVE = LEAD_END << 7
_TABLES: dict = {}   # matching -> its placements by end, value and tile (_placements)
#: the seat after each seat, by the number of seats
FOLLOWING = [tuple((s + 1) % n for s in range(n)) for n in range(65)]


def covers(game) -> bool:
    """Plain turns (one tile, the usual drawing, no hooks, general 23(c)) on the line, each tile
    placed one way on each end, the engine's own lead and turn phases."""
    return bool(game.hooks[3]) and type(game.new_layout()) is Layout and not game.ends_by_double \
        and not any(game.matching.chooses_open) and not game.draw_hook and game.hand_end.domino_ends_hand \
        and game.phase_named["turn"] is TURN and game.phase_named["lead"] is LEAD


def play(state, rnd, choosers) -> None:
    """Play ``state`` to the end of its play (``domine.engine.fastpaths``)."""
    if rnd is None:
        choosers = picks_of(choosers)
        picks, bits, asks = choosers.picks, choosers.bits, choosers.asks
    while state.phase is not TURN:
        if state.phase is LEAD:
            _lead(state, rnd, choosers)
        else:   # drawing for the lead, or another phase of the engine's before the turns
            steps(state, rnd, choosers, to_turn=True)
        if state.over:
            return
    layout = state.layout
    hands, fits = state.hands, state.fits
    on0, on1 = _placements(state.game.matching)
    history = state.history
    append = history.append
    start = len(history)
    arm0, arm1 = layout.arms
    add0, add1 = arm0.append, arm1.append
    length0, length1 = len(arm0), len(arm1)
    v0, v1 = layout.values
    f0, f1 = fits[v0], fits[v1]
    following = FOLLOWING[state.n]
    in_hands, stock, stock_pos, drawable = state.in_hands, state.stock, state.stock_pos, state.drawable
    drawn, restrict, limit = state.drawn, state.restrict, state.draw_limit
    at_will, must_play = state.draw_at_will, state.drawn_must_play
    seat = state.to_act
    held = in_hands   # the tiles in hands, and those drawn here: what was placed is the rest
    drawn_tiles = 0
    while True:
        hand = restrict or hands[seat]
        # Turn.moves: the placements (end 0's, then end 1's while the ends differ), then a
        # draw where allowed, else a pass
        m0 = hand & f0
        c0 = m0.bit_count() if m0 else 0
        if v1 != v0:
            m1 = hand & f1
            count = c0 + m1.bit_count() if m1 else c0
        else:
            m1 = 0
            count = c0
        can_draw = drawable > 0 and (at_will or not count) and drawn < limit and not restrict
        total = count + 1 if can_draw else count or 1
        if rnd is not None:
            i = int(rnd() * total)
        elif total == 1 and not asks[seat]:
            i = 0
        elif bits[seat] is not None:   # pick, drawn here: random.Random._randbelow
            draw = bits[seat]
            k = total.bit_length()
            i = draw(k)
            while i >= total:
                i = draw(k)
        else:
            pick = picks[seat]
            i = pick(total) if pick is not None else \
                _index_of(choosers[seat], m0, v0, m1, v1, on0, on1, count, can_draw)
        if i < count:
            # a placement on a line end (_lay, its plain branch; Layout.place)
            if i < c0:
                m, on, end = m0, on0[v0], 0
            else:
                m, on, end = m1, on1[v1], 1
                i -= c0
            while i:
                m &= m - 1
                i -= 1
            b = m & -m
            t = b.bit_length() - 1
            move = on[t]
            o = move >> 12
            if end:
                v1 = o
                f1 = fits[o]
                add1((t, o))
            else:
                v0 = o
                f0 = fits[o]
                add0((t, o))
            hand = hands[seat] ^ b
            hands[seat] = hand
            in_hands ^= b
            append((seat, move))
            restrict = 0
            if not hand:
                reason = "domino"
                break
            seat = following[seat]
            drawn = 0
            if drawable <= 0 and not in_hands & (f0 | f1):
                reason = "blocked"
                break
        elif can_draw:
            # _draw: the next tile of the stock, to be placed at once if it fits and must be
            t = stock[stock_pos]
            stock_pos += 1
            drawable -= 1
            b = BIT[t]
            hands[seat] |= b
            in_hands |= b
            drawn_tiles |= b
            drawn += 1
            append((seat, DRAW | t))
            if must_play and b & (f0 | f1):
                restrict = b
            if drawable <= 0 and not in_hands & (f0 | f1):   # _check_end
                reason = "blocked"
                break
        else:
            # a pass (Turn.apply's plain branch)
            append((seat, PASS))
            seat = following[seat]
            drawn = 0
            if drawable <= 0 and not in_hands & (f0 | f1):
                reason = "blocked"
                break
    # the hand's and the layout's fields, as the general path leaves them
    state.to_act, state.drawn, state.restrict = seat, drawn, restrict
    state.in_hands, state.stock_pos, state.drawable = in_hands, stock_pos, drawable
    laid = (held | drawn_tiles) & ~in_hands
    if laid:
        for k in range(len(history) - 1, start - 1, -1):   # the last placement: its seat and tile
            placer, move = history[k]
            if move < DRAW:
                state.last_placer = placer
                layout.last = move & 127
                break
        values, lengths, doubles = layout.values, layout.lengths, layout.doubles
        values[0] = v0
        values[1] = v1
        grown = len(arm0) - length0
        if grown:
            lengths[0] += grown
            doubles[0] = IS_DOUBLE[arm0[-1][0]]
        grown = len(arm1) - length1
        if grown:
            lengths[1] += grown
            doubles[1] = IS_DOUBLE[arm1[-1][0]]
        layout.mask |= laid
        layout.line_targets()
    if reason == "domino":
        state.finish("domino", seat)
    else:
        state.finish("blocked")


def _placements(matching) -> tuple[list[list[int]], list[list[int]]]:
    """``on0[v][t]``, ``on1[v][t]``: the move of tile ``t`` on end 0 (1) showing ``v`` (-1: it
    does not fit), from the matching's codes; made once per matching."""
    tables = _TABLES.get(matching)
    if tables is None:
        codes = matching.codes
        on0 = [[codes[t * STRIDE + v][0] if codes[t * STRIDE + v] else -1 for t in range(TILE_COUNT)]
               for v in range(STRIDE)]
        on1 = [[m | 1 << 7 if m >= 0 else -1 for m in row] for row in on0]
        tables = _TABLES[matching] = (on0, on1)
    return tables


def _index_of(chooser, m0, v0, m1, v1, on0, on1, count, can_draw) -> int:
    """The index of ``chooser``'s move among the listed ones (``HEAVIEST`` without a list)."""
    if chooser.kind == "heaviest":
        return heaviest_index((m0, m1)) if count else 0
    moves = [on0[v0][b.bit_length() - 1] for b in _bits(m0)] + [on1[v1][b.bit_length() - 1] for b in _bits(m1)]
    if can_draw:
        moves.append(DRAW)
    elif not moves:
        moves.append(PASS)
    return moves.index(chooser(moves))


def _bits(m: int) -> list[int]:
    out = []
    while m:
        b = m & -m
        m ^= b
        out.append(b)
    return out


def _lead(state, rnd, choosers) -> None:
    """The lead phase (``phases.Lead``, ``HandState._lay``) on the line, for a game without hooks."""
    seat = state.to_act
    hand = state.hands[seat]
    m = hand & state.lead_mask
    count = m.bit_count()
    if rnd is not None:
        i = int(rnd() * count)
    elif count == 1 and not choosers[seat].asks_forced:
        i = 0
    else:
        chooser = choosers[seat]
        moves = [(b.bit_length() - 1) | LEAD_MOVE for b in _bits(m)]
        i = moves.index(chooser(moves))
    while i:
        m &= m - 1
        i -= 1
    b = m & -m
    t = b.bit_length() - 1
    hand ^= b
    state.hands[seat] = hand
    state.in_hands ^= b
    # Layout.place_lead, written out for the line: two ends, one place while they show one pip
    layout = state.layout
    layout.lead = layout.last = t
    layout.mask |= b
    hi, lo = HIGH[t], LOW[t]
    dbl = IS_DOUBLE[t]
    layout.values = [hi, lo]
    layout.lengths = [0, 0]
    layout.doubles = [dbl, dbl]
    layout.closed = [False, False]
    layout.closers = [-1, -1]
    layout.arms = [[], []]
    layout.owners = [-1, -1]
    layout.line_targets()
    state.leader = state.last_placer = seat
    state.history.append((seat, t | LEAD_MOVE))
    state.restrict = 0
    if not hand:
        state.finish("domino", seat)
        return
    state.phase = TURN
    state.to_act = FOLLOWING[state.n][seat]
    state.drawn = 0
    if state.drawable <= 0 and not state.in_hands & layout.playable:
        state.finish("blocked")


play.fast_path_name = "line"
