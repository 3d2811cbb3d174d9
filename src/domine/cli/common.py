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

from .. import i18n
from ..i18n import _, pgettext

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


def say_error(message: str) -> None:
    """One red line on stderr: ``error: ...`` in the active language."""
    from rich.text import Text
    err_console().print(Text(_("error: {message}").format(message=message), style="bold red"))


def fail(message: str, code: int = 2) -> NoReturn:
    say_error(message)
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
    """Turn the engine's errors into one red line and exit code 2, in the active language
    where the error carries a reason code (``i18n.explain``)."""
    try:
        yield
    except UserError as e:
        fail(str(e))
    except OSError as e:
        fail(os_message(e))
    except Exception as e:
        if isinstance(e, _domine_errors()):
            fail(i18n.explain(e))
        raise


def parse_options(items: Optional[list[str]]) -> dict[str, str]:
    """``key=value`` strings into a dict; a bare ``key`` means ``key=yes``. Types are the game's to check."""
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not key:
            raise UserError(_("--option takes key=value, not {item!r}").format(item=item))
        out[key] = value.strip() if sep else ""
    return out


def option_text(value: object) -> str:
    """An option's value as a user types it: yes/no for flags (notation, in every language)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options_line(options: dict) -> str:
    return ", ".join(f"{k}={option_text(v)}" for k, v in options.items())


def check_output(path: Path) -> None:
    """Refuse a file that cannot be written, before any work: a folder, or in a missing folder."""
    if path.is_dir():
        raise UserError(_("cannot write {path}: it is a directory").format(path=path))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(_("cannot write {path}: the folder {folder} does not exist").format(path=path, folder=parent))


def pct(x: float) -> str:
    """A share as a percentage with one decimal, as the active language writes it (12.5%, 12,5%)."""
    return _("{number}%").format(number=i18n.number(100 * x, digits=1))


def fixed(x: float, digits: int = 2, sign: bool = False) -> str:
    """A number with ``digits`` decimals (and its sign, ``+1.50``), as the active language writes
    it; English: the same as Python's ``f"{x:+.2f}"``."""
    return i18n.number(x, digits=digits, sign=sign)


def hand_end(reason: str) -> str:
    """How a hand ended (a result's reason: ``blocked``, ``domino`` ...) in a word or two of the
    active language; a reason not listed stays as the engine says it."""
    words = {
        "domino": pgettext("hand end, short", "domino"), "blocked": pgettext("hand end, short", "blocked"),
        "dead": pgettext("hand end, short", "dead"), "target": pgettext("hand end, short", "target"),
        "pass": pgettext("hand end, short", "pass"), "played out": pgettext("hand end, short", "played out"),
        "closed": pgettext("hand end, short", "closed"),
        "stalemate": pgettext("hand end, short", "stalemate"),
    }
    return words.get(reason, reason)


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
        err.print(_("Interrupted."), style="yellow")
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
            raise UserError(_("--record-dir {folder} is a file, not a folder").format(folder=record_dir))
        parent = record_dir.parent if str(record_dir.parent) else Path(".")
        if not parent.is_dir():
            raise UserError(_("--record-dir {folder}: the folder {parent} does not exist").format(
                folder=record_dir, parent=parent))
        record_dir.mkdir(exist_ok=True)
        if not os.access(record_dir, os.W_OK | os.X_OK):
            raise UserError(_("--record-dir {folder} is not writable").format(folder=record_dir))
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

