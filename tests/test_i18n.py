"""The languages: how one is chosen, the catalogs (complete, compiled, the same placeholders as
the English), plural forms, numbers and lists, the reasons' sentences, Serbian Cyrillic as the
transliteration of the Latin text, and ``--lang`` on the command line."""

from __future__ import annotations

import io
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from domine import i18n
from domine.cli import app
from domine.engine.reasons import REASONS, Reason, fields_of
from domine.i18n.translit import is_foreign, protected, to_cyrillic, to_latin

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "domine"
LOCALE = SRC / "locale"
CATALOGS = {"pl": "pl", "sr-Latn": "sr_Latn"}
LANGS = ["pl", "sr-Latn", "sr-Cyrl"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def po(lang: str):
    folder = CATALOGS[lang]
    with open(LOCALE / folder / "LC_MESSAGES" / "domine.po", "rb") as f:
        return read_po(f, locale=folder)


# -- choosing a language ---------------------------------------------------------------------

@pytest.mark.parametrize("spelling, lang", [
    ("en", "en"), ("pl", "pl"), ("polski", "pl"), ("PL_pl", "pl"), ("sr-Latn", "sr-Latn"), ("sr_Latn", "sr-Latn"),
    ("sr-latn", "sr-Latn"), ("srpski", "sr-Latn"), ("sr", "sr-Cyrl"), ("sr-Cyrl", "sr-Cyrl"), ("српски", "sr-Cyrl"),
])
def test_aliases_name_a_language(spelling, lang):
    assert i18n.language_of(spelling) == lang


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "pl_PL.UTF-8"}, "pl"),
    ({"LANG": "sr_RS@latin"}, "sr-Latn"),
    ({"LANG": "sr_RS.UTF-8@latin"}, "sr-Latn"),
    ({"LANG": "sr_RS"}, "sr-Cyrl"),
    ({"LANG": "sr"}, "sr-Cyrl"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "sr_RS"}, "sr-Cyrl"),      # LC_MESSAGES over LANG
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "pl_PL", "LANG": "pl_PL"}, "en"),   # LC_ALL over both
    ({}, "en"),
])
def test_the_locale_chooses_when_nothing_else_does(env, lang):
    assert i18n.choose(None, env) == lang


def test_lang_beats_domine_lang_beats_the_locale():
    env = {"DOMINE_LANG": "sr-Latn", "LANG": "pl_PL.UTF-8"}
    assert i18n.choose("pl", env) == "pl"
    assert i18n.choose(None, env) == "sr-Latn"
    assert i18n.choose(None, {"LANG": "pl_PL.UTF-8"}) == "pl"


def test_an_unknown_language_is_refused_with_the_choices():
    with pytest.raises(i18n.LanguageError, match=r"unknown language 'xx'; choose one of en, sr-Latn, sr-Cyrl, pl"):
        i18n.choose("xx", {})
    with pytest.raises(i18n.LanguageError, match=r"^DOMINE_LANG: "):
        i18n.choose(None, {"DOMINE_LANG": "klingon"})


# -- the catalogs ------------------------------------------------------------------------------

def extracted() -> dict[tuple[str | None, str], object]:
    """What pybabel extract finds in the source today, by (context, msgid)."""
    with open(ROOT / "babel.cfg") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {}
    for _file, _line, message, _comments, context in extract_from_dir(str(SRC), method_map, options_map):
        msgid = message if isinstance(message, str) else message[0]
        found[(context, msgid)] = message
    return found


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_message_of_the_source_is_translated(lang):
    catalog = po(lang)
    have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    source = extracted()
    missing = sorted(k for k in source if k not in have or not all(have[k].string if isinstance(
        have[k].string, tuple) else [have[k].string]))
    assert not missing, f"untranslated (run the commands of docs/translating.md): {missing[:10]}"
    stale = sorted(k for k in have if k not in source)
    assert not stale, f"no longer in the source: {stale[:10]}"
    assert not [m.id for m in catalog if m.id and m.fuzzy], "fuzzy entries are not used: review them"


def _fields(text: str) -> list[str]:
    """A message's placeholders: str.format fields with their conversion and spec's kind. A
    ``plural`` spec (``{n:plural:kamień|kamienie|kamieni}``) is the language's own inflection of
    the number, which one language may need where another does not: it counts as no spec."""
    out = []
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            kind = (spec or "").split(":")[0]
            out.append(f"{name}!{conversion}:{'' if kind == 'plural' else kind}")
    return sorted(out)


