"""Hostile input (issue 21, item 11): what a client sends is answered, never obeyed. Too
long, too fast, malformed, unknown, out of turn: ``refused`` with a reason code, nothing
changed, no traceback in the log; a guessed or another table's token gets nothing. And no
message to any seat or spectator holds a tile it may not see, in a hand of every game."""

from __future__ import annotations

import json
import logging
import random
import re

import pytest
from server_helpers import client, create, my_turn, recv, server_db_url, token, until  # noqa: F401
from starlette.websockets import WebSocketDisconnect

from domine.engine.tiles import set_size, tile_str
from domine.games import GAMES, make_game
from domine.records import replay


def hello(ws, tok):
    ws.send_json({"type": "hello", "token": tok, "since": None, "lang": "en"})


def no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]


def events_of(c, table: str) -> list:
    record = c.get(f"/api/tables/{table}/record").json()
    return [h["moves"] for h in record["hands"]]


def test_malformed_unknown_and_out_of_turn_messages_are_refused_and_change_nothing(server_db_url, caplog):
    caplog.set_level(logging.INFO)
    with client(server_db_url) as c:
        made = create(c, "block", seats=[{"kind": "human"}, {"kind": "human"}])
        a, b = token(made["seats"][0]["link"]), token(made["seats"][1]["link"])
        with c.websocket_connect(f"/ws/{made['table']}") as wa, c.websocket_connect(f"/ws/{made['table']}") as wb:
            hello(wa, a)
            hello(wb, b)
            turn = None
            for ws, seat in ((wa, 0), (wb, 1)):
                m = until(ws, "update")
                if m["view"]["hand"]["to_act"] == seat:
                    turn = (ws, seat, m)
            assert turn is not None
            mover, seat, m = turn
            other = wb if mover is wa else wa
            before = events_of(c, made["table"])
            for text in ("not json", "[1, 2]", '{"no": "type"}', '{"type": 5}', '{"type": "shout", "id": 1}',
                         '{"type": "hello", "token": "x"}', '{"type": "move", "id": 2}',
                         '{"type": "move", "id": 3, "move": "6-6"}', '{"type": "move", "id": 4, "move": -1}',
                         '{"type": "move", "id": 5, "move": 99999999999999999999}',
                         '{"type": "move", "id": 6, "text": "' + "x" * 300 + '"}',
                         '{"type": "move", "id": {"deep": [1]}, "move": true}', '[' * 2000 + ']' * 2000):
                mover.send_text(text)
                refused = until(mover, "refused")
                assert refused["reason"] and refused["text"] and "\n" not in refused["text"], text
            for move in m["view"]["moves"][:3]:   # the other seat may not move in this turn
                other.send_json({"type": "move", "id": 8, "move": move["move"]})
                assert until(other, "refused")["reason"] == "not-your-turn"
            mover.send_json({"type": "ping"})
            until(mover, "pong")
            assert events_of(c, made["table"]) == before
    no_traceback(caplog)


def test_a_message_over_four_kilobytes_is_refused_and_the_connection_closed(server_db_url, caplog):
    with client(server_db_url) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, token(made["seats"][0]["link"]))
            until(ws, "update")
            ws.send_text('{"type": "ping", "pad": "' + "x" * 5000 + '"}')
            assert until(ws, "refused")["reason"] == "too-large"
            with pytest.raises(WebSocketDisconnect):
                for _ in range(50):
                    recv(ws)
    no_traceback(caplog)


def test_a_flood_is_refused_past_the_rate_then_closed(server_db_url, caplog):
    with client(server_db_url, rate=5.0, burst=5, abuse=10) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, token(made["seats"][0]["link"]))
            for _ in range(40):
                ws.send_json({"type": "ping"})
            seen = []
            with pytest.raises(WebSocketDisconnect):
                for _ in range(200):
                    seen.append(recv(ws))
            assert any(m.get("reason") == "rate-limit" for m in seen)
            assert sum(m["type"] == "pong" for m in seen) < 40
    no_traceback(caplog)


def test_a_guessed_or_another_tables_token_gets_nothing(server_db_url, caplog):
    with client(server_db_url) as c:
        one, two = create(c), create(c)
        for tok, table in ((token(two["seats"][0]["link"]), one["table"]), ("A" * 32, one["table"]),
                           (token(one["seats"][0]["link"]), "no-such-table"), (None, one["table"]),
                           ({"a": 1}, one["table"])):
            with c.websocket_connect(f"/ws/{table}") as ws:
                hello(ws, tok)
                m = recv(ws)
                assert m["type"] == "refused" and m["reason"] == "bad-token"
                with pytest.raises(WebSocketDisconnect):
                    recv(ws)
        with c.websocket_connect(f"/ws/{one['table']}") as ws:   # nothing before hello
            ws.send_json({"type": "move", "id": 1, "move": 0})
            assert recv(ws)["reason"] == "hello-first"
    no_traceback(caplog)


