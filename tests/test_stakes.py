"""Games for stakes: the ledger, decisions as moves, records that say them, and the
numbers simulate and arena report in tokens.

The records are the committed golden ones (tests/golden/auction.json, close-at-will.json,
italian.json, rotating-partners.json), broken where a test needs a fault.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from domine.sim.arena import run_arena
from domine.games import make_game
from domine.engine.hand import HandContext
from domine.engine.match import Match
from domine.engine.position import position
from domine.records import RecordError, match_record, replay
from domine.sim.simulate import simulate
from domine.parts.stakes import BUY_BACK_MOVE, DROP_OUT_MOVE, NO_BID_MOVE, bid, transfers

GOLDEN = Path(__file__).parent / "golden"
STAKES = ("auction", "close-at-will", "italian", "rotating-partners")


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def refused(rec, *words, hand, move) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(rec)
    err = info.value
    assert (err.hand, err.move) == (hand, move), str(err)
    for w in words:
        assert w in str(err), str(err)
    assert str(err).startswith(f"hand {hand}, move {move}: ")
    return err


def find(rec, word):
    """(hand number, move number, index in the hand's moves) of the first move with ``word``."""
    for h, raw in enumerate(rec["hands"], start=1):
        for j, text in enumerate(raw["moves"]):
            if word in text:
                return h, j + 1, j
    raise AssertionError(f"no {word!r} in the record")


# -- records: the decisions read back, malformed ones refused with hand, move and reason ----
@pytest.mark.parametrize("game_id", STAKES)
def test_golden_records_carry_balances_in_the_match_result(game_id):
    rec = golden(game_id)
    report = replay(rec)
    assert report.result["balances"] == rec["result"]["balances"]
    assert sum(report.result["balances"]) == 0


def test_a_malformed_bid_is_refused_with_its_hand_move_and_reason():
    rec = golden("auction")
    h, m, j = find(rec, "bid ")
    bad = copy.deepcopy(rec)
    bad["hands"][h - 1]["moves"][j] = bad["hands"][h - 1]["moves"][j].split(":")[0] + ": bid two"
    refused(bad, "a bid names a whole number", hand=h, move=m)


def test_a_bid_not_above_the_highest_is_refused():
    rec = golden("auction")
    h, m, j = find(rec, "bid ")
    bad = copy.deepcopy(rec)
    moves = bad["hands"][h - 1]["moves"]
    opener = moves[j].split(":")[0]
    high = int(moves[j].split()[-1])
    moves[j + 1] = moves[j + 1].split(":")[0] + f": bid {high}"   # the next bidder only equals it
    assert opener != moves[j + 1].split(":")[0]
    refused(bad, f"highest bid is {high}", hand=h, move=m + 1)


def test_a_bid_out_of_an_auction_is_refused():
    rec = golden("auction")
    bad = copy.deepcopy(rec)
    bad["hands"][0]["moves"][1] = bad["hands"][0]["moves"][1].split(":")[0] + ": bid 3"
    refused(bad, "may open an auction", hand=1, move=2)


def test_a_close_that_is_not_allowed_is_refused():
    rec = golden("close-at-will")
    h, m, j = find(rec, "close")
    bad = copy.deepcopy(rec)
    seat, text = bad["hands"][h - 1]["moves"][j].split(": ")
    bad["hands"][h - 1]["moves"][j] = f"{seat}: close L 6-5"      # not a double
    refused(bad, "6-5", hand=h, move=m)
    bad["hands"][h - 1]["moves"][j] = f"{seat}: close 0-0"        # no end named
    refused(bad, "a closing names the end", hand=h, move=m)
    bad = copy.deepcopy(rec)
    bad["hands"][0]["moves"][1] = bad["hands"][0]["moves"][1].split(":")[0] + ": close L 0-0"
    refused(bad, "close", hand=1, move=2)                         # a close while able to play


def test_a_decision_out_of_place_is_refused():
    rec = golden("italian")
    bad = copy.deepcopy(rec)
    bad["hands"][0]["moves"][1] = bad["hands"][0]["moves"][1].split(":")[0] + ": buy back"
    refused(bad, "only a player past 71", hand=1, move=2)
    h, m, j = find(rec, "drop out")
    bad = copy.deepcopy(rec)
    bad["hands"][h - 1]["moves"][j] = bad["hands"][h - 1]["moves"][j].split(":")[0] + ": drop it"
    refused(bad, "drop out", hand=h, move=m)


def test_a_record_may_start_in_the_middle_of_a_match_with_its_tokens_and_absent_seats():
    game = make_game("italian", 4)
    ctx = HandContext(hand_number=5, scores=[50, 80, 40, 60], tokens=[-2, -1, -1, -1, 5], absent=1 << 1)
    match = Match(game, seed=3, context=ctx)
    state = match.start_hand(context=match.context())
    assert [len(h) for h in state.deal.hands] == [6, 0, 6, 6]
    while not state.over:
        state.apply(state.legal_moves()[0])
    match.finish_hand()
    rec = match_record(match)
    assert rec["hands"][0]["context"]["tokens"] == [-2, -1, -1, -1, 5]
    assert rec["hands"][0]["context"]["absent"] == [1]
    rec["result"] = None   # unfinished is fine
    assert replay(rec).hands == 1


# -- the ledger -------------------------------------------------------------------------------
def test_every_transfer_is_in_the_history_and_the_ledger_adds_up():
    game = make_game("close-at-will", 3)
    state = position(game, hands=[["3-5"], ["6-4", "1-1"], ["2-2", "1-3", "0-4"]], ends=[6, 5], to_act=2,
                     context=HandContext(tokens=[-1, -1, -1, 3]))
    state.apply(state.parse_move("close R 2-2"))
    assert transfers(state.history) == [(2, 0, 6), (2, 1, 6), (-1, 0, 3)]
    assert state.rules["ledger"].tokens() == [8, 5, -13, 0]


def test_auction_blocked_ranking_counts_double_blank_as_14():
    """auction example 3: B (4-6, 10, one tile) before C (10, two tiles), D (11), A (17)."""
    game = make_game("auction", 4)
    state = position(game, hands=[["0-0", "1-2"], ["4-6"], ["0-3", "3-4"], ["5-6"]], ends=[6, 6], to_act=0,
                     context=HandContext(tokens=[-5, -5, -5, -6, 21]))
    result = game.score_hand(state, "blocked", None)
    assert result.ranking == [1, 2, 3, 0]
    assert result.winners == [1]
    assert state.rules["ledger"].tokens() == [-5, 16, -5, -6, 0]


def test_decisions_read_back_in_notation():
    game = make_game("italian", 3)
    state = Match(game, seed=1).start_hand()
    for move, text in ((BUY_BACK_MOVE, "buy back"), (DROP_OUT_MOVE, "drop out"), (bid(3), "bid 3"),
                       (NO_BID_MOVE, "pass")):
        assert state.move_str(move) == text


# -- simulate and arena in tokens -------------------------------------------------------------
def test_simulate_reports_mean_tokens_per_seat_with_intervals():
    sim = simulate("close-at-will", hands=60, players=3, seed=1)
    data = sim.to_json()
    assert data["tokens_per"] == "hand"
    for seat in data["seats"]:
        lo, hi = seat["tokens_ci"]
        assert lo <= seat["mean_tokens"] <= hi
    assert abs(sum(s["mean_tokens"] for s in data["seats"])) < 1e-9   # tokens are conserved
    plain = simulate("draw", hands=10, seed=1).to_json()
    assert "tokens_per" not in plain and "mean_tokens" not in plain["seats"][0]


def test_arena_reports_the_margin_in_tokens():
    res = run_arena("greedy", "random", "close-at-will", deals=4, seed=1)
    assert res.token_margin is not None and "token_margin" in res.to_json()
    assert "token_margin" not in run_arena("greedy", "random", "draw", deals=2, seed=1).to_json()
