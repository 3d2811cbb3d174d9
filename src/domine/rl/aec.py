"""Every domine game as a PettingZoo AEC environment (``domine.rl.env``).

Agents are ``player_0`` ... by seat; the agent to act is the engine's acting seat (an
offer of an out-of-turn double included). An agent's observation is
``{"observation": tensor, "action_mask": mask}``: the tensor of its own ``Observation``
(``domine.rl.tensor``) and the game's action codec's mask (``game.actions``), all zeros
for a seat not on turn. Rewards: ``domine.rl.rewards``.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.match import Match
from ..games import make_game
from .render import ansi, rgb_array
from .rewards import hand_rewards, match_rewards
from .tensor import TensorCodec

EPISODES = ("hand", "match")


def configured(game, players: int | None, options: dict | None):
    """A configured game from an id (or a game already configured)."""
    if isinstance(game, str):
        return make_game(game, players, options or {})
    return game


class DomineAEC(AECEnv):
    """One domine game, its player count and options, as an AEC environment."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "domine_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game, players: int | None = None, options: dict | None = None, episode: str = "hand",
                 seed: int | None = None, render_mode: str | None = None):
        super().__init__()
        if episode not in EPISODES:
            raise ValueError(f"episode is 'hand' or 'match', not {episode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is 'ansi' or 'rgb_array', not {render_mode!r}")
        self.game = configured(game, players, options)
        self.episode = episode
        self.render_mode = render_mode
        self.codec = self.game.actions
        self.tensor = TensorCodec(self.game)
        n = self.game.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, self.tensor.shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.match: Match | None = None
        self.state = None
        self._legal: tuple = (None, [])

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        match = self.match
        # hand episodes walk through a match: the next reset deals its next hand, so later hands
        # (scores, who leads, tokens) are learnt too; a seed, a match over, or a hand left
        # unfinished starts a new match
        if seed is not None or self.episode == "match" or match is None or match.over \
                or match.current is not None:
            self.match = Match(self.game, seed=self._seeds.randrange(1 << 31), keep_hands=False)
        self._deal()
        self.agent_selection = self.possible_agents[self.state.acting_seat()]

    def _deal(self) -> None:
        """The next hand with a move to make (a hand over as soon as dealt is scored at once)."""
        match = self.match
        while True:
            self._tokens = list(match.tokens) if match.tokens is not None else None
            self.state = match.start_hand()
            if not self.state.over:
                return
            match.finish_hand()
            if match.over:   # a match decided without a move: deal a new one
                self.match = match = Match(self.game, seed=self._seeds.randrange(1 << 31), keep_hands=False)

    def observe(self, agent: str) -> dict:
        seat = self._seat[agent]
        state = self.state
        acting = not state.over and state.acting_seat() == seat
        legal = self._legal_now() if acting else None
        obs = state.observation(seat, legal)
        mask = np.frombuffer(self.codec.legal_mask(state, legal), dtype=np.int8).copy() if acting \
            else np.zeros(self.codec.size, dtype=np.int8)
        return {"observation": self.tensor.encode(obs), "action_mask": mask}

    def _legal_now(self) -> list[int]:
        """The legal moves of the hand as it stands, listed once per event (``observe`` lists
        them for the mask, ``step`` checks the action against the same list)."""
        state = self.state
        key = (state, len(state.history), state.acting_seat(), state.phase, len(state.offers))
        if self._legal[0] != key:
            self._legal = (key, state.legal_moves())
        return self._legal[1]

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        seat = self._seat[agent]
        move = self.codec.decode(int(action))
        if state.over or move not in self._legal_now():
            raise ValueError(f"action {action} is not legal for {agent} now: choose one where action_mask is 1")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply_unchecked(move)   # (``apply``'s check, made just above on the same list)
        if state.over:
            self._end_of_hand(seat)
        else:
            self.agent_selection = self.possible_agents[state.acting_seat()]
        self._accumulate_rewards()

    def _end_of_hand(self, last_seat: int) -> None:
        match, state = self.match, self.state
        match.finish_hand()
        if self.episode == "hand":
            gains = hand_rewards(match, state, self._tokens)
        elif match.over:
            gains = match_rewards(match)
        else:
            self._deal()
            self.agent_selection = self.possible_agents[self.state.acting_seat()]
            return
        for a in self.agents:
            self.rewards[a] = gains[self._seat[a]]
            self.terminations[a] = True
            self.infos[a] = {"hand": state.result.to_json(),
                             "match": match.result.to_json() if match.result is not None else None}
        self.agent_selection = self.possible_agents[last_seat]

    # -- pictures --------------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            return None
        if self.render_mode == "ansi":
            return ansi(self.match, self.state)
        return rgb_array(self.state)

    def close(self) -> None:
        pass


def env(game, players: int | None = None, options: dict | None = None, episode: str = "hand",
        seed: int | None = None, render_mode: str | None = None) -> DomineAEC:
    """A PettingZoo AEC environment of ``game`` (an id such as ``"block"``) for ``players``
    seats with ``options`` (as ``domine.games.make_game`` takes them); an episode is a hand or
    a whole match; ``seed`` fixes the deals of every reset that names none."""
    return DomineAEC(game, players, options, episode, seed, render_mode)
