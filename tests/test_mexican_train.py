"""Mexican train: deals and rounds, markers from the public history, the game's own playout,
and what ``Knowledge`` makes of a seat's view (the examples are in data/examples)."""

from __future__ import annotations

import random

import pytest

from helpers import play_events, step_randomly
from domine.games import make_game
from domine.games.mexican_train import MARKER, engine_pip
from domine.engine.hand import HandContext
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.layout import LEAD_END
from domine.engine.moves import DRAW, PASS, end_of, kind
from domine.engine.position import position
from domine.engine.tiles import IS_DOUBLE, double

SIZES = {2: (15, 60), 3: (15, 45), 4: (15, 30), 5: (12, 30), 6: (12, 18), 7: (10, 20), 8: (10, 10)}


@pytest.mark.parametrize("n", range(2, 9))
def test_deal_sizes_engines_and_first_seats(n):
    """Rules 2-3 and 15: the engine out first, hand sizes and boneyards, the first seat."""
    game = make_game("mexican-train", n)
    k, rest = SIZES[n]
    for r in (1, 2, 6, 13, 14, 27):
        engine = double(engine_pip(r))
        deal = game.deal_for(random.Random(r), HandContext(hand_number=r))
        assert [len(h) for h in deal.hands] == [k] * n
        assert deal.stock[0] == engine and len(deal.stock) == rest + 1
        assert all(engine not in h for h in deal.hands)
        state = Match(game, seed=0).start_hand(deal, HandContext(hand_number=r))
        assert state.layout.lead == engine and state.drawable == rest
        assert state.to_act == (r - 1) % n
        assert state.layout.values == [engine_pip(r)] * (n + 1)
    assert [engine_pip(r) for r in range(1, 15)] == list(range(12, -1, -1)) + [12]


def test_engine_from_hands_deals_all_91_tiles():
    game = make_game("mexican-train", 4, {"engine_from_hands": True})
    deal = game.deal_for(random.Random(1), HandContext(hand_number=3))
    assert [len(h) for h in deal.hands] == [15] * 4 and len(deal.stock) == 31


def test_a_match_is_13_rounds_and_a_tie_plays_on():
    game = make_game("mexican-train", 2)
    match = Match(game, seed=3)
    rnd = random.Random(0).random
    while not match.over:
        state = match.start_hand()
        state.play_random(rnd)
        match.finish_hand()
    assert match.hands_played >= 13
    low = min(match.scores)
    assert match.scores.count(low) == 1 and match.result.winners == [match.scores.index(low)]


def test_tied_totals_after_13_rounds_play_on():
    game = make_game("mexican-train", 3)
    match = Match(game, seed=0, context=HandContext(hand_number=14, scores=[212, 198, 198]))
    assert game.match_result(match) is None
    state = match.start_hand()
    assert state.layout.lead == double(12) and state.to_act == 1


EX3 = {"lead": "9-9", "placed": ["9-3 T0", "3-4 T0", "9-7 T1", "9-2 T2", "9-11 M"], "to_act": 0,
       "hands": [["4-4", "7-7", "1-5"], ["4-9", "7-12", "2-6"], ["2-8", "6-6"]],
       "stock": ["0-3", "1-7", "10-10", "11-11"], "rest": "aside", "table": {"markers": [1], "played": [0, 1, 2]}}


def test_markers_follow_the_public_events():
    """Example 3: A's marker goes out after his failed follow-up and stays when he plays on
    B's train; a forced ``marker`` event says so to every seat."""
    game = make_game("mexican-train", 3)
    state = position(game, context=HandContext(hand_number=4), **EX3)
    for text in ("4-4 T0", "7-7 T1", "draw", "pass"):
        state.apply(state.parse_move(text))
    assert play_events(state.history)[-1] == (0, MARKER)
    assert state.layout.markers == [True, True, False]
    assert state.layout.pending == [0, 1]
    for text in ("4-9 T0", "draw", "1-7 T1", "1-5 T1"):
        state.apply(state.parse_move(text))
    assert state.layout.pending == []
    assert state.layout.markers == [True, True, False]
    assert state.observation(2).layout.markers == [True, True, False]


def _states(game, seed, every=7):
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        state = match.start_hand()
        step = 0
        while not state.over:
            step += 1
            if step % every == 0:
                yield state, rng
            state.apply(rng.choice(state.legal_moves()))
        match.finish_hand()


