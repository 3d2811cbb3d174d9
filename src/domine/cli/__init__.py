"""The ``domine`` command: list games, read rules, play, simulate, replay, draw and review matches.

Every failure a user can cause (an unknown game, a bad option, a missing or
broken file) is reported in one red line, never with a traceback: exit code 2
for usage errors, 1 for a record that does not replay (``replay``; ``render``,
which only draws, says 2 for any record it cannot draw), 130 for Ctrl-C.

The Typer app is ``commands.app``; each command has its module (``info``: list and rules;
``play``, with the match loop in ``terminal_match``; ``simulate``, ``arena``, ``replay``,
``render``, ``review``), what they share is in ``common`` and ``options``. Importing this package loads
none of them, and a command loads the engine, the bots or Rich only when it runs
(tests/test_cli_startup.py checks it).
"""

from __future__ import annotations

import os
import sys
from typing import Callable, Optional

__all__ = ["app", "main"]


def _lang_option(args: list[str]) -> tuple[Optional[str], list[str]]:
    """``--lang X`` or ``--lang=X`` at the head of the command line, and the rest of it."""
    if len(args) >= 2 and args[0] == "--lang":
        return args[1], args[2:]
    if args and args[0].startswith("--lang="):
        return args[0].partition("=")[2], args[1:]
    return None, args


def _root_lang(args: list[str]) -> Optional[str]:
    """The ``--lang`` among the root options, before the command (``domine -h --lang pl``)."""
    for i, arg in enumerate(args):
        if not arg.startswith("-"):
            break
        if arg == "--lang":
            return args[i + 1] if i + 1 < len(args) else None
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def _quick(args: list[str]) -> Optional[Callable[[], None]]:
    """The work of a command line that needs no parsing, of those asked for most: ``list``,
    ``list --json``, ``rules GAME``, each also after ``--lang X``. Typer would cost more than the
    work: importing it is about 0.08 s of CPU, and its parameter handling imports pydantic, 0.1 s
    more. The language is chosen already (``main``)."""
    _lang, args = _lang_option(args)   # chosen already (main)
    if args == ["list"] or args == ["list", "--json"]:
        from .info import show_games
        return lambda: show_games(as_json=len(args) == 2)
    if len(args) == 2 and args[0] == "rules" and not args[1].startswith("-"):
        from .info import show_rules
        return lambda: show_rules(args[1])
    return None


def main(prog_name: Optional[str] = None) -> None:
    """The ``domine`` script and ``python -m domine``: a command line ``_quick`` knows runs as
    the app would run it, with the same output and exit code; any other goes to the app. The
    language is chosen first (``--lang``, ``DOMINE_LANG``, the locale: as the app's callback
    chooses it), since the app's help texts are read when it is imported."""
    from .language import speak

    speak(_root_lang(sys.argv[1:]))
    work = _quick(sys.argv[1:])
    if work is None:
        from .commands import app
        app(prog_name=prog_name)
        return
    try:
        work()
    except KeyboardInterrupt:
        raise SystemExit(130) from None   # as Typer ends on Ctrl-C
    except BrokenPipeError:   # as Typer ends when the reader has gone: quietly, exit code 1
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


def __getattr__(name: str) -> object:
    # ``from domine.cli import app`` (tests, scripts installed before ``main``) and
    # ``TerminalMatch``, imported on first use so that ``domine list`` needs neither
    if name == "app":
        from .commands import app
        return app
    if name == "TerminalMatch":
        from .terminal_match import TerminalMatch
        return TerminalMatch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
