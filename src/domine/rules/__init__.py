"""The games' rules pages (Markdown, one a game: ``<id>.md`` in English, ``<lang>/<id>.md`` in
another language), read for ``domine rules``, the terminal match and the browser alike."""

from __future__ import annotations

from importlib import resources


def rules_text(game_id: str, lang: str = "en") -> str:
    """A game's rules page in ``lang``: its own page in that language (Serbian Cyrillic
    transliterated from the Latin one), else the English page. ``OSError`` when a game has none."""
    pages = resources.files(__name__)
    if lang != "en":
        try:
            text = pages.joinpath("sr-Latn" if lang == "sr-Cyrl" else lang, f"{game_id}.md").read_text(encoding="utf-8")
        except OSError:
            pass
        else:
            if lang == "sr-Cyrl":
                from ..i18n.translit import to_cyrillic
                text = to_cyrillic(text)
            return text
    return pages.joinpath(f"{game_id}.md").read_text(encoding="utf-8")


__all__ = ["rules_text"]
