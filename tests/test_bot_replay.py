"""Bots that replay (issue 20, item 8): a searching bot's move follows from its seed and its
budget of work, never from the clock; the clock only caps a search, a decision it cut is
marked in the record, and ``domine replay --strict`` explains such a move instead of calling
it tampering."""

from __future__ import annotations

import json

import pytest

from domine.bots import make_bot, search
from domine.engine.match import Match
from domine.games import make_game
from domine.records import (RecordError, keep_cuts, match_record, note_cut, replay, resume_match, strict_check)
from domine.sim import arena

from helpers import random_positions, run

#: small budgets, so that the tests are quick: rollouts (draw), exact search (2-player block)
SMALL = "hard:worlds=6+rollouts=2+units=20000"


class Clock:
    """A stand-in for the ``time`` module the search reads: ``step`` seconds pass at each look
    (0: time stands still; large: a very slow or loaded machine)."""

    def __init__(self, step: float):
        self.step, self.now, self.reads = step, 1000.0, 0

    def perf_counter(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def _positions(game_id: str, players: int, seed: int, most: int = 12):
    """Observations of positions with something to weigh, from random play."""
    out = []
    for state, seat in random_positions(make_game(game_id, players), seed, hands=1):
        if len(state.legal_moves()) > 1:
            out.append(state.observation(seat))
            if len(out) == most:
                break
    return out


def _moves(bot_name: str, observations) -> list[int]:
    bot = make_bot(bot_name, 7)
    moves = []
    for obs in observations:
        moves.append(bot.choose(obs))
        assert bot.last_decision_cut is None
    return moves


# -- the decision follows from the seed and the budget -------------------------------------------
@pytest.mark.parametrize("game_id, players", [("draw", 2), ("block", 2), ("partners", 4)])
def test_the_same_moves_however_fast_the_clock_runs(monkeypatch, game_id, players):
    """With a time limit that is never reached, the clock standing still, running at a slow
    machine's pace, or not read at all gives the same moves."""
    observations = _positions(game_id, players, 3)
    unclocked = _moves(SMALL + "+think=0", observations)
    for step in (0.0, 0.001):
        clock = Clock(step)
        monkeypatch.setattr(search, "time", clock)
        assert _moves(SMALL + "+think=5", observations) == unclocked
        assert clock.reads > 0   # the clock was looked at, and changed nothing


def test_a_position_gets_the_same_move_whatever_was_asked_before():
    """The random numbers of a decision come from the seed and the position: a bot asked
    again after an undo, or made again for a resumed match, answers as before."""
    observations = _positions("draw", 2, 4)
    fresh = [make_bot(SMALL, 7).choose(obs) for obs in observations]
    assert _moves(SMALL, observations) == fresh
    assert _moves(SMALL, reversed(observations)) == fresh[::-1]


def test_the_same_moves_in_another_process():
    """Nothing of a decision hangs on the process (string hashing, say): two processes with
    different hash seeds choose alike, as another machine would."""
    import os
    import subprocess
    import sys

    script = (
        "from helpers import random_positions\n"
        "from domine.bots import make_bot\n"
        "from domine.games import make_game\n"
        "out = []\n"
        "for gid, n in (('draw', 2), ('block', 2), ('mexican-train', 4)):\n"
        "    for state, seat in random_positions(make_game(gid, n), 5, hands=1):\n"
        "        if len(state.legal_moves()) > 1 and len(out) < 24:\n"
        f"            out.append(make_bot({SMALL + '+think=0'!r}, 3).choose(state.observation(seat)))\n"
        "print(out)\n")
    paths = os.pathsep.join(["src", "tests", os.environ.get("PYTHONPATH", "")])
    said = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": h, "PYTHONPATH": paths}).stdout for h in "12"]
    assert said[0] == said[1] and said[0].count(",") > 12


def test_the_budget_is_given_as_parameters():
    bot = make_bot("hard:worlds=9+rollouts=3+units=5000", 1)
    assert (bot.worlds, bot.rollouts, bot.units, bot.think) == (9, 3, 5000, 1.0)
    hard = make_bot("hard", 1)
    assert (hard.worlds, hard.rollouts, hard.playouts, hard.units, hard.think) == (200, 4, 3000, 300_000, 1.0)
    assert [hard.worlds_for(m) for m in (2, 3, 4, 12)] == [200, 200, 187, 62]   # at most 3,000 rollouts
    assert make_bot("search", 1).worlds_for(12) == 200   # no bound unless playouts is given
    with pytest.raises(ValueError, match="units"):
        make_bot("hard:units=0")


# -- the clock cuts a search, and says so --------------------------------------------------------
def test_a_slow_clock_cuts_the_search_and_the_bot_says_how_far_it_got(monkeypatch):
    obs = _positions("draw", 2, 2)[0]
    monkeypatch.setattr(search, "time", Clock(0.4))   # a world takes 0.4 s: two fit in a second
    bot = make_bot("hard:worlds=50+rollouts=1+think=1", 3)
    assert bot.choose(obs) in obs.legal_moves
    cut = bot.last_decision_cut
    assert cut is not None and cut.unit == "worlds" and cut.budget == 50 and 1 <= cut.done < 50
    assert str(cut) == f"{cut.done} of 50 worlds"


def test_a_cut_exact_search_says_how_much_work_it_did(monkeypatch):
    """Two-player block, the other hand's worlds listed: the information-set search looks at the
    clock every few thousand units of work; a clock that runs out cuts it."""
    for state, seat in random_positions(make_game("block", 2), 9, hands=1):
        if state.layout.lead >= 0 and state.hands[seat].bit_count() == 6:
            obs = state.observation(seat)
            break
    monkeypatch.setattr(search, "time", Clock(0.3))
    bot = make_bot("hard:think=1", 1)
    assert bot.choose(obs) in obs.legal_moves
    cut = bot.last_decision_cut
    assert cut is not None and cut.unit == "units of exact search" and cut.budget == bot.units
    assert 0 < cut.done < cut.budget


# -- records: the cut moves marked, --strict explains them -----------------------------------------
def _play(tmp_path, name: str, seats: str, *extra: str):
    path = tmp_path / name
    r = run("play", "draw", "--seats", seats, "--seed", "5", "-o", "target=30", "--record", str(path),
            "--quiet", *extra)
    assert r.exit_code == 0, r.output
    return path


def test_a_match_against_hard_replays_strictly_twice_in_a_row(tmp_path):
    path = _play(tmp_path, "m.json", f"{SMALL},greedy")
    outputs = []
    for _ in range(2):
        r = run("replay", "--strict", "-q", str(path))
        assert r.exit_code == 0 and "Strict: each hand dealt again" in r.output, r.output
        outputs.append(r.output)
    assert outputs[0] == outputs[1]
    assert "cuts" not in json.loads(path.read_text())["hands"][0]   # nothing was cut


def test_a_slowed_clock_marks_cuts_and_strict_explains_them(tmp_path, monkeypatch):
    """hard at the table on a machine so slow that the clock cuts its searches: the record
    marks those moves, and --strict (which searches with the whole budget and never reads the
    clock) explains each of them and passes."""
    monkeypatch.setattr(search, "time", Clock(0.3))
    path = _play(tmp_path, "slow.json", "hard:worlds=40+rollouts=1,greedy")
    data = json.loads(path.read_text())
    cuts = [c for h in data["hands"] for c in h.get("cuts", [])]
    assert cuts and all(c["of"] == "worlds" and c["budget"] == 40 and c["done"] < 40 for c in cuts)
    for h in data["hands"]:
        for c in h.get("cuts", []):
            assert h["moves"][c["move"] - 1].startswith("0: ")   # the move of hard's seat
    monkeypatch.undo()
    r = run("replay", "--strict", "-q", str(path))
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())
    assert said.count("by a search cut by the clock at") == len(cuts)
    assert f"at {cuts[0]['done']} of 40 worlds; replaying it with the full budget chose" in said
    assert f"({len(cuts)} chosen by a search the clock cut, explained above)" in said
    j = json.loads(run("replay", "--strict", "--json", str(path)).output)
    assert j["strict"] is True and len(j["cuts"]) == len(cuts)


