"""The batch kernel: whole matches of the line games compiled with numba (docs/kernel.md).

``plan_of(game, bots)`` reads what a configured game declares and says whether the kernel
covers it (a ``Plan``: the game as numbers), or why not (``NotCovered``). The kernel itself
(``domine.kernel.line``) imports numba, and is imported only when it plays; the random
stream it shares with the engine is ``domine.kernel.rng``; ``domine.kernel.reference``
plays the same matches through the engine, drawing the same numbers.

What it covers: the line fast path's games (``Game.fast_path`` is the line's: one tile a
turn, the usual drawing, general 23(c), no hooks; ``domine.engine.fastpaths.line``) with
teams fixed for the match, no stakes, a lead rule, a hand scoring and a match end of those
below, and bots ``random`` and ``greedy``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine.tiles import DOUBLES_MASK, set_size
from ..games.base import GameError

#: bots the kernel plays, by their number in a plan
BOTS = ("random", "greedy")

# lead rules (domine.parts.leads), by number
HEAVIEST_DOUBLE, GIVEN_TILE, PREVIOUS_WINNER, NEXT_STARTER, FIXED_SEAT = range(5)
# hand scorings (a game's score_hand), by number
WINNER_TAKES_OTHERS, FAMILY, OPPONENTS_TOTAL, OWN_PIPS, INDIVIDUAL, LOWEST_SEAT_FOR_TEAM = range(6)
# match ends (domine.parts.match_ends), by number
FIRST_TO, AFTER_HANDS, STREAK, SINGLE_HAND = range(4)


class NotCovered(GameError):
    """The kernel does not play this game or these bots; the message says why."""


@dataclass(frozen=True)
class Plan:
    """A configured game and its bots as the kernel reads them."""

    players: int
    teams: tuple[int, ...]
    n_teams: int
    max_pip: int
    tiles: int                 # in the set
    hand_size: int
    stock: bool                # the undealt tiles are the stock (else set aside)
    reserve: int
    at_will: bool
    must_play: bool
    draw_limit: int
    first_lead: tuple[int, int, int, int]   # (rule, parameter, after a tie: rule, parameter)
    later_lead: tuple[int, int, int, int]
    scoring: int
    match_end: tuple[int, int, int, int, int]   # (kind, target or hands or length, high, tie plays on, cap)
    starting_score: int
    tile_values: tuple[int, ...]
    bots: tuple[int, ...]      # per seat, an index of BOTS

    def config(self):
        """The plan as the kernel's int array (its layout: ``domine.kernel.line.CONFIG``)."""
        import numpy as np
        return np.array([self.players, self.n_teams, self.max_pip, self.tiles, self.hand_size, int(self.stock),
                         self.reserve, int(self.at_will), int(self.must_play), self.draw_limit,
                         *self.first_lead, *self.later_lead, self.scoring, *self.match_end,
                         self.starting_score], dtype=np.int64)


def _lead(rule, nested: bool = False) -> tuple[int, int, int, int]:
    from ..parts import leads
    kind = type(rule)
    if kind is leads.HeaviestDouble and rule.doubles == DOUBLES_MASK:
        return (HEAVIEST_DOUBLE, int(rule.redeal), -1, 0)
    if kind is leads.GivenTile:
        return (GIVEN_TILE, rule.tile, -1, 0)
    if kind is leads.NextStarter and rule.tiles == "any":
        return (NEXT_STARTER, 0, -1, 0)
    if kind is leads.FixedSeat:
        return (FIXED_SEAT, rule.seat, -1, 0)
    if kind is leads.PreviousWinner and not nested:
        after = _lead(rule.after_tie, nested=True)
        return (PREVIOUS_WINNER, 0, after[0], after[1])
    raise NotCovered(f"its lead rule ({kind.__name__}) is not one the kernel plays")


def _scoring(game) -> int:
    from ..games.base import Game
    from ..games.block import Block
    from ..games.caribbean import Caribbean
    from ..games.two_no_draw import TwoNoDraw
    from ..parts import scoring
    hook = type(game).score_hand
    if hook is Game.score_hand or (hook is Block.score_hand and not game.openspiel):
        return WINNER_TAKES_OTHERS
    # a game written as data names its scoring fragment (domine.games.compose)
    fragments = {scoring.winner_takes_others: WINNER_TAKES_OTHERS, scoring.opponents_total: OPPONENTS_TOTAL,
                 scoring.own_pips: OWN_PIPS, scoring.by_rank: INDIVIDUAL,
                 scoring.round_won: FAMILY}
    known = {TwoNoDraw.score_hand: OWN_PIPS, Caribbean.score_hand: LOWEST_SEAT_FOR_TEAM}
    code = fragments.get(getattr(hook, "fragment", None)) if not getattr(hook, "bonus", 0) else None
    if code is None and hook not in known:
        raise NotCovered("its hand scoring is not one the kernel plays")
    code = known[hook] if code is None else code
    if code == OPPONENTS_TOTAL and game.players != 4:
        raise NotCovered("its hand scoring is played by four seats only")
    return code


