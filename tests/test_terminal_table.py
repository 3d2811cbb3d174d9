"""The terminal table, second pass (issue 20, items 2-5 and 9): hot-seat hides hands, the status
line, italian's result before its decisions, Mexican Train's trains a row each, a thinking bot,
line editing, autosave with --continue, and a rematch."""

from __future__ import annotations

import io
import json
import os
import random
import re
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from domine.cli import app
from domine.cli.terminal_match import CLEAR_SCROLLBACK, TerminalMatch
from domine.engine.match import Match
from domine.engine.moves import placements_of
from domine.games import make_game
from domine.parts.stakes import ledger
from domine.terminal.table import table_lines

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
TILE = re.compile(r"(?<![\d-])\d+-\d+(?![\d-])")


def invoke(*args: str, input: str = "", env: dict | None = None):
    """The command line in-process, with ``env`` set; never a traceback."""
    r = CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "80", **(env or {})})
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    return r


def randomly(state, rnd: random.Random, until=lambda s: False, steps: int = 500) -> None:
    """Play ``state`` on with random moves (placements first) until ``until(state)`` or its end."""
    while not state.over and steps and not until(state):
        moves = state.legal_moves()
        places = [m for m in moves if placements_of(m)]
        state.apply(rnd.choice(places or moves))
        steps -= 1


