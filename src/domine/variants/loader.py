"""A variant file's text made into a game: checked against the registry of parts, refused in
plain words (the key, the value, what is allowed), never with a traceback.

``load_variant(text)`` returns a ``Game`` class, composed (``domine.games.compose``) from
``Game`` (the general rules) or from the built-in game the file names as its ``base``, with the
declarations of the parts the file names. The class carries the file's text (``variant_source``), so a record of a match of it
replays anywhere; it is registered by its id (``domine.games.register_variant``), so bots,
records and the command line find it as they find any game. Pure: text in, a class out.
"""

from __future__ import annotations

import difflib
import re
import tomllib

from .. import games as registry
from ..games.base import Game, GameError
from ..games.compose import Variant, VariantError, _players, compose, read_slots, refuse, shown
from ..parts.vocabulary import HEADER, SLOTS


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,47}$")


def read_variant(text: str) -> Variant:
    """Read and check a variant file's text (``VariantError`` at the first fault)."""
    if not isinstance(text, str):
        raise VariantError("variant-not-text")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise VariantError("not-toml", why=str(e)) from None
    except RecursionError:
        raise VariantError("variant-nested") from None
    known = list(HEADER) + [s.key for s in SLOTS]
    for key in doc:
        if key not in known:
            close = difflib.get_close_matches(key, known, 1, 0.6)
            if close:
                raise VariantError("no-such-key-did-you-mean", key=key, shown=shown(doc[key]), close=close[0], known=known)
            raise VariantError("no-such-key", key=key, shown=shown(doc[key]), known=known)
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        raise refuse("name", name, "the variant's name, as text (required)") if "name" in doc else \
            VariantError("variant-name-missing")
    vid = doc.get("id", _slug(name))
    if not isinstance(vid, str) or not ID_PATTERN.match(vid):
        raise refuse("id", vid, "small letters, digits and dashes, at most 48, starting with a letter or digit")
    if vid in registry.GAMES or _is_builtin_name(vid):
        raise refuse("id", vid, "that is a built-in game's name: a variant needs an id of its own")
    summary = doc.get("summary", "")
    if not isinstance(summary, str):
        raise refuse("summary", summary, "one line of text")
    base = None
    if "base" in doc:
        if not isinstance(doc["base"], str):
            raise refuse("base", doc["base"], "a built-in game's id, such as \"draw\" ('domine list' shows them)")
        try:
            base = registry.game_class(doc["base"])
        except GameError:
            close = difflib.get_close_matches(doc["base"], list(registry.GAMES), n=1, cutoff=0.6)
            if close:
                raise VariantError("no-such-base-game-did-you-mean", key="base", shown=shown(doc["base"]),
                                   close=close[0]) from None
            raise VariantError("no-such-base-game", key="base", shown=shown(doc["base"])) from None
        if getattr(base, "variant_source", None) is not None:
            raise refuse("base", doc["base"], "a built-in game ('domine list' shows them), not another variant")
    players = _players(doc.get("players"), base) if "players" in doc else \
        (base.min_players, base.max_players) if base is not None else (2, 4)
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise refuse("options", options, "a table of the base game's options, such as { target = 150 }")
    if options and base is None:
        raise refuse("options", options, "options belong to a base game: name one with base = \"...\"")
    choices = read_slots(doc)
    if base is None and "deal" not in choices:
        raise VariantError("deal is missing: without a base game a variant says how many tiles each player "
                           "is dealt, e.g. deal = { hands = 7 }")
    return Variant(vid, name.strip(), summary.strip(), base, players, dict(options), choices, text)


def _is_builtin_name(vid: str) -> bool:
    try:
        registry.game_class(vid)
    except GameError:
        return False
    return registry.variant_named(vid) is None


# -- the one door ----------------------------------------------------------------------------------
_LOADED: dict[str, type[Game]] = {}


def load_variant(text: str) -> type[Game]:
    """The game of a variant file's text, registered by its id; the same text gives the same class."""
    cls = _LOADED.get(text) if isinstance(text, str) else None
    if cls is None:
        cls = compose(read_variant(text))
        _LOADED[text] = cls
    registry.register_variant(cls)
    return cls


def variant_game(text: str, players: int | None = None, options: dict | None = None) -> Game:
    """A configured game of a variant file's text."""
    return load_variant(text)(players, options)
