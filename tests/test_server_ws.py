"""The WebSocket protocol of docs/server.md, played through the ASGI app: whole matches
against bots, a reconnect that receives only what it missed, the spectator, undo, the hint,
the grace period, the record of a table, uploaded records and replays."""

from __future__ import annotations

import json

from server_helpers import client, create, my_turn, recv, server_db_url, token, until  # noqa: F401

from domine.records import replay


def hello(ws, link_or_token, since=None, **kw):
    tok = token(link_or_token) if "#" in str(link_or_token) else link_or_token
    ws.send_json({"type": "hello", "token": tok, "since": since, "lang": "en", **kw})
    return until(ws, "welcome")


def play_to_the_end(ws, seat: int, seen: list, limit: int = 5000) -> dict:
    """Play the first listed move at every turn until the match is over; -> the last view."""
    n, position, moved_at = 0, (0, -1), None
    for _ in range(limit):
        m = recv(ws)
        seen.append(m)
        if m["type"] == "update":
            v = m["view"]
            position = (m["at"]["hand"], m["at"]["seq"], m["at"]["undo"])   # (the position the view shows)
            if v.get("match"):
                return v
            if v.get("moves") and v["hand"] and v["hand"]["to_act"] == seat and moved_at != position:
                n += 1
                moved_at = position   # one move a position: a later update may show the same turn
                ws.send_json({"type": "move", "id": n, "move": v["moves"][0]["move"]})
            elif v.get("result") or (v["hand"] and v["hand"].get("to_act") is None):
                ws.send_json({"type": "ready"})
    raise AssertionError("the match never ended")


def test_a_whole_match_against_a_bot_ends_and_its_record_replays(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block", options={"target": 20})
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            seen: list = []
            last = play_to_the_end(ws, 0, seen)
            assert last["match"]["winners"]
            kinds = {m["type"] for m in seen}
            assert {"hand", "update", "ack", "reveal"} <= kinds
            assert not [m for m in seen if m["type"] == "refused"]
            reveal = next(m for m in seen if m["type"] == "reveal")
            assert len(reveal["seed"]) == 64 and reveal["deal"]["hands"]
        record = c.get(f"/api/tables/{made['table']}/record").json()
        assert replay(record).complete
        assert all(len(h["fair"]["seed"]) == 64 and len(h["fair"]["commitment"]) == 64 for h in record["hands"])
        finished = c.get("/api/tables?finished=1").json()["tables"]
        assert made["table"] in [t["table"] for t in finished]


def test_every_event_is_numbered_once_and_a_reconnect_gets_only_what_it_missed(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "draw", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"},
                                        {"kind": "bot", "level": "random"}])
        link = made["seats"][0]["link"]
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link)
            first = my_turn(ws, 0)
            ws.send_json({"type": "move", "id": 1, "move": first["view"]["moves"][0]["move"]})
            ack = until(ws, "ack")
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link, since={"hand": ack["hand"], "seq": ack["seq"]})
            update = until(ws, "update")
            assert all(e["seq"] > ack["seq"] for e in update["events"])
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link)
            update = until(ws, "update")
            seqs = [e["seq"] for e in update["events"]]
            assert seqs[0] == 0 and seqs == sorted(set(seqs)) and ack["seq"] in seqs


