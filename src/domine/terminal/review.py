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
from .table import PICTURE_WIDTH, hand_result_lines, move_line, seat_name, table_lines, wrap_items

KEYS = "Enter/n next · p previous · d next decision · a number: that position · q quit"
CLASS_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def summary_text(decisions) -> Text:
    """'2 inaccuracies, 1 mistake, 0 blunders · lost 0.41 in 12 decisions'."""
    counts = summary(list(decisions))
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    text = Text()
    for i, name in enumerate(CLASSES):
        n = counts[name]
        if i:
            text.append(", ")
        text.append(f"{n} {name if n == 1 else plural[name]}", style=CLASS_STYLES[name] if n else "")
    text.append(f" · lost {counts['loss']:.3f} in {counts['decisions']} decision"
                f"{'s' if counts['decisions'] != 1 else ''} ({counts['forced']} forced)")
    if counts["cut"]:
        text.append(f" · {counts['cut']} cut short by --think", style="yellow")
    return text


def decision_table(decision) -> Table:
    """Every legal move with its value; the best and the played one marked."""
    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 2, 0, 0))
    table.add_column("move")
    table.add_column("value", justify="right")
    table.add_column("")
    best = decision.best
    for i, move in enumerate(decision.moves):
        marks = []
        if i == best:
            marks.append("best")
        if i == decision.played:
            marks.append("played")
        value = f"{decision.values[i]:+.3f}" if decision.values else "-"
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
        rows.append(Text(f"{self.game.name} · hand {hand.number} · move {k} of {len(hand.moves)} · "
                         f"position {at + 1} of {len(self.positions)} · coaching "
                         f"{seat_name(self.seat, self.kinds)}", style="bold"))
        if k:
            seat, text = hand.moves[k - 1]
            before = hand.positions[k - 1]
            move = before.parse_move(text)
            rows.append(Text("last move: ") + move_line(before, seat, move, self.kinds, show_draws=False,
                                                        viewer=self.seat))
            decision = hand.decisions.get(k)
            if decision is not None:
                rows += self._verdict(decision)
        rows.append(Text("Table:", style="bold"))
        for line in table_lines(state.layout, PICTURE_WIDTH - 2, self.game.ends_by_double):
            rows.append(Text("  ") + line)
        obs = state.observation(self.seat, [])
        if obs.rows is not None:   # a row hidden from its owner too: what the seat has seen of it
            from ..parts.rows import row_text
            rows += wrap_items(Text(f"{seat_name(self.seat, self.kinds)}'s row (front first, ?? unseen, "
                                    "^ face up): ", style="bold"), row_text(obs, self.seat).split(" "), sep=" ")
        else:
            rows += wrap_items(Text(f"{seat_name(self.seat, self.kinds)}'s tiles: ", style="bold"),
                               _tile_names(obs.hand) or ["none"], sep=" ")
        if state.over:
            totals = hand.scores if hand.scores is not None else [0] * len(state.result.points)
            rows += hand_result_lines(state, self.kinds, totals, self.seat)
            rows.append(Text.assemble(("Coach, hand " + str(hand.number) + ": ", "bold"),
                                      summary_text(hand.decisions.values())))
            if h == len(self.hands) - 1:
                every = [d for x in self.hands for d in x.decisions.values()]
                rows.append(Text.assemble(("Coach, the match: ", "bold"), summary_text(every)))
        else:
            to_act = state.acting_seat()
            nxt = hand.decisions.get(k + 1)
            line = Text(f"to play: {seat_name(to_act, self.kinds, self.seat)}")
            if nxt is not None and not nxt.forced:
                line.append(f" · the coach weighs {len(nxt.moves)} moves (next position)", style="dim")
            rows.append(line)
        return Group(*rows)

    def _verdict(self, decision) -> list:
        """The coach on the move just made by the reviewed seat."""
        if decision.forced:
            return [Text("coach: the only legal move", style="dim")]
        if not decision.weighed:
            return [Text("coach: no world fits what the seat saw; nothing to weigh the moves in", style="yellow")]
        out: list = [Text("coach: the value of each move (1 = a hand won; the margin beside it)", style="dim"),
                     decision_table(decision)]
        verdict = decision.verdict
        best = decision.moves[decision.best]
        if decision.best == decision.played:
            line = Text("coach: the best move", style="green")
        else:
            line = Text(f"coach: {best} was best; the move played lost {decision.loss:.3f}")
            if verdict is not None:
                line.append(f": {'an' if verdict == 'inaccuracy' else 'a'} {verdict}", style=CLASS_STYLES[verdict])
        if decision.cut:
            line.append(f" (cut short by --think after {decision.worlds} worlds)", style="yellow")
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
                    answer = self.ask(f"[{KEYS}] > " if self.interactive else "> ").strip().lower()
                except EOFError:
                    if not self.interactive:
                        self.console.print()
                    return
                target = self._target(at, answer)
                if target == "quit":
                    return
                if target is None:
                    self.console.print(Text(f"keys: {KEYS}", style="yellow"))
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


def _tile_names(tiles) -> list[str]:
    from ..engine.tiles import tile_str
    return [tile_str(t) for t in tiles]


__all__ = ["ReviewScreen", "decision_table", "summary_text"]
