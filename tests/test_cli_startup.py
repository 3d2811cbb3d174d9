"""The catalog behind ``domine list`` and ``domine rules``: what the registry says, without
importing a game."""

from __future__ import annotations

import pytest


def test_the_catalog_says_what_the_registry_says():
    from domine.cli import catalog, catalog_data
    games, names = catalog.from_registry()
    assert (catalog_data.GAMES, catalog_data.NAMES) == (games, names), \
        "src/domine/cli/catalog_data.py is stale: run python -m domine.cli.catalog"


def test_the_catalog_finds_what_the_registry_finds():
    from domine.cli import catalog
    from domine.games import GAMES, GameError, game_class

    def found(find, name: str) -> str:
        try:
            return find(name)
        except GameError as e:
            return str(e)

    for name in ("block", "Blic", "BLIC", "blyskawica", "Porodična varijanta", "Russian", "nosuch", ""):
        assert found(lambda n: catalog.find(n)["id"], name) == found(lambda n: game_class(n).id, name)
    assert [g["id"] for g in catalog.games()] == list(GAMES)
