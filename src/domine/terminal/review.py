"""The coach at the terminal: a recorded match, position by position, forwards and back.

Each position shows the move that led to it, the table, and the reviewed seat's own tiles
(its observation: nothing it could not see); where that seat decided, the value of every
move it could make, the best one, what the move played lost and its class
(``domine.bots.review``); at a hand's end its result and the coach's summary of the hand.

Keys, a line each (so a pipe works as well as a keyboard): Enter or ``n`` the next position,
``p`` the one before, a number that position, ``d`` the seat's next decision, ``q`` quit;
the end of the input quits too.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..bots.review import CLASSES, ReviewedHand, summary
from ..games.base import Game
from ..i18n import BABEL_LOCALE, _, current, ngettext, pgettext
from .table import PICTURE_WIDTH, hand_result_lines, move_line, seat_name, table_lines, wrap_items

KEYS = "Enter/n next · p previous · d next decision · a number: that position · q quit"
CLASS_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def keys_text() -> str:
    """``KEYS`` in the active language (the keys themselves are the same in every language)."""
    # TRANSLATORS: the review screen's keys; {enter}, {n}, {p}, {d}, {q} are the keys themselves
    # (Enter, n, p, d, q), which stay as they are in every language
    return _("{enter}/{n} next · {p} previous · {d} next decision · a number: that position · {q} quit").format(
        enter="Enter", n="n", p="p", d="d", q="q")


def value_str(value: float, sign: bool = False) -> str:
    """A value of the coach to three decimals ('0.410', '+0.125'), with the language's decimal sign."""
    text = f"{value:+.3f}" if sign else f"{value:.3f}"
    if current() == "en":
        return text
    from babel.numbers import get_decimal_symbol, get_minus_sign_symbol
    locale = BABEL_LOCALE[current()]
    return text.replace(".", get_decimal_symbol(locale)).replace("-", get_minus_sign_symbol(locale))


def class_count(name: str, n: int) -> str:
    """'1 inaccuracy', '2 mistakes', '0 blunders'."""
    if name == "inaccuracy":
        return ngettext("{count} inaccuracy", "{count} inaccuracies", n).format(count=n)
    if name == "mistake":
        return ngettext("{count} mistake", "{count} mistakes", n).format(count=n)
    return ngettext("{count} blunder", "{count} blunders", n).format(count=n)


def summary_text(decisions) -> Text:
    """'2 inaccuracies, 1 mistake, 0 blunders · lost 0.41 in 12 decisions'."""
    counts = summary(list(decisions))
    text = Text()
    for i, name in enumerate(CLASSES):
        n = counts[name]
        if i:
            text.append(", ")
        text.append(class_count(name, n), style=CLASS_STYLES[name] if n else "")
    # TRANSLATORS: the value the seat's moves lost against the best ones, over its decisions
    # (of which {forced} had one legal move only)
    text.append(" · " + ngettext("lost {loss} in {count} decision ({forced} forced)",
                                 "lost {loss} in {count} decisions ({forced} forced)", counts["decisions"])
                .format(loss=value_str(counts["loss"]), count=counts["decisions"], forced=counts["forced"]))
    if counts["cut"]:
        # TRANSLATORS: decisions whose search the --think limit stopped early
        text.append(" · " + _("{count} cut short by --think").format(count=counts["cut"]), style="yellow")
    return text


def decision_table(decision) -> Table:
    """Every legal move with its value; the best and the played one marked."""
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 2, 0, 0))
    # TRANSLATORS: the coach's table: each legal move, its value, and marks "best", "played"
    table.add_column(pgettext("coach", "move"))
    table.add_column(pgettext("coach", "value"), justify="right")
    table.add_column("")
    best = decision.best
    for i, move in enumerate(decision.moves):
        marks = []
        if i == best:
            marks.append(pgettext("coach", "best"))
        if i == decision.played:
            marks.append(pgettext("coach", "played"))
        value = value_str(decision.values[i], sign=True) if decision.values else "-"
        style = "bold green" if i == best else "bold" if i == decision.played else ""
        table.add_row(Text(move, style=style), value, ", ".join(marks))
    return table


