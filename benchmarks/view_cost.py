"""What one browser view costs: ``seat_view`` for every seat and a spectator, at every position
of a hand played by bots (a 4-player block hand, Mexican Train with 4 and 8 players). The server
builds one view per connected seat after every move, so at ~500 moves/s across 1,000 tables this
is the budget that matters (docs/server.md; benchmarks/load.py measures the whole server).
Times are the process's CPU time, so that other work on a shared machine does not count.

    PYTHONPATH=src python benchmarks/view_cost.py [--hands 3] [--profile]
"""

from __future__ import annotations

import argparse
import statistics
import time

from domine.bots import make_bot
from domine.engine.match import Match
from domine.games import make_game
from domine.server.view import seat_view

CASES = (("block", 4), ("draw", 2), ("mexican-train", 4), ("mexican-train", 8))


def positions(game_id: str, players: int, hands: int):
    """(match, seat to act) at every position of ``hands`` hands played by greedy bots."""
    game = make_game(game_id, players)
    for h in range(hands):
        match = Match(game, seed=11 + h)
        state = match.start_hand()
        bots = [make_bot("greedy", h * 10 + s) for s in range(game.players)]
        while not state.over:
            yield match, state
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
        yield match, state


def measure(game_id: str, players: int, hands: int, counter: bool = True) -> dict:
    table = {"id": "bench", "game": game_id, "game_name": game_id, "players": players, "options": {},
             "seats": [{"name": f"seat {s}", "kind": "human", "connected": True} for s in range(players)],
             "undo": False, "rated": False, "commitment": "00" * 32}
    one, update = [], []
    for match, _state in positions(game_id, players, hands):
        start = time.process_time()
        for seat in [*range(players), None]:
            t0 = time.process_time()
            seat_view(table, match, seat, "en", counter=counter)
            one.append(time.process_time() - t0)
        update.append(time.process_time() - start)
    q = statistics.quantiles
    return {"game": f"{game_id} x{players}", "positions": len(update),
            "view_mean_ms": 1000 * statistics.fmean(one), "view_p95_ms": 1000 * q(one, n=20)[18],
            "update_mean_ms": 1000 * statistics.fmean(update), "update_p95_ms": 1000 * q(update, n=20)[18]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="profile the Mexican Train case instead")
    ap.add_argument("--no-counter", action="store_true", help="views without the tile counter (seat_view(counter=False))")
    args = ap.parse_args()
    if args.profile:
        import cProfile
        import pstats
        cProfile.runctx("measure('mexican-train', 4, 1)", globals(), locals(), "/tmp/view_cost.prof")
        pstats.Stats("/tmp/view_cost.prof").sort_stats("cumulative").print_stats(25)
        return
    print(f"{'game':<18}{'positions':>10}{'view ms':>10}{'p95':>8}{'update ms':>11}{'p95':>8}")
    print("(update: every seat and a spectator, after one move)")
    for game_id, players in CASES:
        r = measure(game_id, players, args.hands, counter=not args.no_counter)
        print(f"{r['game']:<18}{r['positions']:>10}{r['view_mean_ms']:>10.2f}{r['view_p95_ms']:>8.2f}"
              f"{r['update_mean_ms']:>11.2f}{r['update_p95_ms']:>8.2f}")


if __name__ == "__main__":
    main()
