"""The coach (issue 20, item 11): ``domine review`` and its analysis, ``domine.bots.review``.

The analysis is judged on positions whose best move is plain, on what it may read (the
seat's observation only), on its reproducibility, and the command on its JSON, its stepping
from a pipe and its refusals. Budgets are tiny, so the file stays quick.
"""

from __future__ import annotations

import json

import pytest

from domine.bots.review import (
    BLUNDER, INACCURACY, MISTAKE, THRESHOLDS, Budget, classify, move_values, polarity, record_seed,
)
from domine.engine.hand import Deal
from domine.games import make_game
from domine.parts.scoring import GOOD, PENALTY, TOKENS_WON, ZERO_SUM

from helpers import run, tiles

TINY = Budget(worlds=6, rollouts=1)


# -- the analysis ---------------------------------------------------------------------------------------
def test_classes_follow_the_thresholds_of_each_polarity():
    for kind, (a, b, c) in THRESHOLDS.items():
        assert 0 < a < b < c
        assert classify(a * 0.99, kind) is None
        assert classify(a, kind) == INACCURACY and classify(b, kind) == MISTAKE and classify(c, kind) == BLUNDER
        assert classify(10 * c, kind) == BLUNDER
    # the value already turns penalty points round: one scale for points, another for tokens
    assert THRESHOLDS[GOOD] == THRESHOLDS[PENALTY] == THRESHOLDS[ZERO_SUM] != THRESHOLDS[TOKENS_WON]
    assert polarity(make_game("draw", 2)) == GOOD
    assert polarity(make_game("cross", 2)) == PENALTY
    assert polarity(make_game("auction", 3)) == TOKENS_WON


def _keep_the_domino():
    """Block (OpenSpiel's), two seats, ten tiles played: every 6 but 6-6 and 6-5 is on the table and one end
    shows 6. Seat 0 holds both: 6-6 first keeps that end a 6 for 6-5, out next turn whatever
    seat 1 holds; 6-5 first leaves 6-6 in the hand for good."""
    game = make_game("block", 2, {"openspiel": True})   # seat 0 leads any tile
    mine = tiles("6-4 4-2 2-3 3-0 0-2 6-6 6-5")
    theirs = tiles("3-6 1-3 6-1 2-6 6-0 5-5 1-1")
    aside = [t for t in range(28) if t not in mine + theirs]
    state = game.new_hand(Deal([mine, theirs], aside=aside))
    state.apply(state.parse_move("6-4"))
    six = "L" if state.layout.values[0] == 6 else "R"
    four = "R" if six == "L" else "L"
    for text in ("3-6 " + six, "4-2 " + four, "1-3 " + six, "2-3 " + four, "6-1 " + six, "3-0 " + four,
                 "2-6 " + six, "0-2 " + six, "6-0 " + six):
        state.apply(state.parse_move(text))
    assert state.acting_seat() == 0
    return state, six


def test_the_move_that_keeps_the_domino_is_best_and_the_other_a_blunder():
    state, six = _keep_the_domino()
    legal = state.legal_moves()
    names = [state.move_str(m) for m in legal]
    assert sorted(names) == [f"6-5 {six}", f"6-6 {six}"]
    found = move_values(state.observation(0, legal), legal, Budget(worlds=20, rollouts=2), seed=7)
    assert found.worlds == 20 and not found.cut
    value = dict(zip(names, found.values))
    assert value[f"6-6 {six}"] >= 1.0               # a hand won, whatever the world
    assert classify(value[f"6-6 {six}"] - value[f"6-5 {six}"], ZERO_SUM) == BLUNDER


