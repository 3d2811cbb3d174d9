"""slosh: what the example data cannot say (the engine cycle and redeals, the places a seat
may use as a pure function of the history, what a pass proves, the bots).

Spec: /work/shared/rules/slosh.md; the worked examples are tests/data/examples/slosh.json.
"""

from __future__ import annotations

import random

import pytest

from domine.bots import make_bot
from domine.games import make_game
from domine.games.slosh import ENGINES
from domine.engine.hand import Deal, HandContext
from domine.bots.heuristic import WEIGHTS, score_moves
from domine.bots.knowledge import Knowledge
from domine.engine.layout import ALL_ENDS
from domine.engine.match import Match
from domine.engine.moves import PASS, end_of, is_place
from domine.engine.tiles import BIT, parse_tile

GAME = make_game("slosh", 4)


def _random_hands(seeds, hands=2):
    """(state, seat) at every decision of a few random hands."""
    for seed in seeds:
        match = Match(GAME, seed=seed)
        rng = random.Random(seed)
        for _ in range(hands):
            state = match.start_hand()
            while not state.over:
                yield state, state.acting_seat()
                state.apply(rng.choice(state.legal_moves()))
            match.finish_hand()


def test_six_each_four_aside_and_exactly_four_players():
    d = GAME.deal(random.Random(1))
    assert [len(h) for h in d.hands] == [6] * 4 and d.stock == [] and len(d.aside) == 4
    for n in (2, 3, 5):
        with pytest.raises(ValueError):
            make_game("slosh", n)


@pytest.mark.parametrize("k", range(1, 16))
def test_hand_k_leads_its_engine_and_redeals_while_it_is_set_aside(k):
    engine = ENGINES[(k - 1) % 7]
    context = HandContext(hand_number=k)
    rng = random.Random(k)
    redealt = 0
    for _ in range(40):
        deal = GAME.deal(rng)
        masks = [sum(BIT[t] for t in h) for h in deal.hands]
        aside = engine in deal.aside
        assert GAME.needs_redeal(masks, context) == aside
        redealt += aside
        if not aside:
            state = GAME.new_hand(deal, context)
            holder = next(s for s, h in enumerate(deal.hands) if engine in h)
            assert state.acting_seat() == holder and state.legal_moves() == [engine | (31 << 7)]
    assert redealt   # 1 deal in 7 sets the engine aside


def test_a_match_cycles_the_engines_and_plays_on_after_a_tie():
    bots = [make_bot("greedy", s) for s in range(4)]
    for seed in range(30):
        match = Match(GAME, seed=seed)
        while not match.over:
            state = match.start_hand()
            assert state.legal_moves() == [ENGINES[match.hands_played % 7] | (31 << 7)]
            while not state.over:
                seat = state.acting_seat()
                state.apply(bots[seat].choose(state.observation(seat)))
            match.finish_hand()
        assert match.hands_played >= 7
        low = min(match.scores)
        assert match.scores.count(low) == 1 and match.result.winners == [match.scores.index(low)]
        if match.hands_played > 7:
            return
    pytest.fail("no tied match in 30 seeds")


def test_the_places_are_a_function_of_the_public_history():
    """Replaying the history on a fresh layout, as Knowledge does, gives at every event the
    ends the engine let that seat use."""
    seen = {}
    for state, seat in _random_hands(range(6)):
        state.legal_moves()
        seen[len(state.history)] = (seat, state.layout.usable)
        if len(state.history) > 12:
            layout = GAME.new_layout()
            for index, (s, move) in enumerate(state.history):
                GAME.restrict_places(layout, s, state.history, index)
                if index in seen and layout.lead >= 0:
                    assert seen[index] == (s, layout.usable)
                if is_place(move) and end_of(move) == 31:
                    layout.place_lead(move & 127)
                elif is_place(move):
                    layout.place(end_of(move), move & 127, (move >> 12) & 15)
            seen = {}


