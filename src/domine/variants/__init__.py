"""House rules as data: variant files (TOML) that compose a game from the engine's named parts.

* ``parts``   the registry of parts by slot, each with its parameters and a one-line description;
* ``loader``  a file's text checked against it and made into a ``Game`` class (``load_variant``);
* ``doc``     docs/variants.md and ``domine rules --variant``, written from the registry.

Pure: text in, games out; reading the file is the command line's work.
"""

from __future__ import annotations

from ..parts.vocabulary import SLOTS
from .loader import VariantError, load_variant, read_variant, variant_game

__all__ = ["SLOTS", "VariantError", "load_variant", "read_variant", "variant_game"]
