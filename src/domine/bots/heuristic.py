"""The ``heuristic`` bot: plays the way good human players do, in every game.

It scores every legal move with a handful of terms a player weighs at the table
and plays the best one (ties broken by its own seeded ``random.Random``):

* **shed**: the tile's value as the game counts it (``game.hand_value``, so 0-0
  is worth what the game says), and a bonus for a tile that fits few numbers
  (a double fits one, an ordinary tile two, a wild matador all of them), since
  such tiles are the hardest to place later;
* **my next turn**: how many of the tiles I keep fit the ends the move leaves
  (what each end accepts now, so a figure's arm that waits for its double counts
  only that double, and completing a figure counts every arm it opens),
  whether none does, and how many numbers my remaining hand can still answer
  (all through the game's own ``matching.fits`` tables, so sum-to-seven games
  are handled like the others);
* **planning the figure** (a layout whose places take tiles in phases, ``ever_accepts``):
  while its opening lasts, the kept tiles its places will take once their phase comes, so
  a side tile's outer number is chosen for the arm it starts (and the double its slot wants);
* **control**: an end whose number has no unseen tile left is mine alone if I
  hold a tile for it;
* **blocking**: for every other seat, the chance it holds nothing fitting the
  resulting ends (hypergeometric over ``Knowledge.possible``, which already
  knows who passed or drew on what); good for opponents (more so for the next
  seat and for a seat down to one or two tiles), bad for a partner;
* **the end of the hand**: going out wins outright; a move that surely ends the
  hand (dead layout, or a block nobody can break) is judged by my hand value
  against what the others are expected to hold (a layout with its own ``is_dead``, whose
  places know what they take, says exactly when it is dead);
* **points on play** (Bergen): the header the move scores, and the header the
  next player could answer with;
* **places per seat** (an arm per seat): another seat is judged by the ends it may
  use (its own and the public ones), so a tile laid on someone else's arm (a slosh)
  weighs what it leaves him there;
* **wild tiles** (matadors): kept while an ordinary placement exists, less so
  when they are heavy and the hand is almost done;
* **announcements** (Jedan Kamen): the announced variant always;
* **closing an arm** (a tile laid face down on an end, homo-homini-lupus): judged as a
  placement that sheds its tile and leaves that end closed (the same terms: shed, my
  next turn, blocking, the end of the hand), less a small cost for an arm gone for good.

Drawing or passing happens only when nothing else is legal, except a tactical
draw (where the game allows one) when the only placements would spend a wild
tile early and the stock is large.
"""

from __future__ import annotations

import random
from math import erf, sqrt

from ..games.base import Game
from ..engine.observation import Observation
from .knowledge import Knowledge, game_of
from .values import ESTIMATES, estimate, row_move_value
from ..engine.layout import Layout
from ..engine.matching import STRIDE
from ..engine.moves import ANNOUNCE, CLOSE, DISCARD, DRAW, PAIR, STOP, end_of, is_place, kind, open_of, placements_of, tile_of
from ..engine.tiles import BIT, pips_of

#: Weights of the scoring terms, in pip-like units (one pip shed is ``pip``).
WEIGHTS: dict[str, float] = {
    "pip": 1.0,          # per point of hand value shed
    "rigid": 3.0,        # per number a tile fits fewer than two (a double: +1 step, a wild tile: -)
    "fit": 2.0,          # per kept tile fitting the resulting ends (up to 3)
    "nofit": -6.0,       # none of my kept tiles fits the resulting ends
    "cover": 1.0,        # per end number my kept hand can answer
    "safe": 3.0,         # per resulting end no unseen tile fits, while I hold a tile for it
    "block": 30.0,       # an opponent surely unable to play (scaled by probability)
    "partner": 6.0,      # a partner surely unable to play (a penalty)
    "urgent": 1.5,       # extra blocking factor for a seat with one or two tiles left
    "end": 50.0,         # a move that surely ends the hand, won or lost (by the margin)
    "domino": 1000.0,    # going out
    "header": 20.0,      # per point scored on play
    "threat": 8.0,       # per point the next opponent is expected to score in answer
    "wild": 12.0,        # spending a wild tile while an ordinary placement exists
    "wild_late": 0.3,    # share of the wild term left for a heavy wild tile late in the hand
    "draw_stock": 10,    # a tactical draw needs at least this many drawable tiles
    "announce": 500.0,   # the announced variant of a placement
    "stop": 50.0,        # ending a turn that could go on (lightning)
    "close": -3.0,       # closing an arm for good (it is lost to me too)
    "plan": 1.5,         # per kept tile (up to 3) a place of the opening figure will take later
}



