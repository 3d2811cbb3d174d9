"""Property tests over every game, every allowed player count and the main option sets.

Each test is parametrized over ``COMBOS`` (game id x players x options) and draws the
match seed with Hypothesis, so a failure reports the combination and the seed that
reproduces it. Bots are random bots whose seeds derive from the match seed.

Heavy checks (every seat's observation, every legal and many illegal moves on every
state) look at the first ``HEAVY_HANDS`` hands of a match, which always includes a
"later hand" (loser leads, drawn leads, out-of-turn doubles, alternating starters).
Light checks play whole matches.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domine.parts.rows import rows_of
from domine.bots import make_bot
from domine.games import GAMES, make_game, option_sets
from domine.engine.layout import LEAD_END
from domine.engine.match import Match
from domine.engine.moves import (
    ANNOUNCE, CLOSE, DECLINE, DISCARD, DRAW, HIDDEN, NO_TILE, PAIR, PASS, STOP, TURN_UP, IllegalMove, end_of, is_hidden,
    is_place, kind, kind_of, open_of, pair, place, placements_of, tile_of,
)
from domine.engine.reasons import REASONS
from domine.records import match_record, replay, seat_view
from domine.parts.rows import BACK, PEEK
from domine.parts.stakes import bid
from domine.engine.tiles import BIT, HIGH, LOW, parse_tile, set_size, tile_id, tile_str, tiles_of

# ---------------------------------------------------------------------------------------
# The combinations
# ---------------------------------------------------------------------------------------
def on_other_set(opts: dict) -> bool:
    return opts.get("set", "double-six") != "double-six"


def _combos() -> list[tuple[str, int, dict]]:
    """Every game at every player count; its option sets at every count too, except that a
    game for more than four counts (mexican-train: 2 to 8) tries its options at the least,
    the most and the middle count, so that the suite stays within CI's time. The sets other
    than double-six are ``SET_COMBOS``'s."""
    out = []
    for gid, cls in sorted(GAMES.items()):
        counts = range(cls.min_players, cls.max_players + 1)
        with_options = set(counts) if len(counts) <= 4 else {counts[0], counts[len(counts) // 2], counts[-1]}
        for n in counts:
            for opts in option_sets(cls, n):
                if opts and n not in with_options or on_other_set(opts):
                    continue
                out.append((gid, n, opts))
    return out


def _set_combos() -> list[tuple[str, int, dict]]:
    """Every game on every other set it offers (double-eight, double-nine, double-twelve), with
    the option sets that name one: each at one player count, a different count for each set
    (the least for double-twelve, whose hands are the longest), so that every set is played
    and the suite stays within CI's time."""
    out = []
    for gid, cls in sorted(GAMES.items()):
        counts = range(cls.min_players, cls.max_players + 1)
        sets = [o.choices for o in cls.options if o.name == "set"]
        for i, name in enumerate(c for c in reversed(sets[0] if sets else ()) if c != "double-six"):
            for n in [counts[i % len(counts)]] + [c for c in counts if c != counts[i % len(counts)]]:
                found = [opts for opts in option_sets(cls, n) if opts.get("set") == name]
                if found:
                    out += [(gid, n, opts) for opts in found]
                    break
    return out


COMBOS = _combos()
SET_COMBOS = _set_combos()


def _id(combo) -> str:
    gid, n, opts = combo
    text = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{gid}-{n}p" + (f"-{text}" if text else "")


def params(combos=None):
    return [pytest.param(c, id=_id(c)) for c in (COMBOS if combos is None else combos)]


def test_the_combinations_cover_every_game_and_player_count():
    seen = {(g, n) for g, n, _ in COMBOS}
    for gid, cls in GAMES.items():
        for n in range(cls.min_players, cls.max_players + 1):
            assert (gid, n) in seen
    for gid, n, opts in COMBOS + SET_COMBOS:   # every listed option set is accepted
        make_game(gid, n, opts)


def test_every_game_is_played_on_every_set_it_offers():
    played = {(g, opts["set"]) for g, _, opts in SET_COMBOS}
    for gid, cls in GAMES.items():
        offered = next((o.choices for o in cls.options if o.name == "set"), ())
        assert {(gid, name) for name in offered if name != "double-six"} <= played
    assert {name for _, name in played} == {"double-eight", "double-nine", "double-twelve"}


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
HEAVY_HANDS = 3          # hands per match for the per-state checks


def heavy_hands(game) -> int:
    """Hands per match for the per-state checks: two of a double-twelve game, whose rounds run to
    a hundred moves and more (mexican-train; the second hand is still a later one)."""
    return 2 if game.max_pip >= 12 else HEAVY_HANDS
MAX_HANDS = 500          # "every random match ends" within this many hands


# DOMINE_PROPERTY_SCALE=20 multiplies every example count, for a deeper run by hand.
SCALE = max(1, int(os.environ.get("DOMINE_PROPERTY_SCALE", "1")))


def light(n):
    return settings(max_examples=n * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------
def random_bots(n: int, seed: int):
    return [make_bot("random", seed * 7919 + s) for s in range(n)]


def move_bound(game, state) -> int:
    """A generous bound on the moves of one hand.

    Progress moves (placements and draws) are at most the tiles of the set plus the
    stock; between two of them there are at most 2n passes (a round of declined
    out-of-turn doubles, then a round of passes around a locked tile).
    """
    progress = set_size(game.max_pip) + len(state.deal.stock)
    if getattr(game, "keeps_rows", False):
        # rows (domine.parts.rows): between two of them at most players x (largest hand + 1) idle
        # turns of two moves each (a look, the tile sent back); a stop may follow each lay
        gap = 2 * state.n * (max(map(len, state.deal.hands)) + len(state.deal.stock) + 1)
        return 2 * progress + (progress + 1) * gap
    return progress + (progress + 1) * 2 * state.n


def states(game, seed: int, max_hands: int = MAX_HANDS, stop_at: int | None = None):
    """Play a match with random bots; yield ``(match, state)`` before every move and once
    after each hand ends (before ``finish_hand``). ``stop_at`` stops after that many moves."""
    match = Match(game, seed=seed)
    bots = random_bots(game.players, seed)
    played = 0
    while not match.over and match.hands_played < max_hands:
        state = match.start_hand()
        bound = move_bound(game, state)
        moves = 0
        while not state.over:
            yield match, state
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
            moves += 1
            played += 1
            assert moves <= bound, f"hand {match.hands_played + 1} still running after {moves} moves"
            if stop_at is not None and played >= stop_at:
                return
        yield match, state
        match.finish_hand()


def play_match(game, seed: int, max_hands: int = MAX_HANDS, stop_at: int | None = None) -> Match:
    match = None
    for match, _ in states(game, seed, max_hands, stop_at):
        pass
    return match


def game_of(combo):
    gid, n, opts = combo
    return make_game(gid, n, opts)


# ---------------------------------------------------------------------------------------
# 1. Hands and matches end
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("combo", params())
@light(10)
@given(seed=SEEDS)
def test_random_hands_and_matches_end(combo, seed):
    game = game_of(combo)
    match = Match(game, seed=seed)
    bots = random_bots(game.players, seed)
    while not match.over:
        assert match.hands_played < MAX_HANDS, "the match did not end"
        state = match.start_hand()
        bound = move_bound(game, state)
        # rows (domine.parts.rows): idle turns may run to players x (largest hand + 1)
        pass_limit = state.n * (max(map(len, state.deal.hands)) + len(state.deal.stock) + 1) \
            if getattr(game, "keeps_rows", False) else 2 * game.players
        moves = passes = 0
        while not state.over:
            legal = state.legal_moves()
            assert legal, "a running hand offers no move"
            seat = state.acting_seat()
            move = bots[seat].choose(state.observation(seat))
            state.apply(move)
            moves += 1
            passes = passes + 1 if move == PASS else 0
            assert passes <= pass_limit, "too many passes in a row"
            assert moves <= bound
        # a finished hand takes no more moves
        assert state.result is not None
        assert state.legal_moves() == []
        with pytest.raises(IllegalMove):
            state.apply(PASS)
        result = match.finish_hand()
        assert (result is not None) == match.over
    assert match.result.hands == match.hands_played
    assert match.result.scores == match.scores
    assert match.result.drawn == (match.result.winners == [])
    with pytest.raises(RuntimeError):
        match.start_hand()


# ---------------------------------------------------------------------------------------
# 2. Tiles are conserved
# ---------------------------------------------------------------------------------------
def assert_conserved(game, state):
    parts = {f"hand {s}": h for s, h in enumerate(state.hands)}
    parts["layout"] = state.layout.mask
    parts["stock"] = _mask(state.stock[state.stock_pos:])
    # troli 3(b): a turned-up lead came off the set-aside tiles and now lies in the layout
    turned = _mask(tile_of(m) for _, m in state.history if kind(m) == TURN_UP)
    parts["aside"] = _mask(state.deal.aside) & ~turned
    for s, d in enumerate(state.discards):
        parts[f"discards {s}"] = d   # grape: tiles laid face down
    parts["face down"] = state.layout.face_down   # ends closed with a tile face down (four-crosses 9)
    union = 0
    for name, mask in parts.items():
        assert union & mask == 0, f"{name} shares {', '.join(tile_str(t) for t in tiles_of(union & mask))}"
        union |= mask
    assert union == game.set_mask
    assert state.tiles_accounted() == game.set_mask
    assert state.in_hands == _or(state.hands)


def _mask(tiles) -> int:
    m = 0
    for t in tiles:
        m |= BIT[t]
    return m


def _or(masks) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


@pytest.mark.parametrize("combo", params())
@light(8)
@given(seed=SEEDS)
def test_tiles_are_conserved_after_every_move(combo, seed):
    game = game_of(combo)
    for _, state in states(game, seed):
        assert_conserved(game, state)
        if state.over:
            r = state.result
            assert r.tiles_left == [h.bit_count() for h in state.hands]
            assert sorted(r.ranking) == list(range(state.n))


# ---------------------------------------------------------------------------------------
# 3. Observations hide what a seat may not see
# ---------------------------------------------------------------------------------------
PER_SEAT_NUMBERS = {"teams", "hand_sizes", "scores", "hand_points"}   # checked exactly instead


def _int_lists(value, sizes: set[int]):
    """Every list or tuple of ints nested in value whose length is one of ``sizes`` (the
    hands looked for: a shorter or longer list cannot be one). A list of ints holds no list,
    so the walk stops there; a history of (seat, move) pairs is walked once, pair by pair."""
    if isinstance(value, (list, tuple)):
        if value and all(type(x) is int for x in value):   # bools are not tiles
            if len(value) in sizes:
                yield list(value)
            return
        for x in value:
            if isinstance(x, (list, tuple)):
                yield from _int_lists(x, sizes)


def _tiles_shown(obs) -> set[int]:
    """Every tile an observation names."""
    shown = set(obs.hand) | set(obs.layout_tiles) | set(obs.locked)
    if obs.lead is not None:
        shown.add(obs.lead)
    for arm in obs.arms:
        shown.update(t for t, _ in arm)
    for _, m in obs.history:
        shown.update(tile_of(p) for p in placements_of(m))
        if kind(m) in (DRAW, DISCARD, TURN_UP) and not is_hidden(m):
            shown.add(tile_of(m))
    for m in obs.legal_moves:
        if is_place(m):
            shown.add(m & 127)
    return shown


def _fields(obs) -> dict:
    """The observation's fields by name (a dataclass, or any object with attributes)."""
    return obs.to_dict()


def known_to(state, seat) -> int:
    """Tiles ``seat`` may know of: all, except in games whose rows hide tiles from their owner
    too (domine.parts.rows), where only those it has seen (and the table)."""
    if not state.game.keeps_rows:
        return state.game.set_mask
    return rows_of(state).known[seat] | state.layout.mask


def check_observation(state, seat):
    obs = state.observation(seat)
    acting = state.acting_seat()
    assert obs.seat == seat
    assert obs.hand == tiles_of(state.hands[seat] & known_to(state, seat))
    assert obs.hand_sizes == [h.bit_count() for h in state.hands]
    assert obs.teams == list(state.teams)
    assert obs.hand_points == state.hand_points
    assert obs.scores == list(state.context.scores or [0] * state.n_teams)
    # during out-of-turn offers only the seat being asked knows it is being asked
    assert obs.to_act == (acting if seat == acting or not state.offers else -1)
    if seat == acting:
        assert obs.legal_moves == state.legal_moves()
    else:
        assert obs.legal_moves == []
    assert obs.locked == tiles_of(state.locked[seat])
    # history: own moves exact, others' draws and discards carry no tile (unless the game
    # shows them to all), others' silent declines of an out-of-turn double are left out
    public = [(s, m) for s, m in state.history if s == seat or kind(m) != DECLINE]
    assert len(obs.history) == len(public)
    for (s, m), (s2, m2) in zip(obs.history, public):
        assert s == s2
        if s != seat and kind_of(m2).hides_tile and kind(m2) not in state.game.public_kinds:
            assert m == m2 & ~127 | HIDDEN   # the tile hidden; a closing still names its end
        else:
            assert m == m2
    # no tile another seat holds, nor a stock or aside tile, is named anywhere
    own_draws = {tile_of(m) for s, m in state.history if s == seat and kind(m) == DRAW}
    hidden = (_or(h for s, h in enumerate(state.hands) if s != seat)
              | _mask(state.stock[state.stock_pos:]) | _mask(state.deal.aside)) & ~shown_to_all(state)
    if state.game.keeps_rows:   # rows: what the seat has not seen, its own row included
        hidden = (state.in_hands | _mask(state.stock[state.stock_pos:])) & ~rows_of(state).known[seat]
    leaked = _tiles_shown(obs) & set(tiles_of(hidden))
    assert not leaked, f"seat {seat} sees hidden tiles {[tile_str(t) for t in leaked]}"
    assert own_draws <= set(tiles_of(state.hands[seat] | state.layout.mask | state.layout.face_down))
    # a tile face down on a closed end is shown only to the seat that laid it
    own_closed = _mask(tile_of(m) for s, m in state.history if s == seat and kind(m) == CLOSE)
    assert obs.layout.face_down == state.layout.face_down & own_closed
    assert all(t < 0 or BIT[t] & own_closed for t in obs.layout.closers)
    # no field holds another seat's hand (a hand never shares a tile with the layout, so
    # "unless its tiles are public" never applies; per-seat counts are checked exactly above)
    hidden_hands = [other for other in range(state.n) if other != seat and state.hands[other]
                    and state.hands[other] & ~known_to(state, seat)]
    sizes = {state.hands[other].bit_count() for other in hidden_hands}
    lists = {}
    for name, value in _fields(obs).items():
        if name not in PER_SEAT_NUMBERS:
            for lst in _int_lists(value, sizes):
                lists.setdefault(tuple(sorted(lst)), name)
    for other in hidden_hands:
        name = lists.get(tuple(tiles_of(state.hands[other])))
        assert name is None, f"observation field {name} holds seat {other}'s hand"
    return obs


def kind_named(record_move: str) -> int:
    """The kind of a record's move text: draw or discard (the only ones a view rewrites)."""
    return DISCARD if record_move.split(":", 1)[1].strip().startswith("discard") else DRAW


def shown_to_all(state) -> int:
    """Tiles an event showed every seat (a turned-up tile; a draw in a game whose draws are public; a closing
    that lays no tile, ``NO_TILE``, shows none)."""
    public = state.game.public_kinds
    return _mask(tile_of(m) for s, m in state.history
                 if kind(m) == TURN_UP   # a tile turned face up for everyone (troli's lead from the aside)
                 or kind(m) in public and kind(m) in (DRAW, DISCARD, CLOSE) and tile_of(m) != NO_TILE)


def swap_unknown_in_rows(state, seat, rng):
    """Rows (domine.parts.rows): a clone in which two tiles ``seat`` does not know, in any row (its
    own too) or the stock, change places; None if there are not two."""
    known = rows_of(state).known[seat]
    places = [(s, i) for s, row in enumerate(rows_of(state).rows) for i, t in enumerate(row) if not BIT[t] & known]
    places += [("stock", i) for i in range(state.stock_pos, len(state.stock)) if not BIT[state.stock[i]] & known]
    if len(places) < 2:
        return None
    (a, i), (b, j) = rng.sample(places, 2)
    c = state.clone()
    c.stock = list(state.stock)

    def get(s, k):
        return c.stock[k] if s == "stock" else rows_of(c).rows[s][k]

    def put(s, k, t):
        if s == "stock":
            c.stock[k] = t
        else:
            rows_of(c).rows[s][k] = t

    x, y = get(a, i), get(b, j)
    put(a, i, y)
    put(b, j, x)
    for s, old, new in ((a, x, y), (b, y, x)):
        if s != "stock":
            c.hands[s] ^= BIT[old] | BIT[new]
    c.in_hands = _or(c.hands)
    return c


def swap_hidden(state, seat, rng):
    """A clone in which one hidden tile of another seat is exchanged with another hidden
    tile (another seat's, or an undrawn stock tile); None if nothing can be swapped."""
    if state.game.keeps_rows:
        return swap_unknown_in_rows(state, seat, rng)
    known = shown_to_all(state)
    others = [s for s in range(state.n) if s != seat and state.hands[s] & ~known]
    if not others:
        return None
    o = rng.choice(others)
    x = rng.choice(tiles_of(state.hands[o] & ~known))
    spots = [("hand", p) for p in others if p != o]
    if state.stock_pos < len(state.stock):
        spots.append(("stock", None))
    if not spots:
        return None
    where, p = rng.choice(spots)
    c = state.clone()
    if where == "hand":
        y = rng.choice(tiles_of(state.hands[p] & ~known))
        c.hands[o] ^= BIT[x] | BIT[y]
        c.hands[p] ^= BIT[x] | BIT[y]
    else:
        i = rng.randrange(state.stock_pos, len(state.stock))
        y = state.stock[i]
        c.stock = list(state.stock)
        c.stock[i] = x
        c.hands[o] ^= BIT[x] | BIT[y]
        c.in_hands ^= BIT[x] | BIT[y]
    return c


@pytest.mark.parametrize("combo", params())
@light(4)
@given(seed=SEEDS)
def test_observations_hide_other_seats_tiles(combo, seed):
    game = game_of(combo)
    rng = random.Random(seed)
    for _, state in states(game, seed, max_hands=heavy_hands(game)):
        # every seat at small tables; at larger ones the seat to act and one other, drawn anew
        # at every state (the swap below replays the whole hand for each seat checked)
        seats = range(state.n) if state.n <= 4 else sorted({state.acting_seat(), rng.randrange(state.n)})
        for seat in seats:
            obs = check_observation(state, seat)
            # the observation is the same whatever the hidden tiles are
            other = swap_hidden(state, seat, rng)
            if other is not None:
                assert _fields(other.observation(seat)) == _fields(obs)


# ---------------------------------------------------------------------------------------
# 4. Legal moves apply; unlisted moves do not
# ---------------------------------------------------------------------------------------
def _snapshot(state):
    return (state.hands[:], state.history[:], state.layout.mask, state.layout.values[:],
            state.stock_pos, state.to_act, state.over, state.offers[:], state.hand_points[:])


def random_candidates(game, state, rng, k):
    """k moves drawn from every placement encoding on the current ends (and the lead end)
    with every open pip, with and without an announcement, plus DRAW, PASS and one move of
    every other kind a seat makes (a pair, a closing, a bid, a look, a tile sent back)."""
    ends = list(range(len(state.layout.values))) + [LEAD_END]
    size = set_size(game.max_pip)
    out = [DRAW, PASS, STOP, DECLINE, DISCARD | rng.randrange(size), PEEK, BACK, bid(rng.randrange(1, 4)),
           CLOSE | rng.randrange(size) | (rng.choice(ends[:-1] or [0]) << 7)]
    for _ in range(k):
        m = place(rng.randrange(size), rng.choice(ends), rng.randrange(game.max_pip + 1))
        out.append(m | ANNOUNCE if rng.random() < 0.2 else m)
    out.append(pair(out[-1] & ~ANNOUNCE, out[-2] & ~ANNOUNCE))
    return out


def near_misses(game, legal):
    """Moves one field away from a legal one: other end, other open pip, announcement flipped,
    a draw that names a tile."""
    out = set()
    for m in legal:
        if is_place(m):
            t, e, o = m & 127, (m >> 7) & 31, (m >> 12) & 15
            out.add(m ^ ANNOUNCE)
            for e2 in range(4):
                out.add((m & ~(31 << 7)) | (e2 << 7))
            out.add((m & ~(31 << 7)) | (LEAD_END << 7))
            for o2 in range(game.max_pip + 1):
                out.add((m & ~(15 << 12)) | (o2 << 12))
            out.add(DRAW | t)
    return sorted(out - set(legal))


def assert_sound(game, state, m):
    """A listed placement lays a tile the acting seat holds, by the game's matching rule."""
    if kind(m) == PAIR:
        for p in placements_of(m):
            assert_sound(game, state, p)
        return
    if not is_place(m):
        from domine.parts.stakes import DECIDE   # decisions that are not tiles (bids, buying back)
        rows = getattr(game, "keeps_rows", False)   # a look or a tile sent back (domine.parts.rows)
        assert m in (DRAW, PASS, STOP, DECLINE) or kind(m) in (DISCARD, CLOSE, DECIDE) \
            or rows and kind(m) in (PEEK, BACK), m
        if kind(m) in (DISCARD, CLOSE):
            assert state.hands[state.acting_seat()] & BIT[tile_of(m)]
        if kind(m) == CLOSE:
            lay = state.layout
            assert lay.lead >= 0 and end_of(m) < len(lay.values) and not lay.closed[end_of(m)]
        return
    t, e, o = tile_of(m), end_of(m), open_of(m)
    assert state.hands[state.acting_seat()] & BIT[t], f"{tile_str(t)} is not the mover's"
    lay = state.layout
    if e == LEAD_END:
        assert lay.lead < 0 and o == 0
        return
    assert lay.lead >= 0 and e < len(lay.values) and not lay.closed[e]
    v, lo, hi = lay.values[e], LOW[t], HIGH[t]
    if game.matching.name == "sum-to-seven":   # touching halves sum to 7; matadors are wild
        if t in MATADORS:
            assert o in (lo, hi)
        else:
            assert (lo + v == 7 and o == hi) or (hi + v == 7 and o == lo), (tile_str(t), v, o)
    else:
        assert (lo == v and o == hi) or (hi == v and o == lo), (tile_str(t), v, o)


MATADORS = {tile_id(1, 6), tile_id(2, 5), tile_id(3, 4), tile_id(0, 0)}


@pytest.mark.parametrize("combo", params())
@light(3)
@given(seed=SEEDS)
def test_listed_moves_apply_and_unlisted_moves_do_not(combo, seed):
    game = game_of(combo)
    rng = random.Random(seed)
    for _, state in states(game, seed, max_hands=heavy_hands(game)):
        before = _snapshot(state)
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), "a move is listed twice"
        for m in legal:
            c = state.clone()
            c.apply(m)
            assert_conserved(game, c)
            assert len(c.history) >= len(state.history) + 1   # the move, and any forced events
        for m in legal:
            assert_sound(game, state, m)
        if PASS in legal and not game.optional_places:
            # a pass only when nothing else is allowed (but closing an end, or a decision such
            # as opening an auction, instead)
            from domine.parts.stakes import DECIDE
            assert [m for m in legal if kind(m) not in (CLOSE, DECIDE)] == [PASS]
        legal_set = set(legal)
        sample = [m for m in random_candidates(game, state, rng, 10) if m not in legal_set]
        near = near_misses(game, legal)
        sample += rng.sample(near, min(10, len(near)))
        sample = [m for m in sample if not state.same_place_as_legal(m)]   # a listed move, on its other name
        for m in sample:
            c = state.clone()
            snap = _snapshot(c)
            with pytest.raises(IllegalMove) as refused:
                c.apply(m)
            assert _snapshot(c) == snap, f"a refused move {m:#x} changed the state"
            # the refusal says why as data (domine.engine.reasons): a registered code, a sentence
            assert refused.value.code in REASONS and str(refused.value), f"{m:#x}: {refused.value!r}"
        assert _snapshot(state) == before, "moves on clones changed the original"


@pytest.mark.parametrize("combo", [("draw", 2, {}), ("block", 2, {"openspiel": True})], ids=_id)
@light(40)
@given(seed=st.integers(min_value=0, max_value=1000), move=st.integers(min_value=-(2**31), max_value=2**31))
def test_any_int_that_is_not_listed_is_refused(combo, seed, move):
    """Bots and learning agents send plain ints: anything not listed is an IllegalMove."""
    game = game_of(combo)
    state = Match(game, seed=seed).start_hand()
    state.apply(state.legal_moves()[0])   # the lead, so that the layout has ends
    if move in state.legal_moves() or state.same_place_as_legal(move):
        return   # listed, or a listed placement on an end that is the same place (general 23a)
    before = _snapshot(state)
    with pytest.raises(IllegalMove):
        state.apply(move)
    assert _snapshot(state) == before


@pytest.mark.parametrize("combo", params())
@light(3)
@given(seed=SEEDS)
def test_move_notation_reads_back(combo, seed):
    """What a record writes for a move (move_str) reads back as that move (parse_move)."""
    game = game_of(combo)
    for _, state in states(game, seed, max_hands=heavy_hands(game)):
        for m in state.legal_moves():
            assert state.parse_move(state.move_str(m)) == m, state.move_str(m)


# ---------------------------------------------------------------------------------------
# 5. Records
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("combo", params())
@light(6)
@given(seed=SEEDS)
def test_saved_records_replay_to_the_same_result(combo, seed):
    game = game_of(combo)
    match = play_match(game, seed)
    record = json.loads(json.dumps(match_record(match)))
    report = replay(record)
    assert report.complete
    assert report.scores == match.scores
    assert report.result == match.result.to_json()
    assert report.hands == match.hands_played == len(record["hands"])
    assert report.moves == sum(1 for s in match.hands for a, m in s.history
                                if a >= 0 and not kind_of(m).forced)   # events of nobody are forced
    for state, raw in zip(match.hands, record["hands"]):
        assert raw["result"]["points"] == state.result.points


@pytest.mark.parametrize("combo", params())
@light(3)
@given(seed=SEEDS, stop=st.integers(min_value=1, max_value=120))
def test_unfinished_match_records_replay_as_incomplete(combo, seed, stop):
    game = game_of(combo)
    match = play_match(game, seed, stop_at=stop)
    if match.current is not None and match.current.over:
        match.finish_hand()
    record = json.loads(json.dumps(match_record(match)))
    report = replay(record)
    if match.over:
        assert report.complete and report.result == match.result.to_json()
    else:
        assert not report.complete and report.result is None
        assert report.scores == match.scores
        assert report.moves == stop


@pytest.mark.parametrize("combo", params())
@light(3)
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_game(combo, seed):
    game = game_of(combo)
    a = match_record(play_match(game, seed))
    b = match_record(play_match(game_of(combo), seed))
    assert a == b


@pytest.mark.parametrize("combo", params())
@light(3)
@given(seed=SEEDS, stop=st.one_of(st.none(), st.integers(min_value=1, max_value=200)))
def test_seat_view_hides_other_hands_and_draws(combo, seed, stop):
    game = game_of(combo)
    match = play_match(game, seed, max_hands=heavy_hands(game), stop_at=stop)
    if match.current is not None and match.current.over:
        match.finish_hand()
    record = match_record(match)
    frozen = json.dumps(record, sort_keys=True)
    states_ = list(match.hands) + ([match.current] if match.current is not None and match.current.history else [])
    for seat in range(game.players):
        view = seat_view(record, seat)
        assert json.dumps(record, sort_keys=True) == frozen, "seat_view changed the record"
        assert len(view["hands"]) == len(record["hands"])
        for raw, shown, state in zip(record["hands"], view["hands"], states_):
            deal, vdeal = raw["deal"], shown["deal"]
            for s, tiles in enumerate(deal["hands"]):
                if s == seat and not getattr(game, "keeps_rows", False):   # rows: not even one's own
                    assert vdeal["hands"][s] == tiles
                else:
                    assert vdeal["hands"][s] == ["?"] * len(tiles)
            assert vdeal["stock"] == ["?"] * len(deal["stock"])
            assert vdeal.get("aside", []) == ["?"] * len(deal.get("aside", []))
            expected = []
            for m in raw["moves"]:
                s, _, text = m.partition(":")
                word = text.split()[0]
                if int(s) != seat and word == "decline":
                    continue   # silent at the table
                if int(s) != seat and word in ("draw", "discard") and kind_named(m) not in game.public_kinds:
                    expected.append(f"{int(s)}: {word}")
                elif int(s) != seat and word == "close" and CLOSE not in game.public_kinds:
                    expected.append(f"{int(s)}: {' '.join(text.split()[:2])}")   # the end, not the tile
                else:
                    expected.append(m)
            assert shown["moves"] == expected
            # no tile that stayed hidden from this seat is named anywhere in its view
            seen = set(tiles_of(state.layout.mask | state.hands[seat] & known_to(state, seat)))
            if state.game.keeps_rows:
                seen |= set(tiles_of(rows_of(state).known[seat]))
            seen |= {tile_of(m) for s, m in state.history if s == seat and kind(m) in (DRAW, DISCARD, CLOSE)}
            seen |= set(tiles_of(shown_to_all(state)))
            seen |= {tile_of(m) for s, m in state.history if kind(m) == TURN_UP}
            hidden = set(range(set_size(game.max_pip))) - seen
            text = json.dumps({k: v for k, v in shown.items() if k != "result"})
            named = {parse_tile(t, game.max_pip) for t in re.findall(r"\b\d+-\d+\b", text)}
            assert not named & hidden, f"seat {seat} sees {[tile_str(t) for t in named & hidden]}"
        # everything else is kept
        for key in record:
            if key not in ("hands", "seed"):
                assert view[key] == record[key]


@pytest.mark.parametrize("combo", [("draw", 2, {}), ("bergen", 3, {})], ids=_id)
@light(3)
@given(seed=SEEDS)
def test_seat_view_does_not_let_a_seat_rebuild_the_deal(combo, seed):
    game = game_of(combo)
    match = play_match(game, seed, max_hands=1, stop_at=1)
    view = seat_view(match_record(match), 0)
    hidden = view["hands"][0]["deal"]["hands"][1]
    assert hidden == ["?"] * len(hidden)
    rebuilt = None
    if isinstance(view.get("seed"), int):
        again = Match(make_game(view["game"], view["players"], view["options"]), seed=view["seed"])
        rebuilt = [tile_str(t) for t in again.start_hand().deal.hands[1]]
    assert rebuilt != match_record(match)["hands"][0]["deal"]["hands"][1]


# ---------------------------------------------------------------------------------------
# Games for stakes: tokens are conserved, every transfer is public
# ---------------------------------------------------------------------------------------
STAKES = [c for c in COMBOS if game_of(c).stakes]


@pytest.mark.parametrize("combo", [pytest.param(c, id=_id(c)) for c in STAKES])
@light(8)
@given(seed=SEEDS)
def test_tokens_are_conserved_and_every_transfer_is_public(combo, seed):
    from domine.parts.stakes import balances_after, transfers
    game = game_of(combo)
    for match, state in states(game, seed, max_hands=60):
        led = state.rules["ledger"]
        tokens = led.tokens()
        # balances plus the pot never change but by a transfer: they add up to 0 always
        assert sum(tokens) == 0
        assert match.tokens is not None and sum(match.tokens) == 0
        # the transfers of the history, from the tokens the match carried in, give the ledger
        assert balances_after(state.context.tokens, state.n, state.history) == tokens
        for seat in range(state.n):
            obs = state.observation(seat)
            assert balances_after(obs.context.tokens, state.n, obs.history) == tokens
        assert all(amount > 0 for _, _, amount in transfers(state.history))
        if state.over:
            assert state.result.points is not None
    if match.over:
        assert match.result.balances == match.tokens[:-1]


# ---------------------------------------------------------------------------------------
# The same properties on the other sets (double-eight, double-nine, double-twelve)
# ---------------------------------------------------------------------------------------
# One example each: a game's rules are the same on every set, so these look for what the set
# changes (its size, its numbers, its deal and target) at a fraction of the suite's time.
ON_OTHER_SETS = light(1)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_random_matches_end(combo, seed):
    test_random_hands_and_matches_end.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_tiles_are_conserved(combo, seed):
    test_tiles_are_conserved_after_every_move.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_observations_hide_other_seats_tiles(combo, seed):
    test_observations_hide_other_seats_tiles.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_listed_moves_apply(combo, seed):
    test_listed_moves_apply_and_unlisted_moves_do_not.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_move_notation_reads_back(combo, seed):
    test_move_notation_reads_back.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_records_replay(combo, seed):
    test_saved_records_replay_to_the_same_result.hypothesis.inner_test(combo, seed)


@pytest.mark.parametrize("combo", params(SET_COMBOS))
@ON_OTHER_SETS
@given(seed=SEEDS, stop=st.one_of(st.none(), st.integers(min_value=1, max_value=200)))
def test_on_other_sets_seat_view_hides_other_hands(combo, seed, stop):
    test_seat_view_hides_other_hands_and_draws.hypothesis.inner_test(combo, seed, stop)


@pytest.mark.parametrize("combo", [pytest.param(c, id=_id(c)) for c in SET_COMBOS if game_of(c).stakes])
@ON_OTHER_SETS
@given(seed=SEEDS)
def test_on_other_sets_tokens_are_conserved(combo, seed):
    test_tokens_are_conserved_and_every_transfer_is_public.hypothesis.inner_test(combo, seed)
