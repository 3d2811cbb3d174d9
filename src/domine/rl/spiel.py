"""Every domine game as an OpenSpiel game: ``import domine.rl.spiel`` registers them all.

``pyspiel.load_game("domine_matador(players=3,target=50)")``: the id with its hyphens made
underscores, prefixed ``domine_``; the parameters are ``players`` and the game's options (an
option whose default is the game's own choice, such as ``target``, takes 0 for that choice).
A game is one hand, the first of a match (docs/rl.md says why), as the arena plays it.

Chance is explicit (``EXPLICIT_STOCHASTIC``): the game's own shuffle is played out as one
chance node a tile, each choosing uniformly which of the tiles still to be placed comes
next in the shuffled order; the game's own deal then cuts that order into hands, stock and
tiles set aside, and dealing again where the game asks for a redeal (general 18) means more
chance nodes. So the stock's order is chance too, fixed with the deal, and a draw takes the
next tile as at the table. We chose explicit chance over ``SAMPLED_STOCHASTIC`` because
both of OpenSpiel's generic tools we need read chance outcomes: ``random_sim_test`` samples
them from ``chance_outcomes()`` and so does ISMCTS in its simulations.

Players see a hand through ``HandState.observation``: the information-state string is the
seat's own tiles and its view of every event so far (perfect recall); the observation string
what is on the table now; both tensors are ``domine.rl.tensor``'s, which leak nothing.
Returns are the hand's outcome, zero-sum: every seat that did not win pays 1, shared out
among the winners' seats (+1 each of two sides; +2 to the one winner of three seats); a
hand with no winner pays nothing. ``resample_from_infostate`` draws a world the seat's
observation allows from ``bots.knowledge``, so ISMCTS searches only worlds it could be in.
"""

from __future__ import annotations

import random
import time
from functools import lru_cache

import numpy as np

try:
    import pyspiel
except ImportError as e:   # pragma: no cover - the test extra installs it
    raise ImportError(f"domine.rl.spiel needs the rl extra (pip install 'domine[rl]'): {e}") from None

from ..bots.knowledge import Knowledge, WorldError
from ..engine.hand import Deal, HandContext, HandState
from ..engine.tiles import set_size, tile_str, tiles_of
from ..games import GAMES, make_game
from .tensor import TensorCodec

PREFIX = "domine_"
#: an option whose default is None (the game's own choice) is 0 in OpenSpiel's parameters
UNSET = 0


def spiel_name(gid: str) -> str:
    """The OpenSpiel name of a domine game: ``blind-hughie`` -> ``domine_blind_hughie``."""
    return PREFIX + gid.replace("-", "_")


def _defaults(cls) -> dict:
    params = {"players": cls.min_players}
    for opt in cls.options:
        params[opt.name] = opt.default if opt.default is not None else (UNSET if opt.kind is int else
                                                                        False if opt.kind is bool else "")
    return params


