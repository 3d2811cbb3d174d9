"""Game records: a match written down as JSON (deal + moves), verified on replay.

The format is described in docs/records.md. A record never needs the random
generator to replay: each hand holds its deal, in stock order, and every move
in the notation of ``domine.engine.moves``, prefixed by the seat that made it
(``"1: 5-3 R"``, ``"0: draw 2-4"``).
"""

from __future__ import annotations

import json
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .games.base import Game, GameError
from .games import make_game
from .engine.hand import Deal, HandContext, HandState
from .engine.results import HandResult
from .engine.match import Match
from .engine.events import PRIVATE, PUBLIC, TILE_HIDDEN, visibility_of
from .engine.moves import KINDS, MoveError, bare, kind_of
from .engine.notation import event_str
from .engine.reasons import Reason, Refusal, because
from .engine.tiles import TileError, parse_tile, set_size, tile_str, tiles_of
from .parts.scoring import TOKENS_WON
from .engine.moves import end_of

FORMAT = "domine-record"
VERSION = 1


class RecordError(Refusal):
    """A record that is malformed or breaks the rules; says where (hand, move) and why: a reason
    code and its parameters (engine/reasons.py), or still an English sentence. ``quoting``: the
    move as the record writes it, said before a move's own reason (a ``MoveError``'s)."""

    def __init__(self, reason: Reason | str, hand: int | None = None, move: int | None = None,
                 quoting: str | None = None, **params):
        frames = []
        if quoting is not None:
            frames.append(because("in-move-written", hand=hand, step=move, text=quoting))
        elif hand is not None:
            frames.append(because("in-hand", hand=hand) if move is None else because("in-move", hand=hand, step=move))
        super().__init__(reason, frames=tuple(frames), **params)
        self.hand, self.move = hand, move


def history_strings(state: HandState) -> list[str]:
    """The moves of a hand in record notation, draws naming their tile.

    Forced events (a skipped turn, a tile turned up, an end the rules close) are
    consequences of the moves and the deal, not moves (general 23b): the replay
    makes them again.
    """
    return [f"{seat}: {event_str(state, bare(move), full=True)}"
            for seat, move in state.history if seat >= 0 and not kind_of(move).forced]


def context_json(ctx: HandContext, full: bool) -> dict:
    """A hand's context as a record holds it: the lot always; all of it where ``full``
    (a record that starts in the middle of a match, or a position from a book)."""
    out: dict[str, Any] = {}
    if full:
        out["hand_number"] = ctx.hand_number
        if ctx.scores is not None:
            out["scores"] = list(ctx.scores)
        if ctx.previous is not None:
            prev = ctx.previous.to_json()
            prev["last_placer"] = ctx.previous.last_placer
            out["previous"] = prev
        if ctx.previous_leader is not None:
            out["previous_leader"] = ctx.previous_leader
        if ctx.tokens is not None:
            out["tokens"] = list(ctx.tokens)
        if ctx.absent:
            out["absent"] = [s for s in range(ctx.absent.bit_length()) if ctx.absent >> s & 1]
        if ctx.streak is not None and ctx.streak[1]:
            out["streak"] = {"team": ctx.streak[0], "hands": ctx.streak[1]}
    if ctx.lot is not None:
        out["lot"] = ctx.lot
    return out


