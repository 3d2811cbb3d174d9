"""The ``domine`` command: list games, read rules, play, simulate, replay and draw matches.

Every failure a user can cause (an unknown game, a bad option, a missing or
broken file) is reported in one red line, never with a traceback: exit code 2
for usage errors, 1 for a record that does not replay (``replay``; ``render``,
which only draws, says 2 for any record it cannot draw), 130 for Ctrl-C.

The Typer app is ``commands.app``; each command has its module (``info``: list and rules;
``play``, with the match loop in ``terminal_match``; ``simulate``, ``arena``, ``replay``,
``render``), what they share is in ``common`` and ``options``. A command loads the engine,
the bots or Rich only when it runs.
"""

from __future__ import annotations

from .commands import app

__all__ = ["app"]


def __getattr__(name: str) -> object:
    # ``from domine.cli import TerminalMatch``, imported on first use: only ``play`` needs it
    if name == "TerminalMatch":
        from .terminal_match import TerminalMatch
        return TerminalMatch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
