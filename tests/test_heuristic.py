"""The heuristic bot: always legal, reproducible, plays like a sensible person, beats greedy."""

from __future__ import annotations

import random

import pytest

from domine import bots
from domine.bots import greedy_move
from domine.games import GAMES, make_game
from domine.engine.hand import HandContext
from domine.games.bergen import headers as bergen_header
from domine.bots.heuristic import (
    WEIGHTS, HeuristicBot, p_cannot_play, resulting_ends, score_moves,
)
from domine.bots.knowledge import Knowledge
from domine.engine.layout import LEAD_END
from domine.engine.match import Match
from domine.engine.moves import ANNOUNCE, DECLINE, DRAW, PASS, place
from domine.engine.position import position
from domine.sim.simulate import simulate
from domine.engine.tiles import parse_tile

bots.BOTS.setdefault("heuristic", HeuristicBot)


def T(text: str) -> int:
    return parse_tile(text, 12)


def tile_of(move: int) -> int:
    return move & 127


# -- always a legal move ----------------------------------------------------------------------
CONFIGS = [(gid, n, {}) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)] + [
    ("block", 2, {"openspiel": True}), ("block", 3, {"double_nine": True}), ("block", 4, {"partners": True}),
    ("draw", 2, {"voluntary_draw": True}), ("draw", 4, {"partners": True}),
    ("bergen", 2, {"set": "double-9", "spinner": True}), ("bergen", 3, {"set": "double-12", "spinner": True}),
]


@pytest.mark.parametrize("gid,n,options", CONFIGS, ids=[f"{g}-{n}-{'-'.join(o) or 'std'}" for g, n, o in CONFIGS])
def test_always_legal(gid, n, options):
    game = make_game(gid, n, options)
    rng = random.Random(f"{gid}/{n}/{sorted(options.items())}")   # a stable seed per configuration
    bot = HeuristicBot(7)
    decisions = 0
    match = Match(game, seed=rng.randrange(1 << 30), keep_hands=False)
    for _ in range(3):
        if match.over:
            match = Match(game, seed=rng.randrange(1 << 30), keep_hands=False)
        st = match.start_hand()
        while not st.over:
            moves = st.legal_moves()
            seat = st.acting_seat()
            if len(moves) > 1:
                choice = bot.choose(st.observation(seat))
                assert choice in moves
                decisions += 1
                move = choice if seat == 0 else rng.choice(moves)   # seat 0 plays it, the others at random
            else:
                move = moves[0]
            st.apply_unchecked(move)
        match.finish_hand()
    assert decisions > 0 or gid == "blitz"


def test_single_move_returned_at_once():
    game = make_game("block", 2)
    st = position(game, hands=[["6-5", "0-0"], ["1-1"]], ends=[5, 3])
    obs = st.observation(0)
    assert obs.legal_moves == [place(T("6-5"), 0, 6)]
    assert HeuristicBot(0).choose(obs) == obs.legal_moves[0]


# -- deterministic for a seed ----------------------------------------------------------------
def _decisions(seed: int) -> list[int]:
    game = make_game("draw", 3)
    bot = HeuristicBot(seed)
    rng = random.Random(5)
    out = []
    for k in range(4):
        st = Match(game, seed=100 + k).start_hand()
        while not st.over:
            moves = st.legal_moves()
            m = bot.choose(st.observation(st.acting_seat())) if len(moves) > 1 else moves[0]
            out.append(m)
            st.apply_unchecked(m if rng.random() < 0.5 else rng.choice(moves))
    return out


def test_deterministic_for_a_seed():
    assert _decisions(3) == _decisions(3)
    a = simulate("block", hands=60, bots=["heuristic", "random"], seed=4).to_json()
    b = simulate("block", hands=60, bots=["heuristic", "random"], seed=4).to_json()
    for d in (a, b):
        d.pop("elapsed_seconds"), d.pop("hands_per_second")
    assert a == b


# -- sensible choices --------------------------------------------------------------------------
def test_prefers_heavy_tile_in_neutral_position():
    # Both tiles fit the 3s, each leaves me one tile for the remaining 3 end, the opponent
    # holds no 3, 6 or 2 either way: only the weight differs.
    game = make_game("block", 2)
    st = position(game, hands=[["6-3", "2-3", "4-4"], ["1-1", "0-1", "0-4"]], ends=[3, 3])
    obs = st.observation(0)
    assert len(obs.legal_moves) == 2
    for seed in range(5):
        assert tile_of(HeuristicBot(seed).choose(obs)) == T("6-3")
    # heavier still wins against a lighter tile when the two are otherwise alike
    st = position(game, hands=[["5-5", "1-1", "2-3"], ["6-6", "0-6"]], ends=[5, 1])
    obs = st.observation(0)
    assert tile_of(HeuristicBot(0).choose(obs)) == T("5-5")


