"""``domine study``: one question asked of many games, player counts or option values, as a
table and a picture (docs/studies.md)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..i18n import _
from .common import UserError, handled, out_console, parse_options, progress_bar
from .options import GameOptions, JobsOption, JsonOption, PlotOption, RayOption
from .scale import check_scale, on_cluster

#: What ``domine study --help`` says of the command (commands.py gives it to Typer).
HELP = "\n\n".join([
    _("Ask one question of many games, player counts or option values: a table, and a picture with --plot."),
    _("Every cell is a 'domine simulate' run with the same bots and seed."),
])

if TYPE_CHECKING:
    from ..sim.study import Study


def _print_study(study: Study) -> None:
    from rich.table import Table

    out = out_console()
    out.print(f"[bold]{study.title}[/bold] · {study.bots} · "
              + _("{n} hands a cell · seed {seed}").format(n=study.hands, seed=study.seed))
    table = Table()
    table.add_column(_("game"))
    if study.vary:
        table.add_column(_("players"), justify="right")
    table.add_column(study.x_label, justify="right")
    table.add_column(study.y_label, justify="right")
    table.add_column(_("95% CI"), justify="right")
    share = study.question != "length"
    for r in study.rows:
        fmt = (lambda v: f"{100 * v:+.1f}%" if study.baseline is not None else f"{100 * v:.1f}%") if share \
            else (lambda v: f"{v:.2f}")
        table.add_row(r.game, *([str(r.players)] if study.vary else []), str(r.x), fmt(r.value),
                      f"{fmt(r.lo)} - {fmt(r.hi)}")
    out.print(table)
    for line in study.skipped:
        out.print(f"[dim]{line}[/dim]", markup=True)
    out.print(_("{cells} cells in {seconds:.1f} s").format(cells=len(study.rows), seconds=study.elapsed))


def study_cmd(
    question: Annotated[str, typer.Argument(
        metavar="QUESTION", help=_("What to measure: first-move (the first player's advantage), blocked "
                                   "(how often hands block) or length (moves per hand)."))],
    games: Annotated[str, typer.Option(
        "--games", "-g", metavar="GAMES", help=_("Games, comma separated, or all."))] = "all",
    players: Annotated[Optional[str], typer.Option(
        "--players", "-p", metavar="N,N,...",
        help=_("Player counts (default: every count each game takes; with --vary, the game's least)."))] = None,
    vary: Annotated[Optional[str], typer.Option(
        "--vary", metavar="KEY=V1,V2,...", help=_("Ask the question at each value of one game option."))] = None,
    hands: Annotated[int, typer.Option(help=_("Hands played in each cell."))] = 2000,
    bots: Annotated[str, typer.Option(metavar="BOTS", help=_("Bots by seat, as for simulate."))] = "greedy",
    seed: Annotated[int, typer.Option(help=_("Seed; the same seed gives the same results."))] = 0,
    jobs: JobsOption = 1,
    ray: RayOption = None,
    plot: PlotOption = None,
    as_json: JsonOption = False,
    option: GameOptions = None,
) -> None:
    """``domine study`` (its help is HELP)."""
    from ..sim.study import QUESTIONS, cells, parse_values, run_study

    with handled():
        if question not in QUESTIONS:
            raise UserError(_("unknown question {q!r}: ask one of {names}").format(q=question, names=", ".join(QUESTIONS)))
        if hands < 1:
            raise UserError(_("--hands must be at least 1"))
        if jobs < 0:
            raise UserError(_("--jobs must be 0 (one per CPU) or more"))
        check_scale(jobs, ray, plot)
        counts = None
        if players is not None:
            try:
                counts = [int(p) for p in players.split(",")]
            except ValueError:
                raise UserError(_("--players takes numbers separated by commas, not {text!r}").format(text=players))
        varied = None
        if vary is not None:
            key, sep, values = vary.partition("=")
            if not sep or not key.strip() or not values.strip():
                raise UserError(_("--vary takes KEY=V1,V2,..., not {text!r}").format(text=vary))
            varied = (key.strip(), parse_values(values))
        names = [g.strip() for g in games.split(",") if g.strip()]
        opts = parse_options(option)
        grid, _skipped = cells(names, counts, varied, opts)
        if not grid:
            raise UserError(_("no game in the study takes those player counts"))
        with progress_bar(_("studying"), "", len(grid) * hands, show=not as_json) as advance, on_cluster():
            study = run_study(question, names, counts, varied, opts, hands=hands, bots=bots, seed=seed,
                              jobs=jobs, cluster=ray, progress=advance)
        if plot is not None:
            from ..sim.plots import plot_study
            plot_study(study, plot)
    if as_json:
        typer.echo(json.dumps(study.to_json(), indent=2))
    else:
        _print_study(study)
