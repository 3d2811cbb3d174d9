"""A game composed of the engine's named parts (``domine.parts.vocabulary``): the parts a
variant file or a built-in game's data file names, checked and made into a ``Game`` class.

Refusals are one line naming the key, the value and what is allowed, never a traceback.
``compose(spec)`` builds from ``Game`` (the general rules) or from a base game, with the
declarations of the named parts. The built-in games written as data (``data/*.toml``,
``data_game``) and the variant files (``domine.variants``) are both made here. Pure: text
in, a class out.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import tomllib
from typing import Any

from ..engine.tiles import SET_NAMES, set_size
from ..parts.scoring import PENALTY, TOKENS_WON
from ..parts.vocabulary import COUNTS, SLOTS, TILE, WHOLE, WORD, YES_NO, Param, Part, Slot, tile_value
from .base import PARTNERS, SET, TARGET, Game, GameError, Option, StakesGame, apply_partners

MIN_PLAYERS, MAX_PLAYERS = 2, 8
#: a built-in game may seat one more (troli: 4 to 9); a deal's table may name that many
MOST_PLAYERS = 9



class VariantError(GameError):
    """A variant file that cannot be played: one line naming the key, the value and what is allowed."""


def shown(value: Any) -> str:
    """A value as the file writes it (TOML): strings quoted, true/false, tables in braces."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):   # escaped as TOML writes a basic string, so the message stays one line
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r") \
            .replace("\t", "\\t")
        return '"' + "".join(ch if ch.isprintable() or ch == " " else f"\\u{ord(ch):04X}" for ch in escaped) + '"'
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {shown(v)}" for k, v in value.items()) + " }" if value else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def refuse(key: str, value: Any, allowed: str) -> VariantError:
    return VariantError(f"{key} = {shown(value)}: {allowed}")


def _unknown(key: str, name: Any, known: list[str], what: str) -> VariantError:
    close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6) if isinstance(name, str) else []
    hint = f" (did you mean \"{close[0]}\"?)" if close else ""
    listed = f"the {what}s: {', '.join(known)}" if len(known) <= 24 else "'domine list' shows them"
    return VariantError(f"{key} = {shown(name)}: no such {what}{hint}; {listed}")


@dataclasses.dataclass(frozen=True)
class Choice:
    """A part named by a file, with its parameters' values (defaults filled in)."""

    slot: Slot
    part: Part
    values: dict

    def declarations(self) -> dict:
        return self.part.make(self.values)


# -- reading values ------------------------------------------------------------------------------
def _param_value(key: str, param: Param, value: Any) -> Any:
    if param.kind == YES_NO:
        if not isinstance(value, bool):
            raise refuse(key, value, "true or false")
        return value
    if param.kind == WHOLE:
        if isinstance(value, bool) or not isinstance(value, int) or \
                (param.low is not None and value < param.low) or (param.high is not None and value > param.high):
            raise refuse(key, value, param.allowed())
        return value
    if param.kind == WORD:
        if not isinstance(value, str) or value not in param.choices:
            raise refuse(key, value, param.allowed())
        return value
    if param.kind == TILE:
        try:
            return tile_value(value)
        except (ValueError, TypeError):
            raise refuse(key, value, param.allowed()) from None
    if param.kind == COUNTS:
        return _counts(key, value)
    raise AssertionError(param.kind)   # pragma: no cover


def _counts(key: str, value: Any) -> dict[int, int]:
    """Tiles per player count: one whole number for every count, or a table by count."""
    allowed = "tiles per player: a whole number, or a table by player count such as { 2 = 7, 3 = 5, 4 = 5 }"
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 1:
            raise refuse(key, value, "at least 1 tile each")
        return {n: value for n in range(MIN_PLAYERS, MOST_PLAYERS + 1)}
    if not isinstance(value, dict) or not value:
        raise refuse(key, value, allowed)
    out = {}
    for count, tiles in value.items():
        if not (count.isdigit() and MIN_PLAYERS <= int(count) <= MOST_PLAYERS):
            raise refuse(f"{key}.{count}", tiles, f"a player count is a whole number from {MIN_PLAYERS} to "
                                                  f"{MOST_PLAYERS}, not {shown(count)}")
        if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 1:
            raise refuse(f"{key}.{count}", tiles, "a whole number of at least 1 tile each")
        out[int(count)] = tiles
    return out


