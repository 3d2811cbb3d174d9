"""How a finished hand scores: functions of the hand state that games name in ``score_hand``.

Every function returns a ``HandResult``; points are per team and include what
was scored during play (``state.hand_points``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.results import HandResult, standard_ranking
from ..engine.tiles import pips_of

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandState

#: Points are good (most wins), penalties (least wins) or zero-sum: bots, ``simulate``
#: and ``arena`` read the game's ``points`` instead of guessing from its match end.
GOOD, PENALTY, ZERO_SUM = "good", "penalty", "zero-sum"
#: Points are the tokens each seat won in the hand (a game for stakes ranked by its token
#: balances: close-at-will, auction): most wins, and the scores are the balances.
TOKENS_WON = "tokens won"


def values_and_tiles(state: "HandState") -> tuple[list[int], list[int]]:
    """Each seat's hand value (as the game values tiles) and number of tiles left."""
    hands = state.hands
    value = pips_of if state.game.plain_values else state.game.hand_value
    return list(map(value, hands)), list(map(int.bit_count, hands))


def team_totals(state: "HandState", values: list[int]) -> list[int]:
    totals = [0] * state.n_teams
    for s, v in enumerate(values):
        totals[state.teams[s]] += v
    return totals


def seats_of(state: "HandState", team: int) -> list[int]:
    if state.n_teams == state.n:
        return [team]
    return [s for s in range(state.n) if state.teams[s] == team]


