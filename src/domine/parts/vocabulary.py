"""The vocabulary of a variant file: the engine's rule fragments by name (Ludii's named fragments).

A variant file fills **slots** (the set, the deal, the layout, the lead, the turn, ...). Each
slot offers **parts** by name; a part declares its parameters (type, default, allowed values)
and a one-line description, and says which of a game's declarations it sets (``make``: the
class attributes of ``domine.games.base.Game`` it fills from its parameters). Nothing here
reads a file: the loader (``domine.variants.loader``) checks a file against this registry, and
docs/variants.md is written from it (``python -m domine.variants.doc --markdown``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.matching import EQUAL, SEVEN
from ..engine.moves import DRAW
from ..engine.tiles import SET_NAMES, double, parse_tile, set_size, tile_str
from .conventions import LastTileAnnouncement, OutOfTurnDoubles
from .hand_ends import BLOCKED, DeadLayout, FirstPassLoses, PassesInARow
from .leads import (
    ByLot, FixedSeat, GivenTile, HeaviestDouble, HeaviestDoubleElseTurnUp, LightestTile, Loser, LowestDouble,
    NextStarter, PreviousWinner,
)
from .match_ends import AfterHands, HandWins, ReacherLoses, SingleHand, Streak
from . import scoring
from .turns import AT_WILL, ONE_TILE, WHILE_FITS, Turn

# -- parameters --------------------------------------------------------------------------------
#: the kinds of value a parameter takes, as the documentation and the refusals name them
WHOLE, YES_NO, WORD, TILE, COUNTS = "whole number", "yes/no", "word", "tile", "tiles per player count"


@dataclass(frozen=True)
class Param:
    """One parameter of a part: its name, kind, default and what it allows."""

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None

    def allowed(self) -> str:
        """What the parameter allows, in words (for the documentation and for refusals)."""
        if self.kind == YES_NO:
            return "true or false"
        if self.kind == WORD:
            return "one of " + ", ".join(f'"{c}"' for c in self.choices)
        if self.kind == TILE:
            return 'a tile of the set, written like "6-6"'
        if self.kind == COUNTS:
            return ("a whole number of tiles for every player count, or a table of them by player count, "
                    "such as { 2 = 7, 3 = 5, 4 = 5 }")
        return _range_words(self.low, self.high)


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number of at least {low}"
    return "a whole number"


@dataclass(frozen=True)
class Part:
    """A named rule fragment a slot may use: ``make(values)`` gives the game's declarations."""

    name: str
    help: str
    make: Callable[[dict], dict] = field(repr=False)
    params: tuple[Param, ...] = ()
    #: one line saying what the part does with its values, for ``domine rules --variant``
    says: str = ""
    #: where the rule comes from (a spec's rule), for the documentation
    source: str = ""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def describe(self, values: dict) -> str:
        return (self.says or self.help).format(**values)


@dataclass(frozen=True)
class Slot:
    """A key of a variant file: what it decides, and the parts it may name."""

    key: str
    help: str
    parts: tuple[Part, ...]
    default: str | None = None   # the part a file without a base gets when it says nothing
    many: bool = False           # a list of parts (conventions)

    def part(self, name: str) -> Part | None:
        return next((p for p in self.parts if p.name == name), None)

    def names(self) -> list[str]:
        return [p.name for p in self.parts]


# -- the set, the deal, the players' sides --------------------------------------------------------
def _set_part(pip: int) -> Part:
    name = SET_NAMES[pip]
    return Part(name, f"the {name} set: tiles 0-0 to {pip}-{pip}, {set_size(pip)} tiles",
                lambda v, pip=pip: {"max_pip": pip})


SET = Slot("set", "The tiles played with (general 1).", tuple(_set_part(p) for p in sorted(SET_NAMES)),
           default="double-six")