def game_type(gid: str) -> "pyspiel.GameType":
    cls = GAMES[gid]
    return pyspiel.GameType(
        short_name=spiel_name(gid), long_name=f"domine {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_defaults(cls))


@lru_cache(maxsize=None)
def _configured(gid: str, players: int, options: tuple):
    """The configured domine game (made once: games are immutable once configured)."""
    return make_game(gid, players, dict(options))


class _KeyedRandom:
    """Stands for ``random.Random`` in a game's deal: the shuffle's keys come from a list, so a
    deal follows an order chosen elsewhere (the chance nodes, or a probe)."""

    def __init__(self, keys):
        self.keys, self.i = keys, 0

    def random(self) -> float:
        i = self.i
        self.i += 1
        return self.keys[i] if i < len(self.keys) else 0.0


def _flat(deal: Deal) -> list[int]:
    return [t for h in deal.hands for t in h] + list(deal.stock) + list(deal.aside)


def _shuffled(game) -> tuple[list[int], int]:
    """The tiles a game's deal shuffles (the set less those it puts in place itself, such as
    Mexican Train's engine), in id order, and how many keys the deal asks for. Found by dealing
    under a few orders: a place whose tile never changes is the game's, not the shuffle's."""
    counter = _KeyedRandom([])
    game.deal(counter)
    calls = counter.i
    deals = [_flat(game.deal(_KeyedRandom([r.random() for _ in range(calls)])))
             for r in (random.Random(seed) for seed in (1, 2, 3, 4))]
    fixed = {deals[0][p] for p in range(len(deals[0])) if all(d[p] == deals[0][p] for d in deals)}
    return [t for t in range(set_size(game.max_pip)) if t not in fixed], calls


@lru_cache(maxsize=None)
def _parts(gid: str, players: int, options: tuple) -> tuple:
    """What a game's OpenSpiel form is made of, made once (OpenSpiel loads a game again for every
    state it copies): the configured game, its tensor codec, the tiles it shuffles, its keys."""
    game = _configured(gid, players, options)
    return (game, TensorCodec(game)) + _shuffled(game)


class DomineGame(pyspiel.Game):
    """One domine game, its player count and options, as an OpenSpiel game (one hand); a
    subclass a game, made by ``register_openspiel``, names it (``gid``)."""

    gid = ""

    def __init__(self, params: dict | None = None):
        gid = self.gid
        cls = GAMES[gid]
        params = {**_defaults(cls), **(params or {})}
        options = {}
        for opt in cls.options:
            value = params[opt.name]
            if opt.default is None and value in (UNSET, "", False):
                continue   # the game's own choice
            if value != opt.default:
                options[opt.name] = value
        self.domine, self.tensor, self.shuffled, self._calls = _parts(gid, int(params["players"]),
                                                                      tuple(sorted(options.items())))
        game = self.domine
        self.codec = game.actions
        self._index = {t: i for i, t in enumerate(self.shuffled)}
        n = game.players
        s = set_size(game.max_pip)
        sides = len({game.teams(n)[seat] for seat in range(n)})
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size, max_chance_outcomes=s, num_players=n,
            min_utility=-1.0, max_utility=float(n - 1) if sides > 2 else 1.0, utility_sum=0.0,
            # every tile leaves a hand once and is drawn at most once; a seat passes, bids or
            # decides a few times between two tiles played: generous, never reached
            max_game_length=4 * s * (n + 2) + 64)
        super().__init__(game_type(gid), info, params)

    def new_initial_state(self) -> "DomineState":
        return DomineState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "DomineObserver":
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return DomineObserver(self, recall)

    # -- the deal from the chance nodes ---------------------------------------------------------
    def deal_from(self, order: list[int]) -> Deal:
        """The game's deal of its shuffled tiles in ``order`` (the chance nodes' choices)."""
        keys = [0.0] * self._calls
        for rank, tile in enumerate(order):
            keys[self._index[tile]] = float(rank)
        return self.domine.deal(_KeyedRandom(keys))

    def context(self) -> HandContext:
        """The first hand of a match, as the arena plays a deal."""
        game = self.domine
        teams = max(game.teams(game.players)) + 1
        return HandContext(hand_number=1, scores=[game.starting_score] * teams, target=game.target)


class _Hand:
    """The hand inside an OpenSpiel state. OpenSpiel copies and saves a Python state by pickling
    its attributes; a hand pickles as its JSON document (docs/state.md) and is rebuilt from its
    log, and what a state keeps for speed (the seat's inference) is left behind."""

    __slots__ = ("state", "knowledge")

    def __init__(self, state: HandState):
        self.state = state
        self.knowledge = None

    def __reduce__(self):
        game = self.state.game
        return _rebuild_hand, (game.id, game.players, tuple(sorted(game.options_given().items())),
                               self.state.to_json())


def _rebuild_hand(gid, players, options, data) -> _Hand:
    game = _configured(gid, players, options)
    return _Hand(HandState.from_json(data, game))


