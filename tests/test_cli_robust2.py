"""The command line never breaks, second pass (issue 20, items 1, 6 and 7): no traceback and no
lost match, whatever is typed at the prompt or held in a file; a short --seats list seats a
person only where written; a rated match gives no hint and no tile counter."""

from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers import run

from domine.engine.match import Match
from domine.engine.moves import MalformedMove, MoveError
from domine.engine.tiles import TileError, parse_tile
from domine.games import make_game
from domine.records import RecordError, load_record, match_record, replay

ROOT = Path(__file__).resolve().parent.parent


def _one_line_error(r, code: int = 2) -> str:
    """The command failed with one line (no traceback) and exit code ``code``: that line."""
    assert "Traceback" not in r.output, r.output
    assert r.exit_code == code, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    return lines[0]


def _said(r) -> str:
    """What a command printed, its lines joined again where the console wrapped them."""
    return " ".join(r.output.split())


def _unwrapped(r) -> str:
    """What a command printed without any white space: a long path the console broke in the
    middle (its place depends on the test's folder) reads whole again."""
    return "".join(r.output.split())


def _hand_in_play(gid: str, moves: int, seed: int = 3):
    """A hand of ``gid`` after ``moves`` random legal moves (fewer if it ends first)."""
    match = Match(make_game(gid), seed=seed)
    state = match.start_hand()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return match, state


# -- 1: digits of other scripts at the prompt --------------------------------------------------
@pytest.mark.parametrize("typed", ["\u00b2", "\u2460", "6-0 \u00b2", "\u00b2-3", "\u0663-\u0664", "\uff16-\uff10"])
def test_unicode_digits_at_the_prompt_are_refused(typed):
    """² (AltGr+2), ①, Arabic-Indic and full-width digits: refused with the reason, never a
    crash and never read as pips (٣-٤ is not 3-4); the match goes on to the next line."""
    r = run("play", "draw", "--seed", "11", input=f"{typed}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "holds a digit domine does not read" in r.output and "You left the match" in r.output


def test_a_run_of_digits_at_the_prompt_is_no_move():
    r = run("play", "draw", "--seed", "11", input="9" * 5000 + "\n6-" + "9" * 5000 + "\nquit\n")
    assert r.exit_code == 0, r.output
    assert "There is no move 999999999…" in r.output and "You left the match" in r.output


def test_parser_reads_only_ascii_digits():
    _, state = _hand_in_play("draw", 1)
    for text in ("\u00b2", "5-3 \u00b2", "\u0663-\u0664", "draw \u00b2-3"):
        with pytest.raises(MalformedMove) as info:
            state.parse_move(text)
        assert info.value.code == "not-ascii-digit"
    with pytest.raises(MalformedMove) as info:
        make_state = _hand_in_play("auction", 0)[1]
        make_state.parse_move("bid \u2461")
    assert info.value.code == "not-ascii-digit"
    for text in ("\u00b2-3", "\u0663-\u0664", "6-" + "9" * 5000, "1" * 5000):
        with pytest.raises(TileError):
            parse_tile(text)
    assert parse_tile("06-003") == parse_tile("6-3")   # leading zeros are still pips


def test_a_placement_names_one_end_and_one_open_pip():
    """``4-0 L R`` was played as ``4-0 R``: which end was meant is the player's to say."""
    _, state = _hand_in_play("draw", 1)
    for text, code in (("4-0 L R", "two-ends"), ("4-0 R L", "two-ends"), ("4-0 L 4 0", "two-open-pips")):
        with pytest.raises(MalformedMove) as info:
            state.parse_move(text)
        assert info.value.code == code
    r = run("play", "draw", "--seed", "11", input="4-0 L R\nquit\n")
    assert r.exit_code == 0 and "'4-0 L R' names more than one end" in r.output


#: games whose moves read differently: a line, a cross, a grid of wild tiles, trains, bids, rows
FUZZ_GAMES = ["draw", "all-fives", "cross", "matador", "russian-cross", "mexican-train", "auction",
              "italian", "blind-row", "close-at-will", "four-crosses", "troli"]
_FUZZ_STATES: dict = {}
WORDS = ["6-0", "5-3", "0-0", "L", "R", "N", "E", "S", "W", "!", "+", "draw", "pass", "stop", "bid", "close",
         "discard", "decline", "drop", "out", "back", "open", "peek", "buy", "6", "0", "12", "\u00b2", "\u2460",
         "\u0663", "\uff16", "9" * 5000, "-", ":", "|", "/", "left", "right", ""]
TEXTS = st.one_of(st.text(max_size=40),
                  st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join),
                  st.tuples(st.sampled_from(["6-0", "5-3", "0-0", "6-6", "3-1", "12-12"]),
                            st.lists(st.sampled_from(WORDS), max_size=4)).map(lambda t: " ".join([t[0], *t[1]])),
                  st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=5).map(" ".join))


