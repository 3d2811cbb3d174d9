"""Provably fair deals (docs/fair.md): the deal follows from the seed for every game, the
commitment binds the seed, tampering is caught by check_hand, by ``domine verify`` and by the
browser's static/fair.js (run in Chromium), records keep the fair fields, the deal is uniform."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from helpers import run

from domine.engine.fair import (
    FairRandom,
    check_hand,
    commitment,
    deal_order,
    fair_deal,
    key,
    keyed_tiles,
    new_seed,
    shuffled_order,
)
from domine.engine.hand import Deal, HandContext
from domine.engine.match import Match
from domine.engine.tiles import mask_of, parse_tile, set_size, tile_str
from domine.games import GAMES, make_game, option_sets
from domine.records import check_fair, match_record, note_fair, record_from_text, replay

ROOT = Path(__file__).resolve().parents[1]
FAIR_JS = ROOT / "src" / "domine" / "server" / "static" / "fair.js"


def seed_of(i: int) -> bytes:
    """Fixed seeds for the tests: 32 bytes each, none like another."""
    return hashlib.sha256(b"domine fair test %d" % i).digest()


def every_game():
    for gid, cls in GAMES.items():
        for players in range(cls.min_players, cls.max_players + 1):
            for options in option_sets(cls, players):
                yield gid, players, options


def a_redeal(game, context: HandContext | None = None) -> bytes:
    """A seed whose first shuffle the game's lead rule refuses (general rule 18)."""
    ctx = context or HandContext()
    for i in range(2000):
        first = game.deal_for(FairRandom(seed_of(i)), ctx)
        if game.needs_redeal([mask_of(h) for h in first.hands], ctx):
            return seed_of(i)
    raise AssertionError(f"no seed of 2000 needs a reshuffle of {game.id}")


def play_out(match: Match, rnd: random.Random) -> None:
    state = match.current
    while not state.over:
        state.apply(rnd.choice(state.legal_moves()))
    match.finish_hand()


def fair_match_record(gid: str, players: int, options: dict | None = None, hands: int = 2,
                      unfinished: bool = False) -> dict:
    """A match dealt as the server deals it: each hand from its own seed, noted for the record."""
    game = make_game(gid, players, options or {})
    match, rnd = Match(game, 3), random.Random(4)
    for h in range(hands):
        if match.over:
            break
        context = match.context()
        seed = seed_of(100 + h)
        deal, _ = fair_deal(game, seed, context)
        match.start_hand(deal, context)
        if unfinished and h == hands - 1:
            match.current.apply(rnd.choice(match.current.legal_moves()))
            note_fair(match, context.hand_number, commitment(seed))
            break
        play_out(match, rnd)
        note_fair(match, context.hand_number, commitment(seed), seed)
    return match_record(match)


# -- the scheme --------------------------------------------------------------------------
def test_a_key_is_the_first_53_bits_of_the_digest_of_the_seed_and_its_number():
    seed = bytes(range(32))
    digest = hashlib.sha256(seed + (5).to_bytes(8, "big")).digest()
    assert key(seed, 5) == int(digest.hex()[:14], 16) >> 3
    assert FairRandom(seed, drawn=5).random() == key(seed, 5) / 2 ** 53
    rng = FairRandom(seed)
    assert [rng.random() for _ in range(3)] == [key(seed, k) / 2 ** 53 for k in range(3)] and rng.drawn == 3


def test_the_worked_example_of_docs_fair_md():
    """docs/fair.md works key 0 of the all-zero seed out by hand: the doc and the code agree."""
    doc = (ROOT / "docs" / "fair.md").read_text(encoding="utf-8")
    seed = bytes(32)
    assert commitment(seed) in doc
    assert hashlib.sha256(seed + bytes(8)).hexdigest() in doc
    assert str(key(seed, 0)) in doc


