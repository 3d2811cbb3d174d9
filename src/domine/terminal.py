"""Rendering helpers for the terminal: tiles, layouts, scores and hand results as Rich text.

Everything a player is shown during a decision comes from an ``Observation``,
so the screen never shows more than the seat may know.
"""

from __future__ import annotations

from typing import Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .game import Game
from .hand import HandState
from .observation import Observation
from .moves import (
    CLOSE, DECLINE, DISCARD, DRAW, HIDDEN, PASS, SKIP, STOP, TURN_UP, end_of, is_hidden, kind, placements_of, tile_of,
)
from .tiles import HIGH, LOW, tile_str, tiles_of

REASONS = {
    "domino": "went out (domino)",
    "blocked": "blocked: nobody can play",
    "dead": "dead layout: no tile can ever fit an open end",
    "target": "the target was reached during the hand",
    "pass": "the first pass loses",
    "150": "the layout's total reached 150",
    "played out": "every tile has left the hands",
    "closed": "every arm is closed",
}


def _pair(a: int, b: int) -> str:
    return f"[{a}|{b}]"


def _other(t: int, open_pip: int) -> int:
    """The half of tile t that is not left open (the half touching the layout)."""
    return LOW[t] + HIGH[t] - open_pip


def arm_text(arm: Sequence[tuple[int, int]], outward_left: bool = False) -> str:
    """An arm's tiles from the centre outward, the open pip at the far end."""
    if outward_left:
        return "".join(_pair(o, _other(t, o)) for t, o in reversed(arm))
    return "".join(_pair(_other(t, o), o) for t, o in arm)


def layout_lines(kind: str, lead: int | None, arms: Sequence[Sequence[tuple[int, int]]],
                 ends: Sequence[tuple], show_doubles: bool = False) -> list[str]:
    """Lines describing the table: the line (or the spinner and its arms), then the open ends.

    ``ends`` holds (name, value, length, outer double, closed) as in ``Observation.ends``.
    """
    if lead is None:
        return ["(empty table: the next tile placed is the lead)"]
    lines = []
    names = [e[0] for e in ends]
    if kind in ("line", "spinner"):
        left = arm_text(arms[0], outward_left=True) if arms else ""
        right = arm_text(arms[1]) if len(arms) > 1 else ""
        # The engine opens L with the lead's high half and R with its low half.
        lead_text = _pair(HIGH[lead], LOW[lead])
        lines.append(f"{left}{lead_text}{right}")
        for i in range(2, len(arms)):
            # The flanks grow from the spinner double, whose pip the arm's first tile touches.
            pip = _other(*arms[i][0]) if arms[i] else ends[i][1]
            lines.append(f"{names[i]} arm (off the spinner {pip}-{pip}): {arm_text(arms[i]) or '(empty)'}")
    else:  # cross: the spinner in the centre, four arms
        lines.append(f"spinner {tile_str(lead)}")
        for i, arm in enumerate(arms):
            lines.append(f"  {names[i]}: {arm_text(arm) or '(empty)'}")
    lines.append("open ends: " + ends_text(ends, show_doubles))
    return lines


def ends_text(ends: Sequence[tuple], show_doubles: bool = False) -> str:
    """'L 6 · R 4'; with ``show_doubles`` an end whose outer tile is a double says so."""
    parts = []
    for name, value, _length, double, closed in ends:
        if closed:
            parts.append(f"{name} closed")
        else:
            parts.append(f"{name} {value}" + (" (double)" if show_doubles and double else ""))
    return " · ".join(parts)


def match_goal(game: Game) -> str:
    return game.match_end.describe()


def scores_text(game: Game, scores: Sequence[int]) -> str:
    # points in halves are floats (homo-homini-lupus): whole ones are shown without ".0"
    return " · ".join(f"{game.team_name(t)} {int(v) if isinstance(v, float) and v.is_integer() else v}"
                      for t, v in enumerate(scores))


def seat_name(seat: int, kinds: Sequence[str], viewer: int | None = None) -> str:
    kind = kinds[seat]
    if viewer is not None and seat == viewer:
        return f"seat {seat} (you)"
    return f"seat {seat} ({kind})"


def move_line(state: HandState, seat: int, move: int, kinds: Sequence[str], *,
              show_draws: bool, out_of_turn: bool = False, viewer: int | None = None) -> Text:
    """One line saying what a seat did: 'seat 2 (greedy): 5-3 R', 'seat 1 (greedy) draws a tile'."""
    k = kind(move)
    if seat < 0:   # an event of nobody: the rules act
        if k == CLOSE:
            names = state.layout.end_names()
            end = end_of(move)
            return Text(f"{names[end] if end < len(names) else end} is closed with a reserved tile face down",
                        style="dim")
        if k == TURN_UP:
            return Text(f"{tile_str(tile_of(move))} is turned up to lead", style="dim")
    who = seat_name(seat, kinds, viewer)
    if k in (DRAW, DISCARD):
        verb = "draws" if k == DRAW else "discards"
        if (show_draws or seat == viewer or k in state.game.public_kinds) and not is_hidden(move):
            text = f"{who} {verb} {tile_str(tile_of(move))}"
        else:
            text = f"{who} {verb} a tile" + (" face down" if k == DISCARD else "")
        return Text(text, style="dim")
    if k in (PASS, STOP, DECLINE, SKIP):
        what = {PASS: "passes", STOP: "stops", DECLINE: "declines", SKIP: "cannot play"}[k]
        return Text(f"{who} {what}", style="dim")
    if k == TURN_UP:
        return Text(f"{tile_str(tile_of(move))} is turned up to lead", style="dim")
    if k == CLOSE and not (show_draws or seat == viewer or k in state.game.public_kinds):
        move |= HIDDEN   # the end another seat closed, not its face-down tile
    label = f"{who}{' out of turn' if out_of_turn else ''}: "
    line = Text(label)
    line.append(state.move_str(move), style="bold")
    return line


