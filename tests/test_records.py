"""Replaying records: every fault is reported as a specific RecordError (where and why),
and unfinished matches replay as incomplete.

The faulty records are made by breaking a good one: the committed golden records
tests/golden/draw.json (3 players, a stock, two hands) and tests/golden/block.json
(tiles set aside, no stock).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from domine.bots import make_bot
from domine.games import make_game
from domine.engine.hand import Deal
from domine.engine.match import Match
from domine.engine.moves import PASS
from domine.records import RecordError, context_json, load_record, match_record, replay, save_record, seat_view
from domine.engine.tiles import parse_tile, tile_str

from helpers import bots_play, moves_made

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture
def record():
    rec = golden("draw")
    assert rec["result"] is not None and len(rec["hands"]) >= 2
    return rec


def fails(rec, *words, hand=None, move=None) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(rec)
    err = info.value
    text = str(err)
    for w in words:
        assert w in text, f"{w!r} not in {text!r}"
    assert err.hand == hand, text
    assert err.move == move, text
    if hand is not None:
        prefix = f"hand {hand}" + (f", move {move}" if move is not None else "") + ": "
        assert text.startswith(prefix), text
    return err


def play_hand(rec, number: int):
    """Replay the record's hands up to ``number`` and return (match, state of hand number)."""
    game = make_game(rec["game"], rec["players"], rec["options"])
    match = Match(game, seed=rec["seed"])
    for raw in rec["hands"][:number]:
        d = raw["deal"]
        tiles = lambda xs: [parse_tile(x, game.max_pip) for x in xs]   # noqa: E731
        state = match.start_hand(Deal([tiles(h) for h in d["hands"]], stock=tiles(d["stock"]),
                                      aside=tiles(d.get("aside", []))))
        if raw is rec["hands"][number - 1]:
            return match, state
        for text in raw["moves"]:
            state.apply(state.parse_move(text.split(":", 1)[1]))
        match.finish_hand()
    raise AssertionError("no such hand")


# ---------------------------------------------------------------------------------------
def test_the_good_records_replay(record):
    report = replay(record)
    assert report.complete and report.hands == len(record["hands"])
    assert report.scores == record["result"]["scores"]
    assert replay(golden("block")).complete


# -- the record as a whole ----------------------------------------------------------------
def test_not_a_record():
    fails([1, 2, 3], "a record is a JSON object")
    fails("hello", "a record is a JSON object")


def test_wrong_format(record):
    record["format"] = "pgn"
    fails(record, "not a domine record")
    del record["format"]
    fails(record, "not a domine record")


def test_wrong_version(record):
    record["version"] = 99
    fails(record, "unsupported record version 99")


def test_unknown_game(record):
    record["game"] = "snooker"
    fails(record, "unknown game", "snooker")


def test_bad_option_and_player_count(record):
    bad = copy.deepcopy(record)
    bad["options"] = {"colour": "red"}
    fails(bad, "draw has no option 'colour'")
    record["players"] = 9
    fails(record, "played by 2 to 4 players, not 9")


def test_hands_not_a_list(record):
    record["hands"] = {"1": {}}
    fails(record, "'hands' must be a list")


def test_a_hand_not_an_object(record):
    record["hands"][1] = ["0: 6-6"]
    fails(record, "a hand must be an object", hand=2)


# -- the deal ---------------------------------------------------------------------------
def test_bad_tile_text(record):
    record["hands"][0]["deal"]["hands"][1][2] = "7-x"
    fails(record, "hand of seat 1", "not a tile: '7-x'", hand=1)


def test_tile_outside_the_set(record):
    record["hands"][1]["deal"]["stock"][0] = "9-9"
    fails(record, "stock", "no tile '9-9'", hand=2)


def test_duplicate_tile_in_the_deal(record):
    deal = record["hands"][0]["deal"]
    twice = deal["hands"][0][0]
    deal["stock"][-1] = twice
    fails(record, f"the deal holds {twice} twice", hand=1)


def test_missing_tile_in_the_deal(record):
    deal = record["hands"][1]["deal"]
    gone = deal["stock"].pop()
    fails(record, f"the deal misses {gone}", hand=2)


def test_wrong_hand_size(record):
    deal = record["hands"][0]["deal"]
    deal["hands"][0].append(deal["hands"][2].pop())
    k = len(deal["hands"][1])
    fails(record, f"seat 0 was dealt {k + 1} tiles, not {k}", hand=1)


def test_wrong_number_of_hands_in_a_deal(record):
    record["hands"][0]["deal"]["hands"].pop()
    fails(record, "the deal must hold 3 hands", hand=1)


