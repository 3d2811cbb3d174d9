"""``domine replay``: check a match record move by move and print it (or every position as JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .common import err_console, fail, handled, out_console
from .options import VariantOption


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A JSON match record (from 'domine play --record').")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the verdict and the final scores.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print every position (seat to act, legal moves, move played) and every result as JSON "
                       "(the shape is in docs/records.md).")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Also deal again from the record's seed and let its bots choose again: report the first "
                         "hand or move that differs (a move the record marks as chosen by a search the clock cut "
                         "is explained instead).")] = False,
    variant: VariantOption = None,
) -> None:
    """Check a match record move by move and print it."""
    from rich.text import Text

    from ..bots import BotError
    from ..engine.moves import MoveError
    from ..games import make_game
    from ..games.base import GameError
    from ..records import RecordError, StrictReport, load_record, replay, strict_check
    from ..terminal.table import scores_text, winners_text, wrap_items

    out = out_console()
    if not file.exists():
        fail(f"cannot read {file}: no such file")
    if file.is_dir():
        fail(f"cannot read {file}: it is a directory")
    trace: list = []
    source = None
    if variant is not None:   # the variant file to replay the record with (a record that does not carry it)
        with handled():
            from .variant import variant_text
            source = variant_text(variant)
    try:
        data = load_record(file)
        if source is not None and isinstance(data, dict):
            data = {**data, "variant": source}
        report = replay(data, trace)
    except RecordError as e:
        if as_json:
            print(json.dumps({"valid": False, "error": str(e), "hand": e.hand, "move": e.move, "hands": trace}))
        else:
            err_console().print(Text(f"invalid record: {e}", style="bold red"))
        raise typer.Exit(1)
    difference, checked = None, StrictReport()
    if strict:
        try:
            checked = strict_check(data)   # moves a search cut by the clock chose: explained, not differences
            difference = checked.difference
        except (RecordError, GameError, MoveError, BotError) as e:
            difference = f"cannot play it again: {e}"
    if strict and as_json:
        print(json.dumps({"valid": True, "strict": difference is None, "difference": difference, "cuts": checked.cuts}))
        raise typer.Exit(1 if difference else 0)
    if strict:
        for line in checked.cuts:
            out.print(f"strict: {line}", style="yellow", markup=False, highlight=False)
        if difference is not None:
            err_console().print(Text(f"strict: {difference}", style="bold red"))
            raise typer.Exit(1)
        out.print("Strict: each hand dealt again from the seed, each bot move made again"
                  + (f" ({len(checked.cuts)} chosen by a search the clock cut, explained above)." if checked.cuts else "."),
                  style="green", markup=False)
    if as_json:
        print(json.dumps({"valid": True, "game": report.game, "players": report.players,
                          "complete": report.complete, "moves": report.moves, "hands": trace,
                          "scores": report.scores, "result": report.result}, ensure_ascii=False))
        return
    with handled():
        game = make_game(report.game, report.players, data.get("options") or {})
    seats = data.get("seats") if isinstance(data.get("seats"), list) else None
    kinds = [str(x) for x in seats] if seats and len(seats) == report.players else \
        [f"seat {s}" for s in range(report.players)]
    out.print(f"[bold]{game.name}[/bold] · {report.players} players · seed {data.get('seed')} · "
              f"seats: {', '.join(f'{s}: {k}' for s, k in enumerate(kinds))}", highlight=False)
    if not quiet:
        for raw in data.get("hands", []):
            number = raw.get("number")
            moves = raw.get("moves", [])
            done = "" if isinstance(raw.get("result"), dict) else " (unfinished)"
            out.rule(f"Hand {number} · {len(moves)} moves{done}")
            deal = raw.get("deal", {})
            for s, tiles in enumerate(deal.get("hands", [])):
                for line in wrap_items(f"  seat {s} ({kinds[s]}) dealt ", [str(t) for t in tiles], sep=" "):
                    out.print(line)
            for line in wrap_items("  ", [str(m) for m in moves], sep="  "):
                out.print(line)
            res = raw.get("result")
            if isinstance(res, dict):
                out.print(f"  {res.get('reason')}: points {scores_text(game, res.get('points', []))}"
                          + (f"; scores {scores_text(game, raw['scores'])}" if "scores" in raw else ""),
                          markup=False)
    hands_text = f"{report.hands} complete hand{'s' if report.hands != 1 else ''}"
    if len(data.get("hands", [])) > report.hands:
        hands_text += " and an unfinished one"
    out.print(f"Valid record: {hands_text}, {report.moves} moves.", style="green", markup=False)
    out.print(f"Final scores: {scores_text(game, report.scores)}", markup=False)
    if report.result is not None:
        out.print(winners_text(game, report.result["winners"], kinds) + ".", style="bold", markup=False)
    else:
        out.print("The record ends before the match does.", style="yellow", markup=False)


# ---------------------------------------------------------------------------------------
