"""The parameters several commands take, as Typer declares them (their help in the language the
command line chose before it imported this: cli/__init__.py's ``main``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import _


def duration(value: object, what: str) -> float:
    """A time option (``--think``, ``--speed``): 0.5, 0.5s, 50ms, 1m; a bad one is a usage error."""
    from ..bots import BotError, parse_duration

    try:
        return parse_duration(value, what)
    except BotError as e:
        raise typer.BadParameter(str(e).removeprefix(what + " "), param_hint=f"'{what}'") from None


GameArgument = Annotated[str, typer.Argument(metavar="GAME", help=_("Game id or alias (see 'domine list')."))]
PlayersOption = Annotated[Optional[int], typer.Option("--players", "-p", help=_("Number of players."))]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help=_("Worker processes (0: one per CPU)."))]
JsonOption = Annotated[bool, typer.Option("--json", help=_("Print one JSON object."))]
ThinkOption = Annotated[Optional[float], typer.Option(
    "--think", metavar="TIME", parser=lambda value: duration(value, "--think"),
    help=_("Time limit per decision for the search bots (search, hard): 0.5, 0.5s, 50ms, 1m."))]
GameOptions = Annotated[Optional[list[str]], typer.Option(
    "--option", "-o", metavar="KEY=VALUE", help=_("Game option key=value (repeatable; see 'domine rules GAME')."))]
RecordDirOption = Annotated[Optional[Path], typer.Option(
    "--record-dir", metavar="DIR", help=_("Write every match (arena: every play) as a JSON record into DIR."))]
JsonlOption = Annotated[Optional[Path], typer.Option(
    "--jsonl", metavar="FILE", help=_("Write every match (arena: every play) as a record, one JSON line each."))]
VariantOption = Annotated[Optional[Path], typer.Option(
    "--variant", metavar="FILE", help=_("Play a variant file (TOML: house rules as data; docs/variants.md) instead of a GAME."))]
RayOption = Annotated[Optional[str], typer.Option(
    "--ray", metavar="auto|ADDRESS",
    help=_("Play on a Ray cluster instead of --jobs processes: auto (the one this machine belongs to) or its "
           "head's address; the same results (needs domine[cluster]; docs/cluster.md)."))]
PlotOption = Annotated[Optional[Path], typer.Option(
    "--plot", metavar="FILE", help=_("Draw the results into FILE, a .png or .svg picture (needs domine[plot])."))]
