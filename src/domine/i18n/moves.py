"""The words of moves in each language: what a player may type at the prompt besides the
notation, and how the table writes a move for him (docs/translating.md, "Move words").

The notation a record keeps is one (``5-3 L``, ``draw``, ``drop out``), so that a record
written in any language replays in every other. The engine reads only that notation: the
prompt turns the words a player typed into it (``read_move``) before ``parse_move``, and a move
is written in the player's words (``say``) from its notation, with the same table read
backwards (the first word of each row). The English words the engine reads (``draw``, ``d``,
``pass`` ...) keep their meaning in every language; ``MOVE_WORDS["en"]`` holds the English
words the engine does not read itself (``left``, ``north``, ``mexican``).

Words are compared without regard to case or diacritics (``vuci`` is ``vući``, ``dosc`` is
``dość``), and Serbian typed in Cyrillic is read back with ``to_latin``. A word means one thing
in a language and is never a tile or an end's letter (tests/test_i18n_prompt.py).
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from . import current
from .translit import to_cyrillic, to_latin

if TYPE_CHECKING:
    from ..engine.reasons import Reason

__all__ = ["COMMAND_WORDS", "MOVE_WORDS", "YES_WORDS", "command_of", "commands_help", "key", "read_move",
           "refusal", "say", "says_yes", "table_of", "words_help"]

#: canonical notation -> the words of a language for it, the one the table prints first.
#: The ends' letters are never translated (a Serbian S, sever, would be the English S, south):
#: a language adds whole words for the ends.
MOVE_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "L": ("left",), "R": ("right",), "N": ("north", "up"), "S": ("south", "down"),
        "E": ("east",), "W": ("west",), "M": ("mexican",),
    },
    "pl": {
        "draw": ("dobierz", "dobieram"),
        "pass": ("pas", "pasuję"),
        "stop": ("stop", "dość", "wystarczy"),
        "decline": ("odmawiam", "nie"),
        "discard": ("odrzuć",),
        "close": ("zamknij",),
        "bid": ("oferta", "licytuję"),
        "drop out": ("odpadam",),
        "buy back": ("odkup", "odkupuję"),
        "back": ("odeślij",),
        "open": ("odkryj",),
        "peek": ("podejrzyj",),
        "L": ("lewo", "lewy"), "R": ("prawo", "prawy"),
        "N": ("góra", "północ"), "S": ("dół", "południe"),
        "E": ("wschód",), "W": ("zachód",),
        "straight": ("prosto",),
        "M": ("meksykański",),
    },
    "sr-Latn": {
        "draw": ("vuci", "kupi", "kupujem"),
        "pass": ("dalje", "pauza"),
        "stop": ("stani", "stop", "dosta"),
        "decline": ("odbijam", "ne"),
        "discard": ("odbaci",),
        "close": ("zatvori",),
        "bid": ("ponuda", "nudim"),
        "drop out": ("ispadam",),
        "buy back": ("otkup", "otkupljujem se"),
        "back": ("vrati",),
        "open": ("otvori",),
        "peek": ("virni",),
        "L": ("levo", "levi"), "R": ("desno", "desni"),
        "N": ("gore", "sever"), "S": ("dole", "jug"),
        "E": ("istok",), "W": ("zapad",),
        "straight": ("pravo",),
        "M": ("meksički",),
        "!": ("!", "jedan kamen"),
    },
}

#: the words of the table's commands at the prompt (TerminalMatch.cmd_<name>, help, board, quit),
#: besides the English ones
COMMAND_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {},
    "pl": {
        "hint": ("podpowiedź", "rada"), "undo": ("cofnij",), "history": ("historia", "ruchy"),
        "tiles": ("kamienie", "licz"), "rules": ("zasady",), "score": ("wynik", "punkty"),
        "board": ("stół",), "help": ("pomoc",), "quit": ("koniec", "wyjdź"),
    },
    "sr-Latn": {
        "hint": ("savet",), "undo": ("poništi",), "history": ("istorija", "potezi"),
        "tiles": ("pločice", "brojanje"), "rules": ("pravila",), "score": ("rezultat", "bodovi"),
        "board": ("sto",), "help": ("pomoć",), "quit": ("kraj", "izlaz"),
    },
}

#: a yes at the prompt's questions (play again?), besides y and yes
YES_WORDS: dict[str, tuple[str, ...]] = {"en": (), "pl": ("t", "tak"), "sr-Latn": ("d", "da")}

#: where a layout names a place in two words (a grid's ``L left``), the second word is a turn
TURNS = {"L": "left", "R": "right", "N": "north", "S": "south", "E": "east", "W": "west"}

#: the turns of a grid and the compass words the engine reads after an end (``L north``): the
#: canonical word each is written with
_TURN_LETTERS = {v: k for k, v in TURNS.items()}


def table_of(language: str) -> str:
    """The language whose tables a language reads: Serbian Cyrillic reads the Latin ones."""
    return "sr-Latn" if language == "sr-Cyrl" else language


_PLAIN = str.maketrans({"ł": "l", "đ": "dj", "ß": "ss", "ø": "o"})


def key(word: str) -> str:
    """A typed word as the tables compare it: Latin letters (Serbian Cyrillic read back),
    lower case, without diacritics (``Vući`` -> ``vuci``, ``dół`` -> ``dol``)."""
    text = to_latin(word.lower()).translate(_PLAIN)
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def _reading(language: str) -> dict[str, str]:
    """key of a typed word (or two) -> its notation: the language's words and the English ones."""
    out: dict[str, str] = {}
    for table in (MOVE_WORDS["en"], MOVE_WORDS.get(table_of(language), {})):
        for canonical, words in table.items():
            for w in words:
                out[" ".join(key(x) for x in w.split())] = canonical
    return out


