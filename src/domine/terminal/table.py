"""Rendering helpers for the terminal: tiles, layouts, scores and hand results as Rich text.

Everything a player is shown during a decision comes from an ``Observation``,
so the screen never shows more than the seat may know. Every word is in the active language
(``domine.i18n``); tiles and moves stay in the one notation every language shares. The core
words a few things itself in English (a grid's ends, a game's status, a match's goal, a row):
those are worded again here from the same data, the English text kept as the core gives it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..games.base import Game
from ..engine.hand import HandState
from ..engine.observation import Observation
from ..engine.moves import (
    ANNOUNCE, CLOSE, DECLINE, DISCARD, DRAW, HIDDEN, NO_TILE, PASS, SKIP, STOP, TURN_UP, close_reason, end_of,
    is_hidden, kind, placements_of, tile_of,
)
from ..engine.geometry import fold, wild_tiles
from ..engine.tiles import BIT, tile_str, tiles_of
from ..i18n import _, current, join, ngettext, number, pgettext
from ..i18n.moves import say
from ..render import end_text

PICTURE_WIDTH = 80   # the play screen's table fits this many columns
CALL_WORDS = "one tile"   # the last-tile call (Ordinary Dominoes' Jedan Kamen), as the table says it


def call_words() -> str:
    """The last-tile call in the active language (``CALL_WORDS`` in English)."""
    # TRANSLATORS: the words a player calls when he lays his next-to-last tile (Ordinary
    # Dominoes' "Jedan Kamen"); shown quoted: seat 1: 5-3 L and calls 'one tile'
    return pgettext("last-tile call", "one tile")


def _reason_words() -> dict[str, str]:
    """Why a hand's play ended (``END_REASONS``), in the active language."""
    return {
        "domino": pgettext("hand end", "went out (domino)"),
        "blocked": pgettext("hand end", "blocked: nobody can play"),
        "dead": pgettext("hand end", "dead layout: no tile can ever fit an open end"),
        "target": pgettext("hand end", "the target was reached during the hand"),
        "pass": pgettext("hand end", "the first pass loses"),
        "150": pgettext("hand end", "the layout's total reached 150"),
        "played out": pgettext("hand end", "every tile has left the hands"),
        "closed": pgettext("hand end", "every arm is closed"),
        "stalemate": pgettext("hand end", "stalemate"),
    }


class _Reasons(Mapping):
    """Why a hand ended, by ``END_REASONS`` code, worded in the language active when it is read."""

    def __getitem__(self, reason: str) -> str:
        return _reason_words()[reason]

    def __iter__(self):
        return iter(_reason_words())

    def __len__(self) -> int:
        return len(_reason_words())


REASONS: Mapping[str, str] = _Reasons()


def ends_text(ends: Sequence[tuple], show_doubles: bool = False) -> str:
    """'L 6 · R 4'; with ``show_doubles`` an end whose outer tile is a double says so."""
    parts = []
    for name, value, _length, double, closed in ends:
        if closed:
            # TRANSLATORS: an end of the layout (L, R, N ...) closed: no tile goes there any more
            parts.append(_("{end} closed").format(end=name))
        elif show_doubles and double:
            # TRANSLATORS: an end and the number it shows, its outer tile a double: L 6 (double)
            parts.append(_("{end} {value} (double)").format(end=name, value=value))
        else:
            parts.append(f"{name} {value}")
    return " · ".join(parts)


# -- the table as a picture ----------------------------------------------------------------
# Drawn from ``Layout.geometry()``: a tile along a row is ``[4|2]`` (one line), a tile along a
# column, or a double lying across a row, is a three-line box (``┌4┐ ├─┤ └2┘``); the last tile
# placed is ``{4|2}`` or a double-lined box (and reverse video), a face-down tile is shaded
# (``▒``). Each open end is labelled with its name and the number it needs: ``E:6``; ``(E:6)``
# while it takes nothing yet (a phase, another seat's arm), ``E:6 dead`` when no tile left can
# match it, ``E closed`` when a face-down tile closed it. An arm too long for the picture stops
# at ``E…`` and goes on in a row of its own below, ``E… [6|2][2|5] E:5``; a picture that is a
# single row (a line) folds into rows instead, ``…`` ending a row that goes on.

LAST_STYLE, FACE_DOWN_STYLE, CUT_STYLE = "bold reverse", "dim", "yellow"
SHADE, REGION_STYLE = "░", "green"   # an enclosed empty cell (a grid's ring)
END_STYLES = {"open": "bold cyan", "waiting": "dim", "dead": "red", "closed": "red"}
EMPTY_TABLE = "(empty table: the next tile placed is the lead)"


def empty_table() -> str:
    """``EMPTY_TABLE`` in the active language."""
    return _("(empty table: the next tile placed is the lead)")


def end_label(end) -> tuple[str, str]:
    """The label of an ``OpenEnd`` and its style: 'E:6', '(E:6)', 'E:6 dead', 'E closed'."""
    return end_text(end), END_STYLES[end.state]


def _block(p, pw: int) -> list[str]:
    """The text of one piece: one line along a row, three lines across it."""
    def pip(v: int) -> str:
        return "▒" * pw if p.face_down else str(v).rjust(pw)
    if p.w >= p.h:
        left, right = ("{", "}") if p.last else ("[", "]")
        if p.face_down:
            return [left + "▒" * (2 * pw + 1) + right]
        return [f"{left}{pip(p.first)}{'*' if p.wild else '|'}{pip(p.second)}{right}"]   # *: a matador
    top, mid, bottom, side, bar = ("╔╗", "╠╣", "╚╝", "║", "═") if p.last else ("┌┐", "├┤", "└┘", "│", "─")
    if p.wild:
        bar = "*"
    if p.face_down:
        return [top[0] + pip(0) + top[1], side + pip(0) + side, bottom[0] + pip(0) + bottom[1]]
    return [top[0] + pip(p.first) + top[1], mid[0] + bar * pw + mid[1], bottom[0] + pip(p.second) + bottom[1]]


