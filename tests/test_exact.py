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

from helpers import T

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


@pytest.mark.parametrize("options", [{}, {"openspiel": True}, {"double_nine": True}])
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
