"""What one seat (or a spectator) sees of a table, as JSON for the browser (docs/server.md, "The view").

Pure. A seat's view is built from its own ``Observation`` (general rule 7: nothing another
seat holds reaches it); a spectator's from the hand's public part only: the public history
(the same filter as a seat's, for a seat that holds nothing), the layout with every
face-down tile hidden, the counts. Once a hand is over its result shows every hand, as the
table does when the tiles are turned up. Every sentence is in the view's language.
"""

from __future__ import annotations

from typing import Any

from ..engine.geometry import layout_geometry, snake
from ..engine.layout import LEAD_END
from ..engine.moves import (
    CLOSE, DRAW, HIDDEN, KIND_MASK, KINDS, PAIR, PASS, STOP, TILE_MASK, end_of, is_place, open_of,
    placements_of, tile_of,
)
from ..engine.notation import move_str
from ..engine.observation import Observation, observe, public_layout
from ..engine.tiles import BIT, HIGH, IS_DOUBLE, LOW, tiles_of
from ..i18n import gettext as _, pgettext

#: the widths (in cells) a long line is laid out at as a snake, besides its plain geometry:
#: a phone (360 px at about 24 px a cell) and a wide window. The client takes the widest that fits.
SNAKE_WIDTHS = (8, 12, 18, 30)


# -- words -----------------------------------------------------------------------------------

def pip_word(pip: int, lang: str | None) -> str:
    """A number of pips as a word, for a screen reader: 'six'."""
    words = (
        # TRANSLATORS: the numbers of pips read out by a screen reader, zero to twelve ("six-three")
        pgettext("pips", "blank", lang), pgettext("pips", "one", lang), pgettext("pips", "two", lang),
        pgettext("pips", "three", lang), pgettext("pips", "four", lang), pgettext("pips", "five", lang),
        pgettext("pips", "six", lang), pgettext("pips", "seven", lang), pgettext("pips", "eight", lang),
        pgettext("pips", "nine", lang), pgettext("pips", "ten", lang), pgettext("pips", "eleven", lang),
        pgettext("pips", "twelve", lang),
    )
    return words[pip] if 0 <= pip < len(words) else str(pip)


def tile_words(tile: int, lang: str | None) -> str:
    """A tile as a screen reader says it: 'six-three', 'double five'; an unseen one 'a face-down tile'."""
    if tile < 0:
        return _("a face-down tile", lang)
    if IS_DOUBLE[tile]:
        return _("double {pip}", lang).format(pip=pip_word(HIGH[tile], lang))
    return f"{pip_word(HIGH[tile], lang)}-{pip_word(LOW[tile], lang)}"


def end_words(name: str, lang: str | None) -> str:
    """An end's name in words: 'left', 'north'; another name (a train, an arm) as it is."""
    words = {
        # TRANSLATORS: the ends of a layout, as a screen reader says where a tile goes: "on the left end"
        "L": pgettext("end", "left", lang), "R": pgettext("end", "right", lang),
        "N": pgettext("end", "north", lang), "S": pgettext("end", "south", lang),
        "E": pgettext("end", "east", lang), "W": pgettext("end", "west", lang),
        "M": pgettext("end", "Mexican", lang),
    }
    return words.get(name, name)


def _end_name(names: tuple[str, ...], end: int) -> str:
    return names[end] if end < len(names) else str(end)


def move_label(state, move: int, lang: str | None) -> str:
    """A move as a sentence for a screen reader: 'six-three on the left end, showing 3'."""
    k = move & KIND_MASK
    names = state.layout.end_names() or state.layout.NAMES
    if k == PAIR:
        return _("{first}, and {second}", lang).format(
            first=move_label(state, placements_of(move)[0], lang), second=move_label(state, placements_of(move)[1], lang))
    if is_place(move):
        tile = tile_words(tile_of(move), lang)
        if end_of(move) == LEAD_END:
            return _("{tile} as the lead", lang).format(tile=tile)
        return _("{tile} on the {end} end, showing {pip}", lang).format(
            tile=tile, end=end_words(_end_name(names, end_of(move)), lang), pip=open_of(move))
    if k == DRAW:
        return _("draw a tile", lang)
    if k == PASS:
        return _("pass", lang)
    if k == STOP:
        return _("stop: end the turn here", lang)
    if k == CLOSE:
        return _("close the {end} end with {tile} face down", lang).format(
            end=end_words(_end_name(names, end_of(move)), lang), tile=tile_words(tile_of(move), lang))
    return move_str(state, move)   # a decision of the game's own (a bid, a look): its notation


