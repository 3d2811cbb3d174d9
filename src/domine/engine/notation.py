"""Move notation: what people type and records hold, for every kind of move.

``6-6`` (a lead, or a tile with only one place to go), ``5-3 R``, ``6-1 L 6``
(the pip left open, where the player chooses it), ``5-3 R left`` (a place named in two
words: a grid's end and turn; a layout's ``end_alias`` may read other spellings, such as
``5-3 R S``), ``2-4 L !`` (with an
announcement), ``5-3 L + 6-2 R`` (a pair), ``draw``, ``pass``, ``stop``,
``discard 5-3``, ``decline``. In a full record a draw names its tile
(``draw 3-4``). Forced events read ``skip`` and ``turn up 2-5``.

Parsing reads text against the legal moves of a position and raises one of
three errors: ``MalformedMove`` (not a move at all), ``IllegalMove`` (a move,
not allowed here, with the reason) or ``AmbiguousMove`` (more than one fits).
A later kind adds its words with ``register_notation``. Every error carries its reason as
data (``domine.engine.reasons``); ``why_illegal`` gives the reason a move is refused.
"""

from __future__ import annotations

from typing import Callable

from .layout import ALL_ENDS, LEAD_END
from .moves import (
    ANNOUNCE, CLOSE, DECLINE, END, HIDDEN, DISCARD, DRAW, KIND_MASK, KINDS, OUT_OF_TURN, PAIR, PASS, SCORE,
    SECOND_SHIFT, SKIP, STOP, TURN_UP, AmbiguousMove, IllegalMove, MalformedMove, close_reason, end_reason, is_place,
    points_of, tile_of,
)
from .reasons import Reason, because
from .tiles import BIT, TileError, parse_tile, tile_str, tiles_of


#: kind code -> (words that name it, parser(state, words, legal) -> move)
_PARSERS: dict[str, Callable[["HandState", list[str], list[int]], int]] = {}


def register_notation(words: tuple[str, ...], parser: Callable[["HandState", list[str], list[int]], int]) -> None:
    """Let ``parse_move`` read moves starting with any of ``words`` (lower case)."""
    for w in words:
        _PARSERS[w] = parser


#: kind code -> formatter(state, move) -> text, and explainer(state, move, label) -> Reason,
#: for kinds a later module registers (``domine.parts.stakes``: bids, buying back, transfers)
_FORMATS: dict[int, Callable] = {}
_EXPLAIN: dict[int, Callable] = {}


def register_format(code: int, fmt: Callable, explain: Callable | None = None) -> None:
    """Let ``move_str`` write moves of kind ``code`` with ``fmt``; ``explain`` says why one is illegal."""
    _FORMATS[code] = fmt
    if explain is not None:
        _EXPLAIN[code] = explain


def end_names(state: "HandState") -> tuple[str, ...]:
    lay = state.layout
    return lay.end_names() or lay.NAMES


def _placement_str(state: "HandState", move: int) -> str:
    t = move & 127
    end = (move >> 7) & 31
    text = tile_str(t)
    if end != LEAD_END:
        names = end_names(state)
        text += " " + (names[end] if end < len(names) else str(end))
        if state.game.matching.chooses_open[t]:
            text += f" {(move >> 12) & 15}"
    return text


