"""``domine play``: who sits where, the --record file and --resume, then the terminal match
(terminal_match.py, imported only when a match is played)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Callable, Optional

import typer

from .common import HUMAN, HUMAN_NAMES, UserError, fail, handled, os_message, out_console, parse_options
from .options import GameOptions, PlayersOption, ThinkOption, duration

if TYPE_CHECKING:
    from rich.console import Console

    from ..engine.match import Match
    from ..games.base import Game


def _seat_kinds(seats: Optional[str], players: Optional[int], cls: type[Game]) -> tuple[list[str], Optional[int]]:
    from ..bots import BOTS, BotError, make_bot

    if seats is None:
        return [], players
    kinds = []
    for raw in seats.split(","):
        name = raw.strip().lower()
        if not name:
            raise UserError(f"an empty seat in --seats {seats!r}")
        kinds.append(HUMAN if name in HUMAN_NAMES else name)
    if players is not None and players < len(kinds):
        raise UserError(f"--seats names {len(kinds)} seats but --players is {players}")
    if players is None:
        players = max(len(kinds), cls.min_players)
    if kinds == [HUMAN]:
        kinds = [HUMAN] + ["greedy"] * (players - 1)   # you alone: the default table, you and greedy bots
    kinds = [kinds[s % len(kinds)] for s in range(players)]   # a short list repeats round the table
    for k in kinds:
        if k != HUMAN and k.partition(":")[0] not in BOTS:
            raise BotError(f"unknown seat {k!r} (seats: human, {', '.join(BOTS)})")
        if k != HUMAN:
            make_bot(k)   # parameters are checked now, not in the middle of a match
    return kinds, len(kinds)


def _check_record_path(record: Optional[Path]) -> None:
    if record is None:
        return
    if record.is_dir():
        raise UserError(f"--record {record} is a directory")
    parent = record.parent if str(record.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"--record {record}: the folder {parent} does not exist")


def _record_of(match: Match, kinds: list[str], rated: bool = False) -> dict:
    from ..records import match_record
    rec = match_record(match, kinds)
    if rated:
        rec["rated"] = True   # undo was off; a reader may trust the moves as played
    return rec


def _save(match: Match, kinds: list[str], record: Optional[Path], out: Console, rated: bool = False) -> None:
    if record is None:
        return
    from ..records import save_record_atomically
    try:
        save_record_atomically(_record_of(match, kinds, rated), record)
    except OSError as e:
        fail(f"cannot save the record: {os_message(e)}")
    out.print(f"Record saved to {record}", markup=False)


def _open_record(record: Optional[Path], force: bool, ask: bool, out: Console, same_file: bool = False) -> None:
    """Refuse a --record path the match could not be written to, before the match starts: a
    folder, a missing folder, a file or folder not writable; ask before overwriting a file
    (``ask``: someone is at the keyboard), or refuse without --force."""
    if record is None:
        return
    _check_record_path(record)
    parent = record.parent if str(record.parent) else Path(".")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(f"--record {record}: the folder {parent} is not writable")
    if record.exists():
        if not os.access(record, os.W_OK):
            raise UserError(f"--record {record}: the file is not writable")
        if not (force or same_file):
            if not ask:
                raise UserError(f"--record {record} exists: give --force to overwrite it")
            try:
                yes = out.input(f"{record} exists. Overwrite it? [y/N] ").strip().lower() in ("y", "yes")
            except (EOFError, KeyboardInterrupt):
                yes = False
            if not yes:
                raise UserError(f"--record {record} exists and was kept: give another file or --force")


def play(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help="Game id or alias (see 'domine list'); not needed with --resume.")] = None,
    players: PlayersOption = None,
    seats: Annotated[Optional[str], typer.Option(
        "--seats", "-s", metavar="SEATS", help="Who sits where, e.g. human,greedy,random; a short list repeats round "
                                               "the table (default: you, then greedy bots).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed for the deal and the bots (default: random).")] = None,
    record: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Save the match as a JSON record to this file.")] = None,
    option: GameOptions = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Without a human seat: print only hand and match results.")] = False,
    think: ThinkOption = None,
    force: Annotated[bool, typer.Option("--force", "-f", help="Overwrite the --record file if it exists.")] = False,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help="Go on with the match saved in this record (and keep saving to it).")] = None,
    speed: Annotated[Optional[float], typer.Option(
        "--speed", metavar="TIME", parser=lambda v: duration(v, "--speed"),
        help="Pause after each bot move (default 0.6s on a terminal; 0: no pauses, no waiting between hands).")
    ] = None,
    rated: Annotated[bool, typer.Option("--rated", help="A rated match: no undo; the record says so.")] = False,
) -> None:
    """Play a match in the terminal against bots (or watch bots play).

    Seats (--seats) are human or a bot: random, greedy, heuristic, search, and the levels
    easy, medium, hard; search and hard take settings, e.g. hard:think=2s, search:worlds=400.
    A short list repeats round the table. At your turn, ? lists the commands (hint, undo, ...).
    """
    from ..bots import BotError, with_think
    from ..engine.moves import MoveError
    from ..games import game_class, make_game
    from ..records import RecordError, load_record, resume_match, save_record_atomically
    from .terminal_match import QuitGame, TerminalMatch

    out = out_console()
    with handled():
        resumed = None
        if resume is not None:
            if not resume.exists():
                raise UserError(f"--resume {resume}: no such file")
            if resume.is_dir():
                raise UserError(f"--resume {resume}: it is a directory")
            try:
                data = load_record(resume)
                resumed = resume_match(data)
            except RecordError as e:   # a file that holds null, or no match to go on with
                raise UserError(f"--resume {resume}: {e}") from None
            rated = rated or data.get("rated") is True
            cls = type(resumed.game)
            if game is not None and game_class(game) is not cls:
                raise UserError(f"--resume {resume} holds a match of {cls.id}, not {game}")
            if option:
                raise UserError("--option cannot change a resumed match (its options are in the record)")
            g = resumed.game
            if seats is None:
                saved = [str(x).strip().lower() for x in data.get("seats") or []]
                seats = ",".join(HUMAN if k in HUMAN_NAMES or k.startswith("seat ") else k for k in saved) or None
            kinds, _ = _seat_kinds(seats, g.players, cls)
            if record is None:
                record = resume
        else:
            if game is None:
                raise UserError("give a GAME to play (see 'domine list'), or --resume FILE")
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
        writer: Optional[Callable[[Match], None]] = None
        if record is not None:
            writer = lambda match, path=record: save_record_atomically(_record_of(match, kinds, rated), path)  # noqa: E731
        table = TerminalMatch(g, kinds, seed, quiet, out, match=resumed, pace=pace, wait=wait, on_change=writer)
        table.rated = rated
        if think is not None:
            table.hint_bot = with_think("hard", think)
        if writer is not None:
            writer(table.match)   # the file exists from the start, and is known to be writable
    try:
        table.play()
    except QuitGame as q:
        out.print()
        msg = {"quit": "You left the match.", "end of input": "Input ended: the match is stopped.",
               "interrupted": "Interrupted: the match is stopped."}[q.why]
        out.print(msg, style="yellow", markup=False)
        _save(table.match, kinds, record, out, rated)
        raise typer.Exit(q.code)
    except KeyboardInterrupt:
        out.print()
        out.print("Interrupted: the match is stopped.", style="yellow", markup=False)
        _save(table.match, kinds, record, out, rated)
        raise typer.Exit(130)
    except (MoveError, BotError) as e:   # a bot returning an illegal move: a bug, said plainly
        _save(table.match, kinds, record, out, rated)
        fail(f"the match cannot go on: {e}", 1)
    _save(table.match, kinds, record, out, rated)
