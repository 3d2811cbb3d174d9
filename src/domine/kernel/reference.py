"""The kernel's matches played by the engine: the same deals and the same choices, drawn from
the same stream (``domine.kernel.rng``), through ``Match`` and ``HandState.play_out``.

This is what ``domine simulate --kernel off`` plays for a game and bots the kernel covers, and
what the tests hold the kernel to, move by move.
"""

from __future__ import annotations

from ..engine.choosers import HEAVIEST
from ..engine.hand import Deal
from ..engine.match import Match
from ..engine.tiles import BIT, set_size
from .rng import SplitMix64, stream_seed

#: a guard against a match that never ends (as ``domine.sim.simulate``'s)
MAX_HANDS_PER_MATCH = 100_000


def deal_of(game, gen: SplitMix64) -> Deal:
    """The deal of general rule 5 from the set shuffled by ``gen``: hands in seat order, then
    the stock (or the tiles set aside), as ``Game.deal`` cuts them."""
    tiles = list(range(set_size(game.max_pip)))
    gen.shuffle(tiles)
    k, n = game.deal_size(game.players), game.players
    hands = [tiles[i * k:(i + 1) * k] for i in range(n)]
    rest = tiles[k * n:]
    return Deal(hands, rest, []) if game.leftover == "stock" else Deal(hands, [], rest)


def start_hand(match: Match, gen: SplitMix64):
    """The match's next hand, dealt by ``gen`` and dealt again while the lead rule asks (general 18)."""
    game = match.game
    ctx = match.context()
    deal = deal_of(game, gen)
    if game.redeals:
        while game.needs_redeal([sum(BIT[t] for t in h) for h in deal.hands], ctx):
            deal = deal_of(game, gen)
    return match.start_hand(deal, ctx)


def match_streams(block_seed: int, k: int, bots) -> tuple[SplitMix64, list]:
    """The deal's stream of the ``k``-th match of a block and its seats' choosers."""
    n = len(bots)
    deal = SplitMix64(stream_seed(block_seed, k, 0, n))
    choosers = [SplitMix64(stream_seed(block_seed, k, 1 + s, n)).chooser() if name == "random" else HEAVIEST
                for s, name in enumerate(bots)]
    return deal, choosers


def play_block(game, bots, block_seed: int, by_hands: bool, size: int, keep=None, each_hand=None) -> dict:
    """Play a block as the kernel does (``size`` hands, the last match cut short, or ``size``
    whole matches) and return its counts, as ``domine.kernel.line.play_block`` returns them.
    ``keep(match, k, seeds)``: called with every match (records); ``each_hand(state)``: with
    every finished hand."""
    n = game.players
    teams = game.seat_teams
    counts = {"hands": 0, "matches": 0, "moves": 0, "events": 0, "blocked": 0, "no_winner": 0,
              "drawn_matches": 0, "hand_wins": [0] * n, "match_wins": [0] * n, "points": [0] * n, "reasons": {}}
    reasons = counts["reasons"]
    k = 0
    while counts["hands" if by_hands else "matches"] < size:
        match = Match(game, seed=0, keep_hands=keep is not None)
        gen, choosers = match_streams(block_seed, k, bots)
        left = size - counts["hands"] if by_hands else MAX_HANDS_PER_MATCH + 1
        played = 0
        while not match.over and played < left:
            if played >= MAX_HANDS_PER_MATCH:
                raise RuntimeError(f"a match of {game.id} did not end after {played} hands")
            state = start_hand(match, gen)
            state.play_out(choosers)
            played += 1
            result = state.result
            counts["events"] += len(state.history)
            counts["moves"] += len(state.history) - 1   # every event but the end is a seat's move
            reasons[result.reason] = reasons.get(result.reason, 0) + 1
            if result.reason == "blocked":
                counts["blocked"] += 1
            if not result.winners:
                counts["no_winner"] += 1
            for s in result.winners:
                counts["hand_wins"][s] += 1
            for s in range(n):
                counts["points"][s] += result.points[teams[s]]
            if each_hand is not None:
                each_hand(state)
            match.finish_hand()
        counts["hands"] += played
        if match.over:
            counts["matches"] += 1
            if not match.result.winners:
                counts["drawn_matches"] += 1
            for s in match.result.winners:
                counts["match_wins"][s] += 1
        if keep is not None:
            keep(match, k, [stream_seed(block_seed, k, 1 + s, n) for s in range(n)])
        k += 1
    return counts
