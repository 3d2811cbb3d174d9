"""Pictures of a layout: SVG text (no dependency) and PNG (with Pillow), from one geometry.

``scene(geometry)`` turns ``Layout.geometry()`` into drawing primitives in pixels
(rectangles, lines, dots, text), grouped per tile and per open end; ``svg`` writes
them as SVG text and ``png`` draws the same primitives with Pillow, so the two
pictures agree. A tile is ivory with real pip dots, a line between its halves; a
double lies crosswise; a face-down tile is shaded and striped; the last tile placed
is outlined in orange; the enclosed empty regions of a grid (``Geometry.regions``) are
shaded light green, one ``<g class="region">`` each; each open end is labelled as the terminal labels it
(``E:6``, ``(E:6)``, ``E:6 dead``, ``E closed``; see ``OpenEnd.label``), in the active language
(``end_text``; the ``data-`` attributes stay the same in every language).

In the SVG every tile is a ``<g class="tile">`` carrying its cell rectangle
(``data-x``, ``data-y``, ``data-w``, ``data-h``, in geometry cells), ``data-tile``
(``4-2``, or ``face-down``), ``data-end`` (the end's name, ``centre`` for the centre
tile) and ``data-index``; every end is a ``<g class="end">`` with ``data-end``,
``data-value`` and ``data-state``. docs/layouts.md describes the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from .engine.geometry import Geometry, snake
from .i18n import _, current

CELL = 40            # pixels per geometry cell
MARGIN = 24
FONT = 14            # label size in pixels
CAPTION = 16
#: the widest picture (SVG pixels; a PNG is twice that): a longer line snakes to keep within it
MAX_WIDTH = 800
#: cells of a snaking line's rows kept free for its corners and end labels
_SNAKE_SPARE = 4
FELT, TILE, INK, FACE_DOWN, LAST = "#23633f", "#fbf8ef", "#222222", "#7d8590", "#f08c00"
REGION = "#7fbf8f"   # an enclosed empty region (a grid's ring)
LABEL_COLOURS = {"open": "#ffffff", "waiting": "#b9c9bd", "dead": "#ffb3a7", "closed": "#ffb3a7"}

# Pip positions in a unit square half, by count (3 x 3 grid up to 9; 3 x 4 beyond).
_A, _B, _C = 0.25, 0.5, 0.75
PIPS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(_B, _B)],
    2: [(_A, _A), (_C, _C)],
    3: [(_A, _A), (_B, _B), (_C, _C)],
    4: [(_A, _A), (_C, _A), (_A, _C), (_C, _C)],
    5: [(_A, _A), (_C, _A), (_B, _B), (_A, _C), (_C, _C)],
    6: [(_A, _A), (_A, _B), (_A, _C), (_C, _A), (_C, _B), (_C, _C)],
    7: [(_A, _A), (_A, _B), (_A, _C), (_B, _B), (_C, _A), (_C, _B), (_C, _C)],
    8: [(_A, _A), (_B, _A), (_C, _A), (_A, _B), (_C, _B), (_A, _C), (_B, _C), (_C, _C)],
    9: [(x, y) for y in (_A, _B, _C) for x in (_A, _B, _C)],
}
_ROWS = (0.2, 0.4, 0.6, 0.8)
_GRID12 = [(x, y) for y in _ROWS for x in (_A, _B, _C)]
PIPS[12] = _GRID12
PIPS[11] = [p for p in _GRID12 if p != (_B, 0.4)]
PIPS[10] = [p for p in _GRID12 if p not in ((_B, 0.4), (_B, 0.6))]


class PillowMissing(RuntimeError):
    """PNG pictures need Pillow: ``pip install 'domine[png]'``."""


@dataclass
class Group:
    """Primitives drawn together (one tile, one end's label) and the SVG attributes they carry."""

    attrs: dict[str, str]
    items: list[tuple] = field(default_factory=list)


@dataclass
class Scene:
    width: int
    height: int
    groups: list[Group]


def end_text(e) -> str:
    """What a picture writes at an open end (``OpenEnd.label``: 'E:6', '(E:6)', 'E:6 dead',
    'E closed', ' needs 1', ' marker'), in the active language; the end's name and numbers
    are notation and stay as they are."""
    if current() == "en":
        return e.label
    if e.closed:
        text = _("{end} closed").format(end=e.name)
    elif e.dead:
        # TRANSLATORS: an open end no tile left can ever match: "E:6 dead"
        text = _("{end}:{value} dead").format(end=e.name, value=e.value)
    else:
        text = f"{e.name}:{e.value}"
        if e.needs != -2:
            # TRANSLATORS: an end whose tile must show another number than the end's ({pip}; M:
            # a matador only), in the Russian games' sum-to-seven matching: "E:6 needs 1"
            text = _("{end} needs {pip}").format(end=text, pip="M" if e.needs == -1 else e.needs)
        if not e.open_now:
            text = f"({text})"
    if e.marker:
        # TRANSLATORS: a Mexican Train train whose owner's marker is on it (open to every seat)
        text = _("{end} marker").format(end=text)
    return text


def _pips(items: list, value: int, x: float, y: float, size: float) -> None:
    """The dots of one half: the unit square at (x, y), ``size`` pixels across."""
    radius = size * (0.075 if value > 9 else 0.09)
    for px, py in PIPS.get(value, []):
        items.append(("circle", x + px * size, y + py * size, radius, INK))


def _stripes(items: list, x: float, y: float, w: float, h: float, step: float) -> None:
    """Diagonal stripes clipped to a rectangle (a face-down tile's back)."""
    d = -h + step / 2
    while d < w:
        t0, t1 = max(0.0, -d), min(h, w - d)
        if t1 > t0:
            items.append(("line", x + d + t0, y + t0, x + d + t1, y + t1, "#5c636c", 1.5))
        d += step


def _label_size(text: str, size: float) -> float:
    return len(text) * size * 0.6


def scene(geo: Geometry, caption: list[str] | tuple = (), cell: int = CELL, max_width: int = MAX_WIDTH) -> Scene:
    """The primitives of a picture of ``geo``, with ``caption`` lines above it; a line too long
    for ``max_width`` pixels snakes (``snaked``)."""
    geo = snaked(geo, cell, max_width)
    label_gap = cell * 0.25
    boxes = [(p.x * cell, p.y * cell, (p.x + p.w) * cell, (p.y + p.h) * cell) for p in geo.pieces]
    anchors = []
    for e in geo.ends:
        dx, dy = e.direction
        ax, ay = e.x * cell + dx * label_gap, e.y * cell + dy * label_gap
        width = _label_size(end_text(e), FONT)
        if dx > 0:
            box = (ax, ay - FONT / 2, ax + width, ay + FONT / 2)
        elif dx < 0:
            box = (ax - width, ay - FONT / 2, ax, ay + FONT / 2)
        else:
            top = ay - FONT if dy < 0 else ay
            box = (ax - width / 2, top, ax + width / 2, top + FONT)
        anchors.append((e, ax, ay, box))
        boxes.append(box)
    if not boxes:
        boxes = [(0.0, 0.0, 8 * cell, cell)]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    top = MARGIN + len(caption) * (CAPTION + 6) + (12 if caption else 0)
    caption_w = max((_label_size(c, CAPTION) for c in caption), default=0)
    width = int(max(x1 - x0, caption_w) + 2 * MARGIN + 0.999)
    height = int(y1 - y0 + top + MARGIN + 0.999)
    ox, oy = MARGIN - x0, top - y0
    groups: list[Group] = []
    if caption:
        g = Group({"class": "caption"})
        for i, line in enumerate(caption):
            g.items.append(("text", MARGIN, MARGIN + i * (CAPTION + 6) + CAPTION * 0.8, line, "start",
                            "#ffffff", CAPTION, i == 0))
        groups.append(g)
    for n, region in enumerate(geo.regions):
        # an enclosed empty region of a grid, shaded under the tiles around it
        g = Group({"class": "region", "data-region": str(n), "data-cells": str(len(region))})
        for cx, cy in region:
            g.items.append(("rect", cx * cell + ox, cy * cell + oy, cell, cell, REGION, REGION, 1.0, 0))
        groups.append(g)
    names = {e.end: e.name for e in geo.ends}
    for p in geo.pieces:
        x, y, w, h = p.x * cell + ox, p.y * cell + oy, p.w * cell, p.h * cell
        attrs = {"class": "tile" + (" face-down" if p.face_down else "") + (" last" if p.last else ""),
                 "data-tile": "face-down" if p.face_down else f"{p.first}-{p.second}",
                 "data-x": _num(p.x), "data-y": _num(p.y), "data-w": str(p.w), "data-h": str(p.h),
                 "data-end": names.get(p.end, "centre") if p.end >= 0 else "centre",
                 "data-index": str(p.index)}
        g = Group(attrs)
        inset = 1.5
        rx, ry, rw, rh = x + inset, y + inset, w - 2 * inset, h - 2 * inset
        g.items.append(("rect", rx, ry, rw, rh, FACE_DOWN if p.face_down else TILE, INK, 1.5, cell * 0.12))
        if p.face_down:
            _stripes(g.items, rx + 2, ry + 2, rw - 4, rh - 4, cell * 0.3)
        else:
            half = cell
            if p.w >= p.h:
                g.items.append(("line", x + half, ry + 4, x + half, ry + rh - 4, INK, 1.5))
                _pips(g.items, p.first, x, y, half)
                _pips(g.items, p.second, x + half, y, half)
            else:
                g.items.append(("line", rx + 4, y + half, rx + rw - 4, y + half, INK, 1.5))
                _pips(g.items, p.first, x, y, half)
                _pips(g.items, p.second, x, y + half, half)
        if p.last:
            g.items.append(("rect", x - 1.5, y - 1.5, w + 3, h + 3, "none", LAST, 3.5, cell * 0.16))
        groups.append(g)
    for e, ax, ay, box in anchors:
        g = Group({"class": "end", "data-end": e.name, "data-value": str(e.value), "data-state": e.state})
        dx, dy = e.direction
        anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
        tx = ax + ox
        ty = (box[1] + box[3]) / 2 + oy + FONT * 0.35
        g.items.append(("text", tx, ty, end_text(e), anchor, LABEL_COLOURS[e.state], FONT, e.open_now))
        groups.append(g)
    return Scene(width, height, groups)


def snaked(geo: Geometry, cell: int = CELL, max_width: int = MAX_WIDTH) -> Geometry:
    """The geometry a picture draws: a line longer than ``max_width`` pixels turns at the
    picture's edge and comes back (``engine.geometry.snake``), as the terminal folds it, so a
    long hand makes a picture of a table's proportions and not a strip."""
    return snake(geo, max(4, int((max_width - 2 * MARGIN) / cell) - _SNAKE_SPARE))


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)


