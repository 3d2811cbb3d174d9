"""Variant files (issue 25, items 1, 2, 3 and 6): a game composed from the engine's named parts in
TOML, refused in plain words when it cannot be played, checked by ``domine variant check``, played
by every command with ``--variant FILE``, and carried by its records so they replay anywhere."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from domine.cli import app
from domine.engine.match import Match
from domine.games import GAMES, game_class, make_game
from domine.games.base import GameError
from domine.records import match_record, replay, seat_view
from domine.sim.checks import CHECKS, HIDDEN, check_game
from domine.sim.simulate import simulate
from domine.variants import SLOTS, VariantError, load_variant, read_variant
from domine.variants.doc import markdown, rules_markdown

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))
runner = CliRunner()


def text_of(name: str) -> str:
    return (ROOT / "examples" / name).read_text(encoding="utf-8")


# -- the three examples ------------------------------------------------------------------------------
def test_there_are_the_three_examples_of_the_issue():
    assert [p.name for p in EXAMPLES] == ["block-partners-150.toml", "draw-double-eight.toml",
                                          "draw-jedan-kamen.toml"]


def test_draw_on_double_eight_deals_nine_tiles_each_from_45():
    cls = load_variant(text_of("draw-double-eight.toml"))
    for n in (2, 3, 4):
        game = cls(n)
        state = Match(game, seed=n).start_hand()
        assert game.max_pip == 8 and game.set_mask.bit_count() == 45
        assert [h.bit_count() for h in state.hands] == [9] * n
        assert len(state.deal.stock) == 45 - 9 * n and game.reserve == 2


def test_block_in_partnerships_to_150_plays_two_teams_without_drawing():
    game = load_variant(text_of("block-partners-150.toml"))(4)
    assert game.partnership and game.seat_teams == [0, 1, 0, 1]
    assert game.target == 150 and game.leftover == "aside"
    with pytest.raises(GameError, match="played by exactly 4 players"):
        load_variant(text_of("block-partners-150.toml"))(2)


def test_the_house_rule_adds_jedan_kamen_and_a_double_blank_of_14_to_draw():
    game = load_variant(text_of("draw-jedan-kamen.toml"))(3)
    assert [c.name for c in game.conventions] == ["jedan kamen"]
    assert game.tile_value(0) == 14
    assert type(game).__mro__[1] is game_class("draw")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_passes_variant_check(path):
    result = runner.invoke(app, ["variant", "check", str(path), "--hands", "120", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["ok"] and report["hands"] == 120
    assert [c["check"] for c in report["checks"]] == list(CHECKS)
    assert all(c["checked"] > 0 and not c["failures"] for c in report["checks"])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_plays_a_simulated_match_whose_records_replay(path):
    text = path.read_text(encoding="utf-8")
    cls = load_variant(text)
    records = []
    sim = simulate(None, matches=2, players=cls.max_players, bots="greedy,random", seed=5, variant=text,
                   records=records.append)
    assert sim.game == cls.id and sim.matches == 2
    for record in records:
        assert record["variant"] == text and record["game"] == cls.id
        report = replay(json.loads(json.dumps(record)))
        assert report.complete


# -- the registry and its page -------------------------------------------------------------------------
def test_docs_variants_md_is_generated_from_the_registry():
    assert (ROOT / "docs" / "variants.md").read_text(encoding="utf-8") == markdown(), \
        "regenerate it: python -m domine.variants.doc --markdown > docs/variants.md"


def test_every_part_declares_a_name_a_description_and_typed_parameters():
    for slot in SLOTS:
        assert slot.parts and slot.help
        for part in slot.parts:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", part.name), part.name
            assert part.help and "\n" not in part.help
            for p in part.params:
                assert p.help and p.allowed()
                assert p.name in markdown()


NEEDS = {"opponents-total": 'teams = "partners"\nplayers = 4\n', "partners": "players = 4\n",
         "pot": 'match_end = { rule = "after-hands", hands = 3 }\n',
         "by-rank": "players = [3, 4]\n", "out-or-shut-out": "players = 2\n", "round-won": "players = 2\n", "cross": 'lead = { rule = "heaviest-double", redeal = true }\n',
         "heaviest-double-else-turn-up": 'deal = { hands = 5, rest = "aside" }\n'}
EVERY_PART = [(slot, part) for slot in SLOTS if slot.key != "deal" for part in slot.parts]


@pytest.mark.parametrize("slot, part", EVERY_PART, ids=[f"{s.key}={p.name}" for s, p in EVERY_PART])
def test_every_part_alone_on_the_general_rules_passes_the_checks(slot, part):
    """Each part with its defaults (and what it needs beside it), on the general rules."""
    value = f'["{part.name}"]' if slot.many else f'"{part.name}"'
    needs = NEEDS.get(part.name, "")
    text = f'name = "all {slot.key} {part.name}"\n{needs}{slot.key} = {value}\n' + \
        ("" if re.search(r"^deal =", needs, re.M) else 'deal = { hands = 5 }\n')
    report = check_game(load_variant(text), hands=12, heavy_every=2)
    assert report.ok, [str(f) for f in report.findings]


#: built-in games written again from the parts alone, without a base
AS_PARTS = {
    "ordinary": """
