"""What the terminal table tells a player who asks: a hint and why, and the tile counter.

Both read only the seat's ``Observation`` (and ``Knowledge``, the inference the bots use
from the public history), so they never tell more than the seat may know.
"""

from __future__ import annotations

from ..bots.heuristic import resulting_ends
from ..bots.knowledge import Knowledge, game_of
from ..engine.moves import ANNOUNCE, DRAW, PASS, STOP, end_of, is_place, kind, pips_placed, tile_of
from ..engine.observation import Observation
from ..engine.tiles import BIT, IS_DOUBLE, TILES_WITH, tile_str, tiles_of


def hint_reasons(obs: Observation, move: int) -> list[str]:
    """Why ``move`` is good here, in a few words (nothing where no simple reason shows)."""
    game = game_of(obs)
    k = kind(move)
    if k == DRAW:
        return ["no tile of yours fits"]
    if k == PASS:
        return ["nothing fits and nothing can be drawn"]
    if k == STOP:
        return ["keep your tiles for later"]
    if not is_place(move):
        return []
    t = tile_of(move)
    hand = 0
    for x in obs.hand:
        hand |= BIT[x]
    after = hand & ~BIT[t]
    reasons = []
    if not after:
        return ["you go out"]
    if move & ANNOUNCE:
        reasons.append("call your last tile, or it stays locked")
    layout = obs.layout
    if layout is not None and layout.lead >= 0 and end_of(move) < len(layout.values):
        try:
            pts = game.points_on_play(layout, end_of(move), t)
        except Exception:   # a game without points on play  # noqa: BLE001
            pts = 0
        if pts:
            reasons.append(f"it scores {pts} at once")
    heaviest = max(pips_placed(m) for m in obs.legal_moves if is_place(m))
    if pips_placed(move) == heaviest and heaviest > 0:
        reasons.append(f"it sheds your heaviest playable tile ({heaviest} pips)")
    if IS_DOUBLE[t]:
        reasons.append("doubles are hard to place later")
    try:
        kn = Knowledge(obs, game)
    except Exception:   # inference is a help here, never a failure  # noqa: BLE001
        kn = None
    if kn is not None and layout is not None and layout.lead >= 0:
        try:
            after_layout = resulting_ends(layout, move)[4]
            fits = after_layout.playable
        except Exception:   # noqa: BLE001
            fits = None
        if fits is not None:
            stuck = [s for s in range(obs.players) if s != obs.seat and obs.hand_sizes[s]
                     and not (game.partnership and obs.teams[s] == obs.teams[obs.seat])
                     and not kn.possible(s) & fits]
            if stuck:
                who = " and ".join(f"seat {s}" for s in stuck)
                reasons.append(f"{who} cannot follow it, from what {'they have' if len(stuck) > 1 else 'it has'} shown")
    covered = sum(1 for v in range(game.max_pip + 1) if after & TILES_WITH[v])
    if covered >= game.max_pip:   # a hand that still answers most numbers
        reasons.append(f"you keep tiles for {covered} of the {game.max_pip + 1} numbers")
    return reasons[:3]


def tile_counter(obs: Observation) -> list[str]:
    """The tiles this seat has not seen, and the numbers each other seat is known to lack."""
    game = game_of(obs)
    kn = Knowledge(obs, game)
    unseen = kn.unseen
    lines = [f"Unseen tiles ({unseen.bit_count()}): " + (" ".join(tile_str(t) for t in tiles_of(unseen)) or "none")]
    counts = [f"{v}:{(unseen & TILES_WITH[v]).bit_count()}" for v in range(game.max_pip + 1)]
    lines.append("Unseen per number: " + "  ".join(counts))
    for s in range(obs.players):
        if s == obs.seat:
            continue
        void = kn.void_pips(s)
        what = "no " + ", ".join(map(str, void)) if void else "nothing known yet"
        lines.append(f"seat {s} ({obs.hand_sizes[s]} tiles): {what}")
    return lines


__all__ = ["hint_reasons", "tile_counter"]
