"""``domine simulate``: bots play many hands or matches; win rates and statistics."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..i18n import _, ngettext, pgettext
from .common import (
    UserError, err_console, fixed, hand_end, handled, out_console, parse_options, pct, progress_bar, record_sink,
)
from .scale import check_scale, on_cluster
from .options import (
    GameOptions, JobsOption, JsonlOption, JsonOption, PlayersOption, PlotOption, RayOption, RecordDirOption,
    ThinkOption, VariantOption,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ..sim.simulate import Simulation


def _print_simulation(sim: Simulation, out: Console) -> None:
    from rich.table import Table

    from .. import i18n

    g = sim.game
    hands = ngettext("{count} hand", "{count} hands", sim.hands).format(count=fixed(sim.hands, 0))
    what = hands if sim.mode == "hands" else _("{matches} ({hands})").format(
        matches=ngettext("{count} match", "{count} matches", sim.matches).format(count=fixed(sim.matches, 0)),
        hands=hands)
    seed = _("seed {seed}").format(seed=sim.seed)
    out.print(f"[bold]{g}[/bold] · {i18n.players(sim.players, sim.players)} · {what} · {seed}")
    teams = any(s.team != s.seat for s in sim.seats)
    table = Table()
    table.add_column(pgettext("column", "seat"), justify="right")
    table.add_column(pgettext("column", "bot"))
    if teams:
        table.add_column(pgettext("column", "team"), justify="right")
    table.add_column(pgettext("column", "wins") if sim.mode == "hands" else pgettext("column", "matches won"),
                     justify="right")
    table.add_column(pgettext("column", "win rate"), justify="right")
    table.add_column(pgettext("column", "95% CI"), justify="right")
    table.add_column(pgettext("column", "points/hand"), justify="right")
    for s in sim.seats:
        lo, hi = s.win_rate_ci
        team = ["AB"[s.team] if s.team < 2 else str(s.team)] if teams else []
        table.add_row(str(s.seat), s.bot, *team, fixed(s.wins, 0), pct(s.win_rate),
                      f"{pct(lo)} - {pct(hi)}", fixed(s.mean_points))
    out.print(table)
    if sim.points_are_penalties:
        out.print(_("points are penalties in this game: lower is better"), style="dim", markup=False)
    for s in sim.seats:   # games for stakes: tokens won
        if s.mean_tokens is not None:
            lo, hi = s.tokens_ci
            ci = f"{fixed(lo, sign=True)} - {fixed(hi, sign=True)}" if lo is not None else "-"
            won = _("seat {seat} ({bot}): {tokens} tokens won per hand (95% CI {ci})") if sim.tokens_per == "hand" \
                else _("seat {seat} ({bot}): {tokens} tokens won per match (95% CI {ci})")
            out.print(won.format(seat=s.seat, bot=s.bot, tokens=fixed(s.mean_tokens, sign=True), ci=ci), markup=False)
    if sim.mode == "hands":
        out.print(_("hands without a winner: {count}").format(count=fixed(sim.hands_without_winner, 0)))
    else:
        out.print(_("drawn matches: {count}").format(count=fixed(sim.drawn_matches, 0)))
    reasons = ", ".join(f"{hand_end(k)} {fixed(v, 0)}" for k, v in sorted(sim.reasons.items()))
    out.print(_("blocked rate: {rate} · mean moves per hand: {moves} · hand ends: {ends}").format(
        rate=pct(sim.blocked_rate), moves=fixed(sim.mean_moves, 1), ends=reasons))
    out.print(_("{speed} hands per second ({seconds} s)").format(
        speed=i18n.number(round(sim.hands_per_second)), seconds=fixed(sim.elapsed)))


#: What ``domine simulate --help`` says of the command (commands.py gives it to Typer).
HELP = "\n\n".join([
    _("Let bots play many hands or matches and report win rates and statistics."),
    _("Ctrl-C stops the run and prints the results of the work done so far. The JSON (--json) is described in "
      "docs/simulate-arena-json.md."),
])


def simulate_cmd(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help=_("Game id or alias (see 'domine list'); not needed with --variant."))] = None,
    hands: Annotated[Optional[int], typer.Option(help=_("Play this many hands (default 1000)."))] = None,
    matches: Annotated[Optional[int], typer.Option(help=_("Play this many whole matches instead."))] = None,
    players: PlayersOption = None,
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help=_("Bots by seat, e.g. greedy,random; a shorter list repeats round the table."))
    ] = "greedy",
    seed: Annotated[int, typer.Option(help=_("Seed; the same seed gives the same results."))] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
    variant: VariantOption = None,
    kernel: Annotated[str, typer.Option(
        metavar="auto|on|off", help=_("The batch kernel (numba) for the line games with random and greedy "
                                      "bots: auto uses it where it can, on insists, off plays the engine "
                                      "(the same results for a seed)."))] = "auto",
    ray: RayOption = None,
    plot: PlotOption = None,
) -> None:
    """``domine simulate`` (its help is HELP)."""
    from ..bots import with_think
    from ..kernel import NotCovered
    from ..sim.simulate import simulate

    from .variant import game_or_variant

    with handled(), record_sink(record_dir, jsonl) as sink:
        game, variant_source = game_or_variant(game, variant)
        bots = ",".join(with_think(b, think) for b in bots.split(","))
        for label, value in (("--hands", hands), ("--matches", matches)):   # a count first: '--matches 0'
            if value is not None and value < 1:                              # is wrong whatever else is given
                raise UserError(_("{option} must be at least 1").format(option=label))
        if hands is not None and matches is not None:
            raise UserError(_("give --hands or --matches, not both"))
        if hands is None and matches is None:
            hands = 1000
        if jobs < 0:
            raise UserError(_("--jobs must be 0 (one per CPU) or more"))
        check_scale(jobs, ray, plot)
        opts = parse_options(option)
        if kernel not in ("auto", "on", "off"):
            raise UserError(_("--kernel takes auto, on or off, not {value!r}").format(value=kernel))
        total = hands if hands is not None else matches
        with progress_bar(_("simulating"), "", total, show=not as_json) as advance, on_cluster():
            try:
                sim = simulate(game, hands=hands, matches=matches, players=players, bots=bots, seed=seed,
                               jobs=jobs, options=opts, progress=advance, records=sink, variant=variant_source,
                               kernel=kernel, cluster=ray, shapes=plot is not None)
            except NotCovered as e:
                raise UserError(_("--kernel on: the batch kernel cannot play this: {reason}").format(reason=e)) \
                    from None
        if plot is not None:
            from ..sim.plots import plot_simulation
            plot_simulation(sim, plot)
    if as_json:
        typer.echo(json.dumps(sim.to_json(), indent=2))
    else:
        _print_simulation(sim, out_console())
    if sim.interrupted:
        asked = ngettext("{count} hand", "{count} hands", sim.requested) if sim.mode == "hands" else \
            ngettext("{count} match", "{count} matches", sim.requested)
        err_console().print(_("Interrupted: the results of {hands} played so far (of {asked} asked for).").format(
            hands=ngettext("{count} hand", "{count} hands", sim.hands).format(count=fixed(sim.hands, 0)),
            asked=asked.format(count=fixed(sim.requested, 0))), style="yellow")
        raise typer.Exit(130)


# ---------------------------------------------------------------------------------------
# arena
# ---------------------------------------------------------------------------------------
