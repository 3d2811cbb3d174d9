"""The ``domine`` command: list games, read rules, play, simulate, replay and draw matches.

Every failure a user can cause (an unknown game, a bad option, a missing or
broken file) is reported in one red line, never with a traceback: exit code 2
for usage errors, 1 for a record that does not replay (``replay``; ``render``,
which only draws, says 2 for any record it cannot draw), 130 for Ctrl-C.
"""

from __future__ import annotations

import json
import os
import sys
import time
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Callable, Iterator, NoReturn, Optional

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from ..bots import BOTS, BotError, make_bot, parse_duration, with_think
from ..games.base import Game, GameError
from ..games import GAMES, game_class, make_game
from ..engine.hand import Deal, HandState
from ..engine.match import Match
from ..engine.moves import ANNOUNCE, DECLINE, DRAW, KIND_MASK, PASS, TOKENS, MoveError, bare, kind, kind_of
from ..records import (
    RecordError, load_record, match_record, options_given, replay, resume_match, save_record_atomically,
    strict_difference,
)
from ..sim.simulate import Simulation, simulate
from ..terminal.table import (
    CALL_WORDS, PICTURE_WIDTH, REASONS, decision_view, hand_result_lines, points_str, match_goal, move_line, scores_text, seat_name,
    table_lines, winners_text, wrap_items,
)
from ..engine.tiles import tile_str, tiles_of

app = typer.Typer(
    name="domine",
    help="Play, simulate and replay domino games of the Balkan, Central European and international traditions.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # plain help: flags show as flags (-q, --quiet) and defaults as typed, whatever the Typer version
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# Parameters several commands share.
GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id or alias (see 'domine list').")]
PlayersOption = Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players.")]
JobsOption = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
def _think(value: object) -> float:
    return _duration(value, "--think")


ThinkOption = Annotated[Optional[float], typer.Option(
    "--think", metavar="TIME", parser=_think,
    help="Time limit per decision for the search bots (search, hard): 0.5, 0.5s, 50ms, 1m.")]
GameOptions = Annotated[Optional[list[str]], typer.Option(
    "--option", "-o", metavar="KEY=VALUE", help="Game option key=value (repeatable; see 'domine rules GAME').")]

RecordDirOption = Annotated[Optional[Path], typer.Option(
    "--record-dir", metavar="DIR", help="Write every match (arena: every play) as a JSON record into DIR.")]
JsonlOption = Annotated[Optional[Path], typer.Option(
    "--jsonl", metavar="FILE", help="Write every match (arena: every play) as a record, one JSON line each.")]

HUMAN = "human"
HUMAN_NAMES = {"human", "you", "me", "h"}

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
    if not move & KIND_MASK and move & ANNOUNCE:
        return f"{state.move_str(move & ~ANNOUNCE)} and call {CALL_WORDS!r}"
    return state.move_str(move)


class UserError(Exception):
    """A usage error found by the command line itself."""


class QuitGame(Exception):
    def __init__(self, why: str, code: int = 0):
        super().__init__(why)
        self.why, self.code = why, code


def _out() -> Console:
    # Made per call so that output follows sys.stdout (as redirected by tests).
    # Long lines wrap between words at the console's width (80 columns when piped), never inside one.
    return Console(highlight=False, soft_wrap=False)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)   # an error is one line, paths whole


def fail(message: str, code: int = 2) -> NoReturn:
    _err().print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(code)


def _os_message(e: OSError) -> str:
    if e.filename is not None and e.strerror:
        return f"{e.filename}: {e.strerror}"
    return str(e)


@contextmanager
def handled() -> Iterator[None]:
    """Turn the engine's errors into one red line and exit code 2."""
    try:
        yield
    except (GameError, BotError, MoveError, RecordError, UserError) as e:
        fail(str(e))
    except OSError as e:
        fail(_os_message(e))


def parse_options(items: Optional[list[str]]) -> dict[str, str]:
    """``key=value`` strings into a dict; a bare ``key`` means ``key=yes``. Types are the game's to check."""
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not key:
            raise UserError(f"--option takes key=value, not {item!r}")
        out[key] = value.strip() if sep else ""
    return out