def move_str(state: "HandState", move: int) -> str:
    """Format a move or event. A draw or discard carries its tile only where the event names it."""
    k = move & KIND_MASK
    if k == 0:
        text = _placement_str(state, move)
        return text + " !" if move & ANNOUNCE else text
    if k == PAIR:
        first, second = move & 0xFFFF, (move >> SECOND_SHIFT) & 0xFFFF
        return f"{_placement_str(state, first)} + {_placement_str(state, second)}"
    if k == CLOSE:
        names = end_names(state)
        end = (move >> 7) & 31
        text = f"close {names[end] if end < len(names) else end}"
        text = text if move & HIDDEN or move & 127 == 127 else f"{text} {tile_str(move & 127)}"   # 127: no tile
        reason = close_reason(move)   # a closing by the rules says why
        return f"{text} ({reason})" if reason else text
    if k in _FORMATS:
        return _FORMATS[k](state, move)
    if k == SCORE:
        return f"scores {points_of(move):+d}"
    if k == END:
        return f"end ({end_reason(move)})"
    if move & HIDDEN:
        return KINDS[k].name       # another seat's draw or discard, its tile unseen
    if k == DRAW:
        return "draw" if move == DRAW else f"draw {tile_str(move & 127)}"
    if k == DISCARD:
        return f"discard {tile_str(move & 127)}"
    if k == TURN_UP:
        return f"turn up {tile_str(move & 127)}"
    return KINDS[k].name


def event_str(state: "HandState", move: int, full: bool) -> str:
    """An event as a record or a seat's view writes it: ``full`` names hidden tiles."""
    k = move & KIND_MASK
    if k in (DRAW, DISCARD) and not full:
        return KINDS[k].name
    if k == CLOSE and not full:
        return move_str(state, move | HIDDEN)
    if k == DRAW:
        return f"draw {tile_str(move & 127)}"
    return move_str(state, move)


def _tile(word: str, state: "HandState") -> int:
    try:
        return parse_tile(word, state.game.max_pip)
    except TileError as e:
        raise MalformedMove(e.reason) from None


def _parse_draw(state, words, legal):
    if DRAW not in legal:
        raise IllegalMove(why_illegal(state, DRAW))
    if len(words) > 1:
        t = _tile(words[1], state)
        if state.drawable > 0 and state.stock[state.stock_pos] != t:
            raise IllegalMove("not-next-stock-tile", tile=tile_str(state.stock[state.stock_pos]), named=words[1])
    return DRAW


def _parse_pass(state, words, legal):
    if PASS in legal:
        return PASS
    if DECLINE in legal:
        return DECLINE   # records written before declines had a word of their own
    for m in legal:
        if m & KIND_MASK in _FORMATS and move_str(state, m) == "pass":
            return m     # a pass of another kind (an auction's)
    raise IllegalMove(why_illegal(state, PASS))


def _parse_word(code: int):
    def parse(state, words, legal):
        if code not in legal:
            raise IllegalMove(why_illegal(state, code))
        return code
    return parse


def _parse_discard(state, words, legal):
    if len(words) != 2:
        raise MalformedMove("discard-names-tile")
    move = DISCARD | _tile(words[1], state)
    if move not in legal:
        raise IllegalMove(why_illegal(state, move, text=" ".join(words)))
    return move


def _parse_close(state, words, legal):
    names = end_names(state)
    if len(words) == 3 and words[1].upper() not in names and words[2].upper() in names:
        words = [words[0], words[2], words[1]]   # the tile first: close 5-5 L
    if len(words) != 3 or words[1].upper() not in names:
        raise MalformedMove("closing-names-end-and-tile", end=names[0])
    end = names.index(words[1].upper())
    move = CLOSE | _tile(words[2], state) | (end << 7)
    if move not in legal:
        raise IllegalMove(why_illegal(state, move, text=" ".join(words)))
    return move


register_notation(("close",), _parse_close)
register_notation(("draw", "d", "buy"), _parse_draw)
register_notation(("pass", "p"), _parse_pass)
register_notation(("stop", "s"), _parse_word(STOP))
register_notation(("decline",), _parse_word(DECLINE))
register_notation(("discard",), _parse_discard)


#: the most digits a number in a move has (a bid of a billion tokens is still read)
MAX_DIGITS = 9


