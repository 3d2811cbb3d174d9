"""What ``domine list`` and ``domine rules`` print: the games and their rules, read from the
catalog (no game module, no engine), Rich's Markdown only for a rules text itself.

No Typer here: ``main`` (in __init__.py) runs these without it; commands.py declares the two
commands' arguments for everything else (``--help``, options, errors in the arguments).
"""

from __future__ import annotations

import json
import sys

from . import catalog
from .common import UserError, handled, option_text, out_console, pipe_closed_quietly


def _players_text(game: dict) -> str:
    lo, hi = game["min_players"], game["max_players"]
    return str(lo) if lo == hi else f"{lo}-{hi}"


def show_games(as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(catalog.games(), indent=2, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        return
    from rich.table import Table
    from rich.text import Text

    # one entry a game: id, name, players and family; the summary; the other names it goes by
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for game in catalog.games():
        text = Text.assemble((game["name"], "bold"), f" · {_players_text(game)} players · {game['family']}\n",
                             game["summary"])
        others = [a for a in game["aliases"] if a.lower() != game["name"].lower()]
        if others:
            text.append("\nalso: " + ", ".join(others), style="dim")
        table.add_row(game["id"], text)
    with pipe_closed_quietly():
        out = out_console()
        out.print(table)
        out.print("[dim]domine rules GAME shows a game's rules; any name above works too (e.g. 'Blic').[/dim]")


def rules_text(game_id: str) -> str:
    from importlib import resources
    return resources.files("domine").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")


def show_rules(name: str) -> None:
    with handled(), pipe_closed_quietly():
        game = catalog.find(name)
        try:
            text = rules_text(game["id"])
        except OSError:
            raise UserError(f"no rules text is installed for {game['id']}") from None
        from rich.markdown import Markdown
        from rich.table import Table
        from rich.text import Text

        out = out_console()
        if out.is_terminal:
            out.print(Markdown(text))
        else:   # piped: the same lines without the padding Rich adds up to the width
            with out.capture() as captured:
                out.print(Markdown(text))
            sys.stdout.write("\n".join(line.rstrip() for line in captured.get().splitlines()) + "\n")
        if game["options"]:
            out.print()
            out.print("[bold]Options[/bold] (--option key=value):")
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
            for o in game["options"]:
                values = "yes/no" if o["type"] == "bool" else "/".join(o["choices"]) if o["choices"] else \
                    "a number" if o["type"] == "int" else "text"
                default = "" if o["default"] is None else f"; default {option_text(o['default'])}"
                grid.add_row(Text(f"  {o['name']}", style="bold"), Text(f"{o['help']} ({values}{default})"))
            out.print(grid)