# -- 2: hot-seat hides hands -------------------------------------------------------------------------
def test_hot_seat_wipes_the_scrollback_and_no_hand_survives_it():
    r = invoke("play", "draw", "--seats", "human,human", "--seed", "5", "--speed", "0",
               input="\n1\n\n1\n\n1\n\nquit\n", env={"TTY_COMPATIBLE": "1", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    segments = [ANSI.sub("", part) for part in r.output.split(CLEAR_SCROLLBACK)]
    screens = [i for i, seg in enumerate(segments) if "Your hand:" in seg]
    assert len(screens) >= 3
    for i, j in zip(screens, screens[1:]):
        before, after = segments[i], segments[j]
        held = set(TILE.findall(before.split("Your hand:")[1].splitlines()[0]))
        since = re.search(r"Since your last turn \(seat \d \(human\)\):\n((?:  .*\n)+)", after)
        played = set(TILE.findall(since.group(1)))   # the tile he laid is on the table now
        assert len(played) == 1
        assert "Pass the keyboard to" in segments[i + 1] and not TILE.findall(segments[i + 1])
        # from the wipe on, nothing the last player still holds is on screen (nor above it)
        assert not (held - played) & set(TILE.findall("".join(segments[i + 1:j + 1])))
        assert after.count("Your hand:") == 1


def test_hot_seat_tells_the_next_player_what_the_others_did_as_he_may_see_it():
    from domine.engine.moves import DRAW, kind
    game = make_game("draw", 2)
    out = Console(file=io.StringIO(), width=80)
    table = TerminalMatch(game, ["human", "human"], 5, False, out)
    state = table.match.start_hand()
    seat = state.acting_seat()
    rnd = random.Random(2)
    state.apply(state.legal_moves()[0])
    table.last_seen[seat] = (1, len(state.history))
    draws = 0
    while state.acting_seat() != seat and not state.over:   # the other plays, drawing what he must
        moves = state.legal_moves()
        draws += sum(kind(m) == DRAW for m in moves[:1])
        state.apply(rnd.choice([m for m in moves if kind(m) == DRAW] or moves))
    table.since_last_turn(state, seat)
    text = out.file.getvalue()
    assert text.startswith(f"Since your last turn (seat {seat} (human)):")
    assert text.count("draws a tile") == sum(kind(e) == DRAW for _, e in state.history if _ != seat)
    assert not re.search(r"draws \d", text)   # the other seat's drawn tiles stay hidden


# -- 3: the status line --------------------------------------------------------------------------------
def test_all_fives_status_counts_the_ends_and_waiting_sides_are_no_open_ends():
    r = invoke("play", "all-fives", "--seed", "4", "--speed", "0", input="1\n1\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Status: count 14" in r.output
    assert "open ends: L 2 · R 6 · not open yet: N 6, S 6" in r.output


@pytest.mark.parametrize("gid, players", [("auction", 3), ("auction", 5), ("italian", 4), ("close-at-will", 2),
                                          ("rotating-partners", 4)])
@pytest.mark.parametrize("seed", range(4))
def test_stakes_status_is_the_ledger_as_every_seat_can_work_it_out(gid, players, seed):
    game = make_game(gid, players)
    match = Match(game, seed=seed)
    rnd = random.Random(seed)
    bids = 0
    for _ in range(3):
        if match.over:
            break
        state = match.start_hand()
        while not state.over:
            led = ledger(state)
            for s in range(players):
                items = dict(game.status(state.observation(s)))
                assert items["pot"] == led.pot and items["balances"] == led.balances
                if state.phase.name == "bidding":
                    a = state.rules["auction"]
                    assert items["bid"] == f"{a.high} by seat {a.bidder}"
                    bids += 1
                else:
                    assert "bid" not in items
            moves = state.legal_moves()
            places = [m for m in moves if placements_of(m)]
            state.apply(rnd.choice(places or moves))
        match.finish_hand()
    if gid == "auction" and players == 3 and seed == 0:
        assert bids   # an auction was seen in progress


def test_auction_status_line_on_the_screen():
    r = invoke("play", "auction", "--seed", "4", "--speed", "0", input="1\nquit\n")
    assert "Status: pot 9 · balances: seat 0 (you) -3, seat 1 -3, seat 2 -3" in r.output


@pytest.mark.parametrize("gid", ["caribbean", "chiva", "french"])
def test_the_run_that_decides_a_streak_match(gid):
    game = make_game(gid, 4)
    match = Match(game, seed=3)
    rnd = random.Random(3)
    for _ in range(6):
        if match.over:
            break
        state = match.start_hand()
        team, run = match.streak
        items = dict(game.status(state.observation(0)))
        if run:
            mine = " (yours)" if team == state.teams[0] else ""
            assert items["run"] == f"{game.team_name(team)}{mine} {run} of {game.match_end.target}"
        else:
            assert items["run"] == "none yet"
        randomly(state, rnd)
        match.finish_hand()
    assert match.hands_played >= 2


def test_your_pips_where_pips_decide_and_not_where_they_do_not():
    state = Match(make_game("draw", 2), seed=1).start_hand()
    obs = state.observation(1)
    assert dict(state.game.status(obs))["your pips"] == sum(state.game.tile_values[t] for t in obs.hand)
    shut = Match(make_game("shut-out", 2), seed=1).start_hand()
    assert "your pips" not in dict(shut.game.status(shut.observation(0)))   # pips never score there


# -- 4: italian's result before its decisions -----------------------------------------------------------
def test_italian_shows_the_result_that_busts_before_asking_to_buy_back():
    r = invoke("play", "italian", "--seed", "5", "--speed", "0", input="1\n" * 120 + "quit\n")
    out = r.output
    ask = out.index("1) buy back")
    screen = out.rfind("Hand ", 0, ask)
    number = re.match(r"Hand (\d+) · seat 0 \(you\) to play", out[screen:]).group(1)
    result = out.rfind(f"Hand {number} over", 0, ask)
    assert result >= 0   # the hand's result came before the question
    totals = re.search(r"totals: seat 0 (\d+)", out[result:ask])
    assert totals and int(totals.group(1)) > 71   # and the total that made you bust
    assert "Past 71" in out[result:ask]


# -- 5: Mexican Train, one train a row ------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("seed", range(3))
def test_mexican_train_draws_one_train_a_row_each_labelled(players, seed):
    state = Match(make_game("mexican-train", players), seed=seed).start_hand()
    rnd = random.Random(seed)
    for stop in (0, 8, 25, 60):
        randomly(state, rnd, until=lambda s, stop=stop: len(s.history) >= stop)
        lines = [t.plain for t in table_lines(state.layout, 78)]
        assert max(len(x) for x in lines) <= 78
        for line in lines:
            assert len(re.findall(r"\b(?:T\d|M)(?::\d+| closed)", line)) <= 1, line   # never two trains a row
        heads = [line.split()[:3] for line in lines]
        for s in range(players):
            assert [f"T{s}", "seat", str(s)] in heads
        assert ["M", "Mexican"] in [h[:2] for h in heads]
        assert lines[0].startswith("engine ")


# -- 9: at the table ------------------------------------------------------------------------------------
class SlowBot:
    def __init__(self, seconds: float):
        self.seconds = seconds

    def choose(self, obs):
        time.sleep(self.seconds)
        return obs.legal_moves[0]


def _table(seconds: float, pace: float = 0.0, terminal: bool = True) -> TerminalMatch:
    out = Console(file=io.StringIO(), width=80, force_terminal=terminal, force_interactive=terminal)
    table = TerminalMatch(make_game("draw", 2), ["greedy", "greedy"], 1, False, out, pace=pace)
    table.bots = {0: SlowBot(seconds), 1: SlowBot(seconds)}
    return table


def test_a_bot_that_thinks_longer_than_a_moment_shows_it():
    table = _table(0.8)
    state = table.match.start_hand()
    table.bot_move(state, state.acting_seat())
    assert "is thinking" in table.out.file.getvalue()
    quick = _table(0.0)
    state = quick.match.start_hand()
    quick.bot_move(state, state.acting_seat())
    assert "thinking" not in quick.out.file.getvalue()


def test_a_bot_replies_after_the_pace_counting_its_thinking():
    table = _table(0.0, pace=0.4, terminal=False)
    state = table.match.start_hand()
    t = time.monotonic()
    table.bot_move(state, state.acting_seat())
    assert time.monotonic() - t >= 0.4
    slow = _table(0.5, pace=0.4, terminal=False)
    state = slow.match.start_hand()
    t = time.monotonic()
    slow.bot_move(state, state.acting_seat())
    assert time.monotonic() - t < 0.85   # its thinking counts towards the pause


def test_arrow_keys_recall_a_line_at_a_terminal(tmp_path):
    import pty
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1] / "src"), XDG_DATA_HOME=str(tmp_path),
               TERM="xterm", COLUMNS="80", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:   # pragma: no cover (the child)
        os.execve(sys.executable, [sys.executable, "-m", "domine", "play", "block", "--seed", "3"], env)
    out = b""

    def pump(seconds: float, until: bytes = b"") -> None:
        nonlocal out
        end = time.time() + seconds
        while time.time() < end and not (until and out.count(until) >= 1 + pump.seen.get(until, 0)):
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    return
        pump.seen[until] = out.count(until)
    pump.seen = {}
    try:
        pump(30, b"Your move")
        os.write(fd, b"score\r")
        pump(10, b"Your move")
        os.write(fd, b"\x1b[A\r")   # the up arrow, then Enter: 'score' again
        pump(10, b"Your move")
        os.write(fd, b"quit\r")
        pump(10, b"continue")
    finally:   # the child has quit; one that hangs is stopped, never waited for forever
        for _ in range(50):
            if os.waitpid(pid, os.WNOHANG)[0]:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    text = ANSI.sub("", out.decode("utf-8", "replace"))
    assert text.count("Scores: seat 0 0 · seat 1 0 (first to 100 wins)") == 2
    assert "^[[A" not in text


def _data(tmp_path) -> dict:
    return {"XDG_DATA_HOME": str(tmp_path)}


def test_autosave_and_continue(tmp_path):
    r = invoke("play", "block", "--seed", "3", "--speed", "0", input="1\n", env=_data(tmp_path))
    assert r.exit_code == 0, r.output
    saved = list((tmp_path / "domine" / "matches").glob("*.json"))
    assert len(saved) == 1 and "play --continue" in r.output
    record = json.loads(saved[0].read_text())
    assert record["game"] == "block" and record["seed"] == 3
    r = invoke("play", "--continue", "--speed", "0", input="quit\n", env=_data(tmp_path))
    assert r.exit_code == 0, r.output
    assert "Resumed after" in r.output and "seed 3" in r.output


def test_continue_with_nothing_to_continue_says_so(tmp_path):
    r = invoke("play", "--continue", env=_data(tmp_path))
    assert r.exit_code == 2 and "no unfinished match to continue" in r.output
    r = invoke("play", "--continue", "--resume", "x.json", env=_data(tmp_path))
    assert r.exit_code == 2 and "not both" in r.output


def test_a_finished_match_is_passed_by(tmp_path):
    r = invoke("play", "block", "--seed", "3", "--speed", "0", "--option", "target=10", input="1\n" * 8 + "n\n",
               env=_data(tmp_path))
    assert r.exit_code == 0 and "Match over" in r.output, r.output
    files = [p.name for p in (tmp_path / "domine" / "matches").iterdir()]
    assert len(files) == 1 and files[0].endswith(".done.json")
    assert invoke("play", "--continue", env=_data(tmp_path)).exit_code == 2


def test_autosave_that_cannot_write_never_stops_the_match(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    r = invoke("play", "block", "--seed", "3", "--speed", "0", input="1\n1\nquit\n", env={"XDG_DATA_HOME": str(blocker)})
    assert r.exit_code == 0, r.output
    assert r.output.count("cannot be autosaved") == 1 and "seat 0 (you):" in r.output


def test_no_autosave_with_record_and_none_without_a_person(tmp_path):
    rec = tmp_path / "m.json"
    invoke("play", "block", "--seed", "3", "--record", str(rec), input="quit\n", env=_data(tmp_path / "d"))
    invoke("play", "block", "--seats", "greedy,greedy", "--seed", "3", "--quiet", env=_data(tmp_path / "d"))
    assert rec.exists() and not (tmp_path / "d").exists()


def test_rematch_same_game_and_seats_new_deal(tmp_path):
    r = invoke("play", "block", "--seed", "3", "--speed", "0", "--option", "target=10",
               input="1\n" * 8 + "y\nquit\n", env=_data(tmp_path))
    assert r.exit_code == 0, r.output
    assert "Play again? (same game, options and seats, a new deal) [y/N]" in r.output
    intros = re.findall(r"2 players · seed (\d+) · first to 10 wins · options: target=10", r.output)
    assert len(intros) == 2 and intros[1] != "3"
    assert len(list((tmp_path / "domine" / "matches").glob("*.json"))) == 2   # each match kept
