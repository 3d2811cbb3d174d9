"""The trains' fast path: Mexican Train's turns (``domine.parts.trains``) compiled into one loop.

A game takes it when it declares the trains: ``layout_kind = "trains"``, its
``train_rules`` (``TrainRules``), ``hand_end = BLOCKED_TRAINS`` (rule 12) and a turn of
one tile, or at will with a stop, and another placement after a double (rules 8-10); its
turn's end is the marker rule (``on_turn_end = put_out_marker``, rule 5), and no other hook. Every step names the engine
code it mirrors; tests hold its event logs and final states to the general step path's.
"""

from __future__ import annotations

from ..engine.fastpaths.common import ask, begin, heaviest_index
from ..engine.layout import LEAD_END
from ..engine.moves import DRAW, KIND_MASK, PASS, STOP
from ..engine.phases import TURN
from ..engine.tiles import BIT, DOUBLES_MASK, IS_DOUBLE, PIPS, set_size
from .trains import MARKER, TrainRules, TrainsBlocked, put_out_marker

ONE_TILE, AT_WILL = "one tile", "at will"   # the turns it knows (domine.parts.turns)

LANE = 91   # bits per train: a double-twelve set's 91 tiles
NOT_DOUBLES = ~DOUBLES_MASK
_TABLES: dict = {}


def covers(game) -> bool:
    """The trains, their rules and their block test, a turn this loop knows, no other hook."""
    if game.layout_kind != "trains" or getattr(game, "train_rules", None) is None:
        return False
    turn = game.turn
    filt, place, _, _ = game.hooks
    cls = type(game)
    return isinstance(game.train_rules, TrainRules) and isinstance(game.hand_end, TrainsBlocked) \
        and cls.on_turn_end is put_out_marker and not game.starts_turns \
        and turn.again_after_double and turn.continues in (ONE_TILE, AT_WILL) and not turn.draw_at_will \
        and turn.drawn_tile_must_be_played and not (turn.pairs or turn.discard_when_stuck or turn.skip_when_stuck
                                                    or turn.draw_ends_turn) \
        and not (filt or place or game.draw_hook or game.stakes or game.conventions) \
        and game.phase_named["turn"] is TURN


