"""A game is a definition: data the engine reads, plus a few hooks.

``Game`` holds the defaults of general.md; a game (one module of ``domine.games``, or a data file
of ``domine/games/data`` composed of the named parts by ``compose``)
subclasses it, sets the class attributes that differ and names the rule
fragments it uses from ``domine.parts``: its turn, how a hand ends, who leads,
how a hand scores, how a match ends, its conventions. It overrides a hook only
for what data cannot say. Options (``target``, ``partners`` ...) are declared
per game and applied in ``configure``: an option is a parameter, never a new
game. Once configured, a game is immutable (bots and caches share it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import starmap
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..engine.events import PRIVATE, TILE_HIDDEN, visibility_of
from ..engine.fastpaths import line as line_path, places as places_path
from ..engine.hand import Deal, HandContext, HandState
from ..engine.layout import Layout
from ..engine.layouts import LAYOUTS
from ..engine.matching import EQUAL, Matching
from ..engine.moves import DISCARD, DRAW, PASS, SKIP, end_of, tile_of
from ..engine.phases import ENGINE_PHASES, Phase
from ..engine.reasons import Refusal
from ..parts.conventions import Convention
from ..parts.hand_ends import BLOCKED, HandEnd
from ..parts.leads import HeaviestDouble, LeadRule
from ..parts.match_ends import FirstTo, MatchEnd
from ..parts import trains_path
from ..parts.rows import (
    ROW_PHASES, STYLES, FirstByLot, RowEnd, RowState, begin_turn, row_view, rows_of,
    start,
)
from ..parts.scoring import GOOD, PENALTY, score_on_play, winner_takes_others
from ..parts.turns import PLAIN, Turn
from ..engine.results import HandResult, MatchResult
from ..engine.tiles import BIT, IS_DOUBLE, PIPS, SET_ALIASES, SET_NAMES, parse_tile, pips_of, set_mask, set_size, tiles_of

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.match import Match
    from ..engine.reasons import Reason


#: the fast paths of the ordinary turns (``domine.engine.fastpaths``), in the order a game's
#: declarations are tried against them (``covers``); a game none covers plays step by step
FAST_PATHS = (line_path, trains_path, places_path)


class GameError(Refusal):
    """A game that cannot be set up as asked (unknown id, bad option, wrong player count): a
    reason code and its parameters (engine/reasons.py), or still an English sentence."""


@dataclass(frozen=True)
class Option:
    name: str
    kind: type            # bool, int or str
    default: Any
    help: str
    choices: tuple = ()
    synonyms: tuple = ()  # ((other spelling, choice), ...): accepted, read as the choice

    def parse(self, value: Any) -> Any:
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on", ""):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise GameError("option-yes-no", option=self.name, value=value)
        if self.kind is int:
            if isinstance(value, bool):
                raise GameError("option-whole-number", option=self.name, value=value)
            try:
                return int(value)
            except (TypeError, ValueError):
                raise GameError("option-whole-number", option=self.name, value=value) from None
        text = str(value)
        if self.synonyms and text not in self.choices:
            text = dict(self.synonyms).get(text.strip().lower(), text)
        if self.choices and text not in self.choices:
            raise GameError("option-choice", option=self.name, choices=list(self.choices), value=value)
        return text


@dataclass(frozen=True)
class Alias:
    """An option's older name, still accepted. With a ``value``, ``name=yes`` reads as
    ``option=value`` and ``name=no`` as nothing (block's ``double_nine=yes`` is ``set=double-nine``);
    without one, ``name=x`` reads as ``option=x`` (rotating-partners' ``stake`` is ``ante``)."""
    name: str
    option: str
    value: Any = None


TARGET = Option("target", int, None, "match target score")

# -- the sets (general 3) -------------------------------------------------------------------
#: The tile sets as every game spells them, and the other spellings accepted for them.
SETS = tuple(SET_NAMES.values())   # double-six, double-eight, double-nine, double-twelve
SET_SYNONYMS = tuple((k, SET_NAMES[v]) for k, v in SET_ALIASES.items() if SET_NAMES[v] in SETS)
SET_PIPS = {name: pip for pip, name in SET_NAMES.items()}
#: The option every game that may be played on any set offers, under the same name and values.
SET = Option("set", str, "double-six", "tile set: double-six, double-eight, double-nine or double-twelve",
             SETS, SET_SYNONYMS)
PARTNERS = Option("partners", bool, False, "4 players only: seats 0+2 play against seats 1+3")


def set_pips(max_pip: int) -> int:
    """The pips of a whole double-``max_pip`` set (general 3: 168 on double-six)."""
    return max_pip * (max_pip + 1) * (max_pip + 2) // 2


def hand_on_set(tiles: int, max_pip: int) -> int:
    """The set rule for a hand: ``tiles`` dealt on double-six become, on another set, the same
    share of that set, rounded down. So no more of the set is dealt, and the tiles left over
    (stock or set aside) are at least as many as on double-six: 7 of 28 is 11 of 45, 13 of 55,
    22 of 91. Used where the specification names no hand size for the set."""
    return tiles * set_size(max_pip) // set_size(6)


def target_on_set(target: int, max_pip: int, grows_with: str = "tiles") -> int:
    """The set rule for a target of points, to the nearest 5, so that a match lasts about as
    many hands as on double-six. Points from the pips left in hand grow about as the set's
    tiles (``"tiles"``: measured with greedy bots, 100 is 160 on double-eight, 195 on
    double-nine, 325 on double-twelve); points on play from the ends' pips (all-fives) grow
    at least as the pips of the whole set (``"pips"``: 100 is 215, 295, 650)."""
    six, other = (set_size(6), set_size(max_pip)) if grows_with == "tiles" else (set_pips(6), set_pips(max_pip))
    return max(5, 5 * round(target * other / six / 5))


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
    hand_size_total = 0               # if set, each player gets this many tiles minus the players
    leftover = "stock"                # "stock" (may be drawn) or "aside" (out of play)
    reserve = 0
    partnership = False
    # play
    matching: Matching = EQUAL
    layout_kind = "line"              # a name in ``domine.engine.layouts.LAYOUTS``
    layout_params: dict = {}          # passed to that layout (a cross's ``sides``, a spinner's ``flanks``)
    doubles_in_line = False           # later doubles lie along their arm, not across it (drawing only)
    ends_by_double = False            # ends differ by a double outermost tile (scoring by ends)
    turn: Turn = PLAIN
    #: tiles a seat may close an end with, face down, as a move of its turn (homo-homini-lupus:
    #: any; close-at-will: a double); other closings are events of the rules
    seat_closes = 0
    #: the lead is always turned up by the rules, never laid by a seat (mexican-train's engine)
    lead_turned_up = False
    #: phases of the game's own (``domine.engine.phases``): added to the engine's, or in place of
    #: one of them under its name (an auction's bidding, the blind games' row turns)
    phases: tuple[Phase, ...] = ()
    hand_end: HandEnd = BLOCKED
    conventions: tuple[Convention, ...] = ()
    public_kinds: frozenset = frozenset()   # kinds every seat sees whole (shut-out: draws)
    # who leads: the first hand, and later ones (None: the same rule)
    first_lead: LeadRule = HeaviestDouble()
    later_lead: LeadRule | None = None
    # values and points (general 14): the table of tile values, and what points mean
    double_blank_value = 0            # 0-0 counts this (ordinary: 14)
    doubles_count_half = False        # a double n-n counts n (two-hander)
    points = GOOD                     # GOOD, PENALTY, ZERO_SUM or TOKENS_WON (domine.parts.scoring)
    starting_score = 0                # every team's score before the first hand
    pip_weight = 1.0                  # how much pips left in hand matter to the outcome (for bots)
    # the sets it may be played on (general 3): a game offers the option ``set`` (``SET``) unless
    # its rules are tied to one set; ``set_hands``: the specification's hand sizes on another
    # set, by its highest pip then the players, where it names them (else ``hand_on_set``)
    set_hands: dict[int, dict[int, int]] = {}
    #: the specification's target on another set, by its highest pip, where it names one
    set_targets: dict[int, int] = {}
    #: what a target of points grows with on another set (``target_on_set``): ``"tiles"`` (pips
    #: left in hand), ``"pips"`` (points on play from the ends' pips); None where the target
    #: counts something else (headers, rings, hands won) or is the specification's fixed limit
    target_grows_with: str | None = "tiles"
    # match
    target: int | None = 100
    match_end: MatchEnd | None = None   # None: first to ``target``, best total by ``points``
    options: tuple[Option, ...] = ()
    option_aliases: tuple[Alias, ...] = ()   # older names of options, still accepted
    # two seats, no stock, first out or lower hand wins: the search bot may solve hands exactly
    exact_search = False

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        self.players = players if players is not None else self.min_players
        if not isinstance(self.players, int) or isinstance(self.players, bool) or not 1 <= self.players <= 64:
            # a sanity bound before configure() sizes anything by it; the game's own range is checked below
            raise GameError("players-not-a-number", game=self.id, value=self.players)
        if options is not None and not isinstance(options, Mapping):
            raise GameError(f"options must be given as names and values, not {options!r}")
        given = dict(options or {})
        known = {o.name: o for o in self.options}
        aliases = {a.name: a for a in self.option_aliases}
        self.option_values: dict[str, Any] = {}
        for key, value in given.items():
            k = key.replace("-", "_")
            if k in aliases:
                k, value = self._read_alias(aliases[k], value)
                if k is None:
                    continue
            if k not in known:
                if not known:
                    raise GameError("no-options", game=self.id, given=key)
                raise GameError("no-such-option", game=self.id, given=key, known=sorted(known))
            parsed = known[k].parse(value)
            if k in self.option_values and self.option_values[k] != parsed:
                raise GameError("option-conflict", given=key, option=k, value=parsed, other=self.option_values[k])
            self.option_values[k] = parsed
        for o in self.options:
            self.option_values.setdefault(o.name, o.default)
        self.configure(self.option_values)
        self.public_options = MappingProxyType(dict(self.option_values))   # shared by observations
        # who may see each kind of event (general 7; domine.engine.events), and as sets for the
        # views' filter
        self.visibility = visibility_of(self.public_kinds)
        self.tile_hiding_kinds = frozenset(k for k, v in self.visibility.items() if v == TILE_HIDDEN)
        self.silent_kinds = frozenset(k for k, v in self.visibility.items() if v == PRIVATE)
        # the phases of a hand, by name: the engine's, and the game's own (added or in their place)
        self.phase_named = {p.name: p for p in ENGINE_PHASES + tuple(self.phases)}
        self.first_phase = self.phase_named["lead"]
        self.decides_after_play = type(self).after_play is not Game.after_play
        self.lays_face_down = self.turn.discard_when_stuck   # seats may hold face-down tiles
        if not self.min_players <= self.players <= self.max_players:
            lo, hi = self.min_players, self.max_players
            if lo == hi:
                raise GameError("players-exactly", game=self.id, low=lo, players=self.players)
            raise GameError("players-between", game=self.id, low=lo, high_players=hi, players=self.players)
        if self.match_end is None:
            self.match_end = FirstTo(self.target, high=self.points != PENALTY)
        self.target = self.match_end.target
        self.set_mask = set_mask(self.max_pip)
        k = self.deal_size(self.players)
        if k * self.players > set_size(self.max_pip):
            raise GameError("hands-do-not-fit", players=self.players, count=k, set=SET_NAMES[self.max_pip])
        self.seat_teams = self.teams(self.players)
        self.set_fits = [f & self.set_mask for f in self.matching.fits]
        self.tile_values = [self.tile_value(t) for t in range(set_size(self.max_pip))]
        self.plain_values = self.tile_values == PIPS[:set_size(self.max_pip)]
        self.hooks = self._hooks()
        self.keeps_rules_state = bool(self.conventions) or \
            type(self).new_rules_state is not Game.new_rules_state
        rules = [self.first_lead] + ([self.later_lead] if self.later_lead is not None else [])
        self.redeals = type(self).needs_redeal is not Game.needs_redeal or any(r.can_redeal() for r in rules)
        self.draws_lot = any(getattr(r, "draws_lot", False) for r in rules)
        self._set_range = range(set_size(self.max_pip))
        self._no_args = ((),) * set_size(self.max_pip)
        self._deal_k = k
        self._hand_starts = range(0, k * self.players, k)
        self.draw_hook = type(self).on_draw is not Game.on_draw
        params = self.layout_params
        if self.layout_kind in ("seat arms", "trains"):
            params = {"seats": self.players, **params}
        self._layout_call = (LAYOUTS[self.layout_kind], (self.set_fits, self.set_mask, self.ends_by_double), params)
        # the engine's fast path of this game's turns, from its declarations (domine.engine.fastpaths)
        self.starts_turns = type(self).on_turn_start is not Game.on_turn_start
        self.fast_path = next((path.play for path in FAST_PATHS if path.covers(self)), None)
        self.hand_binding = HandState.binding_of(self)
        self.fixed_teams = type(self).hand_teams is Game.hand_teams   # the seats' teams in every hand
        self._frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"a configured game is immutable (tried to set {name})")
        object.__setattr__(self, name, value)

    def _hooks(self) -> tuple[bool, bool, bool, bool]:
        """Which hooks this game (or a convention of it) fills, so the engine calls only those.

        (filter_moves, on_place, turn hooks, plain turns: one tile, the next seat follows)
        """
        cls = type(self)
        filled = [c.hooks() for c in self.conventions]
        filt = cls.filter_moves is not Game.filter_moves or any(f for f, _, _ in filled)
        place = cls.on_place is not Game.on_place or any(p for _, p, _ in filled)
        # a placement does nothing but score its points on play (a fast path may take it)
        self.on_place_scores_only = self.scores_on_play and not place
        place = place or self.scores_on_play
        turn = cls.on_turn_start is not Game.on_turn_start or cls.on_turn_end is not Game.on_turn_end \
            or any(t for _, _, t in filled)
        plain = self.turn.plain and self.hand_end.inline and not (turn or place or filt)
        return filt, place, turn, plain

    # -- options and deal ---------------------------------------------------------------
    @staticmethod
    def _read_alias(alias: Alias, value: Any) -> tuple[str | None, Any]:
        """An older option name read as today's: (option, value), or (None, None) for nothing."""
        if alias.value is None:
            return alias.option, value
        if Option(alias.name, bool, False, "").parse(value):
            return alias.option, alias.value
        return None, None

    def options_given(self) -> dict:
        """The options set away from their defaults (what a record or a document names)."""
        defaults = {o.name: o.default for o in self.options}
        return {k: v for k, v in self.option_values.items() if v != defaults.get(k)}

    def configure(self, options: dict[str, Any]) -> None:
        """Apply option values to this instance. The base handles ``set`` and ``target``; a game
        calls it first, so its own options see the set's deal and target."""
        name = options.get("set")
        if name is not None and SET_PIPS[name] != self.max_pip:
            self.use_set(SET_PIPS[name])
        if options.get("target") is not None:
            if options["target"] <= 0:
                raise GameError("target-not-positive")
            self.target = options["target"]

    def use_set(self, max_pip: int) -> None:
        """Play on the double-``max_pip`` set: its hand sizes (``deal_table``) and, where the
        target counts points, its target (``set_targets``, else ``target_on_set``); the reserve
        is unchanged."""
        total = self.hand_size_total
        six = {n: total - n for n in range(1, total)} if total else self.hand_sizes
        self.max_pip = max_pip
        self.hand_sizes, self.hand_size_total = self.deal_table(six), 0
        if max_pip in self.set_targets:
            self.target = self.set_targets[max_pip]
        elif self.target_grows_with and self.target:
            self.target = target_on_set(self.target, max_pip, self.target_grows_with)

    def deal_table(self, six: Mapping[int, int]) -> dict[int, int]:
        """Hand sizes by players on this game's set, from ``six``, those on double-six: the
        specification's own for the set (``set_hands``), else the set rule (``hand_on_set``)."""
        if self.max_pip == 6:
            return dict(six)
        named = self.set_hands.get(self.max_pip, {})
        return {n: named.get(n, hand_on_set(k, self.max_pip)) for n, k in six.items()}

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

    def deal_for(self, rng: random.Random, context: HandContext | None) -> Deal:
        """The deal of the hand ``context`` describes (``Match`` asks this): ``deal`` unless the
        deal depends on the hand (mexican-train takes the round's engine out first)."""
        return self.deal(rng)

    def tile_value(self, tile: int) -> int:
        """A tile's value in a hand (general 14): its pips, unless the game says otherwise."""
        if tile == 0:
            return self.double_blank_value
        if self.doubles_count_half and IS_DOUBLE[tile]:
            return PIPS[tile] // 2
        return PIPS[tile]

    # -- hooks the engine calls --------------------------------------------------------------
    def lead_rule(self, context: HandContext) -> LeadRule:
        if context.previous is None or self.later_lead is None:
            return self.first_lead
        return self.later_lead

    def needs_redeal(self, hands: list[int], context: HandContext) -> bool:
        """General rule 18: reshuffle when the lead rule cannot be met by the deal."""
        return self.lead_rule(context).needs_redeal(hands, context)

    def setup_hand(self, state: HandState) -> None:
        """Choose who leads and with what, by the lead rule for this hand."""
        state.begin_lead(self.lead_rule(state.context).choose(state))

    def new_rules_state(self, state: HandState) -> dict | None:
        """Typed per-hand state of the conventions (and the game), copied with the hand."""
        states = {c.name: s for c in self.conventions if (s := c.new_state(state)) is not None}
        return states or None

    def filter_moves(self, state: HandState, seat: int, moves: list[int]) -> list[int]:
        for c in self.conventions:
            moves = c.filter_moves(state, seat, moves)
        return moves

    def on_place(self, state: HandState, seat: int, move: int) -> None:
        """Called after every placement (scoring on play, announcements): by default the
        points on play where the game scores them (``scores_on_play``), then the conventions'."""
        if self.scores_on_play:
            score_on_play(state, seat, self.placement_points(state, move))
        for c in self.conventions:
            c.on_place(state, seat, move)

    def on_turn_start(self, state: HandState, seat: int) -> None:
        """Called when a seat's turn begins (forfeited turns excluded)."""
        for c in self.conventions:
            c.on_turn_start(state, seat)

    def on_turn_end(self, state: HandState, seat: int) -> None:
        """Called when a seat's turn ends."""
        for c in self.conventions:
            c.on_turn_end(state, seat)

    def apply_move(self, state: HandState, move: int) -> None:
        """Apply a move of a kind the game registered itself (``moves.register_kind``); the
        engine handles its own kinds. The game offers such moves through ``filter_moves``."""
        from ..engine.moves import IllegalMove
        raise IllegalMove("not-a-seat-move", move=repr(move))

    #: every placement scores its ``points_on_play`` as it is made (``score_on_play``): the
    #: engine does it, so a game that does nothing else on a placement needs no ``on_place``
    scores_on_play = False

    def points_on_play(self, layout: Layout, end: int, tile: int) -> int:
        """Points for ``tile`` just laid on ``end`` of ``layout`` (as it is after it; none by
        default): the protocol of points on play. The game's own scoring and the heuristic
        bot both ask this, so a bot knows the points without knowing the game.
        """
        return 0

    def placement_points(self, state: HandState, move: int) -> int:
        """``points_on_play`` for a placement just made in ``state``."""
        return self.points_on_play(state.layout, end_of(move), tile_of(move))

    #: the ends a seat may use depend on the seat (an arm per seat, trains): the game
    #: says which in ``restrict_places``, for the engine and for ``Knowledge`` alike
    places_depend_on_seat = False
    #: some places are optional: a seat may pass while a tile of his fits one (slosh's
    #: slosh); the game's ``filter_moves`` offers that pass, ``ruled_out`` says what it proves
    optional_places = False

    def restrict_places(self, layout: Layout, seat: int, history: list, index: int) -> None:
        """Tell ``layout`` which ends ``seat`` may use at event ``index`` of ``history`` (a
        seat's view of it: public events only), with ``layout.use_only``. Games whose
        places depend on the seat override this; the engine calls it at every turn's start."""

    def set_position(self, state: HandState, table: dict) -> None:
        """Set up what a position (``domine.engine.position``) says beyond its tiles, in the game's own
        words: ``table`` (mexican-train: markers, seats past their first turn). None by default."""
        raise GameError(f"{self.id} positions take no table ({', '.join(table)})")

    def ruled_out(self, event_kind: int, playable: int) -> int:
        """Tiles a seat shows it does not hold by an event of ``event_kind``, when the
        tiles in ``playable`` fitted (general 10-12): what ``Knowledge`` may infer.

        A pass, a skipped turn or a discard says nothing fitted; a draw says so too
        unless drawing is allowed at will. A game where play is optional says less.
        """
        if event_kind in (PASS, SKIP, DISCARD):
            return playable
        if event_kind == DRAW and not self.turn.draw_at_will:
            return playable
        return 0

    def at_most_one(self, event_kind: int, layout: Layout, held: int) -> int:
        """Tiles of which a seat shows it held at most one, by an event of ``event_kind`` on
        ``layout`` while holding ``held`` tiles (two-by-two: a draw means no pair). None by default."""
        return 0

    def ruled_out_cases(self, event_kind: int, layout: Layout, held: int) -> tuple[int, ...]:
        """Alternatives shown by an event of ``event_kind`` on ``layout`` while holding ``held``
        tiles: the seat held no tile of at least one of these masks (one mask: certainly none of
        it). Two-by-two: no pair means no tile for one end, or none for the other. None by default."""
        return ()

    def hand_value(self, mask: int) -> int:
        """A hand's value as the game counts tiles (general rule 14)."""
        if self.plain_values:
            return pips_of(mask)
        values = self.tile_values
        return sum(values[t] for t in tiles_of(mask))

    def score_hand(self, state: HandState, reason: str, out_seat: int | None) -> HandResult:
        return winner_takes_others(state, reason, out_seat)

    def match_result(self, match: "Match") -> MatchResult | None:
        return self.match_end.decide(match)

    def status(self, obs) -> list[tuple[str, Any]]:
        """What decides the match, as the seat of ``obs`` may know it, for a status line kept in
        view: (label, value) pairs, a value a number, words, or a list with one entry per seat.
        Here the run a streak match end counts (caribbean 10) and, where the pips left in hand
        decide (``pip_weight``), the seat's own pip total; a game puts its own first (its count,
        its pot)."""
        items: list[tuple[str, Any]] = []
        end = self.match_end
        if end is not None and end.needs_streak:
            team, run = obs.context.streak or (-1, 0)
            yours = " (yours)" if run and team == obs.teams[obs.seat] else ""
            items.append(("run", f"{self.team_name(team)}{yours} {run} of {end.target}" if run else "none yet"))
        if self.pip_weight > 0 and not self.keeps_rows:   # a row hides its own tiles from its owner
            items.append(("your pips", self.hand_value(sum(BIT[t] for t in obs.hand))))
        return items

    # -- convenience ----------------------------------------------------------------------
    def new_hand(self, deal: Deal, context: HandContext | None = None) -> HandState:
        return HandState(self, deal, context)

    def new_layout(self) -> Layout:
        cls, args, params = self._layout_call
        layout = cls(*args, **params) if params else cls(*args)
        if self.doubles_in_line:
            layout.doubles_in_line = True
        return layout

    @property
    def actions(self):
        """The game's fixed action space (``domine.games.actions.ActionCodec``): every move a
        seat can make as an int in ``[0, N)``, and the legal ones of a hand as a mask."""
        from .actions import codec_for
        return codec_for(self)

    # -- stakes, seats that sit out, partnerships by hand, decisions after the play ----------
    #: the game is played for tokens: each hand keeps a ``domine.parts.stakes.Ledger`` (balances and
    #: the pot; every transfer a public event of the history), the match carries it on
    stakes = False

    #: what ``domine arena`` plays per deal by default: ``"hand"`` (the first hand of a match),
    #: or ``"match"`` for a game whose hands decide nothing alone (tokens paid at the match's end)
    arena_unit = "hand"

    def hand_teams(self, context: HandContext, n: int) -> list[int]:
        """Seat -> team for the hand ``context`` describes: the game's teams, unless its
        partnerships change from hand to hand (rotating-partners)."""
        return self.seat_teams if n == self.players else self.teams(n)

    def dealt_sizes(self, context: HandContext | None) -> list[int]:
        """Tiles dealt to each seat in the hand ``context`` describes (a seat that sits the
        hand out is dealt none)."""
        return [self.deal_size(self.players)] * self.players

    def after_play(self, state: HandState) -> int | None:
        """Once the play of a hand is over and scored: the seat that decides first, if the
        game leaves decisions to the seats (the ``decisions`` phase: ``decisions`` lists them,
        ``apply_move`` makes them, ``state.end_decisions()`` ends the hand); None: the hand is
        over. None by default."""
        return None

    def decisions(self, state: HandState) -> list[int]:
        """The moves of the seat to act in the ``decisions`` phase (``after_play``)."""
        return []

    def on_draw(self, state: HandState, seat: int, tile: int) -> None:
        """Called after every draw (a game that charges for a tile bought)."""

    #: ``decision_rules_out(history, index, playable)``: the tiles a decision move (kind
    #: ``DECIDE``) at ``history[index]`` proves its seat does not hold, for ``Knowledge``
    #: (auction: an opening bid says nothing fitted); None: decisions prove nothing
    decision_rules_out = None

    #: ``hand_worth(state, seat)``: how good a finished hand is for ``seat`` in the game's own
    #: terms (tokens won, or the points that lead to them), for the search bot; None: points
    hand_worth = None

    #: hands are rows hidden from their owner too (``domine.parts.rows.RowGame``)
    keeps_rows = False

    #: ``complete_observation(state, seat, obs)``: what a game adds to (or takes from) a seat's
    #: observation beyond the engine's (rows hidden from their owner: ``RowGame``); None: nothing
    complete_observation = None


def apply_partners(game: Game, options) -> None:
    """The ``partners`` option: seats 0+2 against 1+3, four players only."""
    if options.get("partners"):
        if game.players != 4:
            raise GameError("partners-four-players")
        game.partnership = True


class StakesGame(Game):
    """A game played for tokens: its hands keep a ``Ledger`` (``state.rules["ledger"]``,
    ``domine.parts.stakes``)."""

    stakes = True

    def new_rules_state(self, state):
        from ..parts.stakes import Ledger
        rules = super().new_rules_state(state) or {}
        rules["ledger"] = Ledger.for_hand(state)
        return rules

    def status(self, obs):
        """The pot and every balance as they stand, worked out from the public transfers."""
        from ..parts.stakes import balances_after
        tokens = balances_after(obs.context.tokens, obs.players, obs.history)
        return [("pot", tokens[-1]), ("balances", tokens[:-1])] + super().status(obs)

    @staticmethod
    def hand_worth(state, seat: int) -> float:
        """Tokens ``seat`` won in the hand, less the mean of the others' (for the search bot)."""
        won = state.rules["ledger"].won()
        others = [w for s, w in enumerate(won) if s != seat]
        return (won[seat] - (sum(others) / len(others) if others else 0.0)) / 4.0


    def why_not(self, state, move: int, label: str) -> Reason | None:
        """Why the decision ``move`` (written ``label``) is refused here, as a reason of the
        game's own (``domine.engine.reasons``: a bid too low); None: the decisions open now
        are listed instead (``domine.parts.stakes``)."""
        return None


class RowGame(Game):
    """A game whose hands are rows hidden from their owner too (the blind games,
    ``domine.parts.rows``); a subclass sets the style of its turn."""

    keeps_rows = True
    row_style = "reveal"      # "reveal", "peek" or "peek on"
    reveal_at = 0             # "peek": a face-down hand this small is turned up (0: never)
    leftover = "aside"
    phases = ROW_PHASES
    hand_end = RowEnd()
    first_lead = FirstByLot()

    def new_rules_state(self, state):
        rules = super().new_rules_state(state) or {}
        rules["rows"] = RowState([list(h) for h in state.deal.hands], STYLES.index(self.row_style))
        return rules

    def setup_hand(self, state) -> None:
        start(state, self.lead_rule(state.context).choose(state).seat)

    def complete_observation(self, state, seat: int, obs) -> None:
        """A seat sees only the tiles of its own row it knows, and the rows as it knows them."""
        rs = rows_of(state)
        obs._masks = (state.hands[seat] & (rs.public | rs.private[seat]),) + tuple(obs._masks[1:])
        obs.rows = row_view(state, seat)

    def set_position(self, state, table: dict) -> None:
        """A position's rows (``domine.engine.position``): each seat's hand is its row, front first;
        ``table`` may mark tiles ``face_up`` in the row, ``open`` (face up beside it), ``known``
        to a seat, ``revealed`` seats (an open hand) and the ``idle`` turns so far. The turn
        of the seat to act then begins."""
        rs = rows_of(state)
        parse = lambda t: parse_tile(str(t), self.max_pip)   # noqa: E731
        for key in table:
            if key not in ("face_up", "open", "known", "revealed", "idle"):
                raise GameError(f"{self.id} positions take face_up, open, known, revealed, idle, not {key}")
        for s, tiles in table.get("face_up", {}).items():
            for t in map(parse, tiles):
                rs.face_up[int(s)] |= BIT[t]
                rs.public |= BIT[t]
        for s, tiles in table.get("open", {}).items():
            for t in map(parse, tiles):
                rs.rows[int(s)].remove(t)
                rs.open[int(s)] |= BIT[t]
                rs.face_up[int(s)] |= BIT[t]
                rs.public |= BIT[t]
        for s, tiles in table.get("known", {}).items():
            for t in map(parse, tiles):
                rs.private[int(s)] |= BIT[t]
        for s in table.get("revealed", ()):
            s = int(s)
            rs.open[s] |= state.hands[s]
            rs.face_up[s] |= state.hands[s]
            rs.public |= state.hands[s]
            rs.rows[s] = []
            rs.revealed[s] = True
        rs.idle = table.get("idle", 0)
        begin_turn(state)
