"""Telling every server process that a table has new events (docs/server.md, "Several processes").

The database holds the events; the bus carries only "table T has events up to (hand, seq)",
so a lost or repeated notice costs nothing but a read. One process needs no more than
``MemoryBus``; several share ``PostgresBus`` (``domine.server.pg``).
"""

from __future__ import annotations

from typing import Awaitable, Callable, Protocol

Listener = Callable[[str, int, int], Awaitable[None]]   # (table id, hand number, seq)


class Bus(Protocol):
    async def start(self, listener: Listener) -> None:
        """Begin calling ``listener`` for every notice, this process's own included."""

    async def publish(self, table: str, hand: int, seq: int) -> None:
        """Say that ``table`` has events up to ``seq`` of hand ``hand`` (after the commit)."""

    async def stop(self) -> None:
        ...


class MemoryBus:
    """The bus of a single process: a notice goes straight to the listener."""

    def __init__(self) -> None:
        self._listener: Listener | None = None

    async def start(self, listener: Listener) -> None:
        self._listener = listener

    async def publish(self, table: str, hand: int, seq: int) -> None:
        if self._listener is not None:
            await self._listener(table, hand, seq)

    async def stop(self) -> None:
        self._listener = None