def test_takes_bergen_triple_header():
    game = make_game("bergen", 2)
    # L shows 5 (plain), R shows 3 (a double, weight 2): 3-5 on L makes 3 | 3-3, a triple
    # header (3); on R it would make 5 | 5, a double header (2), and keep my 6-5 playable.
    st = position(game, hands=[["3-5", "6-5", "1-1", "0-2"], ["0-0", "4-4"]], ends=[5, 3],
                  doubles=[False, True], stock=["0-1", "0-4", "0-6", "1-2", "1-4"],
                  context=HandContext(scores=[0, 0]))
    obs = st.observation(0)
    move = HeuristicBot(0).choose(obs)
    assert tile_of(move) == T("3-5") and (move >> 7) & 31 == 0
    before = st.hand_points[0]
    st.apply(move)
    assert st.hand_points[0] - before == 3
    # the simulated header agrees with the engine's rule
    values, doubles, lengths, _, _ = resulting_ends(obs.layout, move)
    assert bergen_header(values, doubles, lengths, 0, T("3-5")) == 3
    assert bergen_header([2, 2], [True, True], [0, 0], LEAD_END, T("2-2")) == 2


def test_announces_in_ordinary():
    game = make_game("ordinary", 2)
    st = position(game, hands=[["6-5", "1-0"], ["4-4", "2-3"]], ends=[5, 3],
                  context=HandContext(scores=[0, 0]))
    obs = st.observation(0)
    assert any(m & ANNOUNCE for m in obs.legal_moves)
    for seed in range(5):
        move = HeuristicBot(seed).choose(obs)
        assert move & ANNOUNCE and tile_of(move) == T("6-5")


def test_accepts_out_of_turn_double():
    # Offers come in later hands, when the opener had no double and drew a plain lead.
    game = make_game("ordinary", 3)
    rng = random.Random(2)
    seen = 0
    for seed in range(40):
        match = Match(game, seed=seed, keep_hands=False)
        for _ in range(6):
            if match.over:
                break
            st = match.start_hand()
            while not st.over:
                moves = st.legal_moves()
                if st.offers and len(moves) == 2 and DECLINE in moves:
                    obs = st.observation(st.acting_seat())
                    assert HeuristicBot(0).choose(obs) == moves[0]
                    seen += 1
                st.apply_unchecked(rng.choice(moves))
            match.finish_hand()
        if seen >= 3:
            break
    assert seen >= 1


def test_keeps_matador_while_an_ordinary_tile_fits():
    game = make_game("matador", 2)
    # ends 2 and 6: 5-1 fits the 2 (5 + 2 = 7), the matador 4-3 fits anywhere and is heavier
    st = position(game, hands=[["4-3", "5-1", "6-6"], ["0-0", "2-2"]], ends=[2, 6])
    obs = st.observation(0)
    tiles = {tile_of(m) for m in obs.legal_moves if m < DRAW}
    assert tiles == {T("4-3"), T("5-1")}
    assert greedy_move(obs.legal_moves) & 127 == T("4-3")
    for seed in range(5):
        assert tile_of(HeuristicBot(seed).choose(obs)) == T("5-1")
    # with a large stock and an ordinary tile to play, no tactical draw
    st = position(game, hands=[["4-3", "5-1", "6-6"], ["0-0", "2-2"]], ends=[2, 6],
                  stock=["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-1", "1-2", "1-3", "1-4", "1-5", "2-3",
                         "2-4", "2-6"])
    obs = st.observation(0)
    assert DRAW in obs.legal_moves
    assert HeuristicBot(0).choose(obs) != DRAW
    # a blank end takes only a matador: it leaves the pip that suits the hand (4: my 3-3 follows)
    st = position(game, hands=[["4-3", "6-6", "3-3"], ["0-0", "2-2"]], ends=[0, 0])
    obs = st.observation(0)
    assert sorted((m >> 12) & 15 for m in obs.legal_moves) == [3, 4]
    for seed in range(3):
        move = HeuristicBot(seed).choose(obs)
        assert tile_of(move) == T("4-3") and (move >> 12) & 15 == 4


