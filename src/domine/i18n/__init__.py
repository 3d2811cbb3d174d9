"""The languages domine speaks: English, Serbian in Latin and in Cyrillic script, Polish.

One language is active per process (``use``), chosen by ``--lang``, else ``DOMINE_LANG``, else
the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English (``choose``). What a user reads
goes through ``_``, ``ngettext``, ``pgettext`` (gettext catalogs in ``locale/``, managed with
Babel: docs/translating.md) and ``number``/``join`` (Babel's CLDR data). Serbian Cyrillic has no
catalog of its own: it is the Latin one, transliterated as it is read (``translit``).

English costs nothing: it reads no catalog and imports neither gettext nor Babel, so ``domine
list`` and ``--help`` start as fast as before (tests/test_cli_startup.py). The core never
imports this package: the engine refuses a move with a reason code, and a surface renders it
here (``explain``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable, Mapping, Optional

if TYPE_CHECKING:
    from gettext import NullTranslations

    from ..engine.reasons import Catalog, Reason

__all__ = ["LANGUAGES", "LanguageError", "choose", "current", "use", "language_of", "from_locale",
           "_", "gettext", "ngettext", "pgettext", "npgettext", "number", "join", "explain",
           "reason_catalog", "points", "tiles", "players"]

#: The languages, as ``--lang`` names them, and each one's name in itself.
LANGUAGES = {"en": "English", "sr-Latn": "srpski (latinica)", "sr-Cyrl": "српски (ћирилица)", "pl": "polski"}

#: Other spellings ``--lang`` and ``DOMINE_LANG`` accept (lower case, ``_`` read as ``-``).
#: Plain ``sr`` is Cyrillic, as Serbian's locales (``sr_RS``) and CLDR have it; ``srpski`` is how
#: it is written in Latin script, so it is the Latin one.
ALIASES = {
    "en": "en", "eng": "en", "english": "en", "en-us": "en", "en-gb": "en", "c": "en", "posix": "en",
    "pl": "pl", "pl-pl": "pl", "pol": "pl", "polski": "pl", "polish": "pl",
    "sr-latn": "sr-Latn", "sr-latn-rs": "sr-Latn", "sr-rs-latn": "sr-Latn", "sr@latin": "sr-Latn",
    "sr-rs@latin": "sr-Latn", "srpski": "sr-Latn", "latinica": "sr-Latn", "serbian-latin": "sr-Latn",
    "sr": "sr-Cyrl", "sr-rs": "sr-Cyrl", "sr-cyrl": "sr-Cyrl", "sr-cyrl-rs": "sr-Cyrl", "srp": "sr-Cyrl",
    "serbian": "sr-Cyrl", "српски": "sr-Cyrl", "ћирилица": "sr-Cyrl", "cirilica": "sr-Cyrl",
    "ćirilica": "sr-Cyrl", "serbian-cyrillic": "sr-Cyrl",
}

#: Each language's catalog folder under ``locale/`` and its Babel locale (numbers, lists).
CATALOG_DIR = {"sr-Latn": "sr_Latn", "sr-Cyrl": "sr_Latn", "pl": "pl"}
BABEL_LOCALE = {"en": "en", "sr-Latn": "sr_Latn", "sr-Cyrl": "sr_Cyrl", "pl": "pl"}

#: The environment variables that say the language, strongest first.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class LanguageError(ValueError):
    """A language domine does not speak: its message is one line listing the ones it does."""

    def __init__(self, value: str, where: str = "--lang"):
        super().__init__(f"{where}: unknown language {value!r}; choose one of {', '.join(LANGUAGES)}")


def language_of(value: str, where: str = "--lang") -> str:
    """The language a user's spelling names (``sr_Latn``, ``polski``, ``SR``), or LanguageError."""
    key = value.strip().lower().replace("_", "-")
    if key in ALIASES:
        return ALIASES[key]
    raise LanguageError(value, where)


