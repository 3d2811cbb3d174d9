"""``domine replay``: check a match record move by move and print it (or every position as JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .. import i18n
from ..i18n import _, ngettext
from .common import err_console, fail, hand_end, handled, out_console
from .options import VariantOption

#: What ``domine replay --help`` says of the command (commands.py gives it to Typer).
HELP = _("Check a match record move by move and print it.")


def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=_("A JSON match record (from 'domine play --record')."))],
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help=_("Print only the verdict and the final scores."))] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help=_("Print every position (seat to act, legal moves, move played) and every result as JSON "
                         "(the shape is in docs/records.md)."))] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help=_("Also deal again from the record's seed and let its bots choose again: report the first "
                           "hand or move that differs (a move the record marks as chosen by a search the clock cut "
                           "is explained instead)."))] = False,
    variant: VariantOption = None,
) -> None:
    """``domine replay`` (its help is HELP)."""
    from rich.markup import escape
    from rich.text import Text

    from ..bots import BotError
    from ..engine.moves import MoveError
    from ..games import make_game
    from ..games.base import GameError
    from ..records import RecordError, StrictReport, load_record, replay, strict_check
    from ..terminal.table import scores_text, winners_text, wrap_items
    from .info import game_title

    out = out_console()
    if not file.exists():
        fail(_("cannot read {file}: no such file").format(file=file))
    if file.is_dir():
        fail(_("cannot read {file}: it is a directory").format(file=file))
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
            err_console().print(Text(_("invalid record: {error}").format(error=i18n.explain(e)), style="bold red"))
        raise typer.Exit(1)
    difference, checked = None, StrictReport()
    if strict:
        try:
            checked = strict_check(data)   # moves a search cut by the clock chose: explained, not differences
            difference = checked.difference
        except (RecordError, GameError, MoveError, BotError) as e:
            difference = _("cannot play it again: {error}").format(error=e)
    if strict and as_json:
        print(json.dumps({"valid": True, "strict": difference is None, "difference": difference, "cuts": checked.cuts}))
        raise typer.Exit(1 if difference else 0)
    if strict:
        for line in checked.cuts:
            out.print(f"strict: {line}", style="yellow", markup=False, highlight=False)
        if difference is not None:
            err_console().print(Text(f"strict: {difference}", style="bold red"))
            raise typer.Exit(1)
        said = _("Strict: each hand dealt again from the seed, each bot move made again.") if not checked.cuts else \
            ngettext("Strict: each hand dealt again from the seed, each bot move made again ({count} chosen by a "
                     "search the clock cut, explained above).",
                     "Strict: each hand dealt again from the seed, each bot move made again ({count} chosen by a "
                     "search the clock cut, explained above).", len(checked.cuts)).format(count=len(checked.cuts))
        out.print(said, style="green", markup=False)
    if as_json:
        print(json.dumps({"valid": True, "game": report.game, "players": report.players,
                          "complete": report.complete, "moves": report.moves, "hands": trace,
                          "scores": report.scores, "result": report.result}, ensure_ascii=False))
        return
    with handled():
        game = make_game(report.game, report.players, data.get("options") or {})
    seats = data.get("seats") if isinstance(data.get("seats"), list) else None
    kinds = [str(x) for x in seats] if seats and len(seats) == report.players else \
        [_("seat {seat}").format(seat=s) for s in range(report.players)]
    seats_text = _("seats: {seats}").format(seats=", ".join(f"{s}: {k}" for s, k in enumerate(kinds)))
    out.print(f"[bold]{escape(game_title(game))}[/bold] · {i18n.players(report.players, report.players)} · "
              + escape(_("seed {seed}").format(seed=data.get("seed"))) + f" · {escape(seats_text)}", highlight=False)
    if not quiet:
        for raw in data.get("hands", []):
            number = raw.get("number")
            moves = raw.get("moves", [])
            title = ngettext("Hand {number} · {count} move", "Hand {number} · {count} moves", len(moves))
            if not isinstance(raw.get("result"), dict):
                title = ngettext("Hand {number} · {count} move (unfinished)",
                                 "Hand {number} · {count} moves (unfinished)", len(moves))
            out.rule(title.format(number=number, count=len(moves)))
            deal = raw.get("deal", {})
            for s, tiles in enumerate(deal.get("hands", [])):
                dealt = "  " + _("seat {seat} ({player}) dealt ").format(seat=s, player=kinds[s])
                for line in wrap_items(dealt, [str(t) for t in tiles], sep=" "):
                    out.print(line)
            for line in wrap_items("  ", [str(m) for m in moves], sep="  "):
                out.print(line)
            res = raw.get("result")
            if isinstance(res, dict):
                said = _("{reason}: points {points}").format(reason=hand_end(str(res.get("reason"))),
                                                           points=scores_text(game, res.get("points", [])))
                if "scores" in raw:
                    said += _("; scores {scores}").format(scores=scores_text(game, raw["scores"]))
                out.print("  " + said, markup=False)
    hands_text = ngettext("{count} complete hand", "{count} complete hands", report.hands).format(count=report.hands)
    if len(data.get("hands", [])) > report.hands:
        hands_text = _("{hands} and an unfinished one").format(hands=hands_text)
    moves_text = ngettext("{count} move", "{count} moves", report.moves).format(count=report.moves)
    out.print(_("Valid record: {hands}, {moves}.").format(hands=hands_text, moves=moves_text), style="green",
              markup=False)
    out.print(_("Final scores: {scores}").format(scores=scores_text(game, report.scores)), markup=False)
    if report.result is not None:
        out.print(winners_text(game, report.result["winners"], kinds) + ".", style="bold", markup=False)
    else:
        out.print(_("The record ends before the match does."), style="yellow", markup=False)


# ---------------------------------------------------------------------------------------
