"""The commands in the chosen language: every command's ``--help`` (its text, its options'
help, Typer's headings), usage errors in one translated line, and the tables of simulate and
arena with the language's words and numbers. The help is read when the app is built, so each
language's help runs in its own process (as ``domine`` does: cli/__init__.py's ``main``)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from domine import i18n
from domine.cli import app

SRC = str(Path(__file__).resolve().parents[1] / "src")
COMMANDS = ["list", "rules", "play", "simulate", "arena", "replay", "render", "review", "verify", "serve"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def domine(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``domine ARGS`` as a user runs it, in a process of its own, 80 columns wide."""
    environ = dict(os.environ, PYTHONPATH=SRC, COLUMNS="80", **env)
    return subprocess.run([sys.executable, "-m", "domine", *args], capture_output=True, text=True, env=environ,
                          timeout=120, check=False)


def squeezed(text: str) -> str:
    """Text without its white space: the help wraps a sentence wherever the width falls."""
    return re.sub(r"\s+", "", text)


def helps(command: str) -> list[str]:
    """The English help texts of a command (root: ``""``) and of its parameters, as the app
    (built in English in this process) declares them."""
    group = typer.main.get_command(app)
    cmd = group.commands[command] if command else group
    texts = [p.help for p in cmd.params if getattr(p, "help", None)]
    first_paragraph = (cmd.help or "").split("\n\n")[0]
    return [first_paragraph, *texts]


# -- the help ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["pl", "sr-Cyrl"])
@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_of_every_command_is_translated(lang, command):
    done = domine("--lang", lang, *([command] if command else []), "--help")
    assert done.returncode == 0, done.stderr
    shown = squeezed(done.stdout)
    english = helps(command)
    assert len(english) >= 2
    for text in english:
        said = i18n.gettext(text, lang)
        assert said != text, f"no {lang} translation of {text!r}"
        assert squeezed(said) in shown, said
        assert squeezed(text) not in shown, text
    # Typer's own words: the usage line, the headings, the help option
    words = {"pl": ("Użycie:", "Opcje:", "Pokażtępomocizakończ."),
             "sr-Cyrl": ("Употреба:", "Опције:", "Прикажиовупомоћиизађи.")}[lang]
    for word in words:
        assert word in shown
    assert "Usage:" not in done.stdout and "Options:" not in done.stdout
    assert "Show this message" not in done.stdout


def test_help_in_english_is_as_it_was():
    done = domine("play", "--help", DOMINE_LANG="en")
    assert done.returncode == 0
    assert done.stdout.startswith("Usage: domine play [OPTIONS] [GAME]\n\n  Play a match in the terminal against bots")
    assert "\nArguments:\n" in done.stdout and "\nOptions:\n" in done.stdout
    assert "  -h, --help              Show this message and exit.\n" in done.stdout


@pytest.mark.parametrize("args", [["-h", "--lang", "pl"], ["--lang=pl", "--help"]])
def test_lang_among_the_root_options_chooses_the_help(args):
    done = domine(*args)
    assert done.returncode == 0 and "Użycie: domine" in done.stdout and "Polecenia:" in done.stdout


def test_domine_lang_and_the_locale_choose_the_help():
    assert "Użycie:" in domine("--help", DOMINE_LANG="pl").stdout
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "DOMINE_LANG")}
    done = subprocess.run([sys.executable, "-m", "domine", "simulate", "--help"], capture_output=True, text=True,
                          env=dict(env, PYTHONPATH=SRC, LANG="sr_RS.UTF-8@latin"), timeout=120, check=False)
    assert "Upotreba:" in done.stdout and "Odigrajovolikopartija" in squeezed(done.stdout)


