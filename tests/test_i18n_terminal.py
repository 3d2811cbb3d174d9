"""The terminal table in every language (issue 24, phase 2): the drawings of a position, a
hand's result and the coach speak Polish and Serbian, count tiles in each language's plural
forms, and the Cyrillic drawing is the Latin one transliterated."""

from __future__ import annotations

import io
import random
import re
from types import SimpleNamespace

import pytest
from rich.console import Console

from domine import i18n
from domine.engine.match import Match
from domine.engine.moves import DRAW, PASS, placements_of, with_tile
from domine.games import GAMES, make_game
from domine.i18n.translit import to_latin
from domine.render import svg
from domine.terminal import table
from domine.terminal.coach import hint_reasons, tile_counter
from domine.terminal.review import class_count, summary_text
from domine.terminal.table import (
    REASONS,
    decision_view,
    ends_text,
    hand_result_lines,
    match_goal,
    move_line,
    stock_text,
    winners_text,
)

LANGUAGES = ("pl", "sr-Latn", "sr-Cyrl")

#: the main labels of the English drawings; none may be left in another language's
ENGLISH = ["Scores", "Status", "Table", "Stock", "Tiles held", "Your hand", "Your row", "Moves", "open ends",
           "not open yet", "seat", "you", "tile", "tiles", "drawable", "kept back", "this hand", "engine",
           "Mexican", "closed", "dead", "needs", "marker", "wild", "count", "balances", "your pips", "run",
           "Hand", "over", "points", "totals", "wins", "won", "value", "tiles left", "dead tiles", "first to",
           "hands", "none", "face up", "unseen", "Unseen", "draws", "passes", "human", "team", "went out",
           "blocked", "match", "lowest", "highest", "round", "nobody", "sheds", "heaviest", "doubles", "keep",
           "numbers", "nothing", "known", "of", "the", "and", "by"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def _text(renderables) -> str:
    console = Console(width=100, color_system=None, highlight=False, record=True, file=io.StringIO())
    for r in renderables:
        console.print(r)
    return console.export_text()


def _play(gid: str, players: int, seed: int, steps: int, before: int = 0):
    """A match of ``gid`` and a hand of it (after ``before`` hands played out) after ``steps``
    random moves (placements first)."""
    match = Match(make_game(gid, players), seed=seed)
    rnd = random.Random(seed)
    for _ in range(before):
        state = match.start_hand()
        while not state.over:
            moves = state.legal_moves()
            state.apply(rnd.choice([m for m in moves if placements_of(m)] or moves))
        match.finish_hand()
    state = match.start_hand()
    kinds = ["human"] + ["greedy"] * (players - 1)
    for _ in range(steps):
        if state.over:
            break
        moves = state.legal_moves()
        places = [m for m in moves if placements_of(m)]
        state.apply(rnd.choice(places or moves))
    return match, state, kinds


# positions that show every label: a status line, the count, reserve, matadors and the needs of
# sum-to-seven, trains and the engine, blind rows, the pot and the balances, partnerships
SCENES = [("all-fives", 4, 3, 9), ("russian-double-cross", 2, 1, 6), ("mexican-train", 3, 2, 12),
          ("blind-hughie", 2, 1, 8), ("auction", 3, 0, 40), ("caribbean", 4, 3, 30), ("draw", 3, 5, 200),
          ("matador-cross", 2, 1, 200), ("grape", 4, 1, 300), ("caribbean", 4, 3, 5, 1), ("network", 3, 1, 10)]


def drawing(lang: str, gid: str, players: int, seed: int, steps: int, before: int = 0) -> str:
    """Everything the table draws of one position in ``lang``: the decision screen (or the
    hand's result), the coach's hints and tile counter, the match's goal and its winners."""
    i18n.use(lang)
    match, state, kinds = _play(gid, players, seed, steps, before)
    game = state.game
    out = [match_goal(game)]
    if state.over:
        out += hand_result_lines(state, kinds, match.scores, viewer=0)
        out.append(winners_text(game, state.result.winners, kinds, viewer=0))
    else:
        seat = state.acting_seat()
        obs = state.observation(seat)
        out.append(decision_view(state, obs, kinds, match.scores, [state.move_str(m) for m in obs.legal_moves]))
        for m in obs.legal_moves:
            out += hint_reasons(obs, m)
            out.append(move_line(state, seat, m, kinds, show_draws=True, viewer=0))
        out += tile_counter(obs)
    out.append(winners_text(game, [], kinds))
    return _text(out)


def _english_left(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scene", SCENES, ids=[s[0] for s in SCENES])
def test_the_table_of_a_position_has_no_english_label_left(lang, scene):
    english = drawing("en", *scene)
    assert len(_english_left(english)) > 5          # the list does name the English labels
    text = drawing(lang, *scene)
    assert not _english_left(text), text


@pytest.mark.parametrize("scene", SCENES, ids=[s[0] for s in SCENES])
def test_the_cyrillic_drawing_is_the_latin_one_transliterated(scene):
    latin = drawing("sr-Latn", *scene)
    cyrillic = drawing("sr-Cyrl", *scene)
    assert cyrillic != latin and re.search("[а-яђјљњћџ]", cyrillic)
    assert to_latin(cyrillic) == latin


def test_english_drawing_keeps_its_words():
    text = drawing("en", "russian-double-cross", 2, 1, 6)
    for words in ("Scores: seat 0 0 · seat 1 0", "Stock: 14 tiles, 12 drawable (2 kept back)",
                  "open ends: W 6 · not open yet: N 4, E 5, S 4", "W:6 needs 1", "(* wild)",
                  "[a*b] a matador (wild) · needs n: a tile must show n (M: only a matador)",
                  "the match ends when someone reaches 100; lowest score wins"):
        assert words in text, words


# -- plural forms -----------------------------------------------------------------------------------

STOCK = {
    "en": {1: "1 tile", 2: "2 tiles", 5: "5 tiles", 21: "21 tiles"},
    "pl": {1: "1 kamień", 2: "2 kamienie", 5: "5 kamieni", 11: "11 kamieni", 21: "21 kamieni",
           22: "22 kamienie", 25: "25 kamieni"},
    "sr-Latn": {1: "1 pločica", 2: "2 pločice", 5: "5 pločica", 11: "11 pločica", 21: "21 pločica",
                22: "22 pločice", 25: "25 pločica"},
    "sr-Cyrl": {1: "1 плочица", 2: "2 плочице", 5: "5 плочица", 11: "11 плочица", 21: "21 плочица",
                22: "22 плочице", 25: "25 плочица"},
}


@pytest.mark.parametrize("lang", STOCK)
def test_the_stock_counts_its_tiles_in_the_language_s_plural_forms(lang):
    i18n.use(lang)
    game = SimpleNamespace(leftover="stock")
    for n, words in STOCK[lang].items():
        text = stock_text(game, SimpleNamespace(stock_size=n, drawable=n))
        assert text.startswith(words + ","), (n, text)
    kept = stock_text(game, SimpleNamespace(stock_size=14, drawable=12))
    assert kept.endswith({"en": "(2 kept back)", "pl": "(w rezerwie 2)", "sr-Latn": "(u rezervi 2)",
                          "sr-Cyrl": "(у резерви 2)"}[lang])


@pytest.mark.parametrize("lang, forms", [
    ("en", {1: "1 mistake", 2: "2 mistakes", 5: "5 mistakes", 21: "21 mistakes"}),
    ("pl", {1: "1 błąd", 2: "2 błędy", 5: "5 błędów", 11: "11 błędów", 21: "21 błędów", 22: "22 błędy",
            25: "25 błędów"}),
    ("sr-Latn", {1: "1 greška", 2: "2 greške", 5: "5 grešaka", 11: "11 grešaka", 21: "21 greška",
                 22: "22 greške", 25: "25 grešaka"}),
])
def test_the_coach_counts_in_the_language_s_plural_forms(lang, forms):
    i18n.use(lang)
    for n, words in forms.items():
        assert class_count("mistake", n) == words


def test_the_tile_counter_counts_each_seat_s_tiles_in_the_plural_forms():
    _match, state, _kinds = _play("draw", 2, 1, 0)
    obs = state.observation(0)
    i18n.use("pl")
    assert tile_counter(obs)[-1].startswith("miejsce 1 (7 kamieni): ")
    i18n.use("sr-Latn")
    assert tile_counter(obs)[-1].startswith("mesto 1 (7 pločica): ")
    i18n.use("en")
    assert tile_counter(obs)[-1].startswith("seat 1 (7 tiles): ")


def test_the_coach_s_summary_writes_decimals_as_the_language_does():
    decision = SimpleNamespace(forced=False, verdict="mistake", loss=0.25, cut=False, worlds=3)
    i18n.use("en")
    assert "lost 0.250 in 1 decision (0 forced)" in summary_text([decision]).plain
    i18n.use("pl")
    assert "strata 0,250 w 1 decyzji" in summary_text([decision]).plain
    assert "1 błąd" in summary_text([decision]).plain


# -- words the core gives in English, said again in the language --------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_s_goal_is_in_the_language(lang):
    for gid, cls in GAMES.items():
        game = make_game(gid, cls.min_players)
        i18n.use("en")
        english = match_goal(game)
        i18n.use(lang)
        assert match_goal(game) != english and not _english_left(match_goal(game)), (gid, match_goal(game))


def test_the_ends_the_reasons_and_the_picture_s_labels_in_polish():
    i18n.use("pl")
    assert ends_text([("L", 3, 1, False, True), ("R", 6, 1, True, False)], show_doubles=True) == \
        "L zamknięty · R 6 (dublet)"
    assert REASONS["blocked"] == "zablokowane: nikt nie może dołożyć"
    assert REASONS.get("stalemate") == "pat" and REASONS.get("unknown", "x") == "x"
    _match, state, _kinds = _play("russian-double-cross", 2, 1, 6)
    picture = svg(state.layout.geometry())
    assert "W:6 wymaga 1" in picture and 'data-state="open"' in picture   # words translated, data not
    i18n.use("en")
    assert "W:6 needs 1" in svg(state.layout.geometry())


def test_what_a_seat_did_in_serbian():
    i18n.use("sr-Latn")
    _match, state, kinds = _play("draw", 2, 1, 0)
    draw = with_tile(DRAW, 5)
    assert move_line(state, 1, draw, kinds, show_draws=False, viewer=0).plain == "mesto 1 (greedy) kupuje pločicu"
    assert move_line(state, 1, draw, kinds, show_draws=True, viewer=0).plain == "mesto 1 (greedy) kupuje 2-2"
    assert move_line(state, 0, PASS, kinds, show_draws=False, viewer=0).plain == "mesto 0 (vi) kaže dalje"
    assert table.seat_name(1, kinds, viewer=1) == "mesto 1 (vi)"
    assert table.seat_name(0, kinds) == "mesto 0 (čovek)"
    assert table.call_words() == "jedan kamen"
