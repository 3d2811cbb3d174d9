"""The terminal match loop behind ``domine play``: the table as it goes, the questions a human
seat is asked, the words understood at the prompt (hint, undo, history, ...), the bots' moves.

Imported only when a match is played: everything here is the engine's and the bots'.
"""

from __future__ import annotations

import re
import sys
import threading
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
from ..i18n import _, explain, join, ngettext, number, pgettext, players
from ..i18n import moves as words
from ..records import keep_cuts, note_cut, options_given
from ..terminal.table import (
    CALL_WORDS, PICTURE_WIDTH, REASONS, decision_view, hand_result_lines, match_goal, move_line, points_str,
    scores_text, seat_name, table_lines, winners_text, wrap_items,
)
from .common import HUMAN, options_line
from .info import rules_text


def input_help() -> str:
    """The prompt's help (``?``) in the active language, with the words for moves it reads there."""
    # TRANSLATORS: lines of at most 80 columns; the notation (6-6, 5-3 R, draw, pass) stays as it is
    lines = [_("""\
Type the number of a move from the list, or the move itself:
  6-6          a tile with only one place to go (or the lead)
  5-3 R        a tile and the end it goes on (L/R on a line, N/E/S/W on a cross)
  6-1 L 6      with wild tiles, also the pip you leave open
  2-4 L !      place and call 'one tile' (Ordinary Dominoes' "Jedan Kamen")
  draw, pass   (or d, p)
  (Enter)      plays the only move there is
At the table: hint (the hard bot's move and why), undo (your last move, against
bots), history (this hand's moves), tiles (unseen tiles, what others lack),
score, rules, board (the table again), help or ?, quit."""),
             _("Words for moves, besides the notation (as the moves list shows them):")]
    lines += words.words_help()
    commands = words.commands_help()
    if commands:
        lines += [_("Commands at the table, besides the English ones:")] + commands
    return "\n".join(lines)


#: Words at the prompt -> TerminalMatch.cmd_<name>.
TABLE_COMMANDS = {"hint": "hint", "undo": "undo", "u": "undo", "history": "history", "moves": "history",
                  "tiles": "tiles", "count": "tiles", "rules": "rules", "score": "score", "scores": "score"}

#: Words at the prompt that are no move: the English ones; each language adds its own
#: (``domine.i18n.moves.COMMAND_WORDS``).
HELP_WORDS = ("?", "help")
QUIT_WORDS = ("quit", "exit", "q")
BOARD_WORDS = ("board", "show", "b")


def command_at_prompt(text: str) -> str | None:
    """The command a word typed at the prompt names (a table command, help, board, quit), in
    English or in the active language's words; None for a move."""
    cmd = text.strip().lower()
    if cmd in HELP_WORDS:
        return "help"
    if cmd in QUIT_WORDS:
        return "quit"
    if cmd in BOARD_WORDS:
        return "board"
    if cmd in TABLE_COMMANDS:
        return TABLE_COMMANDS[cmd]
    return words.command_of(cmd) if cmd else None


def quits(text: str) -> bool:
    """Whether a line typed between hands says to stop."""
    return command_at_prompt(text) == "quit"


CLEAR_SCROLLBACK = "\x1b[3J"   # xterm's "erase saved lines"
MOMENT = 0.3   # seconds a bot may think before the table shows that it is thinking


def line_editing() -> bool:
    """Line editing and history at the prompt (the standard library's readline), when a person
    types at a terminal: loaded once, on first use; False where there is none (Windows)."""
    if not sys.stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (input() edits lines once it is loaded)
    except ImportError:
        return False
    return True


def forget_typed_lines() -> None:
    """Empty the prompt's line history (readline), if it is in use."""
    rl = sys.modules.get("readline")
    if rl is not None:
        rl.clear_history()


class UndoMove(Exception):
    """The player takes back their last move (against bots only)."""


