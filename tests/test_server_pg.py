"""The server over a real PostgreSQL (issue 21, item 10): the bus of several processes
(server/pg.py) and two `domine serve` processes sharing one database."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the server's tests need the web extra: pip install 'domine[web]'")

import httpx  # noqa: E402
import psycopg  # noqa: E402
from pg_server import free_port  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from domine.server.pg import PostgresBus, libpq_url, parse, payload  # noqa: E402


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 30))


class Heard:
    """A listener that keeps every notice and lets a test wait for one."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, int, int]] = []
        self.changed = asyncio.Event()

    async def __call__(self, table: str, hand: int, seq: int) -> None:
        self.notices.append((table, hand, seq))
        self.changed.set()

    async def until(self, notice, timeout: float = 10.0) -> None:
        async def wait():
            while notice not in self.notices:
                self.changed.clear()
                await self.changed.wait()
        await asyncio.wait_for(wait(), timeout)


def test_urls_and_payloads():
    assert libpq_url("postgresql+psycopg://u@h:5/db") == "postgresql://u@h:5/db"
    assert libpq_url("postgresql://u@h/db") == "postgresql://u@h/db"
    with pytest.raises(ValueError):
        libpq_url("sqlite:///x.db")
    assert parse(payload("abc", 2, 17)) == ("abc", 2, 17)
    assert parse("abc 2") is None and parse("abc x 1") is None
    with pytest.raises(ValueError):
        payload("a b", 1, 1)


def test_a_notice_reaches_every_process_the_sender_included(pg_url):
    async def scenario():
        heard_a, heard_b = Heard(), Heard()
        a, b = PostgresBus(pg_url, "t_every"), PostgresBus(pg_url, "t_every")
        await a.start(heard_a)
        await b.start(heard_b)
        try:
            await a.publish("T1", 0, 5)
            await b.publish("T2", 1, 3)
            for heard in (heard_a, heard_b):
                await heard.until(("T1", 0, 5))
                await heard.until(("T2", 1, 3))
            assert heard_a.notices == heard_b.notices     # one order for every process
        finally:
            await a.stop()
            await b.stop()

    run(scenario())


def test_channels_are_apart_and_bad_payloads_are_ignored(pg_url):
    async def scenario():
        heard, other = Heard(), Heard()
        bus, elsewhere = PostgresBus(pg_url, "t_apart"), PostgresBus(pg_url, "t_apart_other")
        await bus.start(heard)
        await elsewhere.start(other)
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(pg_url), autocommit=True) as c:
                await c.execute("SELECT pg_notify('t_apart', 'not a notice')")
            await elsewhere.publish("X", 0, 1)
            await bus.publish("T", 0, 1)
            await heard.until(("T", 0, 1))
            await other.until(("X", 0, 1))
            assert heard.notices == [("T", 0, 1)] and other.notices == [("X", 0, 1)]
        finally:
            await bus.stop()
            await elsewhere.stop()

    run(scenario())


def test_a_lost_connection_is_reopened_and_what_it_missed_is_told(pg_server):
    from domine.server.store import Store

    url = pg_server.database("lost")
    store = Store(url)
    store.upgrade()
    store.create_table({"id": "T", "game": "block", "players": 2, "options": "{}", "variant": None, "public": False,
                        "rated": False, "name": "", "status": "playing", "match_seed": 1, "grace": 60.0,
                        "pause": 0.0, "spectator_hash": "x"},
                       [{"seat": 0, "kind": "human", "level": None, "token_hash": "h", "player_id": None,
                         "player_name": None, "connected": False, "replaced_since": None}])

    async def scenario():
        heard = Heard()
        bus = PostgresBus(url, "t_lost", retry=0.05)
        await bus.start(heard)
        try:
            await bus.publish("T", 1, 1)
            await heard.until(("T", 1, 1))
            # A failover, a restarted database, a dropped cable: every connection of the bus
            # dies, and another process writes three events whose notice nobody hears.
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as c:
                await c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
                await c.execute("INSERT INTO events (table_id, hand, seq, actor, event) "
                                "VALUES ('T', 1, 0, 0, 1), ('T', 1, 1, 1, 1), ('T', 1, 2, 0, 1)")
                await c.execute("UPDATE tables SET updated = extract(epoch from now()) WHERE id = 'T'")
            await heard.until(("T", 1, 3))                 # told by the catching up
            assert bus.reconnects == 1
            await bus.publish("T", 1, 4)                   # the sender reconnects too
            await heard.until(("T", 1, 4))
        finally:
            await bus.stop()

    try:
        run(scenario())
    finally:
        store.close()


