"""The core's own refusals in the user's language: an unknown game, a bad option value, an
unknown bot, a broken record and a bad variant file each give one line in Polish or Serbian
Cyrillic and exit code 2, rendered from their reason codes (engine/reasons.py); in English
the line is the one it always was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from domine import i18n
from domine.bots import BotError, make_bot
from domine.games import make_game
from domine.records import RecordError, replay

ROOT = Path(__file__).resolve().parents[1]
SRC = str(ROOT / "src")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def domine(*args: str) -> subprocess.CompletedProcess:
    """``domine ARGS`` as a user runs it, in a process of its own, 80 columns wide."""
    environ = dict(os.environ, PYTHONPATH=SRC, COLUMNS="80")
    environ.pop("DOMINE_LANG", None)
    return subprocess.run([sys.executable, "-m", "domine", *args], capture_output=True, text=True, env=environ,
                          timeout=120, check=False)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("errs")
    record = json.loads((ROOT / "tests" / "golden" / "draw.json").read_text(encoding="utf-8"))
    seat = record["hands"][0]["moves"][0].split(":")[0]
    record["hands"][0]["moves"][0] = f"{seat}: 0-0"
    paths = {"not-a-record": folder / "not-a-record.json", "illegal": folder / "illegal.json",
             "variant": folder / "bad.toml", "svg": folder / "out.svg"}
    paths["not-a-record"].write_text('{"format": "x"}', encoding="utf-8")
    paths["illegal"].write_text(json.dumps(record), encoding="utf-8")
    paths["variant"].write_text('name = "x"\nbsae = "draw"\n', encoding="utf-8")
    return paths


KEYS = ("id, name, summary, base, players, options, set, deal, teams, layout, matching, lead, later_lead, "
        "turn, hand_end, values, scoring, match_end, conventions, stakes")
BOTS = "random, greedy, heuristic, search, easy, medium, hard"
SETS = "double-six, double-eight, double-nine, double-twelve"

#: each refusal: the command, and its line in each language ({variant}: the variant file's path)
CASES = {
    "unknown game": (["rules", "blok"], {
        "en": "error: unknown game 'blok'. Did you mean block (Block Dominoes)? ('domine list' shows all games)",
        "pl": "błąd: nieznana gra 'blok'. Czy chodziło o block (Block Dominoes)? "
              "('domine list' pokazuje wszystkie gry)",
        "sr-Cyrl": "грешка: непозната игра 'blok'. Да ли сте мислили на block (Block Dominoes)? "
                   "('domine list' приказује све игре)",
    }),
    "bad option value": (["simulate", "block", "--hands", "1", "--option", "set=foo"], {
        "en": f"error: option set takes one of {SETS}, not 'foo'",
        "pl": f"błąd: opcja set przyjmuje jedną z wartości {SETS}, a nie 'foo'",
        "sr-Cyrl": f"грешка: опција set прима једну од вредности {SETS}, а не 'foo'",
    }),
    "unknown bot": (["simulate", "block", "--hands", "1", "--bots", "random,robot"], {
        "en": f"error: unknown bot 'robot' (bots: {BOTS})",
        "pl": f"błąd: nieznany bot 'robot' (boty: {BOTS})",
        "sr-Cyrl": f"грешка: непознат бот 'robot' (ботови: {BOTS})",
    }),
    "not a record": (["render", "{not-a-record}", "--svg", "{svg}"], {
        "en": 'error: invalid record: not a domine record (expected "format": "domine-record")',
        "pl": 'błąd: błędny zapis: to nie zapis partii domine (oczekiwano "format": "domine-record")',
        "sr-Cyrl": 'грешка: неисправан запис: није запис domine (очекује се "format": "domine-record")',
    }),
    "a record's illegal move": (["render", "{illegal}", "--svg", "{svg}"], {
        "en": "error: invalid record: hand 1, move 1: '0-0': you do not hold 0-0",
        "pl": "błąd: błędny zapis: rozdanie 1, ruch 1: '0-0': nie masz kamienia 0-0",
        "sr-Cyrl": "грешка: неисправан запис: партија 1, потез 1: '0-0': не држите 0-0",
    }),
    "bad variant file": (["rules", "--variant", "{variant}"], {
        "en": f"error: {{variant}}: bsae = \"draw\": no such key (did you mean 'base'?); the keys: {KEYS}",
        "pl": f"błąd: {{variant}}: bsae = \"draw\": nie ma takiego klucza (czy chodziło o 'base'?); klucze: {KEYS}",
        "sr-Cyrl": f"грешка: {{variant}}: bsae = \"draw\": нема таквог кључа (да ли сте мислили на 'base'?); "
                   f"кључеви: {KEYS}",
    }),
}


@pytest.mark.parametrize("lang", ["en", "pl", "sr-Cyrl"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_refusal_of_the_core_is_one_line_in_the_language(case, lang, files):
    args, lines = CASES[case]
    names = {k: str(v) for k, v in files.items()}
    done = domine("--lang", lang, *[a.format(**names) for a in args])
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [lines[lang].format(**names)]


def test_explain_says_a_framed_record_error_in_the_language_and_english_as_str():
    record = json.loads((ROOT / "tests" / "golden" / "draw.json").read_text(encoding="utf-8"))
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:2]
    with pytest.raises(RecordError) as info:
        replay(record)
    assert i18n.explain(info.value) == str(info.value) == "hand 1: the moves end before the hand does"
    i18n.use("pl")
    assert i18n.explain(info.value) == "rozdanie 1: ruchy kończą się, zanim skończy się rozdanie"
    i18n.use("sr-Latn")
    assert i18n.explain(info.value) == "partija 1: potezi se završavaju pre nego što se partija završi"


def test_plural_forms_of_a_refusal_follow_the_language():
    with pytest.raises(Exception) as info:
        make_game("block", 4, {"hand_size": 9})
    assert str(info.value) == "4 hands of 9 tiles do not fit in a double-six set"
    i18n.use("pl")
    assert i18n.explain(info.value) == "nie da się rozdać graczom (4) po 9 kamieni z zestawu double-six"
    i18n.use("sr-Latn")
    assert i18n.explain(info.value) == "igračima (4) ne može da se podeli po 9 pločica iz kompleta double-six"


def test_a_refusal_without_a_code_is_shown_as_it_is():
    i18n.use("pl")
    assert i18n.explain(BotError("a sentence of its own")) == "a sentence of its own"
    with pytest.raises(BotError) as info:
        make_bot("greedy:worlds=3")
    assert i18n.explain(info.value) == "bot 'greedy' nie przyjmuje parametrów"
