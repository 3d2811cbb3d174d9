"""The Typer app: its root options (--version, --help) and every command, in the order
``domine --help`` lists them.

Each command's module imports at its top only what its arguments need (Typer, pathlib, the
shared helpers); the engine, the games, the bots, the records and Rich are imported when the
command runs. ``list`` and ``rules`` are declared here and do their work in info.py, which
``main`` in __init__.py also runs without Typer.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from . import arena, info, play, render, replay, review, simulate, study
from .language import speak
from .options import GameArgument

app = typer.Typer(
    name="domine",
    help="Play, simulate and replay domino games of the Balkan, Central European and international traditions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # plain help: flags show as flags (-q, --quiet) and defaults as typed, whatever the Typer version
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command("list")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON array instead of a table.")] = False,
) -> None:
    """List the games: id, name, players, family and a summary."""
    info.show_games(as_json)


@app.command()
def rules(
    game: GameArgument,
) -> None:
    """Show the rules of a game."""
    info.show_rules(game)


app.command()(play.play)
app.command("simulate")(simulate.simulate_cmd)
app.command("arena")(arena.arena_cmd)
app.command("study")(study.study_cmd)
app.command("replay")(replay.replay_cmd)
app.command("render")(render.render_cmd)
app.command("review")(review.review_cmd)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"domine {version('domine')}")
        except PackageNotFoundError:
            typer.echo("domine (version unknown)")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="LANG", show_default=False,
        help="Language: en, sr-Latn, sr-Cyrl or pl (default: DOMINE_LANG, else the locale, else en).")] = None,
) -> None:
    """Play, simulate and replay domino games."""
    speak(lang)
