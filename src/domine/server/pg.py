"""The bus of several server processes sharing one PostgreSQL (docs/server.md, "Several processes").

Every process LISTENs on one channel of the shared database and NOTIFYs it after each commit
that wrote a table's events; PostgreSQL hands the notice to every listener, the sender's own
included, in commit order. The payload is "table hand seq" and only a hint: the subscriber
reads the events themselves from the database, so a repeated notice costs one read.

A lost connection loses the notices sent while it was down. The bus reconnects (with a
growing pause) and then calls ``resync`` so the process re-reads every table it serves, and
repeats the last notice it knew of each table to the listener; nothing is missed for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Awaitable, Callable

import psycopg
from psycopg import sql

from domine.server.bus import Listener

log = logging.getLogger("domine.server")

CHANNEL = "domine_tables"
# TCP keepalives: a connection that died without a word (a cable, a failover) is noticed in
# about 20 seconds instead of the system's two hours.
KEEPALIVE = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 2}


def libpq_url(url: str) -> str:
    """``postgresql+psycopg://…`` (SQLAlchemy's spelling) as libpq wants it: ``postgresql://…``."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.split("+")[0] not in ("postgresql", "postgres"):
        raise ValueError(f"not a PostgreSQL URL: {url}")
    return "postgresql://" + rest


def payload(table: str, hand: int, seq: int) -> str:
    if not table or any(c.isspace() for c in table):
        raise ValueError(f"a table id has no spaces: {table!r}")
    return f"{table} {hand} {seq}"


def parse(text: str) -> tuple[str, int, int] | None:
    """The notice's (table, hand, seq), or None for a payload that is not one (ignored)."""
    parts = text.split(" ")
    if len(parts) != 3:
        return None
    try:
        return parts[0], int(parts[1]), int(parts[2])
    except ValueError:
        return None


class PostgresBus:
    """``Bus`` over PostgreSQL's LISTEN/NOTIFY: one listening connection, one for sending."""

    def __init__(self, url: str, channel: str = CHANNEL, *,
                 resync: Callable[[], Awaitable[None]] | None = None,
                 retry: float = 0.2, max_retry: float = 5.0) -> None:
        self.url = libpq_url(url)
        self.channel = channel
        self.resync = resync
        self.retry, self.max_retry = retry, max_retry
        self._listener: Listener | None = None
        self._task: asyncio.Task | None = None
        self._sender: psycopg.AsyncConnection | None = None
        self._send_lock = asyncio.Lock()
        self._last: dict[str, tuple[int, int]] = {}    # table -> last (hand, seq) known
        self._listening = asyncio.Event()
        self.reconnects = 0

    async def start(self, listener: Listener) -> None:
        """Listen from now on; returns once the LISTEN is in place (no notice after it is lost)."""
        self._listener = listener
        self._listening.clear()
        self._task = asyncio.create_task(self._listen(), name="domine-pg-bus")
        waiter = asyncio.create_task(self._listening.wait())
        done, _ = await asyncio.wait({waiter, self._task}, return_when=asyncio.FIRST_COMPLETED)
        if self._task in done:         # the task ended before listening: its error is the answer
            waiter.cancel()
            self._task.result()

    async def publish(self, table: str, hand: int, seq: int) -> None:
        text = payload(table, hand, seq)
        async with self._send_lock:
            for attempt in (1, 2):     # a connection lost since the last notice: one fresh try
                try:
                    if self._sender is None or self._sender.closed:
                        self._sender = await self._connect()
                    await self._sender.execute("SELECT pg_notify(%s, %s)", (self.channel, text))
                    return
                except psycopg.OperationalError:
                    await self._close_sender()
                    if attempt == 2:
                        raise

    async def stop(self) -> None:
        self._listener = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        async with self._send_lock:
            await self._close_sender()

    async def _connect(self) -> psycopg.AsyncConnection:
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, **KEEPALIVE)

    async def _close_sender(self) -> None:
        if self._sender is not None:
            with contextlib.suppress(Exception):
                await self._sender.close()
            self._sender = None

    async def _listen(self) -> None:
        pause, first = self.retry, True
        while True:
            try:
                connection = await self._connect()
            except psycopg.OperationalError as error:
                if first:
                    raise                       # a wrong URL at start-up is the caller's to see
                log.warning("bus: cannot reach PostgreSQL (%s); again in %.1f s", error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, self.max_retry)
                continue
            try:
                async with connection:
                    await connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.channel)))
                    self._listening.set()
                    if not first:
                        self.reconnects += 1
                        log.warning("bus: listening again after a lost connection")
                        await self._catch_up()
                    first, pause = False, self.retry
                    async for notice in connection.notifies():
                        await self._deliver(notice.payload)
            except psycopg.OperationalError as error:
                log.warning("bus: connection lost (%s); reconnecting", error)
                first = False
                await asyncio.sleep(pause)
                pause = min(pause * 2, self.max_retry)

    async def _deliver(self, text: str) -> None:
        notice = parse(text)
        if notice is None:
            log.warning("bus: ignored a notice that is not 'table hand seq': %r", text[:80])
            return
        table, hand, seq = notice
        if self._last.get(table, (-1, -1)) < (hand, seq):
            self._last[table] = (hand, seq)
        if self._listener is not None:
            try:
                await self._listener(table, hand, seq)
            except Exception:           # one table's trouble never stops the others' notices
                log.exception("bus: the listener failed on %s", text)

    async def _catch_up(self) -> None:
        """After a gap: the process re-reads its tables, the listener hears each table again."""
        if self.resync is not None:
            try:
                await self.resync()
            except Exception:
                log.exception("bus: resync failed")
        for table, (hand, seq) in list(self._last.items()):
            await self._deliver(payload(table, hand, seq))