def option_text(value: object) -> str:
    """An option's value as a user types it: yes/no for flags."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def options_line(options: dict) -> str:
    return ", ".join(f"{k}={option_text(v)}" for k, v in options.items())


def _players_text(cls: type[Game]) -> str:
    lo, hi = cls.min_players, cls.max_players
    return str(lo) if lo == hi else f"{lo}-{hi}"


# ---------------------------------------------------------------------------------------
# list, rules
# ---------------------------------------------------------------------------------------
@app.command("list")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON array instead of a table.")] = False,
) -> None:
    """List the games: id, name, players, family and a summary."""
    if as_json:
        data = []
        for cls in GAMES.values():
            data.append({
                "id": cls.id, "name": cls.name, "min_players": cls.min_players,
                "max_players": cls.max_players, "family": cls.family, "summary": cls.summary,
                "aliases": list(cls.aliases),
                "options": [
                    {"name": o.name, "type": o.kind.__name__, "default": o.default, "help": o.help,
                     "choices": list(o.choices)}
                    for o in cls.options
                ],
            })
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    # one entry a game: id, name, players and family; the summary; the other names it goes by
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for cls in GAMES.values():
        text = Text.assemble((cls.name, "bold"), f" · {_players_text(cls)} players · {cls.family}\n", cls.summary)
        others = [a for a in cls.aliases if a.lower() != cls.name.lower()]
        if others:
            text.append("\nalso: " + ", ".join(others), style="dim")
        table.add_row(cls.id, text)
    with _pipe_closed_quietly():
        out = _out()
        out.print(table)
        out.print("[dim]domine rules GAME shows a game's rules; any name above works too (e.g. 'Blic').[/dim]")


@contextmanager
def _pipe_closed_quietly() -> Iterator[None]:
    """Output piped into a reader that stops early (``domine list | head -2``): exit 0, say nothing."""
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())   # the interpreter's last flush must not fail either
        raise typer.Exit(0) from None
    except SystemExit as e:
        if e.code == 1:   # Rich's own answer to a broken pipe (stdout already sent to devnull)
            raise typer.Exit(0) from None
        raise


def rules_text(game_id: str) -> str:
    return resources.files("domine").joinpath("rules", f"{game_id}.md").read_text(encoding="utf-8")


@app.command()
def rules(
    game: GameArgument,
) -> None:
    """Show the rules of a game."""
    with handled(), _pipe_closed_quietly():
        cls = game_class(game)
        try:
            text = rules_text(cls.id)
        except OSError:
            raise UserError(f"no rules text is installed for {cls.id}") from None
        out = _out()
        if out.is_terminal:
            out.print(Markdown(text))
        else:   # piped: the same lines without the padding Rich adds up to the width
            with out.capture() as captured:
                out.print(Markdown(text))
            sys.stdout.write("\n".join(line.rstrip() for line in captured.get().splitlines()) + "\n")
        if cls.options:
            out.print()
            out.print("[bold]Options[/bold] (--option key=value):")
            grid = Table.grid(padding=(0, 2))
            grid.add_column(no_wrap=True)
            grid.add_column()
            for o in cls.options:
                values = "yes/no" if o.kind is bool else "/".join(o.choices) if o.choices else \
                    "a number" if o.kind is int else "text"
                default = "" if o.default is None else f"; default {option_text(o.default)}"
                grid.add_row(Text(f"  {o.name}", style="bold"), Text(f"{o.help} ({values}{default})"))
            out.print(grid)


# ---------------------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------------------
def _seat_kinds(seats: Optional[str], players: Optional[int], cls: type[Game]) -> tuple[list[str], Optional[int]]:
    if seats is None:
        return [], players
    kinds = []
    for raw in seats.split(","):
        name = raw.strip().lower()
        if not name:
            raise UserError(f"an empty seat in --seats {seats!r}")
        kinds.append(HUMAN if name in HUMAN_NAMES else name)
    if players is not None and players < len(kinds):
        raise UserError(f"--seats names {len(kinds)} seats but --players is {players}")
    if players is None:
        players = max(len(kinds), cls.min_players)
    if kinds == [HUMAN]:
        kinds = [HUMAN] + ["greedy"] * (players - 1)   # you alone: the default table, you and greedy bots
    kinds = [kinds[s % len(kinds)] for s in range(players)]   # a short list repeats round the table
    for k in kinds:
        if k != HUMAN and k.partition(":")[0] not in BOTS:
            raise BotError(f"unknown seat {k!r} (seats: human, {', '.join(BOTS)})")
        if k != HUMAN:
            make_bot(k)   # parameters are checked now, not in the middle of a match
    return kinds, len(kinds)


def _norm(text: str) -> str:
    return " ".join(text.replace(",", " ").split()).lower()


def _duration(value: object, what: str) -> float:
    try:
        return parse_duration(value, what)
    except BotError as e:
        raise typer.BadParameter(str(e).removeprefix(what + " "), param_hint=f"'{what}'") from None


def _check_record_path(record: Optional[Path]) -> None:
    if record is None:
        return
    if record.is_dir():
        raise UserError(f"--record {record} is a directory")
    parent = record.parent if str(record.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"--record {record}: the folder {parent} does not exist")


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
        deal = state.deal
        fresh = self.game.new_hand(Deal([h[:] for h in deal.hands], deal.stock[:], deal.aside[:]), state.context)
        for actor, event in state.history[:length]:
            if actor < 0 or kind_of(event).forced:
                continue   # the engine makes its own events again
            move = bare(event)
            fresh.apply(DRAW if kind(move) == DRAW else move)
        self.match.current = fresh
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


def _record_of(match: Match, kinds: list[str], rated: bool = False) -> dict:
    rec = match_record(match, kinds)
    if rated:
        rec["rated"] = True   # undo was off; a reader may trust the moves as played
    return rec


def _save(match: Match, kinds: list[str], record: Optional[Path], out: Console, rated: bool = False) -> None:
    if record is None:
        return
    try:
        save_record_atomically(_record_of(match, kinds, rated), record)
    except OSError as e:
        fail(f"cannot save the record: {_os_message(e)}")
    out.print(f"Record saved to {record}", markup=False)


def _open_record(record: Optional[Path], force: bool, ask: bool, out: Console, same_file: bool = False) -> None:
    """Refuse a --record path the match could not be written to, before the match starts: a
    folder, a missing folder, a file or folder not writable; ask before overwriting a file
    (``ask``: someone is at the keyboard), or refuse without --force."""
    if record is None:
        return
    _check_record_path(record)
    parent = record.parent if str(record.parent) else Path(".")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise UserError(f"--record {record}: the folder {parent} is not writable")
    if record.exists():
        if not os.access(record, os.W_OK):
            raise UserError(f"--record {record}: the file is not writable")
        if not (force or same_file):
            if not ask:
                raise UserError(f"--record {record} exists: give --force to overwrite it")
            try:
                yes = out.input(f"{record} exists. Overwrite it? [y/N] ").strip().lower() in ("y", "yes")
            except (EOFError, KeyboardInterrupt):
                yes = False
            if not yes:
                raise UserError(f"--record {record} exists and was kept: give another file or --force")


@app.command()
def play(
    game: Annotated[Optional[str], typer.Argument(
        metavar="GAME", help="Game id or alias (see 'domine list'); not needed with --resume.")] = None,
    players: PlayersOption = None,
    seats: Annotated[Optional[str], typer.Option(
        "--seats", "-s", metavar="SEATS", help="Who sits where, e.g. human,greedy,random; a short list repeats round "
                                               "the table (default: you, then greedy bots).")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Seed for the deal and the bots (default: random).")] = None,
    record: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Save the match as a JSON record to this file.")] = None,
    option: GameOptions = None,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Without a human seat: print only hand and match results.")] = False,
    think: ThinkOption = None,
    force: Annotated[bool, typer.Option("--force", "-f", help="Overwrite the --record file if it exists.")] = False,
    resume: Annotated[Optional[Path], typer.Option(
        "--resume", metavar="FILE", help="Go on with the match saved in this record (and keep saving to it).")] = None,
    speed: Annotated[Optional[float], typer.Option(
        "--speed", metavar="TIME", parser=lambda v: _duration(v, "--speed"),
        help="Pause after each bot move (default 0.6s on a terminal; 0: no pauses, no waiting between hands).")
    ] = None,
    rated: Annotated[bool, typer.Option("--rated", help="A rated match: no undo; the record says so.")] = False,
) -> None:
    """Play a match in the terminal against bots (or watch bots play).

    Seats (--seats) are human or a bot: random, greedy, heuristic, search, and the levels
    easy, medium, hard; search and hard take settings, e.g. hard:think=2s, search:worlds=400.
    A short list repeats round the table. At your turn, ? lists the commands (hint, undo, ...).
    """
    out = _out()
    with handled():
        resumed = None
        if resume is not None:
            data = load_record(resume) if resume.is_file() else None
            if data is None:
                raise UserError(f"--resume {resume}: no such file")
            resumed = resume_match(data)
            rated = rated or data.get("rated") is True
            cls = type(resumed.game)
            if game is not None and game_class(game) is not cls:
                raise UserError(f"--resume {resume} holds a match of {cls.id}, not {game}")
            if option:
                raise UserError("--option cannot change a resumed match (its options are in the record)")
            g = resumed.game
            if seats is None:
                saved = [str(x).strip().lower() for x in data.get("seats") or []]
                seats = ",".join(HUMAN if k in HUMAN_NAMES or k.startswith("seat ") else k for k in saved) or None
            kinds, _ = _seat_kinds(seats, g.players, cls)
            if record is None:
                record = resume
        else:
            if game is None:
                raise UserError("give a GAME to play (see 'domine list'), or --resume FILE")
            cls = game_class(game)
            kinds, players = _seat_kinds(seats, players, cls)
            g = make_game(cls.id, players, parse_options(option))
        if not kinds:
            kinds = [HUMAN] + ["greedy"] * (g.players - 1)
        kinds = [k if k == HUMAN else with_think(k, think) for k in kinds]
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        _open_record(record, force, ask=HUMAN in kinds or interactive, out=out,
                     same_file=resume is not None and record == resume)
        pace = speed if speed is not None else (0.6 if interactive else 0.0)
        watching = HUMAN not in kinds
        wait = (HUMAN in kinds or interactive) and not (watching and pace == 0)
        writer: Optional[Callable[[Match], None]] = None
        if record is not None:
            writer = lambda match, path=record: save_record_atomically(_record_of(match, kinds, rated), path)  # noqa: E731
        table = TerminalMatch(g, kinds, seed, quiet, out, match=resumed, pace=pace, wait=wait, on_change=writer)
        table.rated = rated
        if think is not None:
            table.hint_bot = with_think("hard", think)
        if writer is not None:
            writer(table.match)   # the file exists from the start, and is known to be writable
    try:
        table.play()
    except QuitGame as q:
        out.print()
        msg = {"quit": "You left the match.", "end of input": "Input ended: the match is stopped.",
               "interrupted": "Interrupted: the match is stopped."}[q.why]
        out.print(msg, style="yellow", markup=False)
        _save(table.match, kinds, record, out, rated)
        raise typer.Exit(q.code)
    except KeyboardInterrupt:
        out.print()
        out.print("Interrupted: the match is stopped.", style="yellow", markup=False)
        _save(table.match, kinds, record, out, rated)
        raise typer.Exit(130)
    except (MoveError, BotError) as e:   # a bot returning an illegal move: a bug, said plainly
        _save(table.match, kinds, record, out, rated)
        fail(f"the match cannot go on: {e}", 1)
    _save(table.match, kinds, record, out, rated)


# ---------------------------------------------------------------------------------------
# simulate
# ---------------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_simulation(sim: Simulation, out: Console) -> None:
    g = sim.game
    what = f"{sim.hands} hands" if sim.mode == "hands" else f"{sim.matches} matches ({sim.hands} hands)"
    out.print(f"[bold]{g}[/bold] · {sim.players} players · {what} · seed {sim.seed}")
    teams = any(s.team != s.seat for s in sim.seats)
    table = Table()
    table.add_column("seat", justify="right")
    table.add_column("bot")
    if teams:
        table.add_column("team", justify="right")
    table.add_column("wins" if sim.mode == "hands" else "matches won", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("points/hand", justify="right")
    for s in sim.seats:
        lo, hi = s.win_rate_ci
        team = ["AB"[s.team] if s.team < 2 else str(s.team)] if teams else []
        table.add_row(str(s.seat), s.bot, *team, str(s.wins), _pct(s.win_rate),
                      f"{_pct(lo)} - {_pct(hi)}", f"{s.mean_points:.2f}")
    out.print(table)
    if sim.points_are_penalties:
        out.print("[dim]points are penalties in this game: lower is better[/dim]")
    for s in sim.seats:   # games for stakes: tokens won
        if s.mean_tokens is not None:
            lo, hi = s.tokens_ci
            ci = f"{lo:+.2f} - {hi:+.2f}" if lo is not None else "-"
            out.print(f"seat {s.seat} ({s.bot}): {s.mean_tokens:+.2f} tokens won per {sim.tokens_per}"
                      f" (95% CI {ci})", markup=False)
    if sim.mode == "hands":
        out.print(f"hands without a winner: {sim.hands_without_winner}")
    else:
        out.print(f"drawn matches: {sim.drawn_matches}")
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(sim.reasons.items()))
    out.print(f"blocked rate: {_pct(sim.blocked_rate)} · mean moves per hand: {sim.mean_moves:.1f}"
              f" · hand ends: {reasons}")
    out.print(f"{sim.hands_per_second:,.0f} hands per second ({sim.elapsed:.2f} s)")


@contextmanager
def _record_sink(record_dir: Optional[Path], jsonl: Optional[Path], force: bool) -> Iterator:
    """Where simulate and arena write their records: a folder of files, JSON Lines, or both
    (None: no records). Paths are checked before any work starts."""
    if record_dir is None and jsonl is None:
        yield None
        return
    if record_dir is not None:
        if record_dir.exists() and not record_dir.is_dir():
            raise UserError(f"--record-dir {record_dir} is a file, not a folder")
        parent = record_dir.parent if str(record_dir.parent) else Path(".")
        if not parent.is_dir():
            raise UserError(f"--record-dir {record_dir}: the folder {parent} does not exist")
        record_dir.mkdir(exist_ok=True)
        if not os.access(record_dir, os.W_OK | os.X_OK):
            raise UserError(f"--record-dir {record_dir} is not writable")
    lines = None
    if jsonl is not None:
        _check_output(jsonl)
        lines = open(jsonl, "w", encoding="utf-8")
    count = 0

    def sink(record: dict) -> None:
        nonlocal count
        count += 1
        if record_dir is not None:
            name = f"{record['game']}-{count:06d}.json"
            save_record_atomically(record, record_dir / name)
        if lines is not None:
            lines.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")

    try:
        yield sink
    finally:
        if lines is not None:
            lines.close()


@contextmanager
def _progress_bar(label: str, unit: str, total: int, show: bool) -> Iterator:
    """A transient bar on stderr (only on a terminal); yields the function that advances it.
    Ctrl-C ends the command with exit code 130."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    err = _err()
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn()]
    columns += [TextColumn(unit)] if unit else []
    progress = Progress(*columns, TimeRemainingColumn(), console=err, disable=not (show and err.is_terminal),
                        transient=True)
    try:
        with progress:
            task = progress.add_task(label, total=total)
            yield lambda n: progress.advance(task, n)
    except KeyboardInterrupt:
        err.print("Interrupted.", style="yellow")
        raise typer.Exit(130)


