"""Game records: a match written down as JSON (deal + moves), verified on replay.

The format is described in docs/records.md. A record never needs the random
generator to replay: each hand holds its deal, in stock order, and every move
in the notation of ``domine.moves``, prefixed by the seat that made it
(``"1: 5-3 R"``, ``"0: draw 2-4"``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .game import Game, GameError
from .games import make_game
from .hand import Deal, HandState
from .match import Match
from .moves import MoveError, bare, kind_of
from .notation import event_str
from .tiles import TileError, parse_tile, set_size, tile_str, tiles_of

FORMAT = "domine-record"
VERSION = 1


class RecordError(ValueError):
    """A record that is malformed or breaks the rules; says where (hand, move) and why."""

    def __init__(self, reason: str, hand: int | None = None, move: int | None = None):
        self.reason, self.hand, self.move = reason, hand, move
        where = []
        if hand is not None:
            where.append(f"hand {hand}")
        if move is not None:
            where.append(f"move {move}")
        super().__init__((", ".join(where) + ": " if where else "") + reason)


def history_strings(state: HandState) -> list[str]:
    """The moves of a hand in record notation, draws naming their tile.

    Forced events (a skipped turn, a tile turned up) are consequences of the
    moves and the deal, not moves (general 23b): the replay makes them again.
    """
    return [f"{seat}: {event_str(state, bare(move), full=True)}"
            for seat, move in state.history if not kind_of(move).forced]


def hand_record(state: HandState, number: int, scores_after: list[int] | None) -> dict:
    deal = state.deal
    rec: dict[str, Any] = {
        "number": number,
        "deal": {
            "hands": [[tile_str(t) for t in h] for h in deal.hands],
            "stock": [tile_str(t) for t in deal.stock],
        },
        "moves": history_strings(state),
    }
    if deal.aside:
        rec["deal"]["aside"] = [tile_str(t) for t in deal.aside]
    if state.result is not None:
        rec["result"] = state.result.to_json()
    if scores_after is not None:
        rec["scores"] = scores_after
    return rec


def options_given(game: Game) -> dict:
    defaults = {o.name: o.default for o in game.options}
    return {k: v for k, v in game.option_values.items() if v != defaults.get(k)}


def match_record(match: Match, seats: list[str] | None = None) -> dict:
    game = match.game
    hands = []
    scores = [0] * len(match.scores)
    for i, state in enumerate(match.hands, start=1):
        for team, p in enumerate(state.result.points):
            scores[team] += p
        hands.append(hand_record(state, i, scores[:]))
    if match.current is not None and match.current.history:
        hands.append(hand_record(match.current, len(match.hands) + 1, None))
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "players": game.players,
        "options": options_given(game),
        "seed": match.seed,
        "seats": seats or [f"seat {s}" for s in range(game.players)],
        "hands": hands,
        "result": match.result.to_json() if match.result else None,
    }


def save_record(record: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@dataclass
class ReplayReport:
    game: str
    players: int
    hands: int
    moves: int
    scores: list[int]
    result: dict | None
    complete: bool


def load_record(path: str | Path) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    return data


def _tiles(items: Any, what: str, max_pip: int, hand_no: int) -> list[int]:
    if not isinstance(items, list):
        raise RecordError(f"{what} must be a list of tiles", hand_no)
    out = []
    for x in items:
        try:
            out.append(parse_tile(str(x), max_pip))
        except TileError as e:
            raise RecordError(f"{what}: {e}", hand_no) from None
    return out


def _deal(game: Game, raw: Any, hand_no: int) -> Deal:
    if not isinstance(raw, dict) or "hands" not in raw:
        raise RecordError("the deal must be an object with 'hands' (and 'stock' or 'aside')", hand_no)
    hands_raw = raw["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != game.players:
        raise RecordError(f"the deal must hold {game.players} hands", hand_no)
    hands = [_tiles(h, f"hand of seat {s}", game.max_pip, hand_no) for s, h in enumerate(hands_raw)]
    stock = _tiles(raw.get("stock", []), "stock", game.max_pip, hand_no)
    aside = _tiles(raw.get("aside", []), "aside", game.max_pip, hand_no)
    seen = [t for h in hands for t in h] + stock + aside
    if len(seen) != len(set(seen)):
        dup = sorted({tile_str(t) for t in seen if seen.count(t) > 1})
        raise RecordError(f"the deal holds {', '.join(dup)} twice", hand_no)
    if len(seen) != set_size(game.max_pip):
        missing = sorted(set(range(set_size(game.max_pip))) - set(seen))
        raise RecordError("the deal misses " + ", ".join(tile_str(t) for t in missing), hand_no)
    k = game.deal_size(game.players)
    for s, h in enumerate(hands):
        if len(h) != k:
            raise RecordError(f"seat {s} was dealt {len(h)} tiles, not {k}", hand_no)
    if game.leftover == "stock" and aside:
        raise RecordError(f"{game.id} keeps undealt tiles as a stock, not aside", hand_no)
    if game.leftover == "aside" and stock:
        raise RecordError(f"{game.id} sets undealt tiles aside; it has no stock", hand_no)
    return Deal(hands, stock=stock, aside=aside)


def replay(record: Any) -> ReplayReport:
    """Verify a record move by move; raise ``RecordError`` at the first fault."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a domine record (expected \"format\": \"{FORMAT}\")")
    if record.get("version") != VERSION:
        raise RecordError(f"unsupported record version {record.get('version')!r} (this domine reads {VERSION})")
    try:
        game = make_game(str(record.get("game")), record.get("players"), record.get("options") or {})
    except GameError as e:
        raise RecordError(str(e)) from None
    match = Match(game, seed=record.get("seed") if isinstance(record.get("seed"), int) else 0)
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list")
    total_moves = 0
    for i, raw in enumerate(hands, start=1):
        if match.over:
            raise RecordError("the match was already over", i)
        if not isinstance(raw, dict):
            raise RecordError("a hand must be an object", i)
        state = match.start_hand(_deal(game, raw.get("deal"), i))
        moves = raw.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("'moves' must be a list", i)
        for j, text in enumerate(moves, start=1):
            if state.over:
                raise RecordError(f"the hand was already over ({state.result.reason})", i, j)
            seat, move_text = _split_move(text, i, j)
            acting = state.acting_seat()
            if seat != acting:
                raise RecordError(f"seat {seat} moved, but it is seat {acting}'s turn", i, j)
            try:
                move = state.parse_move(move_text)
                state.apply(move)
            except MoveError as e:
                raise RecordError(f"{move_text!r}: {e}", i, j) from None
            total_moves += 1
        last = i == len(hands)
        if not state.over:
            if last and record.get("result") is None:
                break   # an unfinished match: what was played is verified
            raise RecordError("the moves end before the hand does", i)
        expected = raw.get("result")
        got = state.result.to_json()
        if isinstance(expected, dict):
            for key in ("reason", "points", "winners"):
                if key in expected and expected[key] != got[key]:
                    raise RecordError(f"the record says {key} {expected[key]}, the replay gives {got[key]}", i)
        match.finish_hand()
        if "scores" in raw and raw["scores"] != match.scores:
            raise RecordError(f"the record says scores {raw['scores']}, the replay gives {match.scores}", i)
    expected = record.get("result")
    if expected is None and match.result is not None and "result" in record:
        raise RecordError("the record says the match is unfinished, but the replay ends it")
    if expected is not None:
        if match.result is None:
            raise RecordError("the record says the match is over, but the replay has not ended it")
        got = match.result.to_json()
        for key in ("winners", "scores"):
            if key in expected and expected[key] != got[key]:
                raise RecordError(f"the record's match result says {key} {expected[key]}, the replay gives {got[key]}")
    return ReplayReport(game.id, game.players, match.hands_played, total_moves, match.scores,
                        match.result.to_json() if match.result else None, match.result is not None)


