"""The terminal match loop behind ``domine play``: the table as it goes, the questions a human
seat is asked, the words understood at the prompt (hint, undo, history, ...), the bots' moves.

Imported only when a match is played: everything here is the engine's and the bots'.
"""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from ..bots import make_bot
from ..engine.hand import HandState
from ..engine.match import Match
from ..engine.moves import ANNOUNCE, DECLINE, DRAW, END, PASS, SCORE, TOKENS, MoveError, kind
from ..engine.tiles import tile_str, tiles_of
from ..games.base import Game
from ..records import keep_cuts, note_cut, options_given
from ..terminal.table import (
    CALL_WORDS, PICTURE_WIDTH, REASONS, decision_view, hand_result_lines, match_goal, move_line, points_str,
    scores_text, seat_name, table_lines, winners_text, wrap_items,
)
from .common import HUMAN, options_line
from .info import rules_text

INPUT_HELP = """\
Type the number of a move from the list, or the move itself:
  6-6          a tile with only one place to go (or the lead)
  5-3 R        a tile and the end it goes on (L/R on a line, N/E/S/W on a cross)
  6-1 L 6      with wild tiles, also the pip you leave open
  2-4 L !      place and call 'one tile' (Ordinary Dominoes' "Jedan Kamen")
  draw, pass   (or d, p)
  (Enter)      plays the only move there is
At the table: hint (the hard bot's move and why), undo (your last move, against
bots), history (this hand's moves), tiles (unseen tiles, what others lack),
score, rules, board (the table again), help or ?, quit."""


#: Words at the prompt -> TerminalMatch.cmd_<name>.
TABLE_COMMANDS = {"hint": "hint", "undo": "undo", "u": "undo", "history": "history", "moves": "history",
                  "tiles": "tiles", "count": "tiles", "rules": "rules", "score": "score", "scores": "score"}


class UndoMove(Exception):
    """The player takes back their last move (against bots only)."""


def _call_label(state: HandState, move: int) -> str:
    """A move as the list shows it: the last-tile call said in words."""
    if not kind(move) and move & ANNOUNCE:
        return f"{state.move_str(move & ~ANNOUNCE)} and call {CALL_WORDS!r}"
    return state.move_str(move)


class QuitGame(Exception):
    """The match stops before its end: the player quit, input ended or Ctrl-C (exit code `code`)."""

    def __init__(self, why: str, code: int = 0):
        super().__init__(why)
        self.why, self.code = why, code


def _norm(text: str) -> str:
    return " ".join(text.replace(",", " ").split()).lower()


