"""A game is a definition: data the engine reads, plus a few hooks.

``Game`` holds the defaults of general.md; a game subclasses it, sets the
class attributes that differ (set, deal, matching, layout, draw policy,
scoring, match end) and overrides a hook only for what data cannot say.
Options (``target``, ``partners``, ``double_nine`` ...) are declared per game
and applied in ``configure``: an option is a parameter, never a new game.

Reusable rule fragments (who leads, how a hand is scored, when a match ends)
live below as plain functions so that games reference rather than copy them.
"""

from __future__ import annotations

import random
from itertools import starmap
from dataclasses import dataclass
from typing import Any, Callable

from .layout import Layout
from .hand import Deal, HandContext, HandResult, HandState, standard_ranking
from .matching import EQUAL, Matching
from .tiles import (
    BIT, DOUBLES_MASK, SET_NAMES, lightness_key, pips_of, set_mask, set_size, tiles_of, weight_key,
)


class GameError(ValueError):
    """A game that cannot be set up as asked (unknown id, bad option, wrong player count)."""


@dataclass(frozen=True)
class Option:
    name: str
    kind: type            # bool, int or str
    default: Any
    help: str
    choices: tuple = ()

    def parse(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on", ""):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise GameError(f"option {self.name} takes yes or no, not {value!r}")
        if self.kind is int:
            try:
                return int(value)
            except (TypeError, ValueError):
                raise GameError(f"option {self.name} takes a whole number, not {value!r}") from None
        text = str(value)
        if self.choices and text not in self.choices:
            raise GameError(f"option {self.name} takes one of {', '.join(self.choices)}, not {value!r}")
        return text


@dataclass
class MatchResult:
    winners: list[int]          # seats of the winning player or team; empty for a drawn match
    scores: list[int]           # per team
    hands: int
    drawn: bool = False

    def to_json(self) -> dict:
        return {"winners": self.winners, "scores": self.scores, "hands": self.hands, "drawn": self.drawn}


TARGET = Option("target", int, None, "match target score")


class Game:
    # identity
    id = "abstract"
    name = "Abstract game"
    aliases: tuple[str, ...] = ()
    family = "line"
    summary = ""
    # table
    min_players = 2
    max_players = 4
    max_pip = 6
    hand_sizes: dict[int, int] = {}
    leftover = "stock"                # "stock" (may be drawn) or "aside" (out of play)
    reserve = 0
    # play
    matching: Matching = EQUAL
    layout_kind = "line"
    ends_by_double = False            # ends differ by a double outermost tile (scoring by ends)
    tactical_draw = False             # may draw while holding a playable tile
    drawn_tile_must_be_played = True
    draw_limit: int | None = None
    chained_turns = False
    implicit_pass = False
    dead_layout_ends_hand = False
    double_blank_value = 0
    partnership = False
    last_tile_announcement = False    # Jedan Kamen: an unannounced last tile is locked
    hand_size_total = 0               # if set, each player gets this many tiles minus the players
    # two seats, no stock, first out or lower hand wins: the search bot may solve hands exactly
    exact_search = False
    # who leads: first_lead is "heaviest double", "lowest double" (then the lightest tile) or
    # "lightest tile"; without_double (heaviest double only): "heaviest tile" or "redeal";
    # later_lead: "same", "loser, any tile", "loser, any double, else the first drawn tile",
    # "loser, any double, else draw until one", "next starter, any tile"
    first_lead = "heaviest double"
    without_double = "heaviest tile"
    later_lead = "same"
    # match
    match_end = "high"                # "high", "low", "rounds" or "single"
    target: int | None = 100
    options: tuple[Option, ...] = ()

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        self.players = players if players is not None else self.min_players
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        self.option_values: dict[str, Any] = {}
        for key, value in given.items():
            k = key.replace("-", "_")
            if k not in known:
                names = ", ".join(sorted(known)) or "none"
                raise GameError(f"{self.id} has no option {key!r} (its options: {names})")
            self.option_values[k] = known[k].parse(value)
        for o in self.options:
            self.option_values.setdefault(o.name, o.default)
        self.configure(self.option_values)
        if not self.min_players <= self.players <= self.max_players:
            lo, hi = self.min_players, self.max_players
            span = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
            raise GameError(f"{self.id} is played by {span} players, not {self.players}")
        self.set_mask = set_mask(self.max_pip)
        k = self.deal_size(self.players)
        if k * self.players > set_size(self.max_pip):
            raise GameError(f"{self.players} hands of {k} tiles do not fit in a {SET_NAMES[self.max_pip]} set")
        self.seat_teams = self.teams(self.players)
        self.set_fits = [f & self.set_mask for f in self.matching.fits]
        self.hooks = self._hooks()
        self.redeals = self.without_double == "redeal" or type(self).needs_redeal is not Game.needs_redeal
        self._set_range = range(set_size(self.max_pip))
        self._no_args = ((),) * set_size(self.max_pip)
        self._deal_k = k
        self._hand_starts = range(0, k * self.players, k)

    def _hooks(self) -> tuple[bool, bool, bool, bool]:
        """Which hooks this game overrides, so the engine calls only those it must.

        (filter_moves, on_place, turn hooks, plain turns: the next seat simply follows)
        """
        cls = type(self)
        filt = cls.filter_moves is not Game.filter_moves
        place = cls.on_place is not Game.on_place
        turn = cls.on_turn_start is not Game.on_turn_start or cls.on_turn_end is not Game.on_turn_end
        return filt, place, turn, not (self.implicit_pass or turn or place)

    # -- options and deal ---------------------------------------------------------------
    def configure(self, options: dict[str, Any]) -> None:
        """Apply option values to this instance. The base handles ``target``."""
        if options.get("target") is not None:
            if options["target"] <= 0:
                raise GameError("option target must be a positive number")
            self.target = options["target"]

    def deal_size(self, players: int) -> int:
        if self.hand_size_total:
            return self.hand_size_total - players   # Običan's "8 minus the number of players"
        return self.hand_sizes[players]

    def teams(self, players: int) -> list[int]:
        """Seat -> team index. Individual games: every seat its own team."""
        if self.partnership:
            return [s % 2 for s in range(players)]
        return list(range(players))

    def team_name(self, team: int) -> str:
        return f"team {'AB'[team]}" if self.partnership else f"seat {team}"

    def deal(self, rng: random.Random) -> Deal:
        """The canonical deal of general rule 5 from a uniformly shuffled set."""
        # Sorting by random keys is a uniform shuffle, several times cheaper than
        # random.shuffle, and depends only on the seed: deals match on every machine.
        keys = list(starmap(rng.random, self._no_args))
        tiles = sorted(self._set_range, key=keys.__getitem__)
        k = self._deal_k
        hands = [tiles[i:i + k] for i in self._hand_starts]
        rest = tiles[k * self.players:]
        if self.leftover == "stock":
            return Deal(hands, rest, [])
        return Deal(hands, [], rest)

    # -- hooks the engine calls --------------------------------------------------------------
    def needs_redeal(self, hands: list[int], context: HandContext) -> bool:
        """General rule 18: reshuffle when the lead rule needs a double and none was dealt."""
        chosen_by_deal = context.previous is None or self.later_lead == "same"
        return self.without_double == "redeal" and chosen_by_deal and no_double_dealt(hands)

    def setup_hand(self, state: HandState) -> None:
        """Choose who leads and with what, from ``first_lead``/``without_double``/``later_lead``."""
        previous = state.context.previous
        rule = self.later_lead
        if previous is None or rule == "same":
            if self.first_lead == "heaviest double":
                state.to_act, state.lead_mask = lead_heaviest_double(state.hands, self.without_double)
            elif self.first_lead == "lowest double":
                state.to_act, state.lead_mask = lead_lowest(state.hands, key=weight_key)
            else:   # "lightest tile"
                state.to_act, state.lead_mask = lead_lightest(state.hands)
            return
        if rule == "next starter, any tile":
            prev = state.context.previous_leader or 0
            state.to_act, state.lead_mask = (prev + 1) % state.n, self.set_mask
            return
        seat = loser_of(previous)
        state.to_act = seat
        if rule == "loser, any tile":
            state.lead_mask = self.set_mask
            return
        state.lead_mask = DOUBLES_MASK   # "loser, any double", drawing one if he has none
        if not state.hands[seat] & DOUBLES_MASK:
            state.lead_draw = "first" if rule == "loser, any double, else the first drawn tile" else "until_double"

    def filter_moves(self, state: HandState, seat: int, moves: list[int]) -> list[int]:
        return moves

    def on_place(self, state: HandState, seat: int, move: int) -> None:
        """Called after every placement (scoring on play, announcements)."""

    def on_turn_start(self, state: HandState, seat: int) -> None:
        """Called when a seat's turn begins (forfeited turns excluded)."""

    def on_turn_end(self, state: HandState, seat: int) -> None:
        """Called when a seat's turn ends."""

    def hand_value(self, mask: int) -> int:
        """Pips left in a hand, with 0-0 valued as the game says (general rule 14)."""
        if mask & 1 and self.double_blank_value:
            return pips_of(mask) + self.double_blank_value
        return pips_of(mask)

    def score_hand(self, state: HandState, reason: str, out_seat: int | None) -> HandResult:
        return score_winner_takes_others(state, reason, out_seat)

    def match_result(self, scores: list[int], hands_played: int, teams: list[int]) -> MatchResult | None:
        return match_result(self, scores, hands_played, teams)

    # -- convenience ----------------------------------------------------------------------
    def new_hand(self, deal: Deal, context: HandContext | None = None) -> HandState:
        return HandState(self, deal, context)

    def new_layout(self) -> Layout:
        return Layout(self.layout_kind, self.set_fits, self.set_mask, self.ends_by_double)



# ---------------------------------------------------------------------------------------
# Fragments: who leads
# ---------------------------------------------------------------------------------------
def holder(hands: list[int], tile: int) -> int:
    b = BIT[tile]
    for s, h in enumerate(hands):
        if h & b:
            return s
    return -1


def lead_heaviest_double(hands: list[int], fallback: str = "heaviest_tile") -> tuple[int, int]:
    """(seat, lead mask) for 'the heaviest double leads it', else the heaviest tile."""
    dealt = 0
    for h in hands:
        dealt |= h
    doubles = dealt & DOUBLES_MASK
    if doubles:
        t = doubles.bit_length() - 1   # ids of doubles grow with their pips
        return holder(hands, t), BIT[t]
    if fallback not in ("heaviest tile", "heaviest_tile"):
        raise ValueError("no double dealt")
    t = max(tiles_of(dealt), key=weight_key)
    return holder(hands, t), BIT[t]


def lead_lightest(hands: list[int]) -> tuple[int, int]:
    """(seat, lead mask) for 'the lightest tile leads' (Blitz: 0-0 first, a double first at equal weight)."""
    dealt = 0
    for h in hands:
        dealt |= h
    t = min(tiles_of(dealt), key=lightness_key)
    return holder(hands, t), BIT[t]


def lead_lowest(hands: list[int], key: Callable[[int], Any]) -> tuple[int, int]:
    """(seat, lead mask) for 'the lowest double leads', else the lightest tile by ``key``."""
    dealt = 0
    for h in hands:
        dealt |= h
    doubles = dealt & DOUBLES_MASK
    t = (doubles & -doubles).bit_length() - 1 if doubles else min(tiles_of(dealt), key=key)
    return holder(hands, t), BIT[t]


def no_double_dealt(hands: list[int]) -> bool:
    dealt = 0
    for h in hands:
        dealt |= h
    return not dealt & DOUBLES_MASK


def loser_of(previous: HandResult) -> int:
    """The weakest player of a finished hand: last in the standard ranking."""
    return previous.ranking[-1]


# ---------------------------------------------------------------------------------------
# Fragments: scoring a hand
# ---------------------------------------------------------------------------------------
def values_and_tiles(state: HandState) -> tuple[list[int], list[int]]:
    """Each seat's hand value and number of tiles left."""
    hands = state.hands
    value = pips_of if not state.game.double_blank_value else state.game.hand_value
    return list(map(value, hands)), list(map(int.bit_count, hands))


def team_totals(state: HandState, values: list[int]) -> list[int]:
    totals = [0] * state.n_teams
    for s, v in enumerate(values):
        totals[state.teams[s]] += v
    return totals


def seats_of(state: HandState, team: int) -> list[int]:
    if state.n_teams == state.n:
        return [team]
    return [s for s in range(state.n) if state.teams[s] == team]


def score_winner_takes_others(state: HandState, reason: str, out_seat: int | None) -> HandResult:
    """pagat's line-game convention (block, draw): only the winner scores.

    Domino: the side that went out scores the others' hand values (a partner's
    tiles ignored). Blocked: the side with the unique lowest value scores the
    others' total minus its own; a tie for lowest scores nothing.
    """
    values, tiles = values_and_tiles(state)
    points = state.hand_points[:]
    winners: list[int] = []
    teams = state.teams
    if out_seat is not None:
        team = teams[out_seat]
        points[team] += sum(v for s, v in enumerate(values) if teams[s] != team)
        winners = seats_of(state, team)
    elif reason in ("blocked", "dead"):
        totals = team_totals(state, values) if state.n_teams < state.n else values
        low = min(totals)
        if totals.count(low) == 1:
            team = totals.index(low)
            points[team] += sum(totals) - 2 * low
            winners = seats_of(state, team)
    return HandResult(reason, out_seat, values, tiles, points, winners)


def score_first_ranked_takes_others(state: HandState, reason: str, out_seat: int | None) -> HandResult:
    """Blitz: the first in the standard ranking scores the others' hand values."""
    values, tiles = values_and_tiles(state)
    points = list(state.hand_points)
    ranking = standard_ranking(values, tiles, state.last_placer)
    best = ranking[0]
    points[state.teams[best]] += sum(values) - values[best]
    return HandResult(reason, out_seat, values, tiles, points, [best], ranking)


def score_own_pips(state: HandState, reason: str, out_seat: int | None) -> HandResult:
    """Penalty games: everyone adds his own hand value; the best-ranked wins the hand."""
    values, tiles = values_and_tiles(state)
    points = list(state.hand_points)
    ranking = standard_ranking(values, tiles, state.last_placer)
    for s, v in enumerate(values):
        points[state.teams[s]] += v
    return HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)


