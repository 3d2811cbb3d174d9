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


def test_the_migrations_make_the_schema_the_store_queries(server_db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from domine.server.store import METADATA, Store

    store = Store(server_db_url)
    store.upgrade()
    store.upgrade()   # a second start-up finds it done
    with store.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), METADATA)
    store.close()
    assert diff == []


def test_a_postgres_url_is_given_the_driver_domine_ships_with():
    from domine.server.settings import database_url
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


# -- `domine serve`: every failure one line, exit code 2 ---------------------------------------------
def serve(*args):
    from helpers import run
    result = run("serve", *args)
    return result.exit_code, result.output


def test_serve_says_in_one_line_that_the_port_is_taken(tmp_path):
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        code, out = serve("--port", str(s.getsockname()[1]), "--database", f"sqlite:///{tmp_path / 'a.sqlite3'}")
    assert code == 2 and "cannot listen on 127.0.0.1" in out and len(out.strip().splitlines()) == 1


def test_serve_says_in_one_line_that_the_database_cannot_be_opened(tmp_path):
    (tmp_path / "file").write_text("x")
    for url in (f"sqlite:///{tmp_path / 'file' / 'below.sqlite3'}", "nosuchdb://x", "postgresql://nobody@127.0.0.1:1/x"):
        code, out = serve("--port", "1", "--database", url)
        assert code == 2 and "cannot be opened" in out and len(out.strip().splitlines()) == 1, (url, out)


def test_serve_without_the_web_extra_names_it(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "fastapi", None)   # import fastapi: ImportError
    code, out = serve()
    assert code == 2 and "pip install 'domine[web]'" in out


def test_serve_has_help():
    code, out = serve("--help")
    assert code == 0 and "--database" in out and "--grace" in out