class DomineState(pyspiel.State):
    """A hand in OpenSpiel's terms: chance nodes for the shuffle, then the seats' moves as the
    game's actions (``game.actions``)."""

    def __init__(self, game: DomineGame):
        super().__init__(game)
        self._order: list[int] = []
        self._hand: _Hand | None = None

    @property
    def hand(self) -> HandState | None:
        """The domine hand (None while the tiles are being shuffled)."""
        return self._hand.state if self._hand is not None else None

    def current_player(self) -> int:
        hand = self.hand
        if hand is None:
            return pyspiel.PlayerId.CHANCE
        if hand.over:
            return pyspiel.PlayerId.TERMINAL
        return hand.acting_seat()

    def _legal_actions(self, player: int) -> list[int]:
        hand = self.hand
        if hand is None or hand.over or player != hand.acting_seat():
            return []
        return self.get_game().codec.legal_actions(hand)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self.get_game()
        chosen = set(self._order)
        left = [t for t in game.shuffled if t not in chosen]
        p = 1.0 / len(left)
        return [(t, p) for t in left]

    def _apply_action(self, action: int) -> None:
        game = self.get_game()
        if self._hand is None:
            self._order.append(int(action))
            if len(self._order) < len(game.shuffled):
                return
            deal = game.deal_from(self._order)
            domine = game.domine
            if domine.redeals and domine.needs_redeal([sum(1 << t for t in h) for h in deal.hands], HandContext()):
                self._order = []   # general 18: shuffle again
                return
            self._hand = _Hand(domine.new_hand(deal, game.context()))
            return
        self.hand.apply(game.codec.decode(int(action)))
        self._hand.knowledge = None

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.get_game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"shuffle {tile_str(action)}"
        move = game.codec.decode(int(action))
        hand = self.hand
        return hand.move_str(move) if hand is not None else str(move)

    def is_terminal(self) -> bool:
        hand = self.hand
        return hand is not None and hand.over

    def returns(self) -> list[float]:
        hand = self.hand
        if hand is None or not hand.over:
            return [0.0] * self.get_game().domine.players
        return outcome(hand)

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "DomineState":
        """A state the seat ``player_id`` cannot tell from this one: a world its observation
        allows (``bots.knowledge``), drawn with the sampler's number as seed."""
        hand = self.hand
        if hand is None:
            return self.clone()   # nothing dealt, nothing known
        holder = self._hand
        if holder.knowledge is None or holder.knowledge.me != player_id:
            holder.knowledge = Knowledge(hand.observation(player_id), hand.game)
        seed = int(probability_sampler() * (1 << 62)) if probability_sampler is not None else None
        world = holder.knowledge.sample(random.Random(seed))
        other = DomineState(self.get_game())
        other._order = None   # the world's deal came from the inference, not from chance nodes
        other._hand = _Hand(world)
        return other

    def __str__(self) -> str:
        hand = self.hand
        if hand is None:
            return f"shuffling: {len(self._order)} of {len(self.get_game().shuffled)}"
        hands = " | ".join(" ".join(tile_str(t) for t in tiles_of(h)) for h in hand.hands)
        return f"hands: {hands}; events: {len(hand.history)}; to act: {self.current_player()}"


def outcome(hand: HandState) -> list[float]:
    """A finished hand's returns: each seat that did not win pays 1, shared among the winners
    (a seat wins with its partner: the hand's winners name the seat that went out)."""
    n = hand.n
    teams = hand.teams
    won_teams = {teams[s] for s in hand.result.winners}
    won = {s for s in range(n) if teams[s] in won_teams}
    if not won or len(won) == n:
        return [0.0] * n
    share = (n - len(won)) / len(won)
    return [share if s in won else -1.0 for s in range(n)]


