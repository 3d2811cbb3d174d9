"""The batch kernel for the line games, compiled with numba: whole matches, hand after hand.

It is ``domine.engine.fastpaths.line`` (the line's turns) with the lead rules, hand scorings
and match ends of ``domine.kernel`` written out, and the random stream of
``domine.kernel.rng`` in numba's words. Every name below says which part of the engine it
follows; ``tests/test_kernel.py`` holds it to the engine move by move.

Tiles are the engine's ids; a hand is the tiles whose ``owner`` is its seat, and per pip a
mask of at most 13 bits (``hold``: bit j is tile ``with_pip[pip, j]``, ascending ids), so the
tiles that fit an end are one mask and sets up to double-twelve (91 tiles) need no wider
words; the blocked test of general 23(c) counts the tiles in hands bearing each pip.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..engine.fastpaths.line import _placements
from ..engine.layout import LEAD_END
from ..engine.moves import DRAW, PASS
from ..engine.tiles import HIGH, LOW, PIPS
from . import (
    AFTER_HANDS,
    FAMILY,
    FIRST_TO,
    FIXED_SEAT,
    GIVEN_TILE,
    HEAVIEST_DOUBLE,
    INDIVIDUAL,
    LOWEST_SEAT_FOR_TEAM,
    NEXT_STARTER,
    OPPONENTS_TOTAL,
    OWN_PIPS,
    PREVIOUS_WINNER,
    SINGLE_HAND,
    STREAK,
    WINNER_TAKES_OTHERS,
    Plan,
)

#: the plan's int array (``Plan.config``), by place
(N, N_TEAMS, MAX_PIP, TILES, HAND_SIZE, STOCK, RESERVE, AT_WILL, MUST_PLAY, DRAW_LIMIT, FIRST, _F1, _F2, _F3,
 LATER, _L1, _L2, _L3, SCORING, END_KIND, END_A, END_HIGH, END_TIE, END_CAP, START_SCORE) = range(25)
#: the block's counts (``tally``), by place
HANDS, MATCHES, MOVES, EVENTS, BLOCKED, NO_WINNER, DRAWN, DOMINO_ENDS, BLOCKED_ENDS = range(9)
#: a hand's line in the trace (``hand_log``): then the winners (-1 after the last), then the points
H_START, H_END, H_REASON, H_OUT, H_WINNERS = range(5)
TRACE_WIDTH = H_WINNERS + 16
MAX_HANDS_PER_MATCH = 100_000
DOMINO, BLOCKED_END = 0, 1
LEAD = LEAD_END << 7
END1 = 1 << 7

LOW_ = np.array(LOW, np.int64)
HIGH_ = np.array(HIGH, np.int64)
PIPS_ = np.array(PIPS, np.int64)
HALVES_ = np.array([int(a != b) for a, b in zip(LOW, HIGH)], np.int64)   # 0 for a double
DRAW_ = DRAW
PASS_ = PASS
#: per mask of up to 13 bits (a pip's row in double-twelve): its bits set, its lowest bit's place
POP_ = np.array([m.bit_count() for m in range(1 << 13)], np.int64)
LOWBIT_ = np.array([(m & -m).bit_length() - 1 for m in range(1 << 13)], np.int64)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_LOW32, _2_32 = np.uint64(0xFFFFFFFF), np.uint64(1 << 32)


@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def _next(gens, i):
    """The next output of stream ``i`` (``SplitMix64.next64``)."""
    s = gens[i] + _GAMMA
    gens[i] = s
    return _mix(s)


@njit(cache=True, inline="always")
def _below(gens, i, n):
    """``SplitMix64.below(n)``: Lemire's multiply and shift of the top 32 bits, unbiased."""
    top = np.uint64(n)
    m = (_next(gens, i) >> _S32) * top
    low = m & _LOW32
    if low < top:
        floor = (_2_32 - top) % top
        while low < floor:
            m = (_next(gens, i) >> _S32) * top
            low = m & _LOW32
    return np.int64(m >> _S32)


@njit(cache=True, inline="always")
def _stream_seed(block_seed, match, stream, players):
    """``rng.stream_seed``."""
    return _mix(block_seed + np.uint64(match * (players + 1) + stream + 1) * _GAMMA)


