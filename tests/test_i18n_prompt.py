"""The prompt in every language: the move words of each (domine.i18n.moves: one meaning a word,
never a tile or an end's letter, read back to the notation's moves in every game), refusals
rendered from reason codes, the prompt's messages and commands in the language, and a whole
match played at the prompt in each language whose record replays under every other."""

from __future__ import annotations

import io
import json
import random

import pytest
from helpers import run
from rich.console import Console

from domine import i18n
from domine.cli.terminal_match import TerminalMatch
from domine.engine import notation
from domine.engine.moves import MoveError
from domine.engine.tiles import TileError, parse_tile
from domine.games import GAMES, make_game, option_sets
from domine.i18n import moves as words
from domine.i18n.translit import to_cyrillic

LANGS = ["en", "pl", "sr-Latn", "sr-Cyrl"]
TABLES = ["pl", "sr-Latn"]

#: what each word the engine reads means, in the tables' terms (a table may reuse one only
#: with this meaning); every word the engine registers must be here
ENGINE_WORDS = {
    "draw": "draw", "d": "draw", "buy": "draw", "pass": "pass", "p": "pass", "stop": "stop", "s": "stop",
    "decline": "decline", "discard": "discard", "close": "close", "bid": "bid", "drop": "drop out",
    "back": "back", "open": "open", "peek": "peek", "look": "peek",
    "left": "L", "right": "R", "north": "N", "south": "S", "east": "E", "west": "W", "straight": "straight",
}
ENGLISH_COMMANDS = {"hint", "undo", "u", "history", "moves", "tiles", "count", "rules", "score", "scores",
                    "?", "help", "quit", "exit", "q", "board", "show", "b"}
END_NAMES = {"L", "R", "N", "S", "E", "W", "M"} | {f"A{i}" for i in range(8)} | {f"T{i}" for i in range(8)}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def meanings(lang: str) -> dict[str, set[str]]:
    """Every word a language's prompt reads (compared as typed words are), with what it means."""
    found: dict[str, set[str]] = {}
    for table in (words.MOVE_WORDS["en"], words.MOVE_WORDS[lang]):
        for canonical, spelled in table.items():
            for w in spelled:
                found.setdefault(" ".join(map(words.key, w.split())), set()).add(canonical)
    for command, spelled in words.COMMAND_WORDS[lang].items():
        for w in spelled:
            found.setdefault(words.key(w), set()).add(f"command {command}")
    return found


# -- the tables ---------------------------------------------------------------------------------

def test_every_word_the_engine_reads_has_its_meaning_here():
    import domine.parts.rows  # their words are registered on import
    import domine.parts.stakes  # noqa: F401
    assert set(notation._PARSERS) <= set(ENGINE_WORDS)


@pytest.mark.parametrize("lang", TABLES)
def test_no_word_of_a_language_means_two_things(lang):
    found = meanings(lang)
    assert {w: m for w, m in found.items() if len(m) > 1} == {}
    for w, (meaning,) in found.items():   # an English word of the engine keeps its meaning
        assert ENGINE_WORDS.get(w, meaning) == meaning, w
        assert w not in ENGLISH_COMMANDS, w


@pytest.mark.parametrize("lang", ["en", *TABLES])
def test_no_word_is_a_tile_or_an_ends_letter(lang):
    for w in meanings(lang):
        if w == "!":
            continue
        assert w.upper() not in END_NAMES, w
        for part in w.split():
            with pytest.raises(TileError):
                parse_tile(part, 12)


def test_the_serbian_words_in_cyrillic_are_the_latin_ones():
    assert words.read_move("вуци", "sr-Cyrl") == "draw"
    assert words.read_move("6-3 лево", "sr-Cyrl") == "6-3 L"
    assert words.read_move("ОТКУПЉУЈЕМ СЕ", "sr-Cyrl") == "buy back"
    assert words.say("6-3 L", "sr-Cyrl") == "6-3 лево" and words.say("6-3 L", "sr-Latn") == "6-3 levo"
    assert words.say("draw", "sr-Cyrl") == to_cyrillic("vuci")