def information_string(obs) -> str:
    """A seat's information state: its tiles (as it sees them) and its view of every event."""
    rows = ""
    if obs.rows is not None:
        rows = "|rows " + ";".join(",".join(map(str, r)) for r in obs.rows.rows)
    events = " ".join(f"{a}:{e}" for a, e in obs.history)
    return f"seat {obs.seat}|hand {sum(1 << t for t in obs.hand):x}{rows}|{events}"


def observation_string(obs) -> str:
    """What a seat sees now: its tiles, the open ends, each seat's tile count and the stock."""
    ends = " ".join(str(e[1]) for e in obs.ends)
    return (f"seat {obs.seat}|hand {' '.join(tile_str(t) for t in obs.hand)}|ends {ends}"
            f"|tiles {' '.join(map(str, obs.hand_sizes))}|stock {obs.stock_size}|to act {obs.to_act}")


class DomineObserver:
    """OpenSpiel's observer of a domine game: the tensor (``domine.rl.tensor``) and a string."""

    def __init__(self, game: DomineGame, perfect_recall: bool):
        self.codec = game.tensor
        self.recall = perfect_recall
        self.tensor = np.zeros(self.codec.size, np.float32)
        self.dict = {name: self.tensor[start:start + size] for name, start, size in self.codec.layout.sections}

    def set_from(self, state: DomineState, player: int) -> None:
        hand = state.hand
        if hand is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.codec.encode(hand.observation(player))

    def string_from(self, state: DomineState, player: int) -> str:
        hand = state.hand
        if hand is None:
            return f"seat {player}|shuffling"
        obs = hand.observation(player)
        return information_string(obs) if self.recall else observation_string(obs)


# -- OpenSpiel's ISMCTS as a domine bot ----------------------------------------------------------
@lru_cache(maxsize=None)
def load(gid: str, players: int, options: tuple) -> DomineGame:
    """The OpenSpiel game of a configured domine game (loaded once)."""
    params = {"players": players, **{k: v for k, v in options if v is not None}}
    return pyspiel.load_game(spiel_name(gid), params)


def state_of(obs, rng: random.Random) -> DomineState:
    """An OpenSpiel state the seat of ``obs`` cannot tell from the real one: a world its
    observation allows, with the seat's inference kept for ISMCTS's resampling."""
    game = load(obs.game, obs.players, tuple(sorted(obs.options.items())))
    knowledge = Knowledge(obs, game.domine)
    state = DomineState(game)
    state._order = None
    state._hand = _Hand(knowledge.sample(rng))
    state._hand.knowledge = knowledge
    return state


class RolloutEvaluator:
    """OpenSpiel's random-rollout evaluation (uniform prior, one uniformly random playout to the
    end of the hand), the playout made on the hand itself by the engine's fast path rather than
    through OpenSpiel's API, for speed: the same moves with the same chances."""

    def __init__(self, rng: random.Random):
        self.rnd = rng.random

    def evaluate(self, state: DomineState):
        hand = state.hand.clone()
        hand.play_random(self.rnd)
        return np.array(outcome(hand))

    def prior(self, state: DomineState):
        actions = state.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]


SIMULATIONS = 300   #: ISMCTS's simulations a decision when the spec names none
UCT_C = 2.0


def _ismcts_class():
    from open_spiel.python.algorithms import ismcts

    class TimedISMCTS(ismcts.ISMCTSBot):
        """OpenSpiel's ISMCTS (open_spiel.python.algorithms.ismcts) with a clock: the search
        stops after ``max_simulations`` or when ``think`` seconds are over, whichever is first."""

        deadline = None   # time.perf_counter() at which to stop (None: the simulations alone)

        def run_search(self, state):
            if self.deadline is None:
                return super().run_search(state)
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            stop, clock = self.deadline, time.perf_counter
            self.simulations = 0
            while self.simulations < self._max_simulations and (self.simulations < 2 or clock() < stop):
                try:
                    world = self.sample_root_state(state)
                except WorldError:   # the inference found no other world this time: what is searched stands
                    if self.simulations < 2:
                        raise
                    break
                self.run_simulation(world)
                self.simulations += 1
            return self.get_final_policy(state, self._root_node)

    return TimedISMCTS


