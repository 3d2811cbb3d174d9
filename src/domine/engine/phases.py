"""Phases: the stretches of a hand, each with its own moves (boardgame.io's phases and stages).

A hand is always in exactly one phase (``HandState.phase``). A phase lists the legal moves
of the seat it lets act (``moves``), applies one (``apply``) through the engine's effects
(``domine.engine.hand``), and enters the phase that follows. The engine's own phases:

============ ============================================= ===================================
phase        moves                                         what follows
============ ============================================= ===================================
``lead``     a tile the lead rule allows                   ``turn`` (``offers`` if a lead
                                                           offers doubles out of turn)
``draw for   ``draw``: for a double (``until double``), a  ``lead`` once the tile to lead is
lead``       tile to lead (``first``), seats in turn       known
             until one draws it (``in turn``)
``turn``     placements (pairs), ``draw``, ``pass``,       another ``turn``; the end of play
             ``stop``, ``discard``, ``close``, a game's
             own kinds (a bid to open an auction)
``offers``   the offered placement, or ``decline``         ``turn`` once no offer is left
``decisions`` a game's decisions after the play            ``over``
             (buying back in, dropping out)
``over``     none
============ ============================================= ===================================

A game declares the phases it uses (``Game.phases``) and may add its own, or put its own in
place of one of these under the same name (an auction's ``bidding``; the blind games'
row turns, ``domine.parts.rows``). Phases are shared, immutable objects: what a phase needs
to remember of a hand is in the hand (the turn's progress, the offers) or in the game's
typed state (``state.rules``).
"""

from __future__ import annotations

from .moves import (
    CLOSE, DECIDE, DECLINE, DISCARD, DRAW, KIND_MASK, PAIR, PASS, PLACE, STOP, IllegalMove,
)
from .layout import LEAD_END
from .movegen import pair_moves, placements
from .tiles import BIT, tiles_of

LEAD_MOVE = LEAD_END << 7   # or-ed with a tile: that tile as the lead


class Phase:
    """A stretch of a hand whose moves are listed and made one way."""

    name = "phase"
    #: the kinds of move this phase may offer (``moves.KINDS`` codes): for docs and the codec
    kinds: tuple[int, ...] = ()
    #: the phase that usually follows (others are entered by what happens)
    follows = ""

    def moves(self, state) -> list[int]:
        raise NotImplementedError

    def apply(self, state, move: int) -> None:
        raise NotImplementedError

    def acting(self, state) -> int:
        """The seat whose move this is."""
        return state.to_act

    def __repr__(self) -> str:
        return f"<phase {self.name}>"


class Lead(Phase):
    """The lead: one of the tiles the hand's lead rule allows (``state.lead_mask``)."""

    name = "lead"
    kinds = (PLACE,)
    follows = "turn"

    def moves(self, state) -> list[int]:
        seat = state.to_act
        moves = [t | LEAD_MOVE for t in tiles_of(state.hands[seat] & state.lead_mask)]
        if state._filter_hook:
            moves = state.game.filter_moves(state, seat, moves)
        return moves

    def apply(self, state, move: int) -> None:
        if move >= DRAW:
            raise IllegalMove("not-a-lead", move=repr(move))
        state._lay(state.to_act, move)


class DrawForLead(Phase):
    """The leader draws for his lead (general 2; the later leads of some games): ``first``,
    he leads the tile he draws; ``until double``, he draws until a tile of the lead rule's
    (``state.lead_mask``), and when nothing is left to draw the next seat holding one leads;
    ``in turn``, the seats draw one tile each in turn until one draws it (mexican-train 16f:
    the engine nobody was dealt)."""

    kinds = (DRAW,)
    follows = "lead"

    def __init__(self, mode: str):
        self.mode = mode
        self.name = f"draw for lead ({mode})"

    def moves(self, state) -> list[int]:
        return [DRAW]

    def apply(self, state, move: int) -> None:
        if move != DRAW:
            raise IllegalMove("not-a-draw", move=repr(move))
        seat = state.to_act
        t = state._draw_tile(seat)
        b = BIT[t]
        if self.mode == "first" or b & state.lead_mask:
            state.lead_mask = b
            state.lead_was_drawn = True
            state.enter("lead")
        elif self.mode == "in turn":
            state.to_act = (seat + 1) % state.n
        elif state.drawable <= 0:
            # nobody can draw a tile to lead: the next seat holding one leads it
            for k in range(1, state.n + 1):
                s = (seat + k) % state.n
                if state.hands[s] & state.lead_mask:
                    state.to_act = s
                    break
            state.enter("lead")


DRAW_FIRST = DrawForLead("first")
DRAW_UNTIL_DOUBLE = DrawForLead("until double")
DRAW_IN_TURN = DrawForLead("in turn")