def test_every_draw_a_deal_may_use_comes_from_the_key_stream_alone():
    """randrange, choice, shuffle, sample, getrandbits: never the Mersenne Twister underneath,
    and the same draws for the same seed."""
    import random as stdlib
    rng = FairRandom(seed_of(1))
    twister = stdlib.Random.getstate(rng)
    drawn = [rng.randrange(7), rng.randint(1, 6), rng.choice("abcdef"), rng.sample(range(20), 5),
             rng.getrandbits(100), rng.uniform(0, 1), rng.choices(range(9), k=3)]
    cards = list(range(28))
    rng.shuffle(cards)
    assert stdlib.Random.getstate(rng) == twister
    again = FairRandom(seed_of(1))
    assert [again.randrange(7), again.randint(1, 6), again.choice("abcdef"), again.sample(range(20), 5),
            again.getrandbits(100), again.uniform(0, 1), again.choices(range(9), k=3)] == drawn
    more = list(range(28))
    again.shuffle(more)
    assert more == cards and again.drawn == rng.drawn
    restored = FairRandom(b"")
    restored.setstate(rng.getstate())
    assert restored.random() == rng.random()


def test_randrange_is_uniform_by_rejection():
    """A key in the incomplete last block of 2**53 is drawn again: no number is favoured."""
    rng = FairRandom(seed_of(2))
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randrange(6)] += 1
    assert chi_square(counts, 1000) < 20.5   # 5 degrees of freedom, p = 0.001


def test_new_seeds_are_32_random_bytes_and_commitments_differ_per_seed():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(len(s) == 32 for s in seeds)
    commitments = {commitment(s) for s in seeds}
    assert len(commitments) == 50 and all(len(c) == 64 and int(c, 16) >= 0 for c in commitments)
    assert commitment(seed_of(0)) == hashlib.sha256(seed_of(0)).hexdigest()


# -- the deal follows from the seed, for every game --------------------------------------
@pytest.mark.parametrize("gid,players,options", list(every_game()), ids=lambda x: str(x))
def test_the_deal_follows_from_the_seed_as_the_match_deals(gid, players, options):
    """fair_deal is the game's own deal and redeal rule from the seed: what Match.start_hand deals
    from a FairRandom of the same seed; check_hand accepts it; the reveal's list sorted by the
    keys of the last shuffle gives the deal."""
    game = make_game(gid, players, options)
    match = Match(game, 11)
    context = match.context()
    seed = seed_of(7)
    deal, tiles = fair_deal(game, seed, context)
    match.rng = FairRandom(seed)
    dealt = match.start_hand(None, context).deal
    assert (dealt.hands, dealt.stock, dealt.aside) == (deal.hands, deal.stock, deal.aside)
    assert check_hand(game, seed.hex(), commitment(seed), deal, context) is None
    used = [t for t in tiles if t >= 0]
    assert used == sorted(used) and len(set(used)) == len(used)
    shuffles = match.rng.drawn // len(tiles)
    keys = [key(seed, k) for k in range((shuffles - 1) * len(tiles), shuffles * len(tiles))]
    assert shuffled_order(keys, tiles) == [t for t in deal_order(deal) if t in set(used)]
    again, _ = fair_deal(game, seed, context)
    assert again == deal
    other, _ = fair_deal(game, seed_of(8), context)
    assert deal_order(other) != deal_order(deal)


def test_the_keys_of_the_tiles_kept_out_of_the_shuffle():
    """Mexican Train draws a key for every tile, the round's engine's unused; Colonel's Cross
    with the 0-0 laid first shuffles the other 27, one key each."""
    mexican = make_game("mexican-train", 4, {})
    engine = parse_tile("11-11")
    tiles = keyed_tiles(mexican, HandContext(hand_number=2))
    assert len(tiles) == set_size(12) and tiles[engine] == -1
    assert [t for t in tiles if t >= 0] == [t for t in range(set_size(12)) if t != engine]
    colonels = make_game("colonels-cross", 4, {"preplaced_blank": True})
    assert keyed_tiles(colonels, HandContext()) == list(range(1, 28))
    assert keyed_tiles(make_game("block", 2, {}), None) == list(range(28))


