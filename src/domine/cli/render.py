"""``domine render``: the table of a recorded match at one position, drawn as SVG or PNG."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .. import i18n
from ..i18n import _, ngettext
from .common import UserError, check_output, handled, out_console

if TYPE_CHECKING:
    from ..engine.hand import HandState


class _Reached(Exception):
    """Stops a replay at the position ``domine render`` draws."""


def _position_at(data: dict, hand: Optional[int], move: Optional[int]) -> tuple[HandState, int, int, int]:
    """The state after ``move`` moves of hand ``hand`` (1-based, in the record's order; default:
    the last hand, and its last move), with the hand, the move and the hand's move count."""
    from ..records import RecordError, replay

    replay(data)   # the whole record is verified first: its own faults come before ours
    hands = data["hands"]
    if not hands:
        raise RecordError(_("the record holds no hand"))
    h = len(hands) if hand is None else hand
    if not 1 <= h <= len(hands):
        has = _("the record has hands 1 to {count}") if len(hands) > 1 else _("the record has hand {count}")
        raise UserError(f"--hand {hand}: " + has.format(count=len(hands)))
    raw = hands[h - 1]
    count = len(raw.get("moves", [])) if isinstance(raw, dict) and isinstance(raw.get("moves"), list) else 0
    m = count if move is None else move
    if not 0 <= m <= count:
        raise UserError(f"--move {move}: " + ngettext("hand {hand} has {count} move (0 to {count})",
                                                      "hand {hand} has {count} moves (0 to {count})", count).format(
            hand=h, count=count))
    found: list[HandState] = []

    def visit(i: int, j: int, state: HandState) -> None:
        if (i, j) == (h, m):
            found.append(state)
            raise _Reached()

    try:
        replay(data, visit=visit)
    except _Reached:
        pass
    if not found:
        raise RecordError(_("hand {hand} never reaches move {move} on replay").format(hand=h, move=m))
    return found[0], h, m, count


#: What ``domine render --help`` says of the command (commands.py gives it to Typer).
HELP = _("Draw the table of a recorded match at one position as a picture (SVG or PNG).")


def render_cmd(
    file: Annotated[Path, typer.Argument(
        metavar="RECORD", help=_("A JSON match record (from 'domine play --record')."))],
    hand: Annotated[Optional[int], typer.Option(
        "--hand", metavar="N", help=_("The hand, 1 for the record's first (default: the last)."))] = None,
    move: Annotated[Optional[int], typer.Option(
        "--move", metavar="M",
        help=_("Draw the table after M moves of that hand, 0 for its start (default: its last)."))
    ] = None,
    svg_file: Annotated[Optional[Path], typer.Option("--svg", metavar="FILE", help=_("Write an SVG picture."))] = None,
    png_file: Annotated[Optional[Path], typer.Option(
        "--png", metavar="FILE", help=_("Write a PNG picture (needs Pillow: pip install 'domine\\[png]')."))] = None,
) -> None:
    """``domine render`` (its help is HELP)."""
    from ..records import RecordError, load_record
    from ..render import PillowMissing, png, svg
    from .info import game_title

    with handled():
        if (svg_file is None) == (png_file is None):
            raise UserError(_("give --svg FILE or --png FILE (one of them)"))
        out_path = svg_file if svg_file is not None else png_file
        check_output(out_path)
        if not file.exists():
            raise UserError(_("cannot read {file}: no such file").format(file=file))
        if file.is_dir():
            raise UserError(_("cannot read {file}: it is a directory").format(file=file))
        try:
            data = load_record(file)
            state, h, m, count = _position_at(data, hand, move)
        except RecordError as e:
            raise UserError(_("invalid record: {error}").format(error=i18n.explain(e))) from None
        game = state.game
        number = state.context.hand_number
        caption = [f"{game_title(game)} · " + _("hand {hand} · move {move} of {count}").format(
            hand=number, move=m, count=count)]
        if m:
            moves = data["hands"][h - 1]["moves"]
            caption.append(_("last move: seat {move}").format(move=moves[m - 1]))
        lay = state.layout
        names = lay.end_names()
        if lay.lead >= 0:
            from ..terminal.table import ends_text
            ends = [(names[i], lay.values[i], lay.lengths[i], lay.doubles[i], lay.closed[i])
                    for i in range(len(lay.values))]
            summary = getattr(lay, "ends_text", None)   # a layout that words its ends itself (a grid)
            caption.append(_("open ends: ") + (summary() if summary is not None
                                               else ends_text(ends, game.ends_by_double)))
        geo = lay.geometry()
        try:
            if svg_file is not None:
                out_path.write_text(svg(geo, caption), encoding="utf-8")
            else:
                png(geo, out_path, caption)
        except PillowMissing as e:
            raise UserError(str(e)) from None
    out_console().print(_("Wrote {file} (hand {hand}, move {move} of {count})").format(
        file=out_path, hand=number, move=m, count=count), markup=False)