DEAL = Slot("deal", "How many tiles each player is dealt, and what becomes of the rest (general 5).", (
    Part("deal", "each player is dealt a hand; the rest is the stock, or set aside",
         lambda v: {"hand_sizes": dict(v["hands"]), "hand_size_total": 0, "leftover": v["rest"],
                    "reserve": v["reserve"]},
         (Param("hands", COUNTS, None, "tiles dealt to each player, by the number of players"),
          Param("rest", WORD, "stock", "the tiles not dealt: a stock to draw from, or set aside out of play",
                ("stock", "aside")),
          Param("reserve", WHOLE, 0, "tiles of the stock that may never be drawn", low=0)),
         says="{hands_text}; the rest {rest_text}"),
))

TEAMS = Slot("teams", "Who plays with whom.", (
    Part("none", "every player for himself", lambda v: {"partnership": False}),
    Part("partners", "two teams: seats 0 and 2 against seats 1 and 3 (four players only)",
         lambda v: {"partnership": True}),
), default="none")

# -- the table: layout and matching -----------------------------------------------------------
LAYOUT = Slot("layout", "Where tiles may be placed (docs/layouts.md).", (
    Part("line", "a line with two open ends; doubles lie across", lambda v: {"layout_kind": "line",
                                                                           "layout_params": {}}),
    Part("spinner", "a line whose first double is a spinner, open on its four sides",
         lambda v: {"layout_kind": "spinner", "layout_params": {"flanks": v["flanks"].replace("-", " ")}},
         (Param("flanks", WORD, "at-once", "when the spinner's two flanks open: at once, or once both of "
                "its sides hold a tile", ("at-once", "after-sides")),),
         says="a line whose first double is a spinner; its flanks open {flanks}"),
    Part("cross", "a cross: the lead double is a spinner whose four sides fill before any arm grows (lead a "
         "double: the lead rule should deal again when none is dealt)",
         lambda v: {"layout_kind": "cross", "layout_params": {}}, source="cross 4-6"),
), default="line")

MATCHING = Slot("matching", "Which tiles may touch (general 8).", (
    Part("equal", "equal numbers touch", lambda v: {"matching": EQUAL}),
    Part("sum-to-seven", "touching halves add up to 7; 1-6, 2-5, 3-4 and 0-0 are matadors, wild "
         "(the Russian games; double-six only)", lambda v: {"matching": SEVEN}),
), default="equal")

# -- the lead ---------------------------------------------------------------------------------
_FIRST_LEADS = (
    Part("heaviest-double", "the holder of the heaviest double leads it; with no double dealt, the heaviest "
         "tile, or a new deal", lambda v: {"_lead": HeaviestDouble(redeal=v["redeal"])},
         (Param("redeal", YES_NO, False, "no double dealt: deal again instead of leading the heaviest tile"),),
         source="general 2, 18"),
    Part("lowest-double", "the holder of the lowest double leads it; with none, the lightest tile",
         lambda v: {"_lead": LowestDouble()}),
    Part("lightest-tile", "the holder of the lightest tile dealt leads it (blitz)", lambda v: {"_lead": LightestTile()}),
    Part("given-tile", "the holder of a named tile leads it; not dealt, a new deal",
         lambda v: {"_lead": GivenTile(v["tile"])},
         (Param("tile", TILE, "6-6", "the tile that leads"),), says="the holder of {tile} leads it"),
    Part("top-double", "the holder of the set's heaviest double (6-6 on double-six) leads it; not dealt, a new "
         "deal", lambda v: {"_lead": GivenTile(double(6)), "_lead_of_set": lambda pip: GivenTile(double(pip))},
         source="sevastopol 4"),
    Part("heaviest-double-else-turn-up", "the holder of the heaviest double leads it; with no double dealt, the "
         "first tile set aside is turned up as the lead, nobody's, and seat (hand - 1) mod the players plays first "
         "(needs tiles set aside: deal.rest = \"aside\")",
         lambda v: {"_lead": HeaviestDoubleElseTurnUp()}, source="troli 3"),
    Part("fixed-seat", "a given seat leads any tile", lambda v: {"_lead": FixedSeat(v["seat"])},
         (Param("seat", WHOLE, 0, "the seat that leads", low=0, high=7),), says="seat {seat} leads any tile"),
    Part("by-lot", "a seat drawn by lot leads any tile", lambda v: {"_lead": ByLot()}),
    Part("next-starter", "the seat after the previous hand's leader leads (seat 1 in the first hand)",
         lambda v: {"_lead": NextStarter(v["tiles"])},
         (Param("tiles", WORD, "any", "what he may lead", ("any", "double")),),
         says="the seat after the previous leader leads ({tiles} tile)"),
)
LEAD = Slot("lead", "Who leads the first hand, and with what.", _FIRST_LEADS, default="heaviest-double")

