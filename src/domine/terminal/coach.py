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
from ..i18n import _, current, join, ngettext, pgettext
from .table import points_str, seat_words


def hint_reasons(obs: Observation, move: int) -> list[str]:
    """Why ``move`` is good here, in a few words (nothing where no simple reason shows)."""
    game = game_of(obs)
    k = kind(move)
    if k == DRAW:
        return [_("no tile of yours fits")]
    if k == PASS:
        return [_("nothing fits and nothing can be drawn")]
    if k == STOP:
        # TRANSLATORS: why to stop (end a turn that could go on): keep the tiles in hand
        return [_("keep your tiles for later")]
    if not is_place(move):
        return []
    t = tile_of(move)
    hand = 0
    for x in obs.hand:
        hand |= BIT[x]
    after = hand & ~BIT[t]
    reasons = []
    if not after:
        return [_("you go out")]
    if move & ANNOUNCE:
        reasons.append(_("call your last tile, or it stays locked"))
    layout = obs.layout
    if layout is not None and layout.lead >= 0 and end_of(move) < len(layout.values):
        try:
            pts = game.points_on_play(layout, end_of(move), t)
        except Exception:   # a game without points on play  # noqa: BLE001
            pts = 0
        if pts:
            # TRANSLATORS: the points a placement scores as it is made (All Fives' count)
            reasons.append(ngettext("it scores {count} at once", "it scores {count} at once", pts)
                           .format(count=points_str(pts)))
    heaviest = max(pips_placed(m) for m in obs.legal_moves if is_place(m))
    if pips_placed(move) == heaviest and heaviest > 0:
        reasons.append(ngettext("it sheds your heaviest playable tile ({count} pips)",
                                "it sheds your heaviest playable tile ({count} pips)", heaviest)
                       .format(count=heaviest))
    if IS_DOUBLE[t]:
        reasons.append(_("doubles are hard to place later"))
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
                names = [seat_words(s) for s in stuck]
                who = " and ".join(names) if current() == "en" else join(names)
                # TRANSLATORS: the seats that hold no tile for the ends this move leaves, as far as
                # their draws and passes have shown ("seat 1 and seat 3 cannot follow it ...")
                reasons.append(ngettext("{seats} cannot follow it, from what it has shown",
                                        "{seats} cannot follow it, from what they have shown", len(stuck))
                               .format(seats=who))
    covered = sum(1 for v in range(game.max_pip + 1) if after & TILES_WITH[v])
    if covered >= game.max_pip:   # a hand that still answers most numbers
        # TRANSLATORS: after this move the hand still holds a tile showing {count} of the
        # {numbers} numbers of the set (0 to 6: 7 numbers)
        reasons.append(_("you keep tiles for {count} of the {numbers} numbers")
                       .format(count=covered, numbers=game.max_pip + 1))
    return reasons[:3]


def tile_counter(obs: Observation) -> list[str]:
    """The tiles this seat has not seen, and the numbers each other seat is known to lack."""
    game = game_of(obs)
    kn = Knowledge(obs, game)
    unseen = kn.unseen
    # TRANSLATORS: the tiles this seat has not seen (in no hand it saw, not on the table), and how many
    lines = [_("Unseen tiles ({count}): {tiles}").format(
        count=unseen.bit_count(), tiles=" ".join(tile_str(t) for t in tiles_of(unseen)) or pgettext("tiles", "none"))]
    counts = [f"{v}:{(unseen & TILES_WITH[v]).bit_count()}" for v in range(game.max_pip + 1)]
    # TRANSLATORS: for each number of the set, how many unseen tiles show it: "0:3  1:4 ..."
    lines.append(_("Unseen per number: {counts}").format(counts="  ".join(counts)))
    for s in range(obs.players):
        if s == obs.seat:
            continue
        void = kn.void_pips(s)
        # TRANSLATORS: the numbers a seat is known to hold no tile of: "no 3, 5"
        what = _("no {numbers}").format(numbers=", ".join(map(str, void))) if void else _("nothing known yet")
        lines.append(ngettext("{seat} ({count} tile): {what}", "{seat} ({count} tiles): {what}",
                              obs.hand_sizes[s]).format(seat=seat_words(s), count=obs.hand_sizes[s], what=what))
    return lines


__all__ = ["hint_reasons", "tile_counter"]
