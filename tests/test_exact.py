"""The exact block search: its values against the engine's own rules, and its worlds against the truth."""

import random

import pytest

from domine.bots import exact
from domine.bots import GreedyBot
from domine.games import make_game
from domine.bots.knowledge import Knowledge, greedy_or_random
from domine.bots.search import SearchBot
from domine.engine.moves import DRAW
from domine.engine.tiles import BIT, PIPS

from helpers import T, random_positions

GAME = make_game("block", 2)
SCALE = GAME.hand_value(GAME.set_mask) / 2


def _utility_of(state, seat):
    """What ``exact.Utility`` should give a finished hand, computed from the engine's result."""
    result = state.result
    win = 0.5 if not result.winners else (1.0 if seat in result.winners else 0.0)
    return win + (result.points[seat] - result.points[1 - seat]) / SCALE


def _engine_value(state, seat, greedy=0.0):
    """Expectimax over the engine itself: ``seat`` maximises; the other seat plays its heaviest
    tile with probability ``greedy`` (ties shared), else any legal move uniformly."""
    if state.over:
        return _utility_of(state, seat)
    moves = state.legal_moves()
    values = []
    for move in moves:
        after = state.clone()
        after.apply_unchecked(move)
        values.append(_engine_value(after, seat, greedy))
    if state.acting_seat() == seat:
        return max(values)
    weights = [PIPS[m & 127] if m < DRAW else -1 for m in moves]
    top = max(weights)
    odds = [(1 - greedy) / len(moves) + (greedy / weights.count(top) if w == top else 0.0) for w in weights]
    return sum(p * v for p, v in zip(odds, values))