@njit(cache=True, inline="always")
def _shuffle(gens, tiles, count):
    """``SplitMix64.shuffle`` of the set's ``count`` tiles, from stream 0."""
    for i in range(count):
        tiles[i] = i
    for i in range(count - 1, 0, -1):
        j = _below(gens, 0, i + 1)
        t = tiles[i]
        tiles[i] = tiles[j]
        tiles[j] = t


@njit(cache=True, inline="always")
def _dealt(tiles, dealt, t):
    for i in range(dealt):
        if tiles[i] == t:
            return True
    return False


@njit(cache=True, inline="always")
def _needs_redeal(kind, param, tiles, dealt, max_pip):
    """``LeadRule.needs_redeal`` (general 18) of a plain rule."""
    if kind == HEAVIEST_DOUBLE and param:
        for i in range(dealt):
            t = tiles[i]
            for p in range(max_pip + 1):
                if t == p * (p + 1) // 2 + p:
                    return False
        return True
    if kind == GIVEN_TILE:
        return not _dealt(tiles, dealt, param)
    return False


@njit(cache=True, inline="always")
def _take(hold, in_hands, pos, seat, t):
    """Tile ``t`` into ``seat``'s hand (without branches: a double's two halves are one bit)."""
    a = LOW_[t]
    b = HIGH_[t]
    hold[seat, a] |= 1 << pos[a, t]
    hold[seat, b] |= 1 << pos[b, t]
    in_hands[a] += 1
    in_hands[b] += HALVES_[t]


@njit(cache=True, inline="always")
def _release(hold, in_hands, pos, seat, t):
    """Tile ``t`` out of ``seat``'s hand."""
    a = LOW_[t]
    b = HIGH_[t]
    hold[seat, a] &= ~(1 << pos[a, t])
    hold[seat, b] &= ~(1 << pos[b, t])
    in_hands[a] -= 1
    in_hands[b] -= HALVES_[t]


@njit(cache=True, inline="always")
def _ranking(values, left, last_placer, n, rank):
    """``standard_ranking`` (general 16): lower value, fewer tiles, turn order from the last placer."""
    for s in range(n):
        rank[s] = s
    for a in range(1, n):
        s = rank[a]
        b = a
        while b > 0:
            r = rank[b - 1]
            if values[r] > values[s] or (values[r] == values[s] and (left[r] > left[s] or (
                    left[r] == left[s] and (r - last_placer) % n > (s - last_placer) % n))):
                rank[b] = r
                b -= 1
            else:
                break
        rank[b] = s


@njit(cache=True, inline="always")
def _seats_of(teams, team, n, winners, nwin):
    for s in range(n):
        if teams[s] == team:
            winners[nwin] = s
            nwin += 1
    return nwin


