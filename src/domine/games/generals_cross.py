"""General's Cross (Generalski Krst): Colonel's Cross with a double slot beyond each matador.

Everything of ``colonels_cross`` holds (0-0 in the centre, its three sides for 6-1, 5-2 and
4-3, a stuck matador's side closed after a round of passes, tactical drawing, the reserve,
scoring); in addition the place beyond a matador showing m takes only the double
(7 - m)-(7 - m), which may be laid as soon as its matador is down, and an arm grows from its
double only once every side is settled. A slot whose double was laid elsewhere is dead; one
whose double never comes keeps its arm shut, and hands often end so.
"""

from __future__ import annotations

from .colonels_cross import ColonelsCross


class GeneralsCross(ColonelsCross):
    id = "generals-cross"
    name = "General's Cross"
    aliases = ('Generalski Krst', "General's Cross")
    summary = "Colonel's Cross where each matador wants its double (7 minus its number) before its arm grows."
    # rules 6, 7, 9: a slot beyond each matador for its double, at once; arms once the sides are settled
    layout_params = {**ColonelsCross.layout_params, "ring": True, "early_slots": True, "early_arms": True}