def test_deal_without_hands(record):
    record["hands"][0]["deal"] = {"stock": []}
    fails(record, "the deal must be an object with 'hands'", hand=1)


def test_stock_and_aside_follow_the_game(record):
    deal = record["hands"][0]["deal"]
    deal["aside"] = [deal["stock"].pop()]
    fails(record, "draw keeps undealt tiles as a stock, not aside", hand=1)
    block = golden("block")
    d = block["hands"][1]["deal"]
    d["stock"] = [d["aside"].pop()]
    fails(block, "block sets undealt tiles aside; it has no stock", hand=2)


# -- the moves --------------------------------------------------------------------------
def test_move_without_a_seat(record):
    record["hands"][0]["moves"][0] = record["hands"][0]["moves"][0].split(":", 1)[1]
    fails(record, "a move is written 'SEAT: MOVE'", hand=1, move=1)
    record["hands"][0]["moves"][0] = 17
    fails(record, "a move is written 'SEAT: MOVE'", hand=1, move=1)


def test_moves_not_a_list(record):
    record["hands"][1]["moves"] = "0: 6-6"
    fails(record, "'moves' must be a list", hand=2)


def test_move_by_the_wrong_seat(record):
    moves = record["hands"][1]["moves"]
    seat, text = moves[3].split(":", 1)
    wrong = (int(seat) + 1) % record["players"]
    moves[3] = f"{wrong}:{text}"
    fails(record, f"seat {wrong} moved, but it is seat {seat}'s turn", hand=2, move=4)


def test_illegal_pass_names_hand_and_move(record):
    _, state = play_hand(record, 2)
    moves = record["hands"][1]["moves"]
    for j, text in enumerate(moves, start=1):
        if state.layout.lead >= 0 and PASS not in state.legal_moves():
            break
        state.apply(state.parse_move(text.split(":", 1)[1]))
    else:
        pytest.fail("no turn without a pass in hand 2")
    moves[j - 1] = f"{state.acting_seat()}: pass"
    fails(record, "'pass'", "you cannot pass", hand=2, move=j)


def test_tile_not_held_names_hand_and_move(record):
    _, state = play_hand(record, 2)
    seat = state.acting_seat()
    other = next(t for t in range(28) if not state.hands[seat] >> t & 1)
    record["hands"][1]["moves"][0] = f"{seat}: {tile_str(other)}"
    fails(record, f"you do not hold {tile_str(other)}", hand=2, move=1)


def test_placement_that_fits_nowhere(record):
    _, state = play_hand(record, 2)
    moves = record["hands"][1]["moves"]
    for j, text in enumerate(moves, start=1):
        seat = state.acting_seat()
        if state.layout.lead >= 0:
            stuck = [t for t in range(28) if state.hands[seat] >> t & 1 and not state.layout.playable >> t & 1]
            if stuck:
                moves[j - 1] = f"{seat}: {tile_str(stuck[0])} L"
                fails(record, f"{tile_str(stuck[0])} fits no open end", hand=2, move=j)
                return
        state.apply(state.parse_move(text.split(":", 1)[1]))
    pytest.fail("every tile always fitted")


def test_draw_naming_another_tile(record):
    moves = record["hands"][0]["moves"]
    j = next(i for i, m in enumerate(moves) if " draw " in f" {m.split(':', 1)[1]} ")
    seat, text = moves[j].split(":", 1)
    drawn = text.split()[1]
    other = "0-0" if drawn != "0-0" else "1-0"
    moves[j] = f"{seat}: draw {other}"
    fails(record, f"the next stock tile is {drawn}", hand=1, move=j + 1)


def test_unreadable_move(record):
    record["hands"][0]["moves"][1] = record["hands"][0]["moves"][1].split(":")[0] + ": fold"
    fails(record, "not a tile: 'fold'", hand=1, move=2)


def test_move_after_the_hand_ended(record):
    moves = record["hands"][0]["moves"]
    reason = record["hands"][0]["result"]["reason"]
    moves.append("0: pass")
    fails(record, f"the hand was already over ({reason})", hand=1, move=len(moves))


def test_truncated_moves(record):
    record["hands"][0]["moves"].pop()
    fails(record, "the moves end before the hand does", hand=1)


def test_truncated_last_hand_of_a_finished_match(record):
    record["hands"][-1]["moves"].pop()
    fails(record, "the moves end before the hand does", hand=len(record["hands"]))


def test_hand_after_the_match_ended(record):
    record["hands"].append(copy.deepcopy(record["hands"][-1]))
    fails(record, "the match was already over", hand=len(record["hands"]))