def _split_move(text: Any, hand: int, move: int) -> tuple[int, str]:
    if not isinstance(text, str) or ":" not in text:
        raise RecordError(f"a move is written 'SEAT: MOVE', not {text!r}", hand, move)
    seat_text, move_text = text.split(":", 1)
    try:
        return int(seat_text.strip()), move_text.strip()
    except ValueError:
        raise RecordError(f"a move is written 'SEAT: MOVE', not {text!r}", hand, move) from None


def seat_view(record: dict, seat: int) -> dict:
    """The record as ``seat`` saw it: other hands, the stock and others' draws hidden."""
    view = json.loads(json.dumps(record))
    view["seed"] = None   # the seed would deal the hidden hands again
    for h in view.get("hands", []):
        deal = h.get("deal", {})
        deal["hands"] = [tiles if s == seat else ["?"] * len(tiles) for s, tiles in enumerate(deal.get("hands", []))]
        deal["stock"] = ["?"] * len(deal.get("stock", []))
        if "aside" in deal:
            deal["aside"] = ["?"] * len(deal["aside"])
        moves = []
        for m in h.get("moves", []):
            s, _, rest = m.partition(":")
            if rest.strip().startswith("draw") and s.strip() != str(seat):
                m = f"{s.strip()}: draw"
            moves.append(m)
        h["moves"] = moves
    return view


__all__ = ["RecordError", "ReplayReport", "match_record", "replay", "load_record", "save_record",
           "seat_view", "tiles_of"]
