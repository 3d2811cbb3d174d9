"""The browser's view of a table (domine.server.view): over every game x player count x option set
that tests/test_properties.py derives, random play; every view is JSON, its moves are the legal
moves, and nothing a seat (or a spectator) may not see changes it or appears in it."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from domine.engine.match import Match
from domine.engine.moves import DRAW, is_place, tile_of
from domine.engine.tiles import BIT, parse_tile, tiles_of
from domine.games import make_game
from domine.parts.rows import rows_of
from domine.records import match_record
from domine.server.view import move_label, replay_views, seat_view, state_view, tile_words
from test_properties import COMBOS, _id, random_bots, shown_to_all, swap_hidden

PARAMS = [pytest.param(c, id=_id(c)) for c in COMBOS]
STEPS = 40   # positions of a match checked per combination (its first hand and into the next)


def positions(game, seed: int, steps: int = STEPS):
    """(match, state) before every move of a random match, and once after each hand ends."""
    match = Match(game, seed=seed)
    bots = random_bots(game.players, seed)
    done = 0
    while not match.over and done < steps:
        state = match.start_hand()
        while not state.over and done < steps:
            yield match, state
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
            done += 1
        if state.over:
            yield match, state
            match.finish_hand()


def shown_tiles(view: dict) -> set[int]:
    """Every tile id a view names, outside the result (which shows every hand once it is over)."""
    found: set[int] = set()

    def walk(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in ("result", "counter", "table"):
                    walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif key == "tile" and isinstance(value, int) and value >= 0:
            found.add(value)
    walk(view)
    return found


def hidden_from(state, seat: int | None) -> int:
    """The tiles ``seat`` (None: a spectator) may not know of now."""
    others = 0
    for s, h in enumerate(state.hands):
        if s != seat:
            others |= h
    hidden = (others | sum(BIT[t] for t in state.stock[state.stock_pos:])) & ~shown_to_all(state)
    if state.game.keeps_rows:
        rs = rows_of(state)
        known = rs.public | (rs.private[seat] if seat is not None else 0)
        hidden = (state.in_hands | sum(BIT[t] for t in state.stock[state.stock_pos:])) & ~known
    return hidden & ~state.layout.mask


@pytest.mark.parametrize("combo", PARAMS)
def test_views_are_json_hold_the_legal_moves_and_leak_nothing(combo):
    gid, n, opts = combo
    game = make_game(gid, n, opts)
    seed = zlib.crc32(_id(combo).encode())
    rng = random.Random(seed)
    table = {"id": "t", "game": gid, "players": n, "options": opts}
    for step, (match, state) in enumerate(positions(game, seed)):
        seats = list(range(n)) if n <= 4 else sorted({state.acting_seat(), rng.randrange(n)})
        for seat in seats + [None]:
            view = seat_view(table, match, seat, "en")
            assert json.loads(json.dumps(view)) == view
            if seat is not None and not state.over:
                legal = state.legal_moves() if state.acting_seat() == seat and not state.offers or \
                    (state.offers and state.offers[0][0] == seat) else []
                assert [m["move"] for m in view["moves"]] == legal
                assert not set(shown_tiles(view)) & set(tiles_of(hidden_from(state, seat)))
                if game.keeps_rows:   # the own row: a tile it has not seen is -1
                    row = rows_of(state).rows[seat]
                    known = rows_of(state).public | rows_of(state).private[seat]
                    assert [t["tile"] for t in view["tiles"]] == [t if BIT[t] & known else -1 for t in row]
            if seat is None:
                assert view["moves"] == [] and view["tiles"] == []
                if not state.over:
                    assert not shown_tiles(view) & set(tiles_of(hidden_from(state, None)))
            if state.over or step % 3:   # the swap replays the hand: at every third position
                continue
            # shuffling what the seat cannot know never changes its view
            if seat is None and game.keeps_rows:
                continue
            other = swap_hidden(state, seat if seat is not None else -1, rng)
            if other is not None:
                scores = list(match.scores)
                assert state_view(other, seat, "en", table, scores) == state_view(state, seat, "en", table, scores)


def test_labels_say_the_tile_the_end_and_the_pip_left_open():
    game = make_game("block", 2, {})
    match = Match(game, seed=3)
    state = match.start_hand()
    while not state.layout.values or not any(is_place(m) and (m >> 7) & 31 < 2 for m in state.legal_moves()):
        state.apply(state.legal_moves()[0])
    move = next(m for m in state.legal_moves() if is_place(m))
    label = move_label(state, move, "en")
    assert label.startswith(tile_words(tile_of(move), "en")) and "end, showing" in label
    assert tile_words(27, "en") == "double six" and tile_words(26, "en") == "six-five"
    assert tile_words(26, "pl") == "sześć-pięć"
    assert move_label(state, DRAW, "sr-Cyrl") != move_label(state, DRAW, "en")


def test_a_replay_has_a_view_per_position_with_every_hand_open_or_one_seats():
    game = make_game("partners", 4, {})
    match = Match(game, seed=5)
    bots = random_bots(4, 5)
    state = match.start_hand()
    moves = 0
    while not state.over:
        s = state.acting_seat()
        state.apply(bots[s].choose(state.observation(s)))
        moves += 1
    match.finish_hand()
    record = match_record(match)
    views = replay_views(record, None, "en")
    assert len(views) == moves + 1
    dealt = [sorted(parse_tile(t) for t in h) for h in record["hands"][0]["deal"]["hands"]]
    assert [[t["tile"] for t in h] for h in views[0]["hands"]] == dealt
    assert views[-1]["result"]["points"] == match.results[0].points
    seat_views = replay_views(record, 2, "en")
    assert len(seat_views) == moves + 1 and "hands" not in seat_views[0]
    assert [t["tile"] for t in seat_views[0]["tiles"]] == dealt[2]
    assert seat_views[0]["counter"]["count"] == 28 - len(dealt[2])
    json.dumps(views)


def test_a_match_before_its_first_hand_has_an_empty_view():
    match = Match(make_game("block", 2, {}), seed=1)
    view = seat_view({"id": "t"}, match, 0, "en")
    assert view["hand"] is None and view["moves"] == [] and view["table"]["you"] == 0
