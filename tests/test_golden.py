"""Golden match records: one whole match per game, greedy bots (even seats) against
random bots (odd seats), produced once with the engine and committed in tests/golden/.

Each record is replayed move by move; every hand's points, the running scores and the
match result are asserted against the values written below (not only against the
record itself). Regenerate, after a deliberate change, with
``python tests/test_golden.py --write`` and check the new numbers by hand.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from domine.bots import make_bot
from domine.games import make_game
from domine.engine.hand import Deal
from domine.engine.match import Match
from domine.records import match_record, replay, save_record
from domine.engine.tiles import parse_tile

from helpers import bots_play

GOLDEN = Path(__file__).parent / "golden"

# game -> how the match was made, and what it must replay to.
SPECS = {
    "block": dict(players=2, options={"target": 20}, seed=31),
    "draw": dict(players=3, options={"target": 20}, seed=2),
    "partners": dict(players=4, options={"target": 30}, seed=4),
    "blitz": dict(players=4, options={"target": 30}, seed=28),
    "cross": dict(players=3, options={"target": 30}, seed=38),
    "matador": dict(players=2, options={"target": 30}, seed=23),
    "ordinary": dict(players=3, options={"target": 30}, seed=16),
    "bergen": dict(players=2, options={"target": 8}, seed=42),
    "family": dict(players=2, options={"rounds": 2}, seed=15),
    "two-no-draw": dict(players=2, options={"hands": 2}, seed=1),
    "individual": dict(players=3, options={"target": 30}, seed=2),
    "caribbean": dict(players=4, options={"max_hands": 2}, seed=1),
    "chiva": dict(players=4, options={}, seed=4),
    "shut-out": dict(players=2, options={}, seed=1),
    "lightning": dict(players=4, options={"target": 30}, seed=38),
    "jubilee": dict(players=2, options={"target": 30}, seed=12),
    "two-by-two": dict(players=3, options={"target": 30}, seed=2),
    "grape": dict(players=4, options={}, seed=19),
    "two-hander": dict(players=2, options={"start": 25}, seed=3),
    "troli": dict(players=5, options={"target": 20}, seed=5),
    "all-fives": dict(players=3, options={"target": 40}, seed=32),
    "four-crosses": dict(players=3, options={"target": 30}, seed=51),
    "french": dict(players=4, options={"max_hands": 3}, seed=1),
    "sevastopol": dict(players=4, options={"target": 30}, seed=3),
    "sevastopol-star": dict(players=3, options={"variant": True, "target": 30}, seed=1),
    "homo-homini-lupus": dict(players=4, options={"hands": 2}, seed=1),
    "slosh": dict(players=4, options={}, seed=1),
    "mexican-train": dict(players=2, options={}, seed=3),
    "matador-cross": dict(players=3, options={"target": 30}, seed=1),
    "russian-cross": dict(players=2, options={"target": 30}, seed=3),
    "russian-double-cross": dict(players=3, options={"target": 30}, seed=4),
    "colonels-cross": dict(players=3, options={"target": 30}, seed=8),
    "generals-cross": dict(players=3, options={"target": 30}, seed=20),
    "close-at-will": dict(players=3, options={"hands": 2}, seed=1),
    "rotating-partners": dict(players=4, options={}, seed=2),
    "italian": dict(players=4, options={"max_buy_backs": 1}, seed=5),
    "auction": dict(players=3, options={"hands": 2}, seed=7),
    "network": dict(players=3, options={}, seed=5),
    "blind": dict(players=3, options={"target": 40}, seed=2),
    "blind-row": dict(players=2, options={"target": 40}, seed=20),
    "blind-hughie": dict(players=4, options={"spinner": True, "target": 60}, seed=3),
}

# game -> (reason and points of every hand, final scores, match winners, drawn).
# Every hand value behind these points was recomputed by hand from the recorded moves.
# Worth noting: ordinary's hand 2 opens with a drawn 6-4 and seat 0 lays both 4-4 and 6-6
# out of turn (then loses two turns); cross's hand 2 has the loser drawing until 6-6;
# matador's hand 2 ends on a dead layout; bergen's hand 2 ends at the target on its lead
# (2 for the double 4-4); family is a drawn match (one round each). The games added with
# engine v2 were checked by replay and, for jubilee's and two-hander's points, by hand:
# two-hander counts down from 25 (seat 1 reaches 0 in hand 7 and, lower, wins); caribbean's
# cap of 2 hands ends a drawn match before a streak of 6; grape's hands all play out.
EXPECTED = {
    "block": ([("domino", [16, 0]), ("blocked", [21, 0])], [37, 0], [0], False),
    "draw": ([("domino", [0, 9, 0]), ("domino", [22, 0, 0])], [22, 9, 0], [0], False),
    "partners": ([("domino", [8, 14]), ("blocked", [34, 3])], [42, 17], [0, 2], False),
    "blitz": ([("blocked", [0, 0, 28, 0]), ("domino", [0, 0, 0, 45])], [0, 0, 28, 45], [3], False),
    "cross": ([("domino", [9, 6, 0]), ("domino", [9, 37, 0])], [18, 43, 0], [2], False),
    "matador": ([("domino", [7, 0]), ("dead", [17, 61])], [24, 61], [0], False),
    "ordinary": ([("blocked", [5, 6, 29]), ("blocked", [62, 8, 7])], [67, 14, 36], [1], False),
    "bergen": ([("domino", [6, 0]), ("target", [2, 0])], [8, 0], [0], False),
    "family": ([("domino", [0, 1]), ("domino", [1, 0])], [1, 1], [], True),
    "two-no-draw": ([("blocked", [17, 20]), ("blocked", [22, 15])], [39, 35], [1], False),
    "individual": ([("domino", [7, 15, 0]), ("domino", [2, 0, 74])], [9, 15, 74], [2], False),
    "caribbean": ([("domino", [1, 0]), ("domino", [1, 0])], [2, 0], [], True),
    "chiva": ([("domino", [1, 0]), ("domino", [1, 0]), ("blocked", [1, 0]), ("blocked", [1, 0])],
              [4, 0], [0, 2], False),
    "shut-out": ([("pass", [0, 1]), ("domino", [1, 0]), ("domino", [1, 0]), ("pass", [1, 0]),
                  ("domino", [1, 0]), ("domino", [1, 0])], [5, 1], [0], False),
    "lightning": ([("blocked", [0, 0, 0, 0]), ("domino", [76, 0, 0, 0])], [76, 0, 0, 0], [0], False),
    "jubilee": ([("domino", [25, -30]), ("target", [5, 0])], [30, -30], [0], False),
    "two-by-two": ([("domino", [0, 29, 5]), ("blocked", [26, 21, 13])], [26, 50, 18], [2], False),
    "grape": ([("played out", [0, 0, 1, 0]), ("played out", [1, 0, 0, 0]), ("played out", [0, 0, 1, 1]),
               ("played out", [0, 0, 1, 0]), ("played out", [0, 0, 1, 0]), ("played out", [1, 0, 1, 0])],
              [2, 0, 5, 1], [2], False),
    "two-hander": ([("domino", [0, -4]), ("blocked", [-4, 0]), ("domino", [0, -3]), ("domino", [0, 0]),
                    ("domino", [0, -5]), ("domino", [0, 0]), ("domino", [0, -13])], [21, 0], [1], False),
    "troli": ([("domino", [9, 18, 6, 6, 0]), ("domino", [0, 5, 7, 19, 18])], [9, 23, 13, 25, 18], [0], False),
    # all-fives, checked count by count: hand 1 (6-6 led) blocks; seat 1 scored 5, 10 and 10
    # in play, seat 0 (6 pips alone lowest) scores R(15 + 9 - 6) = 20; seat 1 (after the
    # leader) leads hand 2 and its 4-3 makes the count 3 + 12 = 15, reaching 40 mid-hand.
    "all-fives": ([("blocked", [20, 25, 0]), ("target", [0, 15, 15])], [20, 40, 15], [1], False),
    # four-crosses' hand 1: the E arm waits for 4-4, a reserved tile, and is closed with it after a
    # round of passes; blocked at 5 (1-1 2-1), 11 (3-1 4-3), 11 (1-0 4-0 4-2): seat 2 loses on more
    # tiles and leads hand 2, which seat 0 wins by domino (27 with 0-0 counting 0, and 21).
    "four-crosses": ([("blocked", [5, 11, 11]), ("domino", [0, 27, 21])], [5, 38, 32], [0], False),
    # the cross games: french's cap of 3 hands draws the match (A, B, A: no streak of 6);
    # sevastopol's hand 3 is blocked; sevastopol-star is the 3-player variant (drawing, 5-5 or
    # lower may lead); homo-homini-lupus' hands both end with all four arms closed, in halves.
    "french": ([("domino", [1, 0]), ("domino", [0, 1]), ("domino", [1, 0])], [2, 1], [], True),
    "sevastopol": ([("domino", [4, 0, 1, 11]), ("domino", [4, 13, 0, 5]), ("blocked", [5, 18, 3, 8])],
                   [13, 31, 4, 24], [2], False),
    "sevastopol-star": ([("domino", [0, 22, 0]), ("domino", [0, 0, 23]), ("domino", [0, 0, 16])],
                        [0, 22, 39], [2], False),
    "homo-homini-lupus": ([("closed", [-215.0, 75.0, 25.0, 115.0]), ("closed", [25.0, 115.0, 55.0, -195.0])],
                          [-190.0, 190.0, 80.0, -80.0], [1], False),
    # slosh: seven hands, one per engine 4-4 ... 3-3, each seat adding his own pips
    "slosh": ([("domino", [11, 18, 0, 15]), ("domino", [9, 11, 5, 0]), ("domino", [0, 11, 22, 21]),
               ("blocked", [19, 15, 34, 43]), ("domino", [6, 0, 32, 27]), ("blocked", [33, 8, 12, 21]),
               ("blocked", [4, 2, 37, 9])], [82, 65, 142, 136], [1], False),
    # mexican-train: the full 13 rounds, engines 12-12 down to 0-0, seats 0 and 1 starting in
    # turn; hand 2 ends with seat 0 holding only 0-0 (0 points); hands 6-8 and 10 are blocked.
    "mexican-train": ([("domino", [14, 0]), ("domino", [0, 0]), ("domino", [0, 94]), ("domino", [0, 59]),
                       ("domino", [65, 0]), ("blocked", [90, 99]), ("blocked", [42, 16]),
                       ("blocked", [107, 142]), ("domino", [2, 0]), ("blocked", [28, 94]),
                       ("domino", [61, 0]), ("domino", [0, 67]), ("domino", [54, 0])],
                      [463, 571], [0], False),
    # the Russian crosses, each seat adding his own pips: matador-cross' hand 2 ends on a dead
    # layout; russian-cross' hand 1 closes W with 5-2 itself (the reserve's first tile) after a
    # round of passes, and hand 2 ends on a dead layout; russian-double-cross' hand 1 marks the S
    # slot dead after a round of passes and then ends on a dead layout.
    "matador-cross": ([("domino", [0, 5, 20]), ("dead", [2, 34, 4])], [2, 39, 24], [0], False),
    "russian-cross": ([("domino", [19, 0]), ("dead", [12, 7])], [31, 7], [1], False),
    "russian-double-cross": ([("dead", [11, 24, 24]), ("domino", [18, 35, 0])], [29, 59, 24], [2], False),
    # colonels-cross: hand 1 opens with seat 1's 0-0 and ends dead (every arm on 0) at 23 (6-5 6-6),
    # 14 (1-1 2-1 3-0 3-3), 4 (4-0); in hand 2 0-0 is laid from the stock, seat 0 (the loser) plays
    # first, side S is closed with the first reserve tile (6-1 stays in the reserve) after a round
    # of passes, and the layout dies again at 20, 75 (eleven tiles) and 22.
    "colonels-cross": ([("dead", [23, 14, 4]), ("dead", [20, 75, 22])], [43, 89, 26], [2], False),
    # generals-cross: 0-0 is laid from the stock in both hands (the lot's seat 2, then seat 0, the
    # loser on 18 pips, plays first); each hand closes side S, its matador in the reserve; seat 2
    # goes out in hand 1 (18: 1-0 2-1 3-0 3-2 6-0; 17: 5-0 6-6), hand 2 dies at 29, 17, 30.
    "generals-cross": ([("domino", [18, 17, 0]), ("dead", [29, 17, 30])], [47, 34, 30], [2], False),
    # close-at-will (points are chips won): hand 1 is a failed close (seat 1 closes, his count not the
    # lowest: he pays 2 x 3 to each opponent, seat 2 has the lowest count and takes the pot)
    "close-at-will": ([("closed", [5, -13, 8]), ("domino", [-1, 2, -1])], [4, -11, 7], [2], False),
    # rotating-partners: partners I+II, I+III, I+IV, ... each adding the other side's pips; after
    # hand 6 only seat 2 has passed 100 (102) and takes the pot of 20 alone
    "rotating-partners": ([("domino", [5, 5, 19, 19]), ("blocked", [31, 10, 31, 10]), ("domino", [14, 11, 11, 14]),
                           ("domino", [12, 12, 7, 7]), ("domino", [4, 7, 4, 7]), ("domino", [10, 30, 30, 10])],
                          [76, 75, 102, 67], [2], False),
    # italian (penalty points; at most one buy-back each): buy-backs set a total to the highest
    # still in (the negative points), seats drop out, and seat 0, the last one in, takes the pot
    "italian": ([("blocked", [11, 37, 14, 12]), ("blocked", [0, 1, 19, 8]), ("domino", [10, 19, 0, 0]),
                 ("blocked", [9, -3, 15, 34]), ("domino", [4, 0, 15, 4]), ("domino", [0, 13, 4, 36]),
                 ("domino", [0, 22, 0, 0]), ("blocked", [36, 0, 3, 0]), ("domino", [0, 0, 14, 0])],
                [70, 89, 84, 94], [0], False),
    # auction (points are tokens won): antes of 3, a token per tile bought, an auction in
    # hand 1 (seat 1 opens at 1 and buys); each hand's winner takes its pot
    # auction: hand 1 seat 1 raises to 2 (bids are listed up to their bound, 14 with 3 players)
    "auction": ([("domino", [13, -10, -3]), ("domino", [-3, 7, -4])], [10, -3, -7], [0], False),
    # network, checked half by half: every 3 is a majority (hand 1: 6, seat 0 with 4 halves;
    # hand 2: 5 and 6 tie at 8, seats 0 and 1; hand 3: 4, seats 0 and 1 tied at 3; hand 4: 0 and
    # 5 tie at 7, seats 0 and 2); hand 3's 1 is seat 2's ring, closed by 5-0 on R.
    "network": ([("domino", [3, 0, 0]), ("domino", [3, 3, 0]), ("domino", [3, 3, 1]), ("blocked", [3, 0, 3])],
                [12, 6, 4], [0], False),
    # blind: penalties, each seat its own pips (seat 1 went out, then a block where seat 1 had
    # 6); seat 2 passes 40 and seat 1, lowest, wins. blind-row: hand 2 is a stalemate, won by
    # seat 0's lower count (35 = seat 1's pips). blind-hughie: the first double is a spinner.
    "blind": ([("domino", [26, 0, 21]), ("blocked", [8, 6, 22])], [34, 6, 43], [1], False),
    "blind-row": ([("domino", [24, 0]), ("stalemate", [35, 0])], [59, 0], [0], False),
    "blind-hughie": ([("domino", [0, 0, 58, 0]), ("domino", [75, 0, 0, 0])], [75, 0, 58, 0], [0], False),
}


def bots_for(players: int, seed: int):
    return [make_bot("greedy" if s % 2 == 0 else "random", seed + s) for s in range(players)]


def make_record(game_id: str) -> dict:
    spec = SPECS[game_id]
    game = make_game(game_id, spec["players"], spec["options"])
    match = Match(game, seed=spec["seed"])
    bots = bots_for(game.players, spec["seed"])
    bots_play(match, bots)
    return match_record(match, seats=[b.name for b in bots])


def load(game_id: str) -> dict:
    return json.loads((GOLDEN / f"{game_id}.json").read_text(encoding="utf-8"))


def test_there_is_a_golden_record_for_every_game():
    from domine.games import GAMES
    assert set(SPECS) == set(GAMES) == set(EXPECTED)
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(GAMES)


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_golden_record_replays_to_the_expected_scores(game_id):
    record = load(game_id)
    hands, scores, winners, drawn = EXPECTED[game_id]
    spec = SPECS[game_id]
    assert record["game"] == game_id and record["players"] == spec["players"]
    assert record["options"] == spec["options"]

    report = replay(record)
    assert report.complete
    assert report.hands == len(hands)
    assert report.scores == scores
    assert report.result["scores"] == scores
    assert report.result["winners"] == winners
    assert report.result["drawn"] is drawn
    assert report.moves == sum(len(h["moves"]) for h in record["hands"])


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_golden_record_hand_by_hand(game_id):
    """Step through each hand with the engine and check its points as they are scored."""
    record = load(game_id)
    hands, scores, winners, drawn = EXPECTED[game_id]
    game = make_game(game_id, record["players"], record["options"])
    match = Match(game, seed=record["seed"])
    tiles = lambda items: [parse_tile(x, game.max_pip) for x in items]   # noqa: E731
    running = [game.starting_score] * len(scores)
    assert len(record["hands"]) == len(hands)
    for raw, (reason, points) in zip(record["hands"], hands):
        deal = raw["deal"]
        state = match.start_hand(Deal([tiles(h) for h in deal["hands"]], stock=tiles(deal["stock"]),
                                      aside=tiles(deal.get("aside", []))))
        for text in raw["moves"]:
            assert not state.over
            seat, move = text.split(":", 1)
            assert int(seat) == state.acting_seat()
            state.apply(state.parse_move(move))
        assert state.over
        assert state.result.reason == reason
        assert state.result.points == points
        assert raw["result"]["points"] == points
        running = [a + b for a, b in zip(running, points)]
        match.finish_hand()
        assert match.scores == running == raw["scores"]
    assert match.over
    assert match.result.scores == scores
    assert match.result.winners == winners
    assert match.result.drawn is drawn
    assert record["result"]["scores"] == scores and record["result"]["winners"] == winners


# ordinary's record was made before greedy learned to announce its last tile (Jedan
# Kamen); it stays as a hand-checked golden replay, but today's greedy plays it otherwise.
REMADE = sorted(g for g in SPECS if g != "ordinary")


@pytest.mark.parametrize("game_id", REMADE)
def test_golden_record_is_made_again_by_the_same_seed_and_bots(game_id):
    """The same seed deals the same hands and the same bots make the same moves.

    This pins the dealing and the bots as well as the rules: after a deliberate change to
    either, regenerate the files (see the module docstring)."""
    assert json.loads(json.dumps(make_record(game_id))) == load(game_id)


if __name__ == "__main__":   # pragma: no cover
    if "--write" in sys.argv:
        GOLDEN.mkdir(exist_ok=True)
        for gid in REMADE:
            rec = make_record(gid)
            save_record(rec, GOLDEN / f"{gid}.json")
            print(gid, [(h["result"]["reason"], h["result"]["points"]) for h in rec["hands"]],
                  rec["result"])