name = "Ordinary from parts"
players = [2, 6]
conventions = ["out-of-turn-doubles", "jedan-kamen"]
scoring = "own-pips"
deal = { hands = { 2 = 6, 3 = 5, 4 = 4, 5 = 3, 6 = 2 }, reserve = 2 }
lead = { rule = "heaviest-double", redeal = true }
later_lead = { rule = "loser", tiles = "double", then = "first-drawn" }
values = { double_blank = 14 }
match_end = { rule = "first-to", target = 150 }
""",
    "draw": """
name = "Draw from parts"
deal = { hands = { 2 = 7, 3 = 5, 4 = 5 }, reserve = 2 }
""",
    "block": """
name = "Block from parts"
deal = { hands = { 2 = 7, 3 = 5, 4 = 5 }, rest = "aside" }
""",
}


@pytest.mark.parametrize("gid", sorted(AS_PARTS))
def test_a_built_in_game_composed_from_the_parts_plays_the_same_matches(gid):
    """The parts are the engine's own fragments: the same seed and the same bots give the same
    deals, moves, scores and results as the built-in game."""
    from domine.bots import make_bot
    cls = load_variant(AS_PARTS[gid])
    for n in range(cls.min_players, cls.max_players + 1):
        for seed in range(3):
            played = []
            for game in (make_game(gid, n), cls(n)):
                match = Match(game, seed=seed)
                bots = [make_bot("random", seed * 10 + s) for s in range(n)]
                while not match.over:
                    state = match.start_hand()
                    while not state.over:
                        s = state.acting_seat()
                        state.apply(bots[s].choose(state.observation(s)))
                    match.finish_hand()
                record = match_record(match)
                played.append((record["hands"], record["result"]))
            assert played[0] == played[1], (n, seed)


def test_a_variant_without_a_base_plays_the_general_rules():
    cls = load_variant('name = "Plain"\ndeal = { hands = { 2 = 7, 3 = 5, 4 = 5 } }\n')
    game = cls(3)
    assert (game.max_pip, game.deal_size(3), game.leftover, game.target) == (6, 5, "stock", 100)
    assert cls.id == "plain" and game_class("plain") is cls


def test_options_of_the_base_become_the_variants_defaults_and_stay_options():
    cls = load_variant('name = "Draw to 60"\nbase = "draw"\noptions = { target = 60, no_reserve = true }\n')
    assert cls(2).target == 60 and cls(2).reserve == 0
    assert cls(2, {"target": 80}).target == 80


def test_a_variant_is_found_by_its_id_by_bots_that_rebuild_the_game():
    text = text_of("draw-double-eight.toml")
    sim = simulate(None, hands=30, players=2, bots="medium,heuristic", seed=1, variant=text)
    assert sim.hands == 30


# -- refusals in plain words ---------------------------------------------------------------------------
REFUSED = [
    ('name = "x"\nbase = "draw"\nset = "double-six"\ndeal = { hands = 9 }\n',
     "deal.hands: 4 players with 9 tiles each need 36 tiles, but a double-six set holds 28"),
    ('name = "x"\ndeal = { hands = 14, reserve = 1 }\nplayers = 2\n',
     "deal.hands: 2 players with 14 tiles each, and a reserve of 1, need 29 tiles, but a double-six set holds 28"),
    ('name = "x"\nbase = "drawz"\n', 'base = "drawz": no such game (did you mean "draw"?)'),
    ('name = "x"\nbase = "draw"\nturn = "one"\n', 'turn = "one": no such turn rule; the turn rules: one-tile'),
    ('name = "x"\nbase = "draw"\nmatch_end = { rule = "first-to", target = -5 }\n',
     "match_end.target = -5: a whole number from 1 to 100000"),
    ('name = "x"\nbase = "draw"\nlead = { rule = "heaviest-double", redeal = "yes" }\n',
     'lead.redeal = "yes": true or false'),
    ('name = "x"\nbase = "draw"\nplayers = [1, 4]\n', "players = [1, 4]: a whole number, or [least, most], from 2 to 8"),
    ('name = "x"\nbase = "draw"\nplayers = 9\n', "players = 9:"),
    ('name = "x"\nbase = "draw"\nteams = "partners"\n', 'teams = "partners": partners are seats 0 and 2'),
    ('name = "x"\nbase = "draw"\nfoo = 1\n', "foo = 1: no such key"),
    ('name = "x"\nid = "draw"\nbase = "draw"\n', 'id = "draw": that is a built-in game'),
    ('name = "x"\nbase = "draw"\nmatching = "sum-to-seven"\nset = "double-nine"\n', 'matching = "sum-to-seven"'),
    ('name = "x"\nbase = "draw"\noptions = { partnerz = true }\n', "options.partnerz = true: draw has no option"),
    ('name = "x"\nbase = "draw"\nconventions = "jedan-kamen"\n', 'conventions = "jedan-kamen": a list of'),
    ('name = "x"\ndeal = { hands = 7, rest = "aside", reserve = 2 }\n', "deal.reserve = 2"),
    ('name = "x"\nplayers = 3\ndeal = { hands = { 2 = 7 } }\n', "it says nothing for 3 players"),
    ('base = "draw"\n', "name is missing"),
    ('name = "x"\n', "deal is missing"),
    ('name = "x"\n[[', "not a TOML file"),
]


@pytest.mark.parametrize("text, words", REFUSED, ids=[w[:40] for _, w in REFUSED])
def test_a_file_that_cannot_be_played_is_refused_with_the_key_the_value_and_what_is_allowed(text, words):
    with pytest.raises(VariantError) as refused:
        load_variant(text)
    message = str(refused.value)
    assert words in message
    assert "\n" not in message and "Traceback" not in message


# the fuzz: malformed files, made of the registry's own words and of wrong ones
KEYS = [s.key for s in SLOTS] + ["id", "name", "base", "players", "options", "summary", "bogus", "turns"]
WORDS = [p.name for s in SLOTS for p in s.parts] + ["draw", "block", "nope", "", "double-seven", "6-6", "9-9"]
SCALARS = st.one_of(st.integers(min_value=-3, max_value=120), st.booleans(), st.sampled_from(WORDS),
                    st.text(max_size=6), st.floats(allow_nan=False, allow_infinity=False))
PARAMS = sorted({p.name for s in SLOTS for part in s.parts for p in part.params} | {"rule", "x"})
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.sampled_from(PARAMS + ["2", "3", "4", "9"]), inner, max_size=3)), max_leaves=6)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, float):
        return repr(v) if "." in repr(v) or "e" in repr(v) else repr(v) + ".0"
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f'"{k}" = {toml_value(x)}' for k, x in v.items()) + " }"
    return str(v)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entries=st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6),
       base=st.sampled_from([None, "draw", "block", "all-fives", "ordinary"]),
       garbage=st.one_of(st.none(), st.text(max_size=12)))
def test_fuzz_malformed_files_are_refused_in_one_plain_line(entries, base, garbage):
    lines = ['name = "fuzz"'] + ([f'base = "{base}"'] if base else [])
    lines += [f"{k} = {toml_value(v)}" for k, v in entries.items() if k not in ("name", "base")]
    text = "\n".join(lines) + "\n" + (garbage or "")
    try:
        cls = load_variant(text)
    except VariantError as e:
        message = str(e)
        assert message and "\n" not in message and len(message) < 600
        assert "Traceback" not in message
        return
    # accepted: then it sets up for every player count it claims
    for n in range(cls.min_players, cls.max_players + 1):
        cls(n)


@settings(max_examples=60, deadline=None)
@given(hands=st.integers(min_value=1, max_value=60), players=st.integers(min_value=2, max_value=8),
       pip=st.sampled_from(["double-six", "double-eight", "double-nine", "double-twelve"]),
       reserve=st.integers(min_value=0, max_value=10))
def test_fuzz_impossible_deals_are_refused_and_possible_ones_deal(hands, players, pip, reserve):
    size = {"double-six": 28, "double-eight": 45, "double-nine": 55, "double-twelve": 91}[pip]
    text = f'name = "deals"\nplayers = {players}\nset = "{pip}"\ndeal = {{ hands = {hands}, reserve = {reserve} }}\n'
    if hands * players + reserve > size:
        with pytest.raises(VariantError, match=rf"need {hands * players + reserve} tiles, but a {pip} set holds {size}"):
            load_variant(text)
    else:
        state = Match(load_variant(text)(players), seed=1).start_hand()
        assert [h.bit_count() for h in state.hands] == [hands] * players


# -- the checks ------------------------------------------------------------------------------------------
def test_the_checks_find_an_observation_that_shows_another_seats_hand():
    """A game whose observations leak (the check must not pass everything): each seat's view
    names the next seat's hand as its own."""
    base = load_variant('name = "Leaky base"\nid = "leaky-base"\ndeal = { hands = 5 }\n')

    class Leaky(base):
        id = "leaky"

        def complete_observation(self, state, seat, obs):
            obs._masks = (state.hands[(seat + 1) % state.n],) + tuple(obs._masks[1:])

    report = check_game(Leaky, hands=8, stop_at_first=True)
    assert not report.ok and report.findings[0].check == HIDDEN
    assert "sees" in str(report.findings[0])