def from_locale(env: Mapping[str, str]) -> Optional[str]:
    """The language of the locale the environment sets (``pl_PL.UTF-8``: pl, ``sr_RS@latin``:
    sr-Latn, ``sr_RS`` or ``sr``: sr-Cyrl, any other: en), or None when no variable is set.
    The first set variable decides, as the C library reads them."""
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if not value:
            continue
        base, _, modifier = value.partition("@")
        base = base.split(".")[0].replace("-", "_")
        parts = base.split("_")
        if parts[0].lower() == "pl":
            return "pl"
        if parts[0].lower() == "sr":
            latin = modifier.lower() == "latin" or any(p.lower() == "latn" for p in parts[1:])
            return "sr-Latn" if latin else "sr-Cyrl"
        return "en"
    return None


def choose(option: Optional[str], env: Mapping[str, str]) -> str:
    """The language to speak: ``--lang``, else ``DOMINE_LANG``, else the locale, else English.
    An unknown ``--lang`` or ``DOMINE_LANG`` is a LanguageError; an unknown locale is English."""
    if option:
        return language_of(option, "--lang")
    if env.get("DOMINE_LANG"):
        return language_of(env["DOMINE_LANG"], "DOMINE_LANG")
    return from_locale(env) or "en"


# -- the active language ----------------------------------------------------------------------

_language: Optional[str] = None
_translations: dict[str, NullTranslations] = {}


def use(language: str) -> None:
    """Speak ``language`` (one of LANGUAGES) from now on in this process."""
    global _language
    if language not in LANGUAGES:
        raise LanguageError(language)
    _language = language


def current() -> str:
    """The active language; until ``use`` is called, the one the environment chooses (an
    unknown ``DOMINE_LANG`` then reads as English: the command line refuses it itself)."""
    global _language
    if _language is None:
        try:
            _language = choose(None, os.environ)
        except LanguageError:
            _language = "en"
    return _language


def translations(language: str) -> Optional[NullTranslations]:
    """The gettext catalog of ``language``, None for English."""
    if language == "en":
        return None
    if language not in _translations:
        import gettext

        localedir = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
        _translations[language] = gettext.translation("domine", localedir, languages=[CATALOG_DIR[language]],
                                                      fallback=True)
    return _translations[language]


def _holds(t: NullTranslations, key: object) -> bool:
    """Whether a catalog translates ``key`` (a translation may read as the English does:
    Troli, Bergen), as gettext's GNUTranslations keys its messages."""
    return key in getattr(t, "_catalog", {})


def _script(language: str, text: str, translated: bool) -> str:
    """A translation in the language's script: Serbian Cyrillic is the Latin text
    transliterated; English text (no translation found) is left as it is."""
    if translated and language == "sr-Cyrl":
        from .translit import to_cyrillic
        return to_cyrillic(text)
    return text


def gettext(message: str, language: Optional[str] = None) -> str:
    """``message`` in the active language (itself where no translation exists)."""
    lang = language or current()
    t = translations(lang)
    if t is None:
        return message
    return _script(lang, t.gettext(message), _holds(t, message))


_ = gettext


def pgettext(context: str, message: str, language: Optional[str] = None) -> str:
    """``message`` in the active language, in ``context`` (a reason code, ``option``, ...)."""
    lang = language or current()
    t = translations(lang)
    if t is None:
        return message
    return _script(lang, t.pgettext(context, message), _holds(t, f"{context}\x04{message}"))


def ngettext(singular: str, plural: str, n: int, language: Optional[str] = None) -> str:
    """The form for ``n`` in the active language: English has two, Polish and Serbian three
    (1 / 2-4, 22-24 ... / 5-21, 25 ...; Serbian's 21, 31 ... take the first)."""
    lang = language or current()
    t = translations(lang)
    if t is None:
        return singular if n == 1 else plural
    return _script(lang, t.ngettext(singular, plural, n), _holds(t, (singular, 0)))


def npgettext(context: str, singular: str, plural: str, n: int, language: Optional[str] = None) -> str:
    lang = language or current()
    t = translations(lang)
    if t is None:
        return singular if n == 1 else plural
    return _script(lang, t.npgettext(context, singular, plural, n), _holds(t, (f"{context}\x04{singular}", 0)))


def plural_index(n: int, language: Optional[str] = None) -> int:
    """Which of the language's plural forms ``n`` takes (0 first), by its catalog's
    Plural-Forms; English: 0 for one, 1 for any other."""
    plural = getattr(translations(language or current()), "plural", None)
    return int(plural(n)) if plural is not None else int(n != 1)


