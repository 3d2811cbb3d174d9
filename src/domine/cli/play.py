"""``domine play``: who sits where, the --record file and --resume, then the terminal match
(terminal_match.py, imported only when a match is played)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .. import i18n
from ..i18n import _
from .common import HUMAN, HUMAN_NAMES, UserError, fail, handled, out_console, parse_options
from .options import GameOptions, PlayersOption, ThinkOption, VariantOption, duration

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.match import Match
    from ..games.base import Game


def _round_the_table(written: list[str], players: int) -> list[str]:
    """A short seat list fills the table: the seats written sit as written, and the seats
    after them repeat the list's bots in their order. A person sits only where written, so
    ``human,medium`` at four is human, medium, medium, medium (never a hot-seat game nobody
    asked for); a list without a bot fills with greedy bots, the default table's."""
    bots = [k for k in written if k != HUMAN] or ["greedy"]
    return written[:players] + [bots[i % len(bots)] for i in range(players - len(written))]


def _seat_kinds(seats: Optional[str], players: Optional[int], cls: type[Game]) -> tuple[list[str], Optional[int]]:
    from ..bots import BOTS, BotError, make_bot

    if seats is None:
        return [], players
    kinds = []
    for raw in seats.split(","):
        name = raw.strip().lower()
        if not name:
            raise UserError(_("an empty seat in --seats {seats!r}").format(seats=seats))
        kinds.append(HUMAN if name in HUMAN_NAMES else name)
    if players is not None and players < len(kinds):
        raise UserError(_("--seats names {count} seats but --players is {players}").format(
            count=len(kinds), players=players))
    if players is None:
        players = max(len(kinds), cls.min_players)
    kinds = _round_the_table(kinds, players)
    for k in kinds:
        if k != HUMAN and k.partition(":")[0] not in BOTS:
            raise BotError(_("unknown seat {seat!r} (seats: human, {bots})").format(seat=k, bots=", ".join(BOTS)))
        if k != HUMAN:
            make_bot(k)   # parameters are checked now, not in the middle of a match
    return kinds, len(kinds)