# -- usage errors -----------------------------------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["play", "--bogus"], "błąd: nie ma opcji --bogus (zob. 'domine play -h')"),
    (["play", "block", "--quite"], "błąd: nie ma opcji --quite (czy chodziło o --quiet?) (zob. 'domine play -h')"),
    (["simulate"], "błąd: podaj GRĘ (zob. 'domine list') albo --variant PLIK"),
    (["arena", "greedy", "random", "--deals", "2"], "błąd: podaj GRĘ (zob. 'domine list') albo --variant PLIK"),
    (["arena", "greedy", "random"], "błąd: brak opcji --deals (zob. 'domine arena -h')"),
    (["play", "block", "--players", "x"],
     "błąd: błędna wartość --players / -p: 'x' nie jest liczbą całkowitą (zob. 'domine play -h')"),
    (["play", "block", "--seed"], "błąd: --seed wymaga wartości"),
    (["play", "block", "extra"], "błąd: nieoczekiwane argumenty: extra (zob. 'domine play -h')"),
    (["nosuch"], ("błąd: nie ma polecenia nosuch (polecenia: list, rules, play, simulate, arena, study, replay, "
                  "render, review, verify, serve, variant)")),
])
def test_a_usage_error_in_polish_is_one_translated_line(args, said):
    done = domine("--lang", "pl", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [said]


def test_a_usage_error_in_cyrillic_and_in_english():
    done = domine("--lang", "sr-Cyrl", "simulate", "block", "--hands", "1.5")
    assert done.returncode == 2
    said = "грешка: неисправна вредност за --hands: '1.5' није цео број (види 'domine simulate -h')"
    assert done.stderr.splitlines() == [said]
    done = domine("replay", DOMINE_LANG="en")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["error: missing argument FILE (see 'domine replay -h')"]


def test_no_command_still_shows_the_help():
    done = domine("--lang", "pl")
    assert done.returncode == 2 and done.stderr.splitlines() == ["błąd: Brak polecenia. (zob. 'domine -h')"]
    done = domine(DOMINE_LANG="pl")
    assert "Użycie: domine" in done.stdout + done.stderr and "Polecenia:" in done.stdout + done.stderr


def test_the_commands_own_errors_are_translated():
    done = domine("--lang", "pl", "simulate", "block", "--hands", "0")
    assert done.returncode == 2 and done.stderr.splitlines() == ["błąd: --hands musi wynosić co najmniej 1"]
    done = domine("--lang", "sr-Latn", "replay", "/no/such/record.json")
    assert done.returncode == 2 and done.stderr.splitlines() == [
        "greška: ne mogu da pročitam /no/such/record.json: nema takve datoteke"]


# -- simulate and arena -----------------------------------------------------------------------

def test_simulate_table_in_serbian_latin():
    r = CliRunner().invoke(app, ["--lang", "sr-Latn", "simulate", "block", "--hands", "40"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.startswith("block · 2 igrača · 40 partija · seme 0\n")
    for words in ("mesto", "bot", "pobede", "procenat pobeda", "95% IP", "bodovi/partija", "partije bez pobednika",
                  "prosečno poteza po partiji", "krajevi partija: blokada", "partija u sekundi"):
        assert words in out, words
    assert re.search(r"\b\d{1,3},\d% - \d{1,3},\d%", out)           # decimal commas
    assert re.search(r"│ +\d+,\d\d │\n", out)                       # points per hand, two decimals
    assert "win rate" not in out
    assert all("." not in row for row in out.splitlines() if row.startswith("│"))   # no decimal points


def test_simulate_json_stays_canonical():
    english = CliRunner().invoke(app, ["simulate", "block", "--hands", "20", "--json"])
    polish = CliRunner().invoke(app, ["--lang", "pl", "simulate", "block", "--hands", "20", "--json"])
    strip = re.compile(r'"(elapsed_seconds|hands_per_second)": [^,\n]*')
    assert strip.sub("", polish.output) == strip.sub("", english.output)
    assert '"win_rate"' in polish.output


def test_arena_in_polish():
    r = CliRunner().invoke(app, ["--lang", "pl", "arena", "greedy", "random", "--game", "block", "--deals", "4"])
    assert r.exit_code == 0, r.output
    for words in ("block · 2 gracze · 4 rozdania × 2 rozgrywki · ziarno 0", "odsetek wygranych A",
                  "przewaga A (punkty/rozdanie)", "rozdania wygrane / równe / przegrane", "test znaków p",
                  "czas/decyzja", "rozdań na sekundę"):
        assert words in r.output, words
    assert re.search(r"\d+ decyzj[eai]", r.output)
    assert "Brak" in r.output.splitlines()[-1] or "silniejszy" in r.output.splitlines()[-1]


# -- the pieces -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, value, digits, sign, text", [
    ("en", 12.345, 1, False, "12.3"), ("en", -1.5, 2, True, "-1.50"), ("en", 1.5, 2, True, "+1.50"),
    ("en", 12345.678, 2, False, "12345.68"),
    ("pl", 12.345, 1, False, "12,3"), ("pl", 1.5, 2, True, "+1,50"), ("pl", 12345.678, 2, False, "12\u00a0345,68"),
    ("sr-Latn", 12345.678, 2, False, "12.345,68"), ("sr-Cyrl", -0.25, 2, True, "-0,25"),
])
def test_numbers_with_fixed_decimals(lang, value, digits, sign, text):
    i18n.use(lang)
    assert i18n.number(value, digits=digits, sign=sign) == text


def test_yes_in_each_language():
    from domine.cli.play import yes_answers
    assert yes_answers() == {"y", "yes"}
    i18n.use("pl")
    assert {"t", "tak", "y", "yes"} <= yes_answers()
    i18n.use("sr-Cyrl")
    assert {"д", "да", "d", "da", "y", "yes"} <= yes_answers()


def test_hand_ends_in_a_word():
    from domine.cli.common import hand_end
    assert hand_end("blocked") == "blocked" and hand_end("something new") == "something new"
    i18n.use("pl")
    assert hand_end("blocked") == "zablokowane"
    i18n.use("sr-Cyrl")
    assert hand_end("blocked") == "блокада"
