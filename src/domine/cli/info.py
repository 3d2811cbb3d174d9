"""What ``domine list`` and ``domine rules`` print: the games and their rules, read from the
catalog (no game module, no engine), Rich's Markdown only for a rules text itself.

No Typer here: ``main`` (in __init__.py) runs these without it; commands.py declares the two
commands' arguments for everything else (``--help``, options, errors in the arguments).
"""

from __future__ import annotations

import json
import sys

from .. import i18n
from ..i18n import _, pgettext
from . import catalog
from .common import UserError, handled, option_text, out_console, pipe_closed_quietly


def _names_shown(title: str) -> set[str]:
    """The names a game's title in a language already says: ``Čiva (Chiva)``: both."""
    parts = title.replace("(", ",").replace(")", ",").split(",")
    return {title.lower(), *(p.strip().lower() for p in parts if p.strip())}


def show_games(as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(catalog.games(), indent=2, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        return
    from rich.table import Table
    from rich.text import Text

    # one entry a game: id, name, players and family; the summary; the other names it goes by
    script = str
    if i18n.current() == "sr-Cyrl":   # the other names as the page's title writes them: Блиц
        from ..i18n.translit import to_cyrillic as script
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for game in catalog.games():
        name = pgettext("game name", game["name"])
        players = i18n.players(game["min_players"], game["max_players"])
        text = Text.assemble((name, "bold"), f" · {players} · {pgettext('family', game['family'])}\n",
                             pgettext("summary", game["summary"]))
        shown = {name.lower()} if name == game["name"] else _names_shown(name) | {game["name"].lower()}
        others = [script(a) for a in game["aliases"] if script(a).lower() not in shown]
        if others:
            text.append("\n" + _("also: ") + ", ".join(others), style="dim")
        table.add_row(game["id"], text)
    with pipe_closed_quietly():
        out = out_console()
        out.print(table)
        out.print("[dim]" + _("domine rules GAME shows a game's rules; any name above works too (e.g. 'Blic').")
                  + "[/dim]")


def game_title(game: object) -> str:
    """A game's name in the active language: the title of its rules page there (``Čiva (Chiva)``)."""
    return pgettext("game name", str(getattr(game, "name", game)))


def rules_text(game_id: str, language: str | None = None) -> str:
    """A game's rules page in ``language`` (the active one by default; ``domine.rules``)."""
    from ..rules import rules_text as page
    return page(game_id, language or i18n.current())


def show_rules(name: str) -> None:
    with handled(), pipe_closed_quietly():
        game = catalog.find(name)
        try:
            text = rules_text(game["id"])
        except OSError:
            raise UserError(_("no rules text is installed for {game}").format(game=game["id"])) from None
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
            out.print("[bold]" + _("Options") + "[/bold] (--option key=value):")
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
            for o in game["options"]:
                values = "yes/no" if o["type"] == "bool" else "/".join(o["choices"]) if o["choices"] else \
                    _("a number") if o["type"] == "int" else _("text")
                default = "" if o["default"] is None else \
                    _("; default {value}").format(value=option_text(o["default"]))
                grid.add_row(Text(f"  {o['name']}", style="bold"),
                             Text(f"{pgettext('option', o['help'])} ({values}{default})"))
            out.print(grid)


def show_variant_rules(game, path) -> None:
    """``domine rules --variant FILE``: the variant's rules, written from its parts."""
    with handled(), pipe_closed_quietly():
        from .variant import game_or_variant
        _id, text = game_or_variant(game, path)
        from rich.markdown import Markdown

        from ..variants.doc import rules_markdown
        out = out_console()
        with out.capture() as captured:
            out.print(Markdown(rules_markdown(text)))
        sys.stdout.write("\n".join(line.rstrip() for line in captured.get().splitlines()) + "\n")