def _numbers_readable(words: list[str]) -> None:
    """Pips and numbers are written with the digits 0-9: a digit of another script (``²``,
    ``①``, ``٣``: AltGr+2 types ``²`` on many keyboards) is refused, never read as a pip; so
    is a run of more digits than any number in a move has (a paste), for every kind's parser."""
    for w in words:
        if any(c.isnumeric() and not c.isascii() for c in w):
            raise MalformedMove("not-ascii-digit", word=w)
        run = 0
        for c in w:
            run = run + 1 if "0" <= c <= "9" else 0
            if run > MAX_DIGITS:
                raise MalformedMove("number-too-long", word=w if len(w) <= 20 else w[:20] + "…", limit=MAX_DIGITS)


def _number(word: str) -> int | None:
    """A whole number written in ASCII digits, as a pip or a count; None for anything else
    (too long to be one: a pasted run of digits is no number a move holds)."""
    if word.isascii() and word.isdigit() and len(word.lstrip("0")) <= 4:
        return int(word)
    return None


def parse_move(state: "HandState", text: str) -> int:
    """Read a move typed by a person (or held in a record) against the legal moves here."""
    raw = text.strip()
    words = raw.replace(",", " ").split()
    if not words:
        raise MalformedMove("empty-move")
    _numbers_readable(words)
    legal = state.legal_moves()
    parser = _PARSERS.get(words[0].lower())
    if parser is not None:
        return parser(state, words, legal)
    if "+" in words:
        return _parse_pair(state, raw, legal)
    return _parse_placement(state, raw, words, legal)


def _read_placement(state: "HandState", raw: str, words: list[str]) -> tuple[int, str | None, int | None, bool]:
    t = _tile(words[0], state)
    end_name = None
    open_pip = None
    announce = False
    names = end_names(state)
    rest = words[1:]
    while rest:
        w = rest.pop(0)
        two = _end_name(state, names, f"{w} {rest[0]}") if rest else None
        if two is not None:   # a place named in two words (a grid's 'R left')
            if end_name is not None:
                raise MalformedMove("two-ends", text=raw)
            end_name = two
            rest.pop(0)
        elif w == "!":
            announce = True
        elif _number(w) is not None:
            if open_pip is not None:
                raise MalformedMove("two-open-pips", text=raw)
            open_pip = _number(w)
        elif w.upper() in names:
            if end_name is not None:
                raise MalformedMove("two-ends", text=raw)   # '4-0 L R': which one was meant?
            end_name = w.upper()
        else:
            raise MalformedMove("unreadable-word", word=w, text=raw, ends=list(names))
    if end_name is not None and state.layout.lead < 0:
        raise MalformedMove("lead-names-no-end")
    return t, end_name, open_pip, announce


def _end_name(state: "HandState", names: tuple[str, ...], text: str) -> str | None:
    """The end (place) a two-word text names, as the layout spells it: one of ``names`` read
    without regard to case, or what the layout's ``end_alias`` makes of it (a grid: 'R S')."""
    upper = text.upper()
    for name in names:
        if name.upper() == upper:
            return name
    alias = getattr(state.layout, "end_alias", None)
    return alias(upper) if alias is not None else None


def _placement_matches(state: "HandState", m: int, t: int, end_name: str | None, open_pip: int | None) -> bool:
    if (m & 127) != t:
        return False
    end = (m >> 7) & 31
    names = end_names(state)
    if end_name is not None and end != LEAD_END:
        ok = names[end] == end_name
        if not ok:
            # a merged place: any end showing an equivalent value names it
            idx = names.index(end_name) if end_name in names else -1
            ok = 0 <= idx < len(state.layout.values) and state.layout.equivalent(idx, end)
        if not ok:
            return False
    return not (open_pip is not None and (m >> 12) & 15 != open_pip and end != LEAD_END)


