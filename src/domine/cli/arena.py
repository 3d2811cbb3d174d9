"""``domine arena``: bot A against bot B on duplicate deals, with the verdict."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .common import (
    UserError, err_console, fail, handled, options_line, out_console, parse_options, pct, progress_bar, record_sink,
)
from .options import GameOptions, JobsOption, JsonlOption, JsonOption, PlotOption, RayOption, RecordDirOption, ThinkOption
from .scale import check_scale, on_cluster

if TYPE_CHECKING:
    from ..sim.arena import ArenaResult


def arena_cmd(
    bot_a: Annotated[str, typer.Argument(metavar="BOT_A", help="The first bot (side A).")],
    bot_b: Annotated[str, typer.Argument(metavar="BOT_B", help="The second bot (side B).")],
    game: Annotated[str, typer.Option("--game", "-g", metavar="GAME", help="Game id or alias (see 'domine list').")],
    deals: Annotated[int, typer.Option(help="Duplicate deals; each is played twice, the bots swapping seats.")],
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players (default: the game's least).")] = None,
    seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same deals and results.")] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
    unit: Annotated[Optional[str], typer.Option(
        "--unit", metavar="hand|match",
        help="Play each deal as one hand or as a whole match (default: the game's own; whole matches "
             "for games that pay their pot only at the match's end).")] = None,
    ray: RayOption = None,
    plot: PlotOption = None,
) -> None:
    """Bot A against bot B on duplicate deals: win rate, point margin and a sign test.

    The JSON (--json) is described in docs/simulate-arena-json.md."""
    from ..bots import with_think
    from ..sim.arena import UNITS, ArenaError, ArenaInterrupted, run_arena

    with handled(), record_sink(record_dir, jsonl) as sink:
        bot_a, bot_b = with_think(bot_a, think), with_think(bot_b, think)
        if deals < 1:
            raise UserError("--deals must be at least 1")
        if jobs < 0:
            raise UserError("--jobs must be 0 (one per CPU) or more")
        if unit is not None:
            unit = unit.strip().lower()
            if unit not in UNITS:
                raise UserError(f"--unit must be one of {', '.join(UNITS)}, not {unit!r}")
        check_scale(jobs, ray, plot)
        opts = parse_options(option)
        try:
            with progress_bar(f"{bot_a} vs {bot_b}", "deals", deals, show=not as_json) as advance, on_cluster():
                res = run_arena(bot_a, bot_b, game, deals, players=players, seed=seed, jobs=jobs,
                                options=opts, progress=advance, records=sink, unit=unit, cluster=ray)
        except ArenaInterrupted as e:   # Ctrl-C before any deal was over
            err_console().print(f"Interrupted: {e}.", style="yellow")
            raise typer.Exit(130)
        except ArenaError as e:   # a bot playing an illegal move: a bug, said plainly
            fail(f"the arena cannot go on: {e}", 1)
        if plot is not None:
            from ..sim.plots import plot_arena
            plot_arena(res, plot)
    if as_json:
        typer.echo(json.dumps(res.to_json(), indent=2))
    else:
        _print_arena(res, opts)
    if res.interrupted:
        err_console().print(f"Interrupted: the results of the {res.deals} deals played so far "
                     f"(of {res.requested} asked for).", style="yellow")
        raise typer.Exit(130)


def _print_arena(res: ArenaResult, opts: dict) -> None:
    from rich.table import Table
    from rich.text import Text

    from ..sim.arena import verdict

    out = out_console()
    opts_text = options_line(opts)
    per = "hand" if res.unit == "hand" else "match"
    plays = "2 plays" if per == "hand" else f"2 whole matches ({res.hands:,} hands)"
    out.print(Text.assemble((res.game, "bold"), f" · {res.players} players · {res.deals} deals × {plays}"
                            f" · seed {res.seed}" + (f" · options: {opts_text}" if opts_text else "")))
    out.print(f"A = {res.bot_a}, B = {res.bot_b}; seats {''.join(res.seats)}, then swapped", markup=False)
    table = Table()
    table.add_column("", style="bold")
    table.add_column("value", justify="right")
    table.add_column("95% CI", justify="right")
    lo, hi = res.win_rate_ci
    table.add_row("A's win rate", pct(res.win_rate), f"{pct(lo)} - {pct(hi)}")
    mlo, mhi = res.margin_ci
    mci = f"{mlo:+.2f} - {mhi:+.2f}" if res.deals > 1 else "-"
    table.add_row(f"A's margin (points/{per})", f"{res.margin:+.2f}", mci)
    if res.token_margin is not None:   # games for stakes
        tlo, thi = res.token_margin_ci
        tci = f"{tlo:+.2f} - {thi:+.2f}" if res.deals > 1 else "-"
        table.add_row(f"A's margin (tokens/{per})", f"{res.token_margin:+.2f}", tci)
    table.add_row("plays won / tied / lost", f"{res.plays_won} / {res.plays_tied} / {res.plays_lost}", "")
    table.add_row("deals won / even / lost", f"{res.deals_won} / {res.deals_even} / {res.deals_lost}", "")
    table.add_row("differing deals", f"{res.differing_deals} ({pct(res.differing_deals / res.deals)})", "")
    table.add_row("sign test p", f"{res.p_value:.3g}", "")
    for side, name in (("A", res.bot_a), ("B", res.bot_b)):
        spd = res.seconds_per_decision[side]
        table.add_row(f"{side} ({name}) time/decision", f"{spd * 1e3:.3f} ms", f"{res.decisions[side]} decisions")
    out.print(table)
    if res.points_are_penalties:
        out.print("[dim]points are penalties in this game: the margin is B's points minus A's[/dim]")
    out.print(f"{res.hands_per_second:,.0f} hands per second ({res.elapsed:.2f} s)")
    out.print(verdict(res), style="bold", markup=False)


# ---------------------------------------------------------------------------------------
