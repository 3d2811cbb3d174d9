"""The browser client's routes (domine.server.pages) through FastAPI's TestClient: the pages, the
static files with their content types, the client's words in every language, the games and their
pictures, the rules pages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from domine.games import GAMES
from domine.i18n import LANGUAGES
from domine.server import pages, texts

STATIC = Path(pages.__file__).with_name("static")


@pytest.fixture(scope="module")
def client():
    app = FastAPI()
    app.include_router(pages.router)
    return TestClient(app)


@pytest.mark.parametrize("path", ["/", "/t/abc123", "/replay"])
def test_the_pages_are_html_that_load_their_module(client, path):
    reply = client.get(path)
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/' in reply.text
    assert "http://" not in reply.text and "https://" not in reply.text   # no CDN, no font, no tracker


def test_static_files_are_served_with_their_content_types(client):
    expected = {".js": "text/javascript", ".css": "text/css", ".html": "text/html"}
    files = sorted(p for p in STATIC.iterdir() if p.suffix in expected)
    assert {p.suffix for p in files} == set(expected)
    for p in files:
        reply = client.get(f"/static/{p.name}")
        assert reply.status_code == 200, p.name
        assert reply.headers["content-type"].startswith(expected[p.suffix]), p.name
        assert reply.content == p.read_bytes()


@pytest.mark.parametrize("path", ["/static/../view.py", "/static/%2e%2e/view.py", "/static/nothing.js",
                                  "/static/.hidden.js", "/static/view.py"])
def test_nothing_outside_the_static_folder_is_served(client, path):
    assert client.get(path).status_code == 404


def test_the_client_code_loads_nothing_from_elsewhere():
    for p in STATIC.iterdir():
        text = p.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")   # SVG's namespace
        assert not re.search(r"https?://", text), f"{p.name} names another site"
        assert "@import" not in text and "fonts.googleapis" not in text


def test_the_games_json_holds_all_41_games_in_each_language(client):
    for lang in LANGUAGES:
        reply = client.get(f"/api/games?lang={lang}")
        assert reply.status_code == 200
        games = reply.json()
        assert len(games) == 41 == len(GAMES)
        assert [g["id"] for g in games] == list(GAMES)
        for g in games:
            assert g["name"] and g["summary"] and g["family"]
            assert 2 <= g["min_players"] <= g["max_players"]
            for o in g["options"]:
                assert {"name", "type", "default", "help", "choices"} <= set(o)
    chiva = next(g for g in client.get("/api/games?lang=sr-Cyrl").json() if g["id"] == "chiva")
    assert chiva["name"].startswith("Чива")


def test_every_picture_is_an_svg_of_its_game(client):
    for gid in GAMES:
        reply = client.get(f"/api/games/{gid}/picture.svg")
        assert reply.status_code == 200, gid
        assert reply.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(reply.content)
        assert root.tag.endswith("svg") and len(root) > 0, gid
    assert client.get("/api/games/nosuchgame/picture.svg").status_code == 404


def test_the_client_strings_are_in_every_language_with_their_placeholders(client):
    english = client.get("/api/i18n/en").json()["strings"]
    assert english == texts.strings("en")
    for lang in LANGUAGES:
        data = client.get(f"/api/i18n/{lang}").json()
        assert data["lang"] == lang and set(data["languages"]) == set(LANGUAGES)
        strings = data["strings"]
        assert set(strings) == set(english)
        for key, text in strings.items():
            assert text, (lang, key)
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", english[key])), (lang, key)
            if lang != "en" and key not in SAME_IN_EVERY_LANGUAGE:
                assert text != english[key], f"{key} is not translated into {lang}"
    assert client.get("/api/i18n/sr_Latn").json()["lang"] == "sr-Latn"
    assert client.get("/api/i18n/klingon").status_code == 404


#: client strings whose translation may read as the English does
SAME_IN_EVERY_LANGUAGE = {"lobby.bot", "table.bot", "table.played"}


def test_every_key_the_client_reads_is_served():
    served = set(texts.strings("en"))
    used = set()
    for p in STATIC.glob("*.js"):
        used |= set(re.findall(r"\bt\(\"([a-z_]+\.[a-z_]+)\"", p.read_text(encoding="utf-8")))
    assert used and used <= served, sorted(used - served)


def test_the_rules_of_a_game_in_each_language(client):
    assert client.get("/api/rules/block").json()["text"].startswith("# ")
    polish = client.get("/api/rules/chiva?lang=pl").json()
    assert polish["lang"] == "pl" and polish["text"] != client.get("/api/rules/chiva").json()["text"]
    assert "Чива" in client.get("/api/rules/chiva?lang=sr-Cyrl").json()["text"]
    assert client.get("/api/rules/nosuchgame").status_code == 404


def test_every_interactive_element_named_for_tests_is_listed_in_the_docs():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "server.md").read_text(encoding="utf-8")
    section = doc.split("## For tests", 1)[1]
    ids = set()
    for p in STATIC.glob("*.js"):
        for found in re.findall(r'"data-testid": [`"]([a-z-]+)', p.read_text(encoding="utf-8")):
            ids.add(found.rstrip("-"))
    missing = [i for i in sorted(ids) if f"`{i}" not in section]
    assert not missing, f"data-testid not in docs/server.md's 'For tests': {missing}"