def _positions(seed, most_tiles_in_hands, count):
    """Positions of random 2-player block hands with the lead laid and few tiles left in hands."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new_hand(GAME.deal(rng))
        while not state.over:
            in_hands = sum(h.bit_count() for h in state.hands)
            if state.layout.lead >= 0 and in_hands <= most_tiles_in_hands:
                found.append(state.clone())
                break
            state.apply(rng.choice(state.legal_moves()))
    return found


def _ends(state):
    return state.layout.values[0], state.layout.values[1]


@pytest.mark.parametrize("greedy", [0.0, 0.6])
@pytest.mark.parametrize("seed", range(3))
def test_world_value_is_the_engines_expectimax(seed, greedy):
    utility = exact.Utility(SCALE)
    for state in _positions(seed, 8, 6):
        for me in (0, 1):
            left, right = _ends(state)
            mine, theirs = state.hands[me], state.hands[1 - me]
            got = exact.world_value(mine, theirs, left, right, state.to_act == me, utility, {}, greedy)
            assert got == pytest.approx(_engine_value(state, me, greedy))


def test_their_odds():
    plays = exact.line_plays(sum(BIT[T(x)] for x in ("6-5", "5-1", "5-5")), 5, 2)
    assert sorted(PIPS[t] for t, _, _ in plays) == [6, 10, 11]
    assert exact.their_odds(plays, 0.0) == [pytest.approx(1 / 3)] * 3
    odds = exact.their_odds(plays, 0.9)
    assert sum(odds) == pytest.approx(1.0)
    assert dict(zip((PIPS[t] for t, _, _ in plays), odds))[11] == pytest.approx(0.1 / 3 + 0.9)


def test_the_belief_in_a_greedy_opponent_grows_when_it_sheds_heavy_tiles():
    greedy_bot = GreedyBot()
    rng = random.Random(2)
    beliefs = []
    for _ in range(6):
        state = GAME.new_hand(GAME.deal(rng))
        while not state.over:
            seat = state.acting_seat()
            obs = state.observation(seat)
            if seat == 1:
                state.apply(greedy_bot.choose(obs))
                continue
            if obs.lead is not None:
                worlds = exact.OpponentWorlds(obs, GAME, Knowledge(obs, GAME).possible(1), greedy_or_random(0.2))
                for _ in range(50):
                    worlds.sample(rng)
                if worlds.belief():
                    beliefs.append(worlds.belief()[1])
            state.apply(rng.choice(state.legal_moves()))
    assert beliefs and sum(beliefs) / len(beliefs) > 0.6


@pytest.mark.parametrize("seed", range(4))
def test_one_world_information_set_is_that_world(seed):
    utility = exact.Utility(SCALE)
    for state in _positions(100 + seed, 9, 6):
        me = state.to_act
        mine, theirs = state.hands[me], state.hands[1 - me]
        left, right = _ends(state)
        firsts = exact.line_plays(mine, left, right)
        if not firsts:
            continue
        values = exact.information_set_values(mine, left, right, firsts, [(theirs, 1.0)], utility, 10**6)
        for (t, nl, nr), v in zip(firsts, values):
            rest = mine ^ BIT[t]
            expected = utility.out(theirs, True) if not rest else exact.world_value(rest, theirs, nl, nr, False, utility, {})
            assert v == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(3))
def test_seeing_every_world_is_worth_at_least_a_world_blind_plan(seed):
    """Per-world search may tailor later moves to the world: never less than the honest plan."""
    utility = exact.Utility(SCALE)
    rng = random.Random(seed)
    for state in _positions(200 + seed, 8, 5):
        me = state.to_act
        mine = state.hands[me]
        left, right = _ends(state)
        firsts = exact.line_plays(mine, left, right)
        pool = [t for t in range(28) if not (mine | state.layout.mask) & BIT[t]]
        size = state.hands[1 - me].bit_count()
        worlds = [(sum(BIT[t] for t in rng.sample(pool, size)), rng.random() + 0.1) for _ in range(6)]
        honest = exact.information_set_values(mine, left, right, firsts, worlds, utility, 10**6)
        for (t, nl, nr), v in zip(firsts, honest):
            rest = mine ^ BIT[t]
            seeing = sum(w * (utility.out(o, True) if not rest
                              else exact.world_value(rest, o, nl, nr, False, utility, {})) for o, w in worlds)
            assert seeing >= v - 1e-9


def test_the_node_budget_is_enforced():
    state = _positions(7, 12, 1)[0]
    me = state.to_act
    mine = state.hands[me]
    left, right = _ends(state)
    firsts = exact.line_plays(mine, left, right)
    worlds = [(state.hands[1 - me], 1.0)]
    with pytest.raises(exact.TooLarge):
        exact.information_set_values(mine, left, right, firsts, worlds, exact.Utility(SCALE), 0)


@pytest.mark.parametrize("seed", range(5))
def test_listed_worlds_hold_the_truth_and_respect_what_was_seen(seed):
    rng = random.Random(seed)
    model = greedy_or_random(0.2)
    state = GAME.new_hand(GAME.deal(rng))
    checked = 0
    while not state.over:
        seat = state.acting_seat()
        obs = state.observation(seat)
        if obs.lead is not None:
            worlds = exact.OpponentWorlds(obs, GAME, Knowledge(obs, GAME).possible(1 - seat), model)
            if worlds.count <= 3000:
                listed = dict(worlds.all())
                assert listed.get(state.hands[1 - seat], 0) > 0
                seen = state.hands[seat] | state.layout.mask
                size = obs.hand_sizes[1 - seat]
                assert all(h.bit_count() == size and not h & seen for h in listed)
                checked += 1
        state.apply(rng.choice(state.legal_moves()))
    assert checked


def test_the_search_bot_uses_the_exact_search_only_where_it_applies():
    assert exact.applies(GAME, GAME.new_hand(GAME.deal(random.Random(1))).observation(0)) is True
    four = make_game("block", 4)
    assert not exact.applies(four, four.new_hand(four.deal(random.Random(1))).observation(0))
    draw = make_game("draw", 2)
    assert not exact.applies(draw, draw.new_hand(draw.deal(random.Random(1))).observation(0))


def test_the_exact_search_waits_for_hands_as_small_as_double_nine_block_deals():
    """Two hands of 22 (block on double-twelve) make a tree of hours: the rollouts play until
    the hands hold 18 tiles together, block's deal on double-nine."""
    for name, at_deal in (("double-six", True), ("double-nine", True), ("double-eight", False),
                          ("double-twelve", False)):
        game = make_game("block", 2, {"set": name})
        state = game.new_hand(game.deal(random.Random(1)))
        assert exact.applies(game, state.observation(0)) is at_deal
    game = make_game("block", 2, {"set": "double-twelve"})
    state = game.new_hand(game.deal(random.Random(1)))
    bots = [SearchBot(seed=1, worlds=8), GreedyBot()]
    while not state.over:
        obs = state.observation(state.acting_seat())
        state.apply(bots[obs.seat].choose(obs))
    assert state.result is not None


@pytest.mark.parametrize("options", [{}, {"openspiel": True}, {"set": "double-nine"}, {"double_nine": True}])
def test_exact_search_is_deterministic_and_legal(options):
    game = make_game("block", 2, options)
    histories = []
    for _ in range(2):
        rng = random.Random(4)
        state = game.new_hand(game.deal(rng))
        bots = [SearchBot(seed=1, worlds=20), SearchBot(seed=2, worlds=20, exact=0)]
        while not state.over:
            seat = state.acting_seat()
            obs = state.observation(seat)
            move = bots[seat].choose(obs)
            assert move in obs.legal_moves
            state.apply(move)
        histories.append(state.history)
    assert histories[0] == histories[1]


