"""The rules pages in every language: one page a game in each language's folder
(``src/domine/rules/<lang>/``), none lost, none too wide, the same sections as the English page.

The English page (``rules/<id>.md``) is the reference: a translation has the same headings and
the same count of bullets and numbered points, so no section or rule is lost in it, and its lines
fit an 80-column terminal like the English ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domine.games import GAMES

RULES = Path(__file__).resolve().parents[1] / "src" / "domine" / "rules"
LANGUAGES = ["pl", "sr-Latn"]
IDS = sorted(GAMES)


def shape(text: str) -> tuple[list[str], int]:
    """The heading levels in order, and the count of bullets and numbered points."""
    headings = [line.split()[0] for line in text.splitlines() if re.match(r"#+ ", line)]
    points = sum(1 for line in text.splitlines() if re.match(r"\s*[-*] |\d+\. ", line))
    return headings, points


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_page_in_every_language(lang):
    pages = sorted(p.stem for p in (RULES / lang).glob("*.md"))
    assert pages == IDS


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", IDS)
def test_a_translation_keeps_every_section_and_fits_80_columns(lang, game):
    text = (RULES / lang / f"{game}.md").read_text(encoding="utf-8")
    english = (RULES / f"{game}.md").read_text(encoding="utf-8")
    headings, points = shape(text)
    assert headings == shape(english)[0]
    assert points == shape(english)[1]
    wide = [n for n, line in enumerate(text.splitlines(), 1) if len(line) > 80]
    assert not wide, f"lines wider than 80 columns: {wide}"
    assert f"id: {game}" in text.splitlines()[2]


@pytest.mark.parametrize("game", IDS)
def test_the_cyrillic_page_is_the_latin_one_transliterated(game):
    """sr-Cyrl has no pages of its own: ``domine rules`` transliterates the Latin page, which
    keeps its shape, its width and everything that is not a Serbian word."""
    from domine.cli.info import rules_text
    from domine.i18n.translit import protected, to_cyrillic, to_latin

    latin = (RULES / "sr-Latn" / f"{game}.md").read_text(encoding="utf-8")
    cyrillic = rules_text(game, "sr-Cyrl")
    assert cyrillic == to_cyrillic(latin) != latin
    assert to_latin(cyrillic) == latin
    assert protected(cyrillic) == protected(latin)
    assert shape(cyrillic) == shape(latin)
    assert all(len(line) <= 80 for line in cyrillic.splitlines())
    assert f"id: {game}" in cyrillic.splitlines()[2]