# -- recorded results -------------------------------------------------------------------
def test_wrong_hand_points(record):
    res = record["hands"][0]["result"]
    good = res["points"]
    res["points"] = [p + 1 for p in good]
    fails(record, f"the record says points {res['points']}, the replay gives {good}", hand=1)


def test_wrong_hand_reason(record):
    record["hands"][0]["result"]["reason"] = "blocked"
    fails(record, "the record says reason blocked", hand=1)


def test_wrong_hand_winners(record):
    record["hands"][1]["result"]["winners"] = [9]
    fails(record, "the record says winners [9]", hand=2)


def test_wrong_running_score(record):
    good = record["hands"][0]["scores"]
    record["hands"][0]["scores"] = [s + 5 for s in good]
    fails(record, f"the record says scores {record['hands'][0]['scores']}, the replay gives {good}", hand=1)


def test_wrong_match_result(record):
    bad = copy.deepcopy(record)
    bad["result"]["scores"] = [0] * len(bad["result"]["scores"])
    fails(bad, "the record's match result says scores")
    record["result"]["winners"] = [2]
    fails(record, "the record's match result says winners [2]")


def test_match_result_claimed_too_early(record):
    record["hands"].pop()
    record["result"] = {"winners": [0], "scores": record["hands"][-1]["scores"]}
    fails(record, "the record says the match is over, but the replay has not ended it")


# -- unfinished matches -------------------------------------------------------------------
def unfinished(game_id: str, players: int, seed: int, stop: int):
    game = make_game(game_id, players)
    match = Match(game, seed=seed)
    bots = [make_bot("random", seed + s) for s in range(players)]
    made = 0
    while True:
        state = match.start_hand()
        while not state.over:
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
            made += 1
            if made == stop:
                return match
        match.finish_hand()
        assert not match.over, "pick an earlier stop"


@pytest.mark.parametrize("game_id,players", [("draw", 2), ("ordinary", 3), ("cross", 4), ("bergen", 3)])
def test_unfinished_match_replays_as_incomplete(game_id, players):
    match = unfinished(game_id, players, seed=5, stop=40)
    if match.current.over:
        match.finish_hand()   # the stop fell on a hand's last move: start one more hand
        state = match.start_hand()
        state.apply(state.legal_moves()[0])
    record = json.loads(json.dumps(match_record(match)))
    assert record["result"] is None
    last = record["hands"][-1]
    assert "result" not in last and "scores" not in last
    report = replay(record)
    assert not report.complete
    assert report.result is None
    assert report.hands == len(match.hands)
    assert report.scores == match.scores
    assert report.moves == sum(map(moves_made, match.hands)) + moves_made(match.current)


def test_unfinished_record_still_checks_its_moves():
    match = unfinished("draw", 2, seed=5, stop=10)
    record = match_record(match)
    record["hands"][-1]["moves"].append("0: 6-6 L 3 !")
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.hand == len(record["hands"])


def test_unfinished_record_between_hands():
    """All hands complete but the match not over: complete is False, scores so far."""
    rec = golden("draw")
    rec["hands"].pop()
    rec["result"] = None
    report = replay(rec)
    assert not report.complete
    assert report.scores == rec["hands"][-1]["scores"]


# -- files and views --------------------------------------------------------------------
def test_save_and_load_round_trip(tmp_path, record):
    path = tmp_path / "match.json"
    save_record(record, path)
    again = load_record(path)
    assert again == record
    assert replay(again).scores == record["result"]["scores"]