def score_opponents_total(state: HandState, reason: str, out_seat: int | None) -> HandResult:
    """Domine u Parove: each team adds the other team's hand total."""
    values, tiles = values_and_tiles(state)
    totals = team_totals(state, values)
    points = [totals[1], totals[0]]
    if out_seat is not None:
        winners = seats_of(state, state.teams[out_seat])
    elif totals[0] != totals[1]:
        winners = seats_of(state, 0 if totals[0] < totals[1] else 1)
    else:
        winners = []
    return HandResult(reason, out_seat, values, tiles, points, winners)


# ---------------------------------------------------------------------------------------
# Fragments: the end of a match
# ---------------------------------------------------------------------------------------
def match_result(game: Game, scores: list[int], hands_played: int, teams: list[int]) -> MatchResult | None:
    def seats(team: int) -> list[int]:
        return [s for s, t in enumerate(teams) if t == team]

    if game.match_end == "single":
        best = max(scores)
        tops = [t for t, v in enumerate(scores) if v == best]
        if len(tops) == 1:
            return MatchResult(seats(tops[0]), list(scores), hands_played)
        return MatchResult([], list(scores), hands_played, drawn=True)
    if game.match_end == "rounds":
        if hands_played < game.target:
            return None
        best = max(scores)
        tops = [t for t, v in enumerate(scores) if v == best]
        if len(tops) == 1:
            return MatchResult(seats(tops[0]), list(scores), hands_played)
        return MatchResult([], list(scores), hands_played, drawn=True)
    if max(scores) < game.target:
        return None
    best = max(scores) if game.match_end == "high" else min(scores)
    tops = [t for t, v in enumerate(scores) if v == best]
    if len(tops) > 1:
        return None   # general rule 19: further hands until one side alone is best
    return MatchResult(seats(tops[0]), list(scores), hands_played)
