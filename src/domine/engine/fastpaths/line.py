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
from ..tiles import BIT, HIGH, IS_DOUBLE, LOW, PIPS

LEAD_MOVE = LEAD_END << 7
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
        picks = [c.pick if c.kind == "index" else None for c in choosers]
        asks = [c.asks_forced for c in choosers]
    while state.phase is not TURN:
        if state.phase is LEAD:
            _lead(state, rnd, choosers)
        else:   # drawing for the lead, or another phase of the engine's before the turns
            from . import steps
            steps(state, rnd, choosers, to_turn=True)
        if state.over:
            return
    layout = state.layout
    hands, fits, codes = state.hands, state.fits, state.codes
    append = state.history.append
    arm0, arm1 = layout.arms
    add0, add1 = arm0.append, arm1.append
    length0, length1 = len(arm0), len(arm1)
    v0, v1 = layout.values
    following = FOLLOWING[state.n]
    in_hands, stock, stock_pos, drawable = state.in_hands, state.stock, state.stock_pos, state.drawable
    drawn, restrict, limit = state.drawn, state.restrict, state.draw_limit
    at_will, must_play = state.draw_at_will, state.drawn_must_play
    seat, last_placer = state.to_act, state.last_placer
    laid = 0          # the tiles placed here
    last = -1
    reason = ""
    while True:
        hand = restrict or hands[seat]
        f0 = fits[v0]
        m0 = hand & f0
        c0 = m0.bit_count() if m0 else 0
        if v1 != v0:
            f1 = fits[v1]
            m1 = hand & f1
            count = c0 + m1.bit_count() if m1 else c0
        else:
            f1 = f0
            m1 = 0
            count = c0
        # Turn.moves: the placements, then a draw where allowed, else a pass
        can_draw = drawable > 0 and (at_will or not count) and drawn < limit and not restrict
        total = count + 1 if can_draw else count or 1
        if rnd is not None:
            i = int(rnd() * total)
        elif total == 1 and not asks[seat]:
            i = 0
        else:
            pick = picks[seat]
            if pick is not None:
                i = pick(total)
            else:
                i = _index_of(choosers[seat], m0, v0, m1, v1, codes, count, can_draw)
        if i < count:
            # a placement on a line end (_lay, its plain branch)
            if i < c0:
                m, v, end = m0, v0, 0
            else:
                m, v, end = m1, v1, 1
                i -= c0
            while i:
                m &= m - 1
                i -= 1
            b = m & -m
            t = b.bit_length() - 1
            move = codes[t * STRIDE + v][0] | end << 7
            o = move >> 12
            hand = hands[seat] ^ b
            hands[seat] = hand
            in_hands ^= b
            laid |= b
            last = t
            if end:
                v1 = o
                add1((t, o))
            else:
                v0 = o
                add0((t, o))
            last_placer = seat
            append((seat, move))
            restrict = 0
            if not hand:
                reason = "domino"
                break
            seat = following[seat]
            drawn = 0
            if drawable <= 0 and not in_hands & (fits[v0] | fits[v1]):
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
    state.to_act, state.last_placer, state.drawn, state.restrict = seat, last_placer, drawn, restrict
    state.in_hands, state.stock_pos, state.drawable = in_hands, stock_pos, drawable
    if laid:
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
        layout.last = last
        f0 = fits[v0]
        if v0 == v1:   # Layout.place: one place while both ends show one pip
            layout.targets = [(0, v0, f0)]
            layout.playable = f0
        else:
            f1 = fits[v1]
            layout.targets = [(0, v0, f0), (1, v1, f1)]
            layout.playable = f0 | f1
    if reason == "domino":
        state.finish("domino", seat)
    else:
        state.finish("blocked")


def _index_of(chooser, m0, v0, m1, v1, codes, count, can_draw) -> int:
    """The index of ``chooser``'s move among the listed ones (``HEAVIEST`` without a list)."""
    if chooser.kind == "heaviest":
        best = -1
        i = 0
        for m in (m0, m1):
            while m:
                b = m & -m
                m ^= b
                p = PIPS[b.bit_length() - 1]
                if p > best:
                    best, at = p, i
                i += 1
        return at if count else 0
    moves = [codes[(b.bit_length() - 1) * STRIDE + v][0] | end << 7
             for m, v, end in ((m0, v0, 0), (m1, v1, 1)) for b in _bits(m)]
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
    fits = layout.fits
    if hi == lo:
        layout.targets = [(0, hi, fits[hi])]
        layout.playable = fits[hi]
    else:
        layout.targets = [(0, hi, fits[hi]), (1, lo, fits[lo])]
        layout.playable = fits[hi] | fits[lo]
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