def test_variant_check_says_what_it_checked_in_words():
    result = runner.invoke(app, ["variant", "check", str(EXAMPLES[0]), "--hands", "20"])
    assert result.exit_code == 0, result.output
    for check in CHECKS:
        assert check in result.output
    assert "All checks hold." in result.output


def test_variant_check_refuses_a_bad_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nbase = "draw"\nset = "double-six"\ndeal = { hands = 9 }\n', encoding="utf-8")
    result = runner.invoke(app, ["variant", "check", str(bad)])
    assert result.exit_code == 2
    assert "deal.hands: 4 players with 9 tiles each need 36 tiles" in result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    result = runner.invoke(app, ["variant", "check", str(tmp_path / "none.toml")])
    assert result.exit_code == 2 and "no such file" in result.output


# -- everywhere ---------------------------------------------------------------------------------------------
def test_rules_describes_a_variant_from_its_parts():
    result = runner.invoke(app, ["rules", "--variant", str(ROOT / "examples" / "draw-double-eight.toml")])
    assert result.exit_code == 0, result.output
    assert "Draw on double-eight" in result.output
    assert "double-eight set" in result.output and "9 tiles each" in result.output
    text = rules_markdown('name = "Plain"\ndeal = { hands = 6 }\nconventions = ["jedan-kamen"]\n')
    assert "announce" in text and "6 tiles each" in text and "heaviest double" in text


