"""The Russian crosses (matador-cross, russian-cross, russian-double-cross): how their openings end.

Issue 10 item 6: over many random hands, no hand may end blocked before its opening
figure can complete; a hand may end in the opening only as a spec rule says (a domino,
any time; a dead layout in russian-double-cross, rule 13), and the places a rule closes
(russian-cross 7, russian-double-cross 13) are counted.

    PYTHONPATH=src python tests/test_russian_crosses.py --hands 10000   # the full statistics
"""

from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from domine.games import make_game
from domine.engine.match import Match
from domine.engine.moves import CLOSE, kind

GAMES = [("matador-cross", {}), ("russian-cross", {}), ("russian-double-cross", {}),
         ("russian-double-cross", {"early_arms": True})]
#: the ways a hand may end before its opening is complete, by the specs
ALLOWED_IN_OPENING = {
    "matador-cross": {"domino"},                   # rule 13
    "russian-cross": {"domino"},                   # rule 12
    "russian-double-cross": {"domino", "dead"},    # rule 13
}


def opening_statistics(gid: str, options: dict, hands: int, seed: int = 1) -> Counter:
    """Play ``hands`` random hands (whole matches, 2, 3 and 4 players in turn) and count how
    each opening went: 'complete', 'complete, N closed' (places a rule closed), or
    'in opening, a side (slot) empty: <reason>' for a hand that ended before its opening
    was complete (with ``early-arms`` the arms whose slots are filled grow meanwhile)."""
    rnd = random.Random(seed).random
    games = {n: make_game(gid, n, options) for n in (2, 3, 4)}
    counts: Counter = Counter()
    played = 0
    match_seed = seed * 1_000_003
    while played < hands:
        match = Match(games[2 + played % 3], seed=match_seed, keep_hands=False)
        match_seed += 1
        while not match.over and played < hands:
            state = match.start_hand()
            state.play_random(rnd)
            lay = state.layout
            sides, slots = lay._phase() if hasattr(lay, "_phase") else (lay.in_opening(), False)
            if sides:
                counts[f"in opening, a side empty: {state.result.reason}"] += 1
            elif slots:
                counts[f"in opening, a slot empty: {state.result.reason}"] += 1
            else:
                closed = sum(lay.closed)
                counts["complete" if not closed else f"complete, {closed} closed"] += 1
            match.finish_hand()
            played += 1
    return counts


@pytest.mark.parametrize("gid, options", GAMES, ids=[g + "".join(f" {k}" for k in o) for g, o in GAMES])
def test_no_hand_ends_blocked_in_the_opening(gid, options):
    counts = opening_statistics(gid, options, 1500)
    assert sum(counts.values()) == 1500
    ended = {key.split(": ")[1] for key in counts if key.startswith("in opening")}
    assert ended <= ALLOWED_IN_OPENING[gid], counts
    assert "blocked" not in ended
    # phase 1 (the sides) never stalls: ten tiles fit the centre and only two are out of reach
    assert not any(key.startswith("in opening, a side empty") and not key.endswith("domino") for key in counts)
    if gid == "matador-cross":
        assert not any("closed" in key for key in counts)   # nothing closes a side (decision 5)
    if gid == "russian-cross":
        # rule 7: at most two sides close, as at most two matadors lie in the reserve
        assert all(key in ("complete", "complete, 1 closed", "complete, 2 closed") or key.startswith("in opening")
                   for key in counts), counts


def main(argv: list[str]) -> None:
    hands = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 10000
    for gid, options in GAMES:
        counts = opening_statistics(gid, options, hands)
        label = gid + "".join(f" --option {k.replace('_', '-')}=yes" for k in options)
        print(f"{label}: {hands} hands")
        for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            print(f"  {key:28} {n:6}  {100 * n / hands:5.1f}%")


if __name__ == "__main__":
    main(sys.argv)


# -- pieces of the games, beyond the worked examples ---------------------------------------------
def _hand_with_nobody_event(gid: str, options: dict | None = None):
    """A random hand (2 players) in which the rules closed a place, played up to just after it."""
    from domine.engine.hand import NOBODY
    game = make_game(gid, 2, options or {})
    for seed in range(200):
        match = Match(game, seed=seed)
        state = match.start_hand()
        rnd = random.Random(seed).random
        while not state.over:
            moves = state.legal_moves()
            state.apply(moves[int(rnd() * len(moves))])
            if any(seat == NOBODY and kind(m) == CLOSE for seat, m in state.history):
                return game, state
    raise AssertionError("no closing in 200 hands")