# -- numbers and lists --------------------------------------------------------------------------

def number(value: float, digits: Optional[int] = None, sign: bool = False) -> str:
    """A number as the active language writes it: 1,234.5 / 1 234,5 (pl) / 1.234,5 (sr);
    with ``digits``, exactly that many decimals (a table's column), and with ``sign``, a plus
    before a positive number (English: as Python's ``f"{value:+.2f}"`` writes them, ungrouped
    as domine's tables always wrote them)."""
    lang = current()
    if digits is not None:
        if lang == "en":
            return f"{value:{'+' if sign else ''}.{digits}f}"
        from babel.numbers import format_decimal
        pattern = "#,##0" + ("." + "0" * digits if digits else "")
        text = format_decimal(round(value, digits), format=pattern, locale=BABEL_LOCALE[lang],
                              decimal_quantization=True)
        return "+" + text if sign and not text.startswith("-") else text
    if lang == "en":   # CLDR's English pattern (#,##0.###), without importing Babel
        text = f"{value:,.3f}".rstrip("0").rstrip(".") if isinstance(value, float) else f"{value:,}"
        return "0" if text in ("-0", "") else text
    from babel.numbers import format_decimal
    return format_decimal(value, locale=BABEL_LOCALE[lang])


def join(items: Iterable[object], style: str = "standard") -> str:
    """Items as a list in the active language: ``a, b and c`` (``standard``) or ``a, b or c``
    (``or``), with the language's words and commas (Babel's CLDR lists)."""
    words = [str(i) for i in items]
    lang = current()
    if lang == "en":   # CLDR's English patterns, without importing Babel
        word = "or" if style == "or" else "and"
        if len(words) <= 2:
            return f" {word} ".join(words)
        return f"{', '.join(words[:-1])}, {word} {words[-1]}"
    from babel.lists import format_list
    return format_list(words, style=style, locale=BABEL_LOCALE[lang])


# -- words every surface counts with ----------------------------------------------------------

def points(n: int) -> str:
    """``n`` points, in the form the active language gives the number (1 bod, 2 boda, 5 bodova)."""
    return ngettext("{count} point", "{count} points", n).format(count=number(n))


def tiles(n: int) -> str:
    """``n`` tiles (1 kamień, 2 kamienie, 5 kamieni)."""
    return ngettext("{count} tile", "{count} tiles", n).format(count=number(n))


def players(low: int, high: int) -> str:
    """How many players a game takes: ``2 players``, ``2-4 players`` (the form of the highest)."""
    count = number(low) if low == high else f"{number(low)}-{number(high)}"
    return ngettext("{count} player", "{count} players", high).format(count=count)


# -- reasons ----------------------------------------------------------------------------------

_reason_catalogs: dict[str, Catalog] = {}


def reason_catalog(language: Optional[str] = None) -> Catalog:
    """The sentences of the reason codes (engine/reasons.py) in ``language`` (the active one
    by default): each code's template is its English one translated in the catalog, with the
    code as its context (msgctxt)."""
    from ..engine import reasons

    lang = language or current()
    if lang == "en":
        return reasons.ENGLISH
    if lang not in _reason_catalogs:
        templates = {c.code: pgettext(c.code, c.template, lang) for c in reasons.REASONS.values()}
        words = {w: pgettext("reason word", english, lang) for w, english in reasons.ENGLISH_WORDS.items()}
        _reason_catalogs[lang] = reasons.Catalog(lang, templates, words,
                                                 plural=lambda n: plural_index(n, lang))
    return _reason_catalogs[lang]


def explain(reason: Reason | Exception) -> str:
    """Why a move or an input was refused, in the active language: a ``Reason``, or an error
    carrying one (``MoveError``, ``TileError``, ``GameError``, ``BotError``, ``RecordError``,
    ``VariantError``), with the reasons that say where before it (a record's hand and move);
    any other error, or one raised with a sentence and no code, in its own text."""
    found = getattr(reason, "reason", reason)
    if not hasattr(found, "code") or current() == "en":
        return str(reason)
    catalog = reason_catalog()
    return ": ".join([catalog.render(f) for f in getattr(reason, "frames", ())] + [catalog.render(found)])
