"""The registry: every game by id and by any of its aliases. Each game is a module here, or a
data file in ``data/`` composed of the engine's named parts (``compose.data_game``)."""

from __future__ import annotations

import difflib
import unicodedata

import importlib
import importlib.resources
import pkgutil

from .base import Game, GameError

#: The order ``domine list`` shows; games not named here follow by id.
FIRST = ("family", "ordinary", "partners", "blitz", "cross", "matador", "bergen", "block", "draw")


#: modules here that define no game (the action space and its doc tables)
NOT_GAMES = frozenset({"actions", "actions_doc", "compose"})


def _discover() -> dict[str, type[Game]]:
    """Every game defined in a module of this package: adding a game is adding a module."""
    found: dict[str, type[Game]] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name in NOT_GAMES:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Game) and value.__module__ == module.__name__ \
                    and value.id != Game.id:
                found[value.id] = value
    found.update(_data_games())
    order = {gid: i for i, gid in enumerate(FIRST)}
    return dict(sorted(found.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))


def _data_games() -> dict[str, type[Game]]:
    """The games written as data: every ``data/<id>.toml`` of the package, read as modules are."""
    from .compose import data_game
    files = sorted((f for f in importlib.resources.files(__name__).joinpath("data").iterdir()
                    if f.name.endswith(".toml")), key=lambda f: f.name)
    return {cls.id: cls for cls in (data_game(f.read_text(encoding="utf-8")) for f in files)}


GAMES: dict[str, type[Game]] = _discover()


def option_sets(cls: type[Game], players: int) -> list[dict]:
    """Option sets that exercise a game, from its own declarations: none, then each option
    moved off its default (each choice of a choice option, alone and with each yes/no
    option; each other set alone), keeping those the game accepts for ``players``."""
    candidates: list[dict] = [{}]
    flags = [o.name for o in cls.options if o.kind is bool]
    for o in cls.options:
        if o.name == "set":
            # each other set alone, and with each yes/no option that needs one (bergen's spinner)
            others = [c for c in o.choices if c != o.default]
            candidates += [{"set": c} for c in others]
            candidates += [{"set": c, f: True} for c in others for f in flags if not _accepts(cls, players, {f: True})]
        elif o.kind is bool:
            candidates.append({o.name: not o.default})
        elif o.choices:
            for c in o.choices:
                if c != o.default:
                    candidates.append({o.name: c})
                    candidates += [{o.name: c, f: True} for f in flags]
        elif o.kind is int and o.default is not None:
            candidates.append({o.name: o.default + 2})
    out = []
    for opts in candidates:
        try:
            cls(players, opts)
        except GameError:
            continue
        if opts not in out:
            out.append(opts)
    return out


def _accepts(cls: type[Game], players: int, options: dict) -> bool:
    try:
        cls(players, options)
    except GameError:
        return False
    return True


#: letters that Unicode does not decompose into a base letter and an accent
_PLAIN_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ß": "ss"})


def _key(name: str) -> str:
    """A name as typed, folded so that "Błyskawica", "blyskawica" and "BLYSKAWICA" meet."""
    text = unicodedata.normalize("NFKD", name.translate(_PLAIN_LETTERS)).encode("ascii", "ignore").decode()
    return "".join(ch for ch in text.lower() if ch.isalnum())


_ALIASES: dict[str, str] = {}
for _cls in GAMES.values():
    for _alias in (_cls.id, _cls.name, *_cls.aliases):
        _ALIASES.setdefault(_key(_alias), _cls.id)
for _cls in GAMES.values():
    _ALIASES[_key(_cls.id)] = _cls.id   # ids always win over another game's alias


#: games made from variant files (``domine.variants``), by id: found after the built-in games
VARIANTS: dict[str, type[Game]] = {}


def register_variant(cls: type[Game]) -> None:
    """Let ``game_class`` find a variant file's game by its id (the last one loaded under an id)."""
    VARIANTS[cls.id] = cls


def variant_named(name: str) -> type[Game] | None:
    return VARIANTS.get(str(name).strip().lower())


def game_class(name: str) -> type[Game]:
    """Find a game by id or alias, then a loaded variant by id; an unknown name suggests the closest ids."""
    gid = _ALIASES.get(_key(str(name)))
    if gid is None and variant_named(name) is not None:
        return VARIANTS[str(name).strip().lower()]
    if gid is None:
        close = suggest(str(name))
        if close:
            raise GameError("unknown-game-did-you-mean", name=name, games=[f"{g} ({GAMES[g].name})" for g in close])
        raise GameError("unknown-game", name=name)
    return GAMES[gid]


def _words() -> dict[str, str]:
    """Each word of every id, name and alias (accents and case folded) -> its game."""
    out: dict[str, str] = {}
    for cls in GAMES.values():
        for alias in (cls.id, cls.name, *cls.aliases):
            for word in unicodedata.normalize("NFKD", alias).replace("-", " ").replace("_", " ").split():
                k = _key(word)
                if len(k) >= 4 and k not in ("dominoes", "domino", "domine", "game", "igra", "with", "partner"):
                    out.setdefault(k, cls.id)
    return out


def suggest(name: str, n: int = 3) -> list[str]:
    """Games a mistyped name may mean: by id, name, alias and their words, whatever the case
    and accents ('Russian' -> matador, 'porodicna' -> family)."""
    key = _key(name)
    if not key:
        return []
    words = _words()
    pools = (_ALIASES, words)

    def unique(ids) -> list[str]:
        return list(dict.fromkeys(ids))[:n]

    # a word or name the text starts, or that starts it ('russian' -> 'russiandominoes')
    found = unique(gid for pool in pools for k, gid in pool.items()
                   if len(key) >= 4 and (k.startswith(key) or key.startswith(k)))
    if found:
        return found
    found = unique(pool[k] for pool in pools for k in difflib.get_close_matches(key, list(pool), n=6, cutoff=0.75))
    if found:
        return found
    return difflib.get_close_matches(name.lower(), list(GAMES), n=n, cutoff=0.5)


def make_game(name: str, players: int | None = None, options: dict | None = None) -> Game:
    return game_class(name)(players, options)


__all__ = ["GAMES", "VARIANTS", "game_class", "make_game", "option_sets", "register_variant", "suggest", "variant_named"]