def _call_label(state: HandState, move: int) -> str:
    """A move as the list shows it, in the active language's words (``say``): the last-tile
    call said in words."""
    if not kind(move) and move & ANNOUNCE:
        return _("{move} and call {call}").format(move=words.say(state.move_str(move & ~ANNOUNCE)),
                                                  call=repr(_(CALL_WORDS)))
    return words.say(state.move_str(move))


def _party(seat: int) -> str:
    """Who pays or is paid in a game for stakes: the pot, or a seat."""
    return _("the pot") if seat < 0 else _("seat {seat}").format(seat=seat)


def _transfer(seat: int, event: int) -> str:
    """``seat 2 pays 3 to the pot`` / ``the pot pays 9 to seat 0``, in the active language."""
    from ..parts.stakes import amount_of, payee_of
    return _("{payer} pays {amount} to {payee}").format(payer=_party(seat), amount=number(amount_of(event)),
                                                        payee=_party(payee_of(event)))


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
        self.pace = pace            # the least time a bot takes to reply (--speed)
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
        self.shown_kinds = [_("{kind}, your partner").format(kind=k) if self.you_team is not None and s != self.viewer
                            and teams[s] == self.you_team else k for s, k in enumerate(kinds)]
        self.hint_bot = "hard"
        self.rated = False
        self.decisions: list[int] = []   # history lengths before this hand's human choices (undo)
        self.facing: Optional[int] = None   # the human seat the screen shows now
        self.last_seen: dict[int, tuple[int, int]] = {}   # human seat -> (hand, events seen) at its last move

    # -- printing ----------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return seat_name(seat, self.shown_kinds, self.viewer)

    def intro(self) -> None:
        g = self.game
        opts = options_line(options_given(g))
        self.out.rule(Text(pgettext("game name", g.name), style="bold"))
        self.out.print(_("{players} · seed {seed} · {goal}").format(
            players=players(g.players, g.players), seed=self.match.seed, goal=match_goal(g))
            + (_(" · options: {options}").format(options=opts) if opts else ""), markup=False)
        for line in wrap_items(_("Seats: "), [self.name(s) + ("," if s < g.players - 1 else "")
                                           for s in range(g.players)], sep=" "):
            self.out.print(line)
        if g.partnership:
            teams = g.teams(g.players)
            mine = teams[self.viewer] if self.viewer is not None else None
            items = [(_("{team} (you): seats {seats}") if t == mine else _("{team}: seats {seats}")).format(
                team=g.team_name(t), seats=" & ".join(str(s) for s in range(g.players) if teams[s] == t))
                for t in range(max(teams) + 1)]
            for line in wrap_items(_("Teams: "), items, sep=" · "):
                self.out.print(line)
        if self.humans:
            self.out.print(_("Type a move's number or its notation; ? for help, quit to stop."), style="dim",
                           markup=False)

    def hand_intro(self, state: HandState) -> None:
        number = state.context.hand_number
        if self.quiet:
            return
        self.out.rule(_("Hand {number}").format(number=number))
        self.out.print(_("Scores: {scores} · {goal}").format(
            scores=scores_text(self.game, self.match.scores, self.you_team), goal=match_goal(self.game)),
            markup=False)   # the goal, once a hand
        if self.spectating:
            for s in range(state.n):
                for line in wrap_items(_("  {seat} holds ").format(seat=self.name(s)), [tile_str(t) for t in tiles_of(state.hands[s])],
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
            self.out.print(f"  {_transfer(seat, move)}", style="yellow", markup=False)
            return
        self.out.print(move_line(state, seat, move, self.shown_kinds, show_draws=self.spectating,
                                 out_of_turn=out_of_turn, viewer=self.viewer))

    def show_points_on_play(self, state: HandState, before: list) -> None:
        """Points a move scored on the spot (Bergen's headers, All Fives' count), as they are made."""
        if self.quiet or state.hand_points == before:
            return
        made = [f"{self.game.team_name(t)} {'+' if now > was else ''}{points_str(now - was)}"
                for t, (was, now) in enumerate(zip(before, state.hand_points)) if now != was]
        self.out.print(_("  scores on play: {made}").format(made=join(made)), style="green", markup=False)

    def play_result(self, state: HandState) -> None:
        """The play is over and decisions follow (italian 6: buy back in or drop out): the hand's
        result and the totals it makes, the one past the limit, before anyone is asked."""
        totals = [a + b for a, b in zip(self.match.scores, state.result.points)]
        self.out.print(_("Table at the end of the play:"), style="bold", markup=False)
        for line in table_lines(state.layout, PICTURE_WIDTH - 2, self.game.ends_by_double):
            self.out.print(Text("  ") + line)
        for item in hand_result_lines(state, self.shown_kinds, totals, self.viewer):
            self.out.print(item)
        if self.game.target is not None:
            self.out.print(_("Past {target}: each seat over it now buys back in or drops out.").format(
                target=number(self.game.target)), style="yellow", markup=False)

    def hand_end(self, state: HandState, result_shown: bool = False) -> None:
        result = state.result
        totals = self.match.scores
        if result_shown and not self.quiet:   # the result came before the decisions: what they made of it
            self.out.print(Text.assemble((_("totals after the decisions: "), "bold"), scores_text(self.game, totals)))
            self.tokens_end(state)
            return
        if self.quiet:
            why = REASONS.get(result.reason, result.reason)
            if result.reason == "domino" and result.out_seat is not None:
                why = _("{seat} went out").format(seat=self.name(result.out_seat))
            self.out.print(_("Hand {number}: {why}; points {points}; totals {totals}").format(
                number=state.context.hand_number, why=why, points=scores_text(self.game, result.points),
                totals=scores_text(self.game, totals)), markup=False)
            self.tokens_end(state)
            return
        self.out.print(_("Table at the end:"), style="bold", markup=False)
        for line in table_lines(state.layout, PICTURE_WIDTH - 2, self.game.ends_by_double):
            self.out.print(Text("  ") + line)
        for item in hand_result_lines(state, self.shown_kinds, totals, self.viewer):
            self.out.print(item)
        self.tokens_end(state)

    def tokens_end(self, state: HandState) -> None:
        """Games for stakes: the hand's payments, each seat's tokens won, the balances and the pot."""
        if not self.game.stakes:
            return
        from ..parts.stakes import transfers
        paid = "; ".join(f"{_party(a)} → {_party(b)} {number(k)}" for a, b, k in transfers(state.history)) \
            or _("none")
        led = state.rules["ledger"]
        won = ", ".join(f"{self.name(s)} {w:+d}" for s, w in enumerate(led.won()))
        balances = ", ".join(f"{self.name(s)} {number(b)}" for s, b in enumerate(led.balances))
        out = [_("Payments: {paid}").format(paid=paid), _("Tokens won this hand: {won}").format(won=won),
               _("Balances: {balances} · pot {pot}").format(balances=balances, pot=number(led.pot))]
        if led.absent:
            out.append(_("Out of the match: {seats}").format(
                seats=join(self.name(s) for s in range(state.n) if led.absent >> s & 1)))
        for line in out:
            self.out.print(line, style="yellow", markup=False)

    def match_end(self) -> None:
        res = self.match.result
        text = winners_text(self.game, res.winners, self.kinds, self.viewer)
        self.out.rule(Text(_("Match over"), style="bold"))
        self.out.print(ngettext("After {count} hand: {winners}.", "After {count} hands: {winners}.",
                                res.hands).format(count=number(res.hands), winners=text),
                       style="bold green", markup=False)
        self.out.print(_("Final scores: {scores}").format(scores=scores_text(self.game, res.scores)), markup=False)

    # -- deciding ----------------------------------------------------------------------
    def read(self, prompt: str) -> str:
        try:
            if line_editing() and self.out.is_terminal:
                text = input(self.readline_prompt(prompt))   # arrow keys edit the line and recall earlier ones
            else:
                text = self.out.input(prompt)
        except EOFError:
            raise QuitGame("end of input") from None
        except KeyboardInterrupt:
            raise QuitGame("interrupted", 130) from None
        if not sys.stdin.isatty():
            self.out.print(text, markup=False, highlight=False)   # keep piped transcripts readable
        return text

    def readline_prompt(self, prompt: str) -> str:
        """The prompt drawn by Rich, its colour codes marked for readline (\\001 … \\002) so that
        it counts only the visible columns when it redraws the line."""
        with self.out.capture() as captured:
            self.out.print(prompt, end="")
        return re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", captured.get())

    def again(self) -> bool:
        """At the match's end, a person at the table may play another: same game, options and seats."""
        if not self.humans:
            return False
        try:
            text = self.read(_("Play again? (same game, options and seats, a new deal) [y/N] ").replace("[", "\\["))
        except QuitGame:
            return False
        return words.says_yes(text)

    def bot_move(self, state: HandState, seat: int) -> int:
        """The bot's choice; on a terminal a 'thinking…' mark while it takes longer than a moment,
        and its reply comes no sooner than the table's pace after the last move."""
        bot, obs = self.bots[seat], state.observation(seat)
        started = time.monotonic()
        if self.out.is_terminal and not self.quiet:
            move = self.thinking(bot, obs, seat)
        else:
            move = bot.choose(obs)
        rest = self.pace - (time.monotonic() - started)
        if rest > 0 and not self.quiet:
            time.sleep(rest)
        return move

    def thinking(self, bot, obs, seat: int) -> int:
        """``bot.choose(obs)`` in a worker thread; past ``MOMENT`` a spinner says who is thinking."""
        done: dict = {}

        def work() -> None:
            try:
                done["move"] = bot.choose(obs)
            except BaseException as e:   # handed to the table's thread, raised there
                done["error"] = e

        worker = threading.Thread(target=work, name="bot", daemon=True)
        worker.start()
        worker.join(MOMENT)
        if worker.is_alive():
            with self.out.status(Text(_("{seat} is thinking…").format(seat=self.name(seat))), spinner="dots"):
                while worker.is_alive():
                    worker.join(0.05)
        if "error" in done:
            raise done["error"]
        return done["move"]

    def human_move(self, state: HandState, seat: int) -> int:
        obs = state.observation(seat)
        legal = obs.legal_moves
        if len(legal) == 1 and kind(legal[0]) in (DRAW, PASS):
            return legal[0]   # a forced draw or pass needs no question
        self.hand_over_to(state, seat)
        labels = [state.move_str(m) for m in legal]
        said = [words.say(label) for label in labels]   # the notation in the language's words
        shown = [_call_label(state, m) for m in legal]
        title = _("Hand {number} · {seat} to play").format(number=obs.hand_number, seat=self.name(seat))
        if state.offers:
            title += _(" (out of turn: lay the offered double or decline)")

        def show() -> None:
            self.out.rule(title)
            self.out.print(decision_view(state, obs, self.shown_kinds, self.match.scores, shown))

        show()
        prompt = Text.assemble((_("Your move"), "bold cyan"), " ", (
            _("(1 or notation, Enter plays it, ? for help): ") if len(legal) == 1 else
            _("(1-{count} or notation, ? for help): ").format(count=len(legal))))
        while True:
            text = self.read(prompt)
            cmd = text.strip().lower()
            if not cmd:
                if len(legal) == 1:
                    return legal[0]   # Enter alone plays the only move
                continue
            command = command_at_prompt(cmd)
            if command == "help":
                self.out.print(input_help(), markup=False)
                continue
            if command == "quit":
                raise QuitGame("quit")
            if command == "board":
                show()
                continue
            if command is not None:
                getattr(self, "cmd_" + command)(state, obs, seat)
                continue
            if cmd.isascii() and cmd.isdigit():   # a move's number, in 0-9 (others: the parser says why)
                i = int(cmd) if len(cmd) < 10 else 0
                if 1 <= i <= len(legal):
                    return legal[i - 1]
                typed = cmd if len(cmd) < 10 else cmd[:9] + "…"
                self.out.print(_("There is no move {typed}: choose 1 to {count}.").format(typed=typed, count=len(legal)),
                               style="red", markup=False)
                continue
            typed = _norm(text)
            exact = [m for m, *names in zip(legal, labels, said, shown) if typed in map(_norm, names)]
            if len(exact) == 1:
                return exact[0]   # the listed notation always names its move
            read = words.read_move(text, ends=state.layout.end_names())
            try:
                return state.parse_move(read)
            except MoveError as e:   # the reason in the player's language, naming what he typed
                self.out.print(explain(words.refusal(e.reason, text, read)), style="red", markup=False)
                self.out.print(_("(type ? for help)"), style="dim", markup=False)

    # -- what a player may ask at the prompt ---------------------------------------------
    def cmd_hint(self, state: HandState, obs, seat: int) -> None:
        if self.rated:   # a rated match is the player's own play: no bot's advice
            self.out.print(_("No hint: this match is rated."), style="red", markup=False)
            return
        from ..terminal.coach import hint_reasons
        bot = make_bot(self.hint_bot, self.match.seed * 1000 + 97)
        self.out.print(_("thinking..."), style="dim", markup=False)
        move = bot.choose(obs)
        why = hint_reasons(obs, move)
        self.out.print(_("Hint: {move}").format(move=_call_label(state, move)) + (f" ({'; '.join(why)})" if why else ""),
                       style="green", markup=False)

    def cmd_undo(self, state: HandState, obs, seat: int) -> None:
        if self.rated:
            self.out.print(_("No undo: this match is rated."), style="red", markup=False)
        elif len(self.humans) != 1:
            self.out.print(_("No undo with more than one player at the table."), style="red", markup=False)
        elif not self.decisions:
            self.out.print(_("Nothing to undo in this hand yet."), style="red", markup=False)
        else:
            raise UndoMove()

    def cmd_history(self, state: HandState, obs, seat: int) -> None:
        self.out.print(_("Hand {number}, so far:").format(number=state.context.hand_number), style="bold",
                       markup=False)
        if not state.history:
            self.out.print(_("  (no moves yet)"), markup=False)
        for actor, event in state.history:
            if kind(event) == DECLINE and actor != seat:
                continue   # silent at the table
            self.out.print(Text("  ") + move_line(state, actor, event, self.shown_kinds, show_draws=False,
                                                  viewer=seat))

    def cmd_tiles(self, state: HandState, obs, seat: int) -> None:
        if self.rated:   # counting the tiles is the player's own work in a rated match
            self.out.print(_("No tile counter: this match is rated."), style="red", markup=False)
            return
        from ..terminal.coach import tile_counter
        for line in tile_counter(obs):
            self.out.print(line, markup=False)

    def cmd_rules(self, state: HandState, obs, seat: int) -> None:
        source = getattr(self.game, "variant_source", None)
        if source is not None:   # a variant file's game: its rules from its parts
            from ..variants.doc import rules_markdown
            self.out.print(Markdown(rules_markdown(source)))
            return
        try:
            self.out.print(Markdown(rules_text(self.game.id)))
        except OSError:
            self.out.print(_("No rules text is installed for {game}.").format(game=self.game.id), markup=False)

    def cmd_score(self, state: HandState, obs, seat: int) -> None:
        you = obs.teams[seat] if self.game.partnership else None
        self.out.print(_("Scores: {scores} ({goal})").format(scores=scores_text(self.game, self.match.scores, you),
                                                              goal=match_goal(self.game)), markup=False)
        if any(obs.hand_points):
            self.out.print(_("This hand so far: {scores}").format(scores=scores_text(self.game, obs.hand_points, you)),
                           markup=False)

    def wipe(self) -> None:
        """Clear the screen and the terminal's scrollback (ESC[3J: Rich's clear leaves the lines
        above, where the last player's hand could be read again); a rule when not a terminal."""
        if self.out.is_terminal:
            self.out.clear()
            self.out.file.write(CLEAR_SCROLLBACK)
            self.out.file.flush()
        else:
            self.out.rule()
        forget_typed_lines()   # the arrow keys must not bring back what the last player typed

    def hand_over_to(self, state: HandState, seat: int) -> None:
        """Friends at one screen: wipe it, wait until the next player has the keyboard, then tell
        him what happened since his last turn (what his seat may see of it) before his hand."""
        if len(self.humans) < 2 or self.facing == seat:
            return
        self.wipe()
        self.read(Text(_("Pass the keyboard to {seat}, then press Enter").format(seat=self.name(seat)) + " ",
                       style="bold"))
        self.wipe()
        self.facing = seat
        self.since_last_turn(state, seat)

    def since_last_turn(self, state: HandState, seat: int) -> None:
        """The events of this hand since ``seat``'s last move, as that seat sees them
        (``events_since``: others' drawn tiles hidden)."""
        hand, seq = self.last_seen.get(seat, (0, 0))
        if hand != state.context.hand_number:
            seq = 0
        shown = [e for e in state.events_since(seq, seat) if kind(e.payload) not in (SCORE, END)]
        if not shown:
            return
        self.out.print(_("Since your last turn ({seat}):").format(seat=self.name(seat)), style="bold", markup=False)
        for e in shown:
            if kind(e.payload) == TOKENS:
                self.out.print(f"  {_transfer(e.actor, e.payload)}", style="yellow", markup=False)
                continue
            self.out.print(Text("  ") + move_line(state, e.actor, e.payload, self.shown_kinds, show_draws=False,
                                                  viewer=seat))

    def rewind(self, state: HandState, length: int) -> HandState:
        """The hand played again from its deal up to its first ``length`` events (undo)."""
        fresh = HandState.from_events(self.game, state.deal, state.history[:length], state.context,
                                      state.deal.origin)
        self.match.current = fresh
        keep_cuts(self.match, fresh)   # the cuts of the moves taken back go with them
        taken = len(state.history) - length
        self.out.print(ngettext("Undone: back to your move ({count} event taken back).",
                                "Undone: back to your move ({count} events taken back).", taken).format(count=taken),
                       style="yellow", markup=False)
        return fresh

    def changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.match)

    def between_hands(self) -> None:
        """After a hand: wait for Enter before the next one (or the match's end)."""
        if self.wait and not self.quiet:
            text = self.read(Text(_("Press Enter to go on (quit to stop)") + " ", style="dim"))
            if quits(text):
                raise QuitGame("quit")

    def play(self) -> None:
        match = self.match
        self.intro()
        while not match.over:
            resumed = match.current is not None
            state = match.current if resumed else match.start_hand()
            self.hand_intro(state)
            if resumed:
                self.out.print(ngettext("Resumed after {count} event of this hand:",
                                        "Resumed after {count} events of this hand:", len(state.history)).format(
                    count=len(state.history)), style="yellow", markup=False)
            for seat, event in state.history:   # forced events before any move (troli: a tile turned up)
                self.show_move(state, seat, event, False)
            self.decisions = []
            result_shown = False
            while not state.over:
                if state.result is not None and not result_shown and not self.quiet:
                    self.play_result(state)   # decisions after the play: the result first
                    result_shown = True
                seat = state.acting_seat()
                out_of_turn = bool(state.offers)
                if seat in self.bots:
                    move = self.bot_move(state, seat)
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
                if seat in self.humans:
                    self.last_seen[seat] = (state.context.hand_number, len(state.history))
                self.changed()
            match.finish_hand()
            self.changed()
            self.hand_end(state, result_shown)
            self.between_hands()
        self.match_end()