def _parse_placement(state, raw, words, legal):
    t, end_name, open_pip, announce = _read_placement(state, raw, words)
    candidates = [m for m in legal if is_place(m) and _placement_matches(state, m, t, end_name, open_pip)
                  and bool(m & ANNOUNCE) == announce]
    if len(candidates) == 1:
        return _as_named(state, candidates[0], end_name)
    if not candidates:
        names = end_names(state)
        guess = t | ((names.index(end_name) if end_name in names else 0) << 7)
        if open_pip is not None:
            guess |= open_pip << 12
        if announce:
            guess |= ANNOUNCE
        raise IllegalMove(why_illegal(state, guess, text=raw))
    raise AmbiguousMove("ambiguous", text=raw, moves=[move_str(state, m) for m in candidates])


def _as_named(state: "HandState", move: int, end_name: str | None) -> int:
    """``move`` on the end the player named, where that end is the same place (general 23a)."""
    names = end_names(state)
    if end_name is None or move & KIND_MASK or (move >> 7) & 31 == LEAD_END or end_name not in names:
        return move
    named = names.index(end_name)
    if named == (move >> 7) & 31 or named >= len(state.layout.values):
        return move
    return (move & ~(31 << 7)) | (named << 7)


def _parse_pair(state, raw, legal):
    parts = [p.split() for p in raw.replace(",", " ").split("+")]
    if len(parts) != 2 or not all(parts):
        raise MalformedMove("pair-written", text=raw)
    a = _read_placement(state, raw, parts[0])
    b = _read_placement(state, raw, parts[1])
    candidates = []
    for m in legal:
        if m & KIND_MASK != PAIR:
            continue
        first, second = m & 0xFFFF, (m >> SECOND_SHIFT) & 0xFFFF
        for x, y in ((first, second), (second, first)):
            if _placement_matches(state, x, a[0], a[1], a[2]) and _placement_matches(state, y, b[0], b[1], b[2]):
                candidates.append(m)
                break
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        pairs = [move_str(state, m) for m in legal if m & KIND_MASK == PAIR]
        if not pairs:
            raise IllegalMove("no-pair-now", text=raw)
        raise IllegalMove("pair-not-listed", text=raw, pairs=pairs)
    raise AmbiguousMove("ambiguous", text=raw, moves=[move_str(state, m) for m in candidates])


def equivalent(state: "HandState", a: int, b: int) -> bool:
    """Whether end a is the same place as end b (general rule 23a): the layout says."""
    return state.layout.equivalent(a, b)


def well_formed(state: "HandState", move: object) -> bool:
    """Whether ``move`` is a move int of some kind a seat can make, on tiles of this set."""
    if not isinstance(move, int) or isinstance(move, bool) or move < 0:
        return False
    size = state.game.set_mask.bit_length()
    k = move & KIND_MASK
    if k == 0:
        return (move & 127) < size
    if k == PAIR:
        halves = (move & 0xFFFF, (move >> SECOND_SHIFT) & 0xFFFF)
        markers = ANNOUNCE | OUT_OF_TURN | HIDDEN   # bits 16-18; the kind's own bits start at 19
        return move >> (SECOND_SHIFT + 16) == 0 and not move & markers and all((h & 127) < size for h in halves)
    if k == DISCARD:
        return move & ~(KIND_MASK | 127) == 0 and (move & 127) < size
    if k == CLOSE:
        return move & ~(KIND_MASK | 127 | (31 << 7)) == 0 and (move & 127) < size
    if k in _FORMATS:
        return not KINDS[k].forced
    return k in KINDS and not KINDS[k].forced and move == k


def explain_illegal(state: "HandState", move: int, text: str | None = None) -> str:
    """Why ``move`` may not be made here, in words a player understands (``why_illegal``'s sentence)."""
    return why_illegal(state, move, text).text


