"""Fuzzing the command line (issue 13): random bytes, random JSON and mutated records fed to
``replay``, random text to the play prompt and to the option parsers. Whatever comes in, no
traceback: a message and a non-zero exit (or, for the prompt, the game going on)."""

from __future__ import annotations

import json
import random
import string

import pytest
from typer.testing import CliRunner

from domine.cli import app

runner = CliRunner()
GOLDEN = ["tests/golden/block.json", "tests/golden/cross.json", "tests/golden/ordinary.json",
          "tests/golden/mexican-train.json", "tests/golden/partners.json"]
ALPHABET = string.printable + "čćšžđ€→\u00a0\x00\x7f"


def _invoke(*args: str, input: str | None = None):
    r = runner.invoke(app, list(args), input=input)
    assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
    assert "Traceback" not in r.output, (args, r.output[-2000:])
    return r


def _random_json(rng: random.Random, depth: int = 0):
    kinds = ["null", "bool", "int", "float", "str"] + (["list", "dict"] if depth < 3 else [])
    k = rng.choice(kinds)
    if k == "null":
        return None
    if k == "bool":
        return rng.random() < 0.5
    if k == "int":
        return rng.choice([0, 1, -1, 2, 7, 10 ** 30, rng.randint(-1000, 1000)])
    if k == "float":
        return rng.choice([0.5, -1.5, 1e308, rng.random()])
    if k == "str":
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 8)))
    if k == "list":
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["format", "version", "game", "players", "hands", "seed", "seats", "options", "deal",
                        "moves", "result", "context", "x"]): _random_json(rng, depth + 1)
            for _ in range(rng.randint(0, 5))}


def _mutate(rng: random.Random, node, depth: int = 0):
    """One random change somewhere in a JSON value."""
    if isinstance(node, dict) and node and rng.random() < 0.8:
        key = rng.choice(list(node))
        choice = rng.random()
        if choice < 0.15:
            del node[key]
        elif choice < 0.45:
            node[key] = _random_json(rng)
        else:
            node[key] = _mutate(rng, node[key], depth + 1)
        return node
    if isinstance(node, list) and node and rng.random() < 0.8:
        i = rng.randrange(len(node))
        choice = rng.random()
        if choice < 0.15:
            del node[i]
        elif choice < 0.3:
            node.insert(i, node[i])
        elif choice < 0.5:
            node[i] = _random_json(rng)
        else:
            node[i] = _mutate(rng, node[i], depth + 1)
        return node
    if isinstance(node, str) and node and rng.random() < 0.7:
        i = rng.randrange(len(node))
        return node[:i] + rng.choice(ALPHABET) + node[i + 1:]
    return _random_json(rng)


def _replay_file(tmp_path, content: bytes, *flags: str):
    f = tmp_path / "fuzz.json"
    f.write_bytes(content)
    r = _invoke("replay", str(f), *flags)
    return r


@pytest.mark.parametrize("seed", range(3))
def test_replay_random_bytes_and_json(tmp_path, seed):
    rng = random.Random(seed)
    for _ in range(30):
        raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
        r = _replay_file(tmp_path, raw)
        assert r.exit_code != 0 and r.output.strip()
    for _ in range(40):
        value = _random_json(rng)
        r = _replay_file(tmp_path, json.dumps(value).encode())
        assert r.exit_code != 0 and r.output.strip()


@pytest.mark.parametrize("seed", range(4))
def test_replay_mutated_records(tmp_path, seed):
    rng = random.Random(100 + seed)
    for i in range(40):
        with open(GOLDEN[i % len(GOLDEN)], encoding="utf-8") as f:
            data = json.load(f)
        for _ in range(rng.randint(1, 3)):
            data = _mutate(rng, data)
        flags = rng.choice([(), ("--json",), ("--quiet",), ("--strict", "-q")])
        r = _replay_file(tmp_path, json.dumps(data, ensure_ascii=False).encode(), *flags)
        assert r.output.strip()   # a verdict or a message, never silence
        if r.exit_code == 0:
            continue   # the mutation kept a valid record (a changed seed name, ...)
        assert r.exit_code in (1, 2)


@pytest.mark.parametrize("seed", range(3))
def test_play_prompt_random_text(seed):
    rng = random.Random(seed)
    words = ["1", "2", "99", "0", "-1", "draw", "pass", "d", "p", "6-6", "5-3 R", "5-3 X", "12-12", "?", "board",
             "hint", "history", "tiles", "score", "undo", "7-7 L !", "close N 3-4", "6-1 L 6", "5-3 L + 6-2 R",
             "discard 5-3", "stop", "decline", "", "!", "+", "R", "1e9", "١", "½"]
    lines = []
    for _ in range(60):
        if rng.random() < 0.5:
            lines.append(rng.choice(words))
        else:
            lines.append("".join(rng.choice(ALPHABET.replace("\n", "").replace("\r", ""))
                                 for _ in range(rng.randint(0, 12))))
    game = rng.choice(["block", "ordinary", "cross", "two-by-two", "homo-homini-lupus"])
    r = _invoke("play", game, "--seed", str(seed), "--speed", "0", input="\n".join(lines + ["quit"]) + "\n")
    assert r.exit_code == 0, r.output[-2000:]


@pytest.mark.parametrize("seed", range(3))
def test_option_parsers_random_text(seed):
    rng = random.Random(seed)

    def junk() -> str:
        return "".join(rng.choice(ALPHABET.replace("\n", "")) for _ in range(rng.randint(0, 10)))

    for _ in range(12):
        value = junk()
        which = rng.randrange(5)
        if which == 0:
            args = ["play", "block", "--seats", "greedy,greedy", "--quiet", "-o", f"{junk()}={value}"]
        elif which == 1:
            args = ["simulate", "block", "--hands", "2", "--think", value or "x"]
        elif which == 2:
            args = ["play", "block", "--seats", value or ",", "--quiet"]
        elif which == 3:
            args = ["simulate", "block", "--hands", "2", "--bots", f"search:worlds=2+{value}"]
        else:
            args = ["play", "bergen", "--seats", "greedy,greedy", "--quiet", "-o", f"set={value}"]
        r = _invoke(*args)
        if r.exit_code != 0:
            assert r.exit_code == 2 and r.output.strip(), (args, r.output)
