"""``domine review``: the coach steps through a recorded match and weighs one seat's decisions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from .. import i18n
from ..i18n import _, pgettext
from .common import UserError, handled, progress_bar


def _hands(data: dict) -> list:
    """Every hand of a verified record as the coach steps through it: each position, each move."""
    from ..bots.review import ReviewedHand
    from ..records import replay

    hands: list[ReviewedHand] = []

    def visit(i: int, j: int, state) -> None:
        if j == 0:
            raw = data["hands"][i - 1]
            moves = []
            for text in raw.get("moves", []):
                seat, _colon, move = text.partition(":")
                moves.append((int(seat), move.strip()))
            scores = raw.get("scores") if isinstance(raw.get("scores"), list) else None
            hands.append(ReviewedHand(i, state.context.hand_number, [], moves, scores))
        hands[-1].positions.append(state.clone())

    replay(data, visit=visit)
    return hands


def _default_seat(data: dict, players: int) -> int:
    """The first seat a person played, else seat 0."""
    from .common import HUMAN_NAMES
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    for s, name in enumerate(seats[:players]):
        if str(name).strip().lower() in HUMAN_NAMES:
            return s
    return 0


#: What ``domine review --help`` says of the command (commands.py gives it to Typer).
HELP = _("Step through a recorded match with the coach: the hard bot's value of every move a seat could make.")


def review_cmd(
    file: Annotated[Path, typer.Argument(
        metavar="RECORD", help=_("A JSON match record (from 'domine play --record')."))],
    seat: Annotated[Optional[int], typer.Option(
        "--seat", metavar="N", help=_("The seat whose decisions are weighed (default: the first human seat, else 0)."))
    ] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help=_("Print the analysis as JSON instead of stepping through the match (docs/review.md)."))
    ] = False,
    budget: Annotated[int, typer.Option(
        "--budget", metavar="WORLDS", help=_("Worlds searched per decision, the same for every move "
                                             "(the hard bot's 200 by default; fewer is quicker and rougher)."))] = 200,
    think: Annotated[Optional[str], typer.Option(
        "--think", metavar="DURATION", help=_("At most this long a decision (0.5s, 50ms); a decision it cuts short "
                                              "says so, and is then not the same on every run."))] = None,
) -> None:
    """``domine review`` (its help is HELP)."""
    from ..bots import BotError, parse_duration
    from ..bots.review import Budget, record_seed, review, searched, to_json
    from ..games import make_game
    from ..records import RecordError, load_record

    with handled():
        if budget < 1:
            raise UserError(_("--budget must be at least 1 world, not {budget}").format(budget=budget))
        try:
            limit = parse_duration(think) if think is not None else None
        except BotError as e:
            raise UserError(str(e)) from None
        if not file.exists():
            raise UserError(_("cannot read {file}: no such file").format(file=file))
        if file.is_dir():
            raise UserError(_("cannot read {file}: it is a directory").format(file=file))
        try:
            data = load_record(file)
            hands = _hands(data)
        except RecordError as e:
            raise UserError(_("invalid record: {error}").format(error=i18n.explain(e))) from None
        except RecursionError:   # JSON nested deeper than Python reads
            raise UserError(_("invalid record: {error}").format(error=_("nested too deeply to be read"))) from None
        except ValueError as e:   # what the engine refuses in a record records.py lets by (a huge number)
            said = (str(e).splitlines() or [type(e).__name__])[0].split(": use ")[0].split("; use ")[0]
            raise UserError(_("invalid record: {error}").format(error=said)) from None
        if not hands:
            raise UserError(_("invalid record: {error}").format(error=_("the record holds no hand")))
        game = make_game(data["game"], data.get("players"), data.get("options") or {})
        who = _default_seat(data, game.players) if seat is None else seat
        if not 0 <= who < game.players:
            raise UserError(_("--seat {seat}: the record has seats 0 to {last}").format(seat=seat,
                                                                                       last=game.players - 1))
        work = Budget(worlds=budget, think=limit or None)
        base = record_seed(data)
        with progress_bar(_("analysing"), pgettext("progress", "decisions"), searched(hands, who),
                          show=True) as advance:
            review(hands, who, work, base, advance)
    if as_json:
        print(json.dumps(to_json(hands, who, game, work, base), ensure_ascii=False))
        return
    from ..terminal.review import ReviewScreen
    seats = data.get("seats") if isinstance(data.get("seats"), list) else None
    kinds = [str(x) for x in seats] if seats and len(seats) == game.players else \
        [_("seat {seat}").format(seat=s) for s in range(game.players)]
    ReviewScreen(game, hands, who, kinds, interactive=sys.stdin.isatty()).run()