@njit(cache=True, inline="always")
def _score(scoring, reason, out, values, left, last_placer, teams, n, nt, pts, winners, rank):
    """The game's ``score_hand`` (``domine.parts.scoring`` and the games' own); returns the
    number of winners written to ``winners``, the points per team in ``pts``."""
    for t in range(nt):
        pts[t] = 0
    nwin = 0
    total = 0
    for s in range(n):
        total += values[s]
    if scoring == WINNER_TAKES_OTHERS or scoring == FAMILY:
        if reason == DOMINO:
            team = teams[out]
            if nt == n:
                pts[team] += total - values[out]
                winners[0] = team
                nwin = 1
            else:
                for s in range(n):
                    if teams[s] != team:
                        pts[team] += values[s]
                nwin = _seats_of(teams, team, n, winners, 0)
        else:
            tot = rank   # (scratch: no ranking in this scoring)
            for t in range(n):
                tot[t] = 0
            if nt < n:
                for s in range(n):
                    tot[teams[s]] += values[s]
            else:
                for s in range(n):
                    tot[s] = values[s]
            low = tot[0]
            for t in range(nt):
                low = min(low, tot[t])
            ties = 0
            team = -1
            for t in range(nt):
                if tot[t] == low:
                    ties += 1
                    if team < 0:
                        team = t
            if ties == 1:
                pts[team] += total - 2 * low
                nwin = _seats_of(teams, team, n, winners, 0) if nt < n else 1
                if nt == n:
                    winners[0] = team
        if scoring == FAMILY:   # family 7, and one win to the winner (one_win_to_winners)
            if reason == DOMINO:
                winners[0] = out
                nwin = 1
            elif values[0] != values[1]:
                winners[0] = 0 if values[0] < values[1] else 1
                nwin = 1
            else:
                nwin = 0
            for t in range(nt):
                pts[t] = 0
            for w in range(nwin):
                pts[teams[winners[w]]] = 1
    elif scoring == OPPONENTS_TOTAL:
        t0 = 0
        t1 = 0
        for s in range(n):
            if teams[s] == 0:
                t0 += values[s]
            else:
                t1 += values[s]
        pts[0] = t1
        pts[1] = t0
        if reason == DOMINO:
            nwin = _seats_of(teams, teams[out], n, winners, 0)
        elif t0 != t1:
            nwin = _seats_of(teams, 0 if t0 < t1 else 1, n, winners, 0)
    elif scoring == OWN_PIPS:
        _ranking(values, left, last_placer, n, rank)
        for s in range(n):
            pts[teams[s]] += values[s]
        winners[0] = rank[0]
        nwin = 1
    elif scoring == INDIVIDUAL:
        _ranking(values, left, last_placer, n, rank)
        for p in range(n - 1):   # individual 8-9: each place scores the value of the place mirrored
            pts[teams[rank[p]]] += values[rank[n - 1 - p]]
        winners[0] = rank[0]
        nwin = 1
    elif scoring == LOWEST_SEAT_FOR_TEAM:
        if reason == DOMINO:
            best = out
        else:
            low = values[0]
            for s in range(n):
                low = min(low, values[s])
            team = -1
            for s in range(n):
                if values[s] == low:
                    if team >= 0 and teams[s] != team:
                        return 0   # a lowest count shared across the teams: a tied hand
                    team = teams[s]
            _ranking(values, left, last_placer, n, rank)
            best = rank[0]
        team = teams[best]
        winners[0] = best
        nwin = 1
        for s in range(n):
            if teams[s] == team and s != best:
                winners[nwin] = s
                nwin += 1
        pts[team] = 1
    return nwin


@njit(cache=True, inline="always")
def _unique_best(scores, nt, high):
    best = scores[0]
    for t in range(nt):
        best = max(best, scores[t]) if high else min(best, scores[t])
    found = -1
    for t in range(nt):
        if scores[t] == best:
            if found >= 0:
                return -1
            found = t
    return found