# -- the public part of a hand ------------------------------------------------------------------

def public_history(state) -> list[tuple[int, int]]:
    """The events every seat sees: others' hidden tiles carry only their kind, silent ones are left out."""
    game = state.game
    hiding, silent = game.tile_hiding_kinds, game.silent_kinds
    seen = []
    for actor, event in state.history:
        k = event & KIND_MASK
        if k:
            if k in silent:
                continue
            if k in hiding:
                event = (event & ~TILE_MASK) | HIDDEN
        seen.append((actor, event))
    return seen


def public_observation(state) -> Observation:
    """What a spectator may know, in the shape of an observation of a seat that holds nothing
    (``seat`` -1): no hand, no legal moves, the public history, the layout with every face-down
    tile hidden. The hand's hidden state is never read into it."""
    lay = state.layout
    game = state.game
    context = state.context
    seen = public_history(state)
    acting = -1 if state.offers else state.to_act   # who is asked about a double is not public
    obs = Observation(
        game.id, game.public_options, -1, state.n, state.teams[:],
        [h.bit_count() for h in state.hands], len(state.stock) - state.stock_pos, max(state.drawable, 0),
        lay.kind, (lay.end_names(), lay.values[:], lay.lengths[:], lay.doubles[:], lay.closed[:]),
        (lay.arms, list(map(len, lay.arms))), lay.lead if lay.lead >= 0 else None,
        acting, [], (seen, len(seen)), state.hand_points[:],
        list(context.scores or [game.starting_score] * state.n_teams), context.hand_number,
        state.over, game.max_pip, context,
        [d.bit_count() for d in state.discards] if game.lays_face_down else [0] * state.n,
        (0, lay.mask, 0, 0), public_layout(lay, seen, None),
    )
    if game.keeps_rows:
        from ..parts.rows import RowView, rows_of
        rs = rows_of(state)
        known = rs.public
        obs.rows = RowView(tuple(tuple(t if BIT[t] & known else -1 for t in row) for row in rs.rows),
                           tuple(rs.face_up), tuple(tuple(tiles_of(m)) for m in rs.open), 0, -1, rs.idle, state.n)
    return obs


# -- the parts of a view ---------------------------------------------------------------------------

def _tile(tile: int, lang: str | None, playable: bool = False, **more) -> dict:
    pips = [HIGH[tile], LOW[tile]] if tile >= 0 else [-1, -1]
    return dict({"tile": tile, "pips": pips, "playable": playable, "label": tile_words(tile, lang)}, **more)


def _layout(obs: Observation, lang: str | None) -> dict | None:
    if obs.layout is None:
        return None
    geo = layout_geometry(obs.layout)
    out = geo.to_dict()
    out["snakes"] = {}
    if geo.pieces and geo.kind in ("line", "spinner"):
        x0, _y0, x1, _y1 = geo.bounds()
        for width in SNAKE_WIDTHS:
            if x1 - x0 > width:
                out["snakes"][str(width)] = snake(geo, width).to_dict()
    for end in out["ends"]:
        end["words"] = end_words(end["name"], lang)
    if obs.rows is not None:   # the blind games' rows, face down where this seat has not seen a tile
        out["rows"] = [[_tile(t, lang, face_up=bool(t >= 0 and BIT[t] & obs.rows.face_up[s]))
                        for t in row] for s, row in enumerate(obs.rows.rows)]
        out["open"] = [[_tile(t, lang) for t in tiles] for tiles in obs.rows.open]
    return out


