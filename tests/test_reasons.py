"""Reasons as data (domine.engine.reasons): every refused move or input carries a reason code of
``REASONS`` and its parameters, and its English sentence is rendered from them.

``SITUATIONS`` gives every code at least once, from real positions, moves and texts; for each,
the error's params are JSON, fill its template exactly, and render ``str(error)``. The source
builds no sentence where it refuses a move, docs/reasons.md is the table the registry makes,
and a translation renders from the same codes. (Every game's random unlisted moves carry a
registered code: tests/test_properties.py, ``test_listed_moves_apply_and_unlisted_moves_do_not``.)
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest
from helpers import T, later_hand, make_deal, play_out

from domine.engine.hand import HandContext, HandState
from domine.engine.match import Match
from domine.engine.moves import (
    DECLINE, DRAW, PASS, SKIP, AmbiguousMove, IllegalMove, MalformedMove, MoveError, pair, place,
)
from domine.engine.notation import explain_illegal, why_illegal
from domine.engine.position import position
from domine.engine.reasons import (
    AMBIGUOUS, ENGLISH, ENGLISH_WORDS, ILLEGAL, MALFORMED, PARAMS, REASONS, TILE, Catalog, Reason, because,
    fields_of, reasons_doc,
)
from domine.engine.tiles import TileError, parse_tile
from domine.bots import BotError, make_bot
from domine.engine.reasons import BOT, GAME, RECORD, VARIANT, Refusal
from domine.games import game_class, make_game
from domine.games.base import GameError
from domine.records import RecordError, load_record, record_from_text, replay
from domine.variants import VariantError, read_variant
from domine.parts.rows import BACK, PEEK
from domine.parts.stakes import NO_BID_MOVE, bid

ROOT = Path(__file__).resolve().parent.parent
ERRORS = {ILLEGAL: (IllegalMove, RecordError), MALFORMED: MalformedMove, AMBIGUOUS: AmbiguousMove,
          TILE: (TileError, MalformedMove), GAME: GameError, BOT: BotError, RECORD: RecordError,
          VARIANT: VariantError}

#: reason code -> the situations that give it: functions returning the error raised
SITUATIONS: dict[str, list] = {}


def gives(code: str):
    def register(make):
        SITUATIONS.setdefault(code, []).append(make)
        return make
    return register


def refused(action, error=MoveError):
    with pytest.raises(error) as info:
        action()
    return info.value


def parsing(state, text: str):
    return refused(lambda: state.parse_move(text))


def applying(state, move: int):
    return refused(lambda: state.apply(move))


def unchecked(state, move: int):
    """A move handed to the phase as it stands, unchecked (a bot's int)."""
    return refused(lambda: state.apply_unchecked(move))


# -- positions -----------------------------------------------------------------------------------
def line():
    """Draw, ends 3 and 5: seat 0 holds 3-5 (both ends), 5-5, 2-6; a stock of three."""
    return position(make_game("draw", 2), hands=[["3-5", "5-5", "2-6"], ["0-0", "1-1"]], ends=[3, 5],
                    stock=["4-4", "1-2", "0-1"])


def stuck(stock=("1-2", "4-4", "3-3", "2-2")):
    """Draw, ends 5 and 6: seat 0 holds nothing that fits, seat 1 does; the stock's last two
    tiles are its reserve."""
    return position(make_game("draw", 2), hands=[["1-1", "0-2"], ["5-4"]], ends=[5, 6], stock=list(stock))


def drew_a_fit():
    """Draw: seat 0, stuck, draws 5-3, which fits and must be placed."""
    state = stuck(stock=("5-3", "4-4", "3-3", "2-2"))
    state.apply(DRAW)
    return state


def ordinary_hand_two(hands=("1-2 0-4 2-6 1-4", "5-5 0-1 2-4 6-6", "3-6 0-2 1-5 4-6", "3-3 0-6 2-5 4-4")):
    """Ordinary example 1: hand 2, seat 0 (the weakest) holds no double and draws for his lead."""
    return later_hand(make_game("ordinary", 4), list(hands), "3-5")


def offered():
    """Ordinary example 1: seat 0 leads the drawn 5-3; 5-5 is offered to seat 1 out of turn."""
    state = ordinary_hand_two()
    state.apply(state.parse_move("draw"))
    state.apply(state.parse_move("5-3"))
    return state


def auction(to_act=1, hands=(["0-2", "0-5"], ["2-2", "3-5"], ["0-3"], ["5-6"]), stock=("4-6", "1-6")):
    """Auction example 2: ends 4 and 1, two tiles left in the stock; seat 1 cannot place."""
    return position(make_game("auction", 4), hands=[list(h) for h in hands], ends=[4, 1], stock=list(stock),
                    to_act=to_act, context=HandContext(tokens=[-6, -3, -3, -3, 15]))


def italian_bust():
    """Italian example 1: seat 0 goes out; seats 1 and 3 are past 71 and decide."""
    state = position(make_game("italian", 4), hands=[["1-2"], ["3-6"], ["6-6"], ["5-6", "0-4"]], ends=[1, 0],
                     context=HandContext(hand_number=2, scores=[50, 66, 30, 60], tokens=[-1, -1, -1, -1, 4]))
    state.apply(state.parse_move("1-2 L"))
    return state


def blind_row(stock=("0-0", "1-3")):
    """Blind-row example 1: seat 0 has looked at his front tile, 3-4, which fits the 4 end."""
    return position(make_game("blind-row", 2), hands=[["3-4", "6-6", "0-1"], ["5-5", "1-1"]], ends=[4, 2],
                    stock=list(stock), table={"idle": 0})


def two_by_two(hands):
    return position(make_game("two-by-two", 2), hands=hands, ends=[6, 6], stock=["6-3", "1-2"])


def four_crosses(stock=("3-5", "2-6", "0-3", "0-0", "2-2"), hands=(["1-3", "5-6"], ["3-4", "1-4"]), **more):
    """Four-crosses example 2: the figure on 4-4, arms N and E on their doubles; S and W wait."""
    return position(make_game("four-crosses", 2, more.pop("options", None)), hands=[list(h) for h in hands],
                    lead="4-4", placed=more.pop("placed", ["4-1 N", "4-6 E", "4-0 S", "4-2 W", "1-1 N", "6-6 E"]),
                    stock=list(stock), **more)


#: (code, position, text typed there): the refusals a text meets in a fresh position
TYPED = [
    ("must-draw-to-lead", ordinary_hand_two, "1-2"),
    ("not-your-tile", line, "1-1"),
    ("not-your-tile", line, "discard 1-1"),
    ("not-your-tile", line, "close L 1-1"),
    ("must-place-drawn", drew_a_fit, "1-1"),
    ("offer-pending", offered, "0-1"),
    ("fits-no-open-end", line, "2-6"),
    ("placement-elsewhere", line, "5-5 L"),
    ("drawn-tile-fits", drew_a_fit, "draw"),
    ("draw-while-tile-fits", line, "draw"),
    ("not-next-stock-tile", stuck, "draw 4-4"),
    ("must-draw", stuck, "pass"),
    ("pass-while-tile-fits", line, "pass"),
    ("stop-not-now", line, "stop"),
    ("no-offer", line, "decline"),
    ("discard-while-tile-fits", line, "discard 3-5"),
    ("no-closing-now", line, "close L 3-5"),
    ("empty-move", line, "  "),
    ("unreadable-word", line, "5-3 X"),
    ("discard-names-tile", line, "discard"),
    ("closing-names-end-and-tile", line, "close"),
    ("pair-written", line, "5-3 L +"),
    ("no-pair-now", line, "5-3 L + 5-5 R"),
    ("ambiguous", line, "3-5"),
    ("not-a-tile", line, "x-y"),
    ("no-such-tile", line, "7-1 L"),
    ("cannot-lay-now", blind_row, "6-6"),
    ("not-a-move-here", blind_row, "stop"),
    ("open-only-looked-double", blind_row, "open"),
    ("not-the-deciding-tile", blind_row, "open 6-6"),
    ("peek-not-now", blind_row, "peek"),
    ("back-written", blind_row, "back up"),
    ("bid-names-number", auction, "bid one"),
    ("drop-out-written", italian_bust, "drop"),
    ("nothing-to-decide", line, "bid 1"),
    ("not-ascii-digit", line, "5-3 \u00b2"),   # 5-3 ², AltGr+2 on many keyboards
    ("not-ascii-digit", auction, "bid \u2461"),   # bid ②
    ("two-ends", line, "3-5 L R"),
    ("two-open-pips", line, "3-5 L 3 5"),
    ("number-too-long", auction, "bid " + "9" * 5000),
]
for _code, _position, _text in TYPED:
    gives(_code)(lambda position=_position, text=_text: parsing(position(), text))


# -- any move ------------------------------------------------------------------------------------
@gives("hand-over")
def _():
    state = line()
    play_out(state)
    return applying(state, PASS)


@gives("hand-over")
def _():
    state = line()
    play_out(state)
    return unchecked(state, PASS)   # the phase over refuses too


@gives("not-a-move")
def _():
    return applying(line(), -1)


@gives("not-a-move")
def _():
    return applying(line(), PEEK)   # a kind of the row games


@gives("not-a-move")
def _():
    return unchecked(blind_row(), DECLINE)   # a row phase handed a kind it never lists


@gives("not-legal-here")
def _():
    state = auction(hands=(["0-2", "0-5"], ["2-2", "3-5"], ["1-3"], ["5-6"]))
    state.apply(state.parse_move("bid 1"))   # seat 2 holds 1-3, which fits; in the auction, only bids
    return parsing(state, "1-3 R")


# -- the lead --------------------------------------------------------------------------------------
@gives("lead-not-allowed")
def _():
    state = ordinary_hand_two()
    state.apply(DRAW)
    return parsing(state, "1-2")


@gives("lead-not-allowed")
def _():
    state = ordinary_hand_two(("1-2 5-5 2-6 6-6", "3-3 0-1 2-4 0-4", "3-6 0-2 1-5 4-6", "1-4 0-6 2-5 4-4"))
    err = parsing(state, "1-2")
    assert str(err) == "2-1 may not lead; you must lead 5-5 or 6-6"
    return err


# -- placements ------------------------------------------------------------------------------------
@gives("locked-last-tile")
def _():
    state = position(make_game("ordinary", 2), hands=[["1-2", "3-4"], ["2-5", "6-6", "0-0"]], ends=[1, 3],
                     stock=["0-1", "0-6", "1-1", "4-4"])
    state.apply(state.parse_move("1-2 L"))   # his last tile, 3-4, unannounced: locked
    state.apply(state.parse_move("2-5 L"))
    return parsing(state, "3-4 R")


@gives("must-play-pair")
def _():
    state = two_by_two([["6-1", "2-2", "6-3"], ["1-1", "3-4"]])
    return parsing(state, "6-1 L")


@gives("single-only-last-tile")
def _():
    return parsing(two_by_two([["4-0", "6-2"], ["1-1", "2-5"]]), "6-2 L")


@gives("fits-no-usable-end")
def _():
    state = position(make_game("slosh", 4), hands=[["3-3", "0-1"], ["2-3", "0-6"], ["3-6", "1-4", "5-5"],
                                                  ["1-5", "0-0"]],
                     lead="4-4", placed=["2-4 A0", "4-6 A1", "4-5 A3"], to_act=2, rest="aside")
    return parsing(state, "5-5 A3")


# -- the openings of crosses, figures and spinners -----------------------------------------------------
@gives("spinner-sides-first")
def _():
    state = position(make_game("cross", 2), hands=[["1-3", "0-0"], ["6-2", "3-3"]], lead="6-6",
                     placed=["6-1 N"], stock=["4-4", "5-5", "2-2", "0-1"])
    return parsing(state, "1-3 N")


@gives("figure-opening")
def _():
    return parsing(four_crosses(hands=(["1-3", "5-6"], ["3-4", "3-3"]), placed=["4-1 N"]), "1-3 N")


@gives("figure-sides-first")
def _():
    state = four_crosses(hands=(["1-1", "5-6"], ["3-4", "3-3"]), placed=["4-1 N"], options={"sides_first": True})
    return parsing(state, "1-1 N")


@gives("spinner-ends-wait")
def _():
    state = position(make_game("all-fives", 2), hands=[["5-2", "0-0"], ["3-3", "1-1"]], lead="5-5",
                     placed=["5-1 L"], stock=["4-4", "2-2"])
    return parsing(state, "5-2 N")


@gives("centre-sides-first")
def _():
    err = _first_opening_refusal(Match(make_game("russian-cross", 2), 1).start_hand())
    assert "(one of 0-0, 4-3, 5-2, 6-1)" in str(err)   # its sides take only the matadors
    return err


@gives("centre-sides-first")
def _():
    return _first_opening_refusal(Match(make_game("colonels-cross", 2), 1).start_hand())


@gives("centre-sides-or-slots")
def _():
    return _first_opening_refusal(Match(make_game("generals-cross", 2), 1).start_hand())


@gives("centre-slot-before-arm")
def _():
    return _first_opening_refusal(Match(make_game("russian-double-cross", 2, {"early_arms": True}), 1).start_hand())


@gives("centre-slots-before-arms")
def _():
    err = _first_opening_refusal(Match(make_game("russian-double-cross", 2), 1).start_hand())
    assert "(one of" not in str(err)   # any tile may fill a side
    return err


def _first_opening_refusal(state):
    """Play the first listed move until some tile a seat holds matches an end that waits for the
    opening: the refusal of that tile."""
    from domine.engine.tiles import BIT, tiles_of
    while not state.over:
        lay, seat = state.layout, state.acting_seat()
        if lay.lead >= 0 and lay.in_opening():
            waiting = lay.reachable() & ~lay.playable & state.hands[seat]
            for t in tiles_of(waiting):
                for end in range(len(lay.values)):
                    if BIT[t] & lay.ever_accepts(end):
                        return applying(state, place(t, end, lay.values[end]))
        state.apply(state.legal_moves()[0])
    raise AssertionError("the opening never refused a tile")


# -- draw, pass, stop, decline, discard, pair, close -------------------------------------------------
@gives("draw-exhausted")
def _():
    return parsing(stuck(stock=("3-3", "2-2")), "draw")   # the reserve only


@gives("draw-limit")
def _():
    state = four_crosses()
    state.apply(DRAW)
    state.apply(DRAW)   # two drawn, neither fits: the limit
    return parsing(state, "draw")


@gives("must-discard")
def _():
    state = position(make_game("grape", 4), hands=[["2-4", "1-5", "6-6"], ["0-0", "1-1"], ["2-2", "3-3"],
                                                   ["4-4", "5-5"]], ends=[3, 0])
    return parsing(state, "pass")


@gives("pair-not-legal")
def _():
    return applying(line(), pair(place(T("3-5"), 0, 5), place(T("5-5"), 1, 5)))


@gives("closing-not-allowed")
def _():
    state = position(make_game("close-at-will", 2), hands=[["3-3", "1-4", "6-0"], ["6-6", "2-6"]], ends=[5, 2],
                     stock=["0-1", "1-1", "0-2", "2-2"], context=HandContext(tokens=[-1, -1, 2]))
    return parsing(state, "close L 1-4")


# -- a phase handed a move it never lists -----------------------------------------------------------
@gives("not-a-lead")
def _():
    state = ordinary_hand_two()
    state.apply(DRAW)
    return unchecked(state, PASS)


@gives("not-a-draw")
def _():
    return unchecked(ordinary_hand_two(), PASS)


@gives("not-offered")
def _():
    return unchecked(offered(), PASS)


@gives("not-a-seat-move")
def _():
    return unchecked(line(), bid(1))   # a decision in a game without any


@gives("not-a-seat-move")
def _():
    return unchecked(auction(), NO_BID_MOVE)   # an auction opens with a bid


@gives("not-a-seat-move")
def _():
    return unchecked(italian_bust(), bid(1))


# -- replaying a log ---------------------------------------------------------------------------------
def _draw_hand():
    game = make_game("draw", 2)
    deal = make_deal(game, [["6-6", "1-2"], ["5-5", "0-1"]], rest="stock")
    return game, deal


@gives("not-your-turn")
def _():
    game, deal = _draw_hand()
    return refused(lambda: HandState.from_events(game, deal, [(1, place(T("5-5"), 31, 5))]))


@gives("log-differs-from-rules")
def _():
    game = make_game("auction", 4)
    hand = Match(game, 3).start_hand()   # every seat antes 3: events of the rules
    events = [list(e) for e in hand.history]
    events[0][1] += 1 << 24   # an ante of 4
    return refused(lambda: HandState.from_events(game, hand.deal, events, hand.context))


@gives("log-differs-from-move")
def _():
    game, deal = _draw_hand()
    lead = HandState(game, deal).parse_move("6-6")
    other = deal.stock[1]   # not the tile on top of the stock
    return refused(lambda: HandState.from_events(game, deal, [(0, lead), (1, DRAW | other)]))


@gives("rules-event-not-made")
def _():
    game, deal = _draw_hand()
    return refused(lambda: HandState.from_events(game, deal, [(-1, SKIP)]))


# -- reading text ---------------------------------------------------------------------------------------
@gives("lead-names-no-end")
def _():
    return parsing(Match(make_game("draw", 2), 1).start_hand(), "6-6 L")


@gives("pair-not-listed")
def _():
    return parsing(two_by_two([["6-1", "2-2", "6-3"], ["1-1", "3-4"]]), "6-1 L + 2-2 R")


@gives("not-a-tile")
def _():
    return refused(lambda: parse_tile("5/x"), TileError)


@gives("no-such-tile")
def _():
    return refused(lambda: parse_tile("7-7", 6), TileError)


# -- rows -------------------------------------------------------------------------------------------
@gives("back-draw-not-now")
def _():
    return parsing(blind_row(stock=()), "back draw")


@gives("nothing-to-send-back")
def _():
    state = position(make_game("blind-hughie", 2), hands=[["3-3"], ["0-0", "5-6"]], ends=[3, 6],
                     table={"open": {"0": ["3-3"]}})
    return parsing(state, "back")


@gives("not-a-back-move")
def _():
    return applying(blind_row(), BACK | 5)


# -- decisions for stakes -----------------------------------------------------------------------------
@gives("decision-not-allowed")
def _():
    return applying(italian_bust(), bid(1))


@gives("bid-too-low")
def _():
    state = auction()
    state.apply(state.parse_move("bid 1"))
    return parsing(state, "bid 1")


@gives("no-auction")
def _():
    return applying(auction(), NO_BID_MOVE)


@gives("cannot-open-auction")
def _():
    return parsing(auction(stock=("4-6", "1-6", "0-0")), "bid 1")


@gives("not-a-bid")
def _():
    state = auction()
    state.apply(state.parse_move("bid 1"))
    return unchecked(state, PASS)


@gives("not-past-limit")
def _():
    state = position(make_game("italian", 4), hands=[["1-2", "4-4"], ["3-6"], ["6-6"], ["5-6", "0-4"]], ends=[1, 0],
                     context=HandContext(hand_number=2, scores=[50, 66, 30, 60], tokens=[-1, -1, -1, -1, 4]))
    return parsing(state, "buy back")   # in the middle of the hand


@gives("buy-back-limit")
def _():
    state = position(make_game("italian", 4, {"max_buy_backs": 2}), hands=[["6-6", "1-2"], [], ["0-1"], []],
                     ends=[1, 5], to_act=2,
                     context=HandContext(hand_number=9, scores=[60, 80, 70, 90], tokens=[-3, -2, -2, -2, 9],
                                         absent=0b1010))
    state.apply(state.parse_move("0-1 L"))
    return parsing(state, "buy back")


# -- four-crosses --------------------------------------------------------------------------------------
@gives("double-not-reserved")
def _():
    # nothing drawable, and the reserve lacks the 0-0 the S arm waits for (put aside here)
    state = four_crosses(stock=("3-5", "2-2"), hands=(["1-3", "5-6"], ["3-4", "1-4"]), rest="aside")
    state.apply(PASS)
    return refused(lambda: state.apply(PASS))


# -- around the moves: a game set up, a bot named, a record read, a variant file read ----------------
#: the reasons that say where, before another: a record's hand and move, the move as written
FRAMES = {"in-hand", "in-move", "in-move-written"}


def record_of(**changes):
    """The golden record of a match of draw, with ``changes`` to its fields."""
    record = json.loads((ROOT / "tests" / "golden" / "draw.json").read_text(encoding="utf-8"))
    record.update(changes)
    return record


def first_hand(change):
    """The golden record with ``change(hand)`` made to its first hand."""
    record = record_of()
    change(record["hands"][0])
    return record


@gives("no-options")
def _():
    return refused(lambda: make_game("slosh", 4, {"target": 5}), GameError)


@gives("option-conflict")
def _():
    return refused(lambda: make_game("block", 2, {"set": "double-six", "double_nine": True}), GameError)


@gives("deal-hands")
def _():
    return refused(lambda: replay(first_hand(lambda h: h["deal"].update(hands=h["deal"]["hands"][:1]))),
                   RecordError)


@gives("deal-size")
def _():
    def short(hand):
        hands = hand["deal"]["hands"]
        hands[1].append(hands[0].pop())
    return refused(lambda: replay(first_hand(short)), RecordError)


@gives("moves-end-early")
def _():
    return refused(lambda: replay(first_hand(lambda h: h.update(moves=h["moves"][:2]))), RecordError)


def fair_fault(change, hands=1) -> RecordError:
    """The first hand of a record dealt fairly (docs/fair.md), with ``change(hand, seed)`` made
    to it, checked as ``domine verify`` checks it: its failure as the record's error."""
    from domine.engine.fair import commitment, fair_deal
    from domine.records import check_fair, match_record, note_fair
    match, seed = Match(make_game("block", 2, {}), 1), bytes(range(32))
    deal, _ = fair_deal(match.game, seed, match.context())
    state = match.start_hand(deal, match.context())
    while not state.over:
        state.apply(state.legal_moves()[0])
    match.finish_hand()
    note_fair(match, 1, commitment(seed), seed)
    record = match_record(match)
    change(record["hands"][0], record["hands"][0]["fair"])
    return check_fair(record)[0].error


@gives("fair-seed-unreadable")
def _():
    return fair_fault(lambda hand, fair: fair.update(seed="not hex"))


@gives("fair-commitment-unreadable")
def _():
    return fair_fault(lambda hand, fair: fair.update(commitment="abc"))


@gives("fair-seed-missing")
def _():
    return fair_fault(lambda hand, fair: fair.pop("seed"))


@gives("fair-commitment-differs")
def _():
    return fair_fault(lambda hand, fair: fair.update(seed="00" * 32))


@gives("fair-deal-differs")
def _():
    return fair_fault(lambda hand, fair: hand["deal"]["aside"].reverse())


@gives("unknown-game")
def _():
    return refused(lambda: game_class("zzqx"), GameError)


@gives("unknown-game-did-you-mean")
def _():
    return refused(lambda: game_class("blok"), GameError)


@gives("players-not-a-number")
def _():
    return refused(lambda: make_game("block", 0), GameError)


@gives("players-exactly")
def _():
    return refused(lambda: make_game("partners", 3), GameError)


@gives("players-between")
def _():
    return refused(lambda: make_game("block", 9), GameError)


@gives("hands-do-not-fit")
def _():
    return refused(lambda: make_game("block", 4, {"hand_size": 9}), GameError)


@gives("no-such-option")
def _():
    return refused(lambda: make_game("block", 2, {"bogus": 1}), GameError)


@gives("option-yes-no")
def _():
    return refused(lambda: make_game("block", 4, {"partners": "maybe"}), GameError)


@gives("option-whole-number")
def _():
    return refused(lambda: make_game("block", 2, {"target": "many"}), GameError)


@gives("option-choice")
def _():
    return refused(lambda: make_game("block", 2, {"set": "double-seven"}), GameError)


@gives("target-not-positive")
def _():
    return refused(lambda: make_game("block", 2, {"target": 0}), GameError)


@gives("partners-four-players")
def _():
    return refused(lambda: make_game("block", 3, {"partners": True}), GameError)


@gives("unknown-bot")
def _():
    return refused(lambda: make_bot("robot"), BotError)


@gives("bot-takes-no-parameters")
def _():
    return refused(lambda: make_bot("greedy:worlds=3"), BotError)


@gives("no-such-bot-parameter")
def _():
    return refused(lambda: make_bot("search:speed=3"), BotError)


@gives("bot-parameter-whole-number")
def _():
    return refused(lambda: make_bot("search:worlds=many"), BotError)


@gives("bot-parameter-number")
def _():
    return refused(lambda: make_bot("search:epsilon=x"), BotError)


@gives("record-unreadable")
def _():
    return refused(lambda: load_record(ROOT / "no-such-record.json"), RecordError)


@gives("record-not-text")
def _(tmp=ROOT / "tests" / "data"):
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.json"
        path.write_bytes(b"{\xff}")
        return refused(lambda: load_record(path), RecordError)


@gives("not-json")
def _():
    return refused(lambda: record_from_text("{"), RecordError)


@gives("record-not-object")
def _():
    return refused(lambda: replay([1, 2]), RecordError)


@gives("not-a-domine-record")
def _():
    return refused(lambda: replay({"format": "pgn"}), RecordError)


@gives("record-version-not-number")
def _():
    return refused(lambda: replay(record_of(version="one")), RecordError)


@gives("record-version")
def _():
    return refused(lambda: replay(record_of(version=7)), RecordError)


@gives("record-game-not-text")
def _():
    return refused(lambda: replay(record_of(game=5)), RecordError)


@gives("record-players")
def _():
    return refused(lambda: replay(record_of(players="two")), RecordError)


@gives("variant-not-text")
def _():
    return refused(lambda: read_variant(5), VariantError)


@gives("not-toml")
def _():
    return refused(lambda: read_variant("= ="), VariantError)


@gives("variant-nested")
def _():
    return refused(lambda: read_variant("a = " + "[" * 2000 + "]" * 2000), VariantError)


@gives("no-such-key")
def _():
    return refused(lambda: read_variant('name = "x"\nzzzzzz = 1'), VariantError)


@gives("no-such-key-did-you-mean")
def _():
    return refused(lambda: read_variant('name = "x"\nbsae = "draw"'), VariantError)


@gives("variant-name-missing")
def _():
    return refused(lambda: read_variant('base = "draw"'), VariantError)


@gives("no-such-base-game")
def _():
    return refused(lambda: read_variant('name = "x"\nbase = "zzqx"'), VariantError)


@gives("no-such-base-game-did-you-mean")
def _():
    return refused(lambda: read_variant('name = "x"\nbase = "drwa"'), VariantError)


# -- the tests ---------------------------------------------------------------------------------------
CASES = [pytest.param(code, make, id=f"{code}-{i}") for code, makes in sorted(SITUATIONS.items())
         for i, make in enumerate(makes)]


def test_every_reason_code_is_given_by_a_situation():
    assert sorted(SITUATIONS) == sorted(set(REASONS) - FRAMES)


def test_a_record_says_where_and_which_move_before_the_move_s_own_reason():
    record = first_hand(lambda h: h["moves"].__setitem__(0, h["moves"][0].split(":")[0] + ": 0-0"))
    err = refused(lambda: replay(record), RecordError)
    assert [f.code for f in err.frames] == ["in-move-written"]
    assert err.frames[0].params == {"hand": 1, "step": 1, "text": "0-0"}
    assert err.code in REASONS and REASONS[err.code].error in (ILLEGAL, MALFORMED, TILE)
    assert str(err) == f"hand 1, move 1: '0-0': {err.reason.text}"
    assert pickle.loads(pickle.dumps(err)).frames == err.frames
    late = refused(lambda: replay(first_hand(lambda h: h.update(moves=h["moves"][:2]))), RecordError)
    assert [f.code for f in late.frames] == ["in-hand"] and str(late).startswith("hand 1: ")


def test_a_refusal_without_a_code_keeps_its_sentence():
    err = GameError("a sentence no code names")
    assert err.reason is None and err.code is None and str(err) == "a sentence no code names"
    assert pickle.loads(pickle.dumps(err)).args == err.args
    with pytest.raises(TypeError):
        GameError("a sentence", value=1)


@pytest.mark.parametrize("code, make", CASES)
def test_a_refusal_carries_its_code_and_params_and_renders_its_sentence(code, make):
    err = make()
    assert err.code == code, f"{err.code}: {err}"
    assert isinstance(err, ERRORS[REASONS[code].error])
    params = err.params
    assert json.loads(json.dumps(params)) == params   # plain JSON values
    assert set(params) == set(fields_of(REASONS[code].template))
    text = str(err)
    where = [f.text for f in getattr(err, "frames", ())]   # a record's hand and move, said first
    assert text and text == ": ".join(where + [ENGLISH.render(err.reason)])
    assert err.reason.text == ENGLISH.render(err.reason)
    assert err.to_json() == {"code": code, "params": params, "text": text}
    again = pickle.loads(pickle.dumps(err))   # across processes (simulate, arena)
    assert type(again) is type(err) and again.reason == err.reason and str(again) == text


def test_why_illegal_is_the_reason_apply_raises_and_explain_illegal_its_sentence():
    state = line()
    for text in ("1-1", "2-6", "5-5 L", "draw", "pass", "stop"):
        try:
            move = state.parse_move(text)
        except IllegalMove:
            move = {"draw": DRAW, "pass": PASS}.get(text)
            if move is None:
                continue
        err = applying(state, move)
        assert why_illegal(state, move) == err.reason
        assert explain_illegal(state, move) == state.explain_illegal(move) == str(err)


def test_every_template_names_only_described_params_and_every_code_reads_as_a_code():
    for code, entry in REASONS.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", code), code
        assert entry.error in ERRORS and entry.given
        for name in entry.params:
            assert name in PARAMS, f"{code}: {name} is not described in PARAMS"
    used = {name for entry in REASONS.values() for name in entry.params}
    assert used == set(PARAMS)


def test_a_reason_must_be_registered_and_take_its_params():
    assert because("draw-limit", limit=2).text == "you may draw at most 2 tiles in a turn"
    with pytest.raises(LookupError):
        Reason("no-such-reason")
    with pytest.raises(TypeError):
        because("draw-limit")
    with pytest.raises(TypeError):
        because("hand-over", tile="6-6")
    with pytest.raises(LookupError):
        IllegalMove("the hand is over")   # a sentence is no code


#: an error or a reason built from a literal: its f prefix, its quote, its text
RAISE = re.compile(r"\b(?:IllegalMove|MalformedMove|AmbiguousMove|MoveError|TileError|because|Reason)"
                   r"\((f?)([\"'])([^\"']*)\2")


def test_no_sentence_is_written_where_a_move_is_refused():
    """Every error and reason in the source is built from a registered code, never from text."""
    found = 0
    for path in sorted((ROOT / "src" / "domine").rglob("*.py")):
        if path.name == "reasons.py":
            continue
        for m in RAISE.finditer(path.read_text(encoding="utf-8")):
            found += 1
            where = f"{path.relative_to(ROOT)}: {m.group(0)}"
            assert not m.group(1), f"an f-string: {where}"
            assert m.group(3) in REASONS, f"not a reason code: {where}"
    assert found > 40


def test_the_reasons_doc_is_the_table_the_registry_makes():
    doc = (ROOT / "docs" / "reasons.md").read_text(encoding="utf-8")
    assert doc == reasons_doc(), "docs/reasons.md is stale: write it again (see its first lines)"
    for code in REASONS:
        assert f"| `{code}` |" in doc


def test_a_translation_renders_from_the_same_codes():
    pseudo = Catalog("xx", {code: "«" + entry.template + "»" for code, entry in REASONS.items()},
                     {"or": " ili ", "none": "nijedan", "one-of": " (jedan od {})"})
    assert pseudo.problems() == []
    err = SITUATIONS["lead-not-allowed"][1]()
    assert pseudo.render(err.reason) == "«2-1 may not lead; you must lead 5-5 ili 6-6»"
    ends = because("fits-no-usable-end", tile="6-2", ends=[])
    assert pseudo.render(ends) == "«6-2 fits no end you may use now (yours now: nijedan)»"
    sides = because("centre-sides-first", side_tiles=["6-1", "5-2"])
    assert "(jedan od 6-1, 5-2)" in pseudo.render(sides)
    broken = Catalog("yy", {"hand-over": "{tile} gotovo", "nonsense": "x"}, {"or": " ili "})
    problems = broken.problems()
    assert "draw-limit: missing" in problems and "nonsense: not a reason code" in problems
    assert "hand-over: fields ['tile'], not []" in problems
    assert "word 'none': missing" in problems
    assert set(ENGLISH_WORDS) == {"or", "none", "one-of"} and ENGLISH.problems() == []