def _choice(slot: Slot, key: str, raw: Any) -> Choice:
    """The part a slot's entry names: ``"name"``, or a table ``{ rule = "name", param = value }`` (a slot
    of one part may leave ``rule`` out)."""
    if isinstance(raw, str):
        name, given = raw, {}
    elif isinstance(raw, dict):
        given = dict(raw)
        if "rule" in given:
            name = given.pop("rule")
        elif len(slot.parts) == 1:
            name = slot.parts[0].name
        else:
            raise refuse(key, raw, f"a table here names its rule: rule = one of {', '.join(slot.names())}")
    else:
        raise refuse(key, raw, f"one of {', '.join(slot.names())}, or a table with rule = one of them and its "
                               "values")
    part = slot.part(name) if isinstance(name, str) else None
    if part is None:
        raise _unknown(f"{key}.rule" if isinstance(raw, dict) else key, name, slot.names(), f"{slot.key} rule")
    values = {}
    for k, v in given.items():
        param = part.param(k)
        if param is None:
            known = [p.name for p in part.params]
            takes = f"it takes {', '.join(known)}" if known else "it takes no values"
            raise VariantError(f"{key}.{k} = {shown(v)}: the {slot.key} rule \"{part.name}\" has no value "
                               f"{k!r}; {takes}")
        values[k] = _param_value(f"{key}.{k}", param, v)
    for p in part.params:
        if p.name not in values:
            if p.default is None:
                raise VariantError(f"{key}.{p.name} is missing: {p.help} ({p.allowed()})")
            values[p.name] = _param_value(f"{key}.{p.name}", p, p.default) if p.kind == TILE else p.default
    return Choice(slot, part, values)


# -- the file --------------------------------------------------------------------------------------
@dataclasses.dataclass
class Variant:
    """A variant file read and checked: its header, the parts it names (by slot), its base."""

    id: str
    name: str
    summary: str
    base: type[Game] | None
    players: tuple[int, int]
    options: dict
    choices: dict[str, list[Choice]]
    source: str
    #: a built-in game's own words (``data_game``): its aliases, family and options; None for a variant
    identity: dict | None = None


def _players(value: Any, base: type[Game] | None, most: int = MAX_PLAYERS) -> tuple[int, int]:
    allowed = f"a whole number, or [least, most], from {MIN_PLAYERS} to {most}"
    if isinstance(value, int) and not isinstance(value, bool):
        lo = hi = value
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in value):
        lo, hi = value
    else:
        raise refuse("players", value, allowed)
    if not MIN_PLAYERS <= lo <= hi <= most:
        raise refuse("players", value, allowed + ", the least first")
    return lo, hi


# -- the game ----------------------------------------------------------------------------------------
def _class_name(variant: Variant) -> str:
    if variant.identity is not None:   # a built-in game: its id in words (two-no-draw: TwoNoDraw)
        return "".join(word.title() for word in variant.id.split("-"))
    return "Variant_" + re.sub(r"\W", "_", variant.id)


def read_slots(doc: dict) -> dict[str, list[Choice]]:
    """The parts a file names, by slot, with their values checked against the vocabulary."""
    choices: dict[str, list[Choice]] = {}
    for slot in SLOTS:
        if slot.key not in doc:
            continue
        raw = doc[slot.key]
        if slot.many:
            if not isinstance(raw, list):
                raise refuse(slot.key, raw, f"a list of {', '.join(slot.names())} (may be empty: [])")
            picked = [_choice(slot, f"{slot.key}[{i}]", r) for i, r in enumerate(raw)]
            names = [c.part.name for c in picked]
            twice = next((n for n in names if names.count(n) > 1), None)
            if twice:
                raise refuse(slot.key, raw, f"each convention once ({twice!r} is named twice)")
            choices[slot.key] = picked
        else:
            choices[slot.key] = [_choice(slot, slot.key, raw)]
    return choices


