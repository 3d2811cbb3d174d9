"""Matches kept without ``--record``: a match played at the table is written as it goes to the
user's data folder (``$XDG_DATA_HOME/domine/matches``, else ``~/.local/share/domine/matches``),
so that ``domine play --continue`` goes on with the last one left unfinished.

A finished match keeps its file, renamed ``….done.json``; only the newest ``KEEP`` files stay.
Saving here never stops a match: the first failure is said in one line and the match goes on.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from ..i18n import _

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.match import Match

KEEP = 20             # autosaved matches kept, newest first
DONE = ".done.json"   # the ending of a finished match's file


def folder() -> Path:
    """Where autosaved matches go (the XDG base directory rules: a relative XDG_DATA_HOME is ignored)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "domine" / "matches"


def _by_age(files) -> list[Path]:
    dated = []
    for p in files:
        try:
            dated.append((p.stat().st_mtime, p.name, p))
        except OSError:
            continue
    return [p for _, _, p in sorted(dated)]


def last_unfinished() -> Optional[Path]:
    """The newest autosaved match not played to its end, if any."""
    try:
        files = [p for p in folder().glob("*.json") if not p.name.endswith(DONE) and p.is_file()]
    except OSError:
        return None
    files = _by_age(files)
    return files[-1] if files else None


def mark_done(path: Path) -> Path:
    """A finished match: its file is kept, but ``--continue`` passes it by. Where it is now."""
    if path.parent.resolve() != folder().resolve() or path.name.endswith(DONE) or path.suffix != ".json":
        return path
    done = path.with_name(path.name[: -len(".json")] + DONE)
    try:
        path.rename(done)
    except OSError:
        return path
    return done


class Autosave:
    """The record of one match kept in the data folder; ``write`` is the table's ``on_change``."""

    def __init__(self, game_id: str, seed: int, to_record: Callable[["Match"], dict], out: "Console"):
        self.to_record, self.out = to_record, out
        self.path: Optional[Path] = None
        self.failed = False
        try:
            where = folder()
            where.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = where / f"{stamp}-{game_id}-{seed}.json"
            n = 1
            while path.exists():
                n += 1
                path = where / f"{stamp}-{game_id}-{seed}-{n}.json"
            self.path = path
            for old in _by_age(where.glob("*.json"))[:-KEEP + 1]:   # room for this one
                old.unlink(missing_ok=True)
        except OSError as e:
            self._give_up(e)

    def _give_up(self, e: OSError) -> None:
        if not self.failed:
            self.failed = True
            self.out.print(_("(the match cannot be autosaved: {why}; it goes on unsaved)").format(why=e.strerror or e),
                           style="yellow", markup=False)

    def write(self, match: "Match") -> None:
        if self.failed or self.path is None:
            return
        from ..records import save_record_atomically
        try:
            save_record_atomically(self.to_record(match), self.path)
        except OSError as e:
            self._give_up(e)

    def finish(self, match: "Match") -> None:
        """After the match, played out or stopped: the last write, then a finished match's file
        is set aside, a stopped one's named."""
        self.write(match)
        if self.failed or self.path is None:
            return
        if match.over:
            mark_done(self.path)
        else:
            self.out.print(_("Kept in {path}").format(path=self.path), markup=False)
            self.out.print(_("'domine play --continue' goes on with it."), markup=False)