LATER_LEAD = Slot("later_lead", "Who leads every hand after the first (unset: as the first).", (
    Part("same", "as the first hand", lambda v: {"_lead": None}),
    *_FIRST_LEADS,
    Part("loser", "the weakest player of the previous hand leads (general 16)",
         lambda v: {"_lead": Loser(v["tiles"], v["then"].replace("-", " "))},
         (Param("tiles", WORD, "any", "what he may lead: any tile, or a double", ("any", "double")),
          Param("then", WORD, "until-double", "holding no double: he draws until he draws one, or leads the "
                "first tile drawn", ("until-double", "first-drawn"))),
         says="the weakest player of the previous hand leads ({tiles} tile)"),
    Part("previous-winner", "the previous hand's winner leads any tile; after a hand nobody won, the heaviest "
         "double", lambda v: {"_lead": PreviousWinner(HeaviestDouble())}),
), default="same")

# -- the turn and the hand's end --------------------------------------------------------------
_TURN_PARAMS = (
    Param("again_after_double", YES_NO, False, "a double (the lead too) owes one more placement"),
    Param("draw_at_will", YES_NO, False, "a player may draw even when a tile of his fits"),
    Param("must_play_drawn", YES_NO, True, "a drawn tile that fits must be placed"),
    Param("draw_limit", WHOLE, 0, "tiles a player may draw in a turn (0: until one fits)", low=0, high=91),
    Param("when_stuck", WORD, "pass", "a player with nothing to place and nothing to draw passes, or his turn "
          "is skipped by the rules", ("pass", "skip")),
)


def _turn(continues: str) -> Callable[[dict], dict]:
    def make(v: dict) -> dict:
        return {"turn": Turn(continues=continues, again_after_double=v["again_after_double"],
                             draw_at_will=v["draw_at_will"], drawn_tile_must_be_played=v["must_play_drawn"],
                             draw_limit=v["draw_limit"] or None, skip_when_stuck=v["when_stuck"] == "skip")}
    return make


TURN = Slot("turn", "What a turn is (general 9-12).", (
    Part("one-tile", "one tile a turn; a player who cannot place draws, then passes", _turn(ONE_TILE), _TURN_PARAMS),
    Part("while-fits", "a player keeps placing while anything fits (blitz)", _turn(WHILE_FITS), _TURN_PARAMS),
    Part("at-will", "a player may place more tiles, or stop (lightning)", _turn(AT_WILL), _TURN_PARAMS),
), default="one-tile")

HAND_END = Slot("hand_end", "When a hand ends other than by a player going out (general 13, 23c).", (
    Part("blocked", "when nobody can place and nothing can be drawn", lambda v: {"hand_end": BLOCKED},
         source="general 23(c)"),
    Part("dead-layout", "blocked, or no tile outside the layout could ever fit an open end",
         lambda v: {"hand_end": DeadLayout()}),
    Part("first-pass-loses", "the first player who must pass loses the hand", lambda v: {"hand_end": FirstPassLoses()}),
    Part("passes-in-a-row", "after so many passes in a row", lambda v: {"hand_end": PassesInARow(v["count"])},
         (Param("count", WHOLE, 4, "passes in a row that end the hand", low=1, high=16),),
         says="after {count} passes in a row"),
), default="blocked")

# -- values, scoring, the match's end ---------------------------------------------------------
VALUES = Slot("values", "What a tile left in hand counts (general 14).", (
    Part("pips", "a tile counts its pips",
         lambda v: {"double_blank_value": v["double_blank"], "doubles_count_half": v["doubles_half"]},
         (Param("double_blank", WHOLE, 0, "what 0-0 counts (ordinary: 14)", low=0, high=100),
          Param("doubles_half", YES_NO, False, "a double n-n counts n (two-hander)")),
         says="a tile counts its pips; 0-0 counts {double_blank}{half_text}"),
), default="pips")