def compose(variant: Variant) -> type[Game]:
    """The ``Game`` class of a checked variant or data game (``VariantError`` if its parts cannot
    play together)."""
    base = variant.base or Game
    attrs: dict[str, Any] = {}
    defaults = {s.key: [s.part(s.default)] for s in SLOTS if s.default} if variant.base is None else {}
    picked: dict[str, list] = {}
    for slot in SLOTS:
        if slot.key in variant.choices:
            picked[slot.key] = variant.choices[slot.key]
        elif slot.key in defaults and slot.key != "deal":
            part = defaults[slot.key][0]
            picked[slot.key] = [Choice(slot, part, {p.name: p.default for p in part.params})]
    lead_first = lead_later = conventions = None
    of_set: dict[str, Any] = {}
    scoring_fn, bonus, ante = None, 0, 0
    for key, chosen in picked.items():
        for choice in chosen:
            made = choice.declarations()
            if "_lead_of_set" in made:   # a lead named by the set played (sevastopol: its heaviest double)
                of_set["first_lead" if key == "lead" else "later_lead"] = made.pop("_lead_of_set")
            if "_lead" in made:
                if key == "lead":
                    lead_first = made.pop("_lead")
                else:
                    lead_later = made.pop("_lead")
                    attrs["later_lead"] = lead_later
            if "_convention" in made:
                conventions = (conventions or ()) + (made.pop("_convention"),)
            if "_scoring" in made:
                scoring_fn, bonus = made.pop("_scoring"), made.pop("_bonus")
            if "_ante" in made:
                ante = made.pop("_ante")
            attrs.update(made)
    if lead_first is not None:
        attrs["first_lead"] = lead_first
    if "conventions" in picked:
        attrs["conventions"] = conventions or ()
    _check_together(variant, base, attrs, scoring_fn, ante)
    if variant.identity is not None:
        attrs.update(id=variant.id, name=variant.name, summary=variant.summary, min_players=variant.players[0],
                     max_players=variant.players[1], __module__=__name__, __doc__=variant.summary,
                     **{k: v for k, v in variant.identity.items() if k != "effects"})
    else:
        attrs.update(id=variant.id, name=variant.name, summary=variant.summary or f"A variant of {base.name}"
                 if variant.base else variant.summary or "A variant file's game",
                     aliases=(), family="variant", min_players=variant.players[0],
                     max_players=variant.players[1], variant_source=variant.source,
                     variant_base=variant.base.id if variant.base else None,
                     __module__=__name__, __doc__=f"The variant {variant.name!r}, from its file.")
        attrs["options"] = _options(variant, base, attrs)
    if scoring_fn is not None:
        attrs["score_hand"] = _score_hand(scoring_fn, bonus)
    effects = (variant.identity or {}).get("effects", {})
    if of_set or effects:
        attrs["configure"] = _configure(base, of_set, effects, picked)
    bases: tuple[type, ...] = (base,)
    if ante:
        attrs["points"] = TOKENS_WON
        attrs["score_hand"] = _pot_score_hand(attrs.get("score_hand", base.score_hand))
        attrs["setup_hand"] = _ante_setup(ante, base)
        attrs["arena_unit"] = "match"
        if not issubclass(base, StakesGame):
            bases = (StakesGame, base)
    cls = type(_class_name(variant), bases, attrs)
    for n in range(variant.players[0], variant.players[1] + 1):
        try:
            cls(n)
        except GameError as e:
            raise VariantError(f"players = {shown(list(variant.players))}: with {n} players, {e}") from None
        except Exception as e:   # a declaration the engine cannot set up (a bug of the parts, said plainly)
            raise VariantError(f"with {n} players these parts cannot be set up together: {e}") from None
    return cls


