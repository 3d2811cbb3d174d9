"""Two by Two: what the example data cannot say (deal sizes, redeals, who leads, inference)."""

import random

from helpers import play_events
from domine.bots import make_bot
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.moves import DRAW, kind
from domine.engine.results import HandResult
from domine.engine.tiles import BIT, DOUBLES_MASK, tiles_of


def test_deal_is_eight_minus_the_players_and_the_whole_stock_is_drawable():
    for n, k in ((2, 6), (3, 5), (4, 4)):
        game = make_game("two-by-two", n)
        state = Match(game, seed=n).start_hand()
        assert [len(h) for h in state.deal.hands] == [k] * n
        assert len(state.deal.stock) == 28 - n * k == state.drawable   # gap 2: no reserve


def test_a_first_hand_without_a_double_is_redealt_later_hands_are_not():
    game = make_game("two-by-two", 2)
    singles = [t for t in range(28) if not DOUBLES_MASK & BIT[t]]
    no_double = [sum(BIT[t] for t in singles[:6]), sum(BIT[t] for t in singles[6:12])]
    assert game.needs_redeal(no_double, HandContext())                     # rule 4, gap 4
    won = HandResult("blocked", None, [5, 9], [2, 2], [5, 9], [1])
    assert not game.needs_redeal(no_double, HandContext(hand_number=2, previous=won))


def test_the_winner_of_a_hand_leads_the_next_with_any_tile():
    game = make_game("two-by-two", 3)
    match = Match(game, seed=11)
    bots = [make_bot("random", seed=s) for s in range(3)]
    previous = None
    while not match.over and match.hands_played < 6:
        state = match.start_hand()
        if previous is not None:
            assert state.to_act == previous.winners[0]
            assert len(state.legal_moves()) == state.hands[state.to_act].bit_count()
        while not state.over:
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
        previous = state.result
        match.finish_hand()


def test_a_draw_rules_nothing_out():
    """A seat that drew may hold a tile fitting one end: a draw means no pair, not no fit."""
    game = make_game("two-by-two", 2)
    for seed in range(40):
        match = Match(game, seed=seed)
        state = match.start_hand()
        rng = random.Random(seed)
        while not state.over:
            seat = state.acting_seat()
            moves = state.legal_moves()
            hand = state.hands[seat]
            fits_one = [t for t in tiles_of(hand) if BIT[t] & state.layout.playable]
            state.apply(rng.choice(moves))
            if moves == [DRAW] and fits_one and not state.over:
                other = 1 - seat
                if state.acting_seat() != other:
                    continue
                knowledge = Knowledge(state.observation(other))
                assert all(knowledge.possible(seat) & BIT[t] for t in fits_one)
                world = knowledge.sample(random.Random(seed))   # the replay accepts the draw
                assert kind(play_events(world.history)[-1][1]) == DRAW
                return
    raise AssertionError("no draw made while holding a tile that fits one end")
