"""The server over a real PostgreSQL (issue 21, item 10): the bus of several processes
(server/pg.py) and two `domine serve` processes sharing one database."""

from __future__ import annotations

import asyncio

import psycopg
import pytest

from domine.server.pg import PostgresBus, libpq_url, parse, payload


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


def test_a_lost_connection_is_reopened_and_the_process_resyncs(pg_url):
    async def scenario():
        heard, resyncs = Heard(), []

        async def resync():
            resyncs.append(True)

        bus = PostgresBus(pg_url, "t_lost", resync=resync, retry=0.05)
        await bus.start(heard)
        try:
            await bus.publish("T", 0, 1)
            await heard.until(("T", 0, 1))
            # A failover, a restarted database, a dropped cable: every connection of the bus dies.
            async with await psycopg.AsyncConnection.connect(libpq_url(pg_url), autocommit=True) as c:
                await c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            for _ in range(200):
                if bus.reconnects:
                    break
                await asyncio.sleep(0.05)
            assert bus.reconnects == 1 and resyncs == [True]
            assert heard.notices.count(("T", 0, 1)) == 2  # heard again after the gap
            await bus.publish("T", 0, 2)                   # the sender reconnects too
            await heard.until(("T", 0, 2))
        finally:
            await bus.stop()

    run(scenario())


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