@app.command("simulate")
def simulate_cmd(
    game: GameArgument,
    hands: Annotated[Optional[int], typer.Option(help="Play this many hands (default 1000).")] = None,
    matches: Annotated[Optional[int], typer.Option(help="Play this many whole matches instead.")] = None,
    players: PlayersOption = None,
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Bots by seat, e.g. greedy,random; a shorter list repeats round the table.")] = "greedy",
    seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same results.")] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
) -> None:
    """Let bots play many hands or matches and report win rates and statistics.

    Ctrl-C stops the run and prints the results of the work done so far. The JSON
    (--json) is described in docs/simulate-arena-json.md."""
    with handled(), _record_sink(record_dir, jsonl, force=False) as sink:
        bots = ",".join(with_think(b, think) for b in bots.split(","))
        if hands is not None and matches is not None:
            raise UserError("give --hands or --matches, not both")
        if hands is None and matches is None:
            hands = 1000
        for label, value in (("--hands", hands), ("--matches", matches)):
            if value is not None and value < 1:
                raise UserError(f"{label} must be at least 1")
        if jobs < 0:
            raise UserError("--jobs must be 0 (one per CPU) or more")
        opts = parse_options(option)
        total = hands if hands is not None else matches
        with _progress_bar("simulating", "", total, show=not as_json) as advance:
            sim = simulate(game, hands=hands, matches=matches, players=players, bots=bots, seed=seed,
                           jobs=jobs, options=opts, progress=advance, records=sink)
    if as_json:
        typer.echo(json.dumps(sim.to_json(), indent=2))
    else:
        _print_simulation(sim, _out())
    if sim.interrupted:
        _err().print(f"Interrupted: the results of {sim.hands} hands played so far "
                     f"(of {sim.requested} {sim.mode} asked for).", style="yellow")
        raise typer.Exit(130)