def _scoring(fn, points: str = scoring.GOOD, bonus: bool = False, **more) -> Callable[[dict], dict]:
    """A scoring part's declarations; ``more``: others it implies (``pip_weight``, how much the
    pips left in hand matter to the outcome, for the bots)."""
    def make(v: dict) -> dict:
        return {"_scoring": fn, "points": points, "_bonus": v.get("domino_bonus", 0) if bonus else 0, **more}
    return make


_BONUS = (Param("domino_bonus", WHOLE, 0, "points more for the side that goes out", low=0, high=1000),)
SCORING = Slot("scoring", "How a finished hand scores (general 14-16).", (
    Part("winner-takes-others", "the side that goes out scores the others' pips; blocked, the lowest side "
         "scores the difference", _scoring(scoring.winner_takes_others, bonus=True), _BONUS, source="pagat"),
    Part("opponents-total", "each team scores the other team's pips (partners only)",
         _scoring(scoring.opponents_total, bonus=True), _BONUS),
    Part("lowest-takes-all", "the winner, or the one lowest of a block, scores everybody else's pips",
         _scoring(scoring.lowest_takes_others_total, bonus=True), _BONUS),
    Part("first-ranked-takes-others", "the best-ranked player scores the others' pips (blitz)",
         _scoring(scoring.first_ranked_takes_others, bonus=True), _BONUS),
    Part("by-rank", "the best-ranked player scores the weakest's pips, the second the second weakest's "
         "(three or four players)", _scoring(scoring.by_rank), source="individual 7-9"),
    Part("out-or-shut-out", "going out wins the hand, otherwise the player who had to pass loses it; one win "
         "to the winner, pips never count (two players)", _scoring(scoring.out_or_shut_out, pip_weight=0.0),
         source="shut-out 8-9"),
    Part("round-won", "going out wins the round, a blocked round goes to the lower hand (equal: nobody); one "
         "win to the winner (two players)", _scoring(scoring.round_won, pip_weight=0.5), source="family 7"),
    Part("own-pips", "every player adds his own pips as penalty points; fewest wins",
         _scoring(scoring.own_pips, scoring.PENALTY)),
    Part("against-average", "zero-sum: each player scores the mean hand minus his own",
         _scoring(scoring.against_average, scoring.ZERO_SUM)),
    Part("hand-won", "the seat that goes out, or the lowest of a block, wins one point for its side",
         _scoring(scoring.lowest_seat_wins_for_team)),
), default="winner-takes-others")

MATCH_END = Slot("match_end", "When the match is over, and who won it (general 19).", (
    Part("first-to", "a total reaching the target ends the match; the best total wins",
         lambda v: {"target": v["target"], "match_end": None},
         (Param("target", WHOLE, 100, "the score that ends the match", low=1, high=100000),),
         says="a total reaching {target} ends the match; the best total wins"),
    Part("reacher-loses", "whoever reaches the target loses", lambda v: {"match_end": ReacherLoses(v["target"])},
         (Param("target", WHOLE, 100, "the score that loses", low=1, high=100000),),
         says="whoever reaches {target} loses"),
    Part("after-hands", "after so many hands the best total wins", lambda v: {
        "match_end": AfterHands(v["hands"], high=True, tie_plays_on=v["tie"] == "plays-on", unit=v["unit"])},
         (Param("hands", WHOLE, 5, "hands in the match", low=1, high=1000),
          Param("tie", WORD, "plays-on", "a shared best total: more hands, or a drawn match",
                ("plays-on", "drawn")),
          Param("unit", WORD, "points", "what the totals count: points, or rounds won (one a hand won)",
                ("points", "rounds"))),
         says="after {hands} hands the best total wins (a tie: {tie})"),
    Part("streak", "so many hands won in a row", lambda v: {"match_end": Streak(v["length"])},
         (Param("length", WHOLE, 3, "hands won in a row", low=1, high=100),), says="{length} hands won in a row"),
    Part("hand-wins", "the first to win so many hands", lambda v: {"match_end": HandWins(v["wins"])},
         (Param("wins", WHOLE, 5, "hands won", low=1, high=1000),), says="the first to win {wins} hands"),
    Part("single-hand", "one hand is the match", lambda v: {"match_end": SingleHand()}),
), default="first-to")

