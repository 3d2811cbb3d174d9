"""Move counts ("perft" for dominoes) from fixed deals, against tests/data/movecount.json
and the files of tests/data/movecount/ (one a game family, same format).

For each deal the number of distinct sequences of d legal moves is counted by a
depth-first search over ``legal_moves()`` with ``clone()``; a hand that ends before
depth d contributes nothing. The expected counts were computed once with the engine
and checked by hand (each deal's ``checked_by_hand`` note says how far).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domine.games import make_game
from domine.engine.hand import Deal
from domine.engine.match import Match
from domine.engine.tiles import parse_tile, set_size

_DATA_DIR = Path(__file__).parent / "data"
DATA = json.loads((_DATA_DIR / "movecount.json").read_text(encoding="utf-8"))
DEALS = DATA["deals"] + [d for f in sorted((_DATA_DIR / "movecount").glob("*.json"))
                         for d in json.loads(f.read_text(encoding="utf-8"))["deals"]]


def start(entry):
    game = make_game(entry["game"], entry["players"], entry["options"])
    tiles = lambda items: [parse_tile(x, game.max_pip) for x in items]   # noqa: E731
    deal = Deal([tiles(h) for h in entry["hands"]], stock=tiles(entry.get("stock", [])),
                aside=tiles(entry.get("aside", [])))
    return game, deal, Match(game, seed=0).start_hand(deal)


def perft(state, depth: int, unchecked: bool = False) -> int:
    """Leaf count of the move tree ``depth`` plies deep; moves applied by ``apply`` or, with
    ``unchecked``, by ``apply_unchecked``."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        child = state.clone()
        if unchecked:
            child.apply_unchecked(move)
        else:
            child.apply(move)
        total += perft(child, depth - 1, unchecked)
    return total


def perft_unchecked(state, depth: int) -> int:
    return perft(state, depth, unchecked=True)


def test_the_file_covers_the_games_it_should():
    games = {d["game"] for d in DEALS}
    assert {"block", "draw", "matador", "cross", "ordinary", "blitz", "bergen"} <= games
    assert {"lightning", "two-by-two", "grape", "two-hander"} <= games   # stop, pair, discard, owed double
    assert len({d["name"] for d in DEALS}) == len(DEALS)
    for d in DEALS:
        assert d["counts"] and all(isinstance(c, int) and c > 0 for c in d["counts"])
        assert d["checked_by_hand"]


@pytest.mark.parametrize("entry", DEALS, ids=[d["name"] for d in DEALS])
def test_each_deal_is_a_whole_set_dealt_by_the_rules(entry):
    game, deal, _ = start(entry)
    everything = [t for h in deal.hands for t in h] + deal.stock + deal.aside
    assert sorted(everything) == list(range(set_size(game.max_pip)))
    assert all(len(h) == game.deal_size(game.players) for h in deal.hands)
    if game.leftover == "stock":
        assert not deal.aside
    else:
        assert not deal.stock


@pytest.mark.parametrize("entry", DEALS, ids=[d["name"] for d in DEALS])
def test_move_counts(entry):
    _, _, state = start(entry)
    history = list(state.history)
    got = [perft(state, d) for d in range(1, len(entry["counts"]) + 1)]
    assert got == entry["counts"]
    assert state.history == history, "searching on clones changed the root"


@pytest.mark.parametrize("entry", DEALS, ids=[d["name"] for d in DEALS])
def test_unchecked_moves_count_the_same(entry):
    _, _, state = start(entry)
    depth = len(entry["counts"])
    assert perft_unchecked(state, depth) == entry["counts"][-1]


@pytest.mark.parametrize("entry", DEALS, ids=[d["name"] for d in DEALS])
def test_move_sequences_are_distinct(entry):
    """Listed moves never repeat, so every counted sequence is a different one."""
    _, _, root = start(entry)
    depth = min(3, len(entry["counts"]))
    seen = set()

    def walk(state, prefix):
        if len(prefix) == depth:
            seen.add(prefix)
            return
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        for m in moves:
            child = state.clone()
            child.apply(m)
            walk(child, prefix + (m,))

    walk(root, ())
    assert len(seen) == entry["counts"][depth - 1]
