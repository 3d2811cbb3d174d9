"""Every layout by the name a game gives it (``Game.layout_kind``): the line's family
(``domine.engine.layout``) and the grid of Mreža (``domine.engine.grid``)."""

from __future__ import annotations

from .grid import Grid
from .layout import LAYOUTS as _LINE_FAMILY, Layout

LAYOUTS: dict[str, type[Layout]] = {**_LINE_FAMILY, "grid": Grid}