def play(state, rnd, choosers) -> None:
    """Play ``state`` to the end of its play (``domine.engine.fastpaths``). Hands and what the
    trains accept are kept lane by lane (``lane_tables``): one AND gives the placements,
    ``bit_count`` their number, the i-th set bit the chosen one (its lane the train). The
    layout's targets, mask and fold are rebuilt once, at the end; each step names the
    engine code it mirrors."""
    over, seats = begin(state, rnd, choosers)   # (before the engine lies, 16f: drawing for it)
    if over:
        return
    game = state.game
    rules = game.train_rules
    lay = state.layout
    history = state.history
    append = history.append
    hands = state.hands
    stock = state.stock
    fits = lay.fits
    values, lengths, doubles, arms = lay.values, lay.lengths, lay.doubles, lay.arms
    pending = lay.pending
    n = state.n
    seat = state.to_act
    rules.restrict_places(lay, seat, history, len(history))
    cursor = len(history)
    rep, lanes, lanes_nod, tile_at, train_at, flip, event_of, bits, ends_of, events, arm_entry, place_at = \
        lane_tables(game, MARKER)
    # the fold of restrict_places, kept in locals (the layout's own is brought up to date
    # at the end)
    marked, done, ts, placed = lay.marked, lay.done, lay.turn_seat, lay.placed
    first_own, doubled = lay.first_own, lay.doubled
    everyone = (1 << n) - 1
    stock_pos, drawable = state.stock_pos, state.drawable
    stock_end = stock_pos + drawable     # the boneyard is stock[stock_pos:stock_end]
    drawn, owed, placed_in_turn = state.drawn, state.owed, state.placed_in_turn
    restrict = rep[state.restrict.bit_length() - 1] if state.restrict else 0   # in every lane
    last_placer = state.last_placer
    at_will = game.turn.continues == AT_WILL
    limit = state.draw_limit
    free, starter, satisfy, one_double = rules.free_first_turn, rules.starter_run, \
        rules.satisfy_immediately, rules.one_double
    pips, is_double = PIPS, IS_DOUBLE
    following = [(x + 1) % n for x in range(n)]
    draws, passes, markers, stops = events[seat]   # the seat to act's entries
    arm_add = [a.append for a in arms]
    ends, nod = lay.usable & lay.all_ends, lay.no_doubles

    every = rep[0]
    full = lay.set_mask
    held = [h * every for h in hands]    # each hand in every lane
    hand = held[seat]
    # all hands, in every lane: kept only while the boneyard is empty (the block test)
    in_hands = 0
    for h in held:
        in_hands |= h
    start_hands = in_hands & full
    accepts = 0                          # what each train accepts, lane by lane
    for k, v in enumerate(values):
        accepts |= fits[v] << (LANE * k)
    # what the seat to act may place where, lane by lane (accepts & the usable lanes)
    avail = accepts & (lanes_nod if nod else lanes)[ends]
    sp0 = stock_pos
    arm_lengths = [len(a) for a in arms]
    outcome = None   # (reason, out seat) once the round is over
    stopped = False  # the turn ended on a stop with the boneyard empty (no end check)
    done_before = done   # the fold's done before the last turn that ended
    # the fold's turn boundary (an event of a seat other than the turn's) is taken at the
    # turn's start: the same for every question restrict_places answers
    if seat != ts:
        if ts >= 0:
            done |= 1 << ts
        ts = seat
        placed = 0
        first_own = doubled = False
    while True:
        while True:
            # legal_moves: the placements, train by train; else a draw or a pass, alone
            m = (restrict or hand) & avail
            if m:
                count = m.bit_count()
                # the moves: the placements, then a stop where the turn may go on at will
                total = count + 1 if at_will and placed_in_turn and not owed else count
                i = int(rnd() * total) if rnd is not None else ask(seats, seat, total)
                if i < 0:
                    i = _index_of(seats[seat], m, total > count, tile_at, train_at, place_at, event_of, values)
                if i == count:
                    append(stops)                   # STOP: the turn ends, no end check
                    stopped = stock_pos >= stock_end
                    restrict = 0
                    break
                # the i-th placement: m's i-th lowest set bit, named by its bit_length b
                if count == 1:
                    b = m.bit_length()
                else:
                    while i:
                        m &= m - 1
                        i -= 1
                    b = (m & -m).bit_length()
                # apply_unchecked: a placement (Trains.place, Cross.place)
                t = tile_at[b]
                e = train_at[b]
                o = pips[t] - values[e]
                r = rep[t]
                hand ^= r
                if stock_pos >= stock_end:
                    in_hands ^= r
                accepts ^= flip[b]
                values[e] = o
                arm_add[e](arm_entry[t][o])   # lengths, doubles, last_placer: from the arms and history at the end
                append((seat, place_at[b] + event_of[o]))
                restrict = 0
                if pending and e in pending:
                    pending.remove(e)
                if e == seat and marked:
                    marked &= ~bits[seat]
                dbl = is_double[t]
                if dbl:
                    pending.append(e)
                    if not hand:
                        outcome = ("domino", seat)
                        break
                elif not hand:
                    outcome = ("domino", seat)
                    break
                elif not at_will:
                    break     # restrict_places leaves no train (rule 9c), _continue_turn ends it
                # (avail is stale from here: the turn goes on with new trains, or ends)
                # the fold's turn fields: only a turn that goes on asks them (the end rebuilds them)
                if not placed:
                    first_own = e == seat
                placed += 1
                if dbl:
                    doubled = True
                # restrict_places in the middle of a turn
                first = not done & bits[seat]
                if starter and first and first_own:
                    ends, nod = bits[seat], one_double and doubled
                elif not dbl:
                    ends, nod = 0, False
                else:
                    nod = one_double
                    if satisfy:
                        ends = bits[e]
                    elif first and not free:
                        ends = bits[seat]
                    else:
                        ends = ends_of[marked][seat]
                avail = accepts & (lanes_nod if nod else lanes)[ends]
                owed = dbl        # _continue_turn
                placed_in_turn += 1
                drawn = 0
                if not hand & avail and not (dbl and stock_pos < stock_end):
                    if dbl:       # on_turn_end: the double is left unanswered
                        append(markers)
                        marked |= bits[seat]
                    break
            else:
                if stock_pos < stock_end and drawn < limit and not restrict:
                    if rnd is not None:
                        rnd()                               # the one legal move is asked for too
                    elif seats.asks[seat]:
                        seats[seat]([DRAW])
                    # _draw
                    t = stock[stock_pos]
                    stock_pos += 1
                    r = rep[t]
                    hand |= r
                    drawn += 1
                    append(draws[t])
                    if stock_pos >= stock_end:          # the last tile: the block test starts
                        held[seat] = hand
                        in_hands = 0
                        for h in held:
                            in_hands |= h
                    if r & avail:
                        restrict = r
                    elif stock_pos < stock_end and drawn >= limit:
                        # the next legal move is the pass alone: made here (no end check between)
                        if rnd is not None:
                            rnd()
                        elif seats.asks[seat]:
                            seats[seat]([PASS])
                        append(passes)
                        append(markers)                     # on_turn_end
                        marked |= bits[seat]
                        break
                    elif placed_in_turn and stock_pos >= stock_end and not hand & avail:
                        append(markers)
                        marked |= bits[seat]
                        break
                else:
                    if rnd is not None:
                        rnd()
                    elif seats.asks[seat]:
                        seats[seat]([PASS])
                    append(passes)                          # _pass: after_pass says nothing here
                    append(markers)
                    restrict = 0
                    marked |= bits[seat]
                    break
            # _check_end in the middle of a turn: rule 12
            if stock_pos >= stock_end:
                if pending and not placed_in_turn:
                    blocked = not in_hands & accepts & lanes[bits[pending[0]]]
                else:
                    blocked = not in_hands & accepts
                if blocked:
                    outcome = ("blocked", None)
                    break
        if outcome:
            break
        # next_turn (the marker was put out above): the next seat, restrict_places
        done_before = done
        if done != everyone:
            done |= bits[seat]
        held[seat] = hand
        seat = following[seat]
        hand = held[seat]
        draws, passes, markers, stops = events[seat]
        placed = drawn = placed_in_turn = 0     # (restrict is 0: every path to here cleared it)
        doubled = owed = nod = False
        # restrict_places at a turn's start, and the layout's _refresh
        if pending:
            ends = bits[pending[0]]
        elif done == everyone or free or done & bits[seat]:
            ends = ends_of[marked][seat]
        else:
            ends = bits[seat]
        avail = accepts & lanes[ends]
        # _check_end: rule 12 (with a double open, avail is what its train takes); none after a stop
        if stock_pos >= stock_end:
            if stopped:
                stopped = False
            elif not in_hands & (avail if pending else accepts):
                outcome = ("blocked", None)
                break
    held[seat] = hand
    in_hands = 0
    for s in range(n):
        hands[s] = h = held[s] & full
        in_hands |= h
    drawable = stock_end - stock_pos
    drawn_tiles = sum(map(BIT.__getitem__, stock[sp0:stock_pos]))   # distinct tiles: + is |
    for e, arm in enumerate(arms):
        grown = len(arm) - arm_lengths[e]
        if grown:
            lengths[e] += grown
            doubles[e] = is_double[arm[-1][0]]
    last, last_end = lay.last, lay.last_end   # the last placement's tile and end, whoever made it
    for k in range(len(history) - 1, cursor - 1, -1):
        s, ev = history[k]
        if not ev & KIND_MASK:
            last_placer = s
            last = ev & 127
            last_end = (ev >> 7) & 31
            break
    state.settle(seat, in_hands, stock_pos, drawable, drawn, restrict & full, owed, placed_in_turn, last_placer)
    lay.mask, lay.last = lay.mask | ((start_hands | drawn_tiles) & ~in_hands), last
    lay.usable, lay.no_doubles = ends, nod
    lay._refresh()
    # the layout's fold as restrict_places would leave it after the last event: the turn
    # of the last event's seat (ended, or cut short by the end of the round)
    ts = history[-1][0]
    if ts != seat:
        done = done_before
    k = len(history)
    while k and history[k - 1][0] == ts:
        k -= 1
    if k < cursor:
        # the turn began before this loop: the fold's fields at its start hold its beginning
        placed, first_own, doubled, last_double = lay.placed, lay.first_own, lay.doubled, lay.last_double
        k = cursor
    else:
        placed = 0
        first_own = doubled = last_double = False
    for _, ev in history[k:]:
        if not ev & KIND_MASK and (ev >> 7) & 31 != LEAD_END:
            e = (ev >> 7) & 31
            if not placed:
                first_own = e == ts
            placed += 1
            last_double = is_double[ev & 127]
            doubled = doubled or last_double
    for s in range(n):
        if (marked >> s & 1) != (lay.marked >> s & 1):
            lay.set_marker(s, bool(marked >> s & 1))
    lay.done, lay.turn_seat, lay.placed, lay.first_own = done, ts, placed, first_own
    lay.doubled, lay.last_double, lay.last_end = doubled, last_double, last_end
    lay.cursor = len(history)
    state.finish(*outcome)