def _options(variant: Variant, base: type[Game], attrs: dict) -> tuple:
    """The base's options, with the file's ``options`` as their defaults (a player may still change
    them); without a base, ``target`` when the match is first to a target."""
    if variant.base is None:
        return (dataclasses.replace(TARGET, default=None),) if attrs.get("match_end", 0) is None else ()
    known = {o.name: o for o in base.options}
    out = []
    for key, value in variant.options.items():
        k = key.replace("-", "_")
        if k not in known:
            names = ", ".join(sorted(known)) or "none"
            raise VariantError(f"options.{key} = {shown(value)}: {base.id} has no option {key!r} "
                               f"(its options: {names})")
        try:
            known[k].parse(value)
        except GameError as e:
            raise VariantError(f"options.{key} = {shown(value)}: {e}") from None
        if isinstance(value, (dict, list)):
            raise refuse(f"options.{key}", value, "a single value")
    given = {k.replace("-", "_"): known[k.replace("-", "_")].parse(v) for k, v in variant.options.items()}
    if "set" in known and "max_pip" in attrs:   # the base offers the set as an option: the file's set is its default
        given.setdefault("set", SET_NAMES[attrs["max_pip"]])
    for o in base.options:
        if o.name in given:
            out.append(dataclasses.replace(o, default=given[o.name]))
        else:
            out.append(o)
    return tuple(out)


def _check_together(variant: Variant, base: type[Game], attrs: dict, scoring_fn, ante: int) -> None:
    """What no single part can see: a deal the set cannot hold, hands for every player count,
    parts that need partners or a particular set."""
    max_pip = attrs.get("max_pip", base.max_pip)
    size = set_size(max_pip)
    lo, hi = variant.players
    if "hand_sizes" in attrs:
        hands, reserve = attrs["hand_sizes"], attrs["reserve"]
        for n in range(lo, hi + 1):
            if n not in hands:
                raise refuse("deal.hands", {str(k): v for k, v in hands.items()},
                             f"it says nothing for {n} players, and the variant is for {lo} to {hi}")
            need = hands[n] * n + (reserve if attrs["leftover"] == "stock" else 0)
            if need > size:
                more = f", and a reserve of {reserve}," if reserve and attrs["leftover"] == "stock" else ""
                raise VariantError(f"deal.hands: {n} players with {hands[n]} tiles each{more} need {need} tiles, "
                                   f"but a {SET_NAMES[max_pip]} set holds {size}")
        if reserve and attrs["leftover"] != "stock":
            raise refuse("deal.reserve", reserve, "a reserve is kept in the stock: it needs rest = \"stock\"")
    elif variant.base is not None:
        for n in range(lo, hi + 1):
            if not base.hand_size_total and n not in base.hand_sizes:
                raise VariantError(f"deal is missing: {base.id} deals nothing for {n} players; say how many "
                                   f"tiles each player is dealt, e.g. deal = {{ hands = 7 }}")
    partners = attrs.get("partnership", base.partnership)
    if partners and (lo, hi) != (4, 4):
        raise refuse("teams", "partners", f"partners are seats 0 and 2 against 1 and 3: it needs players = 4, "
                                          f"not {shown(list(variant.players))}")
    if scoring_fn is not None and scoring_fn.__name__ == "opponents_total" and not partners:
        raise refuse("scoring", "opponents-total", "each team scores the other team's pips: it needs "
                                                   "teams = \"partners\"")
    if scoring_fn is not None and scoring_fn.__name__ in ("out_or_shut_out", "round_won") and (lo, hi) != (2, 2):
        raise refuse("scoring", scoring_fn.__name__.replace("_", "-"), f"a hand won by one of two: it needs "
                                                                       f"players = 2, not {shown(list(variant.players))}")
    if scoring_fn is not None and scoring_fn.__name__ == "by_rank" and not 3 <= lo <= hi <= 4:
        raise refuse("scoring", "by-rank", f"it ranks three or four players: it needs players = 3, 4 or [3, 4], "
                                           f"not {shown(list(variant.players))}")
    if attrs.get("matching", base.matching).name == "sum-to-seven" and max_pip != 6:
        raise refuse("matching", "sum-to-seven", f"halves adding up to 7 are a double-six rule, not for a "
                                                 f"{SET_NAMES[max_pip]} set")
    for key, rule in (("lead", attrs.get("first_lead")), ("later_lead", attrs.get("later_lead"))):
        tile = getattr(rule, "tile", None)
        if tile is not None and tile >= size:
            raise refuse(f"{key}.tile", _tile_text(tile), f"a tile of the {SET_NAMES[max_pip]} set")
        seat = getattr(rule, "seat", None)
        if type(rule).__name__ == "FixedSeat" and seat is not None and seat >= lo:
            raise refuse(f"{key}.seat", seat, f"a seat from 0 to {lo - 1} (the variant may be played by {lo})")
        if type(rule).__name__ == "HeaviestDoubleElseTurnUp" and (attrs.get("leftover", base.leftover) != "aside"
                                                                or any(n * attrs.get("hand_sizes", {}).get(n, 0)
                                                                       >= size for n in range(lo, hi + 1))):
            raise refuse(f"{key}", "heaviest-double-else-turn-up", "with no double dealt a tile set aside is "
                                   "turned up: it needs deal.rest = \"aside\" and a tile left over")
        if type(rule).__name__ == "Loser" and rule.tiles == "double" and \
                attrs.get("leftover", base.leftover) != "stock":
            raise refuse(f"{key}.tiles", "double", "a player with no double draws for the lead: it needs a stock "
                                                   "(deal.rest = \"stock\")")
    if ante:
        if partners:
            raise refuse("stakes", "pot", "a pot is played every player for himself, not in partners")
        if attrs.get("match_end", base.match_end) is None:
            raise refuse("stakes", "pot", "a pot is won hand by hand: end the match after so many hands "
                                          "(match_end = { rule = \"after-hands\", hands = 6 })")
    points = attrs.get("points", base.points)
    if points == PENALTY and type(attrs.get("match_end")).__name__ in ("HandWins", "Streak"):
        raise refuse("match_end", type(attrs["match_end"]).__name__, "penalty points need a match end by points")


