"""Colonel's Cross and General's Cross (the T on 0-0): the opening over many random hands, and
the rules of the opening the worked examples do not reach.

The opening statistics (issue 10, item 6): over random hands of each game, count how each
hand's figure ends. No hand may end blocked or dead while a side of 0-0 still waits for its
matador (rules 7 and 9 of colonels-cross, 8 and 11 of generals-cross close those sides
instead); a side is closed only when its matador was out of every hand and of the drawable
stock. General's Cross may end with arms never opened (its rule 11): then every waiting
slot's double is out of reach (laid elsewhere, face down, or in the reserve), never in a hand,
unless a domino ended the hand. Run as a script for the full count:

    PYTHONPATH=src python tests/test_blank_crosses.py --hands 10000
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

import pytest

from domine.games import make_game
from domine.games.colonels_cross import BLANK, SIDE_TILES
from domine.engine.hand import Deal, HandContext
from domine.engine.match import Match
from domine.engine.moves import CLOSE, PASS, TURN_UP, close_reason, kind
from domine.engine.results import HandResult
from domine.engine.tiles import BIT, double, tile_str, tiles_of

from helpers import T

GAMES = ("colonels-cross", "generals-cross")


def opening_outcome(state) -> Counter:
    """What became of one finished hand's figure, as counts to add up; raises AssertionError
    where the hand broke a rule of the opening."""
    lay = state.layout
    reason = state.result.reason
    out = Counter()
    out["hands"] += 1
    out[f"end {reason}"] += 1
    closed = [i for i in range(3) if lay.closed[i]]
    empty = lay.empty_sides()
    if empty:
        # only a domino may end the hand while a side waits for its matador
        assert reason == "domino", f"the hand ended {reason} with side(s) {empty} empty"
        out["domino before the sides are settled"] += 1
    elif closed:
        out[f"{len(closed)} side(s) closed"] += 1
    else:
        out["all three matadors down"] += 1
    if closed:
        # a closed side's matador was out of every hand and of the drawable stock (rule 7)
        reserve = state.stock[state.stock_pos:]
        missing = SIDE_TILES & ~lay.mask
        for t in tiles_of(missing):
            assert BIT[t] & lay.face_down or t in reserve, f"{tile_str(t)} missing, yet not in the reserve"
        assert missing.bit_count() == len(closed)
        closes = [(a, e) for a, e in state.history if kind(e) == CLOSE]
        assert all(a == -1 and close_reason(e) for a, e in closes)
        # the closing came right after a round of passes
        i = next(j for j, (a, e) in enumerate(state.history) if kind(e) == CLOSE)
        assert all(e == PASS for _, e in state.history[i - state.n:i])
    if lay.slots:
        waiting = lay.waiting_slots()
        if not empty and not waiting:
            out["every slot filled"] += 1
        for i in waiting:
            d = slot_double(lay, i)
            if BIT[d] & lay.mask:
                out["slot dead: its double laid elsewhere"] += 1
            elif any(h & BIT[d] for h in state.hands):
                assert reason == "domino", f"{reason} with {tile_str(d)} in a hand for its slot"
                out["slot waiting: its double in a hand (domino)"] += 1
            else:
                assert BIT[d] & lay.face_down or d in state.stock[state.stock_pos:]
                out["slot waiting: its double out of reach"] += 1
        if waiting and reason != "domino":
            out["hands ending with an arm never opened"] += 1
    return out


def slot_double(lay, i: int) -> int:
    """The double the slot beyond the matador of side ``i`` wants."""
    return double(7 - lay.values[i])


def opening_statistics(gid: str, players: int, options: dict, hands: int, seed: int = 0) -> Counter:
    game = make_game(gid, players, options)
    rng = random.Random(seed)
    total = Counter()
    for h in range(hands):
        match = Match(game, seed=seed * 1_000_003 + h)
        state = match.start_hand()
        state.play_random(rng.random)
        total += opening_outcome(state)
    return total


COMBOS = [(g, n, o) for g in GAMES for n in (2, 3, 4) for o in ({}, {"preplaced_blank": True})]


@pytest.mark.parametrize("gid, players, options", COMBOS)
def test_no_hand_ends_in_the_opening_but_as_the_rules_say(gid, players, options):
    stats = opening_statistics(gid, players, options, hands=300, seed=players)
    assert stats["hands"] == 300
    assert stats["end blocked"] + stats["end dead"] + stats["end domino"] == 300
    assert stats["1 side(s) closed"] + stats["2 side(s) closed"] > 0   # rule 7 happens
    assert stats["all three matadors down"] > 0


# -- the centre and the designated starter ---------------------------------------------------
def _deal_without_blank(game):
    tiles = [t for t in range(28) if t != BLANK]
    k = game.deal_size(game.players)
    return Deal([tiles[i * k:(i + 1) * k] for i in range(game.players)], tiles[k * game.players:] + [BLANK])


@pytest.mark.parametrize("gid", GAMES)
def test_undealt_blank_comes_from_the_reserve_and_the_lot_starts(gid):
    game = make_game(gid, 3)
    deal = _deal_without_blank(game)          # 0-0 is the last tile: in the reserve
    state = Match(game, seed=0).start_hand(deal, HandContext(lot=2))
    assert state.history[0] == (-1, TURN_UP | BLANK)
    assert state.layout.lead == BLANK and state.to_act == 2
    assert len(state.stock) == 12 and state.drawable == 10 and state.reserve == 2
    assert state.deal.stock[-1] == BLANK      # the deal stays as dealt


@pytest.mark.parametrize("gid", GAMES)
def test_later_hands_start_with_the_previous_loser(gid):
    game = make_game(gid, 2, {"preplaced_blank": True})
    previous = HandResult("blocked", None, [3, 20], [1, 4], [3, 20], [0], [0, 1], 0, None)
    deal = Deal([[T("6-1"), T("5-3"), T("2-2"), T("4-4"), T("6-6"), T("1-2")],
                 [T("5-2"), T("4-3"), T("3-3"), T("5-5"), T("0-6"), T("1-1")]],
                [BLANK] + [t for t in range(1, 28) if t not in
                           [T(x) for x in "6-1 5-3 2-2 4-4 6-6 1-2 5-2 4-3 3-3 5-5 0-6 1-1".split()]])
    state = Match(game, seed=0).start_hand(deal, HandContext(hand_number=2, previous=previous, lot=0))
    assert state.to_act == 1 and state.layout.lead == BLANK


def test_preplaced_blank_deals_the_other_27():
    game = make_game("colonels-cross", 4, {"preplaced_blank": True})
    for seed in range(20):
        deal = game.deal(random.Random(seed))
        assert deal.stock[0] == BLANK and all(BLANK not in h for h in deal.hands)
        assert sorted(deal.stock + [t for h in deal.hands for t in h]) == list(range(28))
        assert len(deal.stock) == 12   # 0-0 and the 11 undealt


def test_closing_is_public_with_its_reason():
    game = make_game("colonels-cross", 2)
    for seed in range(200):
        match = Match(game, seed=seed)
        state = match.start_hand()
        state.play_random(random.Random(seed).random)
        events = [e for a, e in state.history if kind(e) == CLOSE]
        if events:
            break
    else:
        pytest.fail("no closing in 200 hands")
    view = state.observation(0).history
    shown = [state.move_str(e) for a, e in view if kind(e) == CLOSE]
    assert shown and all(s.endswith("(its matador is stuck in the reserve)") for s in shown)
    assert all(len(s.split()) == 2 + 7 for s in shown)   # "close E" and the reason: no tile named


def test_a_closing_reason_is_registered_once_per_number():
    from domine.engine.moves import close, register_close_reason
    assert register_close_reason(1, "its matador is stuck in the reserve") == 1   # the same words again
    with pytest.raises(ValueError):
        register_close_reason(1, "another reason")
    with pytest.raises(ValueError):
        register_close_reason(16, "too big")
    assert close_reason(close(2, 5)) == "" and close_reason(close(2, 5, 1)) == "its matador is stuck in the reserve"


def main(argv: list[str]) -> None:   # pragma: no cover - the full count, by hand
    hands = int(argv[argv.index("--hands") + 1]) if "--hands" in argv else 10_000
    for gid in GAMES:
        grand = Counter()
        start = time.perf_counter()
        for _, n, o in [c for c in COMBOS if c[0] == gid]:
            stats = opening_statistics(gid, n, o, hands, seed=n)
            grand += stats
            label = f"{gid} {n}p{' preplaced-blank' if o else ''}"
            print(f"{label:36} " + ", ".join(f"{k}: {v}" for k, v in sorted(stats.items()) if k != "hands"))
        print(f"{gid} all {grand['hands']} hands in {time.perf_counter() - start:.1f}s: "
              + ", ".join(f"{k}: {v} ({100 * v / grand['hands']:.1f}%)" for k, v in sorted(grand.items())
                          if k != "hands"))


if __name__ == "__main__":   # pragma: no cover
    main(sys.argv)
