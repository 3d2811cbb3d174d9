"""Worked examples of the specifications, as data: one runner for every file in tests/data/examples.

A file holds one game's examples. Each example sets up a hand, from a full deal
(``deal``) or a position in the middle of a hand (``position``, see
``domine.position``), then runs ``steps`` in order. A step is an object with
one or more of these keys, checked or done in this order:

- ``"legal"``: the legal moves in notation, as a set (order does not matter);
- ``"acting"``: the seat to act;
- ``"illegal"``: a move text the rules refuse here (IllegalMove);
- ``"play"``: a move text, or a list of them, applied by the acting seat;
- ``"ends"``: the open ends' values, in end order;
- ``"closed"``: the closed ends with the tile face down on each, in end order (``["S 0-0"]``;
  ``"S ?"`` for an end closed with no tile);
- ``"stock"``: the tiles left in the stock, in drawing order (the reserve last);
- ``"hand"``: ``{"seat": [tiles]}`` each seat's tiles, as a set;
- ``"sizes"``: ``{"hands": [counts per seat], "stock": drawable tiles}`` (either part alone);
- ``"hand_points"``: points scored so far in the hand, per team;
- ``"over"``: whether the hand is over;
- ``"result"``: a subset of the hand result's JSON (reason, points, winners, hand_values, ...);
- ``"lead"``: the tile that leads, when the layout is empty: the seat to act may lead only it.
- ``"rows"``: ``{"seat": [tiles]}`` a row game's rows (``domine.rows``), front first, ``^`` after a
  face-up tile; ``"open"``: ``{"seat": [tiles]}`` its tiles face up beside the row;
- ``"view"``: ``{"seat": [tiles or "?"]}`` that seat's own row as it knows it.

A ``position`` either lists the open ``ends`` (a line, as if played up to there)
or lays the layout tile by tile: ``"lead": "4-4", "placed": ["4-1 N", "6-6 E"]``,
``"closed": ["W 0-0"]`` (see ``domine.position``); ``"table"`` says what the tiles do not,
in the game's words (``Game.set_position``: mexican-train's markers and seats past their
first turn). A position may also give the public
``history`` that led to it, for rules that read it (who may be sloshed): events
``"seat:move"`` with the move ``pass``, ``draw`` or a placement ``"4-5 A3"`` (a third
word gives the pip left open, where it matters); they are recorded, not played.

``match`` examples give ``scores`` after ``hands_played`` hands (and optionally the
hands' ``winners``, for streaks) and the verdict: ``"over": false`` or the winners.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domine.games import make_game
from domine.hand import Deal, HandContext
from domine.match import Match
from domine.moves import DRAW, PASS, IllegalMove, place
from domine.position import position
from domine.results import HandResult
from domine.tiles import BIT, HIGH, parse_tile, tile_str, tiles_of

FOLDER = Path(__file__).parent / "data" / "examples"
FILES = sorted(FOLDER.glob("*.json"))
EXAMPLES = [(f.stem, ex) for f in FILES for ex in json.loads(f.read_text(encoding="utf-8"))["examples"]]


def _tiles(game, items):
    return [parse_tile(str(t), game.max_pip) for t in items]


def _previous(raw: dict | None) -> HandResult | None:
    if raw is None:
        return None
    n = len(raw.get("hand_values", raw.get("ranking", raw.get("winners", [0]))))
    return HandResult(raw.get("reason", "domino"), raw.get("out_seat"), raw.get("hand_values", [0] * n),
                      raw.get("tiles_left", [0] * n), raw.get("points", [0] * n), raw.get("winners", []),
                      raw.get("ranking"), raw.get("last_placer"), raw.get("leader"))


def _context(raw: dict | None) -> HandContext | None:
    if raw is None:
        return None
    return HandContext(hand_number=raw.get("hand_number", 1), scores=raw.get("scores"),
                       previous=_previous(raw.get("previous")), previous_leader=raw.get("previous_leader"),
                       lot=raw.get("lot"))


def setup(ex):
    game = make_game(ex["game"], ex.get("players"), ex.get("options", {}))
    context = _context(ex.get("context"))
    if "deal" in ex:
        d = ex["deal"]
        deal = Deal([_tiles(game, h) for h in d["hands"]], _tiles(game, d.get("stock", [])),
                    _tiles(game, d.get("aside", [])))
        return game, Match(game, seed=0, context=context).start_hand(deal, context)
    p = ex["position"]
    state = position(game, hands=p["hands"], ends=p.get("ends"), lead=p.get("lead"),
                     placed=p.get("placed", ()), closed=p.get("closed", ()), stock=p.get("stock", ()),
                     layout=p.get("layout", ()), to_act=p.get("to_act", 0), lengths=p.get("lengths"),
                     doubles=p.get("doubles"), rest=p.get("rest", "layout"), context=context,
                     last_placer=p.get("last_placer"), table=p.get("table"))
    state.history.extend(_history_event(game, state, text) for text in p.get("history", ()))
    return game, state


def _history_event(game, state, text: str) -> tuple[int, int]:
    """An event of a position's ``history``: ``"seat:move"``, recorded as it was made."""
    seat, _, move = text.partition(":")
    words = move.split()
    if words[0] == "pass":
        return int(seat), PASS
    if words[0] == "draw":
        return int(seat), DRAW
    t = parse_tile(words[0], game.max_pip)
    end = state.layout.end_names().index(words[1].upper())
    open_pip = int(words[2]) if len(words) > 2 else HIGH[t]
    return int(seat), place(t, end, open_pip)


