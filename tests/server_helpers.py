"""Helpers of the server's tests: the database URL (a fixture the PostgreSQL tests may
parametrise), an app over it, and a WebSocket client that reads until a message comes."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the server's tests need the web extra: pip install 'domine[web]'")

from fastapi.testclient import TestClient  # noqa: E402

from domine.server.app import create_app  # noqa: E402
from domine.server.settings import Settings  # noqa: E402


@pytest.fixture(params=["sqlite", "postgresql"])
def server_db_url(request, tmp_path) -> str:
    """Where a test's server keeps its tables: a fresh SQLite file, then a fresh database of the
    session's PostgreSQL (tests/pg_server.py; skipped with one line where it is not installed)."""
    if request.param == "postgresql":
        return request.getfixturevalue("pg_server").database("server")
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


def settings(url: str, **kw) -> Settings:
    kw.setdefault("pause", 0.0)
    kw.setdefault("grace", 60.0)
    kw.setdefault("bot_workers", 1)
    return Settings(database=url, **kw)


def client(url: str, **kw) -> TestClient:
    """A TestClient of a fresh app (use it as a context manager: start-up and shut-down run)."""
    return TestClient(create_app(settings(url, **kw)))


def create(c: TestClient, game: str = "block", seats=None, **kw) -> dict:
    seats = seats or [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    r = c.post("/api/tables", json={"game": game, "seats": seats, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def token(link: str) -> str:
    return link.partition("#")[2]


def recv(ws, timeout: float = 20.0) -> dict:
    """The next message, or a failure after ``timeout`` seconds (a test never hangs)."""
    import json

    import anyio

    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return json.loads(message["text"])


def until(ws, kind: str, limit: int = 500, seen: list | None = None) -> dict:
    """Read messages until one of ``kind`` (the others appended to ``seen``)."""
    for _ in range(limit):
        m = recv(ws)
        if seen is not None:
            seen.append(m)
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message in {limit}")


def my_turn(ws, seat: int, seen: list | None = None, limit: int = 2000) -> dict:
    """Read updates until one whose view says ``seat`` is to act with moves listed."""
    for _ in range(limit):
        m = recv(ws)
        if seen is not None:
            seen.append(m)
        if m["type"] == "update":
            v = m["view"]
            if v.get("moves") and v["hand"] and v["hand"]["to_act"] == seat:
                return m
    raise AssertionError("never my turn")