def _position_after_a_pass():
    """A real block hand played greedily until the second seat passes, seen by the first,
    where some of the first seat's moves keep only numbers the passer lacks and some do not."""
    game = make_game("block", 2)
    for seed in range(300):
        st = Match(game, seed=seed).start_hand()
        while not st.over:
            moves = st.legal_moves()
            if moves == [PASS] and st.acting_seat() == 1:
                st.apply_unchecked(PASS)
                if st.over or st.acting_seat() != 0 or len(st.legal_moves()) < 2:
                    break
                obs = st.observation(0)
                kn = Knowledge(obs)
                void = set(kn.void_pips(1))
                blocking, open_ = [], []
                for m in obs.legal_moves:
                    ends = resulting_ends(obs.layout, m)[3]
                    (blocking if all(v in void for v in ends) else open_).append(m)
                if blocking and open_:
                    return obs, kn, blocking, open_
                break
            st.apply_unchecked(greedy_move(moves))
    raise AssertionError("no suitable position found")


def test_blocks_a_number_the_opponent_lacks():
    obs, kn, blocking, open_ = _position_after_a_pass()
    assert kn.void_pips(1)
    only_block = {k: 0.0 for k in WEIGHTS}
    only_block.update(block=1.0, urgent=1.0, draw_stock=WEIGHTS["draw_stock"])
    scores = dict(zip(obs.legal_moves, score_moves(obs, kn, only_block)))
    assert min(scores[m] for m in blocking) == pytest.approx(1.0)
    assert max(scores[m] for m in open_) < 1.0
    # with every term on, the block still decides here
    full = dict(zip(obs.legal_moves, score_moves(obs, kn)))
    assert max(full, key=full.get) in blocking


def test_p_cannot_play():
    assert p_cannot_play(10, 0, 3) == 1.0
    assert p_cannot_play(10, 8, 3) == 0.0
    assert p_cannot_play(4, 1, 1) == pytest.approx(0.75)
    assert p_cannot_play(4, 2, 2) == pytest.approx(1 / 6)


def _layout(kind: str, lead: str, *placed: tuple[str, int, int]):
    from domine.engine.layouts import LAYOUTS
    from domine.engine.matching import EQUAL
    from domine.engine.tiles import set_mask
    lay = LAYOUTS[kind](EQUAL.fits, set_mask(6))
    lay.place_lead(T(lead))
    for tile, end, open_pip in placed:
        lay.place(end, T(tile), open_pip)
    return lay


def test_resulting_ends():
    line = _layout("line", "5-3")
    assert resulting_ends(line, place(T("5-6"), 0, 6))[3] == [6, 3]
    assert resulting_ends(_layout("line", "4-2"), place(T("4-1"), 0, 1))[3] == [1, 2]
    cross = _layout("cross", "4-4")
    assert resulting_ends(cross, place(T("4-1"), 0, 1))[3] == [4, 4, 4]
    # the cross still has empty sides: only those take a tile next
    cross = _layout("cross", "4-4", ("4-1", 0, 1))
    assert resulting_ends(cross, place(T("4-2"), 1, 2))[3] == [4, 4]
    spinner = _layout("spinner", "5-3")
    assert resulting_ends(spinner, place(T("5-5"), 0, 5))[3] == [5, 3, 5, 5]
    # all-fives: the spinner's ends wait for both its sides
    fives = _layout("spinner", "5-3")
    fives.flanks = "after sides"
    values, _, _, open_values, after = resulting_ends(fives, place(T("5-5"), 0, 5))
    assert values == [5, 3, 5, 5] and open_values == [5, 3]
    assert resulting_ends(after, place(T("5-2"), 0, 2))[3] == [2, 3, 5, 5]


# -- strength ------------------------------------------------------------------------------------
def _win_rate(opponent: str) -> float:
    sim = simulate("block", hands=2000, bots=["heuristic", opponent], seed=1)
    return sim.seats[0].win_rate


def test_beats_random_at_block():
    assert _win_rate("random") > 0.6


def test_beats_greedy_at_block():
    assert _win_rate("greedy") > 0.5


def test_the_heuristic_asks_the_game_whether_a_block_ends_the_hand():
    """Nobody placing with nothing to draw ends a block hand, but not homo-homini-lupus (a
    closing may follow), slosh or shut-out, nor four-crosses while an arm waits for its double."""
    layout = make_game("block", 2).new_layout()
    assert make_game("block", 2).hand_end.block_ends_hand(layout)
    for game_id in ("homo-homini-lupus", "slosh", "shut-out", "grape"):
        game = make_game(game_id, GAMES[game_id].min_players)
        assert not game.hand_end.block_ends_hand(game.new_layout()), game_id
    four = make_game("four-crosses", 2)
    figure = four.new_layout()
    figure.place_lead(T("4-4"))
    waiting = figure.after(0, T("4-1"), 1)
    assert waiting.waiting_for_double()
    assert not four.hand_end.block_ends_hand(waiting)
