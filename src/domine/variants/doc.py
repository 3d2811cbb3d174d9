"""Words written from the registry of parts, so that they never drift from the code:
docs/variants.md (``python -m domine.variants.doc --markdown``) and a variant's rules page
(``domine rules --variant FILE``: what each of its parts does, with its values).
"""

from __future__ import annotations

import sys

from ..engine.tiles import SET_NAMES, set_size
from ..games.compose import MAX_PLAYERS, MIN_PLAYERS
from ..parts.vocabulary import HEADER, SLOTS, describe
from .loader import read_variant

INTRO = """\
# Variant files

*This page is generated from the registry of parts (`domine/parts/vocabulary.py`) by
`python -m domine.variants.doc --markdown`; a test keeps it equal to the code.*

A variant file is a TOML file that composes a game from the engine's named parts, or starts
from a built-in game (`base = "draw"`) and changes some of its options and parts. No Python
is needed: every table can write down its house rules and play them with every command.

```
domine variant check FILE            # play a few hundred random hands and check the promises
domine rules --variant FILE          # the variant's rules, from its parts
domine play --variant FILE           # also simulate, arena and replay
```

A record of a match of a variant carries the variant's file, so it replays anywhere.
Three examples are in `examples/`: `draw-double-eight.toml`, `block-partners-150.toml` and
`draw-jedan-kamen.toml`.

## The file

```toml
name = "Draw on double-eight"      # required
id = "draw-double-eight"           # default: from the name
base = "draw"                      # optional: a built-in game to start from
players = [2, 4]                   # or one number
set = "double-eight"               # a slot named by its rule alone

[deal]                             # a slot with values: a table (rule = ... if it has several rules)
hands = 9
reserve = 2

[match_end]
rule = "first-to"
target = 150
```

Top-level keys come before the first `[table]` (TOML's rule). A slot is written as the name of
one of its rules (`hand_end = "blocked"`), or as a table naming the rule and giving its values
(`lead = { rule = "heaviest-double", redeal = true }`); a slot with a single rule (`deal`)
needs no `rule`. Values left out take their defaults. Without a `base`, every slot the file
leaves out takes its default rule (the general rules, general.md) and `deal` is required;
with a base, a slot left out is the base game's own rule, and `options` sets the base's
options (those `domine rules GAME` lists) as the variant's defaults.

A file that cannot be played is refused in one line naming the key, the value and what is
allowed, e.g. `deal.hands: 4 players with 9 tiles each need 36 tiles, but a double-six set
holds 28`.
"""


def _header_table() -> list[str]:
    lines = ["## Keys", "", "| key | what it says |", "|---|---|"]
    lines += [f"| `{k}` | {v.replace('|', '/')} |" for k, v in HEADER.items()]
    lines += [f"| `{s.key}` | {s.help} |" for s in SLOTS]
    return lines + [""]


def _slot_section(slot) -> list[str]:
    kind = "a list of rules" if slot.many else "one rule"
    default = f" Default: `{slot.default}`." if slot.default else ""
    lines = [f"### `{slot.key}`", "", f"{slot.help} Takes {kind}.{default}", ""]
    for part in slot.parts:
        source = f" ({part.source})" if part.source else ""
        lines.append(f"- **`{part.name}`**: {part.help}{source}.")
        for p in part.params:
            default = "" if p.default is None else f"; default {_toml(p.default)}"
            lines.append(f"  - `{p.name}`: {p.help} ({p.allowed()}{default})")
    return lines + [""]


def _toml(value) -> str:
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{value}`"


def markdown() -> str:
    """The whole of docs/variants.md."""
    lines = INTRO.splitlines() + [""] + _header_table()
    lines += ["## Slots and their rules", ""]
    for slot in SLOTS:
        lines += _slot_section(slot)
    sets = ", ".join(f"{name} ({set_size(pip)} tiles)" for pip, name in sorted(SET_NAMES.items()))
    lines += ["## Limits", "",
              f"- Players: from {MIN_PLAYERS} to {MAX_PLAYERS}. Sets: {sets}.",
              "- A deal must fit in the set: the hands dealt, and the reserve kept in the stock, hold no more "
              "tiles than the set.",
              "- `partners` needs exactly 4 players; `opponents-total` needs partners; `sum-to-seven` is a "
              "double-six rule; a `pot` needs a match end by hands and no partners.",
              "- An `id` may not be a built-in game's name.", ""]
    return "\n".join(lines)


def rules_markdown(source: str) -> str:
    """A variant's rules page, from its parts: each slot's rule in a line (the base's where the
    file keeps it)."""
    v = read_variant(source)
    lo, hi = v.players
    players = f"{lo}" if lo == hi else f"{lo} to {hi}"
    lines = [f"# {v.name}", ""]
    if v.summary:
        lines += [v.summary, ""]
    lines += [f"A variant file's game (`{v.id}`) for {players} players"
              + (f", starting from {v.base.name} (`domine rules {v.base.id}`)." if v.base else ", on the general rules."),
              ""]
    if v.options:
        lines += ["Options of the base set here: " + ", ".join(f"{k} = {_plain(x)}" for k, x in v.options.items())
                  + ".", ""]
    lines += ["| | |", "|---|---|"]
    for slot in SLOTS:
        chosen = v.choices.get(slot.key)
        if chosen is not None:
            text = "; ".join(describe(c.part, c.values) for c in chosen) or "none"
        elif v.base is not None:
            continue   # the base's own rule: its page says it
        elif slot.default is not None:
            part = slot.part(slot.default)
            text = describe(part, {p.name: p.default for p in part.params})
        else:
            text = "none"
        lines.append(f"| {slot.key.replace('_', ' ')} | {text} |")
    if v.base is not None:
        lines += ["", f"Everything else as in {v.base.name}: `domine rules {v.base.id}`."]
    return "\n".join(lines) + "\n"


def _plain(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--markdown"]):
        sys.stderr.write("usage: python -m domine.variants.doc [--markdown]\n")
        return 2
    sys.stdout.write(markdown())
    return 0


__all__ = ["markdown", "rules_markdown"]

if __name__ == "__main__":
    raise SystemExit(main())