def _fuzz_state(gid: str, moves: int):
    if (gid, moves) not in _FUZZ_STATES:
        _FUZZ_STATES[gid, moves] = _hand_in_play(gid, moves)[1]
    return _FUZZ_STATES[gid, moves]


NASTY = ["bid " + "9" * 5000, "bid 99999999999", "6-0 L " + "9" * 5000, "6-" + "9" * 5000, "9" * 5000,
         "close L " + "9" * 5000, "discard " + "9" * 5000 + "-1", "draw " + "9" * 5000, "open " + "9" * 5000,
         "6-0 \u00b2", "bid \u00b2", "\u2460", "6-0 L R", "6-0 L + 6-1 R R", "drop out out", "buy back back"]


@pytest.mark.parametrize("gid", FUZZ_GAMES)
def test_texts_that_broke_the_parser(gid):
    """The texts that once escaped as ValueError (a number past Python's 4300 digits, a digit
    of another script), in every kind of game, at its start and a few moves in."""
    for moves in (0, 3, 6):
        state = _fuzz_state(gid, moves)
        for text in NASTY:
            with pytest.raises(MoveError):
                state.parse_move(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gid=st.sampled_from(FUZZ_GAMES), moves=st.integers(0, 6), text=TEXTS)
def test_fuzz_the_move_parser(gid, moves, text):
    """Any text at all: a legal move, or a MoveError that says why, never another exception."""
    state = _fuzz_state(gid, moves)
    try:
        move = state.parse_move(text)
    except MoveError as e:
        assert str(e)
    else:
        assert move in state.legal_moves() or state.over


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gid=st.sampled_from(["draw", "auction", "matador", "mexican-train"]), text=TEXTS)
def test_fuzz_the_prompt(gid, text):
    """The table's prompt, the way a person types into it: a move, or the next question."""
    import io

    from rich.console import Console

    from domine.cli.common import HUMAN
    from domine.cli.terminal_match import QuitGame, TerminalMatch

    game = make_game(gid)
    out = Console(file=io.StringIO(), width=80)
    table = TerminalMatch(game, [HUMAN] + ["greedy"] * (game.players - 1), 5, False, out)
    state = table.match.start_hand()
    while not state.over and state.acting_seat() != 0:
        state.apply(table.bots[state.acting_seat()].choose(state.observation(state.acting_seat())))
    if state.over:
        return
    typed = iter([text])

    def answer(prompt="", **kw):
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    out.input = answer
    try:
        move = table.human_move(state, 0)
    except QuitGame:
        return   # the text was 'quit', or a question after it met the end of input
    assert move in state.legal_moves()


# -- 1: a record that cannot be written mid-match ------------------------------------------------
def _failing_writes(monkeypatch, first: int, last: int, spare_ok: bool = True) -> dict:
    """Make the record's writes number ``first`` to ``last`` fail as a full disk does."""
    import domine.records as records

    real = records.save_record_atomically
    calls = {"n": 0}

    def save(record, path):
        calls["n"] += 1
        spare = Path(path).name.startswith("domine-")
        if (first <= calls["n"] <= last and not spare) or (spare and not spare_ok):
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        return real(record, path)

    monkeypatch.setattr(records, "save_record_atomically", save)
    return calls


def test_a_failed_write_mid_match_is_said_and_the_match_goes_on(tmp_path, monkeypatch):
    rec = tmp_path / "m.json"
    _failing_writes(monkeypatch, 3, 8)
    r = run("play", "block", "--seats", "greedy,greedy", "--seed", "2", "--record", str(rec), "-o", "target=30")
    assert r.exit_code == 0, r.output
    assert _said(r).count("Cannot write the record") == 1   # said once, not after every move
    assert "No space left on device" in _said(r) and "The match goes on" in _said(r)
    assert "Record written to" in _said(r) and "again" in _said(r)
    assert "Match over" in _said(r) and replay(json.loads(rec.read_text())).complete


def test_a_record_that_never_writes_goes_to_the_temporary_folder(tmp_path, monkeypatch):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    rec = tmp_path / "m.json"
    _failing_writes(monkeypatch, 2, 10 ** 9)
    r = run("play", "block", "--seats", "greedy,greedy", "--seed", "2", "--record", str(rec), "-o", "target=30",
            "--quiet")
    assert r.exit_code == 1, r.output   # the match was played; its record is not where asked
    assert "Match over" in _said(r) and "saved instead to this file" in _said(r)
    spare, = tmp_path.glob("domine-block-*.json")
    assert str(spare) in r.output   # whole, on one line, to copy
    assert replay(json.loads(spare.read_text())).complete


