"""The command line: every command through typer's CliRunner."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from domine.games import GAMES, make_game

from helpers import run


# -- list and rules --------------------------------------------------------------------------
def test_list_table_shows_every_game():
    r = run("list")
    assert r.exit_code == 0
    for gid in GAMES:
        assert gid in r.output
    assert "2-4" in r.output and "4-8" in r.output


def test_list_json():
    r = run("list", "--json")
    assert r.exit_code == 0
    data = json.loads(r.output)
    assert [d["id"] for d in data] == list(GAMES)
    block = next(d for d in data if d["id"] == "block")
    assert (block["min_players"], block["max_players"]) == (2, 4)
    assert block["family"] == "block" and "Block Game" in block["aliases"]
    opt = next(o for o in block["options"] if o["name"] == "set")
    assert opt["default"] == "double-six" and opt["help"]
    assert opt["choices"] == ["double-six", "double-eight", "double-nine", "double-twelve"]
    for d in data:
        assert {"id", "name", "min_players", "max_players", "family", "aliases", "options"} <= set(d)


def test_rules_render_by_id_and_alias():
    r = run("rules", "block")
    assert r.exit_code == 0
    assert "Block Dominoes" in r.output and "scoring" in r.output.lower()
    assert "#" not in r.output.splitlines()[0]   # rendered, not raw markdown
    r = run("rules", "Blic")
    assert r.exit_code == 0 and "Blitz" in r.output


@pytest.mark.parametrize("command", [["rules", "blok"], ["play", "blok"], ["simulate", "blok", "--hands", "5"]])
def test_unknown_game_suggests(command):
    r = run(*command)
    assert r.exit_code == 2
    assert "unknown game 'blok'" in r.output and "block" in r.output


def test_bad_player_count():
    r = run("play", "block", "--players", "9")
    assert r.exit_code == 2
    assert "2 to 4 players" in r.output
    r = run("simulate", "partners", "--players", "3", "--hands", "5")
    assert r.exit_code == 2 and "exactly 4" in r.output


def test_bad_options_and_seats():
    r = run("play", "block", "--seats", "greedy,greedy", "-o", "nope=1")
    assert r.exit_code == 2 and "no option 'nope'" in r.output
    r = run("play", "block", "--seats", "greedy,greedy", "-o", "double_nine=maybe")
    assert r.exit_code == 2 and "yes or no" in r.output
    r = run("play", "block", "--seats", "greedy,wizard")
    assert r.exit_code == 2 and "unknown seat 'wizard'" in r.output
    r = run("play", "block", "--seats", "greedy,greedy,greedy", "--players", "2")
    assert r.exit_code == 2 and "--players is 2" in r.output
    r = run("play", "block", "--seats", "greedy,greedy", "--record", "/nonexistent-dir/x.json")
    assert r.exit_code == 2 and "does not exist" in r.output


# -- play, record, replay --------------------------------------------------------------------
def test_bots_play_record_and_replay(tmp_path):
    rec = tmp_path / "m.json"
    r = run("play", "block", "--seats", "greedy,random", "--seed", "3", "--record", str(rec),
            "-o", "target=30")
    assert r.exit_code == 0, r.output
    assert "seat 1 (random):" in r.output and "Hand 1 over" in r.output
    assert "wins the match" in r.output and "Final scores" in r.output
    data = json.loads(rec.read_text())
    assert data["seats"] == ["greedy", "random"] and data["result"] is not None
    assert data["options"] == {"target": 30}
    r = run("replay", str(rec))
    assert r.exit_code == 0, r.output
    assert "Valid record" in r.output and "wins the match" in r.output
    assert "1: " in r.output   # the moves are listed
    r2 = run("replay", str(rec), "--quiet")
    assert r2.exit_code == 0 and "Hand 1 ·" not in r2.output and "Final scores" in r2.output


def test_quiet_all_bot_match_prints_only_results():
    r = run("play", "draw", "--seats", "greedy,greedy", "--seed", "2", "--quiet")
    assert r.exit_code == 0
    assert "seat 0 (greedy):" not in r.output     # no moves
    assert "Hand 1:" in r.output and "wins the match" in r.output


def test_same_seed_same_match():
    a = run("play", "matador", "--seats", "random,greedy", "--seed", "7", "--quiet").output
    b = run("play", "matador", "--seats", "random,greedy", "--seed", "7", "--quiet").output
    assert a == b


def test_cross_and_partnership_tables():
    r = run("play", "cross", "--seats", "greedy,random,greedy", "--seed", "2")
    assert r.exit_code == 0
    assert "open ends: N " in r.output
    assert "├─┤" in r.output and all(len(line) <= 80 for line in r.output.splitlines())   # the picture
    r = run("play", "partners", "--seats", "greedy,random,greedy,random", "--seed", "2", "--quiet")
    assert r.exit_code == 0
    assert "team A: seats 0 & 2" in r.output and "team A" in r.output.splitlines()[-1]


def _tamper(rec, tmp_path):
    data = json.loads(rec.read_text())
    hand = data["hands"][0]
    seat, _ = hand["moves"][1].split(":", 1)
    other = hand["deal"]["hands"][1 - int(seat)][0]     # a tile that seat never held
    hand["moves"][1] = f"{seat}: {other}"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    return bad


def test_tampered_record_fails(tmp_path):
    rec = tmp_path / "m.json"
    assert run("play", "block", "--seats", "greedy,greedy", "--seed", "1", "--record", str(rec),
               "--quiet").exit_code == 0
    r = run("replay", str(_tamper(rec, tmp_path)))
    assert r.exit_code == 1
    assert "invalid record: hand 1, move 2:" in r.output


def test_malformed_and_missing_records(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = run("replay", str(bad))
    assert r.exit_code == 1 and "invalid record: not JSON" in r.output
    bad.write_text('{"format": "something-else"}')
    r = run("replay", str(bad))
    assert r.exit_code == 1 and "not a domine record" in r.output
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and "no such file" in r.output


def _human_script(seed: int):
    """Walk the match the CLI will play (seat 0 human, seat 1 greedy seeded seed*1000+1) up to the
    human's second real decision; return what the screen must show and what to type."""
    from domine.bots import make_bot
    from domine.engine.match import Match
    from domine.engine.moves import DRAW
    from domine.records import history_strings
    from domine.engine.tiles import tile_str, tiles_of

    match = Match(make_game("block", 2), seed=seed)
    state = match.start_hand()
    bot = make_bot("greedy", seed * 1000 + 1)
    decisions = []
    while len(decisions) < 2:
        seat = state.acting_seat()
        legal = state.legal_moves()
        if seat == 1:
            move = bot.choose(state.observation(1))
        elif len(legal) == 1 and legal[0] >= DRAW:
            move = legal[0]
        else:
            hand = " ".join(tile_str(t) for t in tiles_of(state.hands[0]))
            labels = [state.move_str(m) for m in legal]
            move = legal[0] if not decisions else legal[-1]
            decisions.append((hand, labels, state.move_str(move)))
        state.apply(move)
    held = state.hands[0]
    foreign = next(t for t in tiles_of(state.game.set_mask) if not (held >> t) & 1 and not
                   (state.layout.mask >> t) & 1)
    return decisions, tile_str(foreign), history_strings(state)


