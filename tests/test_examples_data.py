"""Worked examples of the specifications, as data: one runner for every file in tests/data/examples.

A file holds one game's examples. Each example sets up a hand, from a full deal
(``deal``) or a position in the middle of a hand (``position``, see
``domine.engine.position``), then runs ``steps`` in order. A step is an object with
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
- ``"lead"``: the tile that leads, when the layout is empty: the seat to act may lead only it;
- ``"tokens"``: games for stakes: each seat's token balance, then the pot, as the ledger holds
  them now (a context may give ``"tokens"`` too: the balances and pot the hand starts from,
  and ``"absent"``, the seats sitting the hand out);
- ``"active"``: games for stakes: the seats still in the match (not dropped out);
- ``"teams"``: each seat's partnership in this hand (partners that change with the hand).

The keys listed before ``play`` (and ``lead``) see the hand before the step's moves; all others see it after.

More step keys (checked after those above, in this order):

- ``"to_act"``: the seat whose normal turn it is (``acting`` differs while out-of-turn offers wait);
- ``"offers"``: the out-of-turn offers waiting, in order: a seat, or ``[seat, [moves]]``;
- ``"illegal"`` may also be a list of move texts, each refused;
- ``"doubles"`` / ``"lengths"``: per end (closed ones too), whether it shows a double / its arm's length;
- ``"in_opening"``: whether the layout is still in its opening phase (a cross not yet complete);
- ``"locked"``: ``{"seat": [tiles]}`` the tiles each seat may not place now, as a set;
- ``"skips"``: the normal turns each seat still forfeits;
- ``"hand_values"``: each seat's hand value now (the pips it would count);
- ``"history_length"``: how many events of play the hand has recorded (its closing ``end`` event aside);
- ``"sizes"`` may also say ``"reserve"``: the stock tiles never drawn;
- ``"try"``: ``{"move": step}``: each move played on a copy of the hand, then the step checked there;
- ``"match"``: the finished hand scored in a match: ``{"scores": totals before, "hands_played": n
  (default: the hand's number), "after": totals after, "over": false or the winners, "drawn": bool}``;
- ``"next_hand"``: the next hand of the match, dealt as ``{"deal": ..., "scores": [...]}`` after this
  finished one (its result and leader passed on); later steps play in it.

- ``"rows"``: ``{"seat": [tiles]}`` a row game's rows (``domine.parts.rows``), front first, ``^`` after a
  face-up tile; ``"open"``: ``{"seat": [tiles]}`` its tiles face up beside the row;
- ``"view"``: ``{"seat": [tiles or "?"]}`` that seat's own row as it knows it.

A ``position`` either lists the open ``ends`` (a line, as if played up to there)
or lays the layout tile by tile: ``"lead": "4-4", "placed": ["4-1 N", "6-6 E"]``,
``"closed": ["W 0-0"]`` (see ``domine.engine.position``); ``"table"`` says what the tiles do not,
in the game's words (``Game.set_position``: mexican-train's markers and seats past their
first turn). A position may also give the public
``history`` that led to it, for rules that read it (who may be sloshed): events
``"seat:move"`` with the move ``pass``, ``draw`` or a placement ``"4-5 A3"`` (a third
word gives the pip left open, where it matters); they are recorded, not played.

``match`` examples give ``scores`` after ``hands_played`` hands (and optionally the
hands' ``winners``, for streaks) and the verdict: ``"over": false`` or the winners; ``"drawn"``
(optional) says whether the match ends drawn.

A ``deal`` names no tile twice; it may say ``"rest": "stock"`` (or ``"aside"``): every tile of the
set not named in it goes to the end of the stock (or out of play), by id.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import play_events
from domine.parts.rows import rows_of
from domine.games import make_game
from domine.engine.hand import Deal, HandContext
from domine.engine.match import Match
from domine.engine.moves import DRAW, PASS, IllegalMove, place
from domine.engine.position import position
from domine.engine.results import HandResult
from domine.engine.tiles import BIT, HIGH, parse_tile, set_size, tile_str, tiles_of

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
                       lot=raw.get("lot"), tokens=raw.get("tokens"),
                       absent=sum(1 << s for s in raw.get("absent", ())))


def setup(ex):
    game = make_game(ex["game"], ex.get("players"), ex.get("options", {}))
    context = _context(ex.get("context"))
    if "deal" in ex:
        deal = _deal(game, ex["deal"])
        return game, Match(game, seed=0, context=context).start_hand(deal, context)
    p = ex["position"]
    state = position(game, hands=p["hands"], ends=p.get("ends"), lead=p.get("lead"),
                     placed=p.get("placed", ()), closed=p.get("closed", ()), stock=p.get("stock", ()),
                     layout=p.get("layout", ()), to_act=p.get("to_act", 0), lengths=p.get("lengths"),
                     doubles=p.get("doubles"), rest=p.get("rest", "layout"), context=context,
                     last_placer=p.get("last_placer"), table=p.get("table"))
    state.history.extend(_history_event(game, state, text) for text in p.get("history", ()))
    return game, state


def _deal(game, d: dict) -> Deal:
    hands = [_tiles(game, h) for h in d["hands"]]
    stock, aside = _tiles(game, d.get("stock", [])), _tiles(game, d.get("aside", []))
    given = [t for h in hands for t in h] + stock + aside
    assert len(set(given)) == len(given), "a deal names a tile twice"
    if "rest" in d:
        named = {t for h in hands for t in h} | set(stock) | set(aside)
        rest = [t for t in range(set_size(game.max_pip)) if t not in named]
        if d["rest"] == "stock":
            stock += rest
        else:
            assert d["rest"] == "aside", d["rest"]
            aside += rest
    return Deal(hands, stock, aside)


def _verdict(verdict, m: dict, where: str) -> None:
    """A match's verdict against ``"over"`` (false, or the winners) and ``"drawn"``."""
    if m["over"] is False:
        assert verdict is None, f"{where}: the match goes on"
    else:
        assert verdict is not None and sorted(verdict.winners) == sorted(m["over"]), f"{where}: match winners"
    if "drawn" in m:
        assert verdict is not None and verdict.drawn == m["drawn"], f"{where}: drawn match"


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


