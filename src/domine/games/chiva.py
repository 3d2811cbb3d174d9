"""Chiva (Č I V A, Puerto Rico): Caribbean Dominoes played to 4 hands won in a row."""

from __future__ import annotations

from .caribbean import Caribbean


class Chiva(Caribbean):
    id = "chiva"
    name = "Chiva"
    aliases = ("Čiva", "Chiva", "Puerto Rican Chiva", "Puerto Rican partner dominoes")
    summary = "Caribbean Dominoes played to 4 hands won in a row; the losers are the goat (chiva)."
    streak_length = 4   # chiva rule 10; everything else is caribbean's
