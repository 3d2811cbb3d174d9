"""When a hand ends without a domino: policies a game declares (``Game.hand_end``).

The engine asks its policy after every action. ``BLOCKED`` is general 23(c):
the hand ends at once when nobody can place and nothing can be drawn; the fast
playout in ``domine.engine.hand`` inlines exactly that test and takes it only for
policies marked ``inline``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.events import NOBODY
from ..engine.moves import NO_TILE, PASS, close, places_tiles
from ..engine.moves import kind

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandState


class HandEnd:
    """General 13 and 23(c): a domino, or blocked as soon as nobody can place or draw."""

    inline = True              # the fast playout may inline the test
    domino_ends_hand = True    # going out ends the hand (general 13a)
    ends_when_dead = False     # a dead layout ends the hand (for bots that look ahead)

    def blocked(self, state: "HandState") -> bool:
        return state.drawable <= 0 and not state.in_hands & state.layout.playable

    def block_ends_hand(self, layout) -> bool:
        """Whether nobody placing with nothing to draw ends the hand on ``layout`` (bots look ahead with it)."""
        return True

    def after_pass(self, state: "HandState", seat: int) -> str | None:
        """A reason to end the hand because ``seat`` passed, if the game has one."""
        return None

    def after_turn(self, state: "HandState") -> str | None:
        """A reason to end the hand after any action (beyond a domino and a block)."""
        return None


BLOCKED = HandEnd()


class DeadLayout(HandEnd):
    """Matador: blocked, or no tile left outside the layout could ever fit an open end."""

    inline = False
    ends_when_dead = True

    def after_turn(self, state):
        return "dead" if state.layout.is_dead() else None


class FirstPassLoses(HandEnd):
    """Shut-out: never blocked; the first seat that must pass loses the hand."""

    inline = False

    def block_ends_hand(self, layout):
        return False

    def blocked(self, state):
        return False

    def after_pass(self, state, seat):
        return "pass"


class PassesInARow(HandEnd):
    """The hand ends after ``count`` turns in a row that laid no tile, face up or face down
    (games where a stuck seat may still choose to close an arm, or a pass is a choice).

    A turn that laid no tile is a pass; the draws before it belong to it. With
    ``all_closed``, the hand also ends (reason "closed") once every end is closed.
    """

    inline = False

    def block_ends_hand(self, layout):
        return False

    def __init__(self, count: int, all_closed: bool = False):
        self.count = count
        self.all_closed = all_closed

    def blocked(self, state):
        return False

    def after_pass(self, state, seat):
        from ..engine.moves import DRAW, PASS
        passes = 0
        for _, event in reversed(state.history):
            if event == PASS:
                passes += 1
                if passes >= self.count:
                    return "blocked"
            elif kind(event) != DRAW:
                return None
        return None

    def after_turn(self, state):
        if self.all_closed and state.layout.lead >= 0 and all(state.layout.closed):
            return "closed"
        return None


class TurnsWithoutTile(HandEnd):
    """The hand ends after ``count`` turns in a row in which no tile was laid (slosh: a pass
    that follows the seat's own placement in the same turn ends a turn that laid a tile).

    A turn is a run of one seat's events in the history; never blocked otherwise.
    """

    inline = False

    def block_ends_hand(self, layout):
        return False

    def __init__(self, count: int):
        self.count = count

    def blocked(self, state):
        return False

    def after_pass(self, state, seat):
        history = state.history
        i = len(history) - 1
        turns = 0
        while i >= 0 and turns < self.count:
            s = history[i][0]
            while i >= 0 and history[i][0] == s:
                if places_tiles(history[i][1]):
                    return None
                i -= 1
            turns += 1
        return "blocked" if turns >= self.count else None


class PlayedOut(HandEnd):
    """Grape: no block and no domino; the hand ends when every hand is empty."""

    inline = False

    def block_ends_hand(self, layout):
        return False
    domino_ends_hand = False

    def blocked(self, state):
        return False

    def after_turn(self, state):
        return "played out" if not state.in_hands else None


class NobodyCanPlay(HandEnd):
    """Two-by-two: nobody has a legal turn and the stock is empty or an open end is dead."""

    inline = False

    def blocked(self, state):
        if not (state.drawable <= 0 or state.layout.has_dead_end()):
            return False
        return not any(state.can_place(s) for s in range(state.n))


class ClosesAfterPasses(DeadLayout):
    """The Russian crosses: a domino, blocked, or a dead layout, except that while places of the
    opening phase ``what`` wait ("sides": a side of the centre; "slots": a slot beyond a side
    tile), nobody placing is no block. The passes go round, and once every seat has passed in
    turn with nothing drawable, the rules close those places (``layout.pending()``): each with
    a reserve tile face down (``face_down``), or marked dead with no tile, an event of nobody
    saying why (``reason``, a code of ``domine.engine.moves.register_close_reason``). The seat after
    the last passer plays on."""

    def __init__(self, what: str = "sides", face_down: bool = True, reason: int = 0):
        self.what = what
        self.face_down = face_down
        self.reason = reason

    def closable(self, layout) -> list[int]:
        """The places a full round of passes would close now."""
        if layout.lead < 0:
            return []
        places = layout.pending()
        if not places or (layout.lengths[places[0]] == 0) != (self.what == "sides"):
            return []
        return places

    def blocked(self, state):
        return HandEnd.blocked(self, state) and not self.closable(state.layout)

    def after_pass(self, state, seat):
        if state.drawable > 0:
            return None
        history, n = state.history, state.n
        if len(history) < n:
            return None
        for i in range(2, n + 1):   # the last event is this pass
            if history[-i][1] != PASS:
                return None
        for end in self.closable(state.layout):
            if self.face_down and state.reserve > 0:
                tile = state.stock[len(state.stock) - state.reserve]
            else:
                tile = NO_TILE   # marked dead, with no tile
            state.close_end(close(end, tile, self.reason), seat=NOBODY)
        # a hand the closings ended (dead, or blocked now) says so; the passer stays the last seat
        return state.result.reason if state.over else None
