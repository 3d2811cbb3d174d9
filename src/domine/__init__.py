"""domine: play, simulate and study domino games.

The names most programs need, imported when first used (so that ``import domine`` and the
command line start fast)::

    from domine import make_game, Match, make_bot
    game = make_game("matador", players=3)

The package by job: ``domine.engine`` (the rules' machinery), ``domine.parts`` (rule
fragments), ``domine.games`` (the definitions), ``domine.bots``, ``domine.sim``,
``domine.records``, ``domine.terminal`` and ``domine.cli``; docs/architecture.md.
"""

from __future__ import annotations

import importlib

#: public name -> the module that defines it
_EXPORTS = {
    "GAMES": "domine.games", "make_game": "domine.games", "game_class": "domine.games",
    "Game": "domine.games.base", "GameError": "domine.games.base",
    "Match": "domine.engine.match", "HandState": "domine.engine.hand", "Deal": "domine.engine.hand",
    "HandContext": "domine.engine.hand", "Observation": "domine.engine.observation",
    "IllegalMove": "domine.engine.moves", "MoveError": "domine.engine.moves", "position": "domine.engine.position",
    "make_bot": "domine.bots", "simulate": "domine.sim.simulate", "run_arena": "domine.sim.arena",
    "match_record": "domine.records", "replay": "domine.records",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'domine' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