def run_step(game, state, step: dict, where: str):
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
        for text in [step["illegal"]] if isinstance(step["illegal"], str) else step["illegal"]:
            with pytest.raises(IllegalMove):
                state.apply(state.parse_move(text))
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
        if "reserve" in sizes:
            assert state.reserve == sizes["reserve"], f"{where}: reserve"
    for seat, tiles in step.get("rows", {}).items():
        got = [tile_str(t) + ("^" if BIT[t] & rows_of(state).face_up[int(seat)] else "") for t in rows_of(state).rows[int(seat)]]
        want = [tile_str(_tiles(game, [t.rstrip("^")])[0]) + ("^" if t.endswith("^") else "") for t in tiles]
        assert got == want, f"{where}: row of seat {seat}"
    for seat, tiles in step.get("open", {}).items():
        assert sorted(tiles_of(rows_of(state).open[int(seat)])) == sorted(_tiles(game, tiles)), f"{where}: open of {seat}"
    for seat, tiles in step.get("view", {}).items():
        got = ["?" if t < 0 else tile_str(t) for t in state.observation(int(seat)).rows.rows[int(seat)]]
        want = [t if t == "?" else tile_str(_tiles(game, [t])[0]) for t in tiles]
        assert got == want, f"{where}: seat {seat}'s view of its row"
    if "hand_points" in step:
        assert state.hand_points == step["hand_points"], f"{where}: points on play"
    if "over" in step:
        assert state.over == step["over"], f"{where}: over"
    if "teams" in step:
        assert state.teams == step["teams"], f"{where}: teams"
    if "tokens" in step:
        assert state.rules["ledger"].tokens() == step["tokens"], f"{where}: tokens"
    if "active" in step:
        assert state.rules["ledger"].active(state.n) == step["active"], f"{where}: active seats"
    if "result" in step:
        got = state.result.to_json()
        for key, value in step["result"].items():
            assert got[key] == value, f"{where}: result {key}"
    return _more_steps(game, state, step, where)