def test_a_reshuffle_goes_on_drawing_keys():
    game = make_game("slosh", 4, {})
    seed = a_redeal(game)
    deal, tiles = fair_deal(game, seed, HandContext())
    first = game.deal_for(FairRandom(seed), HandContext())
    assert deal_order(first) != deal_order(deal)
    rng = FairRandom(seed)
    while True:   # the shuffles the lead rule refused, then the one dealt
        dealt = game.deal_for(rng, HandContext())
        if not game.needs_redeal([mask_of(h) for h in dealt.hands], HandContext()):
            break
    assert dealt == deal and rng.drawn >= 2 * len(tiles)


# -- tampering ---------------------------------------------------------------------------
def test_check_hand_catches_a_tampered_seed_deal_or_commitment():
    game = make_game("block", 4, {})
    context = HandContext()
    seed = seed_of(3)
    deal, _ = fair_deal(game, seed, context)
    good = commitment(seed)
    assert check_hand(game, seed.hex(), good, deal, context) is None
    assert check_hand(game, seed.hex().upper(), good.upper(), deal, context) is None
    swapped = Deal([list(h) for h in deal.hands], list(deal.stock), list(deal.aside))
    swapped.hands[0][0], swapped.hands[1][0] = swapped.hands[1][0], swapped.hands[0][0]
    assert check_hand(game, seed.hex(), good, swapped, context).code == "fair-deal-differs"
    other = seed_of(4)
    assert check_hand(game, other.hex(), good, deal, context).code == "fair-commitment-differs"
    assert check_hand(game, other.hex(), commitment(other), deal, context).code == "fair-deal-differs"
    assert check_hand(game, "zz" * 32, good, deal, context).code == "fair-seed-unreadable"
    assert check_hand(game, seed.hex()[:-2], good, deal, context).code == "fair-seed-unreadable"
    assert check_hand(game, seed.hex(), good[:10], deal, context).code == "fair-commitment-unreadable"
    # the right deal for another hand's context is not this hand's (Mexican Train's engine)
    mexican = make_game("mexican-train", 4, {})
    deal2, _ = fair_deal(mexican, seed, HandContext(hand_number=2))
    assert check_hand(mexican, seed.hex(), good, deal2, HandContext(hand_number=3)).code == "fair-deal-differs"


# -- records and domine verify -----------------------------------------------------------
def test_records_round_trip_the_fair_fields_and_replay_ignores_them(tmp_path):
    record = fair_match_record("block", 2)
    assert [set(h["fair"]) for h in record["hands"]] == [{"commitment", "seed"}] * len(record["hands"])
    text = json.dumps(record)
    again = record_from_text(text)
    assert [h["fair"] for h in again["hands"]] == [h["fair"] for h in record["hands"]]
    assert replay(again).hands == replay({**again, "hands": [{k: v for k, v in h.items() if k != "fair"}
                                                             for h in again["hands"]]}).hands
    assert [c.status for c in check_fair(again)] == ["verified"] * len(record["hands"])


def test_a_running_hand_keeps_its_seed_out_of_the_record():
    record = fair_match_record("draw", 2, hands=2, unfinished=True)
    last = record["hands"][-1]
    assert "result" not in last and set(last["fair"]) == {"commitment"}
    checks = check_fair(record)
    assert [c.status for c in checks] == ["verified", "unrevealed"]
    last["fair"]["seed"] = None   # a field written as null is left out
    assert [c.status for c in check_fair(record)] == ["verified", "unrevealed"]
    last["fair"]["commitment"] = None
    assert [c.status for c in check_fair(record)] == ["verified", "no-commitment"]


@pytest.mark.parametrize("gid,players,options", [
    ("block", 4, {}), ("mexican-train", 4, {}), ("colonels-cross", 4, {"preplaced_blank": True}),
    ("italian", 3, {}), ("jubilee", 4, {}), ("slosh", 4, {})])
