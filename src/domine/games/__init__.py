"""The registry: every game by id and by any of its aliases. Each game is a module here."""

from __future__ import annotations

import difflib
import unicodedata

from ..game import Game, GameError
from .bergen import Bergen
from .blitz import Blitz
from .block import Block
from .cross import Cross
from .draw import Draw
from .family import Family
from .matador import Matador
from .ordinary import Ordinary
from .partners import Partners

GAMES: dict[str, type[Game]] = {
    cls.id: cls for cls in (Family, Ordinary, Partners, Blitz, Cross, Matador, Bergen, Block, Draw)
}


def _key(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "".join(ch for ch in text.lower() if ch.isalnum())


_ALIASES: dict[str, str] = {}
for _cls in GAMES.values():
    for _alias in (_cls.id, _cls.name, *_cls.aliases):
        _ALIASES.setdefault(_key(_alias), _cls.id)
for _cls in GAMES.values():
    _ALIASES[_key(_cls.id)] = _cls.id   # ids always win over another game's alias


def game_class(name: str) -> type[Game]:
    """Find a game by id or alias; an unknown name suggests the closest ids."""
    gid = _ALIASES.get(_key(name))
    if gid is None:
        close = difflib.get_close_matches(name.lower(), list(GAMES), n=3, cutoff=0.5)
        hint = f" Did you mean {' or '.join(close)}?" if close else ""
        raise GameError(f"unknown game {name!r}.{hint} ('domine list' shows all games)")
    return GAMES[gid]


def make_game(name: str, players: int | None = None, options: dict | None = None) -> Game:
    return game_class(name)(players, options)


__all__ = ["GAMES", "game_class", "make_game"]
