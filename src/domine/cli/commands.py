"""The Typer app: its root options (--version, --help) and every command, in the order
``domine --help`` lists them.

Each command's module imports at its top only what its arguments need (Typer, pathlib, the
shared helpers); the engine, the games, the bots, the records and Rich are imported when the
command runs. ``list`` and ``rules`` are declared here and do their work in info.py, which
``main`` in __init__.py also runs without Typer.

Every help text is in the language ``main`` chose before it imported this module (Typer reads
them when the app is declared); Typer's own words are ``usage``'s.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import _
from . import arena, info, play, render, replay, review, serve, simulate, study, variant, verify
from .language import speak
from .options import VariantOption
from .usage import Command, Group, speak_typer

speak_typer()

app = typer.Typer(
    name="domine",
    cls=Group,
    help=_("Play, simulate and replay domino games of the Balkan, Central European and international traditions."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # plain help: flags show as flags (-q, --quiet) and defaults as typed, whatever the Typer version
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("list", cls=Command, help=_("List the games: id, name, players, family and a summary."))
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help=_("Print a JSON array instead of a table."))] = False,
) -> None:
    """``domine list``."""
    info.show_games(as_json)


@app.command(cls=Command, help=_("Show the rules of a game (or of a variant file, from its parts)."))
def rules(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help=_("Game id or alias (see 'domine list'); not needed with --variant."))] = None,
    variant_file: VariantOption = None,
) -> None:
    """``domine rules GAME`` or ``domine rules --variant FILE`` (a variant, from its parts)."""
    if variant_file is not None or game is None:
        info.show_variant_rules(game, variant_file)
        return
    info.show_rules(game)


app.command("play", cls=Command, help=play.HELP)(play.play)
app.command("simulate", cls=Command, help=simulate.HELP)(simulate.simulate_cmd)
app.command("arena", cls=Command, help=arena.HELP)(arena.arena_cmd)
app.command("study", cls=Command, help=study.HELP)(study.study_cmd)
app.command("replay", cls=Command, help=replay.HELP)(replay.replay_cmd)
app.command("render", cls=Command, help=render.HELP)(render.render_cmd)
app.command("review", cls=Command, help=review.HELP)(review.review_cmd)
app.command("serve", cls=Command, help=serve.HELP)(serve.serve_cmd)
app.command("verify", cls=Command, help=verify.HELP)(verify.verify_cmd)
app.add_typer(variant.app, name="variant")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"domine {version('domine')}")
        except PackageNotFoundError:
            typer.echo(_("domine (version unknown)"))
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help=_("Show the version and exit."))] = False,
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG", show_default=False,
        help=_("Language: en, sr-Latn, sr-Cyrl or pl (default: DOMINE_LANG, else the locale, else en)."))] = None,
) -> None:
    """The root options. ``main`` in __init__.py chose the language before the help texts were
    read; choosing it here too serves a caller of the app itself (tests), whose help stays in
    the language of the import."""
    speak(lang)