class _Tables:
    """Per game: what the bot reads over and over, built once."""

    __slots__ = ("game", "fits", "value", "rigid", "wild", "nvals", "header", "pip_factor", "kind",
                 "per_seat", "phased", "exact_dead")

    def __init__(self, game: Game):
        self.game = game
        self.fits = fits = game.set_fits
        size = game.set_mask.bit_length()
        nv = game.max_pip + 1
        self.nvals = nv
        self.value = [game.hand_value(BIT[t]) for t in range(size)]
        # numbers each tile may be laid on: 1 for a double, 2 for an ordinary tile, all for a wild one
        fit_count = [sum(1 for v in range(nv) if fits[v] & BIT[t]) for t in range(size)]
        self.rigid = [max(0, 2 - c) for c in fit_count]
        matadors = getattr(game.matching, "matadors", frozenset())
        self.wild = [t in matadors or fit_count[t] > 2 for t in range(size)]
        self.header = _header_function(game)
        self.pip_factor = game.pip_weight
        self.kind = game.layout_kind
        self.per_seat = game.places_depend_on_seat     # others judged by the ends they may use
        # a layout whose places take tiles in phases says what each will take later
        # (``Layout.ever_accepts``) and when every place is dead (``is_dead``): the bot plans with them
        lay = type(game.new_layout())
        self.phased = lay.ever_accepts is not Layout.ever_accepts
        self.exact_dead = lay.is_dead is not Layout.is_dead


_TABLES: dict[int, _Tables] = {}


def _tables(game: Game) -> _Tables:
    tab = _TABLES.get(id(game))
    if tab is None or tab.game is not game:
        tab = _TABLES[id(game)] = _Tables(game)
    return tab


def _header_function(game: Game):
    """The game's points-on-play rule (``Game.points_on_play``), or None if it has none."""
    if type(game).points_on_play is Game.points_on_play:
        return None
    return game.points_on_play


def resulting_ends(layout, move: int) -> tuple[list[int], list[bool], list[int], list[int], object]:
    """(values, doubles, lengths, open values, layout) of the ends after placement ``move``
    (or after closing an end with it, a ``CLOSE`` move).

    Open values are those a tile may be laid on next (``Layout.open_indices``): in a
    cross still filling its sides, only the empty sides; never a closed arm.
    """
    if kind(move) == CLOSE:
        after = layout.copy()
        after.close(end_of(move), tile_of(move))
    else:
        after = layout.after(end_of(move), tile_of(move), open_of(move))
    values = after.values
    return values, after.doubles, after.lengths, [values[i] for i in after.open_indices()], after


def p_cannot_play(possible: int, fitting: int, held: int) -> float:
    """Chance that a seat holding ``held`` tiles drawn from ``possible`` tiles has none of ``fitting``."""
    if held <= 0 or fitting <= 0:
        return 1.0
    rest = possible - fitting
    if rest < held:
        return 0.0
    p = 1.0
    for i in range(held):
        p *= (rest - i) / (possible - i)
    return p