class ISMCTSBot:
    """``openspiel:ismcts:N``: OpenSpiel's ISMCTS with N simulations a decision (``+think=T``:
    at most T seconds), searching worlds the seat's observation allows through this module's
    registration. It sees only its observation, like every domine bot."""

    def __init__(self, seed: int | None = None, simulations: int = SIMULATIONS, think: float | None = None,
                 uct: float = UCT_C):
        self.rng = random.Random(seed)
        self.name = f"openspiel:ismcts:{simulations}" + (f"+think={think:g}" if think else "")
        self.simulations, self.think, self.uct = simulations, think, uct
        self._searchers: dict = {}
        self.fallbacks = 0   # decisions made without a search (no world found)

    def _searcher(self, game: DomineGame):
        bot = self._searchers.get(id(game))
        if bot is None:
            bot = _ismcts_class()(game, RolloutEvaluator(self.rng), self.uct, self.simulations,
                                  random_state=np.random.RandomState(self.rng.randrange(1 << 31)))
            self._searchers[id(game)] = bot
        return bot

    def choose(self, obs) -> int:
        legal = obs.legal_moves
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()   # the time limit counts the world drawn for the root too
        try:
            state = state_of(obs, self.rng)
            game = state.get_game()
            searcher = self._searcher(game)
            searcher.deadline = start + self.think if self.think else None
            return game.codec.decode(int(searcher.step(state)))
        except WorldError:
            # no world the observation allows was found (as rare as for ``search``): ISMCTS has
            # nothing to search, and the bot plays what ``search`` plays then, the heuristic's move
            self.fallbacks += 1
            from ..bots.heuristic import HeuristicBot
            return HeuristicBot(self.rng.randrange(1 << 30)).choose(obs)


def make_ismcts(spec: str, seed: int | None = None) -> ISMCTSBot:
    """The bot a spec names: ``ismcts``, ``ismcts:N``, ``ismcts:N+think=T`` (after ``openspiel:``).
    ``ValueError`` says what is wrong in one line."""
    name, _, rest = spec.strip().lower().partition(":")
    if name != "ismcts":
        raise ValueError(f"openspiel bots: ismcts (openspiel:ismcts:N), not {name!r}")
    simulations, think = SIMULATIONS, None
    for i, part in enumerate(p for p in rest.replace(",", "+").split("+") if p):
        key, eq, value = part.partition("=")
        try:
            if not eq and i == 0:
                simulations = int(key)
                if simulations < 2:   # the first only expands the root: ISMCTS needs two
                    raise ValueError
            elif key == "think":
                think = float(value.rstrip("s"))
                if not 0 <= think <= 86400:
                    raise ValueError
            else:
                raise KeyError(key)
        except ValueError:
            raise ValueError(f"openspiel:ismcts:N takes a whole number of simulations N of at least 2 "
                             f"and think=T seconds, not {spec!r}") from None
        except KeyError:
            raise ValueError(f"openspiel:ismcts takes N and think=T, not {part!r}") from None
    return ISMCTSBot(seed, simulations, think or None)


#: the OpenSpiel game class of every domine game, by id
CLASSES: dict[str, type] = {}


def _register(gid: str) -> None:
    cls = CLASSES[gid] = type(f"Domine_{gid.replace('-', '_')}", (DomineGame,), {"gid": gid})
    pyspiel.register_game(game_type(gid), cls)


def register_openspiel() -> list[str]:
    """Register every domine game with OpenSpiel (once); the names registered."""
    names = []
    have = set(pyspiel.registered_names())
    for gid in sorted(GAMES):
        name = spiel_name(gid)
        if name not in have:
            _register(gid)
        names.append(name)
    return names


register_openspiel()

__all__ = ["DomineGame", "DomineObserver", "DomineState", "ISMCTSBot", "make_ismcts", "register_openspiel",
           "spiel_name"]