def test_a_wrong_database_is_told_at_start(pg_server):
    async def scenario():
        bus = PostgresBus(pg_server.url("no_such_database"))
        with pytest.raises(psycopg.OperationalError):
            await bus.start(Heard())
        await bus.stop()

    run(scenario())


def test_a_postgresql_database_brings_the_postgresql_bus():
    from domine.server.bus import MemoryBus
    from domine.server.settings import Settings

    assert isinstance(Settings(database="postgresql+psycopg://u@h/db").bus_factory(), PostgresBus)
    assert isinstance(Settings(database="sqlite:///x.sqlite3").bus_factory(), MemoryBus)


# --- two `domine serve` processes sharing one PostgreSQL --------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def serve(url: str) -> tuple[subprocess.Popen, str]:
    """A `domine serve` process on a free loopback port, once it answers."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen([sys.executable, "-m", "domine", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--database", url, "--bot-processes", "1"],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"domine serve stopped: {process.stdout.read()}")
        try:
            if httpx.get(base + "/api/tables", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise AssertionError("domine serve did not answer in 60 s")


@pytest.fixture(scope="module")
def two_servers(pg_server):
    """Processes A and B on one database; A starts first (it makes the schema)."""
    url = pg_server.database("two")
    started = []
    try:
        for _ in range(2):
            started.append(serve(url))
        yield [base for _, base in started]
    finally:
        for process, _ in started:
            process.send_signal(signal.SIGINT)
        for process, _ in started:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        logs = "".join(process.stdout.read() for process, _ in started)
        assert "Traceback" not in logs, logs


class Socket:
    """One WebSocket of a seat: every message kept, the latest view at hand."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.log: list[dict] = []
        self.view: dict = {}
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())
        self.ids = iter(range(1, 1 << 30))

    @classmethod
    async def open(cls, base: str, table: str, link: str) -> "Socket":
        ws = await connect(base.replace("http", "ws", 1) + f"/ws/{table}")
        socket_ = cls(ws)
        await socket_.send({"type": "hello", "token": link.partition("#")[2], "since": None, "lang": "en"})
        await socket_.wait(lambda m: m["type"] == "welcome")
        await socket_.wait(lambda m: m["type"] == "update" and m["view"].get("hand"))
        return socket_

    async def _read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "update":
                self.view = message["view"]
            self.log.append(message)
            self.changed.set()

    async def send(self, message: dict) -> None:
        await self.ws.send(json.dumps(message))

    async def move(self, move: int) -> int:
        ident = next(self.ids)
        await self.send({"type": "move", "id": ident, "move": move})
        return ident

    async def wait(self, test, after: int = 0, timeout: float = 10.0) -> dict:
        async def look():
            k = after
            while True:
                while k < len(self.log):
                    if test(self.log[k]):
                        return self.log[k]
                    k += 1
                self.changed.clear()
                await self.changed.wait()
        return await asyncio.wait_for(look(), timeout)

    async def until_view(self, test, timeout: float = 10.0) -> dict:
        """Wait until the latest view passes ``test``."""
        async def look():
            while not test(self.view):
                self.changed.clear()
                await self.changed.wait()
            return self.view
        return await asyncio.wait_for(look(), timeout)

    async def answer(self, ident: int, after: int = 0) -> dict:
        return await self.wait(lambda m: m["type"] in ("ack", "refused") and m.get("id") == ident, after)

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