def _positions(spans: list[tuple[float, float, int]]) -> tuple[list[float], list[int]]:
    """Text positions (columns or lines) of the cell coordinates that ``spans`` (a, b, size) use,
    so that every span gets at least its size and a narrow piece's size sets the bands it covers:
    narrow spans first, each sharing what it still lacks among its bands not yet set, in
    proportion to their length (a double across a row gets its extra line above and below the
    row; a tile under a crosswise double sits in its middle). Bands only ever grow, so no two
    pieces overlap."""
    coords = sorted({c for a, b, _ in spans for c in (a, b)})
    index = {c: i for i, c in enumerate(coords)}
    size: list[int | None] = [None] * max(len(coords) - 1, 0)
    for a, b, need in sorted(spans, key=lambda s: (s[1] - s[0], s[0], s[1])):
        bands = range(index[a], index[b])
        free = [k for k in bands if size[k] is None]
        lack = need - sum(size[k] for k in bands if size[k] is not None)
        if not free:
            if lack > 0 and bands:
                widest = max(bands, key=lambda k: coords[k + 1] - coords[k])
                size[widest] += lack
            continue
        lack = max(lack, 0)
        lengths = [coords[k + 1] - coords[k] for k in free]
        total = sum(lengths)
        shares = [lack * x / total for x in lengths]
        got = [int(s) for s in shares]
        by_rest = sorted(range(len(free)), key=lambda q: -(shares[q] - got[q]))
        for q in by_rest[: lack - sum(got)]:
            got[q] += 1
        for k, g in zip(free, got):
            size[k] = g
    out, at = [], 0
    for i in range(len(coords)):
        out.append(at)
        if i < len(size):
            at += size[i] or 0
    return coords, out


def _at(coords: list[float], pos: list[int], c: float) -> float:
    """The text position of cell coordinate ``c``, between the known ones."""
    from bisect import bisect_left
    i = bisect_left(coords, c)
    if i < len(coords) and coords[i] == c:
        return float(pos[i])
    if i == 0:
        return float(pos[0])
    if i == len(coords):
        return float(pos[-1])
    a, b = coords[i - 1], coords[i]
    return pos[i - 1] + (pos[i] - pos[i - 1]) * (c - a) / (b - a)


