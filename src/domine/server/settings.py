"""The server's settings: where its database is, where it listens, how long it waits.

One ``Settings`` is made by ``domine serve`` (or a test) and handed to ``app.create_app``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .bus import Bus, MemoryBus


def data_folder() -> Path:
    """The user's data folder for domine (the XDG rules, as cli/autosave.py reads them)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "domine"


def default_database() -> str:
    return f"sqlite:///{data_folder() / 'server.sqlite3'}"


def database_url(text: str) -> str:
    """A URL as a user types it, made one SQLAlchemy opens with the driver domine ships with:
    ``postgresql://`` and ``postgres://`` go through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text[len(prefix):]
    return text


@dataclass
class Settings:
    database: str = field(default_factory=default_database)
    host: str = "127.0.0.1"
    port: int = 8000
    grace: float = 60.0            # seconds before a seat left empty is played by a bot
    pause: float = 8.0             # seconds between hands unless every connected human is ready
    bot_workers: int = 2           # processes that think for the bots
    bot_delay: float = 0.0         # a bot's move comes no sooner than this after the last move
    max_message: int = 4096        # bytes of one client message
    rate: float = 20.0             # client messages a second, per connection ...
    burst: int = 40                # ... with this many at once
    abuse: int = 20                # messages refused for the rate before the connection is closed
    hello_timeout: float = 10.0    # seconds to say hello before the connection is closed
    bus_factory: Callable[[], Bus] = MemoryBus
    resume: bool = True            # rebuild unfinished tables at start-up

    def __post_init__(self) -> None:
        # Several processes share a PostgreSQL database: they hear of each other's moves
        # through it (server/pg.py). SQLite serves one process, whose bus is in memory.
        if self.bus_factory is MemoryBus and self.database.startswith(("postgresql", "postgres:")):
            from .pg import PostgresBus
            self.bus_factory = lambda: PostgresBus(self.database)
