"""play_random is a fast path: it must make exactly the moves the step API makes."""

import random

import pytest

from domine.games import GAMES, make_game
from domine.engine.match import Match

COMBOS = [(gid, n) for gid, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)]
COMBOS += [("block", 2, {"openspiel": True}), ("draw", 4, {"voluntary_draw": True}),
           ("bergen", 3, {"set": "double-12", "spinner": True})]


def _combo(c):
    return (c[0], c[1], c[2] if len(c) > 2 else {})


@pytest.mark.parametrize("combo", COMBOS, ids=lambda c: f"{c[0]}-{c[1]}" + ("-" + "-".join(c[2]) if len(c) > 2 else ""))
def test_play_random_matches_the_step_api(combo):
    gid, n, options = _combo(combo)
    game = make_game(gid, n, options)
    for seed in range(12):
        fast, slow = Match(game, seed=seed), Match(game, seed=seed)
        r_fast, r_slow = random.Random(seed).random, random.Random(seed).random
        for _ in range(3):
            if fast.over:
                break
            a, b = fast.start_hand(), slow.start_hand()
            a.play_random(r_fast)
            while not b.over:
                moves = b.legal_moves()
                b.apply(moves[int(r_slow() * len(moves))])
            assert a.history == b.history
            assert a.result.to_json() == b.result.to_json()
            assert a.layout.values == b.layout.values and a.layout.targets == b.layout.targets
            assert a.layout.playable == b.layout.playable and a.layout.mask == b.layout.mask
            assert a.layout.arms == b.layout.arms and a.layout.lengths == b.layout.lengths
            fast.finish_hand()
            slow.finish_hand()
        assert fast.scores == slow.scores
