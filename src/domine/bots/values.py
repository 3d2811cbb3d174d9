"""What the heuristic bot weighs in the moves a game adds beyond its tiles: a bid, buying back
in, closing at will, the blind games' looks. A game's rules say what these moves do; how
much one is worth to a player is the bots' judgement, and lives here, beside them.

``estimate(game, obs, move, knowledge)``: the worth of a decision against going on (0), in
the game's own units (tokens, chips), or None where the bot's own scoring applies.
``row_move_value(obs, move)``: the blind games' moves that lay no tile, on the heuristic's
scale (a placement always scores above them).
"""

from __future__ import annotations

import math

from ..engine.moves import CLOSE, DECIDE, DRAW, SOLD
from ..engine.tiles import PIPS, tiles_of
from ..parts.rows import BACK, BACK_DRAW, BACK_OPEN, PEEK
from ..parts.stakes import BID, BUY_BACK_MOVE, DROP_OUT_MOVE, NO_BID, amount_of, balances_after, is_decision, what_of
from ..engine.moves import kind, tile_of


def estimate(game, obs, move: int, knowledge) -> float | None:
    """The worth of ``move`` against going on, for the games whose decisions the bots weigh."""
    judge = ESTIMATES.get(game.id)
    return judge(game, obs, move, knowledge) if judge is not None else None


def bid_value(game, obs, move: int, knowledge) -> float | None:
    """Auction: what a bid is worth, against passing (0), in tokens.

    For the opener (the seat on turn, who must place the tile if it fits): a tile that
    fits keeps him in the race for the pot, one that does not is a tile more to shed
    and to count in a block, each worth about half the pot, for or against; so
    ``(2 p_fit - 1) * pot / 2`` less the price: he opens only when the tile is more
    likely than not to fit, and the more so the higher the price. (Valuing only the
    fitting case made the bot open at every chance, and lose tokens by it.) For
    another seat the tile only joins his hand: only its price."""
    if not is_decision(move):
        return None
    if what_of(move) == NO_BID:
        return 0.0
    pot = balances_after(obs.context.tokens, obs.players, obs.history)[-1]
    price = amount_of(move)
    if obs.seat != auction_opener(obs):
        return -float(price)
    unseen = knowledge.unseen if knowledge is not None else game.set_mask
    fit = 0
    for _, v, _, _, closed in obs.ends:
        if not closed:
            fit |= game.set_fits[v]
    p_fit = (unseen & fit).bit_count() / max(1, unseen.bit_count())
    return (2.0 * p_fit - 1.0) * pot * 0.5 - price


def auction_opener(obs) -> int:
    """The seat that opened the auction going on (the seat to act if none is)."""
    opener = obs.to_act
    for seat, event in reversed(obs.history):
        if kind(event) == SOLD:
            break
        if kind(event) == DECIDE and what_of(event) == BID:
            opener = seat
    return opener


def buy_back_value(game, obs, move: int, knowledge) -> float | None:
    """Italian: buying back in against dropping out (0): bought back, a seat sits at the
    highest total still in, a little worse than an even share of the pot."""
    if move not in (BUY_BACK_MOVE, DROP_OUT_MOVE):
        return None
    if move == DROP_OUT_MOVE:
        return 0.0
    pot = balances_after(obs.context.tokens, obs.players, obs.history)[-1]
    k = obs.players - bin(obs.context.absent).count("1")
    p = 0.6 / max(1, k)
    price = game.option_values["buy_back"]
    return p * (pot + price) - price


def close_value(game, obs, move: int, knowledge) -> float | None:
    """Close-at-will: the worth of closing now against going on, in chips.

    The chance that every opponent's count is above the closer's, from the tiles each may
    hold (``knowledge``: each unseen tile's pips, spread over the tiles they hold), against
    the pot won going on (a fair share of it, by the count in hand).
    """
    if kind(move) != CLOSE:
        return None
    me = obs.seat
    mine = [t for t in obs.hand if t != tile_of(move)]
    c = sum(game.tile_value(t) for t in mine)
    n = obs.players
    pot = n * game.option_values["ante"]   # the pot during play: the antes
    p_win = 1.0
    for s in range(n):
        if s == me:
            continue
        k = obs.hand_sizes[s]
        possible = knowledge.possible(s) if knowledge is not None and hasattr(knowledge, "possible") else 0
        pool = [PIPS[t] for t in tiles_of(possible)] or [6]
        mean = sum(pool) / len(pool)
        var = sum((v - mean) ** 2 for v in pool) / len(pool)
        expected, sd = k * mean, max(1.0, (k * var) ** 0.5)
        # P(their count > c), normal approximation with a half-pip correction
        z = (c + 0.5 - expected) / sd
        p_win *= 0.5 * math.erfc(z / 2 ** 0.5)
    worth_close = p_win * pot - (1 - p_win) * 2 * pot * (n - 1)
    worth_going_on = pot / n
    return worth_close - worth_going_on


#: game id -> how the bots weigh its decisions
ESTIMATES = {"auction": bid_value, "italian": buy_back_value, "close-at-will": close_value}


def row_move_value(obs, move: int) -> float | None:
    """The blind games' moves that lay no tile: look on rather than stop, keep the stock, an
    open double may be laid later."""
    k = kind(move)
    if k == PEEK:
        return -40.0                                  # above a stop (-50): go on shedding
    if k == BACK:
        return -1e5 - bool(move & BACK_DRAW) + bool(move & BACK_OPEN)
    if k == DRAW:
        return -1e5 - 3
    return None
