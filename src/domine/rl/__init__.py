"""The research API: every domine game as a PettingZoo AEC environment, as a Gymnasium
environment against domine's bots and as an OpenSpiel game (``domine.rl.spiel``), with
observation tensors that leak nothing (docs/rl.md).

Needs the extra ``domine[rl]`` (PettingZoo, Gymnasium); the core never imports this package.
Importing it registers ``domine/<Game>-v0`` with Gymnasium.
"""

from __future__ import annotations

try:   # the extra's libraries, named in one clear line when one is missing
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:   # pragma: no cover - the test extra installs them
    raise ImportError(f"domine.rl needs the rl extra (pip install 'domine[rl]'): {e}") from None

from .aec import DomineAEC, env
from .gym import DomineGym, env_id, register_all
from .tensor import TensorCodec

register_all()


def register_openspiel() -> list[str]:
    """Register every game with OpenSpiel as ``domine_<id>`` (``domine.rl.spiel``, which
    importing does too); the names registered."""
    from .spiel import register_openspiel as register
    return register()


__all__ = ["DomineAEC", "DomineGym", "TensorCodec", "env", "env_id", "register_all", "register_openspiel"]