def winner_takes_others(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """pagat's line games (block, draw): only the winner scores.

    Domino: the side that went out scores the others' hand values (a partner's
    tiles ignored). Blocked: the side with the unique lowest value scores the
    others' total minus its own; a tie for lowest scores nothing.
    """
    values, tiles = values_and_tiles(state)
    points = state.hand_points[:]
    winners: list[int] = []
    teams = state.teams
    if out_seat is not None:
        team = teams[out_seat]
        if state.n_teams == state.n:   # every seat its own side
            points[team] += sum(values) - values[out_seat]
            winners = [team]
        else:
            points[team] += sum(v for s, v in enumerate(values) if teams[s] != team)
            winners = seats_of(state, team)
    elif reason in ("blocked", "dead"):
        totals = team_totals(state, values) if state.n_teams < state.n else values
        low = min(totals)
        if totals.count(low) == 1:
            team = totals.index(low)
            points[team] += sum(totals) - 2 * low
            winners = seats_of(state, team)
    return HandResult(reason, out_seat, values, tiles, points, winners)


def lowest_takes_others_total(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Lightning: the winner, or the unique lowest of a block, scores everybody else's pips."""
    values, tiles = values_and_tiles(state)
    points = state.hand_points[:]
    low = min(values)
    if out_seat is not None or values.count(low) == 1:
        best = out_seat if out_seat is not None else values.index(low)
        points[state.teams[best]] += sum(values) - values[best]
        return HandResult(reason, out_seat, values, tiles, points, [best])
    return HandResult(reason, out_seat, values, tiles, points, [])


def first_ranked_takes_others(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Blitz: the first in the standard ranking scores the others' hand values."""
    values, tiles = values_and_tiles(state)
    points = list(state.hand_points)
    ranking = standard_ranking(values, tiles, state.last_placer)
    best = ranking[0]
    points[state.teams[best]] += sum(values) - values[best]
    return HandResult(reason, out_seat, values, tiles, points, [best], ranking)


#: Individual 8-9: by the number of players, the position (0 = best) -> the position whose hand
#: value it scores (None: nothing)
SCORES_VALUE_OF = {3: (2, 1, None), 4: (3, 2, 1, None)}


def by_rank(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Pojedinačne Domino-igre (3 or 4 players): the best-ranked scores the weakest's hand value,
    the second the second weakest's, and so on (individual 7-9)."""
    values, tiles = values_and_tiles(state)
    ranking = standard_ranking(values, tiles, state.last_placer)
    points = list(state.hand_points)
    for position, source in enumerate(SCORES_VALUE_OF[state.n]):
        if source is not None:
            points[state.teams[ranking[position]]] += values[ranking[source]]
    return HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)


def own_pips(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Penalty games: everyone adds his own hand value; the best-ranked wins the hand."""
    values, tiles = values_and_tiles(state)
    points = list(state.hand_points)
    ranking = standard_ranking(values, tiles, state.last_placer)
    for s, v in enumerate(values):
        points[state.teams[s]] += v
    return HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)


def against_average(state: "HandState", reason: str, out_seat: int | None, factor: int = 1) -> HandResult:
    """Zero-sum (homo-homini-lupus): each seat scores ``factor`` x (the mean hand value - its own).

    Points are floats, exact for the quarters a mean of four can make (the sum is 0);
    the hand's winners are the best-ranked seat (general 16), the ranking is kept.
    """
    values, tiles = values_and_tiles(state)
    n = state.n
    total = sum(values)
    points = [float(p) for p in state.hand_points]
    for s, v in enumerate(values):
        points[state.teams[s]] += factor * (total - n * v) / n
    ranking = standard_ranking(values, tiles, state.last_placer)
    return HandResult(reason, out_seat, values, tiles, points, [ranking[0]], ranking)


def opponents_total(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Domine u Parove: each team adds the other team's hand total."""
    values, tiles = values_and_tiles(state)
    totals = team_totals(state, values)
    points = [totals[1], totals[0]]
    if out_seat is not None:
        winners = seats_of(state, state.teams[out_seat])
    elif totals[0] != totals[1]:
        winners = seats_of(state, 0 if totals[0] < totals[1] else 1)
    else:
        winners = []
    return HandResult(reason, out_seat, values, tiles, points, winners)


def one_win_to_winners(result: HandResult, state: "HandState") -> HandResult:
    """Games counted in hands won: each winning team gets one, nothing else scores."""
    points = [0] * state.n_teams
    for team in {state.teams[s] for s in result.winners}:
        points[team] = 1
    result.points = points
    return result


def round_won(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Family 7 (two players): going out wins the round; a blocked round goes to the lower hand,
    equal hands to nobody. One win to the winner."""
    result = winner_takes_others(state, reason, out_seat)
    values = result.hand_values
    if out_seat is not None:
        result.winners = [out_seat]
    else:
        result.winners = [] if values[0] == values[1] else [0 if values[0] < values[1] else 1]
    return one_win_to_winners(result, state)


def out_or_shut_out(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Shut-out 8-9: going out wins the hand; otherwise the player who had to pass (the last to
    act) loses it. One win to the winners; pips never score."""
    values, tiles = values_and_tiles(state)
    if out_seat is not None:
        winners = [out_seat]
    else:
        passer = state.history[-1][0]
        winners = [s for s in range(state.n) if s != passer]
    result = HandResult(reason, out_seat, values, tiles, [0] * state.n_teams, winners)
    return one_win_to_winners(result, state)


def lowest_seat_wins_for_team(state: "HandState", reason: str, out_seat: int | None) -> HandResult:
    """Caribbean: the seat out, or the lowest count of a block, wins the hand for its team;
    a lowest count shared across teams is a tied hand. Winners: that seat first."""
    values, tiles = values_and_tiles(state)
    if out_seat is not None:
        best = out_seat
    else:
        low = min(values)
        lowest = [s for s in range(state.n) if values[s] == low]
        if len({state.teams[s] for s in lowest}) > 1:
            return HandResult(reason, out_seat, values, tiles, [0] * state.n_teams, [])
        best = standard_ranking(values, tiles, state.last_placer)[0]
    team = state.teams[best]
    winners = [best] + [s for s in seats_of(state, team) if s != best]
    points = [0] * state.n_teams
    points[team] = 1
    return HandResult(reason, out_seat, values, tiles, points, winners)


def score_on_play(state: "HandState", seat: int, points: int) -> None:
    """Points scored by a placement as it is made; a match that can be won mid-hand
    ends the hand at once when they reach the target (and the seat is not out)."""
    if not points:
        return
    state.score(seat, points)
    team = state.teams[seat]
    end = state.game.match_end
    if end.mid_hand and state.hands[seat]:
        before = (state.context.scores or [state.game.starting_score] * state.n_teams)[team]
        if before + state.hand_points[team] >= end.target:
            state.finish("target")   # (the placer is the last placer: this runs on his placement)
