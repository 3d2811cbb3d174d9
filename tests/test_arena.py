"""domine.sim.arena: duplicate-deal pairing, the statistics, determinism and the command."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

import domine.sim.arena as arena
from domine.sim.arena import (
    ArenaError, ArenaBlock, margin_of_play, mean_ci, outcome_of_play, run_arena, run_block, seat_sides,
    sign_test_p, verdict,
)
from domine.bots import BotError, make_bot
from domine.games.base import GameError
from domine.games import make_game
from domine.sim.simulate import derive_seed

from helpers import run


# -- statistics ------------------------------------------------------------------------------
def test_sign_test_hand_values():
    assert sign_test_p(9, 10) == 22 / 1024 == 0.021484375
    assert sign_test_p(1, 10) == 22 / 1024               # two-sided: symmetric
    assert sign_test_p(10, 10) == sign_test_p(0, 10) == 2 / 1024
    assert sign_test_p(5, 10) == 1.0
    assert sign_test_p(4, 10) == 2 * 386 / 1024          # 1 + 10 + 45 + 120 + 210 = 386
    assert sign_test_p(1, 2) == 1.0 and sign_test_p(1, 3) == 1.0   # 2 * 4/8: capped at 1
    assert sign_test_p(0, 1) == 1.0
    assert sign_test_p(0, 0) == 1.0
    assert sign_test_p(8, 10) == 2 * (1 + 10 + 45) / 1024
    with pytest.raises(ValueError):
        sign_test_p(11, 10)


def test_sign_test_matches_the_exact_sum_and_the_normal_tail_when_large():
    n, s = 2000, 935
    exact = Fraction(2 * sum(math.comb(n, k) for k in range(s + 1)), 2 ** n)
    assert sign_test_p(s, n) == pytest.approx(float(exact), rel=1e-12)
    # 100,000 games: z = (49,000.5 - 50,000) / sqrt(25,000), the two-sided normal tail
    p = sign_test_p(49_000, 100_000)
    normal = math.erfc((50_000 - 49_000.5) / math.sqrt(25_000) / math.sqrt(2))
    assert 0 < p < 1e-9
    assert p == pytest.approx(normal, rel=0.05)


def test_mean_ci_by_hand():
    # mean 3, sample variance 10/4 = 2.5, standard error sqrt(2.5/5) = sqrt(0.5)
    mean, lo, hi = mean_ci([1, 2, 3, 4, 5])
    half = 1.96 * math.sqrt(0.5)
    assert mean == 3 and lo == pytest.approx(3 - half) and hi == pytest.approx(3 + half)
    assert round(lo, 6) == 1.614071 and round(hi, 6) == 4.385929
    # clipping, as for win rates
    mean, lo, hi = mean_ci([0, 0.5, 1, 1], lo_clip=0.0, hi_clip=1.0)
    half = 1.96 * math.sqrt((0.6875 / 3) / 4)
    assert mean == 0.625 and lo == pytest.approx(0.625 - half) and hi == 1.0
    # no spread, and a single value
    assert mean_ci([0.5, 0.5, 0.5]) == (0.5, 0.5, 0.5)
    assert mean_ci([2.0]) == (2.0, -math.inf, math.inf)
    assert mean_ci([0.5], lo_clip=0.0, hi_clip=1.0) == (0.5, 0.0, 1.0)


def test_outcome_of_play():
    ab = seat_sides(2)
    assert outcome_of_play([0], ab) == 1.0
    assert outcome_of_play([1], ab) == 0.0
    assert outcome_of_play([], ab) == 0.5
    assert outcome_of_play([0, 1], ab) == 0.5            # a shared win
    abab, baba = seat_sides(4), seat_sides(4, swapped=True)
    assert outcome_of_play([0, 2], abab) == 1.0 and outcome_of_play([0, 2], baba) == 0.0
    aba = seat_sides(3)
    assert outcome_of_play([2], aba) == 1.0 and outcome_of_play([1], aba) == 0.0


def test_margin_of_play():
    assert margin_of_play([10, 0], [0, 1], seat_sides(2)) == 10
    assert margin_of_play([10, 0], [0, 1], seat_sides(2, True)) == -10
    assert margin_of_play([10, 0], [0, 1], seat_sides(2), penalties=True) == -10
    # individual, three seats: A's two seats are averaged
    assert margin_of_play([4, 6, 10], [0, 1, 2], seat_sides(3)) == 7 - 6
    assert margin_of_play([4, 6, 10], [0, 1, 2], seat_sides(3, True)) == 6 - 7
    # partners: one team each
    assert margin_of_play([12, 5], [0, 1, 0, 1], seat_sides(4)) == 7
    assert margin_of_play([12, 5], [0, 1, 0, 1], seat_sides(4, True)) == -7


# -- seating and pairing ----------------------------------------------------------------------
def test_seat_sides():
    assert seat_sides(2) == ("A", "B") and seat_sides(2, True) == ("B", "A")
    assert seat_sides(3) == ("A", "B", "A") and seat_sides(3, True) == ("B", "A", "B")
    assert seat_sides(4) == ("A", "B", "A", "B") and seat_sides(4, True) == ("B", "A", "B", "A")
    # partners: seats 0+2 against 1+3, so the swap swaps the teams
    teams = make_game("partners").teams(4)
    assert {teams[s] for s, x in enumerate(seat_sides(4)) if x == "A"} == {0}
    assert {teams[s] for s, x in enumerate(seat_sides(4, True)) if x == "A"} == {1}


@pytest.mark.parametrize("game, players", [("block", 2), ("cross", 3), ("draw", 4), ("partners", 4)])
def test_bots_sit_as_documented(monkeypatch, game, players):
    made = []

    def spy(name, seed=None):
        made.append((name, seed))
        return make_bot(name, seed)

    monkeypatch.setattr(arena, "make_bot", spy)
    run_block(ArenaBlock(game, players, (), "greedy", "random", 7, 4, 1))
    names = {"A": "greedy", "B": "random"}
    expected = [(names[side], derive_seed(7, 4, play, s))
                for play in (0, 1) for s, side in enumerate(seat_sides(players, play == 1))]
    assert made == expected


@pytest.mark.parametrize("game, players", [("block", 2), ("block", 3), ("partners", 4), ("cross", 2)])
def test_same_deterministic_bot_on_both_sides_mirrors(game, players):
    res = run_arena("greedy", "greedy", game, 60, players=players, seed=4)
    assert res.win_rate == 0.5 and res.margin == 0.0
    assert res.deals_won == res.deals_lost == 0 and res.deals_even == 60
    assert res.p_value == 1.0 and res.plays == 120
    assert res.decisions["A"] == res.decisions["B"]
    assert "No difference" in verdict(res)


def test_greedy_beats_random_on_block():
    res = run_arena("greedy", "random", "block", 200, seed=1)
    assert res.deals == 200 and res.plays == 400 and res.blocks == 20
    assert res.win_rate > 0.5 and res.margin > 0
    lo, hi = res.win_rate_ci
    assert 0 <= lo <= res.win_rate <= hi <= 1
    assert res.deals_won + res.deals_lost + res.deals_even == 200
    assert res.plays_won + res.plays_lost + res.plays_tied == 400
    assert res.differing_deals >= res.deals_even - res.plays_tied   # every (1, 0) deal differs
    assert 0 < res.decisions["A"] <= 400 * 7   # at most one decision per tile a seat holds


def test_seconds_per_decision_is_the_bots_time_over_their_decisions(monkeypatch):
    """A clock that advances one second at each reading: every decision is timed by two
    readings around the bot's choice, so each side's time per decision is exactly 1 s, and
    the decisions counted are those the bots were asked for (greedy never reads the clock)."""
    import itertools
    import types
    asked = {"A": 0, "B": 0}
    ticks = itertools.count()
    monkeypatch.setattr(arena, "time", types.SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    real = arena.play_out

    def counting(state, bots, names, sides, *rest):
        for seat, bot in enumerate(bots):
            choose = bot.choose

            def counted(obs, choose=choose, side=sides[seat]):
                asked[side] += 1
                return choose(obs)
            bot.choose = counted
        return real(state, bots, names, sides, *rest)
    monkeypatch.setattr(arena, "play_out", counting)
    res = run_arena("greedy", "random", "block", 20, seed=3)
    assert res.decisions == asked and asked["A"] > 20 and asked["B"] > 20
    assert res.seconds_per_decision == {"A": 1.0, "B": 1.0}


@pytest.mark.parametrize("game", ["cross", "block"])
def test_a_positive_margin_favours_a(game):
    # two players: in cross (own pips are penalties) the hand's winner holds the fewest pips,
    # in block the winner scores; either way a play A wins has a margin >= 0 for A
    block = run_block(ArenaBlock(game, 2, (), "greedy", "random", 2, 0, 40))
    pairs = [(o, m) for oc, mg in zip(block.outcomes, block.margins) for o, m in zip(oc, mg)]
    assert any(o == 1.0 for o, _ in pairs) and any(o == 0.0 for o, _ in pairs)
    assert all(m >= 0 for o, m in pairs if o == 1.0)
    assert all(m <= 0 for o, m in pairs if o == 0.0)
    assert run_arena("greedy", "random", game, 5).points_are_penalties == (game == "cross")


def test_library_errors():
    with pytest.raises(BotError):
        run_arena("nobody", "random", "block", 5)
    with pytest.raises(GameError):
        run_arena("greedy", "random", "blok", 5)
    with pytest.raises(GameError):
        run_arena("greedy", "random", "block", 5, players=7)
    with pytest.raises(ArenaError):
        run_arena("greedy", "random", "block", 0)


def test_illegal_move_is_reported(monkeypatch):
    class Cheat:
        name = "cheat"

        def choose(self, obs):
            return 1 << 30

    monkeypatch.setattr(arena, "make_bot", lambda name, seed=None: Cheat() if name == "cheat" else make_bot(name, seed))
    with pytest.raises(ArenaError, match="bot cheat .*illegal move"):
        run_arena("cheat", "random", "block", 3)


# -- the command ------------------------------------------------------------------------------
def _json(*extra: str) -> dict:
    r = run("arena", "greedy", "random", "--game", "block", "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


TIMING = ("seconds_per_decision", "hands_per_second", "elapsed_seconds")


def test_cli_json_fields_and_same_results_whatever_jobs():
    a = _json("--deals", "120", "--seed", "11", "--jobs", "1")
    for key in ("game", "players", "options", "bot_a", "bot_b", "seed", "deals", "plays", "win_rate",
                "win_rate_ci", "margin", "margin_ci", "differing_deals", "p_value", "seconds_per_decision",
                "hands_per_second"):
        assert key in a
    assert a["game"] == "block" and a["players"] == 2 and a["deals"] == 120 and a["plays"] == 240
    assert a["bot_a"] == "greedy" and a["bot_b"] == "random" and a["seed"] == 11
    assert {"A", "B", "greedy", "random"} <= set(a["seconds_per_decision"])
    lo, hi = a["win_rate_ci"]
    assert 0 <= lo <= a["win_rate"] <= hi <= 1
    b = _json("--deals", "120", "--seed", "11", "--jobs", "2")
    strip = lambda d: {k: v for k, v in d.items() if k not in TIMING}   # noqa: E731
    assert strip(a) == strip(b)
    c = _json("--deals", "120", "--seed", "12")
    assert strip(c) != strip(a)


def test_cli_table_and_verdict():
    r = run("arena", "greedy", "random", "--game", "block", "--deals", "150", "--seed", "3")
    assert r.exit_code == 0, r.output
    for text in ("win rate", "margin", "95% CI", "differing deals", "sign test p", "time/decision",
                 "hands per second", "greedy", "random"):
        assert text in r.output
    assert "stronger" in r.output or "No significant difference" in r.output


def test_cli_single_deal_and_options():
    d = _json("--deals", "1", "--option", "double_nine=yes", "--players", "3")
    assert d["deals"] == 1 and d["players"] == 3 and d["options"]["set"] == "double-nine"
    assert d["win_rate_ci"] == [0.0, 1.0] and d["margin_ci"] == [None, None]


@pytest.mark.parametrize("args, message", [
    (("nobody", "random", "--game", "block", "--deals", "5"), "unknown bot 'nobody'"),
    (("greedy", "random", "--game", "blok", "--deals", "5"), "Did you mean block"),
    (("greedy", "random", "--game", "block", "--deals", "0"), "--deals must be at least 1"),
    (("greedy", "random", "--game", "block", "--deals", "5", "--players", "7"), "not 7"),
    (("greedy", "random", "--game", "block", "--deals", "5", "-o", "foo=1"), "no option 'foo'"),
    (("greedy", "random", "--game", "block", "--deals", "5", "--jobs", "-1"), "--jobs"),
    (("greedy", "random", "--game", "block", "--deals", "5", "--unit", "round"), "--unit must be one of hand, match"),
])
def test_cli_usage_errors(args, message):
    r = run("arena", *args)
    assert r.exit_code == 2 and message in r.output
    assert r.output.count("\n") <= 2


# -- whole matches ------------------------------------------------------------------------------
def test_a_match_unit_plays_whole_matches_on_the_same_cards():
    from domine.engine.match import Match
    res = run_arena("greedy", "random", "block", 3, seed=5, unit="match")
    assert res.unit == "match" and res.plays == 6 and res.deals == 3
    # each play is a whole match to the target: far more hands than plays
    assert res.hands > 3 * res.plays
    # greedy against greedy on both sides: the two plays of a deal are the same match, mirrored
    mirror = run_arena("greedy", "greedy", "block", 3, seed=5, unit="match")
    assert mirror.margin == 0.0 and mirror.deals_even == 3
    # a play's first hand is the match's first hand, dealt from the deal's seed
    game = make_game("block", 2)
    match = arena.play_match(game, derive_seed(5, 0), {"A": "greedy", "B": "greedy"}, ("A", "B"),
                             [1, 2], [0.0, 0.0], [0, 0], keep_hands=True)
    first = Match(game, seed=derive_seed(5, 0)).start_hand()
    assert [sorted(h) for h in match.hands[0].deal.hands] == [sorted(h) for h in first.deal.hands]
    assert match.over and match.result.winners


def test_games_that_pay_at_the_match_end_are_measured_over_matches():
    for game, players in (("italian", 3), ("rotating-partners", 4)):
        res = run_arena("greedy", "random", game, 2, players=players, seed=3)
        assert res.unit == "match", game
        assert res.token_margin is not None
        assert res.hands >= res.plays
    # the token margin over a match is the final balances' (conserved: each play's sum is zero)
    block = run_block(ArenaBlock("italian", 3, (), "greedy", "random", 3, 0, 2, unit="match"))
    assert all(t != 0 for pair in block.tokens for t in pair)
    hand = run_arena("greedy", "random", "italian", 2, players=3, seed=3, unit="hand")
    assert hand.unit == "hand" and hand.hands == hand.plays == 4
    with pytest.raises(ArenaError, match="unknown unit"):
        run_arena("greedy", "random", "block", 2, unit="round")


def test_match_records_replay(tmp_path):
    from domine.records import load_record, replay
    r = run("arena", "greedy", "random", "--game", "rotating-partners", "--deals", "1", "--seed", "2",
            "--record-dir", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "whole matches" in r.output and "tokens/match" in r.output
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    for f in files:
        data = load_record(f)
        assert data["result"] is not None and data["arena"]["deal"] == 0
        report = replay(data)
        assert report.complete and report.result == data["result"]


# -- Ctrl-C --------------------------------------------------------------------------------
def test_ctrl_c_keeps_the_deals_played_to_their_end(monkeypatch):
    real = arena.play_deal
    calls = []

    def interrupted_at_the_seventh_play(*args, **kwargs):
        calls.append(1)
        if len(calls) == 7:   # the first play of deal 3
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(arena, "play_deal", interrupted_at_the_seventh_play)
    res = run_arena("greedy", "random", "block", 40, seed=2)
    assert res.interrupted and res.requested == 40 and res.deals == 3 and res.plays == 6 == res.hands
    whole = run_arena("greedy", "greedy", "block", 3, seed=2)
    assert not whole.interrupted and whole.requested == 3
    calls.clear()
    r = run("arena", "greedy", "random", "--game", "block", "--deals", "40", "--seed", "2")
    assert r.exit_code == 130 and "win rate" in r.output and "Interrupted" in r.output
    assert "3 deals played so far (of 40" in r.output
    calls.clear()
    r = run("arena", "greedy", "random", "--game", "block", "--deals", "40", "--json")
    assert r.exit_code == 130 and '"interrupted": true' in r.output

    def at_once(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "play_deal", at_once)
    with pytest.raises(arena.ArenaInterrupted):
        run_arena("greedy", "random", "block", 5)
    r = run("arena", "greedy", "random", "--game", "block", "--deals", "5")
    assert r.exit_code == 130 and "before the first deal" in r.output