def test_a_record_written_nowhere_is_printed(tmp_path, monkeypatch):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    rec = tmp_path / "m.json"
    _failing_writes(monkeypatch, 2, 10 ** 9, spare_ok=False)
    r = run("play", "block", "--seats", "greedy,greedy", "--seed", "2", "--record", str(rec), "-o", "target=30",
            "--quiet")
    assert r.exit_code == 1 and "Nowhere to write it" in _said(r)
    printed = json.loads(r.output.strip().splitlines()[-1])
    assert replay(printed).complete and not list(tmp_path.glob("domine-*"))


def test_a_person_is_asked_for_another_file(tmp_path, monkeypatch):
    rec, other = tmp_path / "m.json", tmp_path / "other.json"
    _failing_writes(monkeypatch, 3, 3)
    r = run("play", "block", "--seed", "1", "--record", str(rec),
            input=f"1\n{tmp_path / 'no' / 'x.json'}\n{other}\n" + "1\n" * 4 + "quit\n")
    assert r.exit_code == 0, r.output
    assert "Save the record to another file" in _said(r)
    assert "the folder" in _said(r) and "does not exist" in _said(r)   # a path that cannot be, asked again
    assert f"Recordsavedto{other}" in _unwrapped(r)
    written = json.loads(other.read_text())
    assert len(written["hands"][0]["moves"]) > len(json.loads(rec.read_text())["hands"][0]["moves"])
    assert replay(written)