def _is_points(x: Any) -> bool:
    """Points are whole numbers, or floats where a game scores halves (homo-homini-lupus)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def context_from_json(raw: Any, hand_no: int | None) -> HandContext:
    """Read a record's hand context, saying which field is wrong."""
    if not isinstance(raw, dict):
        raise RecordError("'context' must be an object", hand_no)
    known = {"hand_number", "scores", "previous", "previous_leader", "lot", "tokens", "absent", "streak"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise RecordError(f"'context' has unknown fields {', '.join(unknown)} (known: {', '.join(sorted(known))})",
                          hand_no)
    number = raw.get("hand_number", hand_no or 1)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RecordError("context: hand_number must be a whole number, 1 or more", hand_no)
    scores = raw.get("scores")
    if scores is not None and (not isinstance(scores, list) or not all(map(_is_points, scores))):
        raise RecordError("context: scores must be a list of numbers, one per team", hand_no)
    for key in ("previous_leader", "lot"):
        if raw.get(key) is not None and (not isinstance(raw[key], int) or isinstance(raw[key], bool)):
            raise RecordError(f"context: {key} must be a seat number", hand_no)
    previous = raw.get("previous")
    result = None
    if previous is not None:
        if not isinstance(previous, dict):
            raise RecordError("context: previous must be a hand result object", hand_no)
        try:
            winners = [int(x) for x in previous.get("winners", [])]
            values = [int(x) for x in previous.get("hand_values", [])]
            n = len(values)
            result = HandResult(str(previous.get("reason", "domino")), previous.get("out_seat"), values,
                                [int(x) for x in previous.get("tiles_left", [0] * n)],
                                [x if _is_points(x) else int(x) for x in previous.get("points", [])], winners,
                                previous.get("ranking"), previous.get("last_placer"))
        except (TypeError, ValueError):
            raise RecordError("context: previous holds a value that is not a whole number", hand_no) from None
    tokens = raw.get("tokens")
    if tokens is not None and (not isinstance(tokens, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in tokens)):
        raise RecordError("context: tokens must be a list of whole numbers, each seat's balance then the pot",
                          hand_no)
    absent = raw.get("absent", [])
    if not isinstance(absent, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0
                                               for x in absent):
        raise RecordError("context: absent must be a list of seat numbers", hand_no)
    streak = raw.get("streak")
    if streak is not None:
        if not isinstance(streak, dict) or set(streak) != {"team", "hands"} or not _is_whole(streak["team"]) \
                or not _is_whole(streak["hands"]) or streak["team"] < 0 or streak["hands"] < 1:
            raise RecordError("context: streak must be {\"team\": T, \"hands\": N}: the team that won the last "
                              "hand won and how many hands in a row (1 or more), not " + json.dumps(streak), hand_no)
        streak = (streak["team"], streak["hands"])
    return HandContext(number, scores, result, raw.get("previous_leader"), None, raw.get("lot"), tokens,
                       sum(1 << s for s in set(absent)), streak)


def _start(game: Game, hands: list) -> HandContext | None:
    """The context a record's first hand starts the match from, checked against the game;
    None for a match from its first hand (a context that gives no more than the lot)."""
    first = hands[0] if hands and isinstance(hands[0], dict) else {}
    if "context" not in first:
        return None
    raw = first["context"]
    start = context_from_json(raw, 1)   # its faults are the record's first hand's
    if "hand_number" not in raw and isinstance(first.get("number"), int):
        start.hand_number = first["number"]
    if start.hand_number == 1 and not set(raw) - {"hand_number", "lot"}:
        return None
    teams = max(game.seat_teams) + 1
    if start.scores is not None and len(start.scores) != teams:
        raise RecordError(f"context: scores must give {teams} numbers, one per team, not {len(start.scores)}", 1)
    if start.streak is not None:
        team, run = start.streak
        if not game.match_end.needs_streak:
            raise RecordError(f"context: {game.id} counts no hands won in a row ({game.match_end.describe()}): "
                              "it takes no streak", 1)
        if team >= teams:
            raise RecordError(f"context: streak names team {team}, but there are {teams}", 1)
        if run >= start.hand_number:
            raise RecordError(f"context: a streak of {run} hands won cannot come before hand {start.hand_number}", 1)
    if start.tokens is not None or start.absent:
        _check_tokens(game, start)
    if game.points == TOKENS_WON:
        _balances_are_scores(game, start)
    return start


def _check_tokens(game: Game, start: HandContext) -> None:
    """A starting context's tokens and seats that dropped out, checked against the game."""
    if not game.stakes:
        raise RecordError(f"context: {game.id} is not played for tokens: it takes no tokens and no absent seats", 1)
    if start.absent >> game.players:
        raise RecordError(f"context: absent names seat {start.absent.bit_length() - 1}, "
                          f"but there are {game.players}", 1)
    tokens = start.tokens
    if tokens is not None and len(tokens) != game.players + 1:
        raise RecordError(f"context: tokens must give {game.players + 1} numbers, each seat's balance then the pot, "
                          f"not {len(tokens)}", 1)
    if tokens is not None and sum(tokens):
        raise RecordError(f"context: tokens must add up to 0 (tokens only pass between the seats and the pot), "
                          f"not {sum(tokens)}", 1)


def _balances_are_scores(game: Game, start: HandContext) -> None:
    """Where a hand's points are the tokens won (close-at-will, auction), the scores are the
    balances and every hand starts with the pot empty: the context may give either, the
    other follows from it, and scores that differ from the balances are refused."""
    if start.tokens is None:
        if start.scores is None:
            return
        if not all(map(_is_whole, start.scores)) or sum(start.scores):
            raise RecordError(f"context: {game.id}'s scores are the token balances: whole numbers that add up "
                              f"to 0, not {start.scores}", 1)
        start.tokens = list(start.scores) + [0]
        return
    if start.tokens[-1]:
        raise RecordError(f"context: the pot starts every hand of {game.id} empty, not with {start.tokens[-1]} "
                          "tokens", 1)
    if start.scores is None:
        start.scores = start.tokens[:-1]
    elif start.scores != start.tokens[:-1]:
        raise RecordError(f"context: {game.id} scores the tokens won, so its scores are the balances: "
                          f"scores {start.scores}, but balances {start.tokens[:-1]}", 1)


def _taken_up(game: Game, hands: list, seed: int | None) -> tuple[Match, HandContext | None]:
    """A new match for a record's hands and the context it starts from (None: hand 1)."""
    start = _start(game, hands)
    match = Match(game, seed=seed, context=start)
    if start is not None and start.hand_number > 1 and game.match_result(match) is not None:
        raise RecordError(f"context: the match was over before hand {start.hand_number} "
                          f"({game.match_end.describe()})", 1)
    return match, start


def hand_record(state: HandState, number: int, scores_after: list[int] | None, full_context: bool = False,
                cuts: dict[int, dict] | None = None, fair: dict | None = None) -> dict:
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
    context = context_json(state.context, full_context)
    if context:
        rec["context"] = context
    if state.result is not None:
        rec["result"] = state.result.to_json()
    if scores_after is not None:
        rec["scores"] = scores_after
    if cuts:
        rec["cuts"] = [{"move": j, **cuts[j]} for j in sorted(cuts) if j <= len(rec["moves"])]
    if fair:
        # a hand still being played keeps its seed secret: the seed would show every hidden tile
        rec["fair"] = {k: fair[k] for k in ("commitment", "seed") if k in fair and (k != "seed" or state.over)}
    return rec


# ---------------------------------------------------------------------------------------
# Provably fair deals (docs/fair.md): a hand's commitment and, once it is over, its seed
# ---------------------------------------------------------------------------------------
#: per match being played: hand number -> {"commitment": hex, "seed": hex}. Kept beside the
#: match as the cuts are: the server notes them, ``match_record`` writes them.
_FAIR: "weakref.WeakKeyDictionary[Match, dict[int, dict]]" = weakref.WeakKeyDictionary()


def note_fair(match: Match, hand_number: int, commitment: str, seed: bytes | str | None = None) -> None:
    """Keep for ``match``'s record the commitment published before hand ``hand_number`` and,
    once it is revealed, its seed (bytes or hex)."""
    fair = {"commitment": commitment}
    if seed is not None:
        fair["seed"] = seed.hex() if isinstance(seed, (bytes, bytearray)) else seed
    _FAIR.setdefault(match, {})[hand_number] = fair


def fair_of(match: Match, hand_number: int) -> dict | None:
    """What ``note_fair`` kept for a hand of ``match`` (None: nothing)."""
    return _FAIR.get(match, {}).get(hand_number)


@dataclass
class FairCheck:
    """One hand of a record checked (``check_fair``): ``verified``, ``failed`` (``reason`` says
    why), ``no-commitment`` (the hand carries none) or ``unrevealed`` (a hand still being played:
    its seed is not out yet)."""

    hand: int
    status: str
    reason: Reason | None = None
    commitment: str | None = None
    seed: str | None = None

    @property
    def error(self) -> "RecordError | None":
        """A failed hand's reason as the record's error, said with the hand's number."""
        return RecordError(self.reason, self.hand) if self.reason is not None else None

    def to_json(self) -> dict:
        return {"hand": self.hand, "status": self.status,
                "reason": self.reason.to_json() if self.reason is not None else None,
                "commitment": self.commitment, "seed": self.seed}


def check_fair(record: Any) -> list[FairCheck]:
    """Every hand of a record checked against its ``fair`` field: the seed's SHA-256 is the
    commitment, and the recorded deal is the one the seed gives for that hand's context (the
    context the replay rebuilds: hand number, scores, the previous hand, the lot...).
    The record is replayed first; ``RecordError`` where it is not a valid record."""
    starts: dict[int, tuple[HandContext, Deal, HandState]] = {}

    def visit(i: int, j: int, state: HandState) -> None:
        if j == 0:
            deal = state.deal
            starts[i] = (state.context.copy(), Deal([list(h) for h in deal.hands], list(deal.stock),
                                                     list(deal.aside)), state)

    replay(record, visit=visit)
    from .engine.fair import check_hand
    game = game_of_record(record)
    out = []
    for i, raw in enumerate(record["hands"], start=1):
        context, deal, state = starts[i]
        number = context.hand_number
        fair = fair_fields(raw, i)
        if fair is None:
            out.append(FairCheck(number, "no-commitment"))
            continue
        commitment, seed = fair["commitment"], fair.get("seed")
        if seed is None:
            if state.over:
                out.append(FairCheck(number, "failed", because("fair-seed-missing"), commitment))
            else:
                out.append(FairCheck(number, "unrevealed", None, commitment))
            continue
        reason = check_hand(game, seed, commitment, deal, context)
        out.append(FairCheck(number, "verified" if reason is None else "failed", reason, commitment, seed))
    return out


def fair_fields(raw: Any, hand_no: int) -> dict | None:
    """A record's hand's ``fair`` read: None where the hand has none (or only nulls), else ``{"commitment"}`` and,
    once revealed, ``"seed"``, both as the record writes them (hex text; ``check_hand``
    says what is wrong with their contents); ``RecordError`` when the field is not that shape."""
    if not isinstance(raw, dict) or "fair" not in raw:
        return None
    fair = raw["fair"]
    if isinstance(fair, dict):   # a field written as null is a field left out
        fair = {k: v for k, v in fair.items() if v is not None}
        if not fair:
            return None
    if not isinstance(fair, dict) or "commitment" not in fair or set(fair) - {"commitment", "seed"}:
        raise RecordError("'fair' must be {\"commitment\": hex, \"seed\": hex} (the seed once revealed)", hand_no)
    if not all(isinstance(v, str) for v in fair.values()):
        raise RecordError("'fair' holds the commitment and the seed as hexadecimal text", hand_no)
    return dict(fair)


# ---------------------------------------------------------------------------------------
# Moves chosen by a search the clock cut
# ---------------------------------------------------------------------------------------
#: per match being played: hand number -> {move number in the record: the cut, as data}. Kept
#: beside the match, not in it: a match (the engine) knows nothing of bots; whoever plays the
#: bots' moves notes a cut here and ``match_record`` finds it, however the record is written.
#: Weak: the marks go when the match does.
_CUTS: "weakref.WeakKeyDictionary[Match, dict[int, dict[int, dict]]]" = weakref.WeakKeyDictionary()


def cut_data(cut: Any) -> dict:
    """A bot's ``last_decision_cut`` (``domine.bots.search.Cut``) as a record keeps it."""
    return {"done": cut.done, "budget": cut.budget, "of": cut.unit}


def note_cut(match: Match, state: HandState, cut: Any) -> None:
    """Keep for ``match``'s record that the move about to be made in ``state`` (its current
    hand) was chosen by a search the clock cut: ``cut`` is the bot's ``last_decision_cut``
    (None: a decision made with its whole budget, nothing to keep). Called by whoever plays
    the bots' moves, between the bot's choice and the move."""
    if cut is not None:
        mark_cut(cut_marks(match), state, cut)


def cut_marks(match: Match) -> dict[int, dict[int, dict]]:
    """The cuts kept for ``match``'s record: hand number -> {move number: cut}."""
    return _CUTS.setdefault(match, {})


def mark_cut(marks: dict[int, dict[int, dict]], state: HandState, cut: Any) -> None:
    """``note_cut`` into ``marks`` (hand number -> {move number: cut}), for a hand played
    outside a match (an arena's play of one deal)."""
    if cut is not None:
        marks.setdefault(state.context.hand_number, {})[len(history_strings(state)) + 1] = cut_data(cut)


def keep_cuts(match: Match, state: HandState) -> None:
    """Forget the cuts noted for moves of ``state``'s hand that it no longer holds (an undo)."""
    marks = _CUTS.get(match, {}).get(state.context.hand_number)
    if marks:
        moves = len(history_strings(state))
        for j in [j for j in marks if j > moves]:
            del marks[j]


def cuts_of(match: Match, hand_number: int) -> dict[int, dict]:
    """The cuts noted for a hand of ``match`` ({move number: cut}), empty if none."""
    return _CUTS.get(match, {}).get(hand_number, {})


def _cuts(raw: Any, hand_no: int, moves: int) -> dict[int, dict]:
    """A hand's ``cuts`` read and checked: {move number: {"done", "budget", "of"}}."""
    if not isinstance(raw, list):
        raise RecordError("'cuts' must be a list of the moves a search cut by the clock chose", hand_no)
    out: dict[int, dict] = {}
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"move", "done", "budget", "of"}:
            raise RecordError('a cut is written {"move": M, "done": N, "budget": B, "of": "worlds"}, '
                              f"not {json.dumps(item)[:80]}", hand_no)
        j, done, budget, unit = item["move"], item["done"], item["budget"], item["of"]
        if not _is_whole(j) or not 1 <= j <= moves:
            raise RecordError(f"a cut names move {j!r}, but the hand has moves 1 to {moves}", hand_no)
        if j in out:
            raise RecordError(f"move {j} is named twice in 'cuts'", hand_no)
        if not (_is_whole(done) and _is_whole(budget) and 0 <= done <= budget) or not isinstance(unit, str):
            raise RecordError(f"the cut of move {j} must give done and budget as whole numbers, "
                              "done at most budget, and what they count as text", hand_no, j)
        out[j] = {"done": done, "budget": budget, "of": unit}
    return out


