"""The browser client's pages and read-only data (docs/server.md, "HTTP routes"): the lobby, the
table and replay pages, their static files, the client's words, the games and their pictures,
the rules pages. The app includes ``router``; nothing here touches a table or the database."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import PurePosixPath

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..i18n import LANGUAGES, LanguageError, language_of, pgettext
from . import texts

router = APIRouter()

#: the content type of each kind of static file (a JavaScript module must be served as JavaScript)
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".json": "application/json",
    ".webmanifest": "application/manifest+json",
}

#: the static files change only with the package: the browser may keep them an hour
CACHE = {"Cache-Control": "public, max-age=3600"}


def _static():
    return resources.files("domine").joinpath("server", "static")


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(_static().joinpath(name).read_text(encoding="utf-8"),
                        headers={"Cache-Control": "no-cache", "Referrer-Policy": "no-referrer"})


def _lang(value: str | None) -> str:
    """A language from a query or path (``sr_Latn``, ``polski``); an unknown one is a 404 naming the choices."""
    if not value:
        return "en"
    try:
        return language_of(value)
    except LanguageError as e:
        raise HTTPException(404, str(e)) from None


@router.get("/", response_class=HTMLResponse)
def lobby() -> HTMLResponse:
    return _page("lobby.html")


@router.get("/t/{table}", response_class=HTMLResponse)
def table_page(table: str) -> HTMLResponse:
    """The table page; the seat's token rides in the URL's fragment, which no request carries."""
    return _page("table.html")


@router.get("/replay", response_class=HTMLResponse)
def replay_page() -> HTMLResponse:
    return _page("replay.html")


@router.get("/static/{path:path}")
def static(path: str) -> Response:
    """A file of ``server/static`` (package data); nothing outside it, whatever the path says."""
    parts = PurePosixPath(path).parts
    suffix = PurePosixPath(path).suffix.lower()
    if not parts or any(p in ("..", ".") or p.startswith(".") or "\\" in p for p in parts) or suffix not in CONTENT_TYPES:
        raise HTTPException(404, "no such file")
    item = _static().joinpath(*parts)
    if not item.is_file():
        raise HTTPException(404, "no such file")
    return Response(item.read_bytes(), media_type=CONTENT_TYPES[suffix], headers=CACHE)


@router.get("/api/i18n/{lang}")
def client_strings(lang: str) -> JSONResponse:
    """The client's words in ``lang``, and the languages to choose from."""
    language = _lang(lang)
    return JSONResponse({"lang": language, "languages": texts.languages(), "strings": texts.strings(language)})


def game_entry(cls, lang: str) -> dict:
    """One game for the lobby, in ``lang``: the words of ``domine list`` (the same catalog entries)."""
    return {
        "id": cls.id, "name": pgettext("game name", cls.name, lang), "english": cls.name,
        "original": [a for a in cls.aliases if a != cls.name],
        "min_players": cls.min_players, "max_players": cls.max_players,
        "family": pgettext("family", cls.family, lang), "summary": pgettext("summary", cls.summary, lang),
        "options": [{"name": o.name, "type": o.kind.__name__, "default": o.default,
                     "help": pgettext("option", o.help, lang), "choices": list(o.choices)} for o in cls.options],
    }


@router.get("/api/games")
def games(lang: str | None = Query(None)) -> JSONResponse:
    """The games, in the order of ``domine list``."""
    from ..games import GAMES
    language = _lang(lang)
    return JSONResponse([game_entry(cls, language) for cls in GAMES.values()])


@lru_cache(maxsize=None)
def picture(game_id: str) -> str:
    """An SVG picture of a game's layout at a sample position: greedy bots play a seeded hand
    until a dozen tiles are down (or the hand ends)."""
    from ..bots import make_bot
    from ..engine.geometry import layout_geometry
    from ..engine.match import Match
    from ..games import make_game
    from ..render import svg

    game = make_game(game_id)
    match = Match(game, seed=7)
    state = match.start_hand()
    bots = [make_bot("greedy", 7 + s) for s in range(game.players)]
    for _ in range(400):
        if state.over or state.layout.mask.bit_count() >= 12:
            break
        seat = state.acting_seat()
        state.apply(bots[seat].choose(state.observation(seat)))
    return svg(layout_geometry(state.layout))


@router.get("/api/games/{game_id}/picture.svg")
def game_picture(game_id: str) -> Response:
    from ..games import GAMES
    if game_id not in GAMES:
        raise HTTPException(404, f"unknown game {game_id!r}")
    return Response(picture(game_id), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


def rules_text(game_id: str, lang: str) -> str:
    """A game's rules page in ``lang`` (Serbian Cyrillic from the Latin page), else the English one."""
    rules = resources.files("domine").joinpath("rules")
    if lang != "en":
        page = rules.joinpath("sr-Latn" if lang == "sr-Cyrl" else lang, f"{game_id}.md")
        if page.is_file():
            text = page.read_text(encoding="utf-8")
            if lang == "sr-Cyrl":
                from ..i18n.translit import to_cyrillic
                text = to_cyrillic(text)
            return text
    return rules.joinpath(f"{game_id}.md").read_text(encoding="utf-8")


@router.get("/api/rules/{game_id}")
def rules(game_id: str, lang: str | None = Query(None)) -> JSONResponse:
    """A game's rules page (Markdown) in the language asked for."""
    from ..games import GAMES
    if game_id not in GAMES:
        raise HTTPException(404, f"unknown game {game_id!r}")
    language = _lang(lang)
    return JSONResponse({"game": game_id, "lang": language, "text": rules_text(game_id, language)})


__all__ = ["CONTENT_TYPES", "LANGUAGES", "game_entry", "picture", "router", "rules_text"]
