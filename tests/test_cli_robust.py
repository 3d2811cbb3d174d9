"""The command line never breaks: every value checked, every failure one message (issue 13)."""

from __future__ import annotations

import json

import pytest

from domine.bots import BotError, make_bot, parse_duration
from domine.games import make_game
from domine.engine.position import position
from domine.records import RecordError, replay

from helpers import run, play_events

GOLDEN = "tests/golden/block.json"


def _golden() -> dict:
    with open(GOLDEN, encoding="utf-8") as f:
        return json.load(f)


def _no_traceback(r) -> None:
    assert "Traceback" not in r.output, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)


# -- 2, 3, 4: --think and bot settings ------------------------------------------------------
@pytest.mark.parametrize("command", [
    ["play", "block", "--seats", "hard,greedy", "--quiet"],
    ["simulate", "block", "--hands", "2", "--bots", "hard"],
    ["arena", "hard", "greedy", "--game", "block", "--deals", "1"],
])
@pytest.mark.parametrize("value", ["nan", "inf", "-1", "-inf", "1e308", "abc", "1e"])
def test_think_refused_with_message(command, value):
    r = run(*command, "--think", value)
    _no_traceback(r)
    assert r.exit_code == 2
    assert "--think" in r.output and repr(value) in r.output   # quotes what was typed