def test_values_read_only_what_the_seat_may_know():
    """Two deals that differ only in tiles seat 0 cannot see give the same values."""
    game = make_game("draw", 2)
    hands = [tiles("6-6 6-5 4-4 3-1 2-0 5-5 1-0"), tiles("6-4 6-3 6-2 6-1 6-0 5-4 5-3")]
    rest = [t for t in range(28) if t not in hands[0] + hands[1]]
    swapped = [hands[1][:-1] + [rest[0]], [hands[1][-1]] + rest[1:]]   # seat 1's 5-3 now in the stock
    values = []
    for theirs, stock in ((hands[1], rest), swapped):
        state = game.new_hand(Deal([hands[0], theirs], stock=stock))
        while state.acting_seat() != 0 or len(state.legal_moves()) < 2:
            state.apply(state.legal_moves()[0])
        legal = state.legal_moves()
        obs = state.observation(0, legal)
        values.append((obs.to_dict(), move_values(obs, legal, TINY, seed=3).values))
    assert values[0][0] == values[1][0]   # the same observation ...
    assert values[0][1] == values[1][1]   # ... the same values


def test_the_clock_cuts_a_decision_and_says_so():
    state, _ = _keep_the_domino()
    legal = state.legal_moves()
    found = move_values(state.observation(0, legal), legal, Budget(worlds=50, rollouts=1, think=1e-9), seed=1)
    assert found.cut and found.worlds == 1
    again = move_values(state.observation(0, legal), legal, Budget(worlds=50, rollouts=1), seed=1)
    assert not again.cut and again.worlds == 50


def test_the_seed_comes_from_the_record():
    a = {"format": "x", "hands": [1, 2]}
    assert record_seed(a) == record_seed(json.loads(json.dumps(a))) != record_seed({**a, "hands": [2, 1]})


# -- domine review ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record(tmp_path_factory):
    rec = tmp_path_factory.mktemp("review") / "m.json"
    r = run("play", "draw", "--seats", "greedy,heuristic", "--seed", "3", "-o", "target=20",
            "--record", str(rec), "--quiet")
    assert r.exit_code == 0
    return rec