def options_given(game: Game) -> dict:
    defaults = {o.name: o.default for o in game.options}
    return {k: v for k, v in game.option_values.items() if v != defaults.get(k)}


def game_of_record(record: dict) -> Game:
    """The configured game a record names: a built-in game by its id, or the variant whose file
    the record carries (``"variant"``: the file's text, so the record replays anywhere)."""
    source = record.get("variant")
    if source is not None:
        from .variants import load_variant
        cls = load_variant(source)
        if cls.id != record.get("game"):
            raise RecordError(f"'game' says {record.get('game')!r}, but the variant the record carries is {cls.id!r}")
        return cls(record.get("players"), record.get("options") or {})
    return make_game(record["game"], record.get("players"), record.get("options") or {})


def match_record(match: Match, seats: list[str] | None = None) -> dict:
    game = match.game
    hands = []
    scores = list(match.hands[0].context.scores) if match.hands and match.hands[0].context.scores \
        else [match.game.starting_score] * len(match.scores)
    for i, state in enumerate(match.hands):
        for team, p in enumerate(state.result.points):
            scores[team] += p
        hands.append(hand_record(state, state.context.hand_number, scores[:], full_context=i == 0 and match.resumed,
                                 cuts=cuts_of(match, state.context.hand_number),
                                 fair=fair_of(match, state.context.hand_number)))
    current = match.current
    if current is not None and current.history:
        hands.append(hand_record(current, current.context.hand_number, None,
                                 full_context=not match.hands and match.resumed,
                                 cuts=cuts_of(match, current.context.hand_number),
                                 fair=fair_of(match, current.context.hand_number)))
    variant = getattr(game, "variant_source", None)   # a variant file's game: the file goes with it
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        **({"variant": variant} if variant is not None else {}),
        "players": game.players,
        "options": options_given(game),
        "seed": match.seed,
        "seats": seats or [f"seat {s}" for s in range(game.players)],
        "hands": hands,
        "result": match.result.to_json() if match.result else None,
    }