def _tile_text(tile: int) -> str:
    from ..engine.tiles import tile_str
    return tile_str(tile)


def _score_hand(fn, bonus: int):
    def score_hand(self, state, reason, out_seat):
        result = fn(state, reason, out_seat)
        if bonus and out_seat is not None:
            result.points[state.teams[out_seat]] += bonus
        return result
    score_hand.__doc__ = f"The hand's points by {fn.__name__}" + (f", {bonus} more for going out." if bonus else ".")
    score_hand.fragment, score_hand.bonus = fn, bonus   # what the batch kernel reads (domine.kernel)
    return score_hand


def _configure(base: type[Game], of_set: dict, effects: dict, picked: dict):
    """A composed game's ``configure``: the base's (the set, the target), then the declarations
    that follow the set played, then each option's effect on the parts (``Effect``)."""
    def configure(self, options):
        base.configure(self, options)   # the set first: the declarations below follow it
        for name, make in of_set.items():
            setattr(self, name, make(self.max_pip))
        if options.get("partners"):
            apply_partners(self, options)
        changed: dict[str, dict] = {}   # by slot, the parameters the options give
        for name, effect in effects.items():
            for key, value in effect.values(options[name]).items():
                slot, _, param = key.partition(".")
                changed.setdefault(slot, {})[param] = value
        for slot, given in changed.items():
            choice = picked[slot][0]
            made = choice.part.make({**choice.values, **given})
            was = choice.part.make(choice.values)
            lead = made.pop("_lead", None)
            if lead is not None:
                made["first_lead" if slot == "lead" else "later_lead"] = lead
            for attr, declared in made.items():
                if attr not in was or declared != was[attr]:   # only what the options change (not the set's deal)
                    setattr(self, attr, declared)
    return configure


@dataclasses.dataclass(frozen=True)
class Effect:
    """What a data game's own option does to its parts: yes sets each ``"slot.parameter"`` of
    ``sets`` to its value; a number is the value of the one ``"slot.parameter"`` it names."""

    option: Option
    sets: Any
    low: int | None = None

    def values(self, value: Any) -> dict:
        if self.option.kind is bool:
            return dict(self.sets) if value else {}
        if self.low is not None and value < self.low:
            raise GameError(f"option {self.option.name} must be at least {self.low}")
        return {self.sets: value}


