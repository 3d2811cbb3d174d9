"""The server's database: tables, seats, hands, events and uploaded records (SQLAlchemy 2 Core).

Every function here is synchronous and is called from the server's database thread(s)
(``tables.Tables`` runs them off the event loop). The schema is made by the Alembic
migrations in ``migrations/`` (``Store.upgrade``, at start-up); ``METADATA`` is its
description for queries and must agree with the latest migration (a test compares them).

Portable SQL only (SQLite and PostgreSQL): JSON is kept as text, times as seconds since
the epoch. A change to a table locks its row first (``lock``: ``UPDATE ... RETURNING``, which
also counts the change); its few statements go straight to the driver (``_run``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url

METADATA = MetaData()

TABLES = Table(
    "tables", METADATA,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),          # JSON
    Column("variant", Text),                          # a variant file's text, or null
    Column("public", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("name", String(200), nullable=False),
    Column("status", String(16), nullable=False),      # playing, finished
    Column("match_seed", BigInteger, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("grace", Float, nullable=False),
    Column("pause", Float, nullable=False),
    Column("spectator_hash", String(64), nullable=False),
    Column("version", Integer, nullable=False),        # one more at every change (catching up)
    Column("result", Text),                            # JSON: the match's result once over
)
Index("tables_status_updated", TABLES.c.status, TABLES.c.updated)

SEATS = Table(
    "seats", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),         # human, bot
    Column("level", String(64)),                       # a bot's name (domine.bots.make_bot)
    Column("token_hash", String(64), nullable=False),  # SHA-256 hex of the seat's token
    Column("player_id", String(64)),
    Column("player_name", String(64)),
    Column("connected", Boolean, nullable=False),
    Column("replaced_since", Float),                   # played by a bot since (the grace ran out)
)

HANDS = Table(
    "hands", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("context", Text, nullable=False),           # JSON (records.context_json, in full)
    Column("deal", Text, nullable=False),              # JSON: hands, stock, aside as tile ids
    Column("seed", String(64), nullable=False),        # the fair seed (hex): secret until the hand is over
    Column("commitment", String(64), nullable=False),
    Column("shuffled", Text, nullable=False),          # JSON: tile ids in the order of their keys
    Column("over", Boolean, nullable=False),
)

EVENTS = Table(
    "events", METADATA,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("actor", Integer, nullable=False),
    Column("event", BigInteger, nullable=False),
)

RECORDS = Table(
    "records", METADATA,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("game", String(64), nullable=False),
    Column("record", Text, nullable=False),            # JSON
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


_POSITIONAL: dict[str, str] = {}   # a statement with ``?`` marks -> with ``%s`` (psycopg's)


def _run(c: Connection, sql: str, params, many: bool = False, fetch: bool = False):
    """One statement of the change path straight on the driver's cursor, inside ``c``'s
    transaction: a move's few statements skip SQLAlchemy's compiling and result machinery
    (about 1.3 ms a transaction); both drivers keep the statement prepared (sqlite3's
    statement cache, psycopg's automatic prepare). Written with ``?`` marks."""
    if c.dialect.name != "sqlite":
        sql = _POSITIONAL.get(sql) or _POSITIONAL.setdefault(sql, sql.replace("?", "%s"))
    cursor = c.connection.dbapi_connection.cursor()
    try:
        if many:
            cursor.executemany(sql, params)
        else:
            cursor.execute(sql, params)
        return cursor.fetchone() if fetch else None
    finally:
        cursor.close()


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Store:
    """One database: ``url`` as SQLAlchemy reads it (``sqlite:///path``, ``postgresql+psycopg://...``)."""

    def __init__(self, url: str):
        self.url = url
        parsed = make_url(url)
        self.sqlite = parsed.get_backend_name() == "sqlite"
        if self.sqlite and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        kwargs: dict[str, Any] = {}
        if self.sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs.update(pool_size=8, max_overflow=8, pool_pre_ping=True)
        self.engine = create_engine(url, **kwargs)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def upgrade(self) -> None:
        """Bring the schema to the newest migration (Alembic, configured here: no alembic.ini)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        with self.engine.begin() as connection:
            yield connection

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, row: dict, seats: list[dict]) -> None:
        now = time.time()
        with self.begin() as c:
            c.execute(insert(TABLES).values(created=now, updated=now, version=0, result=None, **row))
            c.execute(insert(SEATS), [dict(s, table_id=row["id"]) for s in seats])

    @staticmethod
    def lock(c: Connection, table_id: str) -> tuple[int, str] | None:
        """Lock the table's row until the transaction ends and count the change in one statement
        (``UPDATE ... RETURNING``: on PostgreSQL the row lock, on SQLite the write lock at once):
        -> (the version before this change, status); None: no such table."""
        row = _run(c, "UPDATE tables SET version = version + 1, updated = ? WHERE id = ? RETURNING version, status",
                   (time.time(), table_id), fetch=True)
        return None if row is None else (row[0] - 1, row[1])

    @staticmethod
    def set_status(c: Connection, table_id: str, status: str, result: str | None) -> None:
        _run(c, "UPDATE tables SET status = ?, result = ? WHERE id = ?", (status, result, table_id))

    @staticmethod
    def set_seat(c: Connection, table_id: str, seat: int, **fields) -> None:
        c.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat).values(**fields))

    @staticmethod
    def add_hand(c: Connection, table_id: str, number: int, context: dict, deal: dict, seed: str, commitment: str,
                 shuffled: list[int]) -> None:
        c.execute(insert(HANDS).values(table_id=table_id, number=number, context=json.dumps(context),
                                       deal=json.dumps(deal), seed=seed, commitment=commitment,
                                       shuffled=json.dumps(shuffled), over=False))

    @staticmethod
    def hand_over(c: Connection, table_id: str, number: int) -> None:
        _run(c, "UPDATE hands SET over = ? WHERE table_id = ? AND number = ?", (True, table_id, number))

    @staticmethod
    def add_events(c: Connection, table_id: str, hand: int, first: int, events: list[tuple[int, int]]) -> None:
        if events:
            _run(c, "INSERT INTO events (table_id, hand, seq, actor, event) VALUES (?, ?, ?, ?, ?)",
                 [(table_id, hand, first + i, a, e) for i, (a, e) in enumerate(events)], many=True)

    @staticmethod
    def drop_events(c: Connection, table_id: str, hand: int, first: int) -> None:
        """Forget the events of ``hand`` from ``first`` on (undo)."""
        c.execute(delete(EVENTS).where(EVENTS.c.table_id == table_id, EVENTS.c.hand == hand, EVENTS.c.seq >= first))

    def load(self, table_id: str, c: Connection | None = None) -> dict | None:
        """Everything of one table: its row, seats, hands (each with its events in order)."""
        if c is None:
            with self.begin() as c2:
                return self.load(table_id, c2)
        row = c.execute(select(TABLES).where(TABLES.c.id == table_id)).mappings().first()
        if row is None:
            return None
        seats = c.execute(select(SEATS).where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat)).mappings().all()
        hands = c.execute(select(HANDS).where(HANDS.c.table_id == table_id).order_by(HANDS.c.number)).mappings().all()
        events = c.execute(select(EVENTS.c.hand, EVENTS.c.actor, EVENTS.c.event).where(EVENTS.c.table_id == table_id)
                           .order_by(EVENTS.c.hand, EVENTS.c.seq)).all()
        by_hand: dict[int, list[tuple[int, int]]] = {}
        for hand, actor, ev in events:
            by_hand.setdefault(hand, []).append((actor, ev))
        return {
            "row": dict(row), "seats": [dict(s) for s in seats],
            "hands": [dict(h, context=json.loads(h["context"]), deal=json.loads(h["deal"]),
                           shuffled=json.loads(h["shuffled"]), events=by_hand.get(h["number"], []))
                      for h in hands],
        }

    def unfinished(self) -> list[str]:
        with self.begin() as c:
            return list(c.execute(select(TABLES.c.id).where(TABLES.c.status != "finished")).scalars())

    def listing(self, finished: bool, limit: int = 200) -> list[dict]:
        """Public tables still playing (or finished matches), newest first, with their seats."""
        with self.begin() as c:
            q = select(TABLES).where(TABLES.c.status == "finished") if finished else \
                select(TABLES).where(TABLES.c.status != "finished", TABLES.c.public.is_(True))
            rows = c.execute(q.order_by(TABLES.c.updated.desc()).limit(limit)).mappings().all()
            ids = [r["id"] for r in rows]
            seats: dict[str, list] = {}
            if ids:
                for s in c.execute(select(SEATS.c.table_id, SEATS.c.seat, SEATS.c.kind, SEATS.c.level,
                                          SEATS.c.player_name, SEATS.c.player_id, SEATS.c.connected)
                                   .where(SEATS.c.table_id.in_(ids)).order_by(SEATS.c.seat)).mappings():
                    seats.setdefault(s["table_id"], []).append(dict(s))
        return [{"row": dict(r), "seats": seats.get(r["id"], [])} for r in rows]

    # -- uploaded records ---------------------------------------------------------------------
    def add_record(self, record_id: str, game: str, record: dict) -> None:
        with self.begin() as c:
            c.execute(insert(RECORDS).values(id=record_id, created=time.time(), game=game, record=json.dumps(record)))

    def record(self, record_id: str) -> dict | None:
        with self.begin() as c:
            text = c.execute(select(RECORDS.c.record).where(RECORDS.c.id == record_id)).scalar()
        return json.loads(text) if text is not None else None