def _json(record, *args):
    r = run("review", str(record), "--json", "--budget", "3", *args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_review_json_weighs_every_decision_of_the_seat_the_same_on_every_run(record):
    data = json.loads(record.read_text())
    out = _json(record)
    assert out == _json(record)                     # the same record, the same analysis
    assert out["format"] == "domine-review 1" and out["seat"] == 0 and out["polarity"] == "good"
    assert out["budget"]["worlds"] == 3 and out["thresholds"]["blunder"] == THRESHOLDS[GOOD][2]
    assert len(out["hands"]) == len(data["hands"])
    for raw, hand in zip(data["hands"], out["hands"]):
        mine = [j for j, m in enumerate(raw["moves"], start=1) if m.startswith("0:")]
        assert [d["move"] for d in hand["decisions"]] == mine
        for d in hand["decisions"]:
            assert d["seat"] == 0 and raw["moves"][d["move"] - 1].startswith(f"0: {d['played']}")
            legal = [x["move"] for x in d["legal"]]
            assert d["played"] in legal and d["best"] in legal
            if d["forced"]:
                assert len(legal) == 1 and d["loss"] == 0 and d["class"] is None
                continue
            values = {x["move"]: x["value"] for x in d["legal"]}
            assert d["best_value"] == max(values.values()) == values[d["best"]]
            assert d["loss"] == pytest.approx(d["best_value"] - d["played_value"], abs=2e-4)
            assert d["class"] == classify(d["loss"], GOOD)
            assert d["worlds"] == 3 and d["cut"] is False
        counts = hand["summary"]
        assert counts["decisions"] == len(mine)
        assert counts["blunder"] == sum(d["class"] == "blunder" for d in hand["decisions"])
    total = out["summary"]
    assert total["decisions"] == sum(h["summary"]["decisions"] for h in out["hands"])
    assert total["loss"] == pytest.approx(sum(h["summary"]["loss"] for h in out["hands"]), abs=1e-3)
    assert sum(total[c] for c in ("inaccuracy", "mistake", "blunder")) >= 1   # greedy errs somewhere


def test_review_of_another_seat(record):
    out = _json(record, "--seat", "1")
    assert out["seat"] == 1
    assert all(d["seat"] == 1 for h in out["hands"] for d in h["decisions"])


def test_review_steps_forwards_back_and_jumps_from_a_pipe(record):
    r = run("review", str(record), "--budget", "2", input="n\nn\np\n7\nzz\nd\nq\n")
    assert r.exit_code == 0, r.output
    shown = [line.split("· position ")[1].split(" of")[0] for line in r.output.splitlines() if "· position " in line]
    assert shown[:5] == ["1", "2", "3", "2", "7"]
    assert "keys: " in r.output                     # 'zz' means nothing: the keys are said again
    assert len(shown) == 6                          # d: the seat's next decision, then q
    assert "coach: " in r.output.split("position " + shown[-1])[1]
    assert "Table:" in r.output


def test_review_shows_a_hand_s_summary_at_its_end(record):
    data = json.loads(record.read_text())
    moves = len(data["hands"][0]["moves"])
    r = run("review", str(record), "--budget", "2", input=f"{moves + 1}\n99999\n")
    assert r.exit_code == 0, r.output
    first, last = r.output.split("Coach, hand 1:")[0], r.output.split("Coach, hand 1:")[1]
    assert f"move {moves} of {moves}" in first and "Hand 1 over" in first
    assert "blunder" in last.splitlines()[0]
    assert "Coach, the match:" in r.output          # the last position of all


def test_review_shows_only_the_seat_s_own_tiles(record):
    data = json.loads(record.read_text())
    r = run("review", str(record), "--budget", "1", input="")
    assert r.exit_code == 0
    dealt = data["hands"][0]["deal"]["hands"]
    line = next(x for x in r.output.splitlines() if "'s tiles:" in x)
    assert line.startswith("seat 0") and sorted(line.split(": ")[1].split()) == sorted(dealt[0])
    assert "seat 1 (heuristic)'s tiles" not in r.output


def test_review_refuses_what_it_cannot_read_in_one_line(record, tmp_path):
    cases = []
    cases.append(([str(tmp_path / "missing.json")], "no such file"))
    cases.append(([str(tmp_path)], "is a directory"))
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    cases.append(([str(bad)], "invalid record: not JSON"))
    data = json.loads(record.read_text())
    data["hands"][0]["moves"][3] = "0: 9-9"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    cases.append(([str(tampered)], "invalid record: hand 1, move 4"))
    cases.append(([str(record), "--seat", "2"], "--seat 2: the record has seats 0 to 1"))
    cases.append(([str(record), "--budget", "0"], "--budget must be at least 1"))
    cases.append(([str(record), "--think", "soon"], "--think takes a duration"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    cases.append(([str(deep)], "invalid record: "))
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "domine-record", "seed": ' + "9" * 5000 + "}")
    cases.append(([str(huge)], "invalid record: "))
    for args, message in cases:
        r = run("review", *args, "--json")
        assert r.exit_code == 2, (args, r.output)
        assert message in r.output and len(r.output.strip().splitlines()) == 1, (args, r.output)


def test_review_is_listed_in_the_help():
    r = run("--help")
    assert "review" in r.output


def test_review_help_loads_no_engine_and_no_rich():
    import os
    import subprocess
    import sys
    from pathlib import Path
    probe = ("import sys\nsys.argv = ['domine', 'review', '--help']\nfrom domine.cli import main\n"
             "try:\n    main(prog_name='domine')\nexcept SystemExit:\n    pass\n"
             "sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)))")
    src = str(Path(__file__).resolve().parents[1] / "src")
    done = subprocess.run([sys.executable, "-c", probe], check=False, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=src, COLUMNS="80"))
    assert "--budget" in done.stdout
    modules = set(done.stderr.rpartition("MODULES ")[2].split())
    assert "domine.cli.review" in modules
    heavy = ("domine.engine", "domine.games", "domine.bots", "domine.records", "domine.terminal", "rich")
    assert sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in heavy)) == []