def read_move(text: str, language: str | None = None, ends: tuple[str, ...] = ()) -> str:
    """A move typed in a language's words, in the notation (``6-3 lewo`` -> ``6-3 L``,
    ``вуци`` -> ``draw``); words not in the tables are left as typed, for the engine to read or
    refuse. ``ends``, the layout's place names, tells a grid's turn (``L left``) from an end."""
    reading = _reading(language or current())
    words = text.replace(",", " ").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = f"{key(words[i])} {key(words[i + 1])}" if i + 1 < len(words) else None
        if pair in reading:
            canonical, i = reading[pair], i + 2
        elif key(words[i]) in reading:
            canonical, i = reading[key(words[i])], i + 1
        else:   # notation, or a word the engine will refuse; Cyrillic letters read as Latin
            out.append(to_latin(words[i]))
            i += 1
            continue
        if canonical in TURNS and out and f"{out[-1]} {TURNS[canonical]}" in ends:
            canonical = TURNS[canonical]   # 'lewo lewo' on a grid: the end L, turning left
        out.append(canonical)
    return " ".join(out)


def _writing(language: str) -> dict[str, str]:
    """notation (a word or two) -> the word the language writes it with."""
    table = MOVE_WORDS.get(table_of(language), {}) if language != "en" else {}
    out = {canonical: words[0] for canonical, words in table.items()}
    for turn, letter in _TURN_LETTERS.items():
        if letter in out:
            out.setdefault(turn, out[letter])
    return out


def say(text: str, language: str | None = None) -> str:
    """A move in the notation (``move_str``), in a language's words: ``6-3 L`` -> ``6-3 lewo``
    (pl), ``6-3 лево`` (sr-Cyrl); English keeps the notation. ``read_move`` reads it back."""
    lang = language or current()
    writing = _writing(lang)
    if not writing:
        return text
    words = text.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words):
        two = " ".join(words[i:i + 2])
        if i + 1 < len(words) and two in writing:
            word, i = writing[two], i + 2
        elif words[i] in writing:
            word, i = writing[words[i]], i + 1
        else:
            out.append(words[i])
            i += 1
            continue
        out.append(to_cyrillic(word) if lang == "sr-Cyrl" else word)
    return " ".join(out)


def words_help(language: str | None = None) -> list[str]:
    """The prompt's help on move words: each notation and the language's words for it (and,
    in English, the words the engine does not read itself)."""
    lang = language or current()
    table = MOVE_WORDS.get(table_of(lang), {})
    script = to_cyrillic if lang == "sr-Cyrl" else str
    return [f"  {canonical:<10} {script(', '.join(spelled))}" for canonical, spelled in table.items()]


def commands_help(language: str | None = None) -> list[str]:
    """The prompt's help on the table's commands: each English one and the language's words."""
    lang = language or current()
    table = COMMAND_WORDS.get(table_of(lang), {})
    script = to_cyrillic if lang == "sr-Cyrl" else str
    return [f"  {command:<10} {script(', '.join(spelled))}" for command, spelled in table.items()]


def command_of(text: str, language: str | None = None) -> str | None:
    """The table command (hint, undo, history, tiles, rules, score, board, help, quit) a
    language's word names, or None."""
    typed = key(text.strip())
    for command, words in COMMAND_WORDS.get(table_of(language or current()), {}).items():
        if typed in (key(w) for w in words):
            return command
    return None


def says_yes(text: str, language: str | None = None) -> bool:
    """Whether an answer to a yes/no question is yes: y, yes or the language's words."""
    typed = key(text.strip())
    return typed in ("y", "yes") or typed in (key(w) for w in YES_WORDS.get(table_of(language or current()), ()))


def refusal(reason: Reason, typed: str, read: str, language: str | None = None) -> Reason:
    """A refusal of the engine as the player should read it: the text he typed (``typed``, not
    the notation ``read`` it was read as), and the moves it names in his language's words."""
    from ..engine.reasons import Reason as _Reason

    lang = language or current()
    params = dict(reason.params)
    for name, value in params.items():
        if name == "text" and value == read:
            params[name] = typed.strip()
        elif name == "move" and isinstance(value, str):
            params[name] = typed.strip() if value == read else say(value, lang)
        elif name in ("moves", "options", "pairs") and isinstance(value, list):
            params[name] = [say(v, lang) if isinstance(v, str) else v for v in value]
        elif name == "ends" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            params[name] = [v if say(v, lang) == v else f"{v}/{say(v, lang)}" for v in value]
    return _Reason(reason.code, params)