def test_verify_passes_every_hand_of_a_fair_record(tmp_path, gid, players, options):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(fair_match_record(gid, players, options, hands=3)), encoding="utf-8")
    result = run("verify", str(path))
    assert result.exit_code == 0, result.output
    assert "hand 1: verified" in result.output and "not verified" not in result.output


def test_verify_catches_each_kind_of_tampering(tmp_path):
    record = fair_match_record("block", 2, hands=3)
    assert len(record["hands"]) == 3
    hands = record["hands"]
    hands[0]["deal"]["aside"][-2:] = hands[0]["deal"]["aside"][-1:-3:-1]   # two tiles no one sees
    hands[1]["fair"]["seed"] = seed_of(99).hex()
    del hands[2]["fair"]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("verify", str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == "hand 1: not verified: the deal is not the one the seed gives"
    assert lines[1].startswith("hand 2: not verified: the seed's SHA-256 is not the commitment")
    assert "hand 3: no commitment" in result.output
    assert "0 of 3 hands verified; 2 not verified; 1 without a commitment." in " ".join(result.output.split())
    as_json = json.loads(run("verify", str(path), "--json").stdout)
    assert as_json["ok"] is False and [h["status"] for h in as_json["hands"]] == \
        ["failed", "failed", "no-commitment"]
    assert as_json["hands"][0]["reason"]["code"] == "fair-deal-differs"
    # the commitment changed alone is caught too; a finished hand must reveal its seed
    record = fair_match_record("block", 2, hands=2)
    record["hands"][0]["fair"]["commitment"] = commitment(seed_of(98))
    del record["hands"][1]["fair"]["seed"]
    path.write_text(json.dumps(record), encoding="utf-8")
    codes = [h["reason"]["code"] for h in json.loads(run("verify", str(path), "--json").stdout)["hands"]]
    assert codes == ["fair-commitment-differs", "fair-seed-missing"]


def test_verify_says_an_unreadable_record_in_one_line_with_exit_code_2(tmp_path):
    missing = run("verify", str(tmp_path / "none.json"))
    assert missing.exit_code == 2 and len(missing.output.strip().splitlines()) == 1
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert run("verify", str(bad)).exit_code == 2
    record = fair_match_record("block", 2)
    record["hands"][0]["fair"] = "yes"
    bad.write_text(json.dumps(record), encoding="utf-8")
    result = run("verify", str(bad))
    assert result.exit_code == 2 and "fair" in result.output
    assert json.loads(run("verify", str(bad), "--json").stdout)["valid"] is False


# -- the deal is uniform -----------------------------------------------------------------
def chi_square(counts: list[int], expected: float) -> float:
    return sum((c - expected) ** 2 / expected for c in counts)


def test_a_tile_lands_in_every_place_of_the_deal_equally_often():
    """Over 2,800 fixed seeds, 6-6 takes each of the 28 places of a block deal about as often,
    and each of the 28 tiles is dealt first about as often (chi-square, 27 degrees of freedom:
    under 55.5 is p > 0.001)."""
    game = make_game("block", 4, {})
    six = parse_tile("6-6")
    places, first = [0] * 28, [0] * 28
    for i in range(2800):
        order = deal_order(game.deal_for(FairRandom(seed_of(i)), None))
        places[order.index(six)] += 1
        first[order[0]] += 1
    assert chi_square(places, 100) < 55.5, places
    assert chi_square(first, 100) < 55.5, first


# -- the browser's check (static/fair.js in Chromium) ------------------------------------
@pytest.fixture(scope="module")
def browser_page():
    sync_api = pytest.importorskip("playwright.sync_api")
    source = FAIR_JS.read_text(encoding="utf-8")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        page = browser.new_page()

        def serve(route):
            if route.request.url.endswith("/fair.js"):
                route.fulfill(status=200, content_type="text/javascript", body=source)
            else:
                route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>fair</title>")
        # localhost is a secure context: Web Crypto's digest is there
        page.route("http://localhost:8121/**", serve)
        page.goto("http://localhost:8121/")
        yield page
        browser.close()


def js_verify(page, reveal: dict, commitment_hex: str, my_tiles, seat):
    return page.evaluate("""async ([reveal, commitment, mine, seat]) => {
        const fair = await import('/fair.js');
        return await fair.verifyHand(reveal, commitment, mine, seat);
    }""", [reveal, commitment_hex, my_tiles, seat])


def reveal_of(game, seed: bytes, context) -> tuple[dict, Deal]:
    deal, tiles = fair_deal(game, seed, context)
    return {"hand": context.hand_number if context else 1, "seed": seed.hex(), "shuffled": tiles,
            "deal": {"hands": deal.hands, "stock": deal.stock, "aside": deal.aside}}, deal


@pytest.mark.parametrize("gid,players,options,context", [
    ("block", 2, {}, HandContext()),
    ("mexican-train", 4, {}, HandContext(hand_number=2)),
    ("colonels-cross", 4, {"preplaced_blank": True}, HandContext()),
    ("italian", 4, {}, HandContext(hand_number=3, absent=0b10, tokens=[0, 0, 0, 0, 0])),
    ("slosh", 4, {}, "redeal"),
])
def test_the_browser_check_agrees_with_python(browser_page, gid, players, options, context):
    game = make_game(gid, players, options)
    seed = a_redeal(game) if context == "redeal" else seed_of(5)
    context = HandContext() if context == "redeal" else context
    reveal, deal = reveal_of(game, seed, context)
    good = commitment(seed)
    seat = next(s for s, h in enumerate(deal.hands) if h)
    mine = sorted(deal.hands[seat])
    verdict = js_verify(browser_page, reveal, good, mine, seat)
    assert verdict["ok"] is True and verdict["why"] is None, verdict
    if gid == "slosh":
        assert verdict["shuffles"] >= 2
    # notation and the view's {tile} too; a spectator compares no tiles
    assert js_verify(browser_page, reveal, good, [tile_str(t) for t in mine], seat)["ok"]
    assert js_verify(browser_page, reveal, good, [{"tile": t} for t in mine], seat)["ok"]
    assert js_verify(browser_page, reveal, good.upper(), None, None)["ok"]
    # the keys, the commitment and the deal as Python reckons them
    keys = browser_page.evaluate("""async ([seed, n]) => {
        const fair = await import('/fair.js');
        const bytes = new Uint8Array(seed.match(/../g).map((h) => parseInt(h, 16)));
        return [await fair.commitmentOf(seed), await fair.keys(bytes, 0, n)];
    }""", [seed.hex(), 5])
    assert keys == [good, [key(seed, k) for k in range(5)]]
    # tampering: each caught, and said why
    other = seed_of(6)
    assert js_verify(browser_page, {**reveal, "seed": other.hex()}, good, mine, seat)["why"] == "commitment-differs"
    assert js_verify(browser_page, {**reveal, "seed": "xyz"}, good, mine, seat)["why"] == "seed-unreadable"
    theirs = next(s for s, h in enumerate(deal.hands) if h and s != seat)
    swapped = [list(h) for h in deal.hands]
    swapped[seat][0], swapped[theirs][0] = swapped[theirs][0], swapped[seat][0]
    assert js_verify(browser_page, {**reveal, "deal": {**reveal["deal"], "hands": swapped}}, good,
                     sorted(swapped[seat]), seat)["why"] == "deal-differs"
    assert js_verify(browser_page, reveal, good, sorted(deal.hands[theirs]), seat)["why"] == "hand-differs"
    used = [t for t in reveal["shuffled"] if t >= 0]
    permuted = list(reveal["shuffled"])
    i, j = permuted.index(used[0]), permuted.index(used[1])
    permuted[i], permuted[j] = permuted[j], permuted[i]
    assert js_verify(browser_page, {**reveal, "shuffled": permuted}, good, mine, seat)["why"] == \
        "shuffled-not-in-order"
