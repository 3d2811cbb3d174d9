"""The action codec (``domine.games.actions``): one fixed action space per configured game.

Every game x player count x option set plays seeded random hands; at every step the mask
must be exactly the encodings of the legal moves, each distinct and in range, and every
encoded move must decode to itself. Every index of every space must decode to a move that
encodes back to it. The table in docs/actions.md must be the one the code generates.
"""

from __future__ import annotations

import gc
import random
import re
import weakref
from pathlib import Path

import pytest

from domine.games.actions import ActionCodec, codec_for, place_count
from domine.games.actions_doc import TABLE_BEGIN, TABLE_END, main, markdown
from domine.engine.match import Match
from domine.engine.moves import (
    DRAW, HIDDEN, KIND_MASK, KINDS, OUT_OF_TURN, PASS, SKIP, TURN_UP, kind_of, lead, place, with_tile,
)
from domine.engine.tiles import IS_DOUBLE, set_size, tile_id
from domine.games import GAMES, make_game, option_sets

CONFIGS = [(gid, n, opts) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)
           for opts in option_sets(cls, n)]
HANDS = 10   # random hands per configuration (new matches while the hands last)


def _id(config) -> str:
    gid, n, opts = config
    return f"{gid}-{n}p" + "".join(f"-{k}={v}" for k, v in opts.items())


def random_states(game, seed: int, hands: int = HANDS):
    """Every state of ``hands`` seeded random hands (the finished one too), with its legal moves."""
    rnd = random.Random(seed)
    match = Match(game, seed)
    for _ in range(hands):
        if match.over:
            match = Match(game, rnd.randrange(1 << 30))
        state = match.start_hand()
        while True:
            legal = state.legal_moves()
            yield state, legal
            if state.over:
                break
            state.apply(rnd.choice(legal))
        match.finish_hand()


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_the_mask_is_the_legal_moves_at_every_step(config):
    """The property RL code relies on: mask == encodings of legal_moves, distinct, in range."""
    gid, n, opts = config
    game = make_game(gid, n, opts)
    codec = codec_for(game)
    most_ends = 0
    for state, legal in random_states(game, seed=len(CONFIGS) + CONFIGS.index(config)):
        actions = [codec.encode(m) for m in legal]
        assert len(set(actions)) == len(actions), f"two legal moves share an action: {legal}"
        assert all(0 <= a < codec.size for a in actions)
        assert [codec.decode(a) for a in actions] == legal
        expected = bytearray(codec.size)
        for a in actions:
            expected[a] = 1
        assert codec.legal_mask(state) == expected
        assert codec.legal_mask(state, legal) == expected
        assert codec.legal_actions(state) == sorted(actions)
        assert len(state.layout.values) <= codec.places
        most_ends = max(most_ends, len(state.layout.values))
    assert most_ends == codec.places, "the places of the space are more than the layout ever has"


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_every_action_decodes_to_a_move_that_encodes_back(config):
    """decode is total over range(N) and the inverse of encode; no index names an event of the rules."""
    codec = codec_for(make_game(*config))
    moves = [codec.decode(a) for a in range(codec.size)]
    assert [codec.encode(m) for m in moves] == list(range(codec.size))
    for m in moves:
        assert not kind_of(m).forced and not m & (OUT_OF_TURN | HIDDEN)
    assert sum(b.size for b in codec.blocks) == codec.size
    assert [codec.block_of(b.start).name for b in codec.blocks] == [b.name for b in codec.blocks]


def test_every_kind_a_seat_can_choose_has_actions_somewhere():
    """A kind of move registered without a place in the codec would be unplayable for an agent."""
    covered = set()
    for gid, n, opts in CONFIGS:
        codec = codec_for(make_game(gid, n, opts))
        covered |= {m & KIND_MASK for m in codec.moves}
    chosen = {code for code, info in KINDS.items() if not info.forced}
    assert chosen <= covered, [KINDS[k].name for k in chosen - covered]