@pytest.mark.parametrize("typed, lang, read", [
    ("dobierz", "pl", "draw"), ("DOBIERAM", "pl", "draw"), ("pasuje", "pl", "pass"), ("dosc", "pl", "stop"),
    ("6-3 dół", "pl", "6-3 S"), ("6-3 dol", "pl", "6-3 S"), ("odrzuc 5-3", "pl", "discard 5-3"),
    ("zamknij północ 3-4", "pl", "close N 3-4"), ("licytuję 3", "pl", "bid 3"), ("odeślij dobierz", "pl", "back draw"),
    ("vući", "sr-Latn", "draw"), ("vuči", "sr-Latn", "draw"), ("Dalje", "sr-Latn", "pass"),
    ("otkupljujem se", "sr-Latn", "buy back"), ("ispadam", "sr-Latn", "drop out"),
    ("2-4 levo jedan kamen", "sr-Latn", "2-4 L !"), ("5-3 desno + 6-2 levo", "sr-Latn", "5-3 R + 6-2 L"),
    ("12-9 meksicki", "sr-Latn", "12-9 M"),
    ("draw", "pl", "draw"), ("6-3 left", "pl", "6-3 L"), ("6-3 up", "sr-Cyrl", "6-3 N"), ("6-3 R", "pl", "6-3 R"),
    ("6-3 lewo", "en", "6-3 lewo"),   # a language's words only in that language
])
def test_typed_words_read_as_the_notation(typed, lang, read):
    assert words.read_move(typed, lang) == read


def test_a_grids_turn_is_told_from_its_end():
    ends = ("L", "L left", "L right", "R", "R left", "R right")
    assert words.read_move("6-1 lewo lewo", "pl", ends) == "6-1 L left"
    assert words.read_move("6-1 desno levo", "sr-Latn", ends) == "6-1 R left"
    assert words.read_move("6-1 lewo prosto", "pl", ends) == "6-1 L straight"
    assert words.read_move("6-1 lewo lewo", "pl", ("L", "R")) == "6-1 L L"   # no grid: two ends, refused
    assert words.say("6-1 L left", "pl") == "6-1 lewo lewo"


# -- the words against every game's moves ---------------------------------------------------------

def _combos():
    for gid, cls in GAMES.items():
        for n in sorted({cls.min_players, cls.max_players}):
            for opts in option_sets(cls, n):
                yield gid, n, opts


def _outcome(state, text):
    try:
        return state.parse_move(text)
    except MoveError as e:
        return type(e).__name__, e.code


def _spelled_otherwise(text: str, lang: str, rng: random.Random) -> str:
    """``text`` as a player might type it: any of a word's spellings, without diacritics, in
    capitals (Serbian also in Cyrillic)."""
    table = words.MOVE_WORDS[words.table_of(lang)]
    spellings = {w: canonical for canonical, spelled in table.items() for w in spelled}
    out = []
    for w in words.say(text, "sr-Latn" if lang == "sr-Cyrl" else lang).split(" "):
        if w in spellings:
            w = rng.choice(table[spellings[w]])
            if rng.random() < 0.3:
                w = words.key(w)
            if rng.random() < 0.3:
                w = w.upper()
            if lang == "sr-Cyrl" or (lang == "sr-Latn" and rng.random() < 0.2):
                w = to_cyrillic(w)
        out.append(w)
    return " ".join(out)


def test_each_languages_words_make_the_moves_the_notation_makes():
    """Every game, every option set, at its fewest and most players: positions along a hand
    played at random; each legal move written in a language's words (as the list shows it,
    and spelled otherwise) is read as the notation is."""
    rng = random.Random(24)
    seen: set[str] = set()
    for gid, n, opts in _combos():
        game = make_game(gid, n, opts)
        from domine.engine.match import Match
        state = Match(game, seed=rng.randrange(1000)).start_hand()
        for step in range(120):
            if state.over:
                break
            legal = state.legal_moves()
            if step % 5 == 0:
                ends = state.layout.end_names()
                for m in legal:
                    canonical = state.move_str(m)
                    if canonical.startswith(("turn up", "skip", "tokens")):
                        continue
                    seen.update(canonical.split())
                    expect = _outcome(state, canonical)
                    assert _outcome(state, words.read_move(canonical, "en", ends)) == expect   # the notation as it is
                    for lang in ("pl", "sr-Latn", "sr-Cyrl"):
                        shown = words.say(canonical, lang)
                        assert _outcome(state, words.read_move(shown, lang, ends)) == expect, (gid, canonical, shown)
                        typed = _spelled_otherwise(canonical, lang, rng)
                        assert _outcome(state, words.read_move(typed, lang, ends)) == expect, (gid, canonical, typed)
            state.apply(legal[rng.randrange(len(legal))])
    # the sample holds every kind of word the tables translate
    assert {"draw", "pass", "stop", "close", "discard", "bid", "back", "open", "peek", "left",
            "L", "R", "N", "S", "E", "W", "M"} <= seen


