"""Four Crosses (Četiri Krsta): how the figure turns out, the rules' closing and what seats see of it.

Spec: /work/shared/rules/four-crosses.md; the worked examples are
tests/data/examples/four-crosses.json. Opening statistics over random hands:

    PYTHONPATH=src python tests/test_four_crosses.py --hands 2000
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from domine.games import make_game
from domine.engine.hand import NOBODY
from domine.bots.knowledge import Knowledge
from domine.engine.match import Match
from domine.engine.moves import CLOSE, DRAW, HIDDEN, PASS, end_of, kind
from domine.records import match_record, replay

OUTCOMES = ("four doubles", "one arm closed", "two arms closed", "out before the figure", "blocked before the figure")


def figure_outcome(state) -> str:
    """How a finished hand's figure turned out."""
    closed = sum(1 for seat, move in state.history if seat == NOBODY and kind(move) == CLOSE)
    if state.layout.in_opening():
        return "blocked before the figure" if state.result.reason == "blocked" else "out before the figure"
    return ("four doubles", "one arm closed", "two arms closed")[closed]


def random_hands(players: int, hands: int, seed: int = 0, options: dict | None = None):
    """First hands of ``hands`` seeded matches, played out with uniformly random moves."""
    game = make_game("four-crosses", players, options or {})
    for i in range(hands):
        state = Match(game, seed=seed + i).start_hand()
        state.play_random(random.Random(seed + i).random)
        yield state


def statistics(players: int, hands: int, seed: int = 0, options: dict | None = None) -> Counter:
    counts: Counter = Counter()
    for state in random_hands(players, hands, seed, options):
        counts[figure_outcome(state)] += 1
        counts["reason " + state.result.reason] += 1
    return counts


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"sides_first": True}], ids=["default", "sides_first"])
def test_every_hand_ends_and_the_figure_is_never_left_blocked(players, options):
    counts = statistics(players, 150, seed=1000 * players, options=options)
    assert sum(counts[o] for o in OUTCOMES) == 150
    assert counts["blocked before the figure"] == 0   # decision 5: only arm doubles go missing
    assert counts["one arm closed"] > 0


def _closing_hand(players: int):
    """A random first hand in which the rules closed an arm, and that hand's match."""
    game = make_game("four-crosses", players)
    for seed in range(200):
        match = Match(game, seed=seed)
        state = match.start_hand()
        state.play_random(random.Random(seed).random)
        if any(seat == NOBODY and kind(m) == CLOSE for seat, m in state.history):
            return match, state
    raise AssertionError("no closing in 200 hands")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_closing_follows_a_full_round_of_passes_with_nothing_to_draw(players):
    _, state = _closing_hand(players)
    history = state.history
    for i, (seat, move) in enumerate(history):
        if seat != NOBODY or kind(move) != CLOSE:
            continue
        k = i
        while history[k - 1][0] == NOBODY:   # two arms closed at once
            k -= 1
        assert all(m == PASS for _, m in history[k - players:k])
        actor, event = history[k - players - 1]
        assert not (actor == history[k - players][0] and kind(event) == DRAW)   # that turn began undrawable


def test_every_seat_sees_the_closed_arm_but_not_its_tile():
    _, state = _closing_hand(3)
    closings = [(i, m) for i, (s, m) in enumerate(state.history) if s == NOBODY and kind(m) == CLOSE]
    for seat in range(3):
        obs = state.observation(seat)
        seen = [m for s, m in obs.history if s == NOBODY and kind(m) == CLOSE]
        assert seen == [m & ~127 | HIDDEN for _, m in closings]
        assert [end_of(m) for m in seen] == [end_of(m) for _, m in closings]
        assert all(t == -1 for t in obs.layout.closers) and obs.layout.face_down == 0
        assert all(obs.ends[end_of(m)][4] for m in seen)   # shown closed


def test_records_leave_the_closing_to_the_replay():
    match, state = _closing_hand(2)
    match.finish_hand()
    record = match_record(match)
    assert not any(m.startswith("-1") for h in record["hands"] for m in h["moves"])
    report = replay(record)
    assert report.scores == match.scores and report.moves == len(record["hands"][0]["moves"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_are_found_after_a_closing(players):
    """The search bots' worlds: the closed double left the stock face down; every seat's
    knowledge must still find worlds that replay to its observation."""
    _, state = _closing_hand(players)
    rng = random.Random(5)
    at = max(i for i, (s, m) in enumerate(state.history) if s == NOBODY and kind(m) == CLOSE) + 1
    game = state.game
    replayed = Match(game, seed=0).start_hand(state.deal)
    for seat, move in state.history[:at]:
        if seat != NOBODY:
            replayed.apply(DRAW if kind(move) == DRAW else move)
    if replayed.over:
        return
    for seat in range(players):
        obs = replayed.observation(seat)
        knowledge = Knowledge(obs)
        assert knowledge.consistent
        for _ in range(5):
            world = knowledge._try_world(rng)
            assert world is not None
            assert world.tiles_accounted() == game.set_mask
            assert world.hands[seat] == replayed.hands[seat]


def main(argv: list[str]) -> None:
    hands = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 2000
    options = {"sides_first": True} if "--sides-first" in argv else {}
    print(f"four-crosses{' (sides_first)' if options else ''}: first hands of {hands} seeded matches, "
          "random moves")
    for players in (2, 3, 4):
        counts = statistics(players, hands, options=options)
        parts = [f"{o} {100 * counts[o] / hands:.1f}%" for o in OUTCOMES]
        reasons = [f"{k[7:]} {100 * v / hands:.1f}%" for k, v in sorted(counts.items()) if k.startswith("reason ")]
        print(f"{players} players: " + ", ".join(parts) + " | hand ends: " + ", ".join(reasons))


if __name__ == "__main__":
    main(sys.argv[1:])