@njit(cache=True)
def play_block(cfg, teams, bots, tile_values, with_pip, pos, on0, block_seed, by_hands, size,
               tally, hand_wins, match_wins, points, log, hand_log):
    """Play a block (``size`` hands, the last match cut short, or ``size`` whole matches), adding
    its counts to ``tally``, ``hand_wins``, ``match_wins`` and ``points``; with room in ``log``
    and ``hand_log``, every move (seat, move) and every hand's line. Returns 0, or 1 for a
    match that did not end, 2 for a trace out of room."""
    n = cfg[N]
    nt = cfg[N_TEAMS]
    max_pip = cfg[MAX_PIP]
    count = cfg[TILES]
    k = cfg[HAND_SIZE]
    dealt = n * k
    at_will = cfg[AT_WILL] != 0
    must_play = cfg[MUST_PLAY] != 0
    limit = cfg[DRAW_LIMIT]
    scoring = cfg[SCORING]
    logging = log.shape[0] > 0
    tracing = hand_log.shape[0] > 0
    logged = 0
    traced = 0
    tiles = np.empty(count, np.int64)
    owner = np.empty(count, np.int64)
    values = np.zeros(n, np.int64)
    left = np.zeros(n, np.int64)
    in_hands = np.zeros(max_pip + 1, np.int64)   # tiles in hands bearing each pip
    hold = np.zeros((n, max_pip + 1), np.int64)  # per seat and pip: its tiles, as bits of with_pip's row
    gens = np.empty(n + 1, np.uint64)
    scores = np.zeros(nt, np.int64)
    pts = np.zeros(nt, np.int64)
    winners = np.zeros(n, np.int64)
    rank = np.zeros(n, np.int64)
    match = 0
    while True:
        if by_hands and tally[HANDS] >= size:
            break
        if not by_hands and tally[MATCHES] >= size:
            break
        for j in range(n + 1):
            gens[j] = _stream_seed(block_seed, match, j, n)
        match += 1
        for t in range(nt):
            scores[t] = cfg[START_SCORE]
        played = 0
        previous = False          # a hand before this one in the match
        previous_winner = -1      # its first winner (-1: nobody won it)
        previous_leader = -1
        streak_team = -1
        streak_run = 0
        over = False
        drawn_match = False
        won_team = -1
        cut = size - tally[HANDS] if by_hands else MAX_HANDS_PER_MATCH + 1
        while not over and played < cut:
            if played >= MAX_HANDS_PER_MATCH:
                return 1
            # Game.lead_rule: the first rule for the first hand, the later one after it
            rule = LATER if previous else FIRST
            kind = cfg[rule]
            param = cfg[rule + 1]
            if kind == PREVIOUS_WINNER and previous_winner < 0:
                kind = cfg[rule + 2]
                param = cfg[rule + 3]
            # Match.start_hand: deal, and deal again while the lead rule asks (general 18)
            _shuffle(gens, tiles, count)
            while _needs_redeal(kind, param, tiles, dealt, max_pip):
                _shuffle(gens, tiles, count)
            for t in range(count):
                owner[t] = -1
            for p in range(max_pip + 1):
                in_hands[p] = 0
                for s in range(n):
                    hold[s, p] = 0
            for s in range(n):
                values[s] = 0
                left[s] = k
                for j in range(s * k, s * k + k):
                    t = tiles[j]
                    owner[t] = s
                    values[s] += tile_values[t]
                    _take(hold, in_hands, pos, s, t)
            stock_pos = dealt
            stocked = count - dealt if cfg[STOCK] else 0
            drawable = stocked - min(cfg[RESERVE], stocked)
            # the lead rule's choice (domine.parts.leads) and the lead phase (fastpaths.line._lead)
            lead_any = True
            if kind == PREVIOUS_WINNER:
                seat = previous_winner
            elif kind == NEXT_STARTER:
                seat = ((previous_leader if previous_leader > 0 else 0) + 1) % n
            elif kind == FIXED_SEAT:
                seat = param
            else:
                lead_any = False
                if kind == GIVEN_TILE:
                    lead = param
                else:   # the heaviest double dealt, else the heaviest tile (general 2)
                    lead = -1
                    for p in range(max_pip, -1, -1):
                        d = p * (p + 1) // 2 + p
                        if owner[d] >= 0:
                            lead = d
                            break
                    if lead < 0:
                        for t in range(count):
                            if owner[t] >= 0 and (lead < 0 or PIPS_[t] > PIPS_[lead]
                                                  or (PIPS_[t] == PIPS_[lead] and HIGH_[t] > HIGH_[lead])):
                                lead = t
                seat = owner[lead]
            if lead_any:
                held = left[seat]
                if held == 1:
                    i = 0
                elif bots[seat] == 0:
                    i = _below(gens, 1 + seat, held)
                else:   # HEAVIEST: the first listed of the most pips
                    i = 0
                    best = -1
                    j = 0
                    for t in range(count):
                        if owner[t] == seat:
                            if PIPS_[t] > best:
                                best = PIPS_[t]
                                i = j
                            j += 1
                lead = -1
                for t in range(count):
                    if owner[t] == seat:
                        if i == 0:
                            lead = t
                            break
                        i -= 1
            hand_start = logged
            moves = 1
            if logging:
                if logged >= log.shape[0]:
                    return 2
                log[logged, 0] = seat
                log[logged, 1] = lead | LEAD
                logged += 1
            owner[lead] = -1
            values[seat] -= tile_values[lead]
            left[seat] -= 1
            _release(hold, in_hands, pos, seat, lead)
            v0 = HIGH_[lead]
            v1 = LOW_[lead]
            leader = last_placer = seat
            reason = -1
            out = -1
            if left[seat] == 0:
                reason = DOMINO
                out = seat
            else:
                seat = seat + 1 if seat + 1 < n else 0
                if drawable <= 0 and in_hands[v0] == 0 and in_hands[v1] == 0:
                    reason = BLOCKED_END
            drawn = 0
            restrict = -1   # a drawn tile that must be played at once
            # the turns (fastpaths.line.play): placements end 0's then end 1's, a draw, else a pass
            while reason < 0:
                mover = seat
                # the seat's tiles bearing each end's pip, as bits of that pip's row of with_pip
                if restrict >= 0:
                    h0 = (1 << pos[v0, restrict]) if pos[v0, restrict] >= 0 else 0
                    h1 = (1 << pos[v1, restrict]) if pos[v1, restrict] >= 0 else 0
                else:
                    h0 = hold[seat, v0]
                    h1 = hold[seat, v1]
                if v1 == v0:
                    h1 = 0
                c0 = POP_[h0]
                fit = c0 + POP_[h1]
                can_draw = drawable > 0 and (at_will or fit == 0) and drawn < limit and restrict < 0
                total = fit + 1 if can_draw else max(fit, 1)
                if total == 1:
                    i = 0
                elif bots[seat] == 0:
                    i = _below(gens, 1 + seat, total)
                else:   # HEAVIEST (fastpaths.common.heaviest_index): most pips, first listed
                    i = 0
                    best = -1
                    j = 0
                    m = h0
                    while m:
                        t = with_pip[v0, LOWBIT_[m]]
                        m &= m - 1
                        if PIPS_[t] > best:
                            best = PIPS_[t]
                            i = j
                        j += 1
                    m = h1
                    while m:
                        t = with_pip[v1, LOWBIT_[m]]
                        m &= m - 1
                        if PIPS_[t] > best:
                            best = PIPS_[t]
                            i = j
                        j += 1
                if i < fit:
                    # a placement on a line end (_lay's plain branch; Layout.place)
                    end = 0 if i < c0 else 1
                    if end:
                        i -= c0
                    v = v0 if end == 0 else v1
                    m = h0 if end == 0 else h1
                    while i:
                        m &= m - 1
                        i -= 1
                    t = with_pip[v, LOWBIT_[m]]
                    move = on0[v, t] | (END1 if end else 0)
                    o = (move >> 12) & 15
                    if end:
                        v1 = o
                    else:
                        v0 = o
                    owner[t] = -1
                    values[seat] -= tile_values[t]
                    left[seat] -= 1
                    _release(hold, in_hands, pos, seat, t)
                    last_placer = seat
                    restrict = -1
                    if left[seat] == 0:
                        reason = DOMINO
                        out = seat
                    else:
                        seat = seat + 1 if seat + 1 < n else 0
                        drawn = 0
                        if drawable <= 0 and in_hands[v0] == 0 and in_hands[v1] == 0:
                            reason = BLOCKED_END
                elif can_draw:
                    # _draw: the stock's next tile, to be placed at once if it fits and must be
                    t = tiles[stock_pos]
                    stock_pos += 1
                    drawable -= 1
                    owner[t] = seat
                    values[seat] += tile_values[t]
                    left[seat] += 1
                    _take(hold, in_hands, pos, seat, t)
                    drawn += 1
                    move = DRAW_ | t
                    if must_play and (LOW_[t] == v0 or HIGH_[t] == v0 or LOW_[t] == v1 or HIGH_[t] == v1):
                        restrict = t
                    if drawable <= 0 and in_hands[v0] == 0 and in_hands[v1] == 0:
                        reason = BLOCKED_END
                else:
                    # a pass (Turn.apply's plain branch)
                    move = PASS_
                    seat = seat + 1 if seat + 1 < n else 0
                    drawn = 0
                    if drawable <= 0 and in_hands[v0] == 0 and in_hands[v1] == 0:
                        reason = BLOCKED_END
                moves += 1
                if logging:
                    if logged >= log.shape[0]:
                        return 2
                    log[logged, 0] = mover
                    log[logged, 1] = move
                    logged += 1
            # HandState.finish: the game scores the hand
            nwin = _score(scoring, reason, out, values, left, last_placer, teams, n, nt, pts, winners, rank)
            played += 1
            tally[MOVES] += moves
            tally[EVENTS] += moves + 1   # and the end event
            if reason == DOMINO:
                tally[DOMINO_ENDS] += 1
            else:
                tally[BLOCKED_ENDS] += 1
                tally[BLOCKED] += 1
            if nwin == 0:
                tally[NO_WINNER] += 1
            for w in range(nwin):
                hand_wins[winners[w]] += 1
            for s in range(n):
                points[s] += pts[teams[s]]
            if tracing:
                if traced >= hand_log.shape[0]:
                    return 2
                row = hand_log[traced]
                row[H_START] = hand_start
                row[H_END] = logged
                row[H_REASON] = reason
                row[H_OUT] = out
                for j in range(n):
                    row[H_WINNERS + j] = winners[j] if j < nwin else -1
                for t in range(nt):
                    row[H_WINNERS + n + t] = pts[t]
                traced += 1
            # Match.finish_hand: the scores, the streak, the match end
            for t in range(nt):
                scores[t] += pts[t]
            previous = True
            previous_winner = winners[0] if nwin else -1
            previous_leader = leader
            if nwin:
                if teams[winners[0]] == streak_team:
                    streak_run += 1
                else:
                    streak_team = teams[winners[0]]
                    streak_run = 1
            end = cfg[END_KIND]
            high = cfg[END_HIGH] != 0
            if end == FIRST_TO:
                top = scores[0]
                for t in range(nt):
                    top = max(top, scores[t])
                if top >= cfg[END_A]:
                    won_team = _unique_best(scores, nt, high)
                    over = won_team >= 0
            elif end == AFTER_HANDS:
                if played >= cfg[END_A]:
                    won_team = _unique_best(scores, nt, high)
                    if won_team >= 0:
                        over = True
                    elif cfg[END_TIE] == 0:
                        over = drawn_match = True
            elif end == STREAK:
                if streak_run >= cfg[END_A]:
                    won_team = streak_team
                    over = True
                elif cfg[END_CAP] and played >= cfg[END_CAP]:
                    over = drawn_match = True
            elif end == SINGLE_HAND:
                won_team = _unique_best(scores, nt, True)
                over = True
                drawn_match = won_team < 0
        tally[HANDS] += played
        if over:
            tally[MATCHES] += 1
            if drawn_match:
                tally[DRAWN] += 1
            else:
                for s in range(n):
                    if teams[s] == won_team:
                        match_wins[s] += 1
    return 0


