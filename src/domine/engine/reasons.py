"""Why a move is refused, as data: a reason code, its parameters, and the sentence they make.

Every refusal (``MoveError`` and its kinds, ``TileError``) carries a ``Reason``: a short
stable ``code`` in the domain's words (``"not-your-tile"``, ``"must-draw"``) and ``params``,
plain JSON values (tiles as notation, ``"6-6"``; ends by name; seats and numbers as ints;
moves as written). The sentence a player reads is rendered from them by a ``Catalog``:
``ENGLISH`` here, a translation later from the same codes. ``REASONS`` is the one table of
codes with their English templates; nothing that refuses a move writes its sentence itself.

A template is ``str.format`` text whose fields are the code's parameters. A few format specs
say how a list reads in the catalog's language: ``{allowed:or}`` (``6-6 or 5-5``),
``{options:list}`` (``a, b``), ``{ends:ends}`` (``L=5, R=3``; the catalog's word for none when
empty), ``{side_tiles:one-of}`` (`` (one of 6-1, 5-2)``, nothing when empty),
``{limit:plural:tile|tiles}`` (the number and the noun in the form the catalog's language gives
it: ``3 tiles``; Polish and Serbian list three forms); ``!r`` quotes text as typed. docs/reasons.md is generated from the table (``reasons_doc``).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, field

ILLEGAL, MALFORMED, AMBIGUOUS, TILE = "IllegalMove", "MalformedMove", "AmbiguousMove", "TileError"
#: the errors of what surrounds the moves: a game set up, a bot named, a record read, a variant file read
GAME, BOT, RECORD, VARIANT = "GameError", "BotError", "RecordError", "VariantError"

#: what each parameter holds, by name (one meaning a name, whatever the code)
PARAMS = {
    "tile": 'a tile in notation: "6-6"',
    "move": "the move as written (its notation, or the value's repr when it is no move at all)",
    "text": "the text as typed (quoted in the sentence)",
    "word": "one word of the typed text",
    "named": "a tile as the player typed it",
    "end": 'an end by name: "L", "N", "A3"',
    "ends": 'open ends, as [name, pips] pairs: [["L", 5], ["R", 3]]',
    "allowed": 'tiles that may lead: ["6-6", "5-5"]',
    "side_tiles": "the tiles a side of the centre takes, [] for any",
    "moves": "moves in notation",
    "options": "the moves the seat may make instead, in notation",
    "pairs": "the pairs that may be played, in notation",
    "seat": "a seat (0 first)",
    "turn": "the seat whose turn it is",
    "limit": "a number of tiles, or of points",
    "high": "the highest bid so far, in tokens",
    "times": "how many times",
    "sides": "how many sides a spinner has",
    "max_pip": "the set's highest number of pips",
    "index": "an event's index in a log (0 first)",
    "event": "an event as the log holds it (an int)",
    "made_seat": "the seat of the event the engine made",
    "made_event": "the event the engine made (an int)",
    "kind": "a kind of event by name",
    "name": "a name as the user typed it (a game's, a bot's)",
    "games": 'games a mistyped name may mean, each as "id (Name)"',
    "game": "a game's id",
    "value": "a value as given (an option's, a parameter's, a record field's)",
    "other": "the value another option asked for",
    "given": "an option's name as given",
    "option": "an option's name",
    "known": "the names there are (options, bots, parameters, keys)",
    "choices": "the values an option takes",
    "players": "a number of players",
    "low": "the fewest players a game takes",
    "high_players": "the most players a game takes",
    "set": 'a set by name: "double-six"',
    "bot": "a bot's name",
    "parameter": "a bot's parameter by name",
    "hand": "a hand's number in a record (1 first)",
    "step": "a move's number in its hand in a record (1 first)",
    "count": "a number of tiles",
    "why": "a system's own words for what it could not read (English)",
    "line": "a line of a file (1 first)",
    "column": "a column of a line (1 first)",
    "start": "the first characters of a value as JSON",
    "field": 'a field of a record as JSON writes it: "format": "domine-record"',
    "version": "the version of the record format this domine reads",
    "offset": "a byte's place in a file (0 first)",
    "path": "a file's path",
    "key": "a key of a variant file, as the file writes it",
    "shown": "a value as a variant file writes it (TOML)",
    "close": "the known name closest to a mistyped one",
}


@dataclass(frozen=True)
class Code:
    """One reason a move is refused: its English template, the error that carries it and
    where it is given (a phase, a kind of move, a door such as parsing or replay)."""

    code: str
    template: str
    error: str
    given: str

    @property
    def params(self) -> tuple[str, ...]:
        return fields_of(self.template)


def fields_of(template: str) -> tuple[str, ...]:
    """The parameter names a template uses, in order of first use."""
    names: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None and name not in names:
            names.append(name)
    return tuple(names)


_TABLE = (
    # -- any move, any phase ----------------------------------------------------------------
    ("hand-over", ILLEGAL, "any move once the hand is over", "the hand is over"),
    ("not-a-move", ILLEGAL, "any phase: a value or kind this game has no move for",
     "{move} is not a move of this game"),
    ("not-legal-here", ILLEGAL, "turn: a placement refused for no reason above", "{move} is not legal here"),
    # -- the lead ---------------------------------------------------------------------------
    ("must-draw-to-lead", ILLEGAL, "draw for lead", "you must draw a tile to lead"),
    ("lead-not-allowed", ILLEGAL, "lead", "{tile} may not lead; you must lead {allowed:or}"),
    # -- placements -------------------------------------------------------------------------
    ("not-your-tile", ILLEGAL, "lead, turn: a placement, discard or closing", "you do not hold {tile}"),
    ("must-place-drawn", ILLEGAL, "turn: a placement after drawing a tile that fits",
     "you must place the tile you drew, {tile}"),
    ("locked-last-tile", ILLEGAL, "turn: a placement (Jedan Kamen)",
     "{tile} is locked this turn: you did not announce your last tile"),
    ("offer-pending", ILLEGAL, "offers: a placement (Igra preko reda)",
     "only the out-of-turn double offered to you may be placed now, or decline"),
    ("must-play-pair", ILLEGAL, "turn: a single placement where pairs are played",
     "you must play a pair: one tile on each end"),
    ("single-only-last-tile", ILLEGAL, "turn: a single placement where pairs are played",
     "a single tile may be played only by a player holding one tile"),
    ("fits-no-usable-end", ILLEGAL, "turn: a placement where the ends depend on the seat (arms, trains)",
     "{tile} fits no end you may use now (yours now: {ends:ends})"),
    ("fits-no-open-end", ILLEGAL, "turn: a placement", "{tile} fits no open end ({ends:ends})"),
    ("placement-elsewhere", ILLEGAL, "turn: a placement on the wrong end or pip",
     "{move} is not a legal placement; {tile} can go: {moves:list}"),
    # -- the opening of a cross, a figure, a spinner (the layout's rule) --------------------
    ("spinner-sides-first", ILLEGAL, "turn: a placement in a cross's opening",
     "the spinner's {sides} sides must be filled before any arm grows"),
    ("figure-opening", ILLEGAL, "turn: a placement in a figure's opening",
     "until the figure is complete, only a tile on an empty side or an arm's own double may be played"),
    ("figure-sides-first", ILLEGAL, "turn: a placement in a figure's opening (sides first)",
     "until the figure is complete, only a tile on an empty side may be played, "
     "and an arm's own double once every side holds a tile"),
    ("spinner-ends-wait", ILLEGAL, "turn: a placement before a spinner's sides hold a tile",
     "the spinner's ends open only once both its sides hold a tile"),
    ("centre-sides-first", ILLEGAL, "turn: a placement in a phased cross's opening",
     "until every side of the centre holds a tile{side_tiles:one-of} or is closed, "
     "only an empty side may be filled"),
    ("centre-sides-or-slots", ILLEGAL, "turn: a placement in a phased cross's opening (early slots)",
     "until every side of the centre holds a tile{side_tiles:one-of} or is closed, "
     "only an empty side or a slot beyond a side tile (its double) may be filled; "
     "then an arm grows once its slot is filled"),
    ("centre-slot-before-arm", ILLEGAL, "turn: a placement in a phased cross's opening (early arms)",
     "until every side of the centre holds a tile{side_tiles:one-of} or is closed, "
     "only an empty side may be filled; then each arm's slot takes its double (or a tile of its own) "
     "before that arm grows"),
    ("centre-slots-before-arms", ILLEGAL, "turn: a placement in a phased cross's opening (ring)",
     "until every side of the centre holds a tile{side_tiles:one-of} or is closed, "
     "only an empty side may be filled; then each arm's slot takes its double (or a tile of its own) "
     "before any arm grows"),
    # -- draw, pass, stop, decline, discard, pair, close -------------------------------------
    ("draw-exhausted", ILLEGAL, "turn: draw", "you cannot draw: drawing is exhausted"),
    ("drawn-tile-fits", ILLEGAL, "turn: draw", "you drew {tile}, which fits: you must place it"),
    ("draw-limit", ILLEGAL, "turn: draw", "you may draw at most {limit:plural:tile|tiles} in a turn"),
    ("draw-while-tile-fits", ILLEGAL, "turn: draw", "you cannot draw while you hold a tile that fits"),
    ("not-next-stock-tile", ILLEGAL, "parsing: a draw that names its tile",
     "the next stock tile is {tile}, not {named}"),
    ("must-draw", ILLEGAL, "turn: pass", "you cannot pass: you must draw"),
    ("must-discard", ILLEGAL, "turn: pass", "you cannot pass: you must discard a tile"),
    ("pass-while-tile-fits", ILLEGAL, "turn: pass", "you cannot pass: you hold a tile that fits"),
    ("stop-not-now", ILLEGAL, "turn: stop",
     "you can stop only after placing a tile, while another would still fit"),
    ("no-offer", ILLEGAL, "decline", "there is no out-of-turn offer to decline"),
    ("discard-while-tile-fits", ILLEGAL, "turn: discard", "you may discard only when no tile of yours fits"),
    ("pair-not-legal", ILLEGAL, "turn: pair", "{move} is not a legal pair here"),
    ("no-closing-now", ILLEGAL, "turn: close", "no end may be closed now"),
    ("closing-not-allowed", ILLEGAL, "turn: close", "{move} is not a closing allowed here"),
    # -- a phase handed a move it never lists (bots sending ints) ----------------------------
    ("not-a-lead", ILLEGAL, "lead: a move that is not a tile", "{move} is not a lead"),
    ("not-a-draw", ILLEGAL, "draw for lead: a move that is not a draw", "{move} is not a draw"),
    ("not-offered", ILLEGAL, "offers: a move that is neither a tile nor decline",
     "{move} is neither the offered tile nor a decline"),
    ("not-a-seat-move", ILLEGAL, "a game's own kind of move, made where the game has none",
     "{move} is not a move a seat can make"),
    # -- replaying a log (from_events) -------------------------------------------------------
    ("not-your-turn", ILLEGAL, "replay: an event of a seat not to act",
     "seat {seat} moved, but it is seat {turn}'s turn"),
    ("log-differs-from-rules", ILLEGAL, "replay: an event of the rules",
     "event {index}: the log has {seat}: {event}, the rules make {made_seat}: {made_event}"),
    ("log-differs-from-move", ILLEGAL, "replay: a move",
     "event {index}: the log has {seat}: {event}, the move makes {made_seat}: {made_event}"),
    ("rules-event-not-made", ILLEGAL, "replay: an event of the rules",
     "event {index}: an event of the rules ({kind}) that the rules do not make here"),
    # -- reading text --------------------------------------------------------------------------
    ("empty-move", MALFORMED, "parsing", "empty move"),
    ("unreadable-word", MALFORMED, "parsing: a placement",
     "cannot read {word!r} in {text!r} (an end is one of {ends:list})"),
    ("lead-names-no-end", MALFORMED, "parsing: a placement before the lead",
     "the lead goes on an empty table: write only the tile"),
    ("discard-names-tile", MALFORMED, "parsing: discard", "a discard names its tile: discard 5-3"),
    ("closing-names-end-and-tile", MALFORMED, "parsing: close",
     "a closing names the end and the tile: close {end} 3-4"),
    ("pair-written", MALFORMED, "parsing: a pair", "a pair is written '5-3 L + 6-2 R', not {text!r}"),
    ("no-pair-now", ILLEGAL, "parsing: a pair", "{text!r}: no pair can be played now"),
    ("pair-not-listed", ILLEGAL, "parsing: a pair", "{text!r} is not a legal pair; the pairs here: {pairs:list}"),
    ("ambiguous", AMBIGUOUS, "parsing: a placement or pair", "{text!r} could mean {moves:list}: say which"),
    ("not-a-tile", TILE, "reading a tile (a MalformedMove in a move)", "not a tile: {text!r} (write it like 5-3)"),
    ("no-such-tile", TILE, "reading a tile (a MalformedMove in a move)",
     "no tile {text!r} in a set whose highest number is {max_pip}"),
    # -- rows (blind, blind-row, blind-hughie) --------------------------------------------------
    ("cannot-lay-now", ILLEGAL, "rows: a placement", "{move} cannot be laid now; you may: {options:list}"),
    ("not-a-move-here", ILLEGAL, "rows: any other move", "{move} is not a move here; you may: {options:list}"),
    ("open-only-looked-double", ILLEGAL, "rows: open",
     "only a double you have just looked at and not laid may be set face up; you may: {options:list}"),
    ("back-draw-not-now", ILLEGAL, "rows: back draw",
     "you may draw only after sending your front tile back, while the stock lasts; you may: {options:list}"),
    ("nothing-to-send-back", ILLEGAL, "rows: back",
     "there is no looked-at tile to send back now; you may: {options:list}"),
    ("not-a-back-move", ILLEGAL, "rows: back", "that is not a move here; you may: {options:list}"),
    ("not-the-deciding-tile", ILLEGAL, "rows: open, naming a tile", "{named} is not the tile you are deciding on"),
    ("peek-not-now", ILLEGAL, "rows: peek", "you cannot look at your front tile now"),
    ("back-written", MALFORMED, "parsing: back", "write back, or back draw"),
    # -- decisions for stakes (auction, italian, close-at-will, rotating-partners) ---------------
    ("bid-names-number", MALFORMED, "parsing: bid", "a bid names a whole number of tokens: bid 3"),
    ("drop-out-written", MALFORMED, "parsing: drop out", "dropping out is written: drop out"),
    ("nothing-to-decide", ILLEGAL, "stakes: a decision",
     "{move}: there is nothing of the kind to decide now"),
    ("decision-not-allowed", ILLEGAL, "stakes: a decision", "{move} is not allowed now; you may: {options:list}"),
    ("bid-too-low", ILLEGAL, "auction: bidding", "{move}: the highest bid is {high}: raise above it, or pass"),
    ("no-auction", ILLEGAL, "auction: pass", "{move}: there is no auction to pass in"),
    ("cannot-open-auction", ILLEGAL, "auction: an opening bid",
     "{move}: only a player who cannot place, with 1 or 2 tiles left in the stock, may open an auction"),
    ("not-a-bid", ILLEGAL, "auction: bidding, a move that is no decision", "{move} is not a bid or a pass"),
    ("not-past-limit", ILLEGAL, "italian: buy back, drop out",
     "{move}: only a player past {limit} decides to buy back in or drop out, after the hand"),
    ("buy-back-limit", ILLEGAL, "italian: buy back",
     "{move}: you have bought back in {times:plural:time|times}, the most allowed"),
    # -- four-crosses ----------------------------------------------------------------------------
    ("double-not-reserved", ILLEGAL, "four-crosses: an arm closed after a round of passes (rule 9)",
     "arm {end} waits for {tile}, which is not among the reserved tiles"),
    # -- reading text: what a placement may say only once, the digits pips are written with --
    ("not-ascii-digit", MALFORMED, "parsing: any move",
     "{word!r} holds a digit domine does not read: write pips and numbers with 0 to 9"),
    ("two-ends", MALFORMED, "parsing: a placement", "{text!r} names more than one end: name the one you mean"),
    ("two-open-pips", MALFORMED, "parsing: a placement",
     "{text!r} names more than one pip to leave open: name the one you mean"),
    ("number-too-long", MALFORMED, "parsing: any move",
     "{word!r}: no number in a move has more than {limit} digits"),
    # -- setting up a game (domine.games: the registry, options, players) ----------------------
    ("unknown-game", GAME, "finding a game by id or name, nothing close",
     "unknown game {name!r}. ('domine list' shows all games)"),
    ("unknown-game-did-you-mean", GAME, "finding a game by id or name",
     "unknown game {name!r}. Did you mean {games:or}? ('domine list' shows all games)"),
    ("players-not-a-number", GAME, "setting up a game: a player count that is no count",
     "{game} cannot be played by {value!r} players"),
    ("players-exactly", GAME, "setting up a game for a number of players it is not played by",
     "{game} is played by exactly {low} players, not {players}"),
    ("players-between", GAME, "setting up a game for a number of players it is not played by",
     "{game} is played by {low} to {high_players} players, not {players}"),
    ("hands-do-not-fit", GAME, "setting up a game: the hands and the set",
     "{players} hands of {count} tiles do not fit in a {set} set"),
    ("no-such-option", GAME, "options: a name the game has no option by",
     "{game} has no option {given!r} (its options: {known:list})"),
    ("no-options", GAME, "options: any name, for a game without options",
     "{game} has no option {given!r} (its options: none)"),
    ("option-yes-no", GAME, "options: a yes/no option", "option {option} takes yes or no, not {value!r}"),
    ("option-whole-number", GAME, "options: a number option", "option {option} takes a whole number, not {value!r}"),
    ("option-choice", GAME, "options: an option of named values",
     "option {option} takes one of {choices:list}, not {value!r}"),
    ("option-conflict", GAME, "options: two names of one option, asking for different values",
     "option {given} asks for {option}={value}, another option for {option}={other}: give one"),
    ("target-not-positive", GAME, "options: target", "option target must be a positive number"),
    ("partners-four-players", GAME, "options: partners", "option partners needs exactly 4 players"),
    # -- naming a bot (domine.bots) ---------------------------------------------------------------
    ("unknown-bot", BOT, "finding a bot by name", "unknown bot {name!r} (bots: {known:list})"),
    ("bot-takes-no-parameters", BOT, "a bot's parameters", "bot {bot!r} takes no parameters"),
    ("no-such-bot-parameter", BOT, "a bot's parameters",
     "bot {bot!r} has no parameter {parameter!r} (parameters: {known:list})"),
    ("bot-parameter-whole-number", BOT, "a bot's parameters: a count",
     "parameter {parameter} of {bot!r} takes a whole number, not {value!r}"),
    ("bot-parameter-number", BOT, "a bot's parameters: a weight",
     "parameter {parameter} of {bot!r} takes a number, not {value!r}"),
    # -- reading a record (domine.records) --------------------------------------------------------
    ("in-hand", RECORD, "a record: where a fault is, before its sentence", "hand {hand}"),
    ("in-move", RECORD, "a record: where a fault is, before its sentence", "hand {hand}, move {step}"),
    ("in-move-written", RECORD, "a record: where a move the rules refuse is and how it is written, before "
     "the move's own reason", "hand {hand}, move {step}: {text!r}"),
    ("record-unreadable", RECORD, "reading a record file", "cannot read {path}: {why}"),
    ("record-not-text", RECORD, "reading a record file",
     "not a text file in UTF-8 (byte {offset} cannot be read): a record is UTF-8 JSON"),
    ("not-json", RECORD, "reading a record", "not JSON: {why} at line {line}, column {column}"),
    ("record-not-object", RECORD, "reading a record", "not a record: a record is a JSON object, not {start}"),
    ("not-a-domine-record", RECORD, "reading a record", "not a domine record (expected {field})"),
    ("record-version-not-number", RECORD, "reading a record: its header",
     "'version' must be a number (this domine reads {version}), not {value!r}"),
    ("record-version", RECORD, "reading a record: its header",
     "unsupported record version {value!r} (this domine reads {version})"),
    ("record-game-not-text", RECORD, "reading a record: its header", "'game' must be a game id as text, not {value!r}"),
    ("record-players", RECORD, "reading a record: its header",
     "'players' must be a whole number of players, not {value!r}"),
    ("deal-hands", RECORD, "reading a record: a deal", "the deal must hold {players} hands"),
    ("deal-size", RECORD, "reading a record: a deal", "seat {seat} was dealt {count} tiles, not {limit}"),
    ("moves-end-early", RECORD, "reading a record: a hand that is not over", "the moves end before the hand does"),
    # -- checking a fair deal (domine.engine.fair, domine verify) ------------------------------------
    ("fair-seed-unreadable", RECORD, "checking a fair deal: the revealed seed",
     "the seed is not 32 bytes in hexadecimal: {value!r}"),
    ("fair-commitment-unreadable", RECORD, "checking a fair deal: the commitment",
     "the commitment is not a SHA-256 in hexadecimal: {value!r}"),
    ("fair-seed-missing", RECORD, "checking a fair deal: a finished hand's seed",
     "the hand is over, but its seed was never revealed"),
    ("fair-commitment-differs", RECORD, "checking a fair deal: the commitment",
     "the seed's SHA-256 is not the commitment published before the deal"),
    ("fair-deal-differs", RECORD, "checking a fair deal: the deal", "the deal is not the one the seed gives"),
    # -- reading a variant file (domine.variants) ---------------------------------------------------
    ("variant-not-text", VARIANT, "reading a variant file", "a variant file is TOML text"),
    ("not-toml", VARIANT, "reading a variant file", "not a TOML file: {why}"),
    ("variant-nested", VARIANT, "reading a variant file", "not a variant file: it is nested too deeply"),
    ("no-such-key", VARIANT, "reading a variant file: a key",
     "{key} = {shown}: no such key; the keys: {known:list}"),
    ("no-such-key-did-you-mean", VARIANT, "reading a variant file: a key",
     "{key} = {shown}: no such key (did you mean {close!r}?); the keys: {known:list}"),
    ("variant-name-missing", VARIANT, "reading a variant file: its name",
     'name is missing: a variant file says its name, e.g. name = "Draw on double-eight"'),
    ("no-such-base-game", VARIANT, "reading a variant file: base",
     "{key} = {shown}: no such game; 'domine list' shows them"),
    ("no-such-base-game-did-you-mean", VARIANT, "reading a variant file: base",
     "{key} = {shown}: no such game (did you mean \"{close}\"?); 'domine list' shows them"),
)

#: every reason code, by code
REASONS: dict[str, Code] = {c: Code(c, template, error, given) for c, error, given, template in _TABLE}


@dataclass(frozen=True)
class Reason:
    """Why a move is refused: a code of ``REASONS`` and its parameters (JSON values).
    ``text`` is the English sentence; ``Catalog.render`` gives it in another language."""

    code: str
    params: dict = field(default_factory=dict)

    def __post_init__(self):
        entry = REASONS.get(self.code)
        if entry is None:
            raise LookupError(f"no reason code {self.code!r} (domine.engine.reasons.REASONS)")
        if set(self.params) != set(entry.params):
            raise TypeError(f"reason {self.code!r} takes {list(entry.params)}, not {sorted(self.params)}")

    @property
    def text(self) -> str:
        return ENGLISH.render(self)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict:
        """``{"code", "params", "text"}``: what a client is sent."""
        return {"code": self.code, "params": dict(self.params), "text": self.text}


def because(code: str, **params) -> Reason:
    """The reason ``code`` with ``params``: ``because("not-your-tile", tile="6-6")``."""
    return Reason(code, params)


class ReasonError(ValueError):
    """An error that says why as a ``Reason``: ``str(e)`` is its English sentence. Raised with a
    reason, or with a code and its parameters: ``IllegalMove("draw-limit", limit=3)``."""

    def __init__(self, reason: Reason | str, **params):
        if not isinstance(reason, Reason):
            reason = Reason(reason, params)
        elif params:
            raise TypeError("a Reason already holds its parameters")
        self.reason = reason
        super().__init__(reason.text)

    @property
    def code(self) -> str:
        return self.reason.code

    @property
    def params(self) -> dict:
        return self.reason.params

    def to_json(self) -> dict:
        """``{"code", "params", "text"}``: what a client is sent."""
        return self.reason.to_json()

    def __reduce__(self):
        return type(self), (self.reason,)


class Refusal(ValueError):
    """Input refused around the moves (a game that cannot be set up, a bot, a record, a variant
    file): raised with a code and its parameters, as a ``ReasonError`` is
    (``GameError("unknown-bot", ...)``), so that a surface says it in the user's language; or,
    where no code is written yet, with its English sentence (``reason`` is then None, and the
    sentence is shown as it is). ``frames`` are reasons that say where, rendered before the
    sentence and joined by ": " (a record's hand and move). ``str(e)`` is the English line."""

    def __init__(self, reason: Reason | str, *, frames: tuple[Reason, ...] = (), **params):
        if isinstance(reason, str) and reason in REASONS:   # a code is never a sentence
            reason = Reason(reason, params)
        elif params:
            raise TypeError(f"parameters are given with a reason code, not with a sentence: {reason!r}")
        self.reason: Reason | None = reason if isinstance(reason, Reason) else None
        self.frames = tuple(frames)
        self.sentence = str(reason)   # the English sentence, without its frames
        super().__init__(": ".join([f.text for f in self.frames] + [self.sentence]))

    @property
    def code(self) -> str | None:
        return self.reason.code if self.reason is not None else None

    @property
    def params(self) -> dict:
        return self.reason.params if self.reason is not None else {}

    def to_json(self) -> dict:
        """``{"code", "params", "text"}`` (code None for a sentence without one)."""
        return {"code": self.code, "params": dict(self.params), "text": str(self)}

    def __reduce__(self):
        return _refusal, (type(self), self.reason if self.reason is not None else self.sentence, self.frames,
                          self.__dict__)


def _refusal(cls, reason, frames, state):
    """A Refusal again, across processes, whatever its subclass's constructor takes."""
    error = cls.__new__(cls)
    Refusal.__init__(error, reason, frames=frames)
    error.__dict__.update(state)
    return error


class Catalog:
    """The sentences of one language: a template per code (the same fields as the English
    one) and the words its list formats use (``or``: between the last two tiles that may
    lead; ``none``: no end; ``one-of``: a pattern for a list of allowed tiles) and, for the
    ``plural`` spec, which of its forms a number takes (``plural(n)``: 0 first)."""

    def __init__(self, language: str, templates: dict[str, str], words: dict[str, str],
                 plural: Callable[[int], int] = lambda n: int(n != 1)):
        self.language = language
        self.templates = templates
        self.words = words
        self._formatter = _Formatter(words, plural)

    def render(self, reason: Reason) -> str:
        return self._formatter.format(self.templates[reason.code], **reason.params)

    def problems(self) -> list[str]:
        """What a translation lacks or gets wrong against ``REASONS``: a code missing or
        unknown, a template whose fields differ from the English one's, a word missing."""
        out = [f"{c}: missing" for c in REASONS if c not in self.templates]
        out += [f"{c}: not a reason code" for c in self.templates if c not in REASONS]
        out += [f"{c}: fields {sorted(fields_of(t))}, not {sorted(REASONS[c].params)}"
                for c, t in self.templates.items() if c in REASONS and set(fields_of(t)) != set(REASONS[c].params)]
        out += [f"word {w!r}: missing" for w in ENGLISH_WORDS if w not in self.words]
        return out


class _Formatter(string.Formatter):
    """``str.format`` with the list specs of a catalog's language."""

    def __init__(self, words: dict[str, str], plural: Callable[[int], int]):
        self.words = words
        self.plural = plural

    def format_field(self, value, spec: str) -> str:
        if spec.startswith("plural:"):
            forms = spec.removeprefix("plural:").split("|")
            return f"{value} {forms[min(self.plural(value), len(forms) - 1)]}"
        if spec == "list":
            return ", ".join(map(str, value))
        if spec == "or":
            return self.words["or"].join(map(str, value))
        if spec == "ends":
            return ", ".join(f"{name}={pips}" for name, pips in value) or self.words["none"]
        if spec == "one-of":
            return self.words["one-of"].format(", ".join(value)) if value else ""
        return super().format_field(value, spec)


ENGLISH_WORDS = {"or": " or ", "none": "none", "one-of": " (one of {})"}
ENGLISH = Catalog("en", {c.code: c.template for c in REASONS.values()}, ENGLISH_WORDS)


def reasons_doc() -> str:
    """docs/reasons.md: the table of codes, made from ``REASONS`` (a test keeps the file equal)."""
    head = _DOC_HEAD.strip() + "\n"
    rows = ["| code | English | parameters | error | given by |", "|---|---|---|---|---|"]
    for c in REASONS.values():
        template = c.template.replace("|", "\\|")
        rows.append(f"| `{c.code}` | {template} | {', '.join(c.params) or '-'} | {c.error} | {c.given} |")
    params = ["| parameter | holds |", "|---|---|"]
    params += [f"| `{name}` | {what} |" for name, what in PARAMS.items()]
    return "\n".join([head, *rows, "", "## Parameters", "", *params, "", _DOC_TAIL.strip(), ""])


_DOC_HEAD = """
# Why a move is refused: reason codes

<!-- generated from domine.engine.reasons.REASONS by reasons_doc(); tests/test_reasons.py
keeps this file equal to it: change the table there, then write the file again with
python -c "from domine.engine.reasons import reasons_doc; print(reasons_doc(), end='')" > docs/reasons.md -->

Every refused move or input raises a `MoveError` (`IllegalMove`, `MalformedMove`,
`AmbiguousMove`) or a `TileError` that carries a reason: a stable `code` and its `params`,
plain JSON values. `str(error)` is the English sentence; `error.to_json()` is
`{"code": ..., "params": {...}, "text": ...}` for a client. `why_illegal(state, move)`
(`domine.engine.notation`) gives the reason an illegal move would raise, without raising;
`explain_illegal` its sentence.

What surrounds the moves refuses the same way: a game that cannot be set up (`GameError`:
an unknown game, a bad option, a player count), a bot (`BotError`), a record (`RecordError`,
with the hand and move as reasons before its own, its `frames`) and a variant file
(`VariantError`) carry a code and params where the table below has one (`Refusal`); the
command line says them in the user's language (`domine.i18n.explain`). Those still raised
with an English sentence carry no code and are shown as they are.

## Codes
"""

_DOC_TAIL = """
## Rendering a translation

A sentence is rendered from its code, never written where the move is refused: a
`Catalog` holds one template per code and a few words, and `catalog.render(reason)` fills
the template with the reason's params by `str.format`. A translation (Serbian, Polish)
is another `Catalog` over the same codes:

```python
from domine.engine.reasons import Catalog
SERBIAN = Catalog("sr", {"not-your-tile": "nemate {tile}", ...},
                  {"or": " ili ", "none": "nijedan", "one-of": " (jedan od {})"})
SERBIAN.render(error.reason)
SERBIAN.problems()   # codes missing, fields that differ from the English template's
```

A template uses exactly the fields of the English one (`problems` checks it), in any
order the language wants. The list specs read the catalog's words: `{allowed:or}` joins
tiles with its `or`, `{options:list}` with commas, `{ends:ends}` writes `L=5, R=3` (its
`none` when there is no end), `{side_tiles:one-of}` fills its `one-of` pattern with the
tiles (nothing when any tile will do), `{limit:plural:tile|tiles}` writes the number and the
form of the noun the language gives it (Polish and Serbian list three forms:
`{limit:plural:kamień|kamienie|kamieni}`; the catalog's `plural` says which); `!r` quotes text
as the player typed it. domine's own translations live in the gettext catalogs, with the code
as the context (`domine.i18n.reason_catalog`, docs/translating.md). Tiles and
moves in the params are notation (`6-6`, `5-3 R`, `draw`), which reads the same in every
language; a client that shows its own words for moves can read the params instead of the
sentence.
"""