def _f(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def svg(geo: Geometry, caption: list[str] | tuple = ()) -> str:
    """The picture as an SVG document."""
    sc = scene(geo, caption)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{sc.width}" height="{sc.height}" '
           f'viewBox="0 0 {sc.width} {sc.height}" font-family="DejaVu Sans, Arial, sans-serif">',
           f'<title>{escape(caption[0]) if caption else "domine layout"}</title>',
           f'<rect class="table" x="0" y="0" width="{sc.width}" height="{sc.height}" fill="{FELT}"/>']
    for g in sc.groups:
        attrs = " ".join(f"{k}={quoteattr(v)}" for k, v in g.attrs.items())
        out.append(f"<g {attrs}>")
        for item in g.items:
            out.append("  " + _svg_item(item))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_item(item: tuple) -> str:
    k = item[0]
    if k == "rect":
        _, x, y, w, h, fill, stroke, sw, r = item
        return (f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(r)}" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="{_f(sw)}"/>')
    if k == "line":
        _, x1, y1, x2, y2, stroke, sw = item
        return f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{stroke}" stroke-width="{_f(sw)}"/>'
    if k == "circle":
        _, cx, cy, r, fill = item
        return f'<circle class="pip" cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}"/>'
    _, x, y, text, anchor, fill, size, bold = item
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="{anchor}" fill="{fill}" '
            f'font-size="{size}"{weight}>{escape(text)}</text>')