@pytest.mark.parametrize("lang", CATALOGS)
def test_a_translation_keeps_every_placeholder(lang):
    for m in po(lang):
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[-1]
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            assert _fields(text) == _fields(english), (m.context, m.id, text)


@pytest.mark.parametrize("lang", CATALOGS)
def test_each_compiled_catalog_is_its_po_file(lang):
    folder = CATALOGS[lang]
    compiled = io.BytesIO()
    write_mo(compiled, po(lang))
    mo = (LOCALE / folder / "LC_MESSAGES" / "domine.mo").read_bytes()
    assert compiled.getvalue() == mo, f"{folder}/LC_MESSAGES/domine.mo is stale: pybabel compile (docs/translating.md)"


@pytest.mark.parametrize("lang, folder", [("pl", "pl"), ("sr-Latn", "sr-Latn")])
def test_a_games_name_is_the_title_of_its_rules_page(lang, folder):
    from domine.cli.catalog_data import GAMES
    for game in GAMES:
        title = (SRC / "rules" / folder / f"{game['id']}.md").read_text(encoding="utf-8").splitlines()[0]
        assert "# " + i18n.pgettext("game name", game["name"], lang) == title


# -- plural forms, numbers, lists --------------------------------------------------------------

PLURALS = {
    "en": {1: "1 point", 2: "2 points", 5: "5 points", 11: "11 points", 21: "21 points", 22: "22 points",
           25: "25 points"},
    "pl": {1: "1 punkt", 2: "2 punkty", 5: "5 punktów", 11: "11 punktów", 21: "21 punktów", 22: "22 punkty",
           25: "25 punktów"},
    "sr-Latn": {1: "1 bod", 2: "2 boda", 5: "5 bodova", 11: "11 bodova", 21: "21 bod", 22: "22 boda",
                25: "25 bodova"},
    "sr-Cyrl": {1: "1 бод", 2: "2 бода", 5: "5 бодова", 11: "11 бодова", 21: "21 бод", 22: "22 бода",
                25: "25 бодова"},
}


@pytest.mark.parametrize("lang", PLURALS)
def test_plural_forms_of_each_language(lang):
    i18n.use(lang)
    assert {n: i18n.points(n) for n in PLURALS[lang]} == PLURALS[lang]


@pytest.mark.parametrize("lang, tiles", [
    ("pl", ["1 kamień", "2 kamienie", "5 kamieni", "11 kamieni", "21 kamieni", "22 kamienie", "25 kamieni"]),
    ("sr-Latn", ["1 pločica", "2 pločice", "5 pločica", "11 pločica", "21 pločica", "22 pločice", "25 pločica"]),
])
def test_plural_forms_of_tiles(lang, tiles):
    i18n.use(lang)
    assert [i18n.tiles(n) for n in (1, 2, 5, 11, 21, 22, 25)] == tiles


@pytest.mark.parametrize("lang, big, items, alternatives", [
    ("en", "1,234,567.5", "5-3, 6-6, and 4-4", "5-3 or 6-6"),
    ("pl", "1\xa0234\xa0567,5", "5-3, 6-6 i 4-4", "5-3 lub 6-6"),
    ("sr-Latn", "1.234.567,5", "5-3, 6-6 i 4-4", "5-3 ili 6-6"),
    ("sr-Cyrl", "1.234.567,5", "5-3, 6-6 и 4-4", "5-3 или 6-6"),
])
def test_numbers_and_lists_in_each_language(lang, big, items, alternatives):
    i18n.use(lang)
    assert i18n.number(1234567.5) == big
    assert i18n.join(["5-3", "6-6", "4-4"]) == items
    assert i18n.join(["5-3", "6-6"], style="or") == alternatives


# -- reasons -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_code_has_a_sentence_with_the_same_placeholders(lang):
    catalog = i18n.reason_catalog(lang)
    assert catalog.problems() == []
    from domine.engine.reasons import ENGLISH
    for code, entry in REASONS.items():
        assert catalog.templates[code] != entry.template, f"{code} is not translated into {lang}"
        assert sorted(fields_of(catalog.templates[code])) == sorted(entry.params)
        assert catalog.words != ENGLISH.words


