"""examples/learn_block.py, the agent that learns 2-player block (docs/learning.md): it runs on a
budget of seconds, writes its learning curve and prints an evaluation table that parses; its
agent never chooses an action the mask forbids; the same seed trains the same agent."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import gymnasium
import numpy as np

import domine.rl
from domine.bots import greedy_move

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "examples" / "learn_block.py"
ROW = re.compile(r"^\| (random|greedy) \| (\d+) \| ([\d.]+)% \| ([\d.]+)% – ([\d.]+)% \| ([+-][\d.]+) \| "
                 r"([+-][\d.]+) – ([+-][\d.]+) \|$")


def load():
    spec = importlib.util.spec_from_file_location("learn_block", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


lb = load()


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, env=env,
                          timeout=300, cwd=ROOT)


def test_a_tiny_run_writes_the_curve_and_a_table_that_parses(tmp_path):
    out = tmp_path / "curve.png"
    p = run("--episodes", "64", "--batch", "32", "--eval-deals", "6", "--seed", "3", "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = {m.group(1): m for m in map(ROW.match, p.stdout.splitlines()) if m}
    assert set(rows) == {"random", "greedy"}, p.stdout
    for m in rows.values():
        deals, (w, lo, hi) = int(m.group(2)), map(float, m.group(3, 4, 5))
        margin, mlo, mhi = map(float, m.group(6, 7, 8))
        assert deals == 6
        assert 0 <= lo <= w <= hi <= 100
        assert mlo <= margin <= mhi
    assert "trained on 64 hands" in p.stdout


def test_bad_options_get_one_line_and_exit_code_2(tmp_path):
    for args in (["--out", str(tmp_path / "curve.svg")], ["--eval-deals", "1"], ["--opponents", "nobody"]):
        p = run("--episodes", "32", *args)
        assert p.returncode == 2, (args, p.stdout, p.stderr)
        assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr
        assert not (tmp_path / "curve.svg").exists()


def test_the_masked_softmax_gives_forbidden_actions_nothing():
    rng = np.random.default_rng(0)
    logits = rng.normal(0, 50, (200, 127))
    mask = (rng.random((200, 127)) < 0.05).astype(np.int8)
    mask[np.arange(200), rng.integers(0, 127, 200)] = 1   # one legal action at least
    logits[mask == 0] = 1e6                                # the forbidden ones the most tempting
    pi = lb.masked_softmax(logits, mask)
    assert np.all(pi[mask == 0] == 0.0)
    assert np.allclose(pi.sum(axis=1), 1.0)


def test_the_agent_never_picks_a_masked_action():
    """Its output layer pushed towards every action, the forbidden ones included, far more than
    the legal ones: sampled or greedy, in the environment it still plays only legal actions."""
    env = gymnasium.make(domine.rl.env_id("block"), opponents="random", seat=1)
    rng = np.random.default_rng(5)
    agent = lb.ActorCritic(env.observation_space.shape[0], env.action_space.n, rng)
    agent.p["bp"][:] = rng.normal(0, 100, env.action_space.n)
    obs, info = env.reset(seed=11)
    chosen = 0
    for hand in range(60):
        while True:
            mask = info["action_mask"]
            a = agent.act(obs, mask, rng if hand % 2 else None)
            assert mask[a] == 1
            obs, _, over, _, info = env.step(a)
            chosen += 1
            assert not info.get("illegal")
            if over:
                break
        obs, info = env.reset()
    assert chosen > 100


def test_the_same_seed_trains_the_same_agent():
    a, curve_a, _ = lb.train(["random"], 32, None, seed=4, batch=16, say=lambda _: None)
    b, curve_b, _ = lb.train(["random"], 32, None, seed=4, batch=16, say=lambda _: None)
    c, _, _ = lb.train(["random"], 32, None, seed=5, batch=16, say=lambda _: None)
    assert curve_a == curve_b
    assert all(np.array_equal(a.p[k], b.p[k]) for k in a.p)
    assert not np.array_equal(a.p["W1"], c.p["W1"])


def test_the_evaluation_plays_each_deal_from_both_seats(monkeypatch):
    """An agent that plays as greedy does, against greedy: each deal's two plays mirror each
    other, so every deal scores exactly one half and a margin of 0."""
    class PlaysLikeGreedy:
        def __init__(self, agent, game, agreement=None):
            pass

        def choose(self, obs):
            return greedy_move(obs.legal_moves)
    monkeypatch.setattr(lb, "AgentBot", PlaysLikeGreedy)
    result = lb.evaluate(None, "greedy", 30, seed=2)
    assert result.deals == 30
    assert result.win_rate == (0.5, 0.5, 0.5) and result.margin == (0.0, 0.0, 0.0)