class _Context:
    """What a decision needs, computed once: knowledge, other seats, masks."""

    __slots__ = ("obs", "tab", "kn", "mine", "unseen", "others", "min_held", "to_win", "w", "table_pips")

    def __init__(self, obs: Observation, kn: Knowledge | None, weights: dict[str, float]):
        game = kn.game if kn is not None else game_of(obs)
        self.obs = obs
        self.tab = tab = _tables(game)
        self.kn = kn = kn or _knowledge(obs, game)
        self.w = weights
        self.mine = kn.mine
        self.unseen = unseen = kn.unseen
        self.table_pips = pips_of(sum(BIT[t] for t in obs.layout_tiles))
        me, n = obs.seat, obs.players
        value = tab.value
        # (seat, team relation, weight by turn distance, tiles held, possible mask, its size, mean value)
        others = []
        my_team = obs.teams[me]
        for d in range(1, n):
            s = (me + d) % n
            held = obs.hand_sizes[s]
            if held <= 0:
                continue
            poss = kn.possible(s) if kn.consistent else unseen
            if not poss:
                poss = unseen
            size = poss.bit_count()
            total = 0
            m = poss
            while m:
                low = m & -m
                m ^= low
                total += value[low.bit_length() - 1]
            mean = total / size if size else 0.0
            partner = obs.teams[s] == my_team
            others.append((s, partner, 1.0 if d == 1 else 0.6, held, poss, size, mean))
        self.others = others
        self.min_held = min((o[3] for o in others if not o[1]), default=99)
        # points on play still needed to win the match at once (Bergen's target, even mid-hand)
        self.to_win = None
        if tab.header is not None and game.match_end.mid_hand and game.target:
            team = obs.teams[me]
            have = (obs.scores[team] if team < len(obs.scores) else 0) + obs.hand_points[team]
            self.to_win = game.target - have


class _TableOnly:
    """What is known without the history: my tiles and the table (a set-up position)."""

    consistent = False

    def __init__(self, obs: Observation, game: Game):
        self.game = game
        self.mine = sum(BIT[t] for t in obs.hand)
        self.table = sum(BIT[t] for t in obs.layout_tiles)
        self.unseen = game.set_mask & ~self.mine & ~self.table


def _knowledge(obs: Observation, game: Game):
    """``Knowledge`` of the observation; a position set up without its history (a puzzle,
    a test) can make its lead inference fail, and then only the table is used."""
    if obs.lead is not None and not obs.history:
        return _TableOnly(obs, game)
    try:
        return Knowledge(obs, game)
    except ValueError:
        return _TableOnly(obs, game)


def score_moves(obs: Observation, knowledge: Knowledge | None = None,
                weights: dict[str, float] | None = None) -> list[float]:
    """A score for each of ``obs.legal_moves`` (higher is better)."""
    ctx = _Context(obs, knowledge, weights or WEIGHTS)
    moves = obs.legal_moves
    scores = [0.0] * len(moves)
    placed = [i for i, m in enumerate(moves) if is_place(m)]
    ordinary_exists = any(not ctx.tab.wild[tile_of(moves[i])] for i in placed)
    for i in placed:
        scores[i] = score_placement(ctx, moves[i], ordinary_exists)
    best = max((scores[i] for i in placed), default=None)
    for i, m in enumerate(moves):
        k = kind(m)
        if m == DRAW:
            scores[i] = _draw_score(ctx, [moves[j] for j in placed], best)
        elif k == PAIR:
            # both tiles judged as if each were laid alone, going out counted once
            first, second = placements_of(m)
            scores[i] = score_placement(ctx, first) + score_placement(ctx, second)
            if not ctx.mine & ~BIT[tile_of(first)] & ~BIT[tile_of(second)]:
                scores[i] += ctx.w["domino"]
        elif k == STOP:
            scores[i] = -ctx.w["stop"]    # shedding more is nearly always better
        elif k == DISCARD:
            scores[i] = -ctx.tab.value[tile_of(m)]   # a dead tile counts against its owner
        elif k == CLOSE:
            scores[i] = score_placement(ctx, m) + ctx.w["close"]
        elif not is_place(m):   # a pass, a decline; or a kind the game scores itself
            value = row_move_value(obs, m) if ctx.tab.game.keeps_rows else None
            scores[i] = -1e6 if value is None else value
    game = ctx.tab.game
    if game.id in ESTIMATES:
        # decisions the bots value (a close, a bid, buying back), against going on (0)
        worth = [estimate(game, obs, m, ctx.kn) for m in moves]
        if any(w is not None for w in worth):
            for i, (m, w) in enumerate(zip(moves, worth)):
                if w is not None:
                    scores[i] = w
                elif not is_place(m):
                    scores[i] = 0.0
    return scores