# Blocks that random play reaches only now and then: each must be reached (so the space has no
# dead weight there, and the moves of those kinds encode as listed).
RARE = [
    ("ordinary", 6, {}, "lead announced"), ("ordinary", 4, {}, "place announced"), ("ordinary", 4, {}, "decline"),
    ("auction", 3, {}, "bid"), ("auction", 3, {}, "no bid"), ("italian", 3, {}, "buy back"),
    ("italian", 3, {}, "drop out"), ("two-by-two", 2, {}, "pair"), ("grape", 4, {}, "discard"),
    ("homo-homini-lupus", 4, {}, "close"), ("close-at-will", 2, {}, "close"), ("blind-row", 2, {}, "back draw"),
    ("blind-row", 2, {}, "draw"), ("blind-hughie", 2, {}, "peek"), ("blind-hughie", 2, {}, "back open"),
    ("lightning", 4, {}, "stop"), ("mexican-train", 4, {"engine_from_hands": True}, "lead"),
]


@pytest.mark.parametrize("gid,n,opts,block", RARE, ids=[f"{g}-{n}p-{b}" for g, n, _, b in RARE])
def test_rare_blocks_are_reached(gid, n, opts, block):
    game = make_game(gid, n, opts)
    codec = codec_for(game)
    assert block in [b.name for b in codec.blocks]
    for state, legal in random_states(game, seed=11, hands=400):
        if any(codec.block_of(a).name == block for a in codec.legal_actions(state, legal)):
            return
    pytest.fail(f"no {block} in 400 random hands of {gid}")


# -- the shape of the space ------------------------------------------------------------------
def test_a_line_game_places_by_place_then_tile_and_open_half():
    """family: 2 places x 49 (tile, open half) choices, then 28 leads, a draw and a pass."""
    codec = codec_for(make_game("family", 2))
    assert (codec.places, codec.combos, codec.size) == (2, 49, 2 * 49 + 28 + 2)
    t = tile_id(3, 5)
    low = sum(1 if IS_DOUBLE[u] else 2 for u in range(t))   # a double is one choice, any other tile two
    assert codec.encode(place(t, 0, 3)) == low
    assert codec.encode(place(t, 0, 5)) == low + 1
    assert codec.encode(place(t, 1, 3)) == 49 + low
    assert codec.encode(place(tile_id(6, 6), 0, 6)) == 48   # the last choice: one for a double
    assert codec.encode(lead(0)) == 98
    assert codec.decode(codec.size - 2) == DRAW and codec.decode(codec.size - 1) == PASS


@pytest.mark.parametrize("gid,players,opts,places", [
    ("family", 2, {}, 2), ("cross", 2, {}, 4), ("colonels-cross", 2, {}, 3), ("four-crosses", 2, {}, 4),
    ("all-fives", 2, {}, 4), ("bergen", 2, {"set": "double-nine", "spinner": True}, 4), ("slosh", 4, {}, 4), ("network", 3, {}, 6),
    ("mexican-train", 2, {}, 3), ("mexican-train", 8, {}, 9),
])
def test_places_are_the_most_ends_a_layout_has(gid, players, opts, places):
    game = make_game(gid, players, opts)
    assert place_count(game.new_layout()) == places == codec_for(game).places


def test_a_sum_to_seven_game_has_only_the_open_halves_its_matching_makes():
    """matador: 0-x leaves only its blank open (nothing shows 7 - 0), matadors either half."""
    codec = codec_for(make_game("matador", 2))
    assert codec.combos == 49 - 6
    with pytest.raises(ValueError, match="not an action"):
        codec.encode(place(tile_id(0, 3), 0, 3))
    codec.encode(place(tile_id(0, 3), 0, 0))


def test_sizes_follow_the_configuration():
    """Players, the tile set and the options that add moves change N; the default stays."""
    assert codec_for(make_game("mexican-train", 8)).size > codec_for(make_game("mexican-train", 2)).size
    assert codec_for(make_game("bergen", 2, {"set": "double-nine"})).size > codec_for(make_game("bergen", 2)).size
    with_lead = codec_for(make_game("mexican-train", 4, {"engine_from_hands": True}))
    assert with_lead.size == codec_for(make_game("mexican-train", 4)).size + set_size(12)
    assert codec_for(make_game("auction", 3, {"limit": 5})).size == codec_for(make_game("auction", 3)).size - 9
    assert "stop" in [b.name for b in codec_for(make_game("mexican-train", 4, {"starter_run": True})).blocks]