def _match_end(end) -> tuple[int, int, int, int, int]:
    from ..games.caribbean import CappedStreak
    from ..parts import match_ends as m
    kind = type(end)
    if kind in (m.FirstTo, m.ReacherLoses) and not end.mid_hand:
        return (FIRST_TO, end.target, int(end.high), 0, 0)
    if kind is m.AfterHands:
        return (AFTER_HANDS, end.hands, int(end.high), int(end.tie_plays_on), 0)
    if kind in (m.Streak, CappedStreak):
        return (STREAK, end.length, 1, 0, getattr(end, "cap", 0))
    if kind is m.SingleHand:
        return (SINGLE_HAND, 0, 1, 0, 0)
    raise NotCovered(f"its match end ({kind.__name__}) is not one the kernel plays")


def plan_of(game, bots) -> Plan:
    """``game`` (configured) and the bots' names per seat as the kernel plays them; raises
    ``NotCovered`` saying why when it cannot."""
    from ..engine.fastpaths import name_of
    for name in bots:
        if name not in BOTS:
            raise NotCovered(f"the kernel plays only the bots {' and '.join(BOTS)}, not {name}")
    if name_of(game) != "line":
        raise NotCovered(f"{game.id}'s turns are not the line's (one tile a turn, no hooks)")
    if game.stakes or not game.fixed_teams or game.decides_after_play or game.draws_lot:
        raise NotCovered(f"{game.id} has stakes, changing partners or decisions after the play")
    from ..games.base import Game
    hooks = ("deal_for", "dealt_sizes", "needs_redeal", "setup_hand", "lead_rule", "match_result")
    if any(getattr(type(game), h) is not getattr(Game, h) for h in hooks):
        raise NotCovered(f"{game.id} deals, leads or ends its match by a hook of its own")
    first = _lead(game.first_lead)
    later = _lead(game.later_lead) if game.later_lead is not None else first
    turn = game.turn
    teams = tuple(game.seat_teams)
    return Plan(
        players=game.players, teams=teams, n_teams=max(teams) + 1, max_pip=game.max_pip,
        tiles=set_size(game.max_pip), hand_size=game.deal_size(game.players), stock=game.leftover == "stock",
        reserve=game.reserve, at_will=turn.draw_at_will, must_play=turn.drawn_tile_must_be_played,
        draw_limit=turn.draw_limit if turn.draw_limit is not None else 1 << 30,
        first_lead=first, later_lead=later, scoring=_scoring(game), match_end=_match_end(game.match_end),
        starting_score=game.starting_score, tile_values=tuple(game.tile_values),
        bots=tuple(BOTS.index(b) for b in bots),
    )


def covers(game, bots) -> bool:
    try:
        plan_of(game, bots)
    except NotCovered:
        return False
    return True


def numba_missing() -> str | None:
    """Why numba cannot be used here (None: it can)."""
    try:
        import numba  # noqa: F401
    except ImportError as e:   # (an extra: pip install domine[fast])
        return f"numba is not installed ({e})"
    return None


@lru_cache(maxsize=64)
def prepared(game_id: str, players: int, options: tuple, bots: tuple):
    """(the configured game, its plan) for a block: made once per process, not once per block."""
    from ..games import make_game
    game = make_game(game_id, players, dict(options))
    return game, plan_of(game, bots)


KERNEL_CHOICES = ("auto", "on", "off", "engine")   # "engine": the library's own, for benchmarks


def mode(kernel: str, game, bots, records: bool = False, shapes: bool = False) -> str:
    """Who plays a simulation of ``game`` by ``bots``: "numba" (the kernel), "reference" (the
    engine from the kernel's stream: ``kernel="off"``, the kernel's results without it), or ""
    (the engine as ever: a game or bots the kernel does not cover; records asked for, whose
    deals replay from the match's seed; ``shapes``, the distributions behind the means that
    plots and studies draw, which the kernel does not count; ``auto`` without numba, where
    drawing from the kernel's stream in Python would be slower than the engine's own; and
    ``kernel="engine"``, for benchmarks of the engine). ``kernel="on"`` raises ``NotCovered``
    where the kernel cannot play."""
    if kernel not in KERNEL_CHOICES:
        raise NotCovered(f"the kernel is auto, on or off, not {kernel!r}")
    if kernel == "engine":   # the engine as ever, with its own stream (benchmarks of the engine)
        return ""
    try:
        plan_of(game, bots)
    except NotCovered:
        if kernel == "on":
            raise
        return ""
    missing = numba_missing()
    if kernel == "on" and (missing or records):
        raise NotCovered(missing or "the kernel keeps no records (--record-dir, --jsonl): use --kernel off or auto")
    if kernel == "on" and shapes:
        raise NotCovered("the kernel counts no distributions (--plot, study): use --kernel off or auto")
    if records or shapes:
        return ""
    if missing and kernel == "auto":
        return ""
    return "reference" if kernel == "off" else "numba"