def _draw_score(ctx: _Context, placements: list[int], best: float | None) -> float:
    if best is None:
        return 0.0   # nothing to place: drawing is the move
    # A tactical draw only to save a wild tile, while the stock is large.
    tab = ctx.tab
    if ctx.obs.drawable >= ctx.w["draw_stock"] and all(tab.wild[tile_of(m)] for m in placements) \
            and not any(tab.value[tile_of(m)] >= 7 and len(ctx.obs.hand) <= 2 for m in placements):
        return best + 1.0
    return -1e5


def score_placement(ctx: _Context, move: int, ordinary_exists: bool = True) -> float:
    w = ctx.w
    tab = ctx.tab
    obs = ctx.obs
    fits = tab.fits
    t, end = tile_of(move), end_of(move)
    b = BIT[t]
    after = ctx.mine & ~b
    value_t = tab.value[t]
    score = 0.0
    if move & ANNOUNCE:
        score += w["announce"]
    if not after:
        return score + w["domino"] + value_t * tab.pip_factor * w["pip"]
    values, doubles, lengths, open_values, after_layout = resulting_ends(obs.layout, move)
    # what the ends take now, as the layout says (a figure's waiting arm takes only its double)
    playable = after_layout.playable
    # shed heavy and rigid tiles
    score += value_t * tab.pip_factor * w["pip"]
    score += tab.rigid[t] * w["rigid"]
    if tab.wild[t] and ordinary_exists:
        # a wild tile is the surest next move: keep it, unless it is heavy and the hand
        # may end before it is needed (an opponent close to going out)
        if value_t >= 5 and ctx.min_held <= 2:
            score -= w["wild"] * w["wild_late"]
        else:
            score -= w["wild"]
    # my next turn
    n_fit = (after & playable).bit_count()
    score += min(n_fit, 3) * w["fit"]
    if not n_fit:
        score += w["nofit"]
    cover = 0
    for v in range(tab.nvals):
        if after & fits[v]:
            cover += 1
    score += cover * w["cover"]
    if tab.phased and after_layout.in_opening():
        # plan the figure: the kept tiles its places will take once their phase comes (a side
        # tile's outer number chooses the arm, and in a figure with slots, the double it wants)
        later = 0
        for i in range(len(after_layout.values)):
            later |= after_layout.ever_accepts(i)
        score += min((after & later & ~playable).bit_count(), 3) * w["plan"]
    unseen = ctx.unseen
    for accepted in {m for _, _, m in after_layout.targets}:
        if after & accepted and not unseen & accepted:
            score += w["safe"]
    # the others' next turns
    p_all = 1.0
    blocking = 0.0
    for s, partner, near, held, poss, size, mean in ctx.others:
        theirs = _seat_places(after_layout, s) if tab.per_seat else playable
        f = (poss & theirs).bit_count()
        p = p_cannot_play(size, f, held)
        p_all *= p
        if partner:
            blocking -= p * near * w["partner"]
        else:
            urgency = w["urgent"] if held <= 2 else 1.0
            blocking += p * near * urgency * w["block"]
    # a hand that ends now: nobody can place and nothing can be drawn, or a dead layout
    game = tab.game
    if game.hand_end.ends_when_dead and (after_layout.is_dead() if tab.exact_dead else
                                         _dead(fits, open_values, ctx.kn.table | b, game.set_mask)):
        p_end = 1.0
    elif not open_values:
        p_end = 1.0   # every end closed
    elif not n_fit and ctx.obs.drawable <= 0 and game.hand_end.block_ends_hand(after_layout):
        p_end = p_all
    else:
        p_end = 0.0
    # a turn lost by the others is worth something only if the hand goes on
    score += blocking * (1.0 - p_end)
    if p_end > 0.02:
        score += p_end * (2.0 * _win_chance(ctx, after, playable) - 1.0) * w["end"]
    # points on play
    if tab.header is not None and is_place(move):
        pts = tab.header(after_layout, end, t)
        score += pts * w["header"]
        if pts and ctx.to_win is not None and pts >= ctx.to_win:
            return score + w["domino"]   # the match is won on the spot
        score -= _header_threat(ctx, after_layout, open_values, b) * w["threat"]
    return score