# -- refusals and messages at the prompt ---------------------------------------------------------

def _first_decision(game_id: str, seed: int, **kw):
    from domine.engine.match import Match
    game = make_game(game_id, **kw)
    return Match(game, seed=seed).start_hand()


@pytest.mark.parametrize("lang, said", [
    ("pl", "nie masz kamienia 6-6"), ("sr-Latn", "ne držite 6-6"), ("sr-Cyrl", "не држите 6-6"),
])
def test_an_illegal_move_is_refused_in_the_language_from_its_reason(lang, said):
    i18n.use(lang)
    state = _first_decision("block", 1)
    state.apply(state.legal_moves()[0])   # seat 1 leads 6-6: seat 0 does not hold it
    typed = f"6-6 {words.say('L', lang)}"
    read = words.read_move(typed, lang, state.layout.end_names())
    with pytest.raises(MoveError) as e:
        state.parse_move(read)
    assert i18n.explain(words.refusal(e.value.reason, typed, read)) == said


def test_a_refusal_names_what_was_typed_and_the_moves_in_the_language():
    i18n.use("pl")
    state = _first_decision("block", 1)
    state.apply(state.legal_moves()[0])
    typed = "6-6 lewo prawo"
    read = words.read_move(typed, "pl", state.layout.end_names())
    assert read == "6-6 L R"
    with pytest.raises(MoveError) as e:
        state.parse_move(read)
    text = i18n.explain(words.refusal(e.value.reason, typed, read))
    assert "'6-6 lewo prawo'" in text and "'6-6 L R'" not in text
    reason = notation.because("placement-elsewhere", move="6-3 L", tile="6-3", moves=["6-3 R", "6-3 L"])
    assert words.refusal(reason, "6-3 lewy", "6-3 L").params["moves"] == ["6-3 prawo", "6-3 lewo"]
    assert words.refusal(reason, "6-3 lewy", "6-3 L").params["move"] == "6-3 lewy"


def _table(lang: str, typed: list[str], game: str = "block", seed: int = 1, options: dict | None = None):
    """A match at the prompt, in-process, its human seat typing ``typed``; what it printed."""
    i18n.use(lang)
    out = Console(file=io.StringIO(), width=100, force_terminal=False)
    lines = iter(typed)

    class Typed(TerminalMatch):
        def read(self, prompt):
            text = next(lines, None)
            if text is None:
                raise type(self).Done
            return text

        class Done(Exception):
            pass

    table = Typed(make_game(game, None, options or {}), ["human", "greedy"], seed, False, out)
    try:
        table.play()
    except Typed.Done:
        pass
    return out.file.getvalue(), table


@pytest.mark.parametrize("lang, help_word, help_text, score_word, score_text, move_word", [
    ("pl", "pomoc", "dobierz, dobieram", "wynik", "Wynik", "lewo"),
    ("sr-Latn", "pomoć", "vuci, kupi, kupujem", "rezultat", "Rezultat", "levo"),
    ("sr-Cyrl", "помоћ", "вуци, купи, купујем", "резултат", "Резултат", "лево"),
])
def test_the_prompt_speaks_and_reads_the_language(lang, help_word, help_text, score_word, score_text, move_word):
    printed, _ = _table(lang, [help_word, score_word, "99"])
    assert help_text in printed                        # the help lists the language's words
    assert score_text in printed                       # the score command, in the language's word
    assert move_word in printed                        # the moves list in the language's words
    assert i18n._("There is no move {typed}: choose 1 to {count}.").split("{")[0] in printed
    assert "There is no move" not in printed
    assert "Your move" not in printed


def test_english_prompt_is_unchanged():
    printed, _ = _table("en", ["?", "score", "99"])
    assert "Type the number of a move" in printed and "  L          left" in printed
    assert "Scores: seat 0 0" in printed and "There is no move 99: choose 1 to" in printed


# -- a whole match at the prompt, in each language ------------------------------------------------

GAME, SEED, OPTIONS = "cross", 5, ["-o", "target=30"]


