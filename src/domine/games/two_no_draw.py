"""Two-Handed Dominoes without Drawing (Domine u Dvoje bez Kupovine): 10 each, own pips are penalties."""

from __future__ import annotations

from .base import SET, Game, GameError, Option
from ..parts.leads import HeaviestDouble
from ..parts.match_ends import AfterHands, ReacherLoses
from ..parts.scoring import PENALTY, own_pips

HANDS, TARGET_MODE = "hands", "target"


class TwoNoDraw(Game):
    id = "two-no-draw"
    name = "Two-Handed Dominoes without Drawing"
    aliases = ("Domine u Dvoje bez Kupovine", "Two-handed Block dominoes",
               "Dominoes for two without drawing")
    family = "block"
    summary = "Two players, 10 tiles each, 8 out of play; your own pips count against you; 10 hands."
    min_players = max_players = 2
    hand_sizes = {2: 10}
    leftover = "aside"
    first_lead = HeaviestDouble(redeal=True)   # every hand; no double dealt: redeal (rule 3)
    points = PENALTY
    target = 100
    options = (
        Option("match_mode", str, HANDS, "hands: a fixed number of hands (H), lower total wins; "
               "target: whoever reaches the target (T) loses", (HANDS, TARGET_MODE)),
        Option("hands", int, 10, "H, the number of hands with match_mode=hands"),
        Option("target", int, None, "T, the total that loses with match_mode=target (default 100)"),
        SET,
    )

    def configure(self, options):
        super().configure(options)
        hands, target = options["hands"], self.target   # 100 by default, by the set rule
        if options["match_mode"] == TARGET_MODE:
            if hands != 10:
                raise GameError("option hands applies only with match_mode=hands")
            self.match_end = ReacherLoses(target)            # rule 9
        else:
            if options["target"] not in (None, 100):   # 100: the default, given
                raise GameError("option target applies only with match_mode=target")
            if hands < 1:
                raise GameError("option hands must be at least 1")
            self.match_end = AfterHands(hands, high=False)   # rule 8; equal totals play on

    def score_hand(self, state, reason, out_seat):
        return own_pips(state, reason, out_seat)             # rules 6-7
