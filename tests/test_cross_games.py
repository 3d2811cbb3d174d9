"""The cross games french, sevastopol, sevastopol-star and homo-homini-lupus: what the example
data cannot say (player counts, deal tables, redeals, closings as other seats see them, what
bots infer from and make of closings, points in halves through records)."""

from __future__ import annotations

import json
import random

import pytest

from domine.bots import make_bot
from domine.games.base import GameError
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.bots.heuristic import score_moves
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.moves import CLOSE, DRAW, HIDDEN, PASS, close, end_of, kind, tile_of
from domine.parts.leads import NextStarter
from domine.engine.position import position
from domine.records import context_from_json, match_record, replay, seat_view
from domine.engine.tiles import BIT, DOUBLES_MASK, parse_tile

from helpers import bots_play, play_events

HHL = "homo-homini-lupus"


# -- sevastopol-star: players, deal table, redeal ---------------------------------------------
def test_star_base_is_four_players_and_the_variant_two_to_seven():
    assert make_game("sevastopol-star").players == 4
    for n in (2, 3, 5, 8):
        with pytest.raises(GameError):
            make_game("sevastopol-star", n)
    with pytest.raises(GameError):
        make_game("sevastopol-star", 8, {"variant": True})
    for n, k, stock in ((2, 7, 14), (3, 7, 7), (4, 5, 8), (5, 4, 8), (6, 3, 10), (7, 3, 7)):
        state = Match(make_game("sevastopol-star", n, {"variant": True}), seed=n).start_hand()
        assert [len(h) for h in state.deal.hands] == [k] * n and len(state.deal.stock) == stock
        assert state.drawable == stock
    base = Match(make_game("sevastopol-star"), seed=1).start_hand()
    assert [len(h) for h in base.deal.hands] == [7] * 4 and not base.deal.stock
    assert base.hands[base.to_act] & BIT[parse_tile("6-6")]


def test_star_variant_redeals_without_a_double_and_leads_the_highest():
    game = make_game("sevastopol-star", 6, {"variant": True})
    no_doubles = [t for t in range(28) if not DOUBLES_MASK >> t & 1]
    hands = [sum(BIT[t] for t in no_doubles[3 * s:3 * s + 3]) for s in range(6)]
    assert game.needs_redeal(hands, HandContext())
    for seed in range(40):
        state = Match(game, seed=seed).start_hand()
        dealt = sum(state.hands) & DOUBLES_MASK
        assert dealt and state.lead_mask == BIT[dealt.bit_length() - 1]


# -- french: caribbean's rules on a cross led by 0-0 -------------------------------------------
def test_french_leads_0_0_every_hand_on_a_cross():
    game = make_game("french", 4)
    assert game.layout_kind == "cross" and game.match_end.length == 6
    match = Match(game, seed=5)
    bots = [make_bot("greedy")] * 4
    for _ in range(3):
        state = match.start_hand()
        assert state.lead_mask == BIT[parse_tile("0-0")] and state.hands[state.to_act] & state.lead_mask
        while not state.over:
            state.apply(bots[0].choose(state.observation(state.acting_seat())))
        match.finish_hand()


# -- homo-homini-lupus: leads --------------------------------------------------------------------
def test_next_starter_with_doubles_passes_the_right_on():
    game = make_game(HHL)
    rule = NextStarter("double")
    assert type(game.later_lead) is NextStarter and game.later_lead.tiles == "double"
    ctx = HandContext(hand_number=2, previous_leader=3, previous=None)
    state = position(game, hands=[["1-2"], ["3-4"], ["2-2", "5-5"], ["0-1"]], ends=[1, 1], context=ctx)
    choice = rule.choose(state)   # seat 0 is entitled, has no double; seat 1 neither: seat 2 leads
    assert choice.seat == 2 and choice.tiles == DOUBLES_MASK


# -- homo-homini-lupus: closings as the other seats see them, and what bots make of them -------------
def _closing_position():
    game = make_game(HHL)
    return game, position(game, lead="1-1", placed=["1-2 N", "1-5 E", "1-0 S", "1-6 W"],
                          hands=[["6-6", "2-3"], ["3-3", "4-4"], ["0-3", "4-5"], ["0-4", "3-4"]],
                          rest="aside", to_act=0)


def test_a_closing_shows_its_end_but_not_its_tile_to_the_others():
    game, state = _closing_position()
    move = close(2, parse_tile("6-6"))
    state.apply(move)
    own = state.observation(0)
    assert play_events(own.history)[-1] == (0, move) and own.layout.closers[2] == parse_tile("6-6")
    assert own.layout.face_down == BIT[parse_tile("6-6")]
    for seat in (1, 2, 3):
        obs = state.observation(seat)
        seen = play_events(obs.history)[-1][1]
        assert seen == (move & ~127) | HIDDEN and end_of(seen) == 2 and tile_of(seen) == 0
        assert obs.layout.closed[2] and obs.layout.closers == [-1] * 4 and obs.layout.face_down == 0
        assert state.move_str(seen) == "close S"