def test_only_a_double_other_than_blank_leads_the_first_hand():
    from domine.engine.hand import HandContext
    from domine.engine.tiles import parse_tile
    for gid in ("matador-cross", "russian-cross", "russian-double-cross"):
        game = make_game(gid, 2)
        bit = lambda *ts: sum(1 << parse_tile(t) for t in ts)   # noqa: E731
        assert game.needs_redeal([bit("0-0", "1-2"), bit("3-4", "5-6")], HandContext())
        assert not game.needs_redeal([bit("0-0", "1-2"), bit("1-1", "5-6")], HandContext())


@pytest.mark.parametrize("gid, options, tiles", [("russian-cross", {}, True), ("russian-double-cross", {}, False),
                                                 ("russian-double-cross", {"early_arms": True}, False)])
def test_a_closing_is_public_and_bots_count_the_stock_right(gid, options, tiles):
    """russian-cross closes a side with a hidden reserve tile; russian-double-cross marks a
    slot dead with none: every seat sees the closing, and a seat's worlds keep the stock's size."""
    from domine.engine.hand import NOBODY
    from domine.bots.knowledge import Knowledge
    from domine.engine.moves import NO_TILE, tile_of
    game, state = _hand_with_nobody_event(gid, options)
    closing = next(e for s, e in state.history if s == NOBODY and kind(e) == CLOSE)
    assert (tile_of(closing) != NO_TILE) is tiles
    for seat in range(state.n):
        obs = state.observation(seat)
        assert any(s == NOBODY and kind(e) == CLOSE for s, e in obs.history)
        knowledge = Knowledge(obs)
        assert knowledge.closed_from_stock == (1 if tiles else 0) * sum(
            1 for s, e in state.history if s == NOBODY and kind(e) == CLOSE)
        world = knowledge.sample(random.Random(seat))
        assert len(world.stock) - world.stock_pos == len(state.stock) - state.stock_pos


def test_the_picture_marks_matadors_and_says_what_each_end_needs():
    from domine.engine.position import position
    from domine.terminal.table import table_lines
    game = make_game("russian-double-cross", 2)
    state = position(game, hands=[["6-6"], ["1-2"]], lead="3-3", placed=["4-0 N", "4-4 E", "5-2 S 5", "4-2 W"],
                     stock=["1-1", "5-5"], rest="aside")
    text = "\n".join(line.plain for line in table_lines(state.layout))
    assert "[2*5]" in text or "├*┤" in text          # the matador 5-2
    assert "N:0 needs M" in text and "W:2 needs 5" in text and "E:4 needs 3" in text
    plain = make_game("cross", 2)
    state = position(plain, hands=[["6-6"], ["1-2"]], lead="4-4", placed=["4-1 N"], stock=["1-1", "5-5"])
    assert "needs" not in "\n".join(line.plain for line in table_lines(state.layout))


def test_the_picture_draws_a_dead_slot_dead():
    """generals-cross example 3: 3-3 laid on an open arm leaves the slot that wanted it dead;
    the layout says so (``dead_at``), and so does its geometry."""
    from domine.engine.position import position
    game = make_game("generals-cross", 2)
    state = position(game, hands=[["6-6", "2-3"], ["1-2", "6-5"]], lead="0-0",
                     placed=["6-1 N 6", "1-1 N", "6-2 N", "5-4 N", "3-3 N", "5-2 E 2", "4-3 S 4"],
                     stock=["5-5", "0-1", "0-2"], rest="aside")
    lay = state.layout
    assert lay.dead_at(2) and not lay.dead_at(1) and not lay.dead_at(0)   # S wants 3-3, E 5-5
    ends = {e.name: e for e in lay.geometry().ends}
    assert ends["S"].dead and not ends["E"].dead and not ends["N"].dead


def test_every_rule_made_closing_says_why():
    """Both closings after a round of passes carry their reason, in the notation and the terminal."""
    from domine.engine.hand import NOBODY
    from domine.engine.moves import close_reason
    from domine.terminal.table import move_line
    for gid, words in (("russian-cross", "its matador is stuck in the reserve"),
                       ("russian-double-cross", "nobody can fill its slot")):
        game, state = _hand_with_nobody_event(gid, {})
        closing = next(e for s, e in state.history if s == NOBODY and kind(e) == CLOSE)
        assert close_reason(closing) == words
        assert state.move_str(closing).endswith(f"({words})")
        assert move_line(state, NOBODY, closing, ["greedy"] * state.n, show_draws=False).plain.endswith(f"({words})")
