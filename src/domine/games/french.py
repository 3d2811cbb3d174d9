"""French Dominoes (Francuski Domino): Caribbean Dominoes played on a cross led by 0-0 every hand."""

from __future__ import annotations

from ..parts.leads import GivenTile
from ..engine.tiles import parse_tile
from .caribbean import Caribbean


class French(Caribbean):
    id = "french"
    name = "French Dominoes"
    aliases = ("Francuski Domino", "French Dominoes")
    family = "cross"
    summary = "Caribbean's two teams and six wins in a row, on a cross: 0-0 leads every hand."
    layout_kind = "cross"                          # decision 1: Ukršteni Domino's cross
    first_lead = GivenTile(parse_tile("0-0"))      # rules 4 and 11: in every hand
    later_lead = None                              # the same rule in later hands