def test_blocks_follow_the_games_declarations():
    """Only what the game can produce: no draw without a stock, no pass where a stuck seat discards."""
    names = {gid: [b.name for b in codec_for(GAMES[gid](GAMES[gid].min_players)).blocks] for gid in GAMES}
    assert names["blitz"] == ["place", "lead", "pass"]
    assert names["grape"] == ["place", "lead", "discard"]
    assert names["blind"] == ["place", "pass"]
    assert [b.name for b in codec_for(make_game("block", 2, {"openspiel": True})).blocks] == ["place", "lead"]
    assert "lead" not in names["mexican-train"]


# -- errors ---------------------------------------------------------------------------------
def test_moves_that_are_not_actions_are_refused_clearly():
    codec = codec_for(make_game("ordinary", 4))
    with pytest.raises(ValueError, match="event of the rules"):
        codec.encode(SKIP)
    with pytest.raises(ValueError, match="event of the rules"):
        codec.encode(with_tile(TURN_UP, 3))
    with pytest.raises(ValueError, match="history marker"):
        codec.encode(place(tile_id(5, 5), 0, 5) | OUT_OF_TURN)
    with pytest.raises(ValueError, match="not an action of ordinary"):
        codec.encode(place(tile_id(5, 3), 2, 3))   # a line has no third end
    with pytest.raises(ValueError, match="not a move int"):
        codec.encode("5-3 L")
    for bad in (-1, codec.size, True, "3", 2.0):
        with pytest.raises(ValueError, match="whole number from 0"):
            codec.decode(bad)


def test_a_legal_move_outside_the_space_is_an_error_not_a_silent_zero():
    """If an engine change ever lists a move the codec lacks, the mask says so loudly."""
    game = make_game("family", 2)
    state = Match(game, 1).start_hand()
    legal = state.legal_moves() + [place(tile_id(6, 6), 5, 6)]
    with pytest.raises(ValueError, match="not an action"):
        codec_for(game).legal_mask(state, legal)
    with pytest.raises(ValueError, match="not an action"):
        codec_for(game).legal_actions(state, legal)


def test_one_codec_per_configured_game():
    game = make_game("draw", 3)
    assert codec_for(game) is codec_for(game)
    assert codec_for(make_game("draw", 3)) is not codec_for(game)
    assert isinstance(codec_for(game), ActionCodec) and "draw for 3 players" in repr(codec_for(game))
    assert codec_for(game).game is game


def test_the_cache_does_not_keep_a_game_alive():
    """Bots and searches configure games freely: a codec must not pin every one of them."""
    game = make_game("draw", 3)
    ref = weakref.ref(game)
    codec = codec_for(game)
    del game
    gc.collect()
    assert ref() is None and codec.game is None and codec.size == 128


def test_the_mask_of_a_finished_hand_is_empty():
    game = make_game("two-no-draw", 2)
    state = Match(game, 5).start_hand()
    state.play_random(random.Random(5).random)
    assert state.over and not any(codec_for(game).legal_mask(state))


# -- the documentation ----------------------------------------------------------------------
def test_the_doc_table_is_the_generated_one():
    """docs/actions.md holds `python -m domine.games.actions_doc --markdown` between its markers."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "actions.md").read_text(encoding="utf-8")
    found = re.search(re.escape(TABLE_BEGIN) + ".*?" + re.escape(TABLE_END) + "\n", doc, re.S)
    assert found, "docs/actions.md lost its table markers"
    assert found.group(0) == markdown(), "regenerate: python -m domine.games.actions_doc --markdown"


def test_the_command_prints_a_games_blocks(capsys):
    assert main(["mexican-train", "-p", "4", "-o", "engine_from_hands"]) == 0
    out = capsys.readouterr().out
    assert "mexican-train for 4 players, engine_from_hands=True" in out and "lead" in out