def decision_view(state: HandState, obs: Observation, kinds: Sequence[str], match_scores: Sequence[int],
                  legal_labels: Sequence[str]) -> Group:
    """What a human sees before deciding: hand, scores, table, stock, counts, hand and moves."""
    game = state.game
    rows: list = []
    scores = list(match_scores)
    score_line = Text("Scores: ", style="bold")
    score_line.append(scores_text(game, scores))
    if any(obs.hand_points):
        score_line.append("   this hand: " + scores_text(game, obs.hand_points))
    score_line.append(f"   ({match_goal(game)})", style="dim")
    rows.append(score_line)
    rows.append(Text("Table:", style="bold"))
    for line in layout_lines(obs.layout_kind, obs.lead, obs.arms, obs.ends, game.ends_by_double):
        rows.append(Text("  " + line))
    if game.leftover == "stock":
        reserve = obs.stock_size - obs.drawable
        stock = f"{obs.stock_size} tile{'s' if obs.stock_size != 1 else ''}, {obs.drawable} drawable"
        if reserve:
            stock += f" ({reserve} kept back)"
    else:
        stock = "none (undealt tiles are out of play)"
    rows.append(Text.assemble(("Stock: ", "bold"), stock))
    counts = " · ".join(f"{seat_name(s, kinds, obs.seat)} {n}" for s, n in enumerate(obs.hand_sizes))
    rows.append(Text.assemble(("Tiles held: ", "bold"), counts))
    hand = Text("Your hand: ", style="bold")
    playable = {tile_of(p) for m in obs.legal_moves for p in placements_of(m)}
    for i, t in enumerate(obs.hand):
        if i:
            hand.append(" ")
        hand.append(tile_str(t), style="bold green" if t in playable else "")
    if obs.locked:
        hand.append("   locked: " + " ".join(tile_str(t) for t in obs.locked), style="yellow")
    rows.append(hand)
    moves = Text("Moves: ", style="bold")
    for i, label in enumerate(legal_labels, start=1):
        if i > 1:
            moves.append("   ")
        moves.append(f"{i}) ", style="cyan")
        moves.append(label)
    rows.append(moves)
    return Group(*rows)


def hand_result_table(state: HandState, kinds: Sequence[str], viewer: int | None = None) -> Table:
    """Each seat's remaining tiles and hand value, marking the hand's winners."""
    result = state.result
    table = Table(box=None, pad_edge=False, show_edge=False)
    face_down = state.game.lays_face_down   # grape: the dead tiles, shown at the end, decide
    table.add_column("seat")
    table.add_column("dead tiles" if face_down else "tiles left")
    table.add_column("value", justify="right")
    table.add_column("")
    for s in range(state.n):
        mask = state.discards[s] if face_down else state.hands[s]
        tiles = " ".join(tile_str(t) for t in tiles_of(mask)) or "-"
        mark = "won" if s in result.winners else ""
        table.add_row(seat_name(s, kinds, viewer), tiles, str(result.hand_values[s]), mark)
    return table


def hand_result_lines(state: HandState, kinds: Sequence[str], totals: Sequence[int],
                      viewer: int | None = None) -> list:
    game = state.game
    result = state.result
    number = state.context.hand_number
    if result.reason == "domino" and result.out_seat is not None:
        why = f"{seat_name(result.out_seat, kinds, viewer)} {REASONS['domino']}"
    else:
        why = REASONS.get(result.reason, result.reason)
    out: list = [Text(f"Hand {number} over: {why}", style="bold")]
    out.append(hand_result_table(state, kinds, viewer))
    out.append(Text.assemble(("points this hand: ", "bold"), scores_text(game, result.points)))
    out.append(Text.assemble(("totals: ", "bold"), scores_text(game, totals)))
    return out


def winners_text(game: Game, winners: Sequence[int], kinds: Sequence[str], viewer: int | None = None) -> str:
    if not winners:
        return "the match is drawn"
    if game.partnership:
        teams = game.teams(game.players)
        team = teams[winners[0]]
        seats = ", ".join(str(s) for s in winners)
        return f"{game.team_name(team)} (seats {seats}) wins the match"
    return " and ".join(seat_name(s, kinds, viewer) for s in winners) + " wins the match"