def _check_record_path(record: Path, label: Optional[str] = None) -> None:
    """Refuse a record path the match could not be written to: a folder, a missing or
    unwritable folder, an unwritable file, and anything that exists and is not a regular file
    (a symbolic link, a device such as /dev/full, a pipe): a record replaces its file whole
    (save_record_atomically), which would put a file where the link or the device was.
    ``label`` names the file in the message (default ``--record``)."""
    label = "--record" if label is None else label
    if record.is_symlink():
        raise UserError(_("{label} {file} is a symbolic link: give the file it points to, or another name").format(
            label=label, file=record))
    if record.is_dir():
        raise UserError(_("{label} {file} is a directory").format(label=label, file=record))
    if record.exists() and not record.is_file():
        raise UserError(_("{label} {file} is not a regular file (a device or a pipe): give a file name").format(
            label=label, file=record))
    parent = record.parent if str(record.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(_("{label} {file}: the folder {folder} does not exist").format(
            label=label, file=record, folder=parent))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(_("{label} {file}: the folder {folder} is not writable").format(
            label=label, file=record, folder=parent))
    if record.exists() and not os.access(record, os.W_OK):
        raise UserError(_("{label} {file}: the file is not writable").format(label=label, file=record))


def _overwrite(record: Path, out: Console) -> bool:
    """Ask before a file is replaced (someone is at the keyboard). The answer is the language's
    yes (``t``/``tak``, ``d``/``da``) or the English one."""
    from rich.markup import escape
    try:
        # TRANSLATORS: y/N: the keys of yes and no ("y yes" lists the yes words); keep the \\ before [
        answer = out.input(_("{file} exists. Overwrite it? \\[y/N] ").format(file=escape(str(record))))
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in yes_answers()


def yes_answers() -> set[str]:
    """What a player may answer yes with: the English words and the active language's (Serbian
    in either script)."""
    from .. import i18n

    # TRANSLATORS: the words that say yes at a [y/N] question, with spaces between (y and yes always do)
    words = _("y yes").split()
    if i18n.current() == "sr-Cyrl":
        words += i18n.gettext("y yes", "sr-Latn").split()
    return {"y", "yes", *(w.lower() for w in words)}


def _record_of(match: Match, kinds: list[str], rated: bool = False) -> dict:
    from ..records import match_record
    rec = match_record(match, kinds)
    if rated:
        rec["rated"] = True   # no undo, hint or tile counter: a reader may trust the moves as the player's own
    return rec


def _autosave(table, kinds: list[str], record: Optional[Path], out: Console, rated: bool):
    """A match with a human seat played without --record is kept anyway, in the data folder
    (cli/autosave.py); its writer becomes the table's."""
    if record is not None or HUMAN not in kinds:
        return None
    from .autosave import Autosave
    kept = Autosave(table.game.id, table.match.seed, lambda m: _record_of(m, kinds, rated), out)
    table.on_change = kept.write
    kept.write(table.match)
    return kept


def _open_record(record: Optional[Path], force: bool, ask: bool, out: Console, same_file: bool = False) -> None:
    """Refuse a --record path the match could not be written to, before the match starts
    (``_check_record_path``); ask before overwriting a file (``ask``: someone is at the
    keyboard), or refuse without --force."""
    if record is None:
        return
    _check_record_path(record)
    if record.exists() and not (force or same_file):
        if not ask:
            raise UserError(_("--record {file} exists: give --force to overwrite it").format(file=record))
        if not _overwrite(record, out):
            raise UserError(_("--record {file} exists and was kept: give another file or --force").format(file=record))


def _why(error: OSError) -> str:
    """Why a file could not be written, in the system's words (the path is said beside it)."""
    return error.strerror or str(error)


class RecordWriter:
    """The --record file, written after every move and hand (``TerminalMatch.on_change``) and at
    the end. A write that fails in the middle of a match (the folder removed or made read-only,
    a full disk) never ends the match: it is said once, the match goes on and stays in memory,
    a person at the table is asked for another file, and every later change tries again. At the
    end a record that still cannot be written where asked goes to a file in the temporary
    folder, or, failing that, is printed, so that no match is lost."""

    def __init__(self, path: Path, kinds: list[str], rated: bool, out: Console, human: bool):
        self.path, self.kinds, self.rated, self.out, self.human = path, kinds, rated, out, human
        self.failing = False   # the last write failed: the file on disk is behind the match

    def write(self, match: Match) -> None:
        """One write; an OSError is the caller's to handle."""
        from .. import records
        records.save_record_atomically(_record_of(match, self.kinds, self.rated), self.path)

    def _try(self, match: Match) -> Optional[OSError]:
        try:
            self.write(match)
        except OSError as e:
            return e
        return None

    def __call__(self, match: Match) -> None:
        error = self._try(match)
        if error is None:
            if self.failing:
                self.failing = False
                self.out.print(_("Record written to {file} again.").format(file=self.path), style="green", markup=False)
            return
        if self.failing:
            return   # said already; tried again after every move
        self.failing = True
        self.out.print(_("Cannot write the record to {file}: {why}.").format(file=self.path, why=_why(error)),
                       style="bold red", markup=False)
        self.out.print(_("The match goes on and is kept in memory; the record is tried again after every move."),
                       style="yellow", markup=False)
        if self.human:
            self._ask_elsewhere(match, _("Save the record to another file instead (Enter: try the same one later): "))

    def _ask(self, prompt: str) -> Optional[str]:
        from rich.markup import escape
        try:
            text = self.out.input(escape(prompt))
        except (EOFError, KeyboardInterrupt):
            return None
        if not sys.stdin.isatty():
            self.out.print(text, markup=False, highlight=False)   # a piped transcript stays readable
        return text

    def _ask_elsewhere(self, match: Match, prompt: str) -> bool:
        """Ask for another file until one is written or the player answers nothing."""
        while True:
            text = self._ask(prompt)
            if text is None or not text.strip():
                return False
            path = Path(text.strip()).expanduser()
            try:
                _check_record_path(path, _("the record file"))
                if path.exists() and not _overwrite(path, self.out):
                    continue
            except UserError as e:
                self.out.print(str(e), style="red", markup=False)
                continue
            old, self.path = self.path, path
            error = self._try(match)
            if error is None:
                self.failing = False
                self.out.print(_("Record saved to {file}; it is written there from now on.").format(file=path),
                               style="green", markup=False)
                return True
            self.path = old
            self.out.print(_("Cannot write {file} either: {why}.").format(file=path, why=_why(error)), style="red",
                           markup=False)

    def final(self, match: Match) -> bool:
        """The match is over or stopped: write the record once more, wherever it can go. False
        when it could not go where it was asked for (the path given then)."""
        error = self._try(match)
        if error is None:
            self.failing = False
            self.out.print(_("Record saved to {file}").format(file=self.path), markup=False)
            return True
        self.out.print(_("Cannot write the record to {file}: {why}.").format(file=self.path, why=_why(error)),
                       style="bold red", markup=False)
        if self.human and self._ask_elsewhere(match, _("Save the record to another file (Enter: a file chosen "
                                                       "for you): ")):
            return True
        import tempfile
        from .. import records
        spare = None
        try:
            fd, spare = tempfile.mkstemp(prefix=f"domine-{match.game.id}-", suffix=".json")
            os.close(fd)
            records.save_record_atomically(_record_of(match, self.kinds, self.rated), spare)
        except OSError:
            if spare is not None:
                Path(spare).unlink(missing_ok=True)
            import json
            self.out.print(_("Nowhere to write it: here is the record; save it as a .json file to replay or resume "
                             "it."), style="yellow", markup=False)
            print(json.dumps(_record_of(match, self.kinds, self.rated), ensure_ascii=False))
        else:
            self.out.print(_("The record was saved instead to this file; move it where you want it:"),
                           style="yellow", markup=False)
            self.out.print(spare, markup=False, soft_wrap=True)   # whole on its line, to copy
        return False


#: What ``domine play --help`` says of the command (commands.py gives it to Typer), a paragraph a message.
HELP = "\n\n".join([
    _("Play a match in the terminal against bots (or watch bots play)."),
    _("Seats (--seats) are human or a bot: random, greedy, heuristic, search, and the levels easy, medium, hard; "
      "search and hard take settings, e.g. hard:think=2s, search:worlds=400. The seats after a short list repeat "
      "its bots; a person sits only where written. At your turn, ? lists the commands (hint, undo, ...). A match "
      "you play without --record is kept anyway: --continue goes on with the last one."),
])


def play(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help=_("Game id or alias (see 'domine list'); not needed with --resume."))] = None,
    players: PlayersOption = None,
    seats: Annotated[Optional[str], typer.Option(
        "--seats", "-s", metavar="SEATS", help=_("Who sits where, e.g. human,greedy,random; the seats after a short "
                                                 "list repeat its bots (human sits only where written: human,medium "
                                                 "at four is human and three medium bots; default: you, then greedy "
                                                 "bots)."))
    ] = None,
    seed: Annotated[Optional[int], typer.Option(help=_("Seed for the deal and the bots (default: random)."))] = None,
    record: Annotated[Optional[Path], typer.Option(
        metavar="FILE", help=_("Save the match as a JSON record to this file."))] = None,
    option: GameOptions = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help=_("Without a human seat: print only hand and match results."))] = False,
    think: ThinkOption = None,
    force: Annotated[bool, typer.Option("--force", "-f", help=_("Overwrite the --record file if it exists."))] = False,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help=_("Go on with the match saved in this record (and keep saving to it)."))
    ] = None,
    speed: Annotated[Optional[float], typer.Option(
        "--speed", metavar="TIME", parser=lambda v: duration(v, "--speed"),
        help=_("Pause after each bot move (default 0.6s on a terminal; 0: no pauses, no waiting between hands)."))
    ] = None,
    rated: Annotated[bool, typer.Option(
        "--rated", help=_("A rated match: no undo, no hint, no tile counter; the record says so."))] = False,
    go_on: Annotated[bool, typer.Option(
        "--continue", help=_("Go on with the last match you left unfinished (a match you play without "
                             "--record is saved as it goes, in $XDG_DATA_HOME/domine/matches)."))] = False,
    variant: VariantOption = None,
) -> None:
    """``domine play`` (its help is HELP): the seats, the record, then the match at the table."""
    from ..bots import BotError, with_think
    from ..engine.moves import MoveError
    from ..games import game_class, make_game
    from ..records import RecordError, load_record, resume_match
    from .terminal_match import QuitGame, TerminalMatch

    out = out_console()
    with handled():
        resumed = None
        if go_on:
            from .autosave import folder, last_unfinished
            if resume is not None:
                raise UserError(_("give --continue or --resume FILE, not both"))
            resume = last_unfinished()
            if resume is None:
                raise UserError(_("no unfinished match to continue (matches played without --record are "
                                  "kept in {folder})").format(folder=folder()))
        if resume is not None:
            if variant is not None:
                raise UserError("--variant cannot change a resumed match (the record carries its game)")
            if not resume.exists():
                raise UserError(_("--resume {file}: no such file").format(file=resume))
            if resume.is_dir():
                raise UserError(_("--resume {file}: it is a directory").format(file=resume))
            try:
                data = load_record(resume)
                resumed = resume_match(data)
            except RecordError as e:   # a file that holds null, or no match to go on with
                raise UserError(_("--resume {file}: {error}").format(file=resume, error=i18n.explain(e))) from None
            rated = rated or data.get("rated") is True
            cls = type(resumed.game)
            if game is not None and game_class(game) is not cls:
                raise UserError(_("--resume {file} holds a match of {held}, not {game}").format(
                    file=resume, held=cls.id, game=game))
            if option:
                raise UserError(_("--option cannot change a resumed match (its options are in the record)"))
            g = resumed.game
            if seats is None:
                saved = [str(x).strip().lower() for x in data.get("seats") or []]
                seats = ",".join(HUMAN if k in HUMAN_NAMES or k.startswith("seat ") else k for k in saved) or None
            kinds, _players = _seat_kinds(seats, g.players, cls)
            if record is None:
                record = resume
        else:
            if game is None and variant is None:
                raise UserError(_("give a GAME to play (see 'domine list'), or --resume FILE"))
            if variant is not None:   # a variant file: its game, known by its id once read
                from .variant import game_or_variant
                game, _text = game_or_variant(game, variant)
            cls = game_class(game)
            kinds, players = _seat_kinds(seats, players, cls)
            g = make_game(cls.id, players, parse_options(option))
        if not kinds:
            kinds = [HUMAN] + ["greedy"] * (g.players - 1)
        kinds = [k if k == HUMAN else with_think(k, think) for k in kinds]
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        _open_record(record, force, ask=HUMAN in kinds or interactive, out=out,
                     same_file=resume is not None and record == resume)
        pace = speed if speed is not None else (0.6 if interactive else 0.0)
        watching = HUMAN not in kinds
        wait = (HUMAN in kinds or interactive) and not (watching and pace == 0)
        writer = RecordWriter(record, kinds, rated, out, human=not watching) if record is not None else None
        table = TerminalMatch(g, kinds, seed, quiet, out, match=resumed, pace=pace, wait=wait, on_change=writer)
        table.rated = rated
        if think is not None:
            table.hint_bot = with_think("hard", think)
        if writer is not None:
            writer.write(table.match)   # the file exists from the start, and is known to be writable

    def save(kept) -> bool:
        """The record written at the end (and the autosave's last write); False if it is not
        where --record asked. A match played out to its end from an autosave (--continue) is
        set aside, so that --continue passes it by."""
        if kept is not None:
            kept.finish(table.match)
        if writer is None:
            return True
        if not writer.final(table.match):
            return False
        if table.match.over:
            from .autosave import mark_done
            mark_done(writer.path)
        return True

    while True:
        kept = _autosave(table, kinds, record, out, rated)
        try:
            table.play()
        except QuitGame as q:
            out.print()
            msg = {"quit": _("You left the match."), "end of input": _("Input ended: the match is stopped."),
                   "interrupted": _("Interrupted: the match is stopped.")}[q.why]
            out.print(msg, style="yellow", markup=False)
            save(kept)
            raise typer.Exit(q.code)
        except KeyboardInterrupt:
            out.print()
            out.print(_("Interrupted: the match is stopped."), style="yellow", markup=False)
            save(kept)
            raise typer.Exit(130)
        except (MoveError, BotError) as e:   # a bot returning an illegal move: a bug, said plainly
            save(kept)
            fail(_("the match cannot go on: {error}").format(error=e), 1)
        if not save(kept):
            raise typer.Exit(1)   # the match was played, but its record is not where it was asked for
        if not table.again():
            break
        # a rematch: the same game, options and seats, a new deal; kept in the data folder
        table = TerminalMatch(g, kinds, None, quiet, out, pace=pace, wait=wait)
        table.rated = rated
        if think is not None:
            table.hint_bot = with_think("hard", think)
        record, writer = None, None