def test_a_spectator_sees_no_hidden_tile_and_cannot_move(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "draw", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            welcome = hello(ws, made["spectator"])
            assert welcome["seat"] is None
            update = until(ws, "update")
            assert update["view"]["tiles"] == []
            ws.send_json({"type": "move", "id": 3, "text": "draw"})
            refused = until(ws, "refused")
            assert refused["reason"] == "spectator" and refused["id"] == 3


def test_undo_against_a_bot_takes_the_move_back(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block")
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            turn = my_turn(ws, 0)
            before = turn["view"]["tiles"]
            ws.send_json({"type": "move", "id": 1, "move": turn["view"]["moves"][0]["move"]})
            ack = until(ws, "ack")
            ws.send_json({"type": "undo", "id": 2})
            seen: list = []
            undone = until(ws, "ack", seen=seen)
            assert undone["id"] == 2 and undone["seq"] < ack["seq"]
            reset = my_turn(ws, 0, seen)
            assert any(m.get("reset") for m in seen if m["type"] == "update")
            assert sorted(t["tile"] for t in reset["view"]["tiles"]) == sorted(t["tile"] for t in before)


def test_undo_is_refused_at_a_rated_table_or_with_two_humans(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block", rated=True)
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            ws.send_json({"type": "undo", "id": 1})
            assert until(ws, "refused")["reason"] == "undo-not-allowed"


def test_the_hint_names_a_legal_move(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block")
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            turn = my_turn(ws, 0)
            ws.send_json({"type": "hint", "id": 5})
            hint = until(ws, "hint")
            assert hint["id"] == 5 and hint["move"] in [m["move"] for m in turn["view"]["moves"]]
            assert hint["text"]


def test_a_move_typed_in_notation_is_played_and_a_running_hand_downloads_without_hidden_tiles(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block")
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            my_turn(ws, 0)
            ws.send_json({"type": "hint", "id": 1})
            text = until(ws, "hint")["text"]
            ws.send_json({"type": "move", "id": 9, "text": text})
            assert until(ws, "ack")["id"] == 9
            record = c.get(f"/api/tables/{made['table']}/record").json()
            running = record["hands"][-1]
            assert running["deal"]["hands"] == [["?"] * 7, ["?"] * 7] and "seed" not in running["fair"]
            ws.send_json({"type": "move", "id": 10, "text": "6-6 nowhere"})
            refused = until(ws, "refused")
            assert refused["id"] == 10 and refused["reason"] and refused["text"]


def test_a_player_who_leaves_is_replaced_by_a_bot_after_the_grace_and_takes_the_seat_back(server_db_url):
    with client(server_db_url, grace=0.2) as c:
        made = create(c, "block", seats=[{"kind": "human"}, {"kind": "human"}])
        a, b = made["seats"][0]["link"], made["seats"][1]["link"]
        with c.websocket_connect(f"/ws/{made['table']}") as wa:
            hello(wa, a)
            with c.websocket_connect(f"/ws/{made['table']}") as wb:
                hello(wb, b)
            earlier: list = []
            left = seat_change(wa, lambda m: not m["connected"], earlier)
            assert left == {"type": "seat", "seat": 1, "connected": False, "bot": False, "name": None}
            replaced = seat_change(wa, lambda m: m["bot"], earlier)
            assert replaced["seat"] == 1
            bot_moved = False   # the bot plays the empty seat's turns now
            position, moved_at = (0, -1), None
            last = [m for m in earlier if m["type"] == "update"][-1:]   # (the turn may be ours already)
            for _ in range(500):
                m = last.pop() if last else recv(wa)
                if m["type"] != "update":
                    continue
                bot_moved = bot_moved or any(e["actor"] == 1 for e in m["events"])
                if bot_moved:
                    break
                position = (m["at"]["hand"], m["at"]["seq"], m["at"]["undo"])
                v = m["view"]
                if v.get("moves") and v["hand"]["to_act"] == 0 and moved_at != position:
                    moved_at = position
                    wa.send_json({"type": "move", "id": 1, "move": v["moves"][0]["move"]})
            assert bot_moved
            with c.websocket_connect(f"/ws/{made['table']}") as wb:
                hello(wb, b)
                back = seat_change(wa, lambda m: not m["bot"])
                assert back["seat"] == 1 and back["connected"] is True


def seat_change(ws, wanted, seen: list | None = None) -> dict:
    for _ in range(200):
        m = until(ws, "seat", seen=seen)
        if wanted(m):
            return m
    raise AssertionError("no such seat message")


def test_an_open_seat_is_taken_by_whoever_opens_its_link_with_the_name_of_the_cookie(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block", seats=[{"kind": "human"}, {"kind": "human"}])
        c.cookies.set("domine_player", json.dumps({"id": "p-ana", "name": "Ana"}))
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            welcome = hello(ws, made["seats"][1]["link"])
            assert welcome["seat"] == 1 and welcome["table"]["seats"][1]["name"] == "Ana"


def test_a_public_table_is_listed_and_its_open_seat_can_be_joined(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "block", seats=[{"kind": "human"}, {"kind": "human"}], public=True, name="Friday")
        listed = c.get("/api/tables").json()["tables"]
        assert [t["name"] for t in listed if t["table"] == made["table"]] == ["Friday"]
        joined = c.post(f"/api/tables/{made['table']}/join").json()
        assert joined["seat"] == 0
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            assert hello(ws, joined["link"])["seat"] == 0


def test_an_uploaded_record_is_checked_and_replayed_through_the_view(server_db_url, monkeypatch):
    from domine.server import view
    calls = []
    monkeypatch.setattr(view, "replay_views", lambda record, seat, lang: calls.append((record["game"], seat)) or
                        [{"step": 0}], raising=False)
    with client(server_db_url) as c:
        made = create(c, "block", options={"target": 20})
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            play_to_the_end(ws, 0, [])
        record = c.get(f"/api/tables/{made['table']}/record").json()
        up = c.post("/api/records", content=json.dumps(record))
        assert up.status_code == 200, up.text
        views = c.get(f"/api/replays/{up.json()['replay']}?seat=1").json()
        assert views == {"views": [{"step": 0}]} and calls == [("block", 1)]
        assert c.get(f"/api/replays/{made['table']}").status_code == 200   # a finished match by its table
        broken = dict(record, hands=[dict(record["hands"][0], moves=["0: 6-6"] * 3)])
        bad = c.post("/api/records", content=json.dumps(broken))
        assert bad.status_code == 400 and "\n" not in bad.json()["text"]
        assert c.post("/api/records", content=b"{" * 10).status_code == 400
        assert c.post("/api/records", content=b" " * (2 * 1024 * 1024 + 1)).status_code == 413


def test_a_table_described_wrong_gets_one_line(server_db_url):
    with client(server_db_url) as c:
        for body in ({"game": "nosuchgame", "seats": [{"kind": "human"}]}, {"game": "block"}, [],
                     {"game": "block", "seats": [{"kind": "bot", "level": "genius"}, {"kind": "human"}]},
                     {"game": "block", "seats": [{"kind": "human"}] * 9}):
            r = c.post("/api/tables", json=body)
            assert r.status_code == 400 and r.json()["text"] and "\n" not in r.json()["text"], body


def test_the_next_hand_starts_once_every_human_is_ready_without_waiting_for_the_pause(server_db_url):
    with client(server_db_url, pause=3600.0) as c:
        made = create(c, "block", options={"target": 200})
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            seen: list = []
            position, moved_at = (0, -1), None
            for _ in range(2000):
                m = recv(ws)
                seen.append(m)
                if m["type"] == "reveal":
                    break
                if m["type"] == "update":
                    position = (m["at"]["hand"], m["at"]["seq"], m["at"]["undo"])
                    v = m["view"]
                    if v.get("moves") and v["hand"]["to_act"] == 0 and moved_at != position:
                        moved_at = position
                        ws.send_json({"type": "move", "id": 1, "move": v["moves"][0]["move"]})
            ws.send_json({"type": "ready"})
            assert until(ws, "hand")["hand"] == 2


def test_a_public_table_may_be_watched_without_a_token_and_a_private_one_may_not(server_db_url):
    with client(server_db_url) as c:
        public, private = create(c, public=True), create(c)
        with c.websocket_connect(f"/ws/{public['table']}") as ws:
            ws.send_json({"type": "hello", "token": None, "lang": "en"})
            assert until(ws, "welcome")["seat"] is None
        with c.websocket_connect(f"/ws/{private['table']}") as ws:
            ws.send_json({"type": "hello", "token": None, "lang": "en"})
            assert until(ws, "refused")["reason"] == "bad-token"


def test_a_seat_held_by_a_connected_player_is_refused_to_another_but_not_to_a_second_tab(server_db_url):
    with client(server_db_url) as c:
        made = create(c, seats=[{"kind": "human"}, {"kind": "human"}])
        link = made["seats"][0]["link"]
        c.cookies.set("domine_player", "p-ana")
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link)
            with c.websocket_connect(f"/ws/{made['table']}") as again:   # the same player, another tab
                assert hello(again, link)["seat"] == 0
            c.cookies.set("domine_player", "p-bob")
            with c.websocket_connect(f"/ws/{made['table']}") as other:
                other.send_json({"type": "hello", "token": token(link), "lang": "en"})
                assert until(other, "refused")["reason"] == "seat-taken"


def test_the_tile_counter_is_sent_only_to_a_page_that_shows_it(server_db_url):
    """The counter is most of a view's cost: a page gets it while its panel is open (``hello``'s
    ``counter``, then ``{"type": "counter", "open": ...}``), null otherwise."""
    with client(server_db_url) as c:
        made = create(c)
        link = made["seats"][0]["link"]
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link)
            assert until(ws, "update")["view"]["counter"] is None
            ws.send_json({"type": "counter", "open": True})
            view = until(ws, "update")["view"]
            assert view["counter"] is not None and view["counter"]["count"] > 0
            assert view["hand"]["to_act"] == 0   # (the bot's replies come in the same change)
            ws.send_json({"type": "counter", "open": False})
            ws.send_json({"type": "move", "id": 1, "move": view["moves"][0]["move"]})
            until(ws, "ack")
            assert until(ws, "update")["view"]["counter"] is None
            ws.send_json({"type": "counter", "open": "yes"})
            assert until(ws, "refused")["reason"] == "malformed"
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, link, counter=True)
            assert until(ws, "update")["view"]["counter"] is not None