# -- the time limit, read from the clock as the search goes ------------------------------------
def _large_position():
    """Two-player block with six tiles a hand and the other hand's ~3,000 worlds listed: an
    information-set search of 800,000 units of work, several seconds on any machine."""
    for state, seat in random_positions(GAME, 9, hands=1):
        if state.layout.lead >= 0 and state.hands[seat].bit_count() == 6:
            return state.observation(seat)


class SteppingClock:
    """A clock that moves ``step`` seconds each time it is read and not otherwise: a time limit
    runs out after a set number of looks at it, however fast or loaded the machine. It notes
    how much work the search had done (``work[0]``) when ``limit`` seconds had passed."""

    def __init__(self, step: float, limit: float, work: list[int]):
        self.step, self.limit, self.work = step, limit, work
        self.reads = 0
        self.work_at_limit: int | None = None

    def perf_counter(self) -> float:
        self.reads += 1
        if self.work_at_limit is None and (self.reads - 1) * self.step > self.limit:
            self.work_at_limit = self.work[0]
        return self.reads * self.step


def _count_work(monkeypatch) -> list[int]:
    """Positions the exact search looks at (both kinds of node), counted as it goes."""
    work = [0]
    for name in ("line_plays", "_plays_by_tile"):
        f = getattr(exact, name)

        def counted(*args, f=f):
            work[0] += 1
            return f(*args)
        monkeypatch.setattr(exact, name, counted)
    return work


@pytest.mark.parametrize("step, most", [(0.25, 5_000), (0.01, 80_000)])
def test_the_search_stops_when_its_time_is_up(monkeypatch, step, most):
    """hard (think=1) on a large position with a clock that moves ``step`` a look: the search
    looks at it as it goes and stops once its second is up, within one world's search (a few
    thousand positions). Its work is bounded by the looks it had (``most``); without looking,
    it would search 800,000 units of work (over 150,000 positions) whatever the clock says."""
    from domine.bots import make_bot, search

    obs = _large_position()
    work = _count_work(monkeypatch)
    clock = SteppingClock(step, 1.0, work)
    monkeypatch.setattr(search, "time", clock)
    move = make_bot("hard", 1).choose(obs)
    assert move in obs.legal_moves
    assert clock.reads <= 1.0 / step + 5
    assert work[0] - (clock.work_at_limit if clock.work_at_limit is not None else work[0]) <= 3000
    assert work[0] <= most


def test_without_a_time_limit_the_clock_is_never_read(monkeypatch):
    from domine.bots import search

    clock = SteppingClock(1.0, 0.0, [0])
    monkeypatch.setattr(search, "time", clock)
    for state, seat in random_positions(GAME, 3, hands=1):
        if state.hands[seat].bit_count() == 4 and len(state.legal_moves()) > 1:
            SearchBot(seed=1, worlds=10).choose(state.observation(seat))   # the information set
            break
    SearchBot(seed=1, worlds=3).choose(_draw_position())   # rollouts
    assert clock.reads == 0


def _draw_position():
    """Two-player draw, several moves to weigh: the search rolls out, no exact search."""
    for state, seat in random_positions(make_game("draw", 2), 2, hands=1):
        if len(state.legal_moves()) > 2:
            return state.observation(seat)


def test_rollouts_start_no_world_they_cannot_finish_in_time(monkeypatch):
    from domine.bots import search

    obs = _draw_position()
    sampled = [0]
    sample = Knowledge.sample_weighted

    def counted(self, *args):
        sampled[0] += 1
        return sample(self, *args)
    monkeypatch.setattr(Knowledge, "sample_weighted", counted)
    monkeypatch.setattr(search, "time", SteppingClock(0.1, 1.0, [0]))   # ten looks a second
    assert SearchBot(seed=1, worlds=200, think=1.0).choose(obs) in obs.legal_moves
    assert 1 <= sampled[0] <= 10


def test_a_tiny_time_limit_on_a_large_position_answers_promptly():
    import time

    obs = _large_position()
    start = time.perf_counter()
    move = SearchBot(seed=1, worlds=200, rollouts=4, think=0.05).choose(obs)
    assert move in obs.legal_moves
    assert time.perf_counter() - start < 1.0