class Turn(Phase):
    """An ordinary turn, as the game's ``Turn`` declares it (``domine.parts.turns``): the
    placements of the seat's unlocked tiles (pairs where the turn places pairs; only the tile
    he just drew where it must be played), ``stop`` where the turn may go on at will, ``draw``
    where the stock and the turn allow it, and when nothing else is possible a ``pass`` or, in
    a game that discards, a ``discard`` of any tile; then the game's and its conventions' filter
    (Jedan Kamen's announced twins, an auction's opening bids)."""

    name = "turn"
    kinds = (PLACE, PAIR, DRAW, PASS, STOP, DISCARD, CLOSE, DECIDE)
    follows = "turn"

    def moves(self, state) -> list[int]:
        seat = state.to_act
        if state.per_seat:
            state.restrict_places(seat)
        hand = state.restrict or (state.hands[seat] & ~state.locked[seat])
        turn = state.turn
        if turn.pairs:
            moves = pair_moves(hand, state.layout, state.fits, state.codes)
        else:
            moves = placements(hand, state.layout, state.fits, state.codes)
        if moves and state.placed_in_turn and turn.continues == "at will" and not state.owed:
            moves.append(STOP)
        if state.drawable > 0 and (state.draw_at_will or not moves) and state.drawn < state.draw_limit \
                and not state.restrict:
            moves.append(DRAW)
        if not moves:
            if turn.discard_when_stuck:
                moves = [DISCARD | t for t in tiles_of(state.hands[seat])]
            else:
                moves.append(PASS)
        if state._filter_hook:
            moves = state.game.filter_moves(state, seat, moves)
        return moves

    def apply(self, state, move: int) -> None:
        if move < DRAW:
            state._lay(state.to_act, move)
            return
        if move == PASS and state.plain_turns:   # what _pass and next_turn do for plain turns
            seat = state.to_act
            state.history.append((seat, PASS))
            state.to_act = (seat + 1) % state.n
            state.drawn = 0
            if state.drawable <= 0 and not state.in_hands & state.layout.playable:
                state.finish("blocked")   # general 23(c), as parts.hand_ends.BLOCKED says
            return
        k = move & KIND_MASK
        if k == DRAW:
            state._draw()
        elif k == PASS:
            state._pass()
        elif k == PAIR:
            state._place_pair(move)
        elif k == STOP:
            state.history.append((state.to_act, STOP))
            state.next_turn()
            state._check_end()
        elif k == DISCARD:
            state._discard(move)
        elif k == CLOSE:
            state.close_end(move)
        else:   # a kind a game registered itself (an auction's opening bid ...)
            state.game.apply_move(state, move)


class Offers(Phase):
    """Out-of-turn offers (Igra preko reda): each offered seat in order may lay the tile it is
    offered, or ``decline``; then play resumes where it stood (``state.resume_seat``)."""

    name = "offers"
    kinds = (PLACE, DECLINE)
    follows = "turn"

    def acting(self, state) -> int:
        return state.offers[0][0]

    def moves(self, state) -> list[int]:
        seat, offered = state.offers[0]
        moves = list(offered) + [DECLINE]
        if state._filter_hook:
            moves = state.game.filter_moves(state, seat, moves)
        return moves

    def apply(self, state, move: int) -> None:
        if move == DECLINE:
            seat, _ = state.offers.pop(0)
            state.history.append((seat, DECLINE))
            if not state.offers:
                state._resume()
            state._check_end()
            return
        if move >= DRAW:
            raise IllegalMove("not-offered", move=repr(move))
        state._lay(state.offers[0][0], move)


class Decisions(Phase):
    """Decisions left to the seats once the play is over (italian: buy back in or drop out):
    the game lists them (``Game.decisions``) and makes them (``Game.apply_move``), and ends the
    phase with ``state.end_decisions()``."""

    name = "decisions"
    kinds = (DECIDE,)
    follows = "over"

    def moves(self, state) -> list[int]:
        return state.game.decisions(state)

    def apply(self, state, move: int) -> None:
        state.game.apply_move(state, move)


class Over(Phase):
    """The hand is over: no moves."""

    name = "over"

    def moves(self, state) -> list[int]:
        return []

    def apply(self, state, move: int) -> None:
        raise IllegalMove("hand-over")


LEAD = Lead()
TURN = Turn()
OFFERS = Offers()
DECISIONS = Decisions()
OVER = Over()

#: the phases every game has, by name; ``Game.phases`` adds to them or puts its own in their place
ENGINE_PHASES = (LEAD, DRAW_FIRST, DRAW_UNTIL_DOUBLE, DRAW_IN_TURN, TURN, OFFERS, DECISIONS, OVER)
#: the lead rule's ways of drawing for the lead, by the name a ``Lead`` choice gives
DRAWS_FOR_LEAD = {p.mode: p for p in (DRAW_FIRST, DRAW_UNTIL_DOUBLE, DRAW_IN_TURN)}