def why_illegal(state: "HandState", move: int, text: str | None = None) -> Reason:
    """Why ``move`` may not be made here, as a reason (``domine.engine.reasons``); ``text``,
    the move as the player typed it, is how the reason names the move."""
    why = getattr(state.phase, "why_illegal", None)   # a phase that explains itself (domine.parts.rows)
    if why is not None:
        return why(state, move, text)
    if not well_formed(state, move):
        return because("not-a-move", move=repr(move))
    k = move & KIND_MASK
    if state.over:
        return because("hand-over")
    try:
        label = text or move_str(state, move)
    except (IndexError, KeyError, ValueError, AttributeError):   # a kind of another family's game
        return because("not-a-move", move=repr(move))
    seat = state.acting_seat()
    legal = state.legal_moves()
    if k in _EXPLAIN:
        return _EXPLAIN[k](state, move, label)
    if k == DRAW:
        if state.drawable <= 0:
            return because("draw-exhausted")
        if state.restrict:
            return because("drawn-tile-fits", tile=tile_str(state.restrict.bit_length() - 1))
        if state.drawn >= state.draw_limit:
            return because("draw-limit", limit=state.draw_limit)
        return because("draw-while-tile-fits")
    if k == PASS:
        return because("must-draw" if DRAW in legal else
                       "must-discard" if any(m & KIND_MASK == DISCARD for m in legal) else "pass-while-tile-fits")
    if k == STOP:
        return because("stop-not-now")
    if k == DECLINE:
        return because("no-offer")
    if k == DISCARD:
        if not BIT[move & 127] & state.hands[seat]:
            return because("not-your-tile", tile=tile_str(move & 127))
        return because("discard-while-tile-fits")
    if k == PAIR:
        return because("pair-not-legal", move=label)
    if k == CLOSE:
        if not BIT[move & 127] & state.hands[seat]:
            return because("not-your-tile", tile=tile_str(move & 127))
        if not any(m & KIND_MASK == CLOSE for m in legal):
            return because("no-closing-now")
        return because("closing-not-allowed", move=label)
    if k != 0:
        return because("not-a-move", move=label)   # a kind another family registered (a peek, a bid)
    t = tile_of(move)
    tile = tile_str(t)
    if not BIT[t] & state.hands[seat]:
        return because("not-your-tile", tile=tile)
    if state.layout.lead < 0:
        if state.phase.kinds == (DRAW,):
            return because("must-draw-to-lead")
        allowed = [tile_str(x) for x in tiles_of(state.hands[seat] & state.lead_mask)]
        return because("lead-not-allowed", tile=tile, allowed=allowed)
    if state.restrict and not BIT[t] & state.restrict:
        return because("must-place-drawn", tile=tile_str(state.restrict.bit_length() - 1))
    if BIT[t] & state.locked[seat]:
        return because("locked-last-tile", tile=tile)
    if state.offers:
        return because("offer-pending")
    if state.turn.pairs and any(m & KIND_MASK == PAIR for m in legal):
        return because("must-play-pair")
    if state.turn.pairs and state.hands[seat].bit_count() > 1:
        return because("single-only-last-tile")
    lay = state.layout
    if not BIT[t] & lay.playable and lay.usable != ALL_ENDS and BIT[t] & lay.reachable():
        # places per seat: it fits an end this seat may not use now (slosh, trains)
        names = lay.end_names()
        return because("fits-no-usable-end", tile=tile, ends=[[names[i], lay.values[i]] for i in lay.open_indices()])
    if not BIT[t] & lay.playable:
        if lay.in_opening() and BIT[t] & lay.reachable():
            return lay.opening_rule()   # it matches an arm that may not grow yet
        return because("fits-no-open-end", tile=tile, ends=[[n, v] for n, v in lay.open_ends()])
    if lay.in_opening():
        return lay.opening_rule()
    same_tile = [m for m in legal if is_place(m) and (m & 127) == t]
    if same_tile:
        return because("placement-elsewhere", move=label, tile=tile, moves=[move_str(state, m) for m in same_tile])
    return because("not-legal-here", move=label)


__all__ = ["move_str", "event_str", "parse_move", "explain_illegal", "why_illegal", "register_notation",
           "register_format", "equivalent", "SKIP"]
