"""``--lang``: the language the command line speaks, chosen once per process by the app's
callback (commands.py) or by the quick path of ``list`` and ``rules`` (__init__.py)."""

from __future__ import annotations

import os
from typing import Optional


def speak(option: Optional[str]) -> None:
    """Speak the language ``--lang`` names, else ``DOMINE_LANG``'s, else the locale's; an unknown
    ``--lang`` or ``DOMINE_LANG`` is one red line and exit code 2."""
    from .. import i18n

    try:
        i18n.use(i18n.choose(option, os.environ))
    except i18n.LanguageError as e:
        from .common import fail
        fail(str(e))