def test_a_pass_proves_nothing_fits_his_own_arm_and_nothing_of_the_other():
    checked = 0
    for state, seat in _random_hands(range(40)):
        legal = state.legal_moves()
        slosh = [m for m in legal if is_place(m) and end_of(m) != seat]
        if not (slosh and PASS in legal and state.placed_in_turn == 0):
            continue
        own = GAME.set_fits[state.layout.values[seat]]
        other = GAME.set_fits[state.layout.values[(seat - 1) % 4]] & ~own
        c = state.clone()
        c.apply(PASS)
        if c.over:
            continue
        kn = Knowledge(c.observation(c.acting_seat()))
        assert kn.possible(seat) & own & kn.unseen == 0
        # he held a tile he could have sloshed: it stays possible for him
        assert kn.possible(seat) & state.hands[seat] & other == state.hands[seat] & other
        checked += 1
        if checked >= 25:
            return
    pytest.fail(f"only {checked} passes declining a slosh")


def test_the_true_world_is_never_ruled_out():
    for state, seat in _random_hands(range(8)):
        kn = Knowledge(state.observation(seat))
        assert kn.consistent
        for other in range(4):
            if other != seat:
                assert state.hands[other] & ~kn.possible(other) == 0


def test_a_position_without_history_offers_only_the_own_arm():
    from domine.engine.position import position
    st = position(GAME, hands=[["4-1"], ["4-2"], ["4-3"], ["4-5"]], lead="4-4", to_act=1, rest="aside")
    assert st.legal_moves() == [st.parse_move("2-4 A1")]
    assert st.layout.usable != ALL_ENDS


def test_the_heuristic_weighs_a_slosh_by_what_it_leaves_the_sloshed_seat():
    """Seat 1 has passed on 4 and on 5, the number his arm shows now. Seat 2 may slosh 5-5
    (his arm stays on 5, which he lacks) or 5-6 (a 6 he may hold): the blocking term of the
    heuristic, judged on seat 1's own arm, is larger for 5-5."""
    t = parse_tile
    hands = [["0-4", "0-1", "0-2", "0-3", "1-4", "1-5"], ["1-1", "1-2", "1-3", "2-2", "2-3", "3-3"],
             ["4-5", "4-6", "5-5", "5-6", "0-6", "2-6"], ["4-4", "3-4", "2-4", "3-5", "3-6", "0-0"]]
    aside = ["0-5", "1-6", "2-5", "6-6"]
    st = Match(GAME, seed=0).start_hand(Deal([[t(x) for x in h] for h in hands], aside=[t(x) for x in aside]))
    for text in ["4-4", "0-4 A0", "pass", "4-5 A1", "4-6 A2", "3-4 A3", "0-1 A0", "pass"]:
        st.apply(st.parse_move(text))
    assert st.acting_seat() == 2 and st.layout.values == [1, 5, 6, 3]
    obs = st.observation(2)
    names = ["0-6 A2", "2-6 A2", "5-5 A1", "5-6 A1", "5-6 A2"]
    moves = obs.legal_moves
    assert sorted(moves) == sorted(st.parse_move(m) for m in names)
    full = dict(zip(moves, score_moves(obs)))
    unblocked = dict(zip(moves, score_moves(obs, weights={**WEIGHTS, "block": 0.0})))
    blocking = {m: full[m] - unblocked[m] for m in moves}
    assert blocking[st.parse_move("5-5 A1")] > blocking[st.parse_move("5-6 A1")] + 5


@pytest.mark.parametrize("bot", ["heuristic", "search:worlds=8", "hard:worlds=4+think=0.05"])
def test_bots_play_a_whole_hand_legally(bot):
    match = Match(GAME, seed=5)
    state = match.start_hand()
    bots = [make_bot(bot, s) for s in range(4)]
    while not state.over:
        seat = state.acting_seat()
        move = bots[seat].choose(state.observation(seat))
        assert move in state.legal_moves()
        state.apply(move)
    assert state.result.reason in ("domino", "blocked")
