"""domine.sim.simulate as a library: exact counts, determinism, statistics."""

from __future__ import annotations

import pytest

from domine.bots import BotError
from domine.games.base import GameError
from domine.sim.simulate import (
    BlockSpec, derive_seed, resolve_bots, run_block, simulate, wilson_interval,
)


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-12
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962   # the textbook values
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_derive_seed_is_stable():
    assert derive_seed(0, 1, 2) == derive_seed(0, 1, 2)
    assert derive_seed(0, 1, 2) != derive_seed(0, 2, 1)
    assert 0 <= derive_seed(-5, 3) < 1 << 63


def test_exact_hand_count_and_totals():
    sim = simulate("draw", hands=260, seed=1, bots="greedy,random", block_size=100)
    assert sim.hands == 260 and sim.blocks == 3 and sim.mode == "hands"
    assert sum(sim.reasons.values()) == 260
    # individual game: each hand has at most one winner
    assert sum(s.wins for s in sim.seats) + sim.hands_without_winner == 260
    assert sim.seats[0].bot == "greedy" and sim.seats[1].bot == "random"


def test_matches_mode_counts_whole_matches():
    sim = simulate("family", matches=40, seed=3, bots="random", options={"rounds": 2})
    assert sim.matches == 40 and sim.hands >= 80
    assert sum(s.wins for s in sim.seats) + sim.drawn_matches == 40
    assert all(s.hand_wins <= sim.hands for s in sim.seats)


def test_determinism_across_jobs():
    a = simulate("block", hands=500, seed=9, bots="greedy,random", jobs=1).to_json()
    b = simulate("block", hands=500, seed=9, bots="greedy,random", jobs=2).to_json()
    for d in (a, b):
        d.pop("elapsed_seconds"), d.pop("hands_per_second")
    assert a == b


def test_block_is_a_pure_function_of_its_spec():
    spec = BlockSpec("cross", 3, (), ("greedy", "random", "random"), 4, 2, "hands", 30)
    assert run_block(spec) == run_block(spec)
    assert run_block(spec).hands == 30


def test_partners_share_results():
    sim = simulate("partners", hands=120, seed=2, bots="greedy,random")
    s0, s1, s2, s3 = sim.seats
    assert (s0.wins, s0.mean_points) == (s2.wins, s2.mean_points)
    assert (s1.wins, s1.mean_points) == (s3.wins, s3.mean_points)
    assert s0.team == s2.team == 0 and s1.team == s3.team == 1


def test_resolve_bots():
    assert resolve_bots("greedy", None, 2) == (["greedy", "greedy"], 2)
    assert resolve_bots("greedy,random", 4, 2) == (["greedy", "random", "greedy", "random"], 4)
    assert resolve_bots(["Random", "greedy", "random"], None, 2) == (["random", "greedy", "random"], 3)
    with pytest.raises(BotError):
        resolve_bots("greedy,nobody", None, 2)
    with pytest.raises(BotError):
        resolve_bots("greedy,random,greedy", 2, 2)


def test_errors():
    with pytest.raises(GameError):
        simulate("nogame", hands=5)
    with pytest.raises(GameError):
        simulate("block", hands=5, matches=5)
    with pytest.raises(GameError):
        simulate("block", hands=5, players=7)
    with pytest.raises(GameError):
        simulate("block", hands=5, options={"colour": "red"})


@pytest.mark.parametrize("game,players,options", [
    ("ordinary", 4, {}), ("matador", 3, {}), ("bergen", 2, {"set": "double-9", "spinner": "yes"}),
    ("blitz", 6, {}), ("block", 2, {"openspiel": "yes"}),
])
def test_every_kind_of_game_simulates(game, players, options):
    sim = simulate(game, hands=40, players=players, bots="random", seed=1, options=options)
    assert sim.hands == 40 and 0 <= sim.blocked_rate <= 1 and sim.mean_moves > 0


@pytest.mark.parametrize("game,players", [("block", 2), ("draw", 4), ("network", 4), ("mexican-train", 3),
                                          ("cross", 3), ("ordinary", 3)])
def test_the_same_results_whichever_path_plays(game, players, monkeypatch):
    """Random and greedy bots are asked as the engine's choosers (its fast paths); bots that see
    their observation take the step path. A seeded simulation is the same either way."""
    from domine.bots import GreedyBot, RandomBot

    def run():
        sim = simulate(game, players=players, hands=40, seed=5, bots="greedy,random", block_size=15)
        out = sim.to_json()
        out.pop("elapsed_seconds"), out.pop("hands_per_second")
        return out

    fast = run()
    monkeypatch.setattr(RandomBot, "needs_view", True)
    monkeypatch.setattr(GreedyBot, "needs_view", True)
    assert run() == fast


def test_moves_per_hand_counts_the_seats_moves():
    """The figure counts what a record holds: the seats' moves, not the rules' own events (the
    end, scores, skipped turns); the events per hand count the whole log."""
    sim = simulate("block", players=2, hands=30, seed=1, bots="random", options={"openspiel": True})
    d = sim.to_json()
    assert d["mean_moves_per_hand"] == sim.mean_moves < d["mean_events_per_hand"]
    state = run_block(BlockSpec("block", 2, (("openspiel", True),), ("random", "random"), 1, 0, "hands", 1))
    assert state.events - state.moves >= 1   # the end event at least


def test_a_bot_seeded_again_is_the_bot_made_with_that_seed():
    """simulate makes its bots once a block and seeds them again for every match (reseed)."""
    from domine.bots import make_bot
    for name in ("random", "greedy"):
        again = make_bot(name, 0)
        for seed in (1, 2, 2 ** 62 + 3):
            again.reseed(seed)
            fresh = make_bot(name, seed)
            moves = list(range(50))
            assert [again.choose_among(moves[:k]) for k in range(1, 50)] == \
                [fresh.choose_among(moves[:k]) for k in range(1, 50)]
    assert derive_seed(3, 1, 4, 1) == 5526666204762141735   # the seeds of every run so far


def test_only_a_few_blocks_are_in_flight():
    """Records stream: the pool is handed a few blocks at a time, so results finished ahead of
    the one awaited cannot pile up in memory, however long the run."""
    from domine.sim.cluster import in_flight
    from domine.sim.simulate import run_blocks

    handed = []

    def specs():
        for i in range(100):
            handed.append(i)
            yield i

    results = run_blocks(abs, specs(), 2)
    assert next(results) == (0, 0)
    assert len(handed) <= in_flight(2) + 1
    assert [spec for spec, _ in results] == list(range(1, 100))


def test_memory_stays_flat_as_records_stream():
    """A run five times longer writes five times the records in the same memory."""
    import tracemalloc

    def peak(hands: int) -> int:
        written = [0]
        tracemalloc.start()
        simulate("block", hands=hands, bots="random", seed=1, records=lambda rec: written.__setitem__(0, written[0] + 1))
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert written[0] > 0
        return peak

    peak(250)   # the first run fills the caches (tables, imports) that later runs share
    assert peak(2500) < 1.5 * peak(500)