def test_without_its_cut_marks_a_cut_move_is_a_difference(tmp_path, monkeypatch):
    """The record played with a slow clock, its cut marks taken away: the moves the clock
    chose are differences again, so the marks are what tells them apart."""
    monkeypatch.setattr(search, "time", Clock(0.3))
    path = _play(tmp_path, "slow.json", "hard:worlds=40+rollouts=1,greedy")
    monkeypatch.undo()
    data = json.loads(path.read_text())
    report = strict_check(data)
    assert report.difference is None and report.cuts
    differing = [c for c in report.cuts if "the same move" not in c]
    assert differing   # two worlds searched of forty: some moves come out otherwise
    first = differing[0].split(":")[0]   # "hand H, move M"
    for h in data["hands"]:
        h.pop("cuts", None)
    assert strict_check(data).difference.startswith(first)


def _tamper(data: dict, seat: int) -> tuple[int, int]:
    """Change one of ``seat``'s moves that was not cut to another legal move; (hand, move)."""
    trace: list = []
    replay(data, trace)
    for i, (raw, hand) in enumerate(zip(data["hands"], trace), start=1):
        cut = {c["move"] for c in raw.get("cuts", [])}
        for j, pos in enumerate(hand["positions"], start=1):
            if pos["to_act"] == seat and len(pos["legal"]) > 1 and j not in cut and pos["played"] is not None:
                other = next(m for m in pos["legal"] if m != pos["played"])
                raw["moves"] = raw["moves"][:j - 1] + [f"{seat}: {other}"]
                raw["cuts"] = [c for c in raw.get("cuts", []) if c["move"] < j]
                if not raw["cuts"]:
                    del raw["cuts"]
                raw.pop("result", None), raw.pop("scores", None)
                data["hands"], data["result"] = data["hands"][:i], None
                return i, j
    raise AssertionError(f"no move of seat {seat}'s to change")


