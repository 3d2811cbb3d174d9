"""Every game on every set it can use (issue 25 item 5): one option ``set`` with the same name
and values in every game not tied to a set, hands and targets per set by the rule of
``domine.games.base`` (or the specification's values), the games tied to a set saying so."""

from __future__ import annotations

import random

import pytest

from domine.engine.match import Match
from domine.engine.tiles import double, set_mask, set_size
from domine.games import GAMES, make_game
from domine.games.base import SET, SETS, GameError, hand_on_set, target_on_set

#: the games whose rules need one set: halves summing to seven and the matadors (double-six),
#: mexican-train's engines 12-12 down to 0-0, slosh's seven engines of double-six
TIED = {"matador": 6, "matador-cross": 6, "russian-cross": 6, "russian-double-cross": 6,
        "colonels-cross": 6, "generals-cross": 6, "slosh": 6, "mexican-train": 12}
OFFERING = sorted(set(GAMES) - set(TIED))
OTHER_SETS = ("double-eight", "double-nine", "double-twelve")


def test_every_game_not_tied_to_a_set_offers_the_same_option_set():
    assert SETS == ("double-six", "double-eight", "double-nine", "double-twelve")
    for gid, cls in GAMES.items():
        offered = [o for o in cls.options if o.name == "set"]
        if gid in TIED:
            assert not offered, gid
            assert make_game(gid, cls.min_players).max_pip == TIED[gid]
            with pytest.raises(GameError, match="no option 'set'"):
                make_game(gid, cls.min_players, {"set": "double-nine"})
        else:
            assert offered == [SET], gid


@pytest.mark.parametrize("gid", sorted(TIED))
def test_a_game_tied_to_a_set_says_so_in_its_rules_in_every_language(gid):
    from pathlib import Path
    rules = Path(__file__).resolve().parents[1] / "src" / "domine" / "rules"
    words = {"": "is played on double-", "pl": "Gra się tylko zestawem", "sr-Latn": "Igra se samo kompletom"}
    for lang, phrase in words.items():
        text = " ".join((rules / lang / f"{gid}.md").read_text(encoding="utf-8").split())
        assert phrase in text and "`set`" in text, (gid, lang)


def test_the_set_rule_deals_the_same_share_and_leaves_at_least_the_same_stock():
    assert [hand_on_set(7, p) for p in (6, 8, 9, 12)] == [7, 11, 13, 22]
    assert [target_on_set(100, p) for p in (8, 9, 12)] == [160, 195, 325]
    assert [target_on_set(100, p, "pips") for p in (8, 9, 12)] == [215, 295, 650]
    for gid in OFFERING:
        cls = GAMES[gid]
        for n in range(cls.min_players, cls.max_players + 1):
            six = make_game(gid, n)
            left_six = set_size(6) - six.deal_size(n) * n
            for name in OTHER_SETS:
                game = make_game(gid, n, {"set": name})
                k = game.deal_size(n)
                assert game.set_mask == set_mask(game.max_pip)
                assert set_size(game.max_pip) - k * n >= left_six, (gid, n, name)
                if not game.set_hands.get(game.max_pip):
                    assert k / set_size(game.max_pip) <= six.deal_size(n) / set_size(6), (gid, n, name)
                assert game.reserve == six.reserve


def test_the_specifications_values_where_they_name_them():
    assert make_game("block", 3, {"set": "double-nine"}).deal_size(3) == 9        # block 3
    assert make_game("block", 3, {"set": "double-eight"}).deal_size(3) == 8       # the rule
    assert make_game("bergen", 2, {"set": "double-twelve"}).deal_size(2) == 9     # bergen 10
    assert make_game("draw", 2, {"set": "double-nine"}).target == 195
    assert make_game("draw", 2, {"set": "double-nine", "target": 100}).target == 100   # as given
    assert make_game("all-fives", 2, {"set": "double-eight"}).target == 320       # 150 by the pips
    assert make_game("network", 4, {"set": "double-twelve"}).target == 11         # rings, not pips


def test_set_names_are_read_in_every_spelling():
    for spelling in ("double-8", "d8", "8", "DOUBLE-EIGHT"):
        assert make_game("draw", 2, {"set": spelling}).max_pip == 8
    with pytest.raises(GameError, match="takes one of double-six, double-eight"):
        make_game("draw", 2, {"set": "double-seven"})


@pytest.mark.parametrize("gid", ["caribbean", "chiva", "sevastopol", "sevastopol-star"])
def test_the_sets_heaviest_double_plays_the_part_of_six_six(gid):
    game = make_game(gid, 4, {"set": "double-nine"})
    state = Match(game, seed=2).start_hand()
    lead = game.first_lead.choose(state)
    assert lead.tiles == 1 << double(9) and state.hands[lead.seat] >> double(9) & 1


def test_fixes_for_sets_larger_than_double_six():
    # auction: the highest bid counts the stock of the set played, not of 28 tiles
    assert make_game("auction", 3, {"set": "double-twelve"}).max_bid == 3 * 3 + 91 - 3 * 22 - 2
    # italian: each seat still in is dealt the set's hand
    italian = make_game("italian", 3, {"set": "double-nine"})
    assert italian.dealt_sizes(None) == [11, 11, 11]
    # homo-homini-lupus: any tile of the set may close an arm
    assert make_game("homo-homini-lupus", 4, {"set": "double-eight"}).seat_closes == set_mask(8)
    # two-hander, two-no-draw: their totals grow like any target of points
    assert make_game("two-hander", 2, {"set": "double-eight"}).starting_score == 160
    assert make_game("two-no-draw", 2, {"set": "double-eight", "match_mode": "target"}).match_end.target == 160


def test_the_older_name_of_ante_is_read_the_same():
    game = make_game("rotating-partners", 4, {"stake": 7})
    assert game.option_values["ante"] == 7 and game.options_given() == {"ante": 7}
    with pytest.raises(GameError, match="ante must be at least 1"):
        make_game("rotating-partners", 4, {"stake": 0})


@pytest.mark.parametrize("name", OTHER_SETS)
def test_a_deal_on_another_set_holds_the_whole_set(name):
    game = make_game("draw", 3, {"set": name})
    deal = game.deal(random.Random(5))
    tiles = [t for h in deal.hands for t in h] + deal.stock + deal.aside
    assert sorted(tiles) == list(range(set_size(game.max_pip)))


@pytest.mark.parametrize("gid, n", [("draw", 2), ("all-fives", 3), ("four-crosses", 2), ("blind-row", 2),
                                    ("auction", 3), ("network", 3)])
def test_the_bots_play_a_hand_on_double_twelve(gid, n):
    """The heuristic bot and the search bot (its knowledge and worlds) assume no set: a hand on
    double-twelve, numbers up to 12 and 91 tiles, ends with legal moves only."""
    from domine.bots import make_bot
    game = make_game(gid, n, {"set": "double-twelve"})
    state = Match(game, seed=4).start_hand()
    bots = [make_bot("search:worlds=4", 1)] + [make_bot("heuristic", s) for s in range(1, n)]
    while not state.over:
        obs = state.observation(state.acting_seat())
        move = bots[obs.seat].choose(obs)
        assert move in obs.legal_moves
        state.apply(move)
    assert state.result is not None