def test_think_durations():
    assert parse_duration("50ms") == pytest.approx(0.05)
    assert parse_duration("1m") == 60
    assert parse_duration("0.5s") == 0.5
    assert parse_duration("2") == 2
    assert parse_duration(" 1.5 s ") == 1.5
    r = run("simulate", "block", "--hands", "1", "--bots", "search:worlds=2", "--think", "5ms", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["bots"] == ["search:worlds=2+think=0.005"] * 2


@pytest.mark.parametrize("name, words", [
    ("hard:think=nan", "think"), ("hard:worlds=-1", "worlds"), ("search:worlds=0", "worlds"),
    ("search:epsilon=2", "epsilon"), ("search:think=-1", "think"), ("search:rollouts=0", "rollouts"),
    ("search:worlds=1.5", "worlds"), ("search:epsilon=nan", "epsilon"),
])
def test_bot_settings_checked(name, words):
    with pytest.raises(BotError, match=words):
        make_bot(name)
    r = run("simulate", "block", "--hands", "2", "--bots", name)
    _no_traceback(r)
    assert r.exit_code == 2 and words in r.output


# -- 2, 3: records ------------------------------------------------------------------------
@pytest.mark.parametrize("field, value, words", [
    ("players", "2", "'players' must be a whole number"),
    ("players", None, "'players' must be a whole number"),
    ("seed", "five", "'seed' must be a whole number"),
    ("options", [], "'options' must be an object"),
    ("seats", ["greedy", "wizard"], "unknown seat 'wizard'"),
    ("seats", ["greedy"], "names 1 seats"),
    ("game", ["draw"], "'game' must be a game id"),
    ("version", "1", "'version' must be a number"),
])
def test_record_fields_checked(tmp_path, field, value, words):
    data = _golden()
    data[field] = value
    with pytest.raises(RecordError, match=words):
        replay(data)
    f = tmp_path / "r.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    r = run("replay", str(f))
    _no_traceback(r)
    assert r.exit_code == 1 and words in r.output


@pytest.mark.parametrize("content", [
    '{"format": "domine-record"}'.encode("utf-16"),
    bytes(range(256)),
    b"\xff\xfe\x00garbage",
])
def test_replay_not_utf8(tmp_path, content):
    f = tmp_path / "r.json"
    f.write_bytes(content)
    r = run("replay", str(f))
    _no_traceback(r)
    assert r.exit_code == 1 and "UTF-8" in r.output


# -- 5: the end typed is the end placed ---------------------------------------------------
def test_typed_end_is_kept_on_a_line():
    game = make_game("draw", 2)
    st = position(game, [["4-2", "6-6", "5-5"], ["1-1", "3-3", "0-0"]], lead="2-2")
    move = st.parse_move("4-2 R")
    assert st.move_str(move) == "4-2 R"
    st.apply(move)
    assert st.move_str(play_events(st.history)[-1][1]) == "4-2 R"
    st2 = position(game, [["4-2", "6-6", "5-5"], ["1-1", "3-3", "0-0"]], lead="2-2")
    st2.apply(st2.parse_move("4-2 L"))
    assert st2.move_str(play_events(st2.history)[-1][1]) == "4-2 L"


def test_typed_end_is_kept_on_a_cross_spinner():
    game = make_game("cross", 3)
    st = position(game, [["6-4", "5-5", "1-0"], ["1-1", "3-3", "0-0"], ["2-2", "3-1", "4-0"]], lead="6-6")
    names = st.layout.end_names()
    for end in names:
        if st.layout.values[names.index(end)] == 6:
            trial = position(game, [["6-4", "5-5", "1-0"], ["1-1", "3-3", "0-0"], ["2-2", "3-1", "4-0"]],
                             lead="6-6")
            trial.apply(trial.parse_move(f"6-4 {end}"))
            assert trial.move_str(play_events(trial.history)[-1][1]) == f"6-4 {end}"
    from domine.records import history_strings
    st.apply(st.parse_move("6-4 E"))
    assert history_strings(st)[-1] == "0: 6-4 E"


# -- 1: the rules wrap and lose nothing -----------------------------------------------------
def _words(text: str) -> list[str]:
    import re
    return re.findall(r"\w+", text)


@pytest.mark.parametrize("width", [None, "60", "80", "100", "120"])
def test_rules_wrap_and_lose_nothing(width):
    from typer.testing import CliRunner

    from domine.cli import app
    from domine.cli.info import rules_text
    from domine.games import GAMES

    for gid in GAMES:
        env = {"COLUMNS": width} if width else {}
        r = CliRunner().invoke(app, ["rules", gid], env=env)
        assert r.exit_code == 0, r.output
        limit = int(width or 80)
        lines = r.output.splitlines()
        assert all(len(line.rstrip()) <= limit for line in lines), (gid, max(lines, key=len))
        shown = _words(r.output)
        # every word of the text, in order
        it = iter(shown)
        for w in _words(rules_text(gid)):
            assert any(x == w for x in it), (gid, w)


def test_rules_options_as_typed():
    r = run("rules", "bergen")
    assert "default no" in r.output and "yes/no" in r.output and "False" not in r.output


# -- 12: everything fits 80 columns -------------------------------------------------------
def _render(renderable, width=80) -> list[str]:
    import io

    from rich.console import Console
    buf = io.StringIO()
    Console(file=buf, width=width, highlight=False, soft_wrap=False).print(renderable)
    return buf.getvalue().splitlines()


@pytest.mark.parametrize("gid, players", [("mexican-train", 2), ("draw", 2), ("cross", 4), ("two-by-two", 2)])
def test_decision_view_fits_80_columns(gid, players):
    from domine.engine.match import Match
    from domine.terminal.table import decision_view

    state = Match(make_game(gid, players), seed=5).start_hand()
    for _ in range(6):   # a few moves in
        if state.over:
            break
        state.apply(state.legal_moves()[0])
    seat = state.acting_seat()
    obs = state.observation(seat)
    labels = [state.move_str(m) for m in obs.legal_moves]
    lines = _render(decision_view(state, obs, ["human"] + ["greedy"] * (players - 1), [0] * len(obs.hand_sizes),
                                  labels))
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    text = "\n".join(lines)
    for i, label in enumerate(labels, start=1):
        assert f"{i}) {label}" in text          # a move is never cut across lines


def test_watching_and_replay_fit_80_columns(tmp_path):
    rec = tmp_path / "m.json"
    r = run("play", "bergen", "--seats", "greedy,random,greedy,random", "--seed", "1", "--record", str(rec),
            "-o", "set=12", "-o", "target=4")
    assert r.exit_code == 0, r.output[-2000:]
    assert all(len(line) <= 80 for line in r.output.splitlines())
    r = run("replay", str(rec))
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    data = json.loads(rec.read_text())
    for m in data["hands"][0]["moves"]:
        assert any(m in line for line in lines)   # each move whole on a line


# -- 6: the record is written as the match goes --------------------------------------------
def test_record_written_as_the_match_goes(tmp_path):
    import os
    import subprocess
    import sys
    import time

    rec = tmp_path / "live.json"
    env = dict(os.environ, PYTHONPATH="src")
    p = subprocess.Popen([sys.executable, "-m", "domine", "play", "block", "--seed", "1", "--record", str(rec)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        p.stdin.write(b"1\n")
        p.stdin.flush()
        deadline = time.time() + 60
        moves = []
        while time.time() < deadline:
            if rec.exists():
                try:
                    data = json.loads(rec.read_text())
                except ValueError:
                    data = None   # never: the file is replaced whole
                    raise
                moves = data["hands"][0]["moves"] if data["hands"] else []
                if any(m.startswith("0: ") for m in moves):
                    break
            time.sleep(0.1)
    finally:
        p.kill()   # the terminal closes: no chance to save at the end
        p.wait()
    assert any(m.startswith("0: ") for m in moves)
    assert replay(json.loads(rec.read_text())).complete is False


def test_record_path_checked_before_the_match(tmp_path):
    rec = tmp_path / "m.json"
    rec.write_text("keep me")
    r = run("play", "block", "--seats", "greedy,greedy", "--record", str(rec), "--quiet")
    assert r.exit_code == 2 and "--force" in r.output and rec.read_text() == "keep me"
    assert "Hand 1" not in r.output   # refused before the match starts
    r = run("play", "block", "--record", str(rec), input="n\n")
    assert r.exit_code == 2 and "kept" in r.output and rec.read_text() == "keep me"
    r = run("play", "block", "--record", str(rec), input="y\nquit\n")
    assert r.exit_code == 0 and json.loads(rec.read_text())["game"] == "block"
    r = run("play", "block", "--seats", "greedy,greedy", "--record", str(rec), "--quiet", "--force")
    assert r.exit_code == 0 and replay(json.loads(rec.read_text())).complete
    f = tmp_path / "file"
    f.write_text("")
    r = run("play", "block", "--seats", "greedy,greedy", "--record", str(f / "x.json"))
    assert r.exit_code == 2


def test_unwritable_record_folder_refused(tmp_path, monkeypatch):
    """A folder the user may not write to is refused before the match starts. (Root writes
    anywhere, so the folder's permission is what the operating system reports for it.)"""
    import os
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o500)
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if str(path) == str(d) else real(path, mode, **kw))
    try:
        r = run("play", "block", "--seats", "greedy,greedy", "--record", str(d / "x.json"))
        assert r.exit_code == 2 and "not writable" in r.output
    finally:
        d.chmod(0o700)


# -- 13: save and resume ------------------------------------------------------------------
def test_resume_a_bot_match_gives_the_same_match(tmp_path):
    full = tmp_path / "full.json"
    assert run("play", "block", "--seats", "greedy,greedy", "--seed", "4", "--record", str(full), "--quiet",
               "-o", "target=60").exit_code == 0
    data = json.loads(full.read_text())
    assert len(data["hands"]) >= 2
    cut = json.loads(json.dumps(data))
    cut["hands"] = cut["hands"][:2]
    cut["hands"][1]["moves"] = cut["hands"][1]["moves"][:3]
    del cut["hands"][1]["result"], cut["hands"][1]["scores"]
    cut["result"] = None
    part = tmp_path / "part.json"
    part.write_text(json.dumps(cut))
    r = run("play", "--resume", str(part), "--quiet")
    assert r.exit_code == 0, r.output
    assert json.loads(part.read_text()) == data   # the same deals, the same moves, the same end


def test_resume_a_human_match(tmp_path):
    rec = tmp_path / "h.json"
    r = run("play", "block", "--seed", "1", "--record", str(rec), input="1\n1\n")
    assert r.exit_code == 0 and "Record saved" in r.output
    before = json.loads(rec.read_text())["hands"][0]["moves"]
    r = run("play", "--resume", str(rec), input="1\n" * 200)
    assert r.exit_code == 0, r.output
    assert "Resumed" in r.output and "seat 0 (you)" in r.output
    after = json.loads(rec.read_text())
    assert after["hands"][0]["moves"][:len(before)] == before
    assert replay(after)


def test_resume_refusals(tmp_path):
    r = run("play", "--resume", str(tmp_path / "none.json"))
    assert r.exit_code == 2 and "no such file" in r.output
    r = run("play", "--resume", GOLDEN)
    assert r.exit_code == 2 and "over" in r.output
    r = run("play")
    assert r.exit_code == 2 and "--resume" in r.output


# -- 7: did you mean, aliases, sets -------------------------------------------------------
@pytest.mark.parametrize("typed, gid", [
    ("Russian", "matador"), ("porodicna", "family"), ("ruski", "matador"), ("obican", "ordinary"),
    ("ukrsteni", "cross"), ("PORODIČNA", "family"), ("blok", "block"), ("karipski", "caribbean"),
])
def test_did_you_mean_reads_aliases(typed, gid):
    r = run("rules", typed)
    assert r.exit_code == 2 and "Did you mean" in r.output
    assert r.output.split("Did you mean", 1)[1].split()[0] == gid


def test_aliases_are_names():
    from domine.games import GAMES, _key
    for cls in GAMES.values():
        keys = [_key(a) for a in cls.aliases]
        assert len(keys) == len(set(keys)), (cls.id, cls.aliases)   # one spelling each
        for a in cls.aliases:
            assert "(" not in a and " l i " not in a and not (len(a) > 3 and a[1] == " "), (cls.id, a)
    assert run("rules", "Civa").exit_code == 0 and run("rules", "slos").exit_code == 0


@pytest.mark.parametrize("typed", ["double-nine", "9", "double-9", "Double-9"])
def test_sets_one_spelling(typed):
    g = make_game("bergen", 2, {"set": typed})
    assert g.max_pip == 9 and g.option_values["set"] == "double-nine"
    assert make_game("bergen", 2, {"set": "12"}).option_values["set"] == "double-twelve"


# -- 8: help and options ------------------------------------------------------------------
def test_dash_h_and_flags_as_flags():
    for args in (["-h"], ["play", "-h"], ["simulate", "-h"], ["arena", "-h"], ["replay", "-h"], ["rules", "-h"]):
        r = run(*args)
        assert r.exit_code == 0 and "Usage" in r.output, args
    out = run("play", "--help").output
    assert "<bool>" not in out and "-q, --quiet" in out
    for bot in ("random", "greedy", "heuristic", "search", "easy", "medium", "hard"):
        assert bot in out
    assert "<bool>" not in run("replay", "--help").output


def test_list_shows_aliases_and_original_names():
    out = run("list").output
    assert "Ruski Domino" in out and "porodična varijanta" in out and "Blic" in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_list_into_a_closed_pipe_exits_quietly():
    import os
    import subprocess
    import sys
    env = dict(os.environ, PYTHONPATH="src")
    for cmd in ("list", "rules cross"):
        p = subprocess.run(f"{sys.executable} -m domine {cmd} | head -2", shell=True, capture_output=True,
                           env=env, executable="/bin/bash", timeout=60)
        check = subprocess.run(f"set -o pipefail; {sys.executable} -m domine {cmd} | head -2", shell=True,
                               capture_output=True, env=env, executable="/bin/bash", timeout=60)
        assert check.returncode == 0 and p.stderr == b"", (cmd, check.returncode, p.stderr)


def test_seats_and_bots_repeat_round_the_table():
    r = run("play", "partners", "--seats", "greedy,random", "--seed", "2", "--quiet")
    assert r.exit_code == 0 and "seat 3 (random)" in r.output and "seat 2 (greedy)" in r.output
    r = run("play", "blitz", "--seats", "random", "--seed", "1", "--quiet")
    assert r.exit_code == 0 and "seat 3 (random)" in r.output
    r = run("simulate", "partners", "--hands", "3", "--bots", "greedy,random", "--json")
    assert json.loads(r.output)["bots"] == ["greedy", "random", "greedy", "random"]


def test_options_print_as_typed():
    r = run("play", "block", "--seats", "greedy,greedy", "--seed", "1", "--quiet", "-o", "double_nine")
    assert r.exit_code == 0 and "set=double-nine" in r.output and "True" not in r.output


# -- 9: pacing ----------------------------------------------------------------------------
def test_speed_paces_bot_moves(monkeypatch):
    import domine.cli.terminal_match as cli   # the match loop's pauses
    naps = []
    monkeypatch.setattr(cli.time, "sleep", naps.append)
    r = run("play", "block", "--seats", "greedy,greedy", "--seed", "1", "--speed", "10ms", "-o", "target=10")
    assert r.exit_code == 0 and naps and all(0 < n <= 0.01 for n in naps)   # the pace less the bot's thinking
    naps.clear()
    assert run("play", "block", "--seats", "greedy,greedy", "--seed", "1", "--speed", "0").exit_code == 0
    assert run("play", "block", "--seats", "greedy,greedy", "--seed", "1", "--speed", "1s", "--quiet").exit_code == 0
    assert not naps
    r = run("play", "block", "--seats", "greedy,greedy", "--speed", "fast")
    assert r.exit_code == 2 and "--speed" in r.output


def test_human_table_waits_between_hands():
    r = run("play", "block", "--seed", "1", "-o", "target=5", input="1\n" * 300)
    assert r.exit_code == 0
    out = r.output
    first_end = out.index("Hand 1 over")
    assert "Press Enter" in out[first_end:out.index("Hand 2")]


# -- 10: at the table ---------------------------------------------------------------------
def test_table_commands():
    r = run("play", "block", "--seed", "1", input="history\ntiles\nscore\nrules\nhint\n\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Hand 1, so far:" in out and "seat 1 (greedy): 6-6" in out
    assert "Unseen tiles (20):" in out and "seat 1 (6 tiles):" in out
    assert "Scores: seat 0 0 · seat 1 0 (first to 100 wins)" in out
    assert "Opening, every hand" in out                 # the rules
    assert "Hint: 6-5 L" in out
    assert "seat 0 (you): 6-5 L" in out                 # Enter played the only move
    # the goal is said at the start and once a hand, not on every decision screen
    screens = [line for line in out.splitlines() if line.startswith("Scores: ")]
    assert screens[0].endswith("first to 100 wins") and "Scores: seat 0 0 · seat 1 0" in screens
    assert sum("first to" in line for line in screens) == 2   # hand 1's start, and the score command


def _undo_script():
    from domine.bots import make_bot
    from domine.engine.match import Match
    match = Match(make_game("block", 2), seed=1)
    state = match.start_hand()
    bot = make_bot("greedy", 1001)
    typed, choices = [], 0
    while choices < 2 and not state.over:
        seat = state.acting_seat()
        legal = state.legal_moves()
        if seat == 1:
            state.apply(bot.choose(state.observation(1)))
        elif len(legal) == 1:
            if legal[0] < 1 << 16:
                typed.append("1")
            state.apply(legal[0])
        else:
            choices += 1
            typed.append("1")
            state.apply(legal[0])
    return typed


def test_undo_takes_back_your_move(tmp_path):
    typed = _undo_script()
    rec = tmp_path / "u.json"
    r = run("play", "block", "--seed", "1", "--record", str(rec), input="\n".join(typed + ["undo", "history"]) + "\n")
    assert r.exit_code == 0, r.output
    assert "Undone: back to your move" in r.output
    moves = json.loads(rec.read_text())["hands"][0]["moves"]
    before = r.output.split("Undone")[0]
    last_mine = [line for line in before.splitlines() if line.startswith("seat 0 (you):")][-1]
    assert f"0: {last_mine.split(': ', 1)[1]}" != moves[-1] if moves else True
    assert replay(json.loads(rec.read_text()))
    r = run("play", "block", "--seed", "1", "--rated", "--record", str(rec), "--force",
            input="\n".join(typed + ["undo"]) + "\n")
    assert "No undo: this match is rated" in r.output and json.loads(rec.read_text())["rated"] is True


def test_partner_and_team_marked():
    r = run("play", "partners", "--seed", "2", input="quit\n")
    out = r.output
    assert "seat 2 (greedy, your partner)" in out and "team A (you)" in out


def test_last_tile_call_in_words():
    from domine.cli.terminal_match import _call_label
    from domine.engine.moves import ANNOUNCE
    from domine.terminal.table import move_line
    game = make_game("ordinary", 2)
    st = position(game, [["6-5", "1-1"], ["2-2", "3-3", "0-0"]], lead="6-6", stock=["4-4", "4-0", "3-0"])
    called = [m for m in st.legal_moves() if m & ANNOUNCE]
    assert called
    assert _call_label(st, called[0]) == "6-5 L and call 'one tile'" or "and call 'one tile'" in \
        _call_label(st, called[0])
    st.apply(called[0])
    line = move_line(st, 0, play_events(st.history)[-1][1], ["greedy", "greedy"], show_draws=False)
    assert "and calls 'one tile'" in line.plain


# -- 11: friends at one screen ------------------------------------------------------------
def test_friends_pass_the_screen():
    r = run("play", "block", "--seats", "human,human", "--seed", "1", input="1\n\n1\n\n1\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Pass the keyboard to seat 0" in out or "Pass the keyboard to seat 1" in out
    assert out.count("Pass the keyboard") >= 2


# -- 14: for researchers ------------------------------------------------------------------
def test_simulate_writes_records(tmp_path):
    d, lines = tmp_path / "recs", tmp_path / "all.jsonl"
    r = run("simulate", "block", "--matches", "3", "--bots", "greedy,random", "--seed", "3", "--record-dir", str(d),
            "--jsonl", str(lines), "--json")
    assert r.exit_code == 0, r.output
    files = sorted(d.iterdir())
    rows = [json.loads(x) for x in lines.read_text().splitlines()]
    assert len(files) == len(rows) == 3
    for f, row in zip(files, rows):
        rec = json.loads(f.read_text())
        assert rec == row and replay(rec).complete
        assert rec["bots"]["asks_forced"] is False and len(rec["bots"]["seeds"]) == 2
        r = run("replay", "--strict", "-q", str(f))
        assert r.exit_code == 0 and "Strict:" in r.output, r.output
    r = run("simulate", "block", "--hands", "300", "--record-dir", str(tmp_path / "h"), "--json")
    assert r.exit_code == 0
    for f in (tmp_path / "h").iterdir():
        replay(json.loads(f.read_text()))   # cut-short matches are unfinished records, still valid
    f = tmp_path / "afile"
    f.write_text("")
    r = run("simulate", "block", "--hands", "3", "--record-dir", str(f))
    assert r.exit_code == 2 and "not a folder" in r.output


def test_arena_writes_records(tmp_path):
    d = tmp_path / "a"
    r = run("arena", "greedy", "random", "--game", "block", "--deals", "3", "--record-dir", str(d), "--json")
    assert r.exit_code == 0, r.output
    files = sorted(d.iterdir())
    assert len(files) == 6
    for f in files:
        rec = json.loads(f.read_text())
        replay(rec)
        assert set(rec["arena"]) == {"seed", "deal", "play", "sides"}
        assert run("replay", "--strict", "-q", str(f)).exit_code == 0


def test_simulate_ctrl_c_prints_results_so_far(monkeypatch):
    import domine.sim.simulate as sim_module
    real = sim_module.run_block
    calls = []

    def interrupted_after_one(spec):
        calls.append(spec)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(spec)

    monkeypatch.setattr(sim_module, "run_block", interrupted_after_one)
    sim = sim_module.simulate("cross", hands=1000, seed=1)   # (the engine's blocks: the kernel's are larger)
    assert sim.interrupted and sim.hands == sim_module.BLOCK_SIZE and sim.requested == 1000
    calls.clear()
    r = run("simulate", "cross", "--hands", "1000")
    assert r.exit_code == 130 and "win rate" in r.output and "Interrupted" in r.output
    assert "250 hands" in r.output


def test_json_field_names_and_effective_options():
    d = json.loads(run("simulate", "block", "--hands", "5", "--json").output)
    assert "blocks" not in d and d["work_chunks"] == 1 and "elapsed_seconds" in d
    assert d["options"]["target"] == 100 and d["options"]["hand_size"] == 7
    a = json.loads(run("arena", "greedy", "random", "--game", "block", "--deals", "2", "--json").output)
    assert "blocks" not in a and a["work_chunks"] == 1 and a["options"]["target"] == 100
    assert a["sides_by_seat"] == ["A", "B"]
    with open("docs/simulate-arena-json.md", encoding="utf-8") as f:
        doc = f.read()
    for key in list(d) + list(d["seats"][0]) + list(a):
        assert f"`{key}`" in doc, key


def test_replay_strict_finds_the_first_difference(tmp_path):
    rec = tmp_path / "m.json"
    assert run("play", "block", "--seats", "random,greedy", "--seed", "6", "--record", str(rec),
               "--quiet").exit_code == 0
    r = run("replay", "--strict", "-q", str(rec))
    assert r.exit_code == 0 and "Strict:" in r.output
    data = json.loads(rec.read_text())
    trace = []
    replay(data, trace)
    positions = trace[0]["positions"]
    j = next(k for k, p in enumerate(positions) if len(p["legal"]) > 1 and p["to_act"] == 0)
    other = next(m for m in positions[j]["legal"] if m != positions[j]["played"])
    hand = data["hands"][0]
    hand["moves"] = hand["moves"][:j] + [f"0: {other}"]
    hand.pop("result", None), hand.pop("scores", None)
    data["hands"], data["result"] = [hand], None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert run("replay", "-q", str(bad)).exit_code == 0          # a legal record
    r = run("replay", "--strict", "-q", str(bad))
    assert r.exit_code == 1 and f"hand 1, move {j + 1}: seat 0 (random)" in r.output
    data["seed"] = data["seed"] + 1
    bad.write_text(json.dumps(data))
    r = run("replay", "--strict", "-q", str(bad))
    assert r.exit_code == 1 and "deals another hand" in r.output


def test_every_name_a_rules_text_lists_opens_that_game():
    """The "Also known as" line of each rules text: each name (its remark in brackets left
    out; after a semicolon only remarks follow) opens that game, with or without accents."""
    import re
    from domine.games import GAMES, game_class
    from importlib.resources import files
    for gid in GAMES:
        text = files("domine").joinpath("rules", f"{gid}.md").read_text(encoding="utf-8")
        found = re.search(r"^Also known as: (.*?)(?:\n\n|\n#)", text, re.S | re.M)
        if not found:
            continue
        names = re.sub(r"\([^)]*\)", "", found.group(1).replace("\n", " ")).split(";")[0]
        for name in (n.strip() for n in names.split(",")):
            if name and not (len(name) > 3 and name[1] == " "):   # "B l i c": a heading's letter-spacing
                assert game_class(name).id == gid, (gid, name)
    assert game_class("Blyskawica").id == "lightning" and game_class("BŁYSKAWICA").id == "lightning"