def _moves(state, obs: Observation, geo: dict | None, lang: str | None) -> list[dict]:
    ends = {e["end"]: e for e in geo["ends"]} if geo else {}
    names = state.layout.end_names() or state.layout.NAMES
    out = []
    for m in obs.legal_moves:
        first = placements_of(m)[0] if m & KIND_MASK == PAIR else m
        placed = is_place(first)
        end = end_of(first) if placed else -1
        at = ends.get(end)
        out.append({
            "move": m, "kind": KINDS[m & KIND_MASK].name if not placed else "place",
            "tile": tile_of(first) if placed or m & KIND_MASK == CLOSE else -1,
            "end": -1 if end == LEAD_END else end,
            "end_name": _end_name(names, end) if placed and end != LEAD_END else None,
            "text": move_str(state, m), "label": move_label(state, m, lang),
            "x": at["x"] if at else 0, "y": at["y"] if at else 0,
        })
    return out


def _seat_words(game, seat: int, lang: str | None) -> str:
    return _("seat {seat}", lang).format(seat=seat)


def _team_words(game, team: int, lang: str | None) -> str:
    if game.partnership:
        return _("team {letter}", lang).format(letter="AB"[team])
    return _seat_words(game, team, lang)


def _status(game, obs: Observation, lang: str | None) -> list[dict]:
    """``Game.status`` as label/value pairs in words (the count, the pot, a run, your pips)."""
    names = {"count": pgettext("status", "count", lang), "pot": pgettext("status", "pot", lang),
             "balances": pgettext("status", "balances", lang), "bid": pgettext("status", "bid", lang),
             "run": pgettext("status", "run", lang), "your pips": pgettext("status", "your pips", lang)}
    items = []
    for label, value in game.status(obs):
        if obs.seat < 0 and label == "your pips":
            continue
        if label == "run" and game.match_end is not None and game.match_end.needs_streak:
            team, run = obs.context.streak or (-1, 0)
            if not run:
                value = pgettext("run", "none yet", lang)
            else:
                name = _team_words(game, team, lang)
                if obs.seat >= 0 and team == obs.teams[obs.seat]:
                    name = _("{name} (yours)", lang).format(name=name)
                value = _("{name} {run} of {target}", lang).format(name=name, run=run, target=game.match_end.target)
        elif label == "bid" and isinstance(value, str) and " by seat " in value:
            amount, seat = value.split(" by seat ")
            value = _("{amount} by {seat}", lang).format(amount=amount, seat=_seat_words(game, int(seat), lang))
        elif isinstance(value, (list, tuple)):
            value = list(value)
        items.append({"key": label, "label": names.get(label, label), "value": value})
    return items


def _counter(game, obs: Observation, lang: str | None) -> dict | None:
    """The tile counter: the tiles this seat has not seen, and the numbers each other seat is
    known to lack (the bots' inference, ``bots.knowledge``)."""
    from ..bots.knowledge import Knowledge
    if obs.seat < 0 and game.keeps_rows:
        return None
    try:
        kn = Knowledge(obs, game)
        unseen = kn.unseen
        lacks = {str(s): kn.void_pips(s) for s in range(obs.players) if s != obs.seat}
    except Exception:   # an inconsistent history (a position set up by hand): no counter  # noqa: BLE001
        return None
    return {"unseen": tiles_of(unseen), "count": unseen.bit_count(), "lacks": lacks}


def _last(state, obs: Observation) -> dict | None:
    for actor, event in reversed(obs.history):
        if actor >= 0:
            return {"seat": actor, "text": move_str(state, event)}
    return None


def _tokens(game, obs: Observation) -> tuple[list | None, int | None]:
    if not game.stakes:
        return None, None
    from ..parts.stakes import balances_after
    tokens = balances_after(obs.context.tokens, obs.players, obs.history)
    return tokens[:-1], tokens[-1]


def _result(state, totals: list | None, lang: str | None) -> dict | None:
    """The hand's result once it is over: every hand shown (the tiles left), the points, the totals."""
    if not state.over or state.result is None:
        return None
    out = state.result.to_json()
    out["hands"] = [[_tile(t, lang) for t in tiles_of(h)] for h in state.hands]
    out["totals"] = totals
    return out