def _pot_score_hand(scored):
    def score_hand(self, state, reason, out_seat):
        from ..parts.stakes import ledger
        result = scored(self, state, reason, out_seat)
        led = ledger(state)
        led.pay_out(state, result.winners[:1], result.ranking or None)   # the hand's winner takes the pot
        result.points = led.won()
        return result
    return score_hand


def _ante_setup(ante: int, base: type[Game]):
    def setup_hand(self, state):
        from ..parts.stakes import ledger
        ledger(state).ante(state, ante)   # every seat antes, then the hand begins as the base begins it
        base.setup_hand(self, state)
    return setup_hand


# -- the built-in games written as data ------------------------------------------------------------
#: the options a data game may offer, by name: the same option, with the same words, in every game
OFFERED = {o.name: o for o in (SET, PARTNERS, TARGET)}
#: the keys of a built-in game's data file beside a variant file's (its header and its slots)
GAME_KEYS = ("id", "name", "aliases", "family", "summary", "players", "offers", "options")


def data_game(text: str) -> type[Game]:
    """A built-in game written as data (``domine/games/data/<id>.toml``): the keys of a variant
    file without a base, plus the game's ``aliases``, ``family`` and the options it ``offers``."""
    doc = tomllib.loads(text)
    known = list(GAME_KEYS) + [s.key for s in SLOTS]
    for key in doc:
        if key not in known:
            raise VariantError(f"{key} = {shown(doc[key])}: no such key; the keys: {', '.join(known)}")
    for key in ("id", "name", "family", "summary"):
        if not isinstance(doc.get(key), str):
            raise refuse(key, doc.get(key), "text (required)")
    aliases, offers = doc.get("aliases", []), doc.get("offers", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise refuse("aliases", aliases, "a list of names, as text")
    choices = read_slots(doc)
    if "deal" not in choices:
        raise VariantError("deal is missing: a game says how many tiles each player is dealt")
    own = {name: _effect(name, spec, choices) for name, spec in doc.get("options", {}).items()}
    if not isinstance(offers, list) or not all(o in OFFERED or o in own for o in offers) or set(own) - set(offers):
        raise refuse("offers", offers, f"a list of the options {', '.join(OFFERED)} and those of [options]")
    identity = {"aliases": tuple(aliases), "family": doc["family"],
                "options": tuple(OFFERED[o] if o in OFFERED else own[o].option for o in offers),
                "effects": {name: e for name, e in own.items()}}
    return compose(Variant(doc["id"], doc["name"], doc["summary"], None,
                           _players(doc.get("players", [2, 4]), None, MOST_PLAYERS), {}, choices, text, identity))


#: an option's kind as a data file names it
_KINDS = {YES_NO: bool, WHOLE: int}


def _effect(name: str, spec: Any, choices: dict) -> Effect:
    """A data game's own option, ``[options.NAME]``: its kind, default and help, and what it
    ``sets``: for yes/no a table of ``"slot.parameter" = value``, for a whole number the one
    ``"slot.parameter"`` that takes it (the parameter's bounds are the option's)."""
    key = f"options.{name}"
    if not isinstance(spec, dict) or spec.get("kind") not in _KINDS or not isinstance(spec.get("help"), str):
        raise refuse(key, spec, f"a table with kind ({', '.join(_KINDS)}), default, help and sets")
    kind = _KINDS[spec["kind"]]
    option = Option(name, kind, spec.get("default"), spec["help"])
    sets = spec.get("sets")
    targets = list(sets) if kind is bool and isinstance(sets, dict) else [sets] if isinstance(sets, str) else None
    if not targets:
        raise refuse(f"{key}.sets", sets, "yes/no: a table of \"slot.parameter\" = value; a whole number: "
                                          "the \"slot.parameter\" it gives")
    low = None
    for target in targets:
        slot, _, param = str(target).partition(".")
        part = choices[slot][0].part if slot in choices else None
        if part is None or part.param(param) is None:
            raise refuse(f"{key}.sets", target, "a parameter of a part the game names, as \"slot.parameter\"")
        low = part.param(param).low
    return Effect(option, sets, low if kind is int else None)