def run_step(game, state, step: dict, where: str) -> None:
    if "legal" in step:
        legal = state.legal_moves()
        expected = [state.parse_move(text) for text in step["legal"]]
        assert len(set(expected)) == len(expected), f"{where}: a move listed twice"
        assert sorted(legal) == sorted(expected), \
            f"{where}: legal moves {sorted(state.move_str(m) for m in legal)}"
    if "acting" in step:
        assert state.acting_seat() == step["acting"], f"{where}: seat to act"
    if "lead" in step:
        assert tiles_of(state.lead_mask & state.hands[state.acting_seat()]) == _tiles(game, [step["lead"]]), where
    if "illegal" in step:
        with pytest.raises(IllegalMove):
            state.apply(state.parse_move(step["illegal"]))
    plays = step.get("play", [])
    for text in [plays] if isinstance(plays, str) else plays:
        state.apply(state.parse_move(text))
    if "ends" in step:
        lay = state.layout
        assert [v for i, v in enumerate(lay.values) if not lay.closed[i]] == step["ends"], f"{where}: ends"
    if "closed" in step:
        lay = state.layout
        names = lay.end_names()
        got = [f"{names[i]} {tile_str(t) if t >= 0 else '?'}" for i, t in enumerate(lay.closers) if lay.closed[i]]
        expected = [f"{e.split()[0].upper()} {tile_str(_tiles(game, [e.split()[1]])[0]) if e.split()[1] != '?' else '?'}"
                    for e in step["closed"]]
        assert got == expected, f"{where}: closed ends"
    if "stock" in step:
        assert [tile_str(t) for t in state.stock[state.stock_pos:]] == \
            [tile_str(t) for t in _tiles(game, step["stock"])], f"{where}: stock"
    for seat, tiles in step.get("hand", {}).items():
        assert sorted(tile_str(t) for t in tiles_of(state.hands[int(seat)])) == \
            sorted(tile_str(t) for t in _tiles(game, tiles)), f"{where}: hand of seat {seat}"
    if "sizes" in step:
        sizes = step["sizes"]
        if "hands" in sizes:
            assert [h.bit_count() for h in state.hands] == sizes["hands"], f"{where}: hand sizes"
        if "stock" in sizes:
            assert state.drawable == sizes["stock"], f"{where}: drawable stock"
    for seat, tiles in step.get("rows", {}).items():
        got = [tile_str(t) + ("^" if BIT[t] & state.face_up[int(seat)] else "") for t in state.rows[int(seat)]]
        want = [tile_str(_tiles(game, [t.rstrip("^")])[0]) + ("^" if t.endswith("^") else "") for t in tiles]
        assert got == want, f"{where}: row of seat {seat}"
    for seat, tiles in step.get("open", {}).items():
        assert sorted(tiles_of(state.open[int(seat)])) == sorted(_tiles(game, tiles)), f"{where}: open of {seat}"
    for seat, tiles in step.get("view", {}).items():
        got = ["?" if t < 0 else tile_str(t) for t in state.observation(int(seat)).rows.rows[int(seat)]]
        want = [t if t == "?" else tile_str(_tiles(game, [t])[0]) for t in tiles]
        assert got == want, f"{where}: seat {seat}'s view of its row"
    if "hand_points" in step:
        assert state.hand_points == step["hand_points"], f"{where}: points on play"
    if "over" in step:
        assert state.over == step["over"], f"{where}: over"
    if "result" in step:
        got = state.result.to_json()
        for key, value in step["result"].items():
            assert got[key] == value, f"{where}: result {key}"


@pytest.mark.parametrize("gid, ex", EXAMPLES, ids=[f"{g}: {ex['name']}" for g, ex in EXAMPLES])
def test_worked_example(gid, ex):
    ex = {"game": gid, **ex}
    if "match" in ex:
        m = ex["match"]
        game = make_game(gid, ex.get("players"), ex.get("options", {}))
        match = Match(game, seed=0, context=HandContext(hand_number=m["hands_played"] + 1, scores=m["scores"]))
        match.results = [HandResult("domino", None, [], [], [], w) for w in m.get("winners", [])]
        verdict = game.match_result(match)
        if m["over"] is False:
            assert verdict is None
        else:
            assert verdict is not None and sorted(verdict.winners) == sorted(m["over"])
        return
    game, state = setup(ex)
    for i, step in enumerate(ex.get("steps", []), start=1):
        run_step(game, state, step, f"{ex['name']}, step {i}")


def test_every_example_file_names_a_game_and_checks_something():
    assert FILES, "no example files"
    for f in FILES:
        data = json.loads(f.read_text(encoding="utf-8"))
        make_game(f.stem, data["examples"][0].get("players"), data["examples"][0].get("options", {}))
        for ex in data["examples"]:
            assert ex.get("spec"), f"{f.name}: {ex['name']} cites no rule"
            checks = [k for s in ex.get("steps", []) for k in s if k != "play"]
            assert "match" in ex or checks, f"{f.name}: {ex['name']} checks nothing"