def state_view(state, seat: int | None, lang: str | None = None, table: dict | None = None,
               scores: list | None = None, totals: list | None = None, open_hands: bool = False) -> dict:
    """The view of one hand's position for ``seat`` (None: a spectator). ``scores``: the match's
    standing to show (before the hand's points are added); ``totals``: after the hand, once it is
    over; ``open_hands``: a replay with every hand face up (nothing is hidden from its reader)."""
    game = state.game
    obs = observe(state, seat) if seat is not None else public_observation(state)
    geo = _layout(obs, lang)
    tokens, pot = _tokens(game, obs)
    legal = set(obs.legal_moves)
    playable = 0
    for m in legal:
        for p in placements_of(m) if m & KIND_MASK == PAIR else (m,):
            if is_place(p) or p & KIND_MASK == CLOSE:
                playable |= BIT[tile_of(p)]
    view: dict[str, Any] = {
        "table": dict(table or {}, you=seat),
        "hand": {
            "number": obs.hand_number, "to_act": obs.to_act, "lead": obs.lead is not None,
            "stock": obs.stock_size, "drawable": obs.drawable, "hand_sizes": list(obs.hand_sizes),
            "scores": list(scores if scores is not None else obs.scores), "points": list(obs.hand_points),
            "teams": list(obs.teams), "tokens": tokens, "pot": pot, "status": _status(game, obs, lang),
            "commitment": (table or {}).get("commitment"), "over": bool(state.over),
        },
        "layout": geo,
        "tiles": [],
        "moves": _moves(state, obs, geo, lang),
        "last": _last(state, obs),
        "counter": None if open_hands else _counter(game, obs, lang),
        "result": _result(state, totals, lang),
        "match": None,
    }
    if seat is not None:
        if obs.rows is not None:   # a row game: the own row, front first, unseen tiles -1
            view["tiles"] = [_tile(t, lang, t >= 0 and bool(BIT[t] & playable)) for t in obs.rows.rows[seat]]
        else:
            view["tiles"] = [_tile(t, lang, bool(BIT[t] & playable)) for t in obs.hand]
    if open_hands:   # a replay with all hands open
        view["hands"] = [[_tile(t, lang) for t in tiles_of(h)] for h in state.hands]
    return view


def seat_view(table: dict, match, seat: int | None, lang: str | None = None) -> dict:
    """The view of ``seat`` (None: a spectator) at ``match``'s current position.

    ``table`` is the table's public description (id, game, players, options, seats as
    ``[{name, kind, level, connected, bot}]``, undo, rated; ``commitment`` of the hand in play)."""
    state = match.current if match.current is not None else (match.hands[-1] if match.hands else None)
    if state is None:
        view: dict = {"table": dict(table, you=seat), "hand": None, "layout": None, "tiles": [], "moves": [],
                      "last": None, "counter": None, "result": None, "match": None}
    else:
        finished = state is not match.current or not state.over
        scores = list(match.scores) if finished else list(state.context.scores or match.scores)
        totals = list(match.scores) if state is not match.current else (
            [a + b for a, b in zip(scores, state.result.points)] if state.over and state.result else None)
        view = state_view(state, seat, lang, table, scores=scores, totals=totals)
    view["match"] = match.result.to_json() if match.result is not None else None
    if view["table"].get("game_name"):
        view["table"]["game_name"] = pgettext("game name", view["table"]["game_name"], lang)
    return view


def replay_views(record: dict, seat: int | None, lang: str | None = None) -> list[dict]:
    """One view per position of every hand of a record, in order: the deal, then after each move
    (``records.replay``). ``seat`` None: every hand open; a seat: what that seat saw then."""
    from ..records import replay

    views: list[dict] = []
    table = {"game": record.get("game"), "players": record.get("players"), "options": record.get("options") or {},
             "seats": [{"name": n} for n in record.get("seats") or []], "replay": True}

    def visit(hand: int, move: int, state) -> None:
        before = list(state.context.scores) if state.context.scores is not None else None
        totals = ([a + b for a, b in zip(before, state.result.points)]
                  if state.over and state.result is not None and before is not None else None)
        view = state_view(state, seat, lang, table, scores=before, totals=totals, open_hands=seat is None)
        view["step"] = {"hand": hand, "move": move}
        views.append(view)

    report = replay(record, visit=visit)
    if views and report.result is not None:
        views[-1]["match"] = report.result
    return views


__all__ = ["SNAKE_WIDTHS", "move_label", "pip_word", "public_history", "public_observation", "replay_views",
           "seat_view", "state_view", "tile_words"]