# ---------------------------------------------------------------------------------------
# arena
# ---------------------------------------------------------------------------------------
@app.command("arena")
def arena_cmd(
    bot_a: Annotated[str, typer.Argument(metavar="BOT_A", help="The first bot (side A).")],
    bot_b: Annotated[str, typer.Argument(metavar="BOT_B", help="The second bot (side B).")],
    game: Annotated[str, typer.Option("--game", "-g", metavar="GAME", help="Game id or alias (see 'domine list').")],
    deals: Annotated[int, typer.Option(help="Duplicate deals; each is played twice, the bots swapping seats.")],
    players: Annotated[Optional[int], typer.Option("--players", "-p", help="Number of players (default: the game's least).")] = None,
    seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same deals and results.")] = 0,
    jobs: JobsOption = 1,
    as_json: JsonOption = False,
    option: GameOptions = None,
    think: ThinkOption = None,
    record_dir: RecordDirOption = None,
    jsonl: JsonlOption = None,
    unit: Annotated[Optional[str], typer.Option(
        "--unit", metavar="hand|match",
        help="Play each deal as one hand or as a whole match (default: the game's own; whole matches "
             "for games that pay their pot only at the match's end).")] = None,
) -> None:
    """Bot A against bot B on duplicate deals: win rate, point margin and a sign test.

    The JSON (--json) is described in docs/simulate-arena-json.md."""
    from ..sim.arena import UNITS, ArenaError, ArenaInterrupted, run_arena

    with handled(), _record_sink(record_dir, jsonl, force=False) as sink:
        bot_a, bot_b = with_think(bot_a, think), with_think(bot_b, think)
        if deals < 1:
            raise UserError("--deals must be at least 1")
        if jobs < 0:
            raise UserError("--jobs must be 0 (one per CPU) or more")
        if unit is not None:
            unit = unit.strip().lower()
            if unit not in UNITS:
                raise UserError(f"--unit must be one of {', '.join(UNITS)}, not {unit!r}")
        opts = parse_options(option)
        try:
            with _progress_bar(f"{bot_a} vs {bot_b}", "deals", deals, show=not as_json) as advance:
                res = run_arena(bot_a, bot_b, game, deals, players=players, seed=seed, jobs=jobs,
                                options=opts, progress=advance, records=sink, unit=unit)
        except ArenaInterrupted as e:   # Ctrl-C before any deal was over
            _err().print(f"Interrupted: {e}.", style="yellow")
            raise typer.Exit(130)
        except ArenaError as e:   # a bot playing an illegal move: a bug, said plainly
            fail(f"the arena cannot go on: {e}", 1)
    if as_json:
        typer.echo(json.dumps(res.to_json(), indent=2))
    else:
        _print_arena(res, opts)
    if res.interrupted:
        _err().print(f"Interrupted: the results of the {res.deals} deals played so far "
                     f"(of {res.requested} asked for).", style="yellow")
        raise typer.Exit(130)