def test_human_seat_bad_then_good_moves_then_eof(tmp_path):
    decisions, foreign, history = _human_script(1)
    (hand1, labels1, move1), (_, labels2, move2) = decisions
    rec = tmp_path / "h.json"
    typed = ["?", "7-7", foreign, "99", "1",                 # help, malformed, illegal, bad number, good
             "board", f"{move2.split()[0]} X", move2]          # redraw, malformed end, good notation
    r = run("play", "block", "--seed", "1", "--record", str(rec), input="\n".join(typed) + "\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Hand 1 · seat 0 (you) to play" in out
    assert f"Your hand: {hand1}" in out
    assert f"1) {labels1[0]}" in out and "open ends:" in out and "Tiles held:" in out
    assert "Stock: none" in out and "Scores: seat 0 0 · seat 1 0" in out
    assert "Type the number of a move" in out                  # help
    assert "no tile '7-7'" in out                              # malformed
    assert f"you do not hold {foreign}" in out                 # illegal
    assert "There is no move 99" in out
    assert "cannot read 'X'" in out
    assert "seat 1 (greedy): " in out
    assert f"seat 0 (you): {move1}" in out and f"seat 0 (you): {move2}" in out
    assert "Input ended" in out and "Record saved" in out
    data = json.loads(rec.read_text())
    assert data["hands"][0]["moves"][:len(history)] == history
    r = run("replay", str(rec))
    assert r.exit_code == 0 and "unfinished" in r.output


def test_human_quits():
    r = run("play", "block", "--seed", "1", input="quit\n")
    assert r.exit_code == 0
    assert "You left the match" in r.output


def test_human_draw_game_forced_draws_are_automatic():
    # Feed "1" many times: the match goes on, draws appear with the human's own tile shown.
    r = run("play", "draw", "--seed", "4", "-o", "target=20", input="1\n" * 400)
    assert r.exit_code == 0, r.output
    assert "wins the match" in r.output or "Input ended" in r.output


# -- simulate --------------------------------------------------------------------------------
def _sim_json(*extra: str) -> dict:
    r = run("simulate", "block", "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_simulate_json_fields():
    d = _sim_json("--hands", "300", "--bots", "greedy,random", "--seed", "5")
    for key in ("game", "players", "hands_played", "matches_completed", "seed", "options", "bots",
                "hands_per_second", "blocked_rate", "mean_events_per_hand", "work_chunks", "seats"):
        assert key in d
    assert d["game"] == "block" and d["hands_played"] == 300 and d["seed"] == 5 and d["players"] == 2
    assert d["bots"] == ["greedy", "random"]
    for s in d["seats"]:
        assert {"seat", "bot", "wins", "win_rate", "win_rate_ci", "mean_points_per_hand", "hands_won"} <= set(s)
        lo, hi = s["win_rate_ci"]
        assert 0 <= lo <= s["win_rate"] <= hi <= 1
    assert 0 <= d["blocked_rate"] <= 1 and d["mean_events_per_hand"] > 0
    assert d["options"]["target"] == 100   # the effective options, not null for a default


def _strip_timing(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("hands_per_second", "elapsed_seconds")}


def test_simulate_same_seed_same_results_whatever_jobs():
    a = _sim_json("--hands", "600", "--seed", "11", "--jobs", "1")
    b = _sim_json("--hands", "600", "--seed", "11", "--jobs", "2")
    assert _strip_timing(a) == _strip_timing(b)
    c = _sim_json("--matches", "30", "--seed", "11", "--jobs", "1", "--bots", "random")
    d = _sim_json("--matches", "30", "--seed", "11", "--jobs", "2", "--bots", "random")
    assert _strip_timing(c) == _strip_timing(d) and c["matches_completed"] == 30
    e = _sim_json("--hands", "600", "--seed", "12")
    assert _strip_timing(e) != _strip_timing(a)


def test_simulate_table_output():
    r = run("simulate", "partners", "--matches", "6", "--bots", "greedy,random")
    assert r.exit_code == 0, r.output
    for text in ("win rate", "95% CI", "points/hand", "blocked rate", "mean moves per hand",
                 "hands per second", "greedy", "random"):
        assert text in r.output


def test_simulate_usage_errors():
    r = run("simulate", "block", "--hands", "5", "--matches", "5")
    assert r.exit_code == 2 and "not both" in r.output
    r = run("simulate", "block", "--hands", "0")
    assert r.exit_code == 2
    r = run("simulate", "block", "--hands", "5", "--bots", "greedy,nobody")
    assert r.exit_code == 2 and "unknown bot 'nobody'" in r.output


def test_python_dash_m():
    p = subprocess.run([sys.executable, "-m", "domine", "list", "--json"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and json.loads(p.stdout)


def test_points_on_play_are_shown_as_they_are_made():
    r = run("play", "all-fives", "--seats", "greedy,greedy", "--seed", "3", "-o", "target=30")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    # the lead 6-4 counts 10 at once
    at = next(i for i, line in enumerate(lines) if line.startswith("seat 0 (greedy): 6-4"))
    assert lines[at + 1].strip() == "scores on play: seat 0 +10"