_TABLES: dict = {}


def tables(game, plan: Plan):
    """The arrays the kernel reads for ``game`` (made once per configured game)."""
    key = (game.id, game.players, tuple(sorted(game.option_values.items())), plan.bots)
    found = _TABLES.get(key)
    if found is None:
        on0, _ = _placements(game.matching)
        with_pip = np.array([[t for t in range(plan.tiles) if LOW[t] == p or HIGH[t] == p]
                             for p in range(plan.max_pip + 1)], np.int64)
        pos = np.full((plan.max_pip + 1, plan.tiles), -1, np.int64)
        for p, row in enumerate(with_pip):
            for j, t in enumerate(row):
                pos[p, t] = j
        found = _TABLES[key] = (
            plan.config(), np.array(plan.teams, np.int64), np.array(plan.bots, np.int64),
            np.array(plan.tile_values, np.int64), with_pip, pos, np.array(on0, np.int64))
    return found


NO_LOG = np.zeros((0, 2), np.int64)
NO_TRACE = np.zeros((0, TRACE_WIDTH), np.int64)


def run(game, plan: Plan, block_seed: int, by_hands: bool, size: int, log=NO_LOG, trace=NO_TRACE) -> dict:
    """Play a block in the kernel; its counts as ``domine.kernel.reference.play_block`` gives them."""
    n = plan.players
    tally = np.zeros(9, np.int64)
    hand_wins, match_wins, points = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    code = play_block(*tables(game, plan), np.uint64(block_seed), by_hands, size, tally, hand_wins, match_wins,
                      points, log, trace)
    if code == 1:
        raise RuntimeError(f"a match of {game.id} did not end after {MAX_HANDS_PER_MATCH} hands")
    if code == 2:
        raise ValueError("the kernel's trace is out of room")
    reasons = {}
    if tally[DOMINO_ENDS]:
        reasons["domino"] = int(tally[DOMINO_ENDS])
    if tally[BLOCKED_ENDS]:
        reasons["blocked"] = int(tally[BLOCKED_ENDS])
    return {"hands": int(tally[HANDS]), "matches": int(tally[MATCHES]), "moves": int(tally[MOVES]),
            "events": int(tally[EVENTS]), "blocked": int(tally[BLOCKED]), "no_winner": int(tally[NO_WINNER]),
            "drawn_matches": int(tally[DRAWN]), "hand_wins": hand_wins.tolist(), "match_wins": match_wins.tolist(),
            "points": points.tolist(), "reasons": reasons}