def test_load_errors(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "nothing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\": ", encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        load_record(bad)


def test_seat_view_of_a_record_is_not_replayable_but_keeps_the_moves(record):
    view = seat_view(record, 0)
    assert [len(h["moves"]) for h in view["hands"]] == [len(h["moves"]) for h in record["hands"]]
    with pytest.raises(RecordError):
        replay(view)


def test_bergen_spinner_record_replays():
    """A double lead in Bergen's spinner option: a line side and a flank are two places, and
    a record naming either must read back (a regression: both were once 'the same place')."""
    game = make_game("bergen", 2, {"set": "double-12", "spinner": True})
    hands = [["2-2", "2-9", "12-12", "5-7", "8-11", "3-10", "4-6", "6-12", "9-9"],
             ["2-5", "2-11", "2-12", "3-3", "7-8", "10-10", "4-12", "1-9", "0-6"]]
    dealt = {parse_tile(t, 12) for h in hands for t in h}
    stock = [tile_str(t) for t in range(91) if t not in dealt]
    match = Match(game, seed=0)
    state = match.start_hand(Deal([[parse_tile(t, 12) for t in h] for h in hands],
                                  stock=[parse_tile(t, 12) for t in stock]))
    for text in ("2-2", "2-5 N", "2-9 L", "2-11 S", "8-11 S"):
        state.apply(state.parse_move(text))
    record = json.loads(json.dumps(match_record(match)))
    assert record["hands"][0]["moves"] == ["0: 2-2", "1: 5-2 N", "0: 9-2 L", "1: 11-2 S", "0: 11-8 S"]
    report = replay(record)
    assert report.moves == 5 and not report.complete


# -- records of any position ---------------------------------------------------------------
def _bot_match(game, match, seed=1):
    bots = [make_bot("greedy" if s % 2 == 0 else "random", seed + s) for s in range(game.players)]
    bots_play(match, bots)
    return match


def test_a_record_may_start_in_the_middle_of_a_match():
    """Hand 4 of a cross match, scores and the previous hand's result given: the record says
    so, replays, and its later hands follow from that context (the loser of hand 3 leads)."""
    from domine.engine.hand import HandContext
    from domine.engine.results import HandResult

    game = make_game("cross", 3)
    previous = HandResult("blocked", None, [9, 3, 20], [2, 1, 3], [9, 3, 20], [1], last_placer=1)
    start = HandContext(hand_number=4, scores=[40, 12, 130], previous=previous)
    match = _bot_match(game, Match(game, seed=5, context=start))
    rec = json.loads(json.dumps(match_record(match)))
    first = rec["hands"][0]
    assert first["number"] == 4
    assert first["context"]["scores"] == [40, 12, 130] and first["context"]["previous"]["winners"] == [1]
    assert "context" not in rec["hands"][-1] or len(rec["hands"]) == 1
    assert match.hands[0].to_act is not None and match.hands[0].leader == 2   # weakest of hand 3 leads
    report = replay(rec)
    assert report.complete and report.scores == match.scores
    # the same moves without the context do not replay: the lead rule needs hand 3's result
    del first["context"]
    with pytest.raises(RecordError):
        replay(rec)


def test_context_fields_are_checked():
    rec = match_record(_bot_match(make_game("block", 2, {"target": 10}), Match(make_game("block", 2, {"target": 10}), seed=3)))
    rec["hands"][0]["context"] = {"hand_number": "two"}
    assert "hand_number" in str(fails(rec, hand=1))
    rec["hands"][0]["context"] = {"scores": ["a", 1]}
    assert "scores" in str(fails(rec, hand=1))
    rec["hands"][0]["context"] = {"colour": 1}
    assert "unknown fields colour" in str(fails(rec, hand=1))


def _from_hand(match, k: int) -> dict:
    """The record of a finished ``match`` from hand ``k`` on: its first hand carries hand k's
    context as the match dealt it (a record that starts mid-match)."""
    rec = json.loads(json.dumps(match_record(match)))
    rec["hands"] = rec["hands"][k - 1:]
    rec["hands"][0]["context"] = json.loads(json.dumps(context_json(match.hands[k - 1].context, full=True)))
    return rec


@pytest.mark.parametrize("gid", ["caribbean", "chiva", "french"])
def test_a_record_that_starts_in_a_winning_streak_ends_the_match_on_the_right_hand(gid):
    """The match end counts hands won in a row: the context carries the streak in progress,
    so the replay of the last two hands ends the match on the last, for the streak's team."""
    game = make_game(gid, 4)
    match = _bot_match(game, Match(game, seed=7))
    k = match.hands_played - 1
    team, run = match.hands[k - 1].context.streak
    assert run >= 2 and sorted(match.result.winners) == [team, team + 2]
    rec = _from_hand(match, k)
    assert rec["hands"][0]["context"]["streak"] == {"team": team, "hands": run}
    report = replay(rec)
    assert report.complete and report.hands == 2
    assert report.result["winners"] == match.result.winners and report.scores == match.scores
    # without the streak the replay loses count: the match does not end where the record says
    del rec["hands"][0]["context"]["streak"]
    fails(rec, "the match is over, but the replay has not ended it")


def test_a_record_from_hand_one_writes_no_streak():
    game = make_game("chiva", 4)
    rec = match_record(_bot_match(game, Match(game, seed=7)))
    assert all("context" not in h for h in rec["hands"])


def test_streak_contexts_are_checked():
    game = make_game("chiva", 4)
    match = _bot_match(game, Match(game, seed=7))
    rec = _from_hand(match, match.hands_played - 1)
    context = rec["hands"][0]["context"]
    for bad, words in (({"team": 0}, "streak must be"), ({"team": -1, "hands": 2}, "streak must be"),
                       ({"team": 0, "hands": 0}, "streak must be"), ([0, 2], "streak must be"),
                       ({"team": 2, "hands": 2}, "streak names team 2, but there are 2"),
                       ({"team": 0, "hands": context["hand_number"]}, "cannot come before hand")):
        context["streak"] = bad
        fails(rec, words, hand=1)
    context["hand_number"], context["streak"] = 9, {"team": 1, "hands": 4}
    fails(rec, "the match was over before hand 9 (4 hands won in a row)", hand=1)
    draw = match_record(_bot_match(make_game("draw", 2, {"target": 30}), Match(make_game("draw", 2, {"target": 30}),
                                                                                   seed=3)))
    draw["hands"][0]["context"] = {"hand_number": 2, "scores": [0, 0], "streak": {"team": 0, "hands": 1}}
    fails(draw, "draw counts no hands won in a row", hand=1)


@pytest.mark.parametrize("gid, players", [("close-at-will", 3), ("auction", 3)])
def test_a_record_that_gives_tokens_but_no_scores_ranks_by_the_balances(gid, players):
    """Close-at-will and auction score a hand by the tokens won: the scores are the balances,
    so a context that gives the tokens alone gives the scores too, and the last hand of the
    match replays to the match's own result."""
    game = make_game(gid, players)
    match = _bot_match(game, Match(game, seed=4))
    k = match.hands_played
    rec = _from_hand(match, k)
    context = rec["hands"][0]["context"]
    assert context["tokens"][:-1] == context["scores"] and context["tokens"][-1] == 0
    del context["scores"]
    report = replay(rec)
    assert report.complete and report.scores == match.scores
    assert report.result == match.result.to_json()
    # scores alone give the balances, and the match's balances follow from them
    context["scores"] = context.pop("tokens")[:-1]
    assert replay(rec).result["balances"] == match.result.balances


def test_stakes_contexts_that_contradict_themselves_are_refused():
    game = make_game("close-at-will", 3)
    match = _bot_match(game, Match(game, seed=4))
    rec = _from_hand(match, match.hands_played)
    context = rec["hands"][0]["context"]
    balances = context["tokens"][:-1]
    context["scores"] = [b + 1 for b in balances]
    fails(rec, "its scores are the balances", hand=1)
    context["scores"] = balances
    context["tokens"] = balances[:-1] + [balances[-1] - 2, 2]
    fails(rec, "the pot starts every hand of close-at-will empty", hand=1)
    context["tokens"] = balances + [0, 0]
    fails(rec, "tokens must give 4 numbers", hand=1)
    context["tokens"] = balances[:-1] + [balances[-1] + 1, 0]
    fails(rec, "tokens must add up to 0", hand=1)
    del context["tokens"]
    context["scores"] = [1, 1, 1]
    fails(rec, "scores are the token balances", hand=1)
    draw = match_record(_bot_match(make_game("draw", 2, {"target": 30}), Match(make_game("draw", 2, {"target": 30}),
                                                                                   seed=3)))
    draw["hands"][0]["context"] = {"hand_number": 2, "scores": [0, 0], "tokens": [0, 0, 0]}
    fails(draw, "draw is not played for tokens", hand=1)


def test_replay_json_lists_every_position(tmp_path):
    from helpers import runner
    from domine.cli import app

    game = make_game("draw", 3, {"target": 30})
    match = _bot_match(game, Match(game, seed=9))
    rec = match_record(match)
    path = tmp_path / "m.json"
    save_record(rec, path)
    res = runner.invoke(app, ["replay", str(path), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["valid"] and data["complete"] and data["scores"] == match.scores
    assert len(data["hands"]) == len(rec["hands"])
    for hand, raw in zip(data["hands"], rec["hands"]):
        assert [p["played"] for p in hand["positions"]] == [m.split(":", 1)[1].strip() for m in raw["moves"]]
        for p, m in zip(hand["positions"], raw["moves"]):
            assert p["to_act"] == int(m.split(":")[0])
            played = p["played"].split()[0]
            assert any(x.split()[0] == played for x in p["legal"])
        assert hand["result"]["points"] == raw["result"]["points"] and hand["scores"] == raw["scores"]
    # a broken record says where, in the same shape
    rec["hands"][0]["moves"][1] = "1: 0-0 L"
    save_record(rec, path)
    res = runner.invoke(app, ["replay", str(path), "--json"])
    assert res.exit_code == 1
    bad = json.loads(res.output)
    assert not bad["valid"] and bad["hand"] == 1 and bad["move"] == 2