def save_record(record: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def save_record_atomically(record: dict, path: str | Path) -> None:
    """Write ``record`` to ``path`` so that the file is always a whole record: written beside
    it first, then put in its place in one step (a closed terminal never leaves half a file)."""
    import errno
    import os
    import tempfile

    path = Path(path)
    if path.is_symlink() or (path.exists() and not path.is_file()):   # a link, a device, a pipe: never replaced
        raise OSError(errno.EEXIST, "it is not a regular file (a link, a device or a pipe)", str(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
        raise RecordError("record-unreadable", path=str(path), why=str(e.strerror or e)) from None
    except UnicodeDecodeError as e:
        raise RecordError("record-not-text", offset=e.start) from None
    return record_from_text(text)


def record_from_text(text: str) -> Any:
    """The JSON of a record's text; ``RecordError`` for text that is no JSON, or JSON no record
    holds: nested deeper than the interpreter reads, or a number too long to read as one."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("not-json", why=e.msg, line=e.lineno, column=e.colno) from None
    except RecursionError:
        raise RecordError("not a record: its JSON is nested too deeply to read") from None
    except ValueError:   # an integer of more digits than Python converts
        import sys
        raise RecordError(f"not a record: a number in it has more than {sys.get_int_max_str_digits()} digits") \
            from None


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


def _deal(game: Game, raw: Any, hand_no: int, context: HandContext | None = None) -> Deal:
    if not isinstance(raw, dict) or "hands" not in raw:
        raise RecordError("the deal must be an object with 'hands' (and 'stock' or 'aside')", hand_no)
    hands_raw = raw["hands"]
    if not isinstance(hands_raw, list) or len(hands_raw) != game.players:
        raise RecordError("deal-hands", hand_no, players=game.players)
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
    sizes = game.dealt_sizes(context)
    for s, h in enumerate(hands):
        if len(h) != sizes[s]:
            raise RecordError("deal-size", hand_no, seat=s, count=len(h), limit=sizes[s])
    if game.leftover == "stock" and aside:
        raise RecordError(f"{game.id} keeps undealt tiles as a stock, not aside", hand_no)
    if game.leftover == "aside" and stock:
        raise RecordError(f"{game.id} sets undealt tiles aside; it has no stock", hand_no)
    return Deal(hands, stock=stock, aside=aside)


def _start_recorded(match: Match, deal: Deal, context: HandContext, hand_no: int) -> HandState:
    """The hand a record's deal starts. A deal that holds every tile once may still be one the
    game's rules cannot start from (Mexican Train's engine dealt to a seat, or not first in
    the stock): the game refuses it with a ValueError, said here as the record's fault."""
    try:
        return match.start_hand(deal, context)
    except (GameError, ValueError) as e:
        raise RecordError(f"the deal cannot start a hand of {match.game.id}: {e}", hand_no) from None


def replay(record: Any, trace: list | None = None, visit: Callable | None = None) -> ReplayReport:
    """Verify a record move by move; raise ``RecordError`` at the first fault.

    With ``trace`` (a list), every hand is appended to it as it is verified: each
    position's seat to act and legal moves in notation, the move played there, and
    the hand's result and the scores after it (the shape of ``domine replay --json``).
    With ``visit``, ``visit(hand, move, state)`` is called on every position as it is
    reached: hand 1, 2, ... in the record's order, move 0 when the hand starts, then
    after each move (``domine render`` stops the replay there by raising).
    """
    if not isinstance(record, dict):
        raise RecordError("record-not-object", start=json.dumps(record)[:40])
    if record.get("format") != FORMAT:
        raise RecordError("not-a-domine-record", field=f'"format": "{FORMAT}"')
    check_header(record)
    try:
        game = game_of_record(record)
    except GameError as e:
        raise RecordError(e.reason or e.sentence) from None
    seats = record.get("seats")
    if seats is not None and len(seats) != game.players:
        raise RecordError(f"'seats' names {len(seats)} seats, but the record has {game.players} players")
    hands = record.get("hands")
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list")
    match, start = _taken_up(game, hands, record.get("seed") if isinstance(record.get("seed"), int) else 0)
    total_moves = 0
    for i, raw in enumerate(hands, start=1):
        if match.over:
            raise RecordError("the match was already over", i)
        if not isinstance(raw, dict):
            raise RecordError("a hand must be an object", i)
        context = match.context()
        if "context" in raw:
            given = context_from_json(raw["context"], i)
            if given.lot is not None:
                if not 0 <= given.lot < game.players:
                    raise RecordError(f"context: lot names seat {given.lot}, but there are {game.players}", i)
                context.lot = given.lot
        state = _start_recorded(match, _deal(game, raw.get("deal"), i, context), context, i)
        if visit is not None:
            visit(i, 0, state)
        moves = raw.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("'moves' must be a list", i)
        if "cuts" in raw:
            _cuts(raw["cuts"], i, len(moves))
        positions: list[dict] = []
        for j, text in enumerate(moves, start=1):
            if state.over:
                raise RecordError(f"the hand was already over ({state.result.reason})", i, j)
            seat, move_text = _split_move(text, i, j)
            acting = state.acting_seat()
            if trace is not None:
                positions.append({"to_act": acting, "legal": [state.move_str(m) for m in state.legal_moves()],
                                  "played": move_text})
            if seat != acting:
                raise RecordError("not-your-turn", i, j, seat=seat, turn=acting)
            try:
                state.replay_event(seat, state.parse_move(move_text))   # the one path of every rebuild
            except MoveError as e:
                raise RecordError(e.reason, i, j, quoting=move_text) from None
            total_moves += 1
            if visit is not None:
                visit(i, j, state)
        if trace is not None:
            if not state.over:
                positions.append({"to_act": state.acting_seat(),
                                  "legal": [state.move_str(m) for m in state.legal_moves()], "played": None})
            trace.append({"number": state.context.hand_number, "positions": positions,
                          "result": state.result.to_json() if state.over else None})
        last = i == len(hands)
        if not state.over:
            if last and record.get("result") is None:
                break   # an unfinished match: what was played is verified
            raise RecordError("moves-end-early", i)
        expected = raw.get("result")
        got = state.result.to_json()
        if isinstance(expected, dict):
            for key in ("reason", "points", "winners"):
                if key in expected and expected[key] != got[key]:
                    raise RecordError(f"the record says {key} {expected[key]}, the replay gives {got[key]}", i)
        match.finish_hand()
        if trace is not None:
            trace[-1]["scores"] = list(match.scores)
        if "scores" in raw and raw["scores"] != match.scores:
            raise RecordError(f"the record says scores {raw['scores']}, the replay gives {match.scores}", i)
    expected = record.get("result")
    if expected is not None and not isinstance(expected, dict):
        raise RecordError(f"'result' must be the match's result object (or null), not {expected!r}")
    if expected is None and match.result is not None and "result" in record:
        raise RecordError("the record says the match is unfinished, but the replay ends it")
    if expected is not None:
        if match.result is None:
            raise RecordError("the record says the match is over, but the replay has not ended it")
        got = match.result.to_json()
        for key in ("winners", "scores"):
            if key in expected and expected[key] != got[key]:
                raise RecordError(f"the record's match result says {key} {expected[key]}, the replay gives {got[key]}")
    return ReplayReport(game.id, game.players, match.hands_played - (start.hand_number - 1 if start else 0),
                        total_moves, match.scores, match.result.to_json() if match.result else None,
                        match.result is not None)


def _is_whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def seat_known(name: str) -> bool:
    """Whether a record's seat name is one domine writes: human, 'seat N' or a bot (with its settings)."""
    from .bots import BotError, make_bot
    text = name.strip().lower()
    if text in ("human", "you") or (text.startswith("seat ") and text[5:].isdigit()):
        return True
    try:
        make_bot(text, 0)
    except BotError:
        return False
    return True


def check_header(record: dict) -> None:
    """The fields around the hands: each wrong one named with the reason (``RecordError``)."""
    version = record.get("version")
    if not _is_whole(version):
        raise RecordError("record-version-not-number", version=VERSION, value=version)
    if version != VERSION:
        raise RecordError("record-version", value=version, version=VERSION)
    game = record.get("game")
    if not isinstance(game, str) or not game.strip():
        raise RecordError("record-game-not-text", value=game)
    players = record.get("players")
    if not _is_whole(players) or players < 1:
        raise RecordError("record-players", value=players)
    if "options" in record and record["options"] is not None and not isinstance(record["options"], dict):
        raise RecordError(f"'options' must be an object of option names and values, not {record['options']!r}")
    variant = record.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise RecordError(f"'variant' must be a variant file's text, not {str(variant)[:40]!r}")
    seed = record.get("seed")
    if seed is not None and not _is_whole(seed):
        raise RecordError(f"'seed' must be a whole number (or null), not {seed!r}")
    seats = record.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
            raise RecordError(f"'seats' must be a list of seat names, not {seats!r}")
        unknown = [x for x in seats if not seat_known(x)]
        if unknown:
            raise RecordError(f"'seats' names unknown seat {unknown[0]!r} (seats: human, a bot, or 'seat N')")


def _split_move(text: Any, hand: int, move: int) -> tuple[int, str]:
    if not isinstance(text, str) or ":" not in text:
        raise RecordError(f"a move is written 'SEAT: MOVE', not {text!r}", hand, move)
    seat_text, move_text = text.split(":", 1)
    try:
        return int(seat_text.strip()), move_text.strip()
    except ValueError:
        raise RecordError(f"a move is written 'SEAT: MOVE', not {text!r}", hand, move) from None


def seat_view(record: dict, seat: int) -> dict:
    """The record as ``seat`` saw it: other hands, the stock, others' drawn and discarded
    tiles and the tiles others closed ends with hidden (unless the game shows them to all)
    and others' declines left out."""
    view = json.loads(json.dumps(record))
    view["seed"] = None   # the seed would deal the hidden hands again
    try:
        game = game_of_record({**record, "game": str(record.get("game"))})
        visibility, blind = game.visibility, game.keeps_rows   # rows: a seat does not see its own deal
    except (GameError, RecordError):
        visibility, blind = visibility_of(), False
    by_word = {KINDS[k].name: v for k, v in visibility.items()}   # a move's first word names its kind
    for h in view.get("hands", []):
        deal = h.get("deal", {})
        deal["hands"] = [tiles if s == seat and not blind else ["?"] * len(tiles)
                         for s, tiles in enumerate(deal.get("hands", []))]
        deal["stock"] = ["?"] * len(deal.get("stock", []))
        if "aside" in deal:
            deal["aside"] = ["?"] * len(deal["aside"])
        moves = []
        for m in h.get("moves", []):
            s, _, rest = m.partition(":")
            words = rest.split()
            if s.strip() != str(seat) and words:
                seen = by_word.get(words[0], PUBLIC)   # (the one rule of domine.engine.events)
                if seen == PRIVATE:
                    continue   # a decline: silent at the table
                if seen == TILE_HIDDEN:   # the event without its tile: a closing keeps its end
                    m = f"{s.strip()}: {' '.join(w for w in words if not _is_tile(w))}"
            moves.append(m)
        h["moves"] = moves
    return view


def _is_tile(word: str) -> bool:
    try:
        parse_tile(word, 12)
    except TileError:
        return False
    return True


def resume_match(record: Any) -> Match:
    """The match a record holds, ready to go on: verified first (``RecordError`` at a fault),
    then played again hand by hand. Each hand is dealt from the record's seed as the match
    dealt it (so later hands come from the same seed); a hand whose recorded deal differs
    (no seed, or a record from elsewhere) is taken as recorded. An unfinished last hand is
    left as ``match.current``, at its last recorded move."""
    report = replay(record)
    if report.complete:
        raise RecordError("the match in this record is over: there is nothing to resume")
    game, hands, match = _match_of(record, None)
    for i, raw in enumerate(hands, start=1):
        context = _next_context(match, raw, i)
        recorded = _deal(game, raw.get("deal"), i)
        state = match.start_hand(None, context)
        if [list(h) for h in state.deal.hands] != recorded.hands or list(state.deal.stock) != recorded.stock:
            state = match.start_hand(recorded, context)
        for text in raw.get("moves", []):
            seat, move_text = _split_move(text, i, 0)
            state.replay_event(seat, state.parse_move(move_text))
        if raw.get("cuts"):   # the moves searches cut by the clock chose stay marked as such
            _CUTS.setdefault(match, {})[state.context.hand_number] = _cuts(raw["cuts"], i, len(raw["moves"]))
        if state.over:
            match.finish_hand()
    return match




def _next_context(match, raw: dict, number: int):
    """The context the match deals hand ``number`` with, keeping the lot the record drew."""
    context = match.context()
    if "context" in raw:
        given = context_from_json(raw["context"], number)
        if given.lot is not None:
            context.lot = given.lot
    return context

def _match_of(record: Any, default_seed: int | None):
    """A verified record's game, its hands and a new ``Match`` that starts where the record's
    first hand does (a record may begin mid-match), seeded by the record's seed."""
    game = game_of_record(record)
    hands = record["hands"]
    seed = record.get("seed")
    match, _ = _taken_up(game, hands, seed if isinstance(seed, int) else default_seed)
    return game, hands, match

@dataclass
class StrictReport:
    """What ``domine replay --strict`` found: the first hand or move that differs (None: none),
    and, in words, every move the record marks as chosen by a search the clock cut."""

    difference: str | None = None
    cuts: list[str] = field(default_factory=list)


def strict_check(record: Any) -> StrictReport:
    """``domine replay --strict``: deal every hand again from the record's seed and let the
    bots named in ``seats`` choose again, seeded as the command that wrote it seeded them
    (``bots.seeds`` in the record, else ``domine play``'s seed·1000 + seat; ``bots.asks_forced``
    false: bots were not asked when a single move was legal), each with its whole budget of
    work and no time limit. The first hand dealt otherwise, or the first move a bot would not
    make, is the difference; a move the record marks as chosen by a search the clock cut
    (``hands[].cuts``) is explained instead, whether or not the whole budget chooses it too.
    The record is verified first (``RecordError``)."""
    from .bots import BotError, make_bot, with_think

    replay(record)
    report = StrictReport()
    game, hands, match = _match_of(record, 0)
    seed = record.get("seed")
    seats = [str(x) for x in record.get("seats") or []]
    info = record.get("bots") if isinstance(record.get("bots"), dict) else {}
    seeds = info.get("seeds") if isinstance(info.get("seeds"), list) else None
    asks_forced = info.get("asks_forced", True) is not False
    bots: dict[int, Any] = {}
    for s, name in enumerate(seats):
        try:
            bot_seed = seeds[s] if seeds and s < len(seeds) else (seed if isinstance(seed, int) else 0) * 1000 + s
            bots[s] = make_bot(with_think(name, 0), bot_seed)   # the whole budget, the clock never read
        except BotError:
            pass   # a human, or a seat without a bot: its moves are taken as recorded
    for i, raw in enumerate(hands, start=1):
        context = _next_context(match, raw, i)
        recorded = _deal(game, raw.get("deal"), i)
        cuts = _cuts(raw["cuts"], i, len(raw.get("moves", []))) if "cuts" in raw else {}
        if isinstance(seed, int):
            state = match.start_hand(None, context)
            if [list(h) for h in state.deal.hands] != recorded.hands or list(state.deal.stock) != recorded.stock \
                    or list(state.deal.aside) != recorded.aside:
                report.difference = f"hand {i}: seed {seed} deals another hand than the one recorded"
                return report
        else:
            state = match.start_hand(recorded, context)
        for j, text in enumerate(raw.get("moves", []), start=1):
            seat, move_text = _split_move(text, i, j)
            move = state.parse_move(move_text)
            bot = bots.get(seat)
            legal = state.legal_moves()
            if bot is not None and (asks_forced or len(legal) > 1):
                chosen = bot.choose(state.observation(seat))
                same = chosen == move or (not chosen & ~0xFFFF and not move & ~0xFFFF
                                          and chosen & ~(31 << 7) == move & ~(31 << 7)
                                          and state.layout.equivalent(end_of(chosen), end_of(move)))
                who = f"hand {i}, move {j}: seat {seat} ({seats[seat]})"
                if j in cuts:
                    cut = cuts[j]
                    searched = f"a search cut by the clock at {cut['done']} of {cut['budget']} {cut['of']}"
                    report.cuts.append(f"{who} chose {move_text} by {searched}; replaying it with the full budget "
                                       + ("chose the same move" if same else f"chose {state.move_str(chosen)}"))
                elif not same:
                    report.difference = f"{who} plays {state.move_str(chosen)} here, the record has {move_text}"
                    return report
            state.replay_event(seat, move)
        if state.over:
            match.finish_hand()
    return report


def strict_difference(record: Any) -> str | None:
    """The first hand or move that differs when the record is played again (``strict_check``);
    None if all agree (moves chosen by a search the clock cut are not differences)."""
    return strict_check(record).difference


__all__ = ["RecordError", "ReplayReport", "game_of_record", "match_record", "replay", "load_record", "save_record",
           "seat_view", "tiles_of", "resume_match", "strict_difference", "check_header", "save_record_atomically",
           "strict_check", "StrictReport", "note_cut", "keep_cuts", "cut_marks", "mark_cut"]