def _font(size: int, bold: bool):
    from PIL import ImageFont
    for name in (("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"), "Arial.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size)
    except TypeError:   # an older Pillow: one bitmap size
        return ImageFont.load_default()


def png(geo: Geometry, path, caption: list[str] | tuple = (), scale: int = 2) -> None:
    """Draw the picture with Pillow into the PNG file ``path`` (``scale`` pixels per SVG pixel)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise PillowMissing("PNG pictures need Pillow: pip install 'domine[png]' (or use --svg)") from None
    sc = scene(geo, caption)
    s = scale
    image = Image.new("RGB", (sc.width * s, sc.height * s), FELT)
    draw = ImageDraw.Draw(image)
    fonts: dict = {}
    for g in sc.groups:
        for item in g.items:
            k = item[0]
            if k == "rect":
                _, x, y, w, h, fill, stroke, sw, r = item
                draw.rounded_rectangle([x * s, y * s, (x + w) * s, (y + h) * s], radius=r * s,
                                       fill=None if fill == "none" else fill, outline=stroke,
                                       width=max(1, round(sw * s)))
            elif k == "line":
                _, x1, y1, x2, y2, stroke, sw = item
                draw.line([x1 * s, y1 * s, x2 * s, y2 * s], fill=stroke, width=max(1, round(sw * s)))
            elif k == "circle":
                _, cx, cy, r, fill = item
                draw.ellipse([(cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s], fill=fill)
            else:
                _, x, y, text, anchor, fill, size, bold = item
                key = (size * s, bold)
                if key not in fonts:
                    fonts[key] = _font(size * s, bold)
                pil_anchor = {"start": "ls", "end": "rs", "middle": "ms"}[anchor]
                try:
                    draw.text((x * s, y * s), text, fill=fill, font=fonts[key], anchor=pil_anchor)
                except ValueError:   # a bitmap font takes no anchor
                    draw.text((x * s, (y - size) * s), text, fill=fill, font=fonts[key])
    image.save(path, "PNG")


__all__ = ["MAX_WIDTH", "PillowMissing", "Scene", "png", "scene", "snaked", "svg"]