@pytest.mark.parametrize("lang, sentence", [
    ("pl", "nie masz kamienia 6-6"), ("sr-Latn", "ne držite 6-6"), ("sr-Cyrl", "не држите 6-6"),
    ("en", "you do not hold 6-6"),
])
def test_a_reason_reads_in_each_language(lang, sentence):
    i18n.use(lang)
    assert i18n.explain(Reason("not-your-tile", {"tile": "6-6"})) == sentence


def test_reasons_fill_lists_plurals_and_quotes_in_the_language():
    pl, sr = i18n.reason_catalog("pl"), i18n.reason_catalog("sr-Latn")
    lead = Reason("lead-not-allowed", {"tile": "3-2", "allowed": ["6-6", "5-5"]})
    assert pl.render(lead) == "3-2 nie może otwierać; musisz otworzyć kamieniem 6-6 lub 5-5"
    assert sr.render(lead) == "3-2 ne sme da otvori; morate otvoriti sa 6-6 ili 5-5"
    assert [pl.render(Reason("draw-limit", {"limit": n})) for n in (1, 2, 5)] == [
        "w jednym ruchu możesz dobrać najwyżej 1 kamień", "w jednym ruchu możesz dobrać najwyżej 2 kamienie",
        "w jednym ruchu możesz dobrać najwyżej 5 kamieni"]
    assert [sr.render(Reason("draw-limit", {"limit": n})) for n in (1, 3, 21)] == [
        "u jednom potezu možete kupiti najviše 1 pločicu", "u jednom potezu možete kupiti najviše 3 pločice",
        "u jednom potezu možete kupiti najviše 21 pločicu"]
    assert sr.render(Reason("fits-no-open-end", {"tile": "1-2", "ends": []})) == \
        "1-2 ne odgovara nijednom otvorenom kraju (nijedan)"
    assert pl.render(Reason("not-a-tile", {"text": "7x"})) == "to nie kamień: '7x' (pisz go tak: 5-3)"


