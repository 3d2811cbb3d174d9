"""Serbian Latin script to Cyrillic and back, for texts that mix Serbian with notation.

Serbian has one letter for one sound in both scripts, so the Cyrillic text is the Latin one
letter for letter, with the digraphs lj, nj and dž as one letter each (љ, њ, џ). What is not
Serbian stays as written:
code spans (`` `5-3 L` ``), placeholders (``{tile}``, ``%(n)s``), options (``--lang``,
``target=100``), commands (``domine rules``), a game's id after ``id:``, anything with a digit
(``6-3``, ``6x6``, ``A3``), identifiers (``double_nine``), the ends' letters L R N S E W
standing alone, and words of other languages: those with a letter Serbian's alphabet lacks (q,
w, x, y, ł, ś ...), those in ``FOREIGN`` (the English, Latin and Polish words the Serbian texts
quote: game names and their aliases), and a run of capitalised words one of which is foreign
(Russian Domino). tests/test_i18n.py checks every Serbian text reads back (``to_latin``) to
its Latin self, and that nothing protected changed.
"""

from __future__ import annotations

import re

LATIN = "abcčćdđefghijklmnoprsštuvzž"
_PAIRS = {"lj": "љ", "nj": "њ", "dž": "џ"}
_SINGLE = dict(zip(LATIN, "абцчћдђефгхијклмнопрсштувзж"))

_TO_CYRILLIC = {**_SINGLE, **{k.upper(): v.upper() for k, v in _SINGLE.items()}, **_PAIRS}
for _latin, _cyr in _PAIRS.items():
    _TO_CYRILLIC[_latin.capitalize()] = _cyr.upper()   # Lj, Nj, Dž
    _TO_CYRILLIC[_latin.upper()] = _cyr.upper()        # LJ, NJ, DŽ

_TO_LATIN = {v: k for k, v in _SINGLE.items()}
_TO_LATIN.update({v.upper(): k.upper() for k, v in _SINGLE.items()})
_TO_LATIN.update({v: k for k, v in _PAIRS.items()})
_TO_LATIN.update({v.upper(): k.capitalize() for k, v in _PAIRS.items()})

#: The ends' names, which notation writes in Latin letters in every language.
END_LETTERS = frozenset("LRNSEW")

#: Words of other languages that Serbian texts quote, written with Serbian's Latin letters
#: alone (those with other letters are found by their letters): compared in lower case.
FOREIGN = frozenset("""
    all at auction back bergen billiton blind blitz block blocking buy buying by can caribbean changing
    chiva close closed closing colonels com cross crossed crosses cut dead dominoes double
    down draw drawing engine face family figure fill five fives for four french game generals grape
    handed hander homi homini homo hughie id in individual instant is it italian its jamaican jubilee
    jubileusz lightning love lupus man marked mexican muggins net network nobody of openspiel
    ordinary out pagat partner partners partnership private puerto python quadruple rican rings
    rotating row run russian same sebastopol secret shut shutting single six slosh slot spinner star
    starter stuck the throat tiddly tile train trains two up variant version will wink with without
    bots ctrl cpu dir duration file hard heuristic hint human json lang medium pillow pip png random
    record search seats svg time undo worlds en pl sr latn domine target toml utf name no
""".split())

_PROTECTED = re.compile(r"""
      `[^`]*`                        # a code span
    | \{[^{}]*\}                     # a placeholder
    | %\(\w+\)[sdr] | %[sdr%]        # a printf placeholder
    | https?://\S+                   # an address
    | (?:[\w-]+/)+[\w-]+\.[a-z]+\b   # a file's path: docs/records.md
    | \$\w+(?:/[\w.-]+)*             # a variable, and a path in it: $XDG_DATA_HOME/domine
    | \bdomine\s+(?:list|rules|play|simulate|arena|replay|render)\b   # a command
    | \bpip\s+install\s+\S+           # a command that installs: pip install 'domine[png]'
    | (?<![\w-])--?[A-Za-z][\w-]*    # an option
    | \bid:\s[\w-]+                  # a game's id
    | [\w-]+=[^\s,;)]*               # an option's key=value
    | [\w+]*\d[\w+-]*                # anything with a digit: 6-3, 6x6, A3
    | \w*_\w*                        # an identifier
""", re.VERBOSE)

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")   # Colonel's is one (foreign) word
_SERBIAN_LETTERS = frozenset(LATIN + LATIN.upper())


def is_foreign(word: str) -> bool:
    """A word to leave in Latin letters: an end's letter, or a word of another language."""
    if word in END_LETTERS:
        return True
    return not set(word) <= _SERBIAN_LETTERS or word.lower() in FOREIGN


def _word_to_cyrillic(word: str) -> str:
    if is_foreign(word):
        return word
    out, i = [], 0
    while i < len(word):
        pair = word[i:i + 2]
        if pair in _TO_CYRILLIC and len(pair) == 2:
            out.append(_TO_CYRILLIC[pair])
            i += 2
        else:
            out.append(_TO_CYRILLIC.get(word[i], word[i]))
            i += 1
    return "".join(out)


def _foreign_names(text: str) -> set[int]:
    """Where the words of a foreign name start: a run of capitalised words joined by a space or
    a hyphen of which one is foreign keeps all of them (Russian Domino, not Russian Домино)."""
    keep: set[int] = set()
    run: list[re.Match] = []

    def close() -> None:
        if any(is_foreign(m.group()) and m.group() not in END_LETTERS for m in run):
            keep.update(m.start() for m in run)
        run.clear()

    for m in _WORD.finditer(text):
        joined = run and text[run[-1].end():m.start()] in (" ", "-")
        if not (m.group()[0].isupper() and (joined or not run)):
            close()
        if m.group()[0].isupper():
            run.append(m)
    close()
    return keep


def _words(text: str, convert) -> str:
    keep = _foreign_names(text) if convert is _word_to_cyrillic else set()
    return _WORD.sub(lambda m: m.group() if m.start() in keep else convert(m.group()), text)


def _outside_protected(text: str, convert) -> str:
    """``convert`` applied to every word of ``text`` outside the protected spans."""
    out, at = [], 0
    for m in _PROTECTED.finditer(text):
        out.append(_words(text[at:m.start()], convert))
        out.append(m.group())
        at = m.end()
    out.append(_words(text[at:], convert))
    return "".join(out)


def to_cyrillic(text: str) -> str:
    """Serbian text in Latin script, in Cyrillic; notation and foreign words left as they are."""
    return _outside_protected(text, _word_to_cyrillic)


def _word_to_latin(word: str) -> str:
    if not any(c in _TO_LATIN for c in word):
        return word
    capitals = len(word) > 1 and word.isupper()
    out = "".join(_TO_LATIN.get(c, c) for c in word)
    if capitals:   # LJUBAV, not LjUBAV
        out = out.upper()
    return out


def to_latin(text: str) -> str:
    """Serbian text in Cyrillic, in Latin script: the inverse of ``to_cyrillic``."""
    return _outside_protected(text, _word_to_latin)


def protected(text: str) -> list[str]:
    """The spans of ``text`` that transliteration never changes, in order (for tests)."""
    return [m.group() for m in _PROTECTED.finditer(text)]
