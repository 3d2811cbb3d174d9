"""``domine arena``: bot A against bot B on duplicate deals, with the verdict."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..i18n import _, ngettext, pgettext
from .common import (
    UserError, err_console, fail, fixed, handled, options_line, out_console, parse_options, pct, progress_bar,
    record_sink,
)
from .options import (
    GameOptions, JobsOption, JsonlOption, JsonOption, PlotOption, RayOption, RecordDirOption, ThinkOption, VariantOption,
)
from .scale import check_scale, on_cluster

if TYPE_CHECKING:
    from ..sim.arena import ArenaResult


#: What ``domine arena --help`` says of the command (commands.py gives it to Typer).
HELP = "\n\n".join([
    _("Bot A against bot B on duplicate deals: win rate, point margin and a sign test."),
    _("The JSON (--json) is described in docs/simulate-arena-json.md."),
])


def arena_cmd(
    bot_a: Annotated[str, typer.Argument(metavar="BOT_A", help=_("The first bot (side A)."))],
    bot_b: Annotated[str, typer.Argument(metavar="BOT_B", help=_("The second bot (side B)."))],
    deals: Annotated[int, typer.Option(help=_("Duplicate deals; each is played twice, the bots swapping seats."))],
    game: Annotated[Optional[str], typer.Option(
        "--game", "-g", metavar="GAME", help=_("Game id or alias (see 'domine list'); or give --variant."))] = None,
    players: Annotated[Optional[int], typer.Option(
        "--players", "-p", help=_("Number of players (default: the game's least)."))] = None,
    seed: Annotated[int, typer.Option(help=_("Seed; the same seed gives the same deals and results."))] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
    unit: Annotated[Optional[str], typer.Option(
        "--unit", metavar="hand|match",
        help=_("Play each deal as one hand or as a whole match (default: the game's own; whole matches "
               "for games that pay their pot only at the match's end)."))] = None,
    variant: VariantOption = None,
    ray: RayOption = None,
    plot: PlotOption = None,
) -> None:
    """``domine arena`` (its help is HELP)."""
    from ..bots import with_think
    from ..sim.arena import UNITS, ArenaError, ArenaInterrupted, run_arena

    from .variant import game_or_variant

    with handled(), record_sink(record_dir, jsonl) as sink:
        game, variant_source = game_or_variant(game, variant)
        bot_a, bot_b = with_think(bot_a, think), with_think(bot_b, think)
        if deals < 1:
            raise UserError(_("{option} must be at least 1").format(option="--deals"))
        if jobs < 0:
            raise UserError(_("--jobs must be 0 (one per CPU) or more"))
        if unit is not None:
            unit = unit.strip().lower()
            if unit not in UNITS:
                raise UserError(_("--unit must be one of {units}, not {unit!r}").format(units=", ".join(UNITS),
                                                                                         unit=unit))
        check_scale(jobs, ray, plot)
        opts = parse_options(option)
        try:
            label = _("{a} vs {b}").format(a=bot_a, b=bot_b)
            with progress_bar(label, pgettext("progress", "deals"), deals, show=not as_json) as advance, \
                    on_cluster():
                res = run_arena(bot_a, bot_b, game, deals, players=players, seed=seed, jobs=jobs,
                                options=opts, progress=advance, records=sink, unit=unit, variant=variant_source,
                                cluster=ray)
        except ArenaInterrupted:   # Ctrl-C before any deal was over
            err_console().print(_("Interrupted before the first deal was played to its end."), style="yellow")
            raise typer.Exit(130)
        except ArenaError as e:   # a bot playing an illegal move: a bug, said plainly
            fail(_("the arena cannot go on: {error}").format(error=e), 1)
        if plot is not None:
            from ..sim.plots import plot_arena
            plot_arena(res, plot)
    if as_json:
        typer.echo(json.dumps(res.to_json(), indent=2))
    else:
        _print_arena(res, opts)
    if res.interrupted:
        err_console().print(_("Interrupted: the results of the {deals} played so far (of {asked} asked for).").format(
            deals=ngettext("{count} deal", "{count} deals", res.deals).format(count=fixed(res.deals, 0)),
            asked=fixed(res.requested, 0)), style="yellow")
        raise typer.Exit(130)


def _print_arena(res: ArenaResult, opts: dict) -> None:
    from rich.table import Table
    from rich.text import Text

    from .. import i18n
    from ..sim.arena import verdict

    out = out_console()
    opts_text = options_line(opts)
    per = "hand" if res.unit == "hand" else "match"
    hands = ngettext("{count} hand", "{count} hands", res.hands).format(count=i18n.number(res.hands))
    plays = _("2 plays") if per == "hand" else _("2 whole matches ({hands})").format(hands=hands)
    deals = ngettext("{count} deal", "{count} deals", res.deals).format(count=fixed(res.deals, 0))
    head = f" · {i18n.players(res.players, res.players)} · {deals} × {plays} · " + \
        _("seed {seed}").format(seed=res.seed) + (" · " + _("options: {options}").format(options=opts_text)
                                                   if opts_text else "")
    out.print(Text.assemble((res.game, "bold"), head))
    out.print(_("A = {a}, B = {b}; seats {seats}, then swapped").format(a=res.bot_a, b=res.bot_b,
                                                                       seats="".join(res.seats)), markup=False)
    table = Table()
    table.add_column("", style="bold")
    table.add_column(pgettext("column", "value"), justify="right")
    table.add_column(pgettext("column", "95% CI"), justify="right")
    lo, hi = res.win_rate_ci
    table.add_row(_("A's win rate"), pct(res.win_rate), f"{pct(lo)} - {pct(hi)}")
    mlo, mhi = res.margin_ci
    mci = f"{fixed(mlo, sign=True)} - {fixed(mhi, sign=True)}" if res.deals > 1 else "-"
    per_hand = per == "hand"
    table.add_row(_("A's margin (points/hand)") if per_hand else _("A's margin (points/match)"),
                  fixed(res.margin, sign=True), mci)
    if res.token_margin is not None:   # games for stakes
        tlo, thi = res.token_margin_ci
        tci = f"{fixed(tlo, sign=True)} - {fixed(thi, sign=True)}" if res.deals > 1 else "-"
        table.add_row(_("A's margin (tokens/hand)") if per_hand else _("A's margin (tokens/match)"),
                      fixed(res.token_margin, sign=True), tci)
    table.add_row(_("plays won / tied / lost"), f"{res.plays_won} / {res.plays_tied} / {res.plays_lost}", "")
    table.add_row(_("deals won / even / lost"), f"{res.deals_won} / {res.deals_even} / {res.deals_lost}", "")
    table.add_row(_("differing deals"), f"{fixed(res.differing_deals, 0)} ({pct(res.differing_deals / res.deals)})", "")
    table.add_row(_("sign test p"), f"{res.p_value:.3g}", "")   # as statistics writes it, in every language
    for side, name in (("A", res.bot_a), ("B", res.bot_b)):
        spd = res.seconds_per_decision[side]
        table.add_row(_("{side} ({bot}) time/decision").format(side=side, bot=name),
                      _("{ms} ms").format(ms=fixed(spd * 1e3, 3)),
                      ngettext("{count} decision", "{count} decisions", res.decisions[side]).format(
                          count=fixed(res.decisions[side], 0)))
    out.print(table)
    if res.points_are_penalties:
        out.print(_("points are penalties in this game: the margin is B's points minus A's"), style="dim",
                  markup=False)
    out.print(_("{speed} hands per second ({seconds} s)").format(
        speed=i18n.number(round(res.hands_per_second)), seconds=fixed(res.elapsed)))
    out.print(verdict(res), style="bold", markup=False)


# ---------------------------------------------------------------------------------------