def _seat_places(layout, seat: int) -> int:
    """Tiles that fit the ends ``seat`` owns or anyone may use (an arm per seat, trains)."""
    m = 0
    for i, owner in enumerate(layout.owners):
        if owner == seat or owner < 0:
            m |= layout.accepts(i)
    return m


def _dead(fits: list[int], open_values: list[int], table: int, set_mask: int) -> bool:
    free = set_mask & ~table
    return all(not fits[v] & free for v in open_values)


def _win_chance(ctx: _Context, after: int, playable: int) -> float:
    """Chance that my side holds the lowest hand value if the hand ends now.

    Every other seat's hand is taken as ``held`` tiles drawn from the tiles it may
    hold that do not fit the ends (the hand ends because nobody can place); side
    totals are compared with a normal approximation.
    """
    value = ctx.tab.value
    mine = 0.0
    m = after
    while m:
        low = m & -m
        m ^= low
        mine += value[low.bit_length() - 1]
    obs = ctx.obs
    my_team = obs.teams[obs.seat]
    means = {my_team: mine}
    variances = {my_team: 0.0}
    for s, partner, near, held, poss, size, mean in ctx.others:
        pool = poss & ~playable or poss
        total = total2 = 0.0
        k = 0
        m = pool
        while m:
            low = m & -m
            m ^= low
            x = value[low.bit_length() - 1]
            total += x
            total2 += x * x
            k += 1
        if not k:
            continue
        mu = total / k
        var = max(total2 / k - mu * mu, 0.0)
        if k > 1:
            var *= max(k - held, 0) / (k - 1)
        team = obs.teams[s]
        means[team] = means.get(team, 0.0) + held * mu
        variances[team] = variances.get(team, 0.0) + held * var
    chance = 1.0
    for team, mu in means.items():
        if team == my_team:
            continue
        sd = sqrt(variances[team] + variances[my_team] + 1.0)
        chance *= 0.5 * (1.0 + erf((mu - means[my_team]) / (sd * 1.4142135623730951)))
    return chance


def _header_threat(ctx: _Context, layout, open_values, placed_bit: int) -> float:
    """Points the next opponent is expected to score in answer to ``layout`` (as the move leaves it)."""
    nxt = None
    for o in ctx.others:
        if not o[1]:
            nxt = o
            break
    if nxt is None:
        return 0.0
    _, _, near, held, poss, size, _ = nxt
    if not size:
        return 0.0
    tab = ctx.tab
    opens = tab.game.matching.opens
    cand = poss & ~placed_bit
    p_hold = min(1.0, held / size)
    expected = 0.0
    best = 0
    targets = layout.targets
    m = 0
    for _, _, accepted in targets:
        m |= accepted
    m &= cand
    while m:
        low = m & -m
        m ^= low
        x = low.bit_length() - 1
        top = 0
        for i, v, accepted in targets:
            if not accepted & low:
                continue
            for o in opens[x * STRIDE + v]:
                pts = tab.header(layout.after(i, x, o), i, x)
                if pts > top:
                    top = pts
        if top:
            expected += p_hold * top
            best = max(best, top)
    return min(expected, float(best))


class HeuristicBot:
    """Scores every legal move with table-talk heuristics and plays the best."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, weights: dict[str, float] | None = None):
        self.rng = random.Random(seed)
        self.weights = dict(WEIGHTS)
        if weights:
            self.weights.update(weights)

    def choose(self, obs: Observation) -> int:
        moves = obs.legal_moves
        if len(moves) == 1:
            return moves[0]
        scores = score_moves(obs, weights=self.weights)
        top = max(scores)
        best = [m for m, s in zip(moves, scores) if s >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)


__all__ = ["HeuristicBot", "WEIGHTS", "score_moves", "score_placement", "resulting_ends",
           "p_cannot_play"]
