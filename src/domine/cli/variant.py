"""``domine variant check FILE``: a variant file played over a few hundred random hands, every
promise of a game checked (``domine.sim.checks``), the verdict in plain words. And the one
reading of a ``--variant FILE`` every command shares (``variant_text``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from .. import i18n
from ..i18n import _
from .common import UserError, err_console, handled, out_console, progress_bar
from .usage import Command, Group

#: What ``domine variant check --help`` says of the command.
CHECK_HELP = "\n\n".join([
    _("Play random hands of a variant and check that every hand ends, tiles are conserved, no seat sees "
      "what it may not, every legal move applies, records replay and the action codec round-trips."),
    _("Exit code 0: all hold; 1: one failed (said how); 2: the file is refused."),
])

app = typer.Typer(name="variant", cls=Group, help=_("Variant files: house rules as data (docs/variants.md)."),
                  no_args_is_help=True, add_completion=False, rich_markup_mode=None)


def variant_text(path: Path) -> str:
    """A variant file's text, read and checked (its game is then known by its id); a file that
    cannot be read, or that is no playable variant, is a ``UserError`` / ``VariantError``: one line."""
    from ..games.base import GameError
    from ..variants import load_variant

    if not path.exists():
        raise UserError(_("--variant {path}: no such file").format(path=path))
    if path.is_dir():
        raise UserError(_("--variant {path}: it is a directory").format(path=path))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(_("--variant {path}: not a text file in UTF-8").format(path=path)) from None
    try:
        load_variant(text)
    except GameError as e:   # a VariantError: the key, the value, what is allowed; named with the file
        raise UserError(f"{path}: {i18n.explain(e)}") from None
    return text


def game_or_variant(game: Optional[str], variant: Optional[Path]) -> tuple[str, Optional[str]]:
    """The game a command plays: its GAME, or the id of the variant in ``variant`` (and its text)."""
    if variant is not None and game is not None:
        raise UserError(_("give a GAME or --variant FILE, not both"))
    if variant is None:
        if game is None:
            raise UserError(_("give a GAME (see 'domine list') or --variant FILE"))
        return game, None
    from ..variants import load_variant
    text = variant_text(variant)
    return load_variant(text).id, text


@app.command("check", cls=Command, help=CHECK_HELP)
def check_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=_("A variant file (TOML; see docs/variants.md)."))],
    hands: Annotated[int, typer.Option(help=_("Random hands to play, shared among the player counts."))] = 300,
    seed: Annotated[int, typer.Option(help=_("Seed; the same seed plays the same hands."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print one JSON object."))] = False,
) -> None:
    """``domine variant check FILE`` (its help is CHECK_HELP)."""
    from ..sim.checks import CHECKS
    from ..variants import load_variant

    with handled():
        if hands < 1:
            raise UserError(_("--hands must be at least 1"))
        cls = load_variant(variant_text(file))
        from ..sim.checks import check_game
        with progress_bar(_("checking"), _("hands"), hands, show=not as_json) as advance:
            report = check_game(cls, hands=hands, seed=seed, progress=advance)
    if as_json:
        typer.echo(json.dumps({"variant": cls.id, "ok": report.ok, "players": report.players,
                               "hands": report.hands, "matches": report.matches, "states": report.states,
                               "checks": [{"check": c, "checked": report.counts[c],
                                           "failures": [str(f) for f in report.failed(c)]} for c in CHECKS]},
                              indent=2))
        raise typer.Exit(0 if report.ok else 1)
    out = out_console()
    lo, hi = report.players[0], report.players[-1]
    players = str(lo) if lo == hi else f"{lo}-{hi}"
    out.print(f"[bold]{cls.name}[/bold] ({cls.id}) · " + _("{players} players · {hands} hands in {matches} matches"
              " · seed {seed}").format(players=players, hands=report.hands, matches=report.matches, seed=seed),
              highlight=False)
    from ..sim.checks import HANDS_END, RECORDS
    what = {HANDS_END: _("hands"), RECORDS: _("matches")}
    for check in CHECKS:
        failed = report.failed(check)
        count = f"{report.counts[check]} {what.get(check, _('positions'))}"
        if failed:
            out.print("[bold red]✗[/bold red] " + _("{check}: failed ({count} passed before)").format(
                check=check, count=count), highlight=False)
            for f in failed[:3]:
                out.print(f"    {f}", markup=False, highlight=False)
        else:
            out.print(f"[green]✓[/green] {check} ({count})", highlight=False)
    if report.ok:
        out.print(_("All checks hold."), style="green")
        return
    err_console().print(_("The variant breaks a promise every game keeps: see above."), style="bold red")
    raise typer.Exit(1)