def test_seat_views_of_records_name_the_closed_end_only():
    game = make_game(HHL)
    match = Match(game, seed=3)
    bots_play(match, [make_bot("random", s) for s in range(4)], hands=1)
    record = match_record(match)
    closings = [(i, m) for i, m in enumerate(record["hands"][0]["moves"]) if m.split(": ")[1].startswith("close")]
    assert closings
    for seat in range(4):
        moves = seat_view(record, seat)["hands"][0]["moves"]
        for i, m in closings:
            if m.startswith(f"{seat}:"):
                assert moves[i] == m and len(m.split()) == 4
            else:
                assert moves[i] == " ".join(m.split()[:3])


def test_knowledge_replays_another_seats_closing_on_its_end_and_samples_worlds():
    """Random bots close often: every seat's knowledge closes the same arms as the table, never
    counts a tile it closed itself as unseen, and its sampled worlds replay the whole history."""
    game = make_game(HHL)
    for seed in range(6):
        match = Match(game, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(4)]
        state = match.start_hand()
        while not state.over:
            seat = state.acting_seat()
            if any(kind(m) == CLOSE for _, m in state.history):
                obs = state.observation(seat)
                kn = Knowledge(obs, game)
                assert kn.layout.closed == state.layout.closed
                assert not kn.unseen & (state.layout.face_down & obs.layout.face_down)
                world = kn.sample(random.Random(seed))
                assert world.layout.closed == state.layout.closed
                assert world.hands[seat] == state.hands[seat]
            state.apply(bots[seat].choose(state.observation(seat)))


def test_heuristic_closes_with_a_heavy_tile_rather_than_pass():
    game = make_game(HHL)
    state = position(game, lead="3-3", placed=["3-2 N", "3-5 E", "3-0 S", "3-6 W"],
                     hands=[["4-4", "1-1"], ["1-4", "3-4"], ["4-5", "1-3"], ["0-4", "1-2"]], rest="aside")
    obs = state.observation(0)
    scores = score_moves(obs)
    best = obs.legal_moves[max(range(len(scores)), key=scores.__getitem__)]
    assert PASS in obs.legal_moves and kind(best) == CLOSE and tile_of(best) == parse_tile("4-4")
    for name in ("heuristic", "search:worlds=20"):
        assert make_bot(name, 1).choose(obs) in obs.legal_moves


def test_a_closed_arm_is_never_offered_to_a_bot():
    game = make_game(HHL)
    match = Match(game, seed=11)
    bots = [make_bot("heuristic", 1), make_bot("random", 2), make_bot("search:worlds=8", 3), make_bot("random", 4)]
    for _ in range(2):
        state = match.start_hand()
        while not state.over:
            seat = state.acting_seat()
            obs = state.observation(seat)
            for m in obs.legal_moves:
                if kind(m) not in (DRAW, PASS) and not (m >> 7 & 31) == 31:
                    assert not state.layout.closed[end_of(m)]
            state.apply(bots[seat].choose(obs))
        match.finish_hand()


# -- homo-homini-lupus: points in halves ------------------------------------------------------------
def test_points_in_halves_are_exact_and_zero_sum_through_records():
    game = make_game(HHL, 4, {"hands": 2})
    for seed in range(8):
        match = Match(game, seed=seed)
        bots_play(match, [make_bot("random", seed + s) for s in range(4)])
        assert all(sum(r.points) == 0 and all((2 * p).is_integer() for p in r.points) for r in match.results)
        record = json.loads(json.dumps(match_record(match)))
        report = replay(record)
        assert report.complete and report.scores == match.scores and sum(report.scores) == 0


def test_a_record_context_may_hold_points_in_halves():
    ctx = context_from_json({"hand_number": 3, "scores": [62.5, 12.5, -47.5, -27.5], "previous_leader": 1,
                             "previous": {"reason": "domino", "hand_values": [0, 5, 11, 9],
                                          "points": [62.5, 12.5, -47.5, -27.5], "winners": [0]}}, 3)
    assert ctx.scores == [62.5, 12.5, -47.5, -27.5] and ctx.previous.points[0] == 62.5


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7])
def test_star_variant_matches_at_every_player_count(players):
    """The property suite walks the listed (base) player count only: the variant's others here.
    Random matches end, conserve tiles, hide others' draws, and their records replay."""
    game = make_game("sevastopol-star", players, {"variant": True, "target": 40})
    for seed in range(3):
        match = Match(game, seed=seed)
        bots = [make_bot("random", seed * 10 + s) for s in range(players)]
        while not match.over:
            state = match.start_hand()
            while not state.over:
                seat = state.acting_seat()
                obs = state.observation(seat)
                assert all(m & HIDDEN for s, m in obs.history if s != seat and kind(m) == DRAW)
                state.apply(bots[seat].choose(obs))
                assert state.tiles_accounted() == game.set_mask
            match.finish_hand()
        assert max(match.scores) >= 40
        report = replay(json.loads(json.dumps(match_record(match))))
        assert report.complete and report.scores == match.scores
    for name in ("heuristic", "search:worlds=10"):
        state = Match(game, seed=1).start_hand()
        bot = make_bot(name, 1)
        while not state.over:
            obs = state.observation(state.acting_seat())
            move = bot.choose(obs)
            assert move in obs.legal_moves
            state.apply(move)