def test_an_error_of_the_engine_is_explained_in_the_language():
    import random

    from domine.engine.moves import MoveError
    from domine.games import make_game

    game = make_game("block", 2)
    state = game.new_hand(game.deal(random.Random(1)))
    mine = {state.move_str(m).split()[0] for m in state.legal_moves()}
    theirs = next(t for t in ("0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "6-5", "6-4") if t not in mine)
    with pytest.raises(MoveError) as refused:
        state.apply(state.parse_move(theirs))
    i18n.use("pl")
    assert i18n.explain(refused.value).startswith("nie ") and refused.value.code in REASONS
    i18n.use("sr-Latn")
    assert i18n.explain(refused.value) == i18n.reason_catalog("sr-Latn").render(refused.value.reason)


# -- Serbian Cyrillic --------------------------------------------------------------------------

def test_transliteration_letter_for_letter_with_the_digraphs():
    assert to_cyrillic("Ljubav, NJIVA, džokeri, Đurđevdan, čaša, ćup, šah, žaba") == \
        "Љубав, ЊИВА, џокери, Ђурђевдан, чаша, ћуп, шах, жаба"
    assert to_latin("Љубав, ЊИВА, џокери, Ђурђевдан") == "Ljubav, NJIVA, džokeri, Đurđevdan"


def test_transliteration_leaves_notation_and_foreign_names_alone():
    text = "Položite `5-3 L` na kraj {end} (--option target=100), 6x6, double_nine; Block Dominoes i Čiva; L i R."
    assert to_cyrillic(text) == \
        "Положите `5-3 L` на крај {end} (--option target=100), 6x6, double_nine; Block Dominoes и Чива; L и R."
    assert to_cyrillic("id: troli · igrači: 4–9") == "id: troli · играчи: 4–9"
    assert to_cyrillic("Russian Domino, Ruski Domino, Błyskawica") == "Russian Domino, Руски Домино, Błyskawica"


def _check_cyrillic(latin: str, cyrillic: str) -> None:
    assert cyrillic == to_cyrillic(latin)
    assert protected(cyrillic) == protected(latin)     # no placeholder, code span, option or tile changed
    assert to_latin(cyrillic) == latin                 # nothing lost: it reads back
    kept = sorted(protected(latin), key=len, reverse=True)   # the longest first: 50ms before 5
    left = re.findall(r"[A-Za-zČĆŽŠĐčćžšđ]+(?:['’][A-Za-z]+)*", re.sub("|".join(map(re.escape, kept))
                                                                    or "^$", " ", cyrillic))
    serbian = [w for w in left if not is_foreign(w) and not any(w in n for n in _foreign_runs(latin))]
    assert not serbian, f"Serbian words left in Latin letters: {serbian}"


def _foreign_runs(text: str) -> list[str]:
    from domine.i18n.translit import _WORD, _foreign_names
    keep = _foreign_names(text)
    return [m.group() for m in _WORD.finditer(text) if m.start() in keep]


@pytest.mark.parametrize("game", sorted(p.stem for p in (SRC / "rules" / "sr-Latn").glob("*.md")))
def test_the_cyrillic_rules_page_is_the_latin_one_transliterated(game):
    from domine.cli.info import rules_text
    latin = rules_text(game, "sr-Latn")
    _check_cyrillic(latin, rules_text(game, "sr-Cyrl"))
    assert all(len(line) <= 80 for line in rules_text(game, "sr-Cyrl").splitlines())


def test_the_cyrillic_catalog_is_the_latin_one_transliterated():
    for m in po("sr-Latn"):
        if not m.id:
            continue
        if isinstance(m.id, str):
            latin = i18n.pgettext(m.context, m.id, "sr-Latn") if m.context else i18n.gettext(m.id, "sr-Latn")
            cyrillic = i18n.pgettext(m.context, m.id, "sr-Cyrl") if m.context else i18n.gettext(m.id, "sr-Cyrl")
            _check_cyrillic(latin, cyrillic)
        else:
            for n in (1, 2, 5):
                _check_cyrillic(i18n.ngettext(*m.id, n, "sr-Latn"), i18n.ngettext(*m.id, n, "sr-Cyrl"))


def test_a_serbian_name_in_cyrillic_finds_its_game():
    from domine.cli import catalog
    assert catalog.find("Блиц")["id"] == "blitz"
    assert catalog.find("Чива")["id"] == "chiva"


# -- the command line --------------------------------------------------------------------------

runner = CliRunner()


def test_lang_speaks_in_list_and_rules():
    listed = runner.invoke(app, ["--lang", "pl", "list"], env={"COLUMNS": "100"})
    assert listed.exit_code == 0
    assert "Čiva (Chiva)" in listed.output and "4 gracze" in listed.output and "2-6 graczy" in listed.output
    rules = runner.invoke(app, ["--lang", "sr-Cyrl", "rules", "Чива"])
    assert rules.exit_code == 0, rules.output
    assert rules.output.lstrip().startswith("Чива (Chiva)") and "Опције" in rules.output
    serbian = runner.invoke(app, ["--lang", "sr-Latn", "rules", "block"], env={"COLUMNS": "100"})
    assert "komplet pločica" not in serbian.output
    assert "komplet: double-six, double-eight, double-nine ili double-twelve" in serbian.output


@pytest.mark.parametrize("args, env", [(["--lang", "xx", "list"], {}), (["list"], {"DOMINE_LANG": "xx"})])
def test_an_unknown_language_is_one_line_and_exit_code_2(args, env):
    done = subprocess.run([sys.executable, "-m", "domine", *args], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(SRC.parent), **env), timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and "choose one of en, sr-Latn, sr-Cyrl, pl" in done.stderr


def test_the_locale_chooses_the_language_of_the_command_line():
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "DOMINE_LANG")}
    done = subprocess.run([sys.executable, "-m", "domine", "rules", "block"], capture_output=True, text=True,
                          env=dict(env, PYTHONPATH=str(SRC.parent), LANG="sr_RS.UTF-8@latin"), timeout=120)
    assert done.returncode == 0
    assert "Kako domine odlučuje" in done.stdout


def test_english_counts_one_tile_in_the_singular():
    from domine.engine.reasons import because
    assert because("draw-limit", limit=1).text == "you may draw at most 1 tile in a turn"
    assert because("draw-limit", limit=2).text == "you may draw at most 2 tiles in a turn"