def test_play_simulate_and_arena_take_a_variant(tmp_path):
    path = str(ROOT / "examples" / "draw-jedan-kamen.toml")
    record = tmp_path / "m.json"
    result = runner.invoke(app, ["play", "--variant", path, "--seats", "random,greedy", "--seed", "3", "-q",
                                 "--record", str(record)])
    assert result.exit_code == 0, result.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "draw-jedan-kamen" and data["variant"] == text_of("draw-jedan-kamen.toml")
    result = runner.invoke(app, ["simulate", "--variant", path, "--hands", "40", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["game"] == "draw-jedan-kamen"
    result = runner.invoke(app, ["arena", "random", "greedy", "--variant", path, "--deals", "5", "--json"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["simulate", "draw", "--variant", path])
    assert result.exit_code == 2 and "not both" in result.output


def test_a_record_of_a_variant_replays_in_a_fresh_process_and_old_records_still_read(tmp_path):
    cls = load_variant(text_of("draw-double-eight.toml"))
    match = Match(cls(3), seed=9)
    while not match.over:
        state = match.start_hand()
        state.play_random(__import__("random").Random(9).random)
        match.finish_hand()
    record = match_record(match)
    path = tmp_path / "v.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    # a fresh interpreter, which has never read the variant file: the record carries it
    env = {"PYTHONPATH": str(ROOT / "src"), "DOMINE_LANG": "en", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "domine", "replay", "-q", str(path)], capture_output=True, text=True,
                          env=env)
    assert done.returncode == 0, done.stderr
    assert "Valid record" in done.stdout
    # a seat's view keeps the variant (and hides the deal)
    view = seat_view(record, 0)
    assert view["variant"] == record["variant"]
    # without it, a fresh interpreter does not know the game, until --variant gives it
    del record["variant"]
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "domine", "replay", "-q", str(path)], capture_output=True, text=True,
                          env=env)
    assert done.returncode == 1 and "unknown game 'draw-double-eight'" in done.stderr
    done = subprocess.run([sys.executable, "-m", "domine", "replay", "-q", str(path), "--variant",
                           str(ROOT / "examples" / "draw-double-eight.toml")], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    # records of built-in games carry no variant, and read as before
    plain = match_record(Match(make_game("draw", 2), seed=1))
    assert "variant" not in plain


def test_a_record_whose_variant_names_another_game_is_refused():
    from domine.records import RecordError
    cls = load_variant(text_of("draw-double-eight.toml"))
    record = match_record(Match(cls(2), seed=1))
    record["game"] = "draw"
    with pytest.raises(RecordError, match="the variant the record carries is 'draw-double-eight'"):
        replay(record)


def test_loading_a_variant_adds_no_built_in_game():
    before = dict(GAMES)
    load_variant(text_of("block-partners-150.toml"))
    assert GAMES == before
    assert read_variant(text_of("block-partners-150.toml")).base is game_class("block")


def test_the_rules_command_at_the_table_describes_the_variant():
    result = runner.invoke(app, ["play", "--variant", str(ROOT / "examples" / "draw-double-eight.toml"), "--seed", "1",
                                 "--speed", "0"], input="rules\nquit\n")
    assert "No rules text" not in result.output
    assert "9 tiles each" in result.output and "double-eight set" in result.output


# -- item 4: built-in games written as data (domine/games/data/<id>.toml) --------------------------
AS_DATA = ("blitz", "cross", "draw", "family", "individual", "lightning", "matador", "ordinary", "partners",
           "sevastopol", "shut-out", "troli")


@pytest.mark.parametrize("gid", AS_DATA)
def test_a_game_written_as_data_has_no_module_and_is_found_as_before(gid):
    import importlib.util
    data = ROOT / "src" / "domine" / "games" / "data" / f"{gid}.toml"
    assert data.exists() and importlib.util.find_spec(f"domine.games.{gid.replace('-', '_')}") is None
    cls = GAMES[gid]
    assert game_class(cls.name) is cls and all(game_class(a) is cls for a in cls.aliases)
    assert getattr(cls, "variant_source", None) is None   # a built-in game, a base for variants


def test_a_data_games_own_options_set_the_values_of_its_parts():
    from domine.parts.turns import Turn
    plain, at_will = make_game("draw", 2), make_game("draw", 2, {"voluntary_draw": True, "no_reserve": True})
    assert plain.reserve == 2 and at_will.reserve == 0
    assert at_will.turn == Turn(draw_at_will=True, drawn_tile_must_be_played=False) and at_will.turn.plain
    eight = make_game("draw", 3, {"set": "double-eight", "no_reserve": True})   # the set's deal stays
    assert eight.deal_size(3) == make_game("draw", 3, {"set": "double-eight"}).deal_size(3) and eight.reserve == 0
    assert make_game("family", 2, {"rounds": 3}).match_end.hands == 3
    with pytest.raises(GameError, match="option rounds must be at least 1"):
        make_game("family", 2, {"rounds": 0})
    with pytest.raises(GameError, match="option partners needs exactly 4 players"):
        make_game("draw", 3, {"partners": True})


def test_a_set_dependent_lead_follows_the_set_played():
    from domine.engine.tiles import double
    for name, pip in (("double-six", 6), ("double-nine", 9), ("double-twelve", 12)):
        assert make_game("sevastopol", 4, {"set": name}).first_lead.tile == double(pip)


GAME_FILE = ('id = "x"\nname = "X"\nfamily = "draw"\nsummary = "x"\noffers = ["set"]\n'
             'deal = { hands = 7 }\n')


@pytest.mark.parametrize("extra, says", [
    ('bogus = 1\n', "bogus = 1: no such key"),
    ('offers = ["set", "nope"]\n', "offers = "),
    ('[options.x]\nkind = "yes/no"\ndefault = false\nhelp = "x"\nsets = { "deal.nope" = 1 }\n',
     'options.x.sets = "deal.nope": a parameter of a part'),
    ('[options.x]\nkind = "colour"\n', "options.x = "),
    ('players = 2\nlead = "heaviest-double-else-turn-up"\n', 'it needs deal.rest = "aside"'),
])
def test_a_bad_data_file_is_refused_in_one_line(extra, says):
    from domine.games.compose import data_game
    text = GAME_FILE.replace('offers = ["set"]\n', "") + extra if extra.startswith("offers") else GAME_FILE + extra
    if "[options.x]" in extra:
        text = text.replace('offers = ["set"]', 'offers = ["set", "x"]')
    with pytest.raises(VariantError, match=re.escape(says)) as e:
        data_game(text)
    assert "\n" not in str(e.value)