def _script(lang: str) -> tuple[list[str], list[int]]:
    """What a player typing ``lang``'s words types in a whole match (the same deal and bots as
    ``domine play`` with the same seed), and the final scores it comes to: found by playing it
    in-process with a scripted seat that types each move in the language's words, spelled in
    one of their ways, and a few commands and refusals first."""
    i18n.use(lang)
    rng = random.Random(f"{lang}-typist")
    typed: list[str] = []
    score = words.COMMAND_WORDS[words.table_of(lang)].get("score", ("score",))[0]
    first = ["?", to_cyrillic(score) if lang == "sr-Cyrl" else score, "99", "6-6 " + words.say("W", lang)]

    class Scripted(TerminalMatch):
        asking = None

        def human_move(self, state, seat):
            self.asking = state
            try:
                return super().human_move(state, seat)
            finally:
                self.asking = None

        def read(self, prompt):
            state = self.asking
            if state is None:
                text = ""                             # Enter between hands
            elif first:
                text = first.pop(0)
            else:
                legal = state.legal_moves()
                move = legal[rng.randrange(len(legal))]
                text = _spelled_otherwise(state.move_str(move), lang, rng) if lang != "en" else state.move_str(move)
                read = words.read_move(text, lang, state.layout.end_names())
                if _outcome(state, read) != move:
                    text = words.say(state.move_str(move), lang)   # as the list shows it
            typed.append(text)
            return text

    game = make_game(GAME, None, {"target": 30})
    table = Scripted(game, ["human", "greedy"], SEED, False, Console(file=io.StringIO(), width=100), wait=True)
    table.play()
    assert table.match.over
    return typed, list(table.match.result.scores)


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_match_at_the_prompt_in_each_language_replays_in_every_other(lang, tmp_path):
    typed, scores = _script(lang)
    rec = tmp_path / f"{lang}.json"
    r = run("--lang", lang, "play", GAME, "--seed", str(SEED), *OPTIONS, "--record", str(rec),
            input="\n".join(typed + ["n"]) + "\n")
    assert r.exit_code == 0, r.output
    i18n.use(lang)
    assert i18n._("Match over") in r.output
    if lang != "en":
        assert "Your move" not in r.output and "Match over" not in r.output
        assert any(words.say(w, lang) in r.output for w in ("N", "S", "E", "W"))   # the moves list
    data = json.loads(rec.read_text())
    assert data["hands"] and all(h["moves"] for h in data["hands"])
    english = {"N", "S", "E", "W", "L", "R", "draw", "pass", "!", "+"}
    for hand in data["hands"]:   # the record keeps the notation, whatever the language
        for move in hand["moves"]:
            text = move.split(": ", 1)[1]
            assert all(w in english or w[0].isdigit() for w in text.split()), move
    for other in LANGS:
        r = run("--lang", other, "replay", "--json", str(rec))
        assert r.exit_code == 0, r.output
        report = json.loads(r.output)
        assert report["valid"] and report["complete"] and report["scores"] == scores
        r = run("--lang", other, "replay", str(rec))
        assert r.exit_code == 0 and r.output.strip(), r.output


@pytest.mark.parametrize("lang, yes, no", [("pl", "tak", "nie"), ("sr-Latn", "da", "ne"), ("sr-Cyrl", "да", "не"),
                                           ("en", "yes", "no")])
def test_yes_and_quit_in_the_language(lang, yes, no):
    from domine.cli.terminal_match import command_at_prompt, quits
    i18n.use(lang)
    assert words.says_yes(yes) and words.says_yes("y") and not words.says_yes(no)
    assert quits("quit")
    quit_word = words.COMMAND_WORDS[words.table_of(lang)].get("quit", ("q",))[0]
    assert quits(to_cyrillic(quit_word) if lang == "sr-Cyrl" else quit_word.upper())
    assert command_at_prompt("6-6") is None and command_at_prompt(words.say("draw", lang)) is None


def test_friends_at_one_screen_are_told_in_the_language():
    from domine.cli.terminal_match import QuitGame
    i18n.use("sr-Latn")
    out = Console(file=io.StringIO(), width=100)
    typed = iter(["", "1", ""])

    class Typed(TerminalMatch):
        def read(self, prompt):
            out.print(prompt)
            return next(typed, "kraj")   # the second player quits in Serbian

    table = Typed(make_game("block", 2), ["human", "human"], 1, False, out)
    with pytest.raises(QuitGame):
        table.play()
    printed = out.file.getvalue()
    assert printed.count("Predajte tastaturu (") == 2 and "Od vašeg poslednjeg poteza (" in printed
    assert "Pass the keyboard" not in printed and "Since your last turn" not in printed