@pytest.mark.parametrize("slow", [False, True])
def test_a_tampered_move_is_still_caught(tmp_path, monkeypatch, slow):
    """A move that differs and was not cut is a difference, as before: one of hard's with the
    clock out of the way; with a clock so slow that it cuts all of hard's searches, one of
    greedy's, after moves of hard's that the clock cut."""
    if slow:
        monkeypatch.setattr(search, "time", Clock(0.3))
    path = _play(tmp_path, "t.json", "hard:worlds=40+rollouts=1,greedy")
    monkeypatch.undo()
    data = json.loads(path.read_text())
    seat = 1 if slow else 0
    hand, move = _tamper(data, seat)
    assert not slow or data["hands"][0]["cuts"][0]["move"] < move   # a cut move came before it
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert run("replay", "-q", str(bad)).exit_code == 0          # a legal record
    r = run("replay", "--strict", "-q", str(bad))
    name = "greedy" if slow else "hard:worlds=40+rollouts=1"
    assert r.exit_code == 1 and f"hand {hand}, move {move}: seat {seat} ({name})" in r.output, r.output


def test_cuts_survive_resume_and_undo_forgets_the_moves_taken_back(monkeypatch):
    game = make_game("draw", 2, {"target": 30})
    match = Match(game, seed=5)
    state = match.start_hand()
    bot = make_bot("hard:worlds=40+rollouts=1", 3)
    monkeypatch.setattr(search, "time", Clock(0.3))
    noted = 0
    while noted < 2:
        seat = state.acting_seat()
        move = bot.choose(state.observation(seat)) if seat == 0 else state.legal_moves()[0]
        if seat == 0 and bot.last_decision_cut is not None:
            note_cut(match, state, bot.last_decision_cut)
            noted += 1
        state.apply(move)
    monkeypatch.undo()
    record = match_record(match)
    cuts = record["hands"][0]["cuts"]
    assert len(cuts) == 2
    resumed = resume_match(json.loads(json.dumps(record)))
    assert match_record(resumed)["hands"][0]["cuts"] == cuts
    # an undo back to before the second cut move: its mark goes with it
    from domine.engine.hand import HandState
    moves = record["hands"][0]["moves"]
    back = HandState.from_events(game, state.deal, state.history[:_events_before(state, cuts[1]["move"])],
                                 state.context)
    match.current = back
    keep_cuts(match, back)
    assert match_record(match)["hands"][0]["cuts"] == cuts[:1] and len(moves) >= cuts[1]["move"]


def _events_before(state, move_number: int) -> int:
    """How many events of ``state``'s log come before its ``move_number``-th recorded move."""
    from domine.engine.moves import kind_of
    seen = 0
    for k, (seat, event) in enumerate(state.history):
        if seat >= 0 and not kind_of(event).forced:
            seen += 1
            if seen == move_number:
                return k
    raise AssertionError(move_number)


@pytest.mark.parametrize("cuts, says", [
    ("x", "'cuts' must be a list"),
    ([{"move": 1}], "a cut is written"),
    ([{"move": 999, "done": 1, "budget": 2, "of": "worlds"}], "names move 999"),
    ([{"move": 1, "done": 3, "budget": 2, "of": "worlds"}], "done at most budget"),
    ([{"move": 1, "done": 1, "budget": 2, "of": "worlds"}] * 2, "named twice"),
])
def test_a_malformed_cut_field_is_named(tmp_path, cuts, says):
    path = _play(tmp_path, "m.json", f"{SMALL},greedy")
    data = json.loads(path.read_text())
    data["hands"][0]["cuts"] = cuts
    with pytest.raises(RecordError, match=says):
        replay(data)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = run("replay", "-q", str(bad))
    assert r.exit_code == 1 and says in r.output


def test_arena_records_mark_cuts_and_replay_strictly(monkeypatch):
    monkeypatch.setattr(search, "time", Clock(0.3))
    spec = arena.ArenaBlock("draw", 2, (), "hard:worlds=40+rollouts=1", "greedy", 3, 0, 1, record=True)
    records = arena.run_block(spec).records
    monkeypatch.undo()
    assert len(records) == 2 and any(r["hands"][0].get("cuts") for r in records)
    for rec in records:
        report = strict_check(rec)
        assert report.difference is None
        assert len(report.cuts) == len(rec["hands"][0].get("cuts", []))


def test_simulate_records_mark_cuts_and_replay_strictly(monkeypatch):
    from domine.sim import simulate

    monkeypatch.setattr(search, "time", Clock(0.3))
    spec = simulate.BlockSpec("draw", 2, (("target", 30),), ("hard:worlds=40+rollouts=1", "greedy"), 4, 0,
                              "matches", 1, record=True)
    records = simulate.run_block(spec).records
    monkeypatch.undo()
    assert len(records) == 1 and any(h.get("cuts") for h in records[0]["hands"])
    report = strict_check(records[0])
    assert report.difference is None
    assert len(report.cuts) == sum(len(h.get("cuts", [])) for h in records[0]["hands"])
