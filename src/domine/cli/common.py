"""What the commands share: output consoles, errors as one red line, option parsing and checks,
seat words, the progress bar and the record sink of simulate and arena.

Nothing is imported here at the top that a command might not need: not the engine, a game, a
bot, Rich, nor even Typer (``domine list`` runs without it, see ``main`` in __init__.py). So a
command ends with ``SystemExit(code)``, which Typer and its test runner treat as ``typer.Exit``.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, NoReturn, Optional

if TYPE_CHECKING:
    from rich.console import Console


#: A seat that a person plays; the words a seat list (--seats) may say for it.
HUMAN = "human"
HUMAN_NAMES = {"human", "you", "me", "h"}


class UserError(Exception):
    """A usage error found by the command line itself."""


def out_console() -> Console:
    """The console commands print on. Made per call so that output follows sys.stdout (as
    redirected by tests). Long lines wrap between words at the console's width (80 columns
    when piped), never inside one."""
    from rich.console import Console
    return Console(highlight=False, soft_wrap=False)


def err_console() -> Console:
    from rich.console import Console
    return Console(stderr=True, highlight=False, soft_wrap=True)   # an error is one line, paths whole


def fail(message: str, code: int = 2) -> NoReturn:
    from rich.text import Text
    err_console().print(Text(f"error: {message}", style="bold red"))
    raise SystemExit(code)


def os_message(e: OSError) -> str:
    if e.filename is not None and e.strerror:
        return f"{e.filename}: {e.strerror}"
    return str(e)


#: The errors of domine's own modules that a user can cause, by the module that defines each.
_DOMINE_ERRORS = {"domine.games.base": "GameError", "domine.bots": "BotError",
                  "domine.engine.moves": "MoveError", "domine.records": "RecordError"}


def _domine_errors() -> tuple[type[Exception], ...]:
    """Those of them whose module is loaded: an error of a module never imported cannot have
    been raised, so ``handled`` need not import the engine to recognise its errors."""
    return tuple(getattr(sys.modules[module], name) for module, name in _DOMINE_ERRORS.items()
                 if module in sys.modules)


@contextmanager
def handled() -> Iterator[None]:
    """Turn the engine's errors into one red line and exit code 2."""
    try:
        yield
    except UserError as e:
        fail(str(e))
    except OSError as e:
        fail(os_message(e))
    except Exception as e:
        if isinstance(e, _domine_errors()):
            fail(str(e))
        raise


def parse_options(items: Optional[list[str]]) -> dict[str, str]:
    """``key=value`` strings into a dict; a bare ``key`` means ``key=yes``. Types are the game's to check."""
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not key:
            raise UserError(f"--option takes key=value, not {item!r}")
        out[key] = value.strip() if sep else ""
    return out


def option_text(value: object) -> str:
    """An option's value as a user types it: yes/no for flags."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options_line(options: dict) -> str:
    return ", ".join(f"{k}={option_text(v)}" for k, v in options.items())


def check_output(path: Path) -> None:
    """Refuse a file that cannot be written, before any work: a folder, or in a missing folder."""
    if path.is_dir():
        raise UserError(f"cannot write {path}: it is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"cannot write {path}: the folder {parent} does not exist")


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


@contextmanager
def pipe_closed_quietly() -> Iterator[None]:
    """Output piped into a reader that stops early (``domine list | head -2``): exit 0, say nothing."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())   # the interpreter's last flush must not fail either
        raise SystemExit(0) from None
    except SystemExit as e:
        if e.code == 1:   # Rich's own answer to a broken pipe (stdout already sent to devnull)
            raise SystemExit(0) from None
        raise


@contextmanager
def progress_bar(label: str, unit: str, total: int, show: bool) -> Iterator[Callable[[int], None]]:
    """A transient bar on stderr (only on a terminal); yields the function that advances it.
    Ctrl-C ends the command with exit code 130."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = err_console()
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn()]
    columns += [TextColumn(unit)] if unit else []
    progress = Progress(*columns, TimeRemainingColumn(), console=err, disable=not (show and err.is_terminal),
                        transient=True)
    try:
        with progress:
            task = progress.add_task(label, total=total)
            yield lambda n: progress.advance(task, n)
    except KeyboardInterrupt:
        err.print("Interrupted.", style="yellow")
        raise SystemExit(130) from None


@contextmanager
def record_sink(record_dir: Optional[Path], jsonl: Optional[Path]) -> Iterator[Optional[Callable[[dict], None]]]:
    """Where simulate and arena write their records: a folder of files, JSON Lines, or both
    (None: no records). Paths are checked before any work starts."""
    if record_dir is None and jsonl is None:
        yield None
        return
    from ..records import save_record_atomically

    if record_dir is not None:
        if record_dir.exists() and not record_dir.is_dir():
            raise UserError(f"--record-dir {record_dir} is a file, not a folder")
        parent = record_dir.parent if str(record_dir.parent) else Path(".")
        if not parent.is_dir():
            raise UserError(f"--record-dir {record_dir}: the folder {parent} does not exist")
        record_dir.mkdir(exist_ok=True)
        if not os.access(record_dir, os.W_OK | os.X_OK):
            raise UserError(f"--record-dir {record_dir} is not writable")
    lines = None
    if jsonl is not None:
        check_output(jsonl)
        lines = open(jsonl, "w", encoding="utf-8")
    count = 0

    def sink(record: dict) -> None:
        nonlocal count
        count += 1
        if record_dir is not None:
            name = f"{record['game']}-{count:06d}.json"
            save_record_atomically(record, record_dir / name)
        if lines is not None:
            lines.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")

    try:
        yield sink
    finally:
        if lines is not None:
            lines.close()

