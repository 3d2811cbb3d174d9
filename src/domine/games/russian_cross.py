"""Russian Cross (Ruski Krst): the four matadors surround the lead double, then sevens.

The centre's sides take only the matadors, either way round; after them no matador is
left to play, so the 0-0 arm is dead from the start and any arm ending in a blank dies.
A matador stuck in the reserve: after a full round of passes its side is closed with a
reserve tile face down, and play goes on on the other arms.
"""

from __future__ import annotations

from ..parts.hand_ends import ClosesAfterPasses
from ..parts.leads import HeaviestDouble, Loser
from .matador_cross import MATADORS, NOT_BLANK, STUCK_MATADOR, MatadorCross


class RussianCross(MatadorCross):
    id = "russian-cross"
    name = "Russian Cross"
    aliases = ('Ruski Krst', 'Russian Cross')
    summary = "Sevens on a cross whose four sides take the four matadors; blank ends die; lowest at 100 wins."
    layout_kind = "phased cross"                                    # rules 4-6
    layout_params = {"side_tiles": MATADORS, "arm_tiles": ~MATADORS}   # rule 5; rule 6: none is left
    hand_end = ClosesAfterPasses("sides", face_down=True, reason=STUCK_MATADOR)   # rules 7, 12
    first_lead = HeaviestDouble(redeal=True, doubles=NOT_BLANK)     # rule 9
    later_lead = Loser("double", then="until double", doubles=NOT_BLANK)   # rule 11