class _Canvas:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, str]] = {}

    def free(self, line: int, col: int, n: int) -> bool:
        return all((line, col + i) not in self.cells for i in range(n))

    def put(self, line: int, col: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            self.cells[(line, col + i)] = (ch, style)

    def lines(self) -> list[Text]:
        if not self.cells:
            return []
        lo_line = min(k[0] for k in self.cells)
        hi_line = max(k[0] for k in self.cells)
        lo_col = min(k[1] for k in self.cells)
        out = []
        for line in range(lo_line, hi_line + 1):
            row = sorted((c, v) for (ln, c), v in self.cells.items() if ln == line)
            text = Text()
            col, run, run_style = lo_col, "", ""
            for c, (ch, style) in row:
                if c > col or style != run_style:
                    text.append(run, run_style)
                    run, run_style = " " * (c - col), ""
                    if style != run_style:
                        text.append(run)
                        run, run_style = "", style
                run += ch
                col = c + 1
            text.append(run, run_style)
            out.append(text)
        return out


def _raster(pieces, labels, directions: dict[int, tuple[int, int]], pw: int, shade=()) -> list[Text]:
    """Draw ``pieces`` (geometry ``Piece``s) and ``labels`` ((text, style, x, y, direction)
    at an end's point, written outwards from it); the cells of ``shade`` (top-left corners of
    enclosed empty cells, ``Geometry.regions``) are filled with ``░``."""
    blocks = [_block(p, pw) for p in pieces]
    xs, cols = _positions([(p.x, p.x + p.w, len(b[0])) for p, b in zip(pieces, blocks)])
    ys, rows = _positions([(p.y, p.y + p.h, len(b)) for p, b in zip(pieces, blocks)])
    canvas = _Canvas()
    for p, block in zip(pieces, blocks):
        c0, c1 = int(_at(xs, cols, p.x)), int(_at(xs, cols, p.x + p.w))
        l0, l1 = int(_at(ys, rows, p.y)), int(_at(ys, rows, p.y + p.h))
        dx, dy = directions.get(p.end, (0, 0))
        w, h = len(block[0]), len(block)
        # along its arm a piece keeps to the side of the centre; across it, it is centred
        col = c0 if dx > 0 else c1 - w if dx < 0 else c0 + (c1 - c0 - w) // 2
        line = l0 if dy > 0 else l1 - h if dy < 0 else l0 + (l1 - l0 - h) // 2
        style = LAST_STYLE if p.last else FACE_DOWN_STYLE if p.face_down else ""
        for i, text in enumerate(block):
            canvas.put(line + i, col, text, style)
    for x, y in shade:
        c0, c1 = int(_at(xs, cols, x)), int(_at(xs, cols, x + 1))
        l0, l1 = int(_at(ys, rows, y)), int(_at(ys, rows, y + 1))
        for line in range(l0, max(l1, l0 + 1)):
            for col in range(c0, max(c1, c0 + 1)):
                if canvas.free(line, col, 1):
                    canvas.put(line, col, SHADE, REGION_STYLE)
    for text, style, x, y, (dx, dy) in labels:
        n = len(text)
        if dx:
            line = int(_at(ys, rows, y))
            edge = int(round(_at(xs, cols, x)))
            col = edge + 1 if dx > 0 else edge - 1 - n
            step = (0, dx)
        else:
            centre = _at(xs, cols, x)
            col = int(centre - n / 2 + 0.5)
            edge = int(round(_at(ys, rows, y)))
            line = edge if dy > 0 else edge - 1
            step = (dy, 0)
        for _step in range(40):   # move outwards past anything in the way
            if canvas.free(line, col, n):
                break
            line, col = line + step[0], col + step[1]
        canvas.put(line, col, text, style)
    return canvas.lines()


def _pip_width(geo) -> int:
    top = max([max(p.first, p.second) for p in geo.pieces] + [e.value for e in geo.ends] + [0])
    return len(str(top))


def _width(lines: list[Text]) -> int:
    return max((t.cell_len for t in lines), default=0)


def _laid_east(pieces, direction: tuple[int, int]) -> list:
    """Pieces of an arm (centre outwards) laid again in a row running east, touching half first."""
    out, x = [], 0.0
    for p in pieces:
        near, far = (p.second, p.first) if direction in ((-1, 0), (0, -1)) else (p.first, p.second)
        if p.crosswise:
            out.append(replace(p, first=near, second=far, x=x, y=-1, w=1, h=2))
            x += 1
        else:
            out.append(replace(p, first=near, second=far, x=x, y=-0.5, w=2, h=1))
            x += 2
    return out


def _fold_row(pieces, first_label, last_label, width: int, pw: int, directions) -> list[Text]:
    """A row of pieces (sorted west to east) with a label before and after it, folded into
    rows of at most ``width`` columns, '…' ending a row that goes on and starting the next."""
    if not pieces:
        lines = [Text()]
        for label in (first_label, last_label):
            if label is not None:
                if lines[0].cell_len:
                    lines[0].append(" ")
                lines[0].append(label[0], label[1])
        return lines
    sizes = [len(_block(p, pw)[0]) for p in pieces]
    lead = len(first_label[0]) + 1 if first_label else 0
    tail = len(last_label[0]) + 1 if last_label else 0
    rows = fold(sizes, width, lead, tail, carry=2)   # '…' and a space join the rows
    out: list[Text] = []
    for r, row in enumerate(rows):
        sub = [pieces[i] for i in row]
        west = sub[0].x
        east = sub[-1].x + sub[-1].w
        axis = sub[0].y + sub[0].h / 2
        labels = []
        start = first_label if r == 0 else ("…", CUT_STYLE)
        end = last_label if r == len(rows) - 1 else ("…", CUT_STYLE)
        if start is not None:
            labels.append((start[0], start[1], west, axis, (-1, 0)))
        if end is not None:
            labels.append((end[0], end[1], east, axis, (1, 0)))
        out += _raster(sub, labels, directions, pw)
    return out


def _single_row(geo) -> bool:
    """Every piece on one horizontal axis and every end pointing along it (a line)."""
    axes = {p.y + p.h / 2 for p in geo.pieces}
    return len(axes) == 1 and all(e.direction[1] == 0 for e in geo.ends)


def _cut_point(p, direction) -> tuple[float, float]:
    """Where piece ``p`` (the first one left out of an arm) starts along its arm, on the axis."""
    dx, dy = direction
    if dx:
        return (p.x if dx > 0 else p.x + p.w, p.y + p.h / 2)
    return (p.x + p.w / 2, p.y if dy > 0 else p.y + p.h)


def layout_picture(geo, width: int = 80, height: int = 21) -> list[Text]:
    """The table drawn from its geometry, at most ``width`` columns wide; the main picture at most
    ``height`` lines high (its long arms go on in rows below it)."""
    if not geo.pieces:
        return [Text(empty_table())]
    if geo.kind == "grid":
        drawn = grid_picture(geo, width, height)
        if drawn is not None:
            return drawn
    if geo.kind == "trains":
        return trains_picture(geo, width)
    pw = _pip_width(geo)
    directions = {e.end: e.direction for e in geo.ends}
    labels = {e.end: end_label(e) for e in geo.ends}
    if _single_row(geo):
        pieces = sorted(geo.pieces, key=lambda p: p.x)
        west = next((labels[e.end] for e in geo.ends if e.direction[0] < 0), None)
        east = next((labels[e.end] for e in geo.ends if e.direction[0] > 0), None)
        return _fold_row(pieces, west, east, width, pw, directions)
    arms: dict[int, list] = {e.end: [] for e in geo.ends}
    centre = []
    for p in geo.pieces:
        (arms.setdefault(p.end, []) if p.end >= 0 else centre).append(p)
    for arm in arms.values():
        arm.sort(key=lambda p: p.index)
    least = {e: 0 for e in arms}
    for e in geo.ends:
        if e.origin[0] >= 0:
            least[e.origin[0]] = max(least[e.origin[0]], e.origin[1] + 1)
    shown = {e: len(arm) for e, arm in arms.items()}
    ends = {e.end: e for e in geo.ends}
    while True:
        pieces = centre + [p for e, arm in arms.items() for p in arm[: shown[e]]]
        marks = []
        for e in geo.ends:
            arm = arms[e.end]
            if shown[e.end] < len(arm):
                x, y = _cut_point(arm[shown[e.end]], e.direction)
                marks.append((f"{e.name}…", CUT_STYLE, x, y, e.direction))
            else:
                marks.append((*labels[e.end], e.x, e.y, e.direction))
        lines = _raster(pieces, marks, directions, pw, [c for region in geo.regions for c in region])
        too_wide, too_high = _width(lines) > width, len(lines) > height
        if not (too_wide or too_high):
            break
        axis = 0 if too_wide else 1
        cuttable = [e for e in arms if e in ends and ends[e].direction[axis] and shown[e] > least[e]]
        if not cuttable:
            return _listing(geo, centre, arms, labels, width, pw, directions)
        shown[max(cuttable, key=lambda e: (shown[e], e))] -= 1
    for e in geo.ends:
        rest = arms[e.end][shown[e.end]:]
        if rest:
            lines += _fold_row(_laid_east(rest, e.direction), (f"{e.name}…", CUT_STYLE), labels[e.end],
                               width, pw, {e.end: (1, 0)})
    return lines


def trains_picture(geo, width: int = 80) -> list[Text]:
    """Mexican Train's table: the engine, then one train a row, each named by whose it is
    (``T1 seat 1``, ``M Mexican``) and ending in its label (``T1:2 marker`` while its owner's
    marker is on it); a double lies along its train, so that every train keeps to one row, and a
    long train goes on in rows below, after ``…``."""
    pw = _pip_width(geo)
    engine = next(p for p in geo.pieces if p.end < 0)
    flat = replace(engine, x=0.0, y=-0.5, w=2, h=1)
    # TRANSLATORS: Mexican Train's starting double, in the middle of the table
    lines = [Text(_("engine") + " ", style="bold") + _raster([flat], [], {}, pw)[0]]
    # TRANSLATORS: the Mexican train (the train every seat may play on), named beside it: M Mexican
    mexican = pgettext("train", "Mexican")
    heads = {e.end: f"{e.name} {mexican if e.owner < 0 else seat_words(e.owner)}" for e in geo.ends}
    pad = max(len(h) for h in heads.values()) + 1
    for e in geo.ends:
        arm = sorted((p for p in geo.pieces if p.end == e.end), key=lambda p: p.index)
        row, x = [], 0.0
        for p in arm:   # along the row, the near half first (a double as it lies across: near = far)
            row.append(replace(p, x=x, y=-0.5, w=2, h=1, crosswise=False))
            x += 2
        label = end_label(e)
        drawn = _fold_row(row, None, label, width - pad, pw, {e.end: (1, 0)})
        for i, line in enumerate(drawn):
            head = Text(heads[e.end].ljust(pad), style="bold") if i == 0 else Text(" " * pad)
            lines.append(head + line)
    return lines


def _listing(geo, centre, arms, labels, width, pw, directions) -> list[Text]:
    """The last resort for a picture that cannot fit: the centre, then every arm as a row."""
    # TRANSLATORS: the tiles at the centre of the layout (its first double, a cross)
    lines = _fold_row(_laid_east(centre, (1, 0)), (_("centre"), ""), None, width, pw, {})
    for e in geo.ends:
        lines += _fold_row(_laid_east(arms[e.end], e.direction), (e.name, "bold"), labels[e.end],
                           width, pw, {e.end: (1, 0)})
    return lines


def table_lines(layout, width: int = 80, show_doubles: bool = False, height: int = 21) -> list[Text]:
    """The table for the play screen: the picture, then its open ends in words."""
    if layout is None or layout.lead < 0:
        return [Text(empty_table())]
    lines = layout_picture(layout.geometry(), width, height)
    names = layout.end_names()
    # an end that takes nothing yet (a spinner's sides before both flanks hold a tile, a cross's
    # arm in its opening) is no open end: it is said apart
    waiting = {i for i in range(len(layout.values)) if not layout.closed[i] and not layout.accepts(i)}
    ends = [(names[i], layout.values[i], layout.lengths[i], layout.doubles[i], layout.closed[i])
            for i in range(len(layout.values)) if i not in waiting]
    summary = getattr(layout, "ends_text", None)   # a layout that words its ends itself (a grid)
    words = grid_ends_text(layout) if summary is not None else ends_text(ends, show_doubles)
    text = _("open ends: {ends}").format(ends=words)
    if waiting and summary is None:
        # TRANSLATORS: ends that take no tile yet (a spinner's sides, a cross's arms), with their numbers
        text += " · " + _("not open yet: {ends}").format(
            ends=", ".join(f"{names[i]} {layout.values[i]}" for i in sorted(waiting)))
    lines.append(Text(text))
    if wild_tiles(layout.fits):   # the picture marks wild tiles and says what each end needs
        # TRANSLATORS: the key to the picture's signs: {tile} is "[a*b]" (a matador drawn with a
        # star), {n} a number an end needs, {m} the "M" of an end only a matador fits
        lines.append(Text(_("{tile} a matador (wild) · needs {n}: a tile must show {n} ({m}: only a matador)")
                          .format(tile="[a*b]", n="n", m="M"), style="dim"))
    return lines


def grid_ends_text(layout) -> str:
    """A grid's two ends in words, the turns free at each: 'L 3 (straight, right) · R closed'
    (``Grid.ends_text``, which the core words in English, said in the active language)."""
    if current() == "en":
        return layout.ends_text()
    # TRANSLATORS: the ways a grid's end may still turn (Mreža): straight on, to the left, to the right
    turns = (pgettext("turn", "straight"), pgettext("turn", "left"), pgettext("turn", "right"))
    parts = []
    for side in (0, 1):
        first = 3 * side
        free = [turns[t] for t in range(3) if not layout.closed[first + t]]
        name = "LR"[side]
        parts.append(f"{name} {layout.values[first]} ({', '.join(free)})" if free
                     else _("{end} closed").format(end=name))
    return " · ".join(parts)


def match_goal(game: Game) -> str:
    """What wins the match (``MatchEnd.describe``), in the active language."""
    end = game.match_end
    if current() == "en":
        return end.describe()
    words = _goal_words(end, type(end).__name__)
    return end.describe() if words is None else words


def _goal_words(end, name: str) -> str | None:
    """A match end's goal worded again from its fields (the core words it in English); None
    for an end this does not know (its English words are shown)."""
    if name == "FirstToWithinHands":
        text = _goal_words(end, "FirstTo")
        if end.hands:
            text += "; " + ngettext("after {count} hand without it, the highest total wins",
                                    "after {count} hands without it, the highest total wins",
                                    end.hands).format(count=number(end.hands))
        return text
    if name == "FirstTo":
        if not end.high:
            return _("the match ends when someone reaches {target}; lowest score wins").format(
                target=number(end.target))
        if end.mid_hand:
            return _("first to {target} wins, even in the middle of a hand").format(target=number(end.target))
        return _("first to {target} wins").format(target=number(end.target))
    if name == "ReacherLoses":
        return _("whoever reaches {target} loses").format(target=number(end.target))
    if name == "AfterHands":
        if end.unit == "rounds":
            return ngettext("{count} round, most round wins", "{count} rounds, most round wins",
                            end.hands).format(count=number(end.hands))
        if end.high:
            return ngettext("{count} hand; highest total wins", "{count} hands; highest total wins",
                            end.hands).format(count=number(end.hands))
        return ngettext("{count} hand; lowest total wins", "{count} hands; lowest total wins",
                        end.hands).format(count=number(end.hands))
    if name in ("Streak", "CappedStreak"):
        text = ngettext("{count} hand won in a row", "{count} hands won in a row",
                        end.length).format(count=number(end.length))
        if getattr(end, "cap", 0):
            text += "; " + ngettext("drawn if nobody has done it after {count} hand",
                                    "drawn if nobody has done it after {count} hands",
                                    end.cap).format(count=number(end.cap))
        return text
    if name == "HandWins":
        return ngettext("first to {count} hand won", "first to {count} hands won",
                        end.wins).format(count=number(end.wins))
    if name == "Countdown":
        return _("both start at {start}; when a total falls to 0 or below, the lower total wins").format(
            start=number(end.start))
    if name == "SingleHand":
        return _("one hand")
    if name == "Standing":
        return ngettext("{count} hand; the highest token balance wins (shared when equal)",
                        "{count} hands; the highest token balance wins (shared when equal)",
                        end.hands).format(count=number(end.hands))
    if name == "PotDecides":
        return _("after a hand that takes a score past {limit}, the best such player's partnership "
                 "wins the pot").format(limit=number(end.target))
    if name == "LastStanding":
        return _("past {limit} buy back in or drop out; the last player standing takes the pot").format(
            limit=number(end.target))
    return None


def points_str(v) -> str:
    """Points as people write them: halves are floats (homo-homini-lupus), whole ones without
    ".0"; in a language other than English with its decimal comma and grouping (``number``)."""
    v = int(v) if isinstance(v, float) and v.is_integer() else v
    return str(v) if current() == "en" else number(v)


def seat_words(seat: int) -> str:
    """'seat 2': a seat by its number."""
    return _("seat {seat}").format(seat=seat)


def you(name: str) -> str:
    """'seat 2 (you)': the viewer's own seat or side marked."""
    # TRANSLATORS: the player reading the screen: his seat or team, "seat 2 (you)"
    return _("{name} (you)").format(name=name)


def team_name(game: Game, team: int) -> str:
    """'team A' in a partnership game, else 'seat 2' (``Game.team_name``)."""
    if game.partnership:
        # TRANSLATORS: a partnership, A (seats 0 and 2) or B (seats 1 and 3)
        return _("team {letter}").format(letter="AB"[team])
    return seat_words(team)


def scores_text(game: Game, scores: Sequence[int], you_team: int | None = None) -> str:
    """'seat 0 12 · seat 1 30'; ``you_team`` marks the viewer's side '(you)' (partnerships)."""
    return " · ".join(f"{you(team_name(game, t)) if t == you_team else team_name(game, t)} {points_str(v)}"
                      for t, v in enumerate(scores))


def seat_name(seat: int, kinds: Sequence[str], viewer: int | None = None) -> str:
    """'seat 2 (you)', 'seat 1 (greedy)': a bot is named as the command line names it."""
    if viewer is not None and seat == viewer:
        return you(seat_words(seat))
    kind = kinds[seat]
    if kind == "human":
        # TRANSLATORS: a seat a person plays at (beside the bots' names: greedy, hard ...)
        kind = pgettext("player", "human")
    # TRANSLATORS: a seat and who plays there: "seat 1 (greedy)"
    return _("seat {seat} ({kind})").format(seat=seat, kind=kind)


def move_line(state: HandState, seat: int, move: int, kinds: Sequence[str], *,
              show_draws: bool, out_of_turn: bool = False, viewer: int | None = None) -> Text:
    """One line saying what a seat did: 'seat 2 (greedy): 5-3 R', 'seat 1 (greedy) draws a tile'."""
    k = kind(move)
    if seat < 0:   # an event of nobody: the rules act
        if k == CLOSE:
            names = state.layout.end_names()
            end = end_of(move)
            name = names[end] if end < len(names) else str(end)
            if tile_of(move) == NO_TILE and not is_hidden(move):
                # TRANSLATORS: the rules close an end (an arm, a slot) that can never take a tile
                text = _("{end} is marked dead").format(end=name)
            else:
                text = _("{end} is closed with a reserved tile face down").format(end=name)
            why = closing_words(close_reason(move))   # the rule that closed it, in words
            return Text(f"{text} ({why})" if why else text, style="dim")
        if k == TURN_UP:
            return Text(_("{tile} is turned up to lead").format(tile=tile_str(tile_of(move))), style="dim")
    who = seat_name(seat, kinds, viewer)
    if k in (DRAW, DISCARD):
        if (show_draws or seat == viewer or k in state.game.public_kinds) and not is_hidden(move):
            tile = tile_str(tile_of(move))
            text = (_("{who} draws {tile}") if k == DRAW else _("{who} discards {tile}")).format(who=who, tile=tile)
        else:
            text = (_("{who} draws a tile") if k == DRAW else _("{who} discards a tile face down")).format(who=who)
        return Text(text, style="dim")
    if k in (PASS, STOP, DECLINE, SKIP):
        what = {PASS: _("{who} passes"), STOP: _("{who} stops"), DECLINE: _("{who} declines"),
                SKIP: _("{who} cannot play")}[k]
        return Text(what.format(who=who), style="dim")
    if k == TURN_UP:
        return Text(_("{tile} is turned up to lead").format(tile=tile_str(tile_of(move))), style="dim")
    if k == CLOSE and not (show_draws or seat == viewer or k in state.game.public_kinds):
        move |= HIDDEN   # the end another seat closed, not its face-down tile
    # TRANSLATORS: a seat that plays a double when it is not its turn (Igra preko reda)
    label = (_("{who} out of turn").format(who=who) if out_of_turn else who) + ": "
    line = Text(label)
    if k == 0 and move & ANNOUNCE:   # the last-tile call, in words
        line.append(say(state.move_str(move & ~ANNOUNCE)), style="bold")
        # TRANSLATORS: after a move, the last-tile call: "5-3 L and calls 'one tile'"
        line.append(" " + _("and calls {words}").format(words=repr(call_words())), style="bold yellow")
        return line
    line.append(say(state.move_str(move)), style="bold")   # in the language's move words
    return line


def closing_words(reason: str) -> str:
    """Why the rules closed an end (``close_reason``: the English words a game registered), in
    the active language; a reason not known here keeps its words."""
    words = {
        # TRANSLATORS: why the rules close an arm of Matador Cross: its matador lies in the reserve
        "its matador is stuck in the reserve": pgettext("closing", "its matador is stuck in the reserve"),
        # TRANSLATORS: why the rules close a slot for a double (a cross): no tile left can fill it
        "nobody can fill its slot": pgettext("closing", "nobody can fill its slot"),
    }
    return words.get(reason, reason)


def status_items(game: Game, obs: Observation) -> list[str]:
    """The game's status (``Game.status``: the count, the pot, the run, your pips) in words; a
    value given per seat names each seat, the viewer's marked '(you)'."""
    items = []
    for label, value in game.status(obs):
        words = status_label(label)
        if isinstance(value, (list, tuple)):
            words += ":"
            value = ", ".join(f"{you(seat_words(s)) if s == obs.seat else seat_words(s)} {points_str(v)}"
                              for s, v in enumerate(value))
        elif isinstance(value, str):
            value = status_value(game, obs, label, value)
        else:
            value = points_str(value)
        items.append(f"{words} {value}")
    return items


def status_label(label: str) -> str:
    """A label of ``Game.status`` in the active language (itself where none is known)."""
    words = {
        # TRANSLATORS: the status line's items (All Fives' count of the open ends, the pot and
        # the seats' token balances, an auction's highest bid, a run of hands won, the seat's
        # own pips in hand)
        "count": pgettext("status", "count"),
        "pot": pgettext("status", "pot"),
        "balances": pgettext("status", "balances"),
        "bid": pgettext("status", "bid"),
        "run": pgettext("status", "run"),
        "your pips": pgettext("status", "your pips"),
    }
    return words.get(label, label)


def status_value(game: Game, obs: Observation, label: str, value: str) -> str:
    """A status value the core words in English ('team A (yours) 2 of 10', '3 by seat 1'),
    worded again from the same data; English, or a value not known here, as it is."""
    if current() == "en":
        return value
    if label == "run" and game.match_end is not None and game.match_end.needs_streak:
        team, run = obs.context.streak or (-1, 0)
        if not run:
            return pgettext("run", "none yet")
        name = team_name(game, team)
        if team == obs.teams[obs.seat]:
            # TRANSLATORS: the viewer's own side, in the run of hands won: "team A (yours) 2 of 10"
            name = _("{name} (yours)").format(name=name)
        return _("{name} {run} of {target}").format(name=name, run=number(run), target=number(game.match_end.target))
    if label == "bid":
        import re
        found = re.fullmatch(r"(\d+) by seat (\d+)", value)
        if found:
            return _("{amount} by {seat}").format(amount=number(int(found[1])), seat=seat_words(int(found[2])))
    return value


def status_lines(game: Game, obs: Observation) -> list[Text]:
    """'Status: count 10 · your pips 23', wrapped to the screen; none for a game with no status."""
    items = status_items(game, obs)
    if not items:
        return []
    items = [Text(item + (" ·" if i < len(items) - 1 else ""), style="yellow") for i, item in enumerate(items)]
    return wrap_items(Text(_("Status:") + " ", style="bold"), items, sep=" ")


def decision_view(state: HandState, obs: Observation, kinds: Sequence[str], match_scores: Sequence[int],
                  legal_labels: Sequence[str]) -> Group:
    """What a human sees before deciding: hand, scores, table, stock, counts, hand and moves."""
    game = state.game
    rows: list = []
    scores = list(match_scores)
    score_line = Text(_("Scores:") + " ", style="bold")
    you_team = obs.teams[obs.seat] if game.partnership else None
    score_line.append(scores_text(game, scores, you_team))
    if any(obs.hand_points):
        score_line.append("   " + _("this hand: {scores}").format(scores=scores_text(game, obs.hand_points, you_team)))
    rows.append(score_line)   # the match's goal is said once a hand, not at every turn
    rows += status_lines(game, obs)
    rows.append(Text(_("Table:"), style="bold"))
    for line in table_lines(obs.layout, PICTURE_WIDTH - 2, game.ends_by_double):
        rows.append(Text("  ") + line)
    rows.append(Text.assemble((_("Stock:") + " ", "bold"), stock_text(game, obs)))
    counts = [f"{seat_name(s, kinds, obs.seat)} {n}" + (" ·" if s < len(obs.hand_sizes) - 1 else "")
              for s, n in enumerate(obs.hand_sizes)]
    rows += wrap_items(Text(_("Tiles held:") + " ", style="bold"), counts, sep=" ")
    playable = {tile_of(p) for m in obs.legal_moves for p in placements_of(m)}
    wild = wild_tiles(game.set_fits)   # matadors, marked '*'
    tiles = [Text(tile_str(t) + ("*" if BIT[t] & wild else ""), style="bold green" if t in playable else "")
             for t in obs.hand]
    if wild & sum(BIT[t] for t in obs.hand):
        # TRANSLATORS: the key to the star that marks a matador in the hand
        tiles.append(Text("  " + _("(* wild)"), style="dim"))
    if obs.locked:
        # TRANSLATORS: tiles that may not be played (the last tile after a forgotten call)
        tiles.append(Text("  " + _("locked: {tiles}").format(tiles=" ".join(tile_str(t) for t in obs.locked)),
                          style="yellow"))
    if obs.rows is not None:   # rows hidden from their owner too: only what this seat has seen
        for s in range(obs.players):
            if s != obs.seat:
                rows.append(Text("  " + _("{seat}'s row: {row}").format(seat=seat_name(s, kinds, obs.seat),
                                                                         row=row_words(obs, s))))
        rows += wrap_items(Text(_("Your row (front first, ?? unseen, ^ face up):") + " ", style="bold"),
                           row_words(obs, obs.seat).split(" "), sep=" ")
    else:
        rows += wrap_items(Text(_("Your hand:") + " ", style="bold"), tiles, sep=" ")
    items = [Text.assemble((f"{i}) ", "cyan"), label) for i, label in enumerate(legal_labels, start=1)]
    rows += wrap_items(Text(_("Moves:") + " ", style="bold"), items)
    return Group(*rows)


def stock_text(game: Game, obs: Observation) -> str:
    """'14 tiles, 12 drawable (2 kept back)': the stock as the seat sees it."""
    if game.leftover != "stock":
        return _("none (undealt tiles are out of play)")
    # TRANSLATORS: the stock: how many tiles it holds and how many of them may be drawn
    text = ngettext("{count} tile, {drawable} drawable", "{count} tiles, {drawable} drawable",
                    obs.stock_size).format(count=obs.stock_size, drawable=obs.drawable)
    reserve = obs.stock_size - obs.drawable
    if reserve:
        # TRANSLATORS: the stock's reserve: its last tiles, which nobody may draw
        text += " " + _("({count} kept back)").format(count=reserve)
    return text


def row_words(obs: Observation, seat: int) -> str:
    """A seat's row as ``obs`` shows it (``parts.rows.row_text``: ``??`` unknown, ``^`` face up,
    then the tiles face up beside it), in the active language."""
    from ..parts.rows import row_text
    if current() == "en":
        return row_text(obs, seat)
    view = obs.rows
    parts = ["??" if t < 0 else tile_str(t) + ("^" if BIT[t] & view.face_up[seat] else "") for t in view.rows[seat]]
    # TRANSLATORS: a blind game's row with no tile left in it
    text = " ".join(parts) or _("(empty row)")
    if view.open[seat]:
        # TRANSLATORS: a blind game's tiles lying face up beside a row (open doubles)
        text += "   " + _("face up: {tiles}").format(tiles=" ".join(tile_str(t) for t in view.open[seat]))
    return text


def hand_result_table(state: HandState, kinds: Sequence[str], viewer: int | None = None) -> Table:
    """Each seat's remaining tiles and hand value, marking the hand's winners."""
    result = state.result
    table = Table(box=None, pad_edge=False, show_edge=False)
    face_down = state.game.lays_face_down   # grape: the dead tiles, shown at the end, decide
    # TRANSLATORS: the columns of a hand's result: the seat, its tiles (left in hand, or Grape's
    # dead tiles), their value, and "won" beside each winner
    table.add_column(pgettext("result", "seat"))
    table.add_column(pgettext("result", "dead tiles") if face_down else pgettext("result", "tiles left"))
    table.add_column(pgettext("result", "value"), justify="right")
    table.add_column("")
    won = pgettext("result", "won")
    for s in range(state.n):
        mask = state.discards[s] if face_down else state.hands[s]
        tiles = " ".join(tile_str(t) for t in tiles_of(mask)) or "-"
        mark = won if s in result.winners else ""
        value = result.hand_values[s]
        table.add_row(seat_name(s, kinds, viewer), tiles, str(value) if current() == "en" else number(value), mark)
    return table


def hand_result_lines(state: HandState, kinds: Sequence[str], totals: Sequence[int],
                      viewer: int | None = None) -> list:
    game = state.game
    result = state.result
    if result.reason == "domino" and result.out_seat is not None:
        # TRANSLATORS: why a hand ended: this seat laid its last tile
        why = _("{seat} went out (domino)").format(seat=seat_name(result.out_seat, kinds, viewer))
    else:
        why = REASONS.get(result.reason, result.reason)
    out: list = [Text(_("Hand {number} over: {why}").format(number=state.context.hand_number, why=why),
                      style="bold")]
    out.append(hand_result_table(state, kinds, viewer))
    out.append(Text.assemble((_("points this hand:") + " ", "bold"), scores_text(game, result.points)))
    out.append(Text.assemble((_("totals:") + " ", "bold"), scores_text(game, totals)))
    return out


def winners_text(game: Game, winners: Sequence[int], kinds: Sequence[str], viewer: int | None = None) -> str:
    if not winners:
        return _("the match is drawn")
    english = current() == "en"
    if game.partnership:
        teams = game.teams(game.players)
        seats = ", ".join(str(s) for s in winners) if english else join(str(s) for s in winners)
        return _("{team} (seats {seats}) wins the match").format(team=team_name(game, teams[winners[0]]),
                                                                 seats=seats)
    names = [seat_name(s, kinds, viewer) for s in winners]
    # TRANSLATORS: the seat (or seats, "seat 0 and seat 2") that won the match
    return ngettext("{seats} wins the match", "{seats} win the match", len(winners)).format(
        seats=" and ".join(names) if english else join(names))


def grid_picture(geo, width: int = 80, height: int = 21) -> list[Text] | None:
    """A grid's table (``Geometry.regions`` set, every piece on whole cells) drawn cell by cell,
    one line per row of cells: each half is its pip, a column apart from the next; a tile lying
    along the row joins its halves with ``─``, one standing across rows marks them ``┐`` and
    ``┘`` on their right (``═``, ``╗``/``╝`` and reverse video for the last tile placed); an
    enclosed empty cell is ``░``, and each end is labelled beyond its cell in the direction the
    next tile may take (``L:3``). None when that does not fit ``width`` x ``height`` (the
    generic picture, which cuts arms, is drawn instead)."""
    pw = _pip_width(geo)
    step = pw + 1
    x0 = min(p.x for p in geo.pieces)
    y0 = min(p.y for p in geo.pieces)
    canvas = _Canvas()

    def at(x: float, y: float) -> tuple[int, int]:
        return int(round(y - y0)), step * int(round(x - x0))

    for p in geo.pieces:
        style = LAST_STYLE if p.last else ""
        line, col = at(p.x, p.y)
        canvas.put(line, col, str(p.first).rjust(pw), style)
        if p.w > p.h:
            canvas.put(line, col + pw, "═" if p.last else "─", style)
            canvas.put(line, col + step, str(p.second).rjust(pw), style)
        else:
            canvas.put(line, col + pw, "╗" if p.last else "┐", style)
            canvas.put(line + 1, col, str(p.second).rjust(pw), style)
            canvas.put(line + 1, col + pw, "╝" if p.last else "┘", style)
    shaded = {(x, y) for region in geo.regions for x, y in region}
    for x, y in shaded:
        line, col = at(x, y)
        canvas.put(line, col, SHADE * pw, REGION_STYLE)
        if (x + 1, y) in shaded:
            canvas.put(line, col + pw, SHADE, REGION_STYLE)
    for e in geo.ends:
        text, style = end_label(e)
        dx, dy = e.direction
        # the end's cell: the label point lies on its outer edge
        line, col = at(e.x - 0.5 - 0.5 * dx, e.y - 0.5 - 0.5 * dy)
        n = len(text)
        for k in range(1, 6):
            if dx:
                spot = (line, col + step * k if dx > 0 else col - step * k + pw - n)
            else:
                spot = (line + k * dy, col + (pw - n) // 2)
            if canvas.free(spot[0], spot[1] - 1, n + 2):
                canvas.put(spot[0], spot[1], text, style)
                break
    lines = canvas.lines()
    if _width(lines) > width or len(lines) > height:
        return None
    return lines


# -- lines that fit the screen ------------------------------------------------------------------
def wrap_items(head: Text | str, items: Sequence[Text | str], width: int = PICTURE_WIDTH, sep: str = "   ",
               indent: int | None = None) -> list[Text]:
    """``head`` then ``items`` on lines of at most ``width`` columns, an item never cut: a line
    that goes on continues below, indented under the first item (or by ``indent``)."""
    head = Text(head) if isinstance(head, str) else head
    pad = " " * (head.cell_len if indent is None else indent)
    if len(pad) > width // 2:
        pad = "  "
    lines = [head.copy()]
    fresh = True
    for item in items:
        item = Text(item) if isinstance(item, str) else item
        line = lines[-1]
        gap = 0 if fresh else len(sep)
        if not fresh and line.cell_len + gap + item.cell_len > width:
            lines.append(Text(pad))
            line, gap = lines[-1], 0
        if gap:
            line.append(sep)
        line.append_text(item)
        fresh = False
    return lines