def _print_arena(res, opts) -> None:
    from ..sim.arena import verdict
    out = _out()
    opts_text = options_line(opts)
    per = "hand" if res.unit == "hand" else "match"
    plays = "2 plays" if per == "hand" else f"2 whole matches ({res.hands:,} hands)"
    out.print(Text.assemble((res.game, "bold"), f" · {res.players} players · {res.deals} deals × {plays}"
                            f" · seed {res.seed}" + (f" · options: {opts_text}" if opts_text else "")))
    out.print(f"A = {res.bot_a}, B = {res.bot_b}; seats {''.join(res.seats)}, then swapped", markup=False)
    table = Table()
    table.add_column("", style="bold")
    table.add_column("value", justify="right")
    table.add_column("95% CI", justify="right")
    lo, hi = res.win_rate_ci
    table.add_row("A's win rate", _pct(res.win_rate), f"{_pct(lo)} - {_pct(hi)}")
    mlo, mhi = res.margin_ci
    mci = f"{mlo:+.2f} - {mhi:+.2f}" if res.deals > 1 else "-"
    table.add_row(f"A's margin (points/{per})", f"{res.margin:+.2f}", mci)
    if res.token_margin is not None:   # games for stakes
        tlo, thi = res.token_margin_ci
        tci = f"{tlo:+.2f} - {thi:+.2f}" if res.deals > 1 else "-"
        table.add_row(f"A's margin (tokens/{per})", f"{res.token_margin:+.2f}", tci)
    table.add_row("plays won / tied / lost", f"{res.plays_won} / {res.plays_tied} / {res.plays_lost}", "")
    table.add_row("deals won / even / lost", f"{res.deals_won} / {res.deals_even} / {res.deals_lost}", "")
    table.add_row("differing deals", f"{res.differing_deals} ({_pct(res.differing_deals / res.deals)})", "")
    table.add_row("sign test p", f"{res.p_value:.3g}", "")
    for side, name in (("A", res.bot_a), ("B", res.bot_b)):
        spd = res.seconds_per_decision[side]
        table.add_row(f"{side} ({name}) time/decision", f"{spd * 1e3:.3f} ms", f"{res.decisions[side]} decisions")
    out.print(table)
    if res.points_are_penalties:
        out.print("[dim]points are penalties in this game: the margin is B's points minus A's[/dim]")
    out.print(f"{res.hands_per_second:,.0f} hands per second ({res.elapsed:.2f} s)")
    out.print(verdict(res), style="bold", markup=False)


