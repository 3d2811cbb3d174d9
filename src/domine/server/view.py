"""What one seat (or a spectator) sees of a table, as JSON for the browser (docs/server.md).

A stub: the client's author fills it in. Pure: it reads the seat's observation, never the
hand's hidden state."""

from __future__ import annotations

from ..engine.observation import observe


def seat_view(table: dict, match, seat: int | None, lang: str | None = None) -> dict:
    """The view of ``seat`` (None: a spectator) at ``match``'s current position.

    ``table`` is the table's public description (id, game, players, options, seats as
    ``[{name, kind, level, connected, bot}]``, undo, rated)."""
    state = match.current if match.current is not None else (match.hands[-1] if match.hands else None)
    view: dict = {"table": dict(table, you=seat), "hand": None, "layout": None, "tiles": [], "moves": [],
                  "last": None, "counter": None, "result": None,
                  "match": match.result.to_json() if match.result is not None else None}
    if state is None:
        return view
    obs = observe(state, seat if seat is not None else 0)   # a spectator: only public fields are read
    view["hand"] = {"number": match.hands_played + (0 if match.current is None else 1),
                    "to_act": obs.to_act, "scores": list(match.scores), "hand_sizes": list(obs.hand_sizes),
                    "stock": obs.stock_size}
    if seat is not None:
        view["tiles"] = [{"tile": t} for t in obs.hand]
        view["moves"] = [{"move": m} for m in obs.legal_moves] if obs.to_act == seat else []
    return view
