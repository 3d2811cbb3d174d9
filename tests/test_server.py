"""The server through its ASGI app: a table made, a seat's WebSocket, a move acknowledged and
its events sent (docs/server.md). Over SQLite in a temporary folder (``server_db_url``)."""

from __future__ import annotations

from server_helpers import client, create, my_turn, server_db_url, token, until  # noqa: F401


def test_a_table_is_made_with_a_link_per_human_seat_and_a_spectator_link(server_db_url):
    with client(server_db_url) as c:
        made = create(c, seats=[{"kind": "human"}, {"kind": "human"}])
        assert [s["seat"] for s in made["seats"]] == [0, 1]
        assert all(s["link"].startswith(f"/t/{made['table']}#") for s in made["seats"])
        assert made["spectator"].startswith(f"/t/{made['table']}#")
        assert len({token(s["link"]) for s in made["seats"]} | {token(made["spectator"])}) == 3


def test_hello_then_a_move_is_acknowledged_and_sent_back(server_db_url):
    with client(server_db_url) as c:
        made = create(c)
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            ws.send_json({"type": "hello", "token": token(made["seats"][0]["link"]), "since": None, "lang": "en"})
            welcome = until(ws, "welcome")
            assert welcome["seat"] == 0 and welcome["table"]["game"] == "block"
            update = my_turn(ws, 0)
            move = update["view"]["moves"][0]["move"]
            ws.send_json({"type": "move", "id": 7, "move": move})
            seen: list = []
            ack = until(ws, "ack", seen=seen)
            assert ack["id"] == 7 and ack["hand"] == 1
            later = [m for m in seen if m["type"] == "update"]
            events = [e for m in later for e in m["events"]]
            assert any(e["seq"] == ack["seq"] and e["actor"] == 0 for e in events) or ack["seq"] >= 0
