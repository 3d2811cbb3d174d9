"""Nothing lost (issue 21, item 5): a server stopped in the middle of a hand and started again
over the same database resumes every table where it was, bots' turns included; a real
``domine serve`` killed mid-hand and started again; and a hard bot's thinking never holds up
another table (bots think in a process pool)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from server_helpers import client, create, my_turn, recv, server_db_url, token, until  # noqa: F401

SRC = str(Path(__file__).resolve().parent.parent / "src")


def hello(ws, link, since=None):
    ws.send_json({"type": "hello", "token": token(link), "since": since, "lang": "en"})
    return until(ws, "welcome")


def test_a_restarted_server_resumes_the_table_where_it_was(server_db_url):
    with client(server_db_url) as c:
        made = create(c, "draw", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"},
                                        {"kind": "bot", "level": "medium"}])
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            turn = my_turn(ws, 0)
            ws.send_json({"type": "move", "id": 1, "move": turn["view"]["moves"][0]["move"]})
            ack = until(ws, "ack")
            turn = my_turn(ws, 0)
        before = c.get(f"/api/tables/{made['table']}/record").json()
    with client(server_db_url) as c:   # the same database, a new process's worth of memory
        assert c.get(f"/api/tables/{made['table']}/record").json() == before
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"], since={"hand": ack["hand"], "seq": ack["seq"]})
            again = my_turn(ws, 0)
            assert again["view"]["moves"] == turn["view"]["moves"]
            assert again["view"]["tiles"] == turn["view"]["tiles"]
            ws.send_json({"type": "move", "id": 2, "move": again["view"]["moves"][-1]["move"]})
            assert until(ws, "ack")["id"] == 2


def test_a_bots_turn_left_at_a_restart_is_played_after_it(server_db_url):
    with client(server_db_url, bot_delay=30.0) as c:   # the bot waits: the server stops first
        made = create(c, "block", seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
        with c.websocket_connect(f"/ws/{made['table']}") as ws:
            hello(ws, made["seats"][0]["link"])
            view = until(ws, "update")["view"]
            if view["hand"]["to_act"] == 0:
                ws.send_json({"type": "move", "id": 1, "move": view["moves"][0]["move"]})
                until(ws, "ack")
        moves = c.get(f"/api/tables/{made['table']}/record").json()["hands"]
        done = len(moves[-1]["moves"]) if moves else 0
    with client(server_db_url) as c:
        for _ in range(100):
            hands = c.get(f"/api/tables/{made['table']}/record").json()["hands"]
            if hands and len(hands[-1]["moves"]) > done:
                break
            time.sleep(0.05)
        assert hands[-1]["moves"][done].startswith("1:")   # the bot played on, with nobody connected


def test_a_hard_bot_thinking_does_not_hold_up_another_table(server_db_url):
    with client(server_db_url, bot_workers=1) as c:
        hard = create(c, "partners", seats=[{"kind": "human"}] + [{"kind": "bot", "level": "hard"}] * 3)
        quick = create(c, "block")
        with c.websocket_connect(f"/ws/{hard['table']}") as wh, c.websocket_connect(f"/ws/{quick['table']}") as wq:
            hello(wh, hard["seats"][0]["link"])
            hello(wq, quick["seats"][0]["link"])
            turn = my_turn(wh, 0)   # (the hard bots think first where one of them leads)
            wh.send_json({"type": "move", "id": 1, "move": turn["view"]["moves"][0]["move"]})
            until(wh, "ack")   # now three hard bots think, a second or so each, in one process
            started = time.monotonic()
            slowest = 0.0
            for n in range(4):
                turn = my_turn(wq, 0)
                sent = time.monotonic()
                wq.send_json({"type": "move", "id": 10 + n, "move": turn["view"]["moves"][0]["move"]})
                seen: list = []
                until(wq, "ack", seen=seen)
                slowest = max(slowest, time.monotonic() - sent)
                if any(m["type"] == "update" and m["view"]["result"] for m in seen):
                    break
            assert slowest < 0.5 and time.monotonic() - started < 3.0


# -- a real `domine serve`, killed mid-hand --------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(port: int, url: str, data: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=SRC, XDG_DATA_HOME=str(data), DOMINE_LANG="en")
    proc = subprocess.Popen([sys.executable, "-m", "domine", "serve", "--port", str(port), "--database", url],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert f"http://127.0.0.1:{port}/" in line, line + proc.stderr.read()
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server never listened")


def test_domine_serve_killed_mid_hand_resumes_the_hand(tmp_path):
    import httpx
    from websockets.sync.client import connect

    url = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    port = free_port()
    proc = serve(port, url, tmp_path)
    try:
        base = f"http://127.0.0.1:{port}"
        made = httpx.post(f"{base}/api/tables", json={
            "game": "block", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
        link = made["seats"][0]["link"]

        def read_turn(ws):
            while True:
                m = json.loads(ws.recv(timeout=20))
                if m["type"] == "update" and m["view"]["moves"] and m["view"]["hand"]["to_act"] == 0:
                    return m

        with connect(f"ws://127.0.0.1:{port}/ws/{made['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token(link), "since": None, "lang": "en"}))
            turn = read_turn(ws)
            ws.send(json.dumps({"type": "move", "id": 1, "move": turn["view"]["moves"][0]["move"]}))
            while (ack := json.loads(ws.recv(timeout=20)))["type"] != "ack":
                pass
            turn = read_turn(ws)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        proc = serve(port, url, tmp_path)
        with connect(f"ws://127.0.0.1:{port}/ws/{made['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token(link), "lang": "en",
                                "since": {"hand": ack["hand"], "seq": ack["seq"]}}))
            again = read_turn(ws)
            assert again["hand"] == turn["hand"] and again["view"]["moves"] == turn["view"]["moves"]
            ws.send(json.dumps({"type": "move", "id": 2, "move": again["view"]["moves"][0]["move"]}))
            while (m := json.loads(ws.recv(timeout=20)))["type"] not in ("ack", "refused"):
                pass
            assert m["type"] == "ack" and m["id"] == 2
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
