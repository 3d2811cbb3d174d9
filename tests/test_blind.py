"""The blind games (domine.parts.rows): rows hidden from their owner too.

The generic suite (test_properties) checks every view with the owner's unknown tiles
swapped; here: a seat's own row shuffled changes none of its observations, every random
hand ends, worlds for the bots keep what the seat knows, and the terminal never prints a
tile the human seat has not seen, over whole matches.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from domine.bots import make_bot
from domine.cli import TerminalMatch
from domine.games import make_game
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.hand import HandState
from domine.parts.rows import BACK, PEEK, rows_of
from domine.engine.tiles import BIT, parse_tile, tiles_of

GAMES = [("blind", {}), ("blind-row", {}), ("blind-hughie", {}), ("blind-hughie", {"spinner": True})]
COMBOS = [(g, n, o) for g, o in GAMES for n in (2, 3, 4)]


def _id(c):
    g, n, o = c
    return f"{g}-{n}p" + ("-spinner" if o else "")


def play(game, seed, visit=None, max_hands=3):
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    while not match.over and match.hands_played < max_hands:
        state = match.start_hand()
        while not state.over:
            if visit is not None:
                visit(state)
            moves = state.legal_moves()
            state.apply(rng.choice(moves))
        match.finish_hand()
    return match


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_own_unknown_tiles_change_no_observation(combo):
    gid, n, opts = combo
    game = make_game(gid, n, opts)
    rng = random.Random(7)

    def visit(state):
        for seat in range(state.n):
            row = rows_of(state).rows[seat]
            unknown = [i for i, t in enumerate(row) if not BIT[t] & rows_of(state).known[seat]]
            if len(unknown) < 2:
                continue
            before = state.observation(seat).to_dict()
            other = state.clone()
            tiles = [row[i] for i in unknown]
            rng.shuffle(tiles)
            for i, t in zip(unknown, tiles):
                rows_of(other).rows[seat][i] = t
            assert other.observation(seat).to_dict() == before
            # and the seat's own unknown tiles are nowhere in its observation
            obs = state.observation(seat)
            hidden = {row[i] for i in unknown}
            assert not hidden & set(obs.hand)
            assert all(t < 0 or t not in hidden for t in obs.rows.rows[seat])

    for seed in range(4):
        play(game, seed, visit, max_hands=1)


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_every_random_hand_ends(combo):
    gid, n, opts = combo
    game = make_game(gid, n, opts)
    for seed in range(40):
        match = Match(game, seed=seed, keep_hands=False)
        state = match.start_hand()
        state.play_random(random.Random(seed).random)
        assert state.over and state.result.reason in ("domino", "blocked", "stalemate")


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_worlds_keep_what_the_seat_knows(combo):
    gid, n, opts = combo
    game = make_game(gid, n, opts)
    rng = random.Random(3)
    checked = [0]

    def visit(state):
        if rng.random() > 0.2:
            return
        seat = state.acting_seat()
        obs = state.observation(seat)
        world = Knowledge(obs, game).sample(rng)
        assert isinstance(world, HandState) and world.game.keeps_rows
        assert world.observation(seat).rows.rows == obs.rows.rows
        assert sorted(world.legal_moves()) == sorted(obs.legal_moves)
        assert world.layout.mask == state.layout.mask
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
        checked[0] += 1

    for seed in range(3):
        play(game, seed, visit, max_hands=1)
    assert checked[0]


TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")


@pytest.mark.parametrize("combo", [("blind", 2, {}), ("blind", 3, {}), ("blind-row", 2, {}), ("blind-row", 4, {}),
                                   ("blind-hughie", 3, {}), ("blind-hughie", 4, {"spinner": True})], ids=_id)
def test_the_terminal_never_shows_an_unseen_tile(combo, monkeypatch):
    gid, n, opts = combo
    game = make_game(gid, n, {**opts, "target": 40})
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    kinds = ["human"] + ["greedy"] * (n - 1)
    table = TerminalMatch(game, kinds, 11, False, console)
    rng = random.Random(5)
    monkeypatch.setattr(table, "read", lambda prompt: str(rng.randint(1, 3)))
    printed = [0]
    original = console.print

    def spy(*args, **kwargs):
        original(*args, **kwargs)
        text = console.export_text(clear=True)
        state = table.match.current
        if state is None or state.over:
            return   # between hands and at a hand's end every tile is shown
        allowed = rows_of(state).known[0] | state.layout.mask
        for a, b in TILE.findall(text):
            t = parse_tile(f"{a}-{b}", game.max_pip)
            assert BIT[t] & allowed, f"the terminal showed {a}-{b}, unseen by the human seat:\n{text}"
        printed[0] += 1

    monkeypatch.setattr(console, "print", spy)
    table.play()
    assert table.match.over and printed[0] > 10