class TerminalMatch:
    """One terminal match: the match, who sits where, and what to print."""

    def __init__(self, game: Game, kinds: list[str], seed: Optional[int], quiet: bool, out: Console,
                 match: Optional[Match] = None, pace: float = 0.0, wait: bool = False,
                 on_change: Optional[Callable[[Match], None]] = None):
        self.game = game
        self.kinds = kinds
        self.match = match if match is not None else Match(game, seed=seed)
        self.pace = pace            # seconds after each bot move (--speed)
        self.wait = wait            # wait for Enter after each hand
        self.on_change = on_change  # called after every move and hand (the record written as it goes)
        self.bots = {s: make_bot(k, self.match.seed * 1000 + s) for s, k in enumerate(kinds) if k != HUMAN}
        self.humans = [s for s, k in enumerate(kinds) if k == HUMAN]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.spectating = not self.humans
        self.quiet = quiet and self.spectating
        self.out = out
        # as the table shows them: your partner marked (records keep self.kinds)
        teams = game.teams(game.players)
        self.you_team = teams[self.viewer] if game.partnership and self.viewer is not None else None
        self.shown_kinds = [f"{k}, your partner" if self.you_team is not None and s != self.viewer
                            and teams[s] == self.you_team else k for s, k in enumerate(kinds)]
        self.hint_bot = "hard"
        self.rated = False
        self.decisions: list[int] = []   # history lengths before this hand's human choices (undo)
        self.facing: Optional[int] = None   # the human seat the screen shows now

    # -- printing ----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return seat_name(seat, self.shown_kinds, self.viewer)

    def intro(self) -> None:
        g = self.game
        opts = options_line(options_given(g))
        self.out.rule(f"[bold]{g.name}[/bold]")
        self.out.print(f"{g.players} players · seed {self.match.seed} · {match_goal(g)}"
                       + (f" · options: {opts}" if opts else ""), markup=False)
        for line in wrap_items("Seats: ", [self.name(s) + ("," if s < g.players - 1 else "")
                                           for s in range(g.players)], sep=" "):
            self.out.print(line)
        if g.partnership:
            teams = g.teams(g.players)
            mine = teams[self.viewer] if self.viewer is not None else None
            items = [f"{g.team_name(t)}{' (you)' if t == mine else ''}: seats "
                     f"{' & '.join(str(s) for s in range(g.players) if teams[s] == t)}"
                     for t in range(max(teams) + 1)]
            for line in wrap_items("Teams: ", items, sep=" · "):
                self.out.print(line)
        if self.humans:
            self.out.print("[dim]Type a move's number or its notation; ? for help, quit to stop.[/dim]")

    def hand_intro(self, state: HandState) -> None:
        number = state.context.hand_number
        if self.quiet:
            return
        self.out.rule(f"Hand {number}")
        self.out.print(f"Scores: {scores_text(self.game, self.match.scores, self.you_team)}"
                       f" · {match_goal(self.game)}", markup=False)   # the goal, once a hand
        if self.spectating:
            for s in range(state.n):
                for line in wrap_items(f"  {self.name(s)} holds ", [tile_str(t) for t in tiles_of(state.hands[s])],
                                       sep=" "):
                    self.out.print(line)

    def show_move(self, state: HandState, seat: int, move: int, out_of_turn: bool) -> None:
        if self.quiet:
            return
        if kind(move) == DECLINE and not self.spectating and seat not in self.humans:
            return   # a bot silently declining an out-of-turn double: the table does not see it
        if kind(move) in (SCORE, END):
            return   # shown as the table's scores on play and the hand's result
        if kind(move) == TOKENS:   # games for stakes: every payment, as it is made
            from ..parts.stakes import transfer_str
            self.out.print(f"  {transfer_str(seat, move)}", style="yellow", markup=False)
            return
        self.out.print(move_line(state, seat, move, self.shown_kinds, show_draws=self.spectating,
                                 out_of_turn=out_of_turn, viewer=self.viewer))

    def show_points_on_play(self, state: HandState, before: list) -> None:
        """Points a move scored on the spot (Bergen's headers, All Fives' count), as they are made."""
        if self.quiet or state.hand_points == before:
            return
        made = [f"{self.game.team_name(t)} {'+' if now > was else ''}{points_str(now - was)}"
                for t, (was, now) in enumerate(zip(before, state.hand_points)) if now != was]
        self.out.print(f"  scores on play: {', '.join(made)}", style="green", markup=False)

    def hand_end(self, state: HandState) -> None:
        result = state.result
        totals = self.match.scores
        if self.quiet:
            why = REASONS.get(result.reason, result.reason)
            if result.reason == "domino" and result.out_seat is not None:
                why = f"{self.name(result.out_seat)} went out"
            self.out.print(f"Hand {state.context.hand_number}: {why}; points {scores_text(self.game, result.points)};"
                           f" totals {scores_text(self.game, totals)}", markup=False)
            self.tokens_end(state)
            return
        self.out.print("[bold]Table at the end:[/bold]")
        for line in table_lines(state.layout, PICTURE_WIDTH - 2, self.game.ends_by_double):
            self.out.print(Text("  ") + line)
        for item in hand_result_lines(state, self.shown_kinds, totals, self.viewer):
            self.out.print(item)
        self.tokens_end(state)

    def tokens_end(self, state: HandState) -> None:
        """Games for stakes: the hand's payments, each seat's tokens won, the balances and the pot."""
        if not self.game.stakes:
            return
        from ..parts.stakes import party, transfers
        paid = "; ".join(f"{party(a)} → {party(b)} {k}" for a, b, k in transfers(state.history)) or "none"
        led = state.rules["ledger"]
        won = ", ".join(f"{self.name(s)} {w:+d}" for s, w in enumerate(led.won()))
        balances = ", ".join(f"{self.name(s)} {b}" for s, b in enumerate(led.balances))
        out = [f"Payments: {paid}", f"Tokens won this hand: {won}", f"Balances: {balances} · pot {led.pot}"]
        if led.absent:
            out.append("Out of the match: " + ", ".join(self.name(s) for s in range(state.n) if led.absent >> s & 1))
        for line in out:
            self.out.print(line, style="yellow", markup=False)

    def match_end(self) -> None:
        res = self.match.result
        text = winners_text(self.game, res.winners, self.kinds, self.viewer)
        self.out.rule("[bold]Match over[/bold]")
        self.out.print(f"After {res.hands} hand{'s' if res.hands != 1 else ''}: {text}.", style="bold green",
                       markup=False)
        self.out.print(f"Final scores: {scores_text(self.game, res.scores)}", markup=False)

    # -- deciding ----------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        try:
            text = self.out.input(prompt)
        except EOFError:
            raise QuitGame("end of input") from None
        except KeyboardInterrupt:
            raise QuitGame("interrupted", 130) from None
        if not sys.stdin.isatty():
            self.out.print(text, markup=False, highlight=False)   # keep piped transcripts readable
        return text

    def human_move(self, state: HandState, seat: int) -> int:
        obs = state.observation(seat)
        legal = obs.legal_moves
        if len(legal) == 1 and kind(legal[0]) in (DRAW, PASS):
            return legal[0]   # a forced draw or pass needs no question
        self.hand_over_to(seat)
        labels = [state.move_str(m) for m in legal]
        shown = [_call_label(state, m) for m in legal]
        title = f"Hand {obs.hand_number} · {self.name(seat)} to play"
        if state.offers:
            title += " (out of turn: lay the offered double or decline)"

        def show() -> None:
            self.out.rule(title)
            self.out.print(decision_view(state, obs, self.shown_kinds, self.match.scores, shown))

        show()
        while True:
            hint = "1" if len(legal) == 1 else f"1-{len(legal)}"
            forced = ", Enter plays it" if len(legal) == 1 else ""
            text = self.read(f"[bold cyan]Your move[/bold cyan] ({hint} or notation{forced}, ? for help): ")
            cmd = text.strip().lower()
            if not cmd:
                if len(legal) == 1:
                    return legal[0]   # Enter alone plays the only move
                continue
            if cmd in ("?", "help"):
                self.out.print(INPUT_HELP, markup=False)
                continue
            if cmd in ("quit", "exit", "q"):
                raise QuitGame("quit")
            if cmd in ("board", "show", "b"):
                show()
                continue
            if cmd in TABLE_COMMANDS:
                getattr(self, "cmd_" + TABLE_COMMANDS[cmd])(state, obs, seat)
                continue
            if cmd.isdigit():
                i = int(cmd)
                if 1 <= i <= len(legal):
                    return legal[i - 1]
                self.out.print(f"There is no move {i}: choose 1 to {len(legal)}.", style="red", markup=False)
                continue
            exact = [m for m, label, said in zip(legal, labels, shown) if _norm(text) in (_norm(label), _norm(said))]
            if len(exact) == 1:
                return exact[0]   # the listed notation always names its move
            try:
                return state.parse_move(text)
            except MoveError as e:
                self.out.print(f"{e}", style="red", markup=False)
                self.out.print("(type ? for help)", style="dim")

    # -- what a player may ask at the prompt ---------------------------------------------
    def cmd_hint(self, state: HandState, obs, seat: int) -> None:
        from ..terminal.coach import hint_reasons
        bot = make_bot(self.hint_bot, self.match.seed * 1000 + 97)
        self.out.print("[dim]thinking...[/dim]")
        move = bot.choose(obs)
        why = hint_reasons(obs, move)
        self.out.print(f"Hint: {_call_label(state, move)}" + (f" ({'; '.join(why)})" if why else ""),
                       style="green", markup=False)

    def cmd_undo(self, state: HandState, obs, seat: int) -> None:
        if self.rated:
            self.out.print("No undo: this match is rated.", style="red", markup=False)
        elif len(self.humans) != 1:
            self.out.print("No undo with more than one player at the table.", style="red", markup=False)
        elif not self.decisions:
            self.out.print("Nothing to undo in this hand yet.", style="red", markup=False)
        else:
            raise UndoMove()

    def cmd_history(self, state: HandState, obs, seat: int) -> None:
        self.out.print(f"[bold]Hand {state.context.hand_number}, so far:[/bold]")
        if not state.history:
            self.out.print("  (no moves yet)")
        for actor, event in state.history:
            if kind(event) == DECLINE and actor != seat:
                continue   # silent at the table
            self.out.print(Text("  ") + move_line(state, actor, event, self.shown_kinds, show_draws=False,
                                                  viewer=seat))

    def cmd_tiles(self, state: HandState, obs, seat: int) -> None:
        from ..terminal.coach import tile_counter
        for line in tile_counter(obs):
            self.out.print(line, markup=False)

    def cmd_rules(self, state: HandState, obs, seat: int) -> None:
        try:
            self.out.print(Markdown(rules_text(self.game.id)))
        except OSError:
            self.out.print(f"No rules text is installed for {self.game.id}.", markup=False)

    def cmd_score(self, state: HandState, obs, seat: int) -> None:
        you = obs.teams[seat] if self.game.partnership else None
        self.out.print(f"Scores: {scores_text(self.game, self.match.scores, you)} ({match_goal(self.game)})",
                       markup=False)
        if any(obs.hand_points):
            self.out.print(f"This hand so far: {scores_text(self.game, obs.hand_points, you)}", markup=False)

    def hand_over_to(self, seat: int) -> None:
        """Friends at one screen: clear it and wait until the next player has it."""
        if len(self.humans) < 2 or self.facing == seat:
            return
        if self.out.is_terminal:
            self.out.clear()
        else:
            self.out.rule()
        self.read(f"[bold]Pass the screen to {self.name(seat)}, then press Enter[/bold] ")
        if self.out.is_terminal:
            self.out.clear()
        self.facing = seat

    def rewind(self, state: HandState, length: int) -> HandState:
        """The hand played again from its deal up to its first ``length`` events (undo)."""
        fresh = HandState.from_events(self.game, state.deal, state.history[:length], state.context,
                                      state.deal.origin)
        self.match.current = fresh
        keep_cuts(self.match, fresh)   # the cuts of the moves taken back go with them
        self.out.print(f"Undone: back to your move ({len(state.history) - length} events taken back).",
                       style="yellow", markup=False)
        return fresh

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.match)

    def pause(self, seat: int) -> None:
        if self.pace > 0 and seat in self.bots and not self.quiet:
            time.sleep(self.pace)

    def between_hands(self) -> None:
        """After a hand: wait for Enter before the next one (or the match's end)."""
        if self.wait and not self.quiet:
            text = self.read("[dim]Press Enter to go on (quit to stop)[/dim] ")
            if text.strip().lower() in ("quit", "exit", "q"):
                raise QuitGame("quit")

    def play(self) -> None:
        match = self.match
        self.intro()
        while not match.over:
            resumed = match.current is not None
            state = match.current if resumed else match.start_hand()
            self.hand_intro(state)
            if resumed:
                self.out.print(f"Resumed after {len(state.history)} events of this hand:", style="yellow",
                               markup=False)
            for seat, event in state.history:   # forced events before any move (troli: a tile turned up)
                self.show_move(state, seat, event, False)
            self.decisions = []
            while not state.over:
                seat = state.acting_seat()
                out_of_turn = bool(state.offers)
                if seat in self.bots:
                    move = self.bots[seat].choose(state.observation(seat))
                    note_cut(match, state, getattr(self.bots[seat], "last_decision_cut", None))   # for the record
                else:
                    try:
                        move = self.human_move(state, seat)
                    except UndoMove:
                        state = self.rewind(state, self.decisions.pop())
                        self.changed()
                        continue
                    if len(state.legal_moves()) > 1:
                        self.decisions.append(len(state.history))
                start = len(state.history)
                before = state.hand_points[:]
                state.apply(move)
                self.show_move(state, seat, state.history[start][1], out_of_turn)
                self.show_points_on_play(state, before)
                for actor, event in state.history[start + 1:]:   # forced events the move led to
                    self.show_move(state, actor, event, False)
                self.changed()
                self.pause(seat)
            match.finish_hand()
            self.changed()
            self.hand_end(state)
            self.between_hands()
        self.match_end()

