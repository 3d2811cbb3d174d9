"""``domine simulate``: bots play many hands or matches; win rates and statistics."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .common import UserError, err_console, handled, out_console, parse_options, pct, progress_bar, record_sink
from .scale import check_scale, on_cluster
from .options import (
    GameArgument, GameOptions, JobsOption, JsonlOption, JsonOption, PlayersOption, PlotOption, RayOption,
    RecordDirOption, ThinkOption,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..sim.simulate import Simulation


def _print_simulation(sim: Simulation, out: Console) -> None:
    from rich.table import Table

    g = sim.game
    what = f"{sim.hands} hands" if sim.mode == "hands" else f"{sim.matches} matches ({sim.hands} hands)"
    out.print(f"[bold]{g}[/bold] · {sim.players} players · {what} · seed {sim.seed}")
    teams = any(s.team != s.seat for s in sim.seats)
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("bot")
    if teams:
        table.add_column("team", justify="right")
    table.add_column("wins" if sim.mode == "hands" else "matches won", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("points/hand", justify="right")
    for s in sim.seats:
        lo, hi = s.win_rate_ci
        team = ["AB"[s.team] if s.team < 2 else str(s.team)] if teams else []
        table.add_row(str(s.seat), s.bot, *team, str(s.wins), pct(s.win_rate),
                      f"{pct(lo)} - {pct(hi)}", f"{s.mean_points:.2f}")
    out.print(table)
    if sim.points_are_penalties:
        out.print("[dim]points are penalties in this game: lower is better[/dim]")
    for s in sim.seats:   # games for stakes: tokens won
        if s.mean_tokens is not None:
            lo, hi = s.tokens_ci
            ci = f"{lo:+.2f} - {hi:+.2f}" if lo is not None else "-"
            out.print(f"seat {s.seat} ({s.bot}): {s.mean_tokens:+.2f} tokens won per {sim.tokens_per}"
                      f" (95% CI {ci})", markup=False)
    if sim.mode == "hands":
        out.print(f"hands without a winner: {sim.hands_without_winner}")
    else:
        out.print(f"drawn matches: {sim.drawn_matches}")
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(sim.reasons.items()))
    out.print(f"blocked rate: {pct(sim.blocked_rate)} · mean moves per hand: {sim.mean_moves:.1f}"
              f" · hand ends: {reasons}")
    out.print(f"{sim.hands_per_second:,.0f} hands per second ({sim.elapsed:.2f} s)")


def simulate_cmd(
    game: GameArgument,
    hands: Annotated[Optional[int], typer.Option(help="Play this many hands (default 1000).")] = None,
    matches: Annotated[Optional[int], typer.Option(help="Play this many whole matches instead.")] = None,
    players: PlayersOption = None,
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Bots by seat, e.g. greedy,random; a shorter list repeats round the table.")] = "greedy",
    seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same results.")] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
    ray: RayOption = None,
    plot: PlotOption = None,
) -> None:
    """Let bots play many hands or matches and report win rates and statistics.

    Ctrl-C stops the run and prints the results of the work done so far. The JSON
    (--json) is described in docs/simulate-arena-json.md."""
    from ..bots import with_think
    from ..sim.simulate import simulate

    with handled(), record_sink(record_dir, jsonl) as sink:
        bots = ",".join(with_think(b, think) for b in bots.split(","))
        for label, value in (("--hands", hands), ("--matches", matches)):   # a count first: '--matches 0'
            if value is not None and value < 1:                              # is wrong whatever else is given
                raise UserError(f"{label} must be at least 1")
        if hands is not None and matches is not None:
            raise UserError("give --hands or --matches, not both")
        if hands is None and matches is None:
            hands = 1000
        if jobs < 0:
            raise UserError("--jobs must be 0 (one per CPU) or more")
        check_scale(jobs, ray, plot)
        opts = parse_options(option)
        total = hands if hands is not None else matches
        with progress_bar("simulating", "", total, show=not as_json) as advance, on_cluster():
            sim = simulate(game, hands=hands, matches=matches, players=players, bots=bots, seed=seed,
                           jobs=jobs, options=opts, progress=advance, records=sink, cluster=ray)
        if plot is not None:
            from ..sim.plots import plot_simulation
            plot_simulation(sim, plot)
    if as_json:
        typer.echo(json.dumps(sim.to_json(), indent=2))
    else:
        _print_simulation(sim, out_console())
    if sim.interrupted:
        err_console().print(f"Interrupted: the results of {sim.hands} hands played so far "
                     f"(of {sim.requested} {sim.mode} asked for).", style="yellow")
        raise typer.Exit(130)


# ---------------------------------------------------------------------------------------
# arena
# ---------------------------------------------------------------------------------------
