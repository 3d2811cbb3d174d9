"""Russian Double Cross (Ruski Dvostruki Krst): a nine-tile figure of sevens and matadors.

Four "Russians" on the lead double's sides (any tile that sums to seven with it, or a
matador), then on each the double that sums to seven with its outer number or a matador
instead, then four free arms; with ``early-arms`` an arm grows once its own slot is
filled. Slots nobody can fill close, marked dead, after a full round of passes at the
reserve.
"""

from __future__ import annotations

from .base import TARGET, Option
from ..engine.moves import CLOSE
from ..parts.hand_ends import ClosesAfterPasses
from .matador_cross import MATADORS, NOTHING_FOR_SLOT, MatadorCross


class RussianDoubleCross(MatadorCross):
    id = "russian-double-cross"
    name = "Russian Double Cross"
    aliases = ('Ruski Dvostruki Krst', 'Russian Double Cross')
    summary = "Sevens on a nine-tile figure: four Russians, their doubles (or matadors), then arms."
    layout_kind = "phased cross"                       # rules 4-8
    layout_params = {"ring": True, "ring_tiles": MATADORS}
    hand_end = ClosesAfterPasses("slots", face_down=False, reason=NOTHING_FOR_SLOT)   # rule 13
    public_kinds = frozenset({CLOSE})                  # rule 13: a slot is marked dead, no tile hidden
    options = (
        TARGET,
        Option("early_arms", bool, False, "each arm grows as soon as its own slot is filled "
               "(default: once the whole figure is down)"),
    )

    def configure(self, options):
        super().configure(options)
        self.layout_params = {**type(self).layout_params, "early_arms": bool(options.get("early_arms"))}