# ---------------------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A JSON match record (from 'domine play --record').")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the verdict and the final scores.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print every position (seat to act, legal moves, move played) and every result as JSON "
                       "(the shape is in docs/records.md).")] = False,
    strict: Annotated[bool, typer.Option(
        "--strict", help="Also deal again from the record's seed and let its bots choose again: report the first "
                         "hand or move that differs.")] = False,
) -> None:
    """Check a match record move by move and print it."""
    out = _out()
    if not file.exists():
        fail(f"cannot read {file}: no such file")
    if file.is_dir():
        fail(f"cannot read {file}: it is a directory")
    trace: list = []
    try:
        data = load_record(file)
        report = replay(data, trace)
    except RecordError as e:
        if as_json:
            print(json.dumps({"valid": False, "error": str(e), "hand": e.hand, "move": e.move, "hands": trace}))
        else:
            _err().print(Text(f"invalid record: {e}", style="bold red"))
        raise typer.Exit(1)
    difference = None
    if strict:
        try:
            difference = strict_difference(data)
        except (RecordError, GameError, MoveError, BotError) as e:
            difference = f"cannot play it again: {e}"
    if strict and as_json:
        print(json.dumps({"valid": True, "strict": difference is None, "difference": difference}))
        raise typer.Exit(1 if difference else 0)
    if strict:
        if difference is not None:
            _err().print(Text(f"strict: {difference}", style="bold red"))
            raise typer.Exit(1)
        out.print("Strict: each hand dealt again from the seed, each bot move made again.",
                  style="green", markup=False)
    if as_json:
        print(json.dumps({"valid": True, "game": report.game, "players": report.players,
                          "complete": report.complete, "moves": report.moves, "hands": trace,
                          "scores": report.scores, "result": report.result}, ensure_ascii=False))
        return
    with handled():
        game = make_game(report.game, report.players, data.get("options") or {})
    seats = data.get("seats") if isinstance(data.get("seats"), list) else None
    kinds = [str(x) for x in seats] if seats and len(seats) == report.players else \
        [f"seat {s}" for s in range(report.players)]
    out.print(f"[bold]{game.name}[/bold] · {report.players} players · seed {data.get('seed')} · "
              f"seats: {', '.join(f'{s}: {k}' for s, k in enumerate(kinds))}", highlight=False)
    if not quiet:
        for raw in data.get("hands", []):
            number = raw.get("number")
            moves = raw.get("moves", [])
            done = "" if isinstance(raw.get("result"), dict) else " (unfinished)"
            out.rule(f"Hand {number} · {len(moves)} moves{done}")
            deal = raw.get("deal", {})
            for s, tiles in enumerate(deal.get("hands", [])):
                for line in wrap_items(f"  seat {s} ({kinds[s]}) dealt ", [str(t) for t in tiles], sep=" "):
                    out.print(line)
            for line in wrap_items("  ", [str(m) for m in moves], sep="  "):
                out.print(line)
            res = raw.get("result")
            if isinstance(res, dict):
                out.print(f"  {res.get('reason')}: points {scores_text(game, res.get('points', []))}"
                          + (f"; scores {scores_text(game, raw['scores'])}" if "scores" in raw else ""),
                          markup=False)
    hands_text = f"{report.hands} complete hand{'s' if report.hands != 1 else ''}"
    if len(data.get("hands", [])) > report.hands:
        hands_text += " and an unfinished one"
    out.print(f"Valid record: {hands_text}, {report.moves} moves.", style="green", markup=False)
    out.print(f"Final scores: {scores_text(game, report.scores)}", markup=False)
    if report.result is not None:
        out.print(winners_text(game, report.result["winners"], kinds) + ".", style="bold", markup=False)
    else:
        out.print("The record ends before the match does.", style="yellow", markup=False)


