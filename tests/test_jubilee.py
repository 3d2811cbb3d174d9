"""Jubilee beyond the example data: the lot from the seed, records, points on play."""

from __future__ import annotations

import random

from domine.bots import make_bot
from domine.games import make_game
from domine.games.jubilee import threshold_points
from domine.engine.match import Match
from domine.records import match_record, replay
from domine.engine.tiles import parse_tile

from helpers import bots_play


def play(game, seed):
    match = Match(game, seed=seed)
    bots = [make_bot("random", seed + s) for s in range(game.players)]
    bots_play(match, bots)
    return match


def test_the_first_starter_is_drawn_from_the_seed_and_the_record_replays():
    starters = set()
    for seed in range(12):
        game = make_game("jubilee", 3)
        match = play(game, seed)
        first = match.hands[0]
        assert first.leader == random.Random(seed).randrange(3) == first.context.lot
        starters.add(first.leader)
        for a, b in zip(match.hands, match.hands[1:]):   # then the start goes round
            assert b.leader == (a.leader + 1) % 3
        record = match_record(match)
        assert record["hands"][0]["context"]["lot"] == first.leader
        report = replay(record)
        assert report.complete and report.scores == match.scores
    assert starters == {0, 1, 2}


def test_a_record_with_another_lot_does_not_replay():
    match = play(make_game("jubilee", 2), 5)
    record = match_record(match)
    record["hands"][0]["context"]["lot"] = 1 - match.hands[0].leader
    try:
        replay(record)
    except ValueError:
        return
    raise AssertionError("a record whose lot names another starter replayed")


def test_points_on_play_follow_the_thresholds():
    game = make_game("jubilee", 2)
    assert [threshold_points(b, a) for b, a in ((21, 25), (46, 53), (70, 78), (25, 25), (140, 150), (146, 155))] \
        == [5, -10, -15, 0, 30, -30]
    assert threshold_points(0, 12) == 0   # a lead never scores
    # the hook the bots read: 2-2 laid on a table of 21 pips
    lay = game.new_layout()
    lay.place_lead(parse_tile("6-2"))
    for tile, end, open_pip in (("6-5", 0, 5), ("2-0", 1, 0)):
        lay.place(end, parse_tile(tile), open_pip)
    lay.place(0, parse_tile("5-5"), 5)   # 21 pips on the table before it, 31 after
    assert game.points_on_play(lay, 0, parse_tile("5-5")) == threshold_points(21, 31)