def test_the_record_folder_removed_mid_match(tmp_path):
    """A real file system: the folder goes away while bots play; the match ends normally and
    its record is in the temporary folder."""
    folder, spare = tmp_path / "gone", tmp_path / "spare"
    folder.mkdir()
    spare.mkdir()
    rec = folder / "m.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), TMPDIR=str(spare))
    p = subprocess.Popen([sys.executable, "-m", "domine", "play", "block", "--seats", "greedy,greedy", "--seed", "2",
                          "--record", str(rec), "--speed", "0.02", "-o", "target=40"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.time() + 60
        while not rec.exists() and time.time() < deadline:
            time.sleep(0.01)
        rec.unlink()
        folder.rmdir()
        out, _ = p.communicate(timeout=120)
    finally:
        p.kill()
    text = out.decode()
    assert "Traceback" not in text and "Cannot write the record" in text and "Match over" in text, text
    assert p.returncode == 1, text
    saved, = spare.glob("domine-block-*.json")
    assert replay(json.loads(saved.read_text())).complete


# -- 1: records that gave tracebacks ---------------------------------------------------------------
def _mexican_train_engine_not_first() -> dict:
    """An unfinished Mexican Train record whose stock does not start with the round's engine."""
    match, _ = _hand_in_play("mexican-train", 4)
    record = match_record(match, ["greedy", "greedy"])
    stock = record["hands"][0]["deal"]["stock"]
    stock.append(stock.pop(0))
    return record


def _deep(n: int = 100_000) -> str:
    return "[" * n + "]" * n


BAD_FILES = {
    "engine": lambda: json.dumps(_mexican_train_engine_not_first()),
    "nested": _deep,
    "nested-in-a-record": lambda: '{"format": "domine-record", "version": 1, "game": "draw", "hands": '
                                  + _deep() + "}",
    "long-number": lambda: '{"format": "domine-record", "version": 1, "game": "draw", "players": 2, "seed": '
                           + "9" * 5000 + ', "hands": []}',
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_records_give_one_line(tmp_path, name):
    f = tmp_path / "bad.json"
    f.write_text(BAD_FILES[name](), encoding="utf-8")
    line = _one_line_error(run("replay", str(f)), 1)   # replay's verdict on an invalid record: exit 1
    assert line.startswith("invalid record:")
    r = run("replay", "--json", str(f))
    assert r.exit_code == 1 and json.loads(r.output)["valid"] is False
    assert _one_line_error(run("render", str(f), "--svg", str(tmp_path / "t.svg"))).startswith("error: invalid record")
    assert _one_line_error(run("play", "--resume", str(f))).startswith(f"error: --resume {f}")
    assert not (tmp_path / "t.svg").exists()


def test_the_reasons_of_bad_records():
    with pytest.raises(RecordError, match="the engine is taken out before the deal"):
        replay(_mexican_train_engine_not_first())
    with pytest.raises(RecordError, match="the deal cannot start a hand of mexican-train"):
        replay(_mexican_train_engine_not_first())


def test_load_record_says_why(tmp_path):
    f = tmp_path / "r.json"
    f.write_text(_deep())
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record(f)
    f.write_text("9" * 5000)
    with pytest.raises(RecordError, match="more than 4300 digits"):
        load_record(f)


# -- 1: --record never replaces a link, a device or a pipe -----------------------------------------
def _not_regular(tmp_path: Path, kind: str) -> Path:
    target = tmp_path / "target.json"
    target.write_text("keep me")
    path = tmp_path / kind
    if kind == "link":
        path.symlink_to(target)
    elif kind == "dangling-link":
        path.symlink_to(tmp_path / "nowhere.json")
    else:
        os.mkfifo(path)
    return path


@pytest.mark.parametrize("kind", ["link", "dangling-link", "fifo"])
@pytest.mark.parametrize("force", [True, False])
def test_record_refuses_what_is_not_a_regular_file(tmp_path, kind, force):
    path = _not_regular(tmp_path, kind)
    r = run("play", "block", "--seats", "greedy,greedy", "--quiet", "--record", str(path), *(["--force"] * force))
    line = _one_line_error(r)
    assert ("symbolic link" if "link" in kind else "not a regular file") in line
    assert "Hand 1" not in r.output
    assert (tmp_path / "target.json").read_text() == "keep me"
    assert path.is_symlink() if "link" in kind else path.is_fifo()


@pytest.mark.parametrize("kind", ["link", "fifo"])
def test_saving_never_replaces_what_is_not_a_regular_file(tmp_path, kind):
    from domine.records import save_record_atomically
    path = _not_regular(tmp_path, kind)
    with pytest.raises(OSError):
        save_record_atomically({"format": "domine-record"}, path)
    assert path.is_symlink() if kind == "link" else path.is_fifo()


# -- 1: the smaller ones ----------------------------------------------------------------------
@pytest.mark.parametrize("content, words", [("null", "not null"), ("[1, 2]", "not [1, 2]"), ('"x"', 'not "x"')])
def test_resume_of_a_file_that_holds_no_record(tmp_path, content, words):
    f = tmp_path / "n.json"
    f.write_text(content)
    line = _one_line_error(run("play", "--resume", str(f)))
    assert "not a record" in line and words in line and "no such file" not in line
    line = _one_line_error(run("play", "--resume", str(tmp_path)))
    assert "directory" in line


@pytest.mark.parametrize("args", [["--matches", "0"], ["--hands", "3", "--matches", "0"], ["--hands", "0"],
                                  ["--hands", "-2", "--matches", "4"]])
def test_simulate_counts_at_least_one(args):
    line = _one_line_error(run("simulate", "block", *args))
    assert "must be at least 1" in line and "not both" not in line


def test_the_overwrite_question_shows_its_choices(tmp_path):
    rec = tmp_path / "m[1].json"
    rec.write_text("keep me")
    r = run("play", "block", "--record", str(rec), input="n\n")
    assert r.exit_code == 2 and f"{rec}exists.Overwriteit?[y/N]" in _unwrapped(r)
    assert rec.read_text() == "keep me"


# -- 6: a short seat list seats a person only where written -----------------------------------------
@pytest.mark.parametrize("written, players, seats", [
    ("human,medium", 4, ["human", "medium", "medium", "medium"]),
    ("medium,human", 3, ["medium", "human", "medium"]),
    ("human,greedy,random", 5, ["human", "greedy", "random", "greedy", "random"]),
    ("greedy,random", 4, ["greedy", "random", "greedy", "random"]),
    ("human", 3, ["human", "greedy", "greedy"]),
    ("human,human", 4, ["human", "human", "greedy", "greedy"]),
])
def test_seats_repeat_only_the_bots(written, players, seats):
    from domine.cli.play import _round_the_table
    assert _round_the_table(written.split(","), players) == seats


def test_human_medium_at_four_is_no_hot_seat_game(tmp_path):
    rec = tmp_path / "p.json"
    r = run("play", "partners", "--seats", "human,medium", "--seed", "3", "--record", str(rec), input="quit\n")
    assert r.exit_code == 0, r.output
    assert "Pass the screen" not in r.output and "seat 0 (you)" in r.output
    assert json.loads(rec.read_text())["seats"] == ["human", "medium", "medium", "medium"]
    assert "a person sits only where written" in " ".join(run("play", "--help").output.split())


# -- 7: a rated match gives no hint and no tile counter ------------------------------------------
def test_rated_refuses_hint_tiles_and_undo(tmp_path):
    rec = tmp_path / "r.json"
    r = run("play", "draw", "--seed", "11", "--rated", "--record", str(rec), input="hint\ntiles\ncount\nundo\nquit\n")
    assert r.exit_code == 0, r.output
    assert "No hint: this match is rated." in r.output and "Hint:" not in r.output
    assert r.output.count("No tile counter: this match is rated.") == 2 and "Unseen tiles" not in r.output
    assert "No undo: this match is rated." in r.output
    r = run("play", "--resume", str(rec), input="hint\ntiles\nquit\n")   # the record keeps it rated
    assert "No hint: this match is rated." in r.output and "No tile counter" in r.output
    r = run("play", "draw", "--seed", "11", input="hint\ntiles\nquit\n")   # an unrated match has both
    assert "Hint:" in r.output and "Unseen tiles" in r.output