# ---------------------------------------------------------------------------------------
# render
# ---------------------------------------------------------------------------------------
class _Reached(Exception):
    """Stops a replay at the position ``domine render`` draws."""


def _position_at(data: dict, hand: Optional[int], move: Optional[int]) -> tuple[HandState, int, int, int]:
    """The state after ``move`` moves of hand ``hand`` (1-based, in the record's order; default:
    the last hand, and its last move), with the hand, the move and the hand's move count."""
    replay(data)   # the whole record is verified first: its own faults come before ours
    hands = data["hands"]
    if not hands:
        raise RecordError("the record holds no hand")
    h = len(hands) if hand is None else hand
    if not 1 <= h <= len(hands):
        raise UserError(f"--hand {hand}: the record has hand{'s 1 to' if len(hands) > 1 else ''} {len(hands)}")
    raw = hands[h - 1]
    count = len(raw.get("moves", [])) if isinstance(raw, dict) and isinstance(raw.get("moves"), list) else 0
    m = count if move is None else move
    if not 0 <= m <= count:
        raise UserError(f"--move {move}: hand {h} has {count} move{'s' if count != 1 else ''} (0 to {count})")
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
        raise RecordError(f"hand {h} never reaches move {m} on replay")
    return found[0], h, m, count


def _check_output(path: Path) -> None:
    if path.is_dir():
        raise UserError(f"cannot write {path}: it is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"cannot write {path}: the folder {parent} does not exist")


@app.command("render")
def render_cmd(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A JSON match record (from 'domine play --record').")],
    hand: Annotated[Optional[int], typer.Option(
        "--hand", metavar="N", help="The hand, 1 for the record's first (default: the last).")] = None,
    move: Annotated[Optional[int], typer.Option(
        "--move", metavar="M", help="Draw the table after M moves of that hand, 0 for its start (default: its last).")] = None,
    svg_file: Annotated[Optional[Path], typer.Option("--svg", metavar="FILE", help="Write an SVG picture.")] = None,
    png_file: Annotated[Optional[Path], typer.Option(
        "--png", metavar="FILE", help="Write a PNG picture (needs Pillow: pip install 'domine\\[png]').")] = None,
) -> None:
    """Draw the table of a recorded match at one position as a picture (SVG or PNG)."""
    from ..render import PillowMissing, png, svg

    with handled():
        if (svg_file is None) == (png_file is None):
            raise UserError("give --svg FILE or --png FILE (one of them)")
        out_path = svg_file if svg_file is not None else png_file
        _check_output(out_path)
        if not file.exists():
            raise UserError(f"cannot read {file}: no such file")
        if file.is_dir():
            raise UserError(f"cannot read {file}: it is a directory")
        try:
            data = load_record(file)
            state, h, m, count = _position_at(data, hand, move)
        except RecordError as e:
            raise UserError(f"invalid record: {e}") from None
        game = state.game
        number = state.context.hand_number
        caption = [f"{game.name} · hand {number} · move {m} of {count}"]
        if m:
            moves = data["hands"][h - 1]["moves"]
            caption.append(f"last move: seat {moves[m - 1]}")
        lay = state.layout
        names = lay.end_names()
        if lay.lead >= 0:
            from ..terminal.table import ends_text
            ends = [(names[i], lay.values[i], lay.lengths[i], lay.doubles[i], lay.closed[i])
                    for i in range(len(lay.values))]
            summary = getattr(lay, "ends_text", None)   # a layout that words its ends itself (a grid)
            caption.append("open ends: " + (summary() if summary is not None else ends_text(ends, game.ends_by_double)))
        geo = lay.geometry()
        try:
            if svg_file is not None:
                out_path.write_text(svg(geo, caption), encoding="utf-8")
            else:
                png(geo, out_path, caption)
        except PillowMissing as e:
            raise UserError(str(e)) from None
    _out().print(f"Wrote {out_path} (hand {number}, move {m} of {count})", markup=False)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"domine {version('domine')}")
        except PackageNotFoundError:
            typer.echo("domine (version unknown)")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """Play, simulate and replay domino games."""
