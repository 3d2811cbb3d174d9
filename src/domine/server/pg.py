"""The bus of several server processes sharing one PostgreSQL (docs/server.md, "Several processes").

Every process LISTENs on one channel of the shared database and NOTIFYs it after each commit
that wrote a table's events; PostgreSQL hands the notice to every listener, the sender's own
included, in commit order. The payload is "table hand seq" and only a hint: the subscriber
reads the events themselves from the database, so a repeated notice costs one read.

A lost connection loses the notices sent while it was down. The bus reconnects (with a
growing pause), then asks the database which tables changed since a little before the loss
(``tables.updated``) and tells the listener of each, with its newest hand and event count,
as if their notices had come: nothing is missed for longer than the reconnection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import psycopg
from psycopg import sql

from domine.server.bus import Listener

log = logging.getLogger("domine.server")

CHANNEL = "domine_tables"
# Tables changed this long before the connection was lost are announced again after it: the
# clocks of several machines differ a little, and a commit may land while the loss is noticed.
MARGIN = 30.0
# The newest hand of every table changed since a moment, with its count of events (the next
# seq), as ``Tables.change`` publishes it.
CHANGED = """
SELECT t.id, e.hand, e.next FROM tables t
JOIN LATERAL (SELECT hand, max(seq) + 1 AS next FROM events WHERE table_id = t.id
              GROUP BY hand ORDER BY hand DESC LIMIT 1) e ON true
WHERE t.updated >= %s
"""
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

    def __init__(self, url: str, channel: str = CHANNEL, *, retry: float = 0.2, max_retry: float = 5.0,
                 margin: float = MARGIN) -> None:
        self.url = libpq_url(url)
        self.channel = channel
        self.retry, self.max_retry, self.margin = retry, max_retry, margin
        self._listener: Listener | None = None
        self._task: asyncio.Task | None = None
        self._sender: psycopg.AsyncConnection | None = None
        self._send_lock = asyncio.Lock()
        self._listening = asyncio.Event()
        self._heard = 0.0              # when the listening connection last worked
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
                        await self._catch_up(connection)
                    first, pause = False, self.retry
                    self._heard = time.time()
                    async for notice in connection.notifies():
                        self._heard = time.time()
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
        await self._tell(*notice)

    async def _tell(self, table: str, hand: int, seq: int) -> None:
        if self._listener is not None:
            try:
                await self._listener(table, hand, seq)
            except Exception:           # one table's trouble never stops the others' notices
                log.exception("bus: the listener failed on %s %s %s", table, hand, seq)

    async def _catch_up(self, connection: psycopg.AsyncConnection) -> None:
        """After a gap: every table changed since shortly before it, told as if by its notice."""
        try:
            rows = await (await connection.execute(CHANGED, (self._heard - self.margin,))).fetchall()
        except psycopg.errors.UndefinedTable:
            return                      # no schema yet: nothing can have changed
        for table, hand, seq in rows:
            await self._tell(table, hand, seq)