# -- nothing a seat may not see --------------------------------------------------------------------
TILE_WORD = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")


TILE_FIELD = re.compile(r'"tile":\s*(\d+)')


def tiles_in(message, max_pip: int, out: set) -> None:
    """Every tile a message names: in notation inside any text, and as a ``tile`` field."""
    text = message if isinstance(message, str) else json.dumps(message)
    out.update(int(t) for t in TILE_FIELD.findall(text))
    for a, b in TILE_WORD.findall(text):
        a, b = int(a), int(b)
        if a <= max_pip and b <= max_pip:
            out.add(_tile_id(max(a, b), min(a, b)))


def _tile_id(high: int, low: int) -> int:
    from domine.engine.tiles import parse_tile
    return parse_tile(f"{high}-{low}", 12)


def known_to(state, seat) -> set:
    """The tiles ``seat`` (None: a spectator) may have seen by the hand's end."""
    from domine.server.tables import event_text
    game = state.game
    known: set = set()
    if seat is not None:
        obs = state.observation(seat)
        known |= set(obs.layout_tiles)
        known |= set(obs.hand)   # (a blind game: the tiles of its row it has seen)
    rows = state.observation(0 if seat is None else seat).rows
    if rows is not None:   # the blind games: tiles face up in the rows, open hands
        known |= {t for row in rows.open for t in row}
        if seat is not None:
            known |= {t for row in rows.rows for t in row if t >= 0}
        if not game.keeps_rows:
            known |= set(state.deal.hands[seat])
    else:
        known |= set(state.observation(0).layout_tiles)
    for e in state.events_since(0, seat):
        tiles_in(event_text(state, e.actor, e.payload), game.max_pip, known)
    return known


def one_hand(c, game_id: str, rnd: random.Random) -> None:
    game = make_game(game_id)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (game.players - 1)
    made = create(c, game_id, seats=seats)
    got: dict = {0: [], None: []}
    with c.websocket_connect(f"/ws/{made['table']}") as ws, c.websocket_connect(f"/ws/{made['table']}") as spy:
        hello(ws, token(made["seats"][0]["link"]))
        hello(spy, token(made["spectator"]))
        moved_at, position, n = None, (0, -1), 0
        for _ in range(3000):
            m = recv(ws)
            got[0].append(m)
            if m["type"] == "reveal":
                break
            if m["type"] == "update":
                position = (m["hand"], max([e["seq"] for e in m["events"]], default=position[1]))
                v = m["view"]
                if v.get("moves") and v["hand"] and v["hand"]["to_act"] == 0 and moved_at != position:
                    moved_at, n = position, n + 1
                    ws.send_json({"type": "move", "id": n, "move": rnd.choice(v["moves"])["move"]})
        else:
            raise AssertionError(f"{game_id}: the hand never ended")
        for _ in range(3000):
            m = recv(spy)
            got[None].append(m)
            if m["type"] == "reveal":
                break
    record = c.get(f"/api/tables/{made['table']}/record").json()
    states = []
    first = {k: v for k, v in record.items() if k != "result"}
    replay({**first, "hands": record["hands"][:1]},
           visit=lambda i, j, state: states.append(state))
    state = states[-1]
    assert state.over, game_id
    every = set(range(set_size(game.max_pip)))
    for seat, messages in got.items():
        secret = every - known_to(state, seat)
        named: set = set()
        for m in messages:
            if m["type"] == "update" and m["view"].get("result"):   # the hand's end shows every hand
                tiles_in(m["events"], game.max_pip, named)
                break
            if m["type"] == "reveal":
                break
            tiles_in(m, game.max_pip, named)
        leaked = sorted(tile_str(t) for t in named & secret)
        assert not leaked, (f"{game_id}: seat {seat} was sent {leaked}",
                            [w for m in messages for t in named & secret for w in where(m, t, game.max_pip, m["type"])][:5])


def test_no_message_to_a_seat_or_a_spectator_names_a_tile_it_may_not_see_in_any_game(server_db_url):
    rnd = random.Random(21)
    with client(server_db_url, pause=3600.0, rate=1000.0, burst=1000) as c:   # (a script plays fast)
        for game_id in GAMES:
            one_hand(c, game_id, rnd)


def where(message, tile, max_pip, path=""):
    """Where in ``message`` a tile is named (the paths, for the failure's message)."""
    found = []
    if isinstance(message, dict):
        for k, v in message.items():
            found += where(v, tile, max_pip, f"{path}.{k}") if not (k == "tile" and v == tile) else [path + ".tile"]
    elif isinstance(message, list):
        for i, v in enumerate(message):
            found += where(v, tile, max_pip, f"{path}[{i}]")
    elif isinstance(message, str):
        s = set()
        tiles_in(message, max_pip, s)
        if tile in s:
            found.append(path + "=" + message)
    return found