def _more_steps(game, state, step: dict, where: str):
    """The later step keys (see the docstring); returns the hand later steps play in."""
    if "to_act" in step:
        assert state.to_act == step["to_act"], f"{where}: seat whose turn it is"
    if "offers" in step:
        got = [[s, sorted(state.move_str(m) for m in offered)] for s, offered in state.offers]
        expected = [o if isinstance(o, int) else [o[0], sorted(o[1])] for o in step["offers"]]
        assert len(got) == len(expected) and all(g == e if isinstance(e, list) else g[0] == e
                                                 for g, e in zip(got, expected)), f"{where}: offers {got}"
    lay = state.layout
    if "doubles" in step:
        assert [bool(d) for d in lay.doubles] == step["doubles"], f"{where}: doubles"
    if "lengths" in step:
        assert list(lay.lengths) == step["lengths"], f"{where}: arm lengths"
    if "in_opening" in step:
        assert lay.in_opening() == step["in_opening"], f"{where}: opening phase"
    for seat, tiles in step.get("locked", {}).items():
        assert sorted(tile_str(t) for t in tiles_of(state.locked[int(seat)])) == \
            sorted(tile_str(t) for t in _tiles(game, tiles)), f"{where}: locked tiles of seat {seat}"
    if "skips" in step:
        assert list(state.skips) == step["skips"], f"{where}: forfeited turns"
    if "hand_values" in step:
        assert [state.hand_value(s) for s in range(len(state.hands))] == step["hand_values"], \
            f"{where}: hand values"
    if "history_length" in step:   # the events of play (the closing end event aside)
        assert len(play_events(state.history)) == step["history_length"], f"{where}: history length"
    for text, sub in step.get("try", {}).items():
        copy = state.clone()
        copy.apply(copy.parse_move(text))
        run_step(game, copy, sub, f"{where}, after {text}")
    if "match" in step:
        m = step["match"]
        hands_played = m.get("hands_played", state.context.hand_number - 1)
        match = Match(game, seed=0, context=HandContext(hand_number=hands_played + 1, scores=list(m["scores"])))
        match.current = state
        verdict = match.finish_hand()
        if "after" in m:
            assert match.scores == m["after"], f"{where}: match totals"
        _verdict(verdict, m, where)
    if "next_hand" in step:
        nh = step["next_hand"]
        ctx = HandContext(hand_number=state.context.hand_number + 1, scores=nh.get("scores"),
                          previous=state.result, previous_leader=state.leader)
        return Match(game, seed=0, context=ctx).start_hand(_deal(game, nh["deal"]), ctx)
    return state


@pytest.mark.parametrize("gid, ex", EXAMPLES, ids=[f"{g}: {ex['name']}" for g, ex in EXAMPLES])
def test_worked_example(gid, ex):
    ex = {"game": gid, **ex}
    if "match" in ex:
        m = ex["match"]
        game = make_game(gid, ex.get("players"), ex.get("options", {}))
        match = Match(game, seed=0, context=HandContext(hand_number=m["hands_played"] + 1, scores=m["scores"]))
        match.results = [HandResult("domino", None, [], [], [], w) for w in m.get("winners", [])]
        _verdict(game.match_result(match), m, ex["name"])
        return
    game, state = setup(ex)
    for i, step in enumerate(ex.get("steps", []), start=1):
        state = run_step(game, state, step, f"{ex['name']}, step {i}") or state


def test_every_example_file_names_a_game_and_checks_something():
    assert FILES, "no example files"
    for f in FILES:
        data = json.loads(f.read_text(encoding="utf-8"))
        make_game(f.stem, data["examples"][0].get("players"), data["examples"][0].get("options", {}))
        for ex in data["examples"]:
            assert ex.get("spec"), f"{f.name}: {ex['name']} cites no rule"
            checks = [k for s in ex.get("steps", []) for k in s if k != "play"]
            assert "match" in ex or checks, f"{f.name}: {ex['name']} checks nothing"
