"""Pictures of simulate, arena and study (--plot), and the study command: the files are opened
and looked at, not only found."""

from __future__ import annotations

import json
import sys

import numpy
import pytest
from PIL import Image

from domine.sim.simulate import simulate
from domine.sim.study import cells, run_study

from helpers import run


def _looks_drawn(path, size) -> None:
    """A PNG of the expected size with something on it: many colours, not one white sheet."""
    with Image.open(path) as img:
        assert img.format == "PNG" and img.size == size
        rgb = img.convert("RGB")
        assert len(rgb.getcolors(maxcolors=1 << 20)) > 50
        inked = (numpy.asarray(rgb).min(axis=2) < 200).mean()
        assert inked > 0.01   # mostly white paper, with lines, bars and text on it
        assert min(lo for lo, _hi in rgb.getextrema()) < 50   # dark text and lines


def test_simulate_draws_its_four_panels(tmp_path):
    out = tmp_path / "block.png"
    result = run("simulate", "block", "--hands", "600", "--bots", "greedy,random", "--plot", str(out))
    assert result.exit_code == 0, result.output
    _looks_drawn(out, (1100, 792))


def test_arena_draws_a_png_and_an_svg(tmp_path):
    png, svg = tmp_path / "arena.png", tmp_path / "arena.svg"
    for out in (png, svg):
        result = run("arena", "greedy", "random", "-g", "partners", "--deals", "40", "--plot", str(out))
        assert result.exit_code == 0, result.output
    _looks_drawn(png, (1100, 792))
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "A's win rate" in text


def test_the_same_run_draws_the_same_svg(tmp_path):
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    for out in (a, b):
        assert run("simulate", "draw", "--hands", "300", "--plot", str(out)).exit_code == 0
    assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["--plot", "out.pdf"], ".png or .svg"),
    (["--plot", "no-such-folder/out.png"], "does not exist"),
])
def test_a_picture_that_cannot_be_drawn_is_refused_before_any_work(args, message):
    result = run("simulate", "block", "--hands", "10", *args)
    assert result.exit_code == 2 and message in result.output


def test_without_matplotlib_the_picture_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run("simulate", "block", "--hands", "10", "--plot", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and "domine[plot]" in result.output


def test_the_distributions_add_up_to_the_hands():
    sim = simulate("partners", hands=300, bots="greedy,random", seed=4, shapes=True)   # the engine counts them
    assert sum(sim.lengths.values()) == 300
    assert len(sim.team_points) == 2 and all(sum(c.values()) == 300 for c in sim.team_points)
    mean_moves = sum(k * v for k, v in sim.lengths.items()) / 300
    assert mean_moves == pytest.approx(sim.mean_moves)
    assert sim.first_hands == 300 and 0 <= sim.first_wins <= 300
    assert sim.fair_share == pytest.approx(0.5, abs=0.05)   # a blocked tie is rare in partners
    d = sim.to_json()
    assert sum(d["moves_per_hand_counts"].values()) == 300 and d["first_mover"]["hands"] == 300


def test_a_study_is_a_table_of_simulations():
    study = run_study("blocked", games=["block", "draw"], players=[2, 3], hands=250, seed=1)
    assert [(r.game, r.x) for r in study.rows] == [("block", 2), ("block", 3), ("draw", 2), ("draw", 3)]
    for r in study.rows:   # each cell is the simulate run of its game, players and seed
        sim = simulate(r.game, hands=250, players=r.x, seed=1, shapes=True)
        assert r.value == sim.blocked_rate and r.lo <= r.value <= r.hi
    assert study.rows[0].value > study.rows[2].value   # block blocks more often than draw
    assert run_study("blocked", games=["block", "draw"], players=[2, 3], hands=250, seed=1, jobs=2).rows == study.rows


def test_a_study_over_an_option_and_the_cells_it_skips():
    grid, skipped = cells(["block", "partners"], [2], None)
    assert [(g, n) for g, n, _o, _x in grid] == [("block", 2)] and skipped == ["partners is not played by 2"]
    study = run_study("first-move", games=["block"], vary=("hand_size", [3, 7]), hands=500, seed=2)
    assert [r.x for r in study.rows] == [3, 7] and [r.options["hand_size"] for r in study.rows] == [3, 7]
    assert study.baseline == 0.0 and all(r.lo <= r.value <= r.hi for r in study.rows)


def test_the_study_command(tmp_path):
    out = tmp_path / "study.png"
    result = run("study", "blocked", "-g", "block,draw,cross", "-p", "2,3", "--hands", "250", "--plot", str(out))
    assert result.exit_code == 0, result.output
    assert "How often a hand blocks" in result.output and "cross" in result.output
    _looks_drawn(out, (990, 605))
    data = json.loads(run("study", "length", "-g", "block", "--hands", "250", "--json").stdout)
    assert data["question"] == "length" and [r["x"] for r in data["rows"]] == [2, 3, 4]
    many = tmp_path / "many.png"   # many games: a row per cell
    assert run("study", "first-move", "--hands", "100", "-p", "2", "--plot", str(many)).exit_code == 0
    with Image.open(many) as img:
        assert img.size[0] == 880 and img.size[1] > 605   # 8 inches wide, taller than a line plot


@pytest.mark.parametrize("args, message", [
    (["nope"], "unknown question"),
    (["blocked", "-p", "two"], "--players takes numbers"),
    (["blocked", "--vary", "hand_size"], "--vary takes KEY=V1"),
    (["blocked", "-g", "block", "--vary", "nope=1,2"], "no option 'nope'"),
    (["blocked", "-g", "block", "-p", "9"], "no game in the study"),
    (["blocked", "-g", "nosuchgame"], "nosuchgame"),
])
def test_study_usage_errors(args, message):
    result = run("study", *args)
    assert result.exit_code == 2 and message in result.output