def _index_of(chooser, m: int, stop: bool, tile_at, train_at, place_at, event_of, values) -> int:
    """The index of ``chooser``'s move among the placements in ``m`` (lane bits, in the
    listed order) and a stop after them: ``HEAVIEST`` without a list, others from it."""
    if chooser.kind == "heaviest":
        return heaviest_index((m,), tile_at)
    moves = []
    while m:
        low = m & -m
        m ^= low
        b = low.bit_length()
        t = tile_at[b]
        moves.append(place_at[b] + event_of[PIPS[t] - values[train_at[b]]])
    if stop:
        moves.append(STOP)
    return moves.index(chooser(moves))


def lane_tables(game, marker: int) -> tuple:
    """The loop's tables for ``game`` (cached by its seats and set). Train k is lane k of one
    int (bits 91k..91k+90 hold its tiles), so that ``hand in every lane & what each train
    accepts & the usable lanes`` lists every placement at once, train by train and tile by
    tile as ``legal_moves`` orders them. A set bit is named by its ``bit_length`` b (its position + 1): tile
    ``tile_at[b]`` on train ``train_at[b]``, ``flip[b]`` what laying it changes in that
    train's lane, ``place_at[b]`` the placement's event less its open pip (``event_of[o]``).
    ``rep[t]``: tile t in every lane; ``lanes[ends]``: every tile in the
    lanes of ``ends`` (``lanes_nod``: doubles left out); ``ends_of[marked][seat]``: a
    seat's own train, the Mexican train and the marked trains. Small ints are looked up
    rather than shifted: the interpreter's bitwise operators cost more than an index."""
    key = (game.players, game.max_pip, tuple(game.set_fits))
    cached = _TABLES.get(key)
    if cached is not None:
        return cached
    n = game.players
    n1 = n + 1
    fits, full = game.set_fits, game.set_mask
    every = sum(1 << (LANE * k) for k in range(n1))
    rep = [every << t for t in range(LANE)]
    lane = [full << (LANE * k) for k in range(n1)]
    lanes = [sum(lane[k] for k in range(n1) if m >> k & 1) for m in range(1 << n1)]
    singles = (full & NOT_DOUBLES) * every
    lanes_nod = [m & singles for m in lanes]
    size = LANE * n1 + 1
    tile_at = [(b - 1) % LANE for b in range(size)]
    train_at = [(b - 1) // LANE for b in range(size)]
    flip = [0] * size
    for t in range(set_size(game.max_pip)):
        vs = [v for v in range(game.max_pip + 1) if fits[v] >> t & 1]
        for k in range(n1):
            flip[LANE * k + t + 1] = (fits[vs[0]] ^ fits[vs[-1]]) << (LANE * k)   # a double: 0
    event_of = [o << 12 for o in range(game.max_pip + 1)]   # the open pip, as placement events carry it
    place_at = [0] + [tile_at[b] | (train_at[b] << 7) for b in range(1, size)]
    bits = [1 << s for s in range(n1)]
    ends_of = [[bits[s] | bits[n] | m for s in range(n)] for m in range(1 << n)]
    # the history's entries that do not depend on the layout, made once (tuples are shared)
    events = [([(s, DRAW | t) for t in range(LANE)], (s, PASS), (s, marker), (s, STOP)) for s in range(n)]
    arm_entry = [[(t, o) for o in range(game.max_pip + 1)] for t in range(LANE)]   # an arm's (tile, open pip)
    _TABLES[key] = tables = (rep, lanes, lanes_nod, tile_at, train_at, flip, event_of, bits, ends_of, events,
                             arm_entry, place_at)
    return tables


play.fast_path_name = "trains"
