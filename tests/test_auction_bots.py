"""Bots at an auction (Aukcijski Domino): what an opening bid proves, worlds sampled at
auctions, the moves the search weighs, rollouts, and the heuristic's value of a bid."""

from __future__ import annotations

import random

import pytest

from domine.games import make_game
from domine.bots.knowledge import Knowledge
from domine.bots.values import estimate
from domine.engine.moves import ANNOUNCE, DECIDE, KIND_MASK, PASS, SOLD, is_place, kind
from domine.bots.search import SearchBot, rollout, worth_searching
from domine.parts.stakes import BID, NO_BID_MOVE, bid, is_decision, what_of

from helpers import random_positions


def _random_hands(game, seed, hands=2):
    """(state, seat to act) before every move of a few random hands."""
    return random_positions(game, seed, hands)


def _opening_bids(game, seeds):
    """(state just after an opening bid, opener, tiles that fitted then, the opener's locked tile)."""
    for seed in seeds:
        for state, seat in _random_hands(game, seed):
            moves = state.legal_moves()
            if kind(moves[0]) != PASS or not any(is_decision(m) for m in moves):
                continue
            fitting, locked = state.layout.playable, state.locked[seat]
            state.apply(bid(1))
            yield state, seat, fitting, locked


@pytest.mark.parametrize("n", [3, 4, 5])
def test_an_opening_bid_shows_the_opener_held_nothing_that_fitted(n):
    game = make_game("auction", n)
    found = 0
    for state, opener, fitting, locked in _opening_bids(game, range(12)):
        if state.over:
            continue
        for seat in range(n):
            if seat == opener:
                continue
            knowledge = Knowledge(state.observation(seat))
            if not locked:   # a last tile locked under Jedan Kamen may fit: then nothing is shown
                assert knowledge.possible(opener) & fitting == 0
            assert state.hands[opener] & ~knowledge.possible(opener) == 0   # the truth stays possible
        found += 1
    assert found >= 3


@pytest.mark.parametrize("n", [3, 4, 5])
def test_worlds_at_auctions_are_found_without_rejections(n):
    """Every world Knowledge draws replays the history (an opener that held a fitting tile, or
    a sold tile placed by its buyer attributed to another slot, would be rejected)."""
    game = make_game("auction", n)
    rng = random.Random(5)
    tries = failed = 0
    for seed in range(6):
        for state, seat in _random_hands(game, seed):
            history = state.history
            if not any(e & KIND_MASK in (DECIDE, SOLD) for _, e in history[-6:]):
                continue
            knowledge = Knowledge(state.observation(seat))
            assert knowledge.consistent
            for opponent in range(n):
                if opponent != seat:
                    assert state.hands[opponent] & ~knowledge.possible(opponent) == 0
            for _ in range(3):
                tries += 1
                failed += knowledge._try_world(rng) is None
    assert tries >= 30
    assert failed <= tries * 0.02


def test_the_search_weighs_the_lowest_bid_and_the_announced_placement():
    assert worth_searching([PASS, bid(1), bid(2), bid(3), bid(4)]) == [PASS, bid(1)]
    assert worth_searching([NO_BID_MOVE, bid(5), bid(6), bid(7)]) == [NO_BID_MOVE, bid(5)]
    game = make_game("ordinary", 2)
    for state, seat in _random_hands(game, 3, hands=3):
        moves = state.legal_moves()
        if any(m & ANNOUNCE for m in moves):
            kept = worth_searching(moves)
            assert kept == [m for m in moves if not is_place(m) or m & ANNOUNCE]
            assert all(m | ANNOUNCE in kept for m in moves if is_place(m))
            return
    pytest.fail("no last-tile call in three hands")


def test_a_greedy_rollout_calls_the_last_tile():
    game = make_game("ordinary", 2)
    checked = 0
    for seed in range(4):
        for state, seat in _random_hands(game, seed):
            moves = state.legal_moves()
            if len(moves) < 2 or not any(m & ANNOUNCE for m in moves):
                continue
            world = state.clone()
            start = len(world.history)
            rollout(world, random.Random(0), 0.0)
            first = next(m for s, m in world.history[start:] if s == seat)
            assert first & ANNOUNCE
            checked += 1
            break
    assert checked


@pytest.mark.parametrize("n", [3, 4])
def test_the_search_decides_at_auctions_from_sampled_worlds(n, monkeypatch):
    """No silent fallback to the heuristic at an auction: worlds are found and searched."""
    import domine.bots.heuristic as heuristic

    def no_fallback(*args, **kwargs):
        raise AssertionError("the search fell back to the heuristic")

    monkeypatch.setattr(heuristic, "HeuristicBot", no_fallback)
    game = make_game("auction", n)
    bot = SearchBot(1, worlds=4)
    decided = 0
    for state, seat in _random_hands(game, 2, hands=3):
        moves = state.legal_moves()
        if len(moves) > 1 and any(is_decision(m) for m in moves):
            move = bot.choose(state.observation(seat))
            assert move in moves
            assert not (is_decision(move) and what_of(move) == BID) or move in worth_searching(moves)
            decided += 1
            if decided >= 6:
                break
    assert decided >= 3


def test_the_heuristic_opens_an_auction_only_for_a_tile_likely_to_fit():
    game = make_game("auction", 3)
    declined = 0
    for seed in range(20):
        for state, seat in _random_hands(game, seed):
            moves = state.legal_moves()
            if len(moves) < 2 or not any(is_decision(m) for m in moves):
                continue
            obs = state.observation(seat)
            knowledge = Knowledge(obs)
            values = {m: estimate(game, obs, m, knowledge) for m in moves}
            pass_move = moves[0]
            assert values[pass_move] in (0.0, None)   # None for a pass: the heuristic's 0
            if kind(pass_move) != PASS:
                continue   # a raise: judged for the opener only
            fit = 0
            for _, v, _, _, closed in obs.ends:
                if not closed:
                    fit |= game.set_fits[v]
            p_fit = (knowledge.unseen & fit).bit_count() / knowledge.unseen.bit_count()
            best_bid = max(v for m, v in values.items() if m != pass_move)
            if p_fit <= 0.5:
                assert best_bid < 0
                declined += 1
            else:
                assert best_bid > -1e9
    assert declined >= 3