class ReviewScreen:
    """Steps through ``hands`` (analysed for ``seat``), drawing each position on ``console``."""

    def __init__(self, game: Game, hands: Sequence[ReviewedHand], seat: int, kinds: Sequence[str],
                 console: Console | None = None, interactive: bool = False,
                 ask: Callable[[str], str] | None = None):
        self.game, self.hands, self.seat, self.kinds = game, list(hands), seat, list(kinds)
        self.console = console or Console(highlight=False)
        self.interactive = interactive
        self.ask = ask or input
        # every position of the match: (hand index, moves made)
        self.positions = [(h, k) for h in range(len(self.hands)) for k in range(len(self.hands[h].positions))]

    # -- what a position shows -----------------------------------------------------------------
    def view(self, at: int) -> Group:
        h, k = self.positions[at]
        hand = self.hands[h]
        state = hand.positions[k]
        rows: list = []
        # TRANSLATORS: the review screen's heading: the game, the hand, the move in it, the position
        # in the whole match, and the seat the coach reviews
        rows.append(Text(_("{game} · hand {hand} · move {move} of {moves} · position {position} of {positions}"
                           " · coaching {seat}").format(
            game=pgettext("game name", self.game.name), hand=hand.number, move=k, moves=len(hand.moves),
            position=at + 1, positions=len(self.positions), seat=seat_name(self.seat, self.kinds)), style="bold"))
        if k:
            seat, text = hand.moves[k - 1]
            before = hand.positions[k - 1]
            move = before.parse_move(text)
            rows.append(Text(_("last move:") + " ") + move_line(before, seat, move, self.kinds, show_draws=False,
                                                        viewer=self.seat))
            decision = hand.decisions.get(k)
            if decision is not None:
                rows += self._verdict(decision)
        rows.append(Text(_("Table:"), style="bold"))
        for line in table_lines(state.layout, PICTURE_WIDTH - 2, self.game.ends_by_double):
            rows.append(Text("  ") + line)
        obs = state.observation(self.seat, [])
        if obs.rows is not None:   # a row hidden from its owner too: what the seat has seen of it
            from .table import row_words
            rows += wrap_items(Text(_("{seat}'s row (front first, ?? unseen, ^ face up):").format(
                seat=seat_name(self.seat, self.kinds)) + " ", style="bold"), row_words(obs, self.seat).split(" "), sep=" ")
        else:
            rows += wrap_items(Text(_("{seat}'s tiles:").format(seat=seat_name(self.seat, self.kinds)) + " ",
                                    style="bold"), _tile_names(obs.hand) or [pgettext("tiles", "none")], sep=" ")
        if state.over:
            totals = hand.scores if hand.scores is not None else [0] * len(state.result.points)
            rows += hand_result_lines(state, self.kinds, totals, self.seat)
            rows.append(Text.assemble((_("Coach, hand {number}:").format(number=hand.number) + " ", "bold"),
                                      summary_text(hand.decisions.values())))
            if h == len(self.hands) - 1:
                every = [d for x in self.hands for d in x.decisions.values()]
                rows.append(Text.assemble((_("Coach, the match:") + " ", "bold"), summary_text(every)))
        else:
            to_act = state.acting_seat()
            nxt = hand.decisions.get(k + 1)
            line = Text(_("to play: {seat}").format(seat=seat_name(to_act, self.kinds, self.seat)))
            if nxt is not None and not nxt.forced:
                line.append(" · " + ngettext("the coach weighs {count} move (next position)",
                                             "the coach weighs {count} moves (next position)", len(nxt.moves))
                            .format(count=len(nxt.moves)), style="dim")
            rows.append(line)
        return Group(*rows)

    def _verdict(self, decision) -> list:
        """The coach on the move just made by the reviewed seat."""
        if decision.forced:
            return [Text(_("coach: the only legal move"), style="dim")]
        if not decision.weighed:
            # TRANSLATORS: the coach found no deal of the unseen tiles that agrees with what the
            # seat saw, so it could not value the moves
            return [Text(_("coach: no world fits what the seat saw; nothing to weigh the moves in"), style="yellow")]
        # TRANSLATORS: how to read the coach's values: 1 is a hand won, and the margin of points
        # beside it adds a little
        out: list = [Text(_("coach: the value of each move (1 = a hand won; the margin beside it)"), style="dim"),
                     decision_table(decision)]
        verdict = decision.verdict
        best = decision.moves[decision.best]
        if decision.best == decision.played:
            line = Text(_("coach: the best move"), style="green")
        else:
            line = Text(_("coach: {best} was best; the move played lost {loss}").format(
                best=best, loss=value_str(decision.loss)))
            if verdict is not None:
                line.append(": " + verdict_words(verdict), style=CLASS_STYLES[verdict])
        if decision.cut:
            line.append(" " + ngettext("(cut short by --think after {count} world)",
                                       "(cut short by --think after {count} worlds)", decision.worlds)
                        .format(count=decision.worlds), style="yellow")
        out.append(line)
        return out

    # -- stepping --------------------------------------------------------------------------------
    def run(self) -> None:
        at = 0
        while True:
            if self.interactive:
                self.console.clear()
            self.console.print(self.view(at))
            while True:
                try:
                    answer = self.ask(f"[{keys_text()}] > " if self.interactive else "> ").strip().lower()
                except EOFError:
                    if not self.interactive:
                        self.console.print()
                    return
                target = self._target(at, answer)
                if target == "quit":
                    return
                if target is None:
                    self.console.print(Text(_("keys: {keys}").format(keys=keys_text()), style="yellow"))
                    continue
                if not self.interactive:
                    self.console.print()
                at = target
                break

    def _target(self, at: int, answer: str):
        """The position an answer asks for; 'quit'; None for an answer that means nothing."""
        last = len(self.positions) - 1
        if answer in ("", "n", "next"):
            return min(at + 1, last)
        if answer in ("p", "prev", "previous", "b", "back"):
            return max(at - 1, 0)
        if answer in ("q", "quit", "exit"):
            return "quit"
        if answer in ("d", "decision"):
            for i in range(at + 1, len(self.positions)):
                h, k = self.positions[i]
                if k and k in self.hands[h].decisions:
                    return i
            return last
        if answer.isascii() and answer.isdigit():
            return min(max(int(answer), 1), last + 1) - 1
        return None


def verdict_words(verdict: str) -> str:
    """'an inaccuracy', 'a mistake', 'a blunder': how much a move lost, as the coach names it."""
    # TRANSLATORS: the coach's classes of a move that lost value, smallest first
    return {"inaccuracy": pgettext("verdict", "an inaccuracy"), "mistake": pgettext("verdict", "a mistake"),
            "blunder": pgettext("verdict", "a blunder")}[verdict]


def _tile_names(tiles) -> list[str]:
    from ..engine.tiles import tile_str
    return [tile_str(t) for t in tiles]


__all__ = ["ReviewScreen", "decision_table", "summary_text"]
