"""One seat learns, the others are domine bots: a Gymnasium environment of every game.

``gymnasium.make("domine/Block-v0", players=2, opponents="greedy")`` (registered when
``domine.rl`` is imported). The learner's observation is its tensor (``domine.rl.tensor``),
its actions ``Discrete(N)`` of the game's codec, with the legal ones in
``info["action_mask"]``. Between two of its moves the bots play theirs; the reward is the
learner's (``domine.rl.rewards``). An illegal action ends the episode with a reward of -1
and ``info["illegal"]`` set, so a learner that ignores the mask is told, not stopped.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..games import GAMES
from .aec import DomineAEC


class DomineGym(gymnasium.Env):
    """``game`` for ``players`` seats; the learner sits at ``seat``; ``opponents``: a bot name
    (``random``, ``greedy``, ``easy``, ``medium``, ``hard`` ...) or one per other seat."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}

    def __init__(self, game: str, players: int | None = None, options: dict | None = None,
                 opponents="greedy", seat: int = 0, episode: str = "hand", render_mode: str | None = None):
        self.aec = DomineAEC(game, players, options, episode, render_mode=render_mode)
        n = self.aec.game.players
        if not 0 <= seat < n:
            raise ValueError(f"seat is 0 to {n - 1} for {n} players, not {seat!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"one opponent for each other seat ({n - 1} for {n} players), not {len(names)}")
        for name in names:
            make_bot(name)   # an unknown bot or a bad parameter: refused now (BotError), not at reset
        self.names = names
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_spaces[self.agent]["observation"]
        self.action_space = spaces.Discrete(self.aec.codec.size)
        self.bots: dict[int, object] = {}

    def _info(self, mask) -> dict:
        return {"action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        others = [s for s in range(self.aec.game.players) if s != self.seat]
        fresh = seed is not None or self.aec.match is None
        while True:   # a hand the learner has no move in (it sits out, or the bots end it first): the next
            base = int(self.np_random.integers(1 << 31))
            self.aec.reset(seed=base if fresh else None)
            fresh = False
            self.bots = {s: make_bot(name, base * 31 + s) for s, name in zip(others, self.names)}
            self._play_bots()
            if not self.aec.terminations[self.agent]:
                break
        out = self.aec.observe(self.agent)
        return out["observation"], self._info(out["action_mask"])

    def _play_bots(self) -> float:
        """Let the bots move until the learner is to act or the episode is over; the learner's reward."""
        aec = self.aec
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            seat = aec._seat[aec.agent_selection]
            state = aec.state
            move = self.bots[seat].choose(state.observation(seat))
            aec.step(aec.codec.encode(move))
        return aec._cumulative_rewards[self.agent]

    def step(self, action):
        aec = self.aec
        if aec.terminations[self.agent]:
            raise RuntimeError("the episode is over: call reset()")
        mask = aec.observe(self.agent)["action_mask"]
        a = int(action)
        if not (0 <= a < len(mask) and mask[a]):
            out = aec.observe(self.agent)
            info = self._info(np.zeros_like(out["action_mask"]))
            info["illegal"] = True
            aec.terminations = {k: True for k in aec.terminations}
            return out["observation"], -1.0, True, False, info
        aec.step(a)
        reward = self._play_bots()
        done = aec.terminations[self.agent]
        out = aec.observe(self.agent)
        info = self._info(out["action_mask"])
        if done:
            info.update(aec.infos[self.agent])
        return out["observation"], float(reward), bool(done), False, info

    def render(self):
        return self.aec.render()


def env_id(game_id: str) -> str:
    """``blind-hughie`` -> ``domine/BlindHughie-v0``."""
    return "domine/" + "".join(part.capitalize() for part in game_id.split("-")) + "-v0"


def register_all() -> None:
    """Register every game with Gymnasium (once)."""
    for gid in sorted(GAMES):
        name = env_id(gid)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="domine.rl.gym:DomineGym", kwargs={"game": gid},
                               disable_env_checker=True)
