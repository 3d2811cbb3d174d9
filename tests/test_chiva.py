"""chiva: Caribbean's definition with a streak of 4, not a copy of it."""

from domine.games import make_game
from domine.games.caribbean import Caribbean
from domine.games.chiva import Chiva


def test_chiva_is_caribbean_with_a_shorter_streak():
    assert issubclass(Chiva, Caribbean)
    assert make_game("chiva", 4).match_end.length == 4
    assert make_game("caribbean", 4).match_end.length == 6
    assert make_game("Čiva", 4).id == "chiva"