OPTION_SETS = [{}, {"starter_run": True}, {"satisfy_immediately": True}, {"one_double_per_turn": True},
               {"draw_until_playable": True}, {"engine_from_hands": True}, {"free_first_turn": True},
               {"starter_run": True, "one_double_per_turn": True, "free_first_turn": True},
               {"starter_run": True, "satisfy_immediately": True, "engine_from_hands": True,
                "draw_until_playable": True}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_restrict_places_is_a_function_of_the_public_history(options):
    """What Knowledge rebuilds from a seat's view (markers, the trains the seat to act may
    use) is what the engine has; its inferences never rule out a tile a seat holds."""
    for n in (2, 5):
        game = make_game("mexican-train", n, options)
        for state, rng in _states(game, seed=n):
            seat = rng.randrange(n)
            obs = state.observation(seat)
            know = Knowledge(obs, game)
            assert know.consistent
            lay = know.layout
            game.restrict_places(lay, state.to_act, obs.history, len(obs.history))
            game.restrict_places(state.layout, state.to_act, state.history, len(state.history))
            assert lay.markers == state.layout.markers
            assert lay.pending == state.layout.pending
            assert (lay.usable, lay.no_doubles, lay.targets) == \
                (state.layout.usable, state.layout.no_doubles, state.layout.targets)
            for other in range(n):
                if other != seat:
                    assert not state.hands[other] & ~know.possible(other)
            world = know.sample(rng)
            assert [e for _, e in world.observation(seat).history] == [e for _, e in obs.history]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_the_games_playout_is_the_step_api(options):
    """``play_random`` runs the engine's trains fast path (``domine.parts.trains_path``):
    the same moves, events, layout (markers and the fold included) and results as
    legal_moves/apply."""
    fields = ("values", "lengths", "doubles", "arms", "mask", "last", "targets", "playable", "usable",
              "no_doubles", "pending", "markers", "marked", "done", "turn_seat", "placed", "first_own",
              "doubled", "last_double", "last_end", "cursor")
    for n in (2, 4, 7):
        game = make_game("mexican-train", n, options)
        for seed in range(3):
            fast, slow = Match(game, seed=seed), Match(game, seed=seed)
            r_fast, r_slow = random.Random(seed).random, random.Random(seed).random
            for _ in range(2):
                a, b = fast.start_hand(), slow.start_hand()
                _same_playouts(a, b, r_fast, r_slow, fields, ("to_act", "drawable", "stock_pos"))
                fast.finish_hand()
                slow.finish_hand()


def _same_playouts(a, b, r_fast, r_slow, layout_fields, state_fields) -> None:
    """Play ``a`` out with the game's own playout and ``b`` with the step API, each with its
    copy of one random stream: the histories, results and the fields named must agree."""
    a.play_random(r_fast)
    while not b.over:
        moves = b.legal_moves()
        b.apply(moves[int(r_slow() * len(moves))])
    assert a.history == b.history
    assert a.result.to_json() == b.result.to_json()
    for f in layout_fields:
        assert getattr(a.layout, f) == getattr(b.layout, f), f
    for f in state_fields:
        assert getattr(a, f) == getattr(b, f), f


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_the_games_playout_from_the_middle_of_a_hand(options):
    """Search bots play out from any position: after some moves by the step API (a turn
    half done, a drawn tile to play, a double owing its tile, the boneyard empty), the
    playout is still the step API, the hand's state as a whole included."""
    fields = ("values", "lengths", "doubles", "arms", "mask", "last", "targets", "playable", "usable",
              "no_doubles", "pending", "markers", "marked", "done", "turn_seat", "placed", "first_own",
              "doubled", "last_double", "last_end", "cursor")
    state_fields = ("to_act", "drawable", "stock_pos", "hands", "in_hands", "drawn", "restrict", "owed",
                    "placed_in_turn", "last_placer")
    for n in (2, 3, 8):
        game = make_game("mexican-train", n, options)
        for seed in range(3):
            match = Match(game, seed=seed)
            steps = random.Random(seed)
            for _ in range(2):
                state = match.start_hand()
                step_randomly(state, steps, steps.randrange(120))
                a, b = state.clone(), state.clone()
                _same_playouts(a, b, random.Random(seed).random, random.Random(seed).random, fields, state_fields)
                match.current = b
                match.finish_hand()


def test_a_marker_event_follows_every_failed_turn_and_only_those():
    """Rule 5: a turn that ends on a draw, a pass or a double still owing its tile puts the
    marker out; a turn that ends on a plain tile or a stop does not."""
    for options in ({}, {"starter_run": True}, {"draw_until_playable": True}):
        game = make_game("mexican-train", 3, options)
        match = Match(game, seed=11)
        rnd = random.Random(1).random
        for _ in range(3):
            state = match.start_hand()
            state.play_random(rnd)
            events = [(s, e) for s, e in state.history if s >= 0]
            for (s, e), (s2, e2) in zip(events, events[1:]):
                failed = kind(e) in (DRAW, PASS) or (kind(e) == 0 and IS_DOUBLE[e & 127]
                                                      and end_of(e) != LEAD_END)
                if kind(e2) == MARKER:
                    assert s2 == s and failed
                elif s2 != s:
                    assert not failed
            match.finish_hand()


def test_the_layout_copy_keeps_every_field():
    """MexicanTrains writes its copy out for speed: it must keep every slot of its classes."""
    from domine.engine.layout import _own_slots
    game = make_game("mexican-train", 3)
    state = position(game, context=HandContext(hand_number=4), **EX3)
    state.apply(state.parse_move("4-4 T0"))
    lay = state.layout
    other = lay.copy()
    for name in _own_slots(type(lay)):
        assert getattr(other, name) == getattr(lay, name), name
    assert other.markers is not lay.markers and other.pending is not lay.pending