def to_act(view: dict) -> int | None:
    hand = view.get("hand") or {}
    return None if view.get("result") else hand.get("to_act")


async def two_humans(a: str) -> dict:
    async with httpx.AsyncClient(base_url=a) as http:
        made = await http.post("/api/tables", json={"game": "block", "players": 2,
                                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert made.status_code == 200, made.text
        return made.json()


def test_a_move_through_one_process_reaches_the_other_at_once(two_servers):
    a, b = two_servers

    async def scenario():
        made = await two_humans(a)
        table, links = made["table"], [s["link"] for s in made["seats"]]
        seats = [await Socket.open(a, table, links[0]), await Socket.open(b, table, links[1])]
        delays = []
        try:
            for _ in range(10):
                actor = to_act(seats[0].view)
                if actor is None:
                    break
                mover, other = seats[actor], seats[1 - actor]
                await mover.until_view(lambda v: to_act(v) == actor and v["moves"])
                mark = len(other.log)
                began = time.monotonic()
                ident = await mover.move(mover.view["moves"][0]["move"])
                ack = await mover.answer(ident)
                assert ack["type"] == "ack", ack
                await other.wait(lambda m: m["type"] == "update" and m["hand"] == ack["hand"]
                                 and any(e["actor"] == actor for e in m["events"]), after=mark, timeout=5)
                delays.append(time.monotonic() - began)
                for s in seats:
                    await s.until_view(lambda v: to_act(v) != actor)
            assert len(delays) >= 4
            assert max(delays) < 1.0, delays                   # at once, even on a busy machine
            assert seats[0].view["hand"]["hand_sizes"] == seats[1].view["hand"]["hand_sizes"]
        finally:
            for s in seats:
                await s.close()

    run(scenario())


def test_two_moves_for_one_turn_through_two_processes_never_both_apply(two_servers):
    a, b = two_servers

    async def scenario():
        made = await two_humans(a)
        table, links = made["table"], [s["link"] for s in made["seats"]]
        # Seat 0 on both processes at once (two pages of one player); seat 1 on B.
        here, there = await Socket.open(a, table, links[0]), await Socket.open(b, table, links[0])
        other = await Socket.open(b, table, links[1])
        races = 0
        try:
            while races < 4 and to_act(other.view) is not None:
                if to_act(other.view) == 1:
                    await other.until_view(lambda v: v["moves"] and to_act(v) == 1)
                    ident = await other.move(other.view["moves"][0]["move"])
                    assert (await other.answer(ident))["type"] == "ack"
                    for s in (here, there, other):
                        await s.until_view(lambda v: to_act(v) != 1)
                    continue
                for s in (here, there):
                    await s.until_view(lambda v: to_act(v) == 0 and v["moves"])
                moves = [m["move"] for m in here.view["moves"]]
                sizes = sum(here.view["hand"]["hand_sizes"])
                marks = len(here.log), len(there.log)
                ids = await asyncio.gather(here.move(moves[0]), there.move(moves[-1]))
                answers = [await here.answer(ids[0], marks[0]), await there.answer(ids[1], marks[1])]
                assert sorted(m["type"] for m in answers) == ["ack", "refused"], answers
                assert next(m for m in answers if m["type"] == "refused")["reason"] == "not-your-turn"
                races += 1
                # One move of seat 0 (a tile laid, or a pass), then seat 1's turn, on every page.
                views = [await s.until_view(lambda v: to_act(v) != 0) for s in (here, there, other)]
                assert len({(to_act(v), tuple(v["hand"]["hand_sizes"])) for v in views}) == 1, views
                assert sum(views[0]["hand"]["hand_sizes"]) in (sizes, sizes - 1)
            assert races >= 2
        finally:
            for s in (here, there, other):
                await s.close()

    run(scenario())