# -- conventions and stakes -------------------------------------------------------------------
CONVENTIONS = Slot("conventions", "Table conventions any game may add (a list).", (
    Part("jedan-kamen", "a player left with one tile must announce it, or that tile is locked for his next "
         "turn", lambda v: {"_convention": LastTileAnnouncement()}, source="ordinary 10"),
    Part("out-of-turn-doubles", "after a drawn lead a-b, the holders of a-a and b-b may lay them at once, each "
         "costing a turn (Igra preko reda)", lambda v: {"_convention": OutOfTurnDoubles()}, source="ordinary 7"),
    Part("open-draws", "every tile drawn is shown to all the players", lambda v: {"public_kinds": frozenset({DRAW})},
         source="shut-out 7"),
), many=True)

STAKES = Slot("stakes", "Whether the game is played for tokens (general 20).", (
    Part("none", "points only", lambda v: {"_ante": 0}),
    Part("pot", "every player antes into a pot each hand; the hand's winner takes it (every player for "
         "himself)", lambda v: {"_ante": v["ante"]},
         (Param("ante", WHOLE, 1, "tokens each player puts in every hand", low=1, high=1000),),
         says="every player antes {ante} into a pot each hand; the hand's winner takes it"),
), default="none")

#: every slot, in the order a variant's description and docs/variants.md give them
SLOTS: tuple[Slot, ...] = (SET, DEAL, TEAMS, LAYOUT, MATCHING, LEAD, LATER_LEAD, TURN, HAND_END, VALUES, SCORING,
                           MATCH_END, CONVENTIONS, STAKES)
SLOT_NAMED = {s.key: s for s in SLOTS}

#: the keys of a variant file beside its slots
HEADER = {
    "id": "the variant's id (letters, digits and dashes; not a built-in game's); default: from its name",
    "name": "the variant's name (required)",
    "summary": "one line saying what it is",
    "base": "a built-in game it starts from (its id or any name of it); without one, the general rules",
    "players": "the number of players: a whole number, or [least, most], from 2 to 8; default: the base's, "
               "else [2, 4]",
    "options": "a table of the base game's options, as `domine rules GAME` lists them, set as this variant's "
               "defaults",
}

def tile_value(text: Any) -> int:
    """A tile parameter's value (``ValueError`` for one that is no tile)."""
    if not isinstance(text, str):
        raise ValueError(text)
    return parse_tile(text, 12)


def counts_text(hands: dict[int, int]) -> str:
    sizes = sorted(set(hands.values()))
    if len(sizes) == 1:
        return f"{sizes[0]} tiles each"
    return ", ".join(f"{k} each to {n} players" for n, k in sorted(hands.items()))


def describe(part: Part, values: dict) -> str:
    """The line ``domine rules --variant`` gives a part with its values."""
    shown = {k: (tile_str(v) if part.param(k) and part.param(k).kind == TILE else v) for k, v in values.items()}
    if "hands" in values:
        shown["hands_text"] = counts_text(values["hands"])
        shown["rest_text"] = ("is the stock" + (f", of which {values['reserve']} may never be drawn"
                                                if values["reserve"] else "")
                              if values["rest"] == "stock" else "is set aside, out of play")
    if "redeal" in values:
        shown["redeal_text"] = "a new deal" if values["redeal"] else "the holder of the heaviest tile leads it"
    if "doubles_half" in values:
        shown["half_text"] = "; a double n-n counts n" if values["doubles_half"] else ""
    for k in ("flanks", "tie"):
        if k in shown:
            shown[k] = str(shown[k]).replace("-", " ")
    return part.describe(shown)
