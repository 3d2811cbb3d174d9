"""The bots' decisions, off the event loop: a process pool that thinks for every table.

A decision is a pure function of the game, the bot's name, its seed and the seat's
observation (sent as ``Observation.to_json``), so a table's bots play the same moves
whichever process thinks for them. The seed comes from the table and the position
(``bot_seed``). Bots that only look at the legal moves (random, greedy) answer at once
on the event loop: sending them to another process would cost more than their choice.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from ..bots import make_bot
from ..engine.observation import Observation

#: bots whose choice costs less than a trip to another process
INLINE = ("random", "greedy")


def bot_seed(table: str, hand: int, seq: int, seat: int) -> int:
    """The seed of the bot that moves at event ``seq`` of hand ``hand`` of ``table`` for ``seat``."""
    digest = hashlib.sha256(f"{table}:{hand}:{seq}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


_GAMES: dict = {}


def game_for(game_id: str, players: int, options: dict, variant: str | None):
    """The configured game (made once per process and kept)."""
    key = (game_id, players, tuple(sorted(options.items())), variant)
    game = _GAMES.get(key)
    if game is None:
        if variant is not None:
            from ..games import register_variant
            from ..variants import load_variant
            cls = load_variant(variant)
            register_variant(cls)   # the bots' own helpers make the game again by its id
            game = cls(players, dict(options))
        else:
            from ..games import make_game
            game = make_game(game_id, players, dict(options))
        _GAMES[key] = game
    return game


def decide(spec: tuple, level: str, seed: int, observation: dict) -> int:
    """The move bot ``level`` seeded ``seed`` makes from ``observation`` (in a worker process)."""
    game = game_for(*spec)
    return make_bot(level, seed).choose(Observation.from_json(observation, game))


class BotPool:
    """Bots thinking in ``workers`` processes (started at the first decision that needs one)."""

    def __init__(self, workers: int = 2):
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: the server holds threads (the database's, uvicorn's); a fork would copy their locks
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def choose_obs(self, spec: tuple, level: str, seed: int, obs: Observation) -> int:
        """The move of bot ``level`` seeded ``seed`` from the seat's observation."""
        if level.partition(":")[0] in INLINE or len(obs.legal_moves) == 1:
            return make_bot(level, seed).choose(obs) if len(obs.legal_moves) > 1 else obs.legal_moves[0]
        data = obs.to_json()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), decide, spec, level, seed, data)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)   # (a decision under way is let finish)
            self._pool = None
