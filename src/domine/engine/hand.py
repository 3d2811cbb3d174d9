"""The state of one hand (one deal played out): the one turn engine behind every game.

A game's definition (``domine.games.base.Game``) declares its turn (``parts.turns``),
how a hand ends (``parts.hand_ends``), who leads (``parts.leads``) and a few
hooks; this module carries them out. The engine calls a hook only if the game
(or one of its conventions) fills it, so plain games pay nothing for them.

What the seats may see is ``domine.engine.observation``; move text is ``domine.engine.notation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .events import NOBODY, Event, events_since
from .choosers import Seats
from .fastpaths import play_out, steps
from .serial import DataError, from_data, register, to_data
from .layout import LEAD_END
from .moves import (
    DRAW, KIND_MASK, KINDS, NO_TILE, OUT_OF_TURN, PASS, SECOND_SHIFT, SKIP, SOLD, TILE_MASK, TURN_UP, IllegalMove,
    END_REASONS, bare, end_event, score_event,
)
from .movegen import pair_moves
from .phases import DRAWS_FOR_LEAD, OFFERS, OVER, TURN
from .results import HandResult, standard_ranking
from .tiles import BIT, IS_DOUBLE, parse_tile, tile_str

ONE_TILE, WHILE_PLACES = "one tile", "while places"   # the turn's declarations (domine.parts.turns)



@dataclass(slots=True)
class Deal:
    """Who holds what when play starts, and the stock in drawing order."""

    hands: list[list[int]]
    stock: list[int] = field(default_factory=list)   # drawn from the front; reserve is the tail
    aside: list[int] = field(default_factory=list)   # out of play for the whole hand
    origin: dict | None = None   # a position's snapshot the hand started from (domine.engine.position)


@dataclass(slots=True)
class HandContext:
    """What a hand needs to know of the match around it (all of it public)."""

    hand_number: int = 1
    scores: list[int] | None = None        # per team, before this hand
    previous: "HandResult | None" = None
    previous_leader: int | None = None
    target: int | None = None
    lot: int | None = None                 # a seat drawn by lot for this hand (jubilee)
    tokens: list[int] | None = None        # games for stakes: each seat's balance, then the pot
    absent: int = 0                        # bitmask of seats out of this hand (dropped out)
    # the winning streak in progress, where the match end counts one (``Match.streak``):
    # (team, hands) — the team that won the last hand won, and how many hands in a row
    streak: tuple[int, int] | None = None

    def copy(self) -> "HandContext":
        return HandContext(self.hand_number, list(self.scores) if self.scores is not None else None,
                           self.previous.copy() if self.previous is not None else None,
                           self.previous_leader, self.target, self.lot,
                           list(self.tokens) if self.tokens is not None else None, self.absent, self.streak)


LEAD_MOVE = LEAD_END << 7   # or-ed with a tile: that tile as the lead


def _observe(state, seat, legal):
    global _observe
    from .observation import observe   # observation imports this module
    _observe = observe
    return observe(state, seat, legal)


class LeadChoice(NamedTuple):
    """What a lead rule (``domine.parts.leads``) decides for a hand: who leads and what he may
    lead (``tiles``, a mask), or that he draws for it (``draw``: ``"first"``, ``"until
    double"``, ``"in turn"``: ``domine.engine.phases.DrawForLead``), or that ``turn_up``, a
    tile nobody holds, is turned up as the lead by nobody and ``seat`` plays first. (A named
    tuple: immutable, and made once a hand at a tuple's cost.)"""

    seat: int
    tiles: int = 0
    draw: str = ""
    turn_up: int = -1


class HandState:
    """One hand: the deal, the table, the phase and the log of events; the one turn engine.

    State changes only through the effects below (``_lay``, ``_draw_tile``, ``next_turn``,
    ``close_end``, ``give_from_stock``, ``turn_up_lead``, ``lock``, ``forfeit_turn``,
    ``offer``, ``score``, ``emit``, ``finish``, ``enter`` ...), each of which writes its events
    into ``history``; games and rule fragments call them and never write the fields.
    """

    __slots__ = (
        # per game, read-only: tables and the turn's declaration
        "game", "turn", "fits", "codes", "draw_at_will", "drawn_must_play", "draw_limit", "end",
        "plain_turns", "_filter_hook", "_place_hook", "_turn_hook", "_domino_ends", "per_seat",
        # the deal and the table
        "n", "context", "deal", "teams", "n_teams", "hands", "in_hands", "stock", "stock_pos",
        "reserve", "drawable", "layout", "discards",
        # the phase, and how far the turn has gone
        "phase", "to_act", "drawn", "restrict", "owed", "placed_in_turn", "lead_mask", "lead_was_drawn",
        "locked", "skips", "offers", "resume_seat",
        # what happened
        "last_placer", "leader", "history", "hand_points", "over", "result", "rules", "views",
    )

    def __init__(self, game: "Game", deal: Deal, context: HandContext | None = None, lead: bool = True):
        """A hand about to be played; ``lead=False`` skips the lead rule (a position set up by hand)."""
        (self.game, self.turn, self.fits, self.codes, self.draw_at_will, self.drawn_must_play, self.draw_limit,
         self.end, self._filter_hook, self._place_hook, self._turn_hook, self.plain_turns, self._domino_ends,
         self.per_seat) = game.hand_binding   # (_bind, written out: a hand is made for every deal)
        self.n = n = len(deal.hands)
        if context is None:
            context = HandContext()
        self.context = context
        self.deal = deal
        self.teams = teams = game.seat_teams if n == game.players and game.fixed_teams else game.hand_teams(context, n)
        self.n_teams = n_teams = max(teams) + 1
        bit = BIT.__getitem__
        self.hands = hands = [sum(map(bit, tiles)) for tiles in deal.hands]
        self.in_hands = sum(hands)   # hands are disjoint
        self.stock = stock = deal.stock
        self.stock_pos = 0
        self.reserve = reserve = min(game.reserve, len(stock))
        self.drawable = len(stock) - reserve
        self.layout = game.new_layout()
        self.discards = [0] * n
        self.phase = game.first_phase   # the lead (a row game: its own start)
        # the turn's progress: after a drawn tile that must be played, that tile (restrict); a
        # placement owed after a double (owed: two-hander, troli); the tiles that may lead
        self.to_act = self.drawn = self.restrict = self.placed_in_turn = self.lead_mask = 0
        self.owed = self.lead_was_drawn = self.over = False
        self.locked = [0] * n
        self.skips = [0] * n
        self.offers: list[tuple[int, tuple[int, ...]]] = []   # (seat, moves offered) out of turn
        self.resume_seat = -1
        self.last_placer = self.leader = self.views = self.result = None   # views: per-seat history, on demand
        self.history: list[tuple[int, int]] = []   # (actor, event): the log (domine.engine.events)
        self.hand_points = [0] * n_teams
        self.rules = game.new_rules_state(self) if game.keeps_rules_state else None
        if lead:
            game.setup_hand(self)
        if self._turn_hook:
            game.on_turn_start(self, self.to_act)

    # -- the seat to act and its moves -----------------------------------------------
    def acting_seat(self) -> int:
        return self.offers[0][0] if self.offers else self.to_act

    def legal_moves(self) -> list[int]:
        return self.phase.moves(self)

    def restrict_places(self, seat: int) -> None:
        """Let the layout offer only the ends ``seat`` may use now (``Game.restrict_places``)."""
        self.game.restrict_places(self.layout, seat, self.history, len(self.history))

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` could place now, were it his turn (for block tests)."""
        hand = self.hands[seat]
        if self.turn.pairs:
            return bool(pair_moves(hand, self.layout, self.fits, self.codes))
        return bool(hand & self.layout.playable)

    # -- events ----------------------------------------------------------------------------
    def emit(self, actor: int, event: int) -> int:
        """Write an event of a rule fragment or a game into the log (its effect on the part's
        own state is the part's); returns its number."""
        self.history.append((actor, event))
        return len(self.history) - 1

    def events_since(self, seq: int, seat: int | None) -> list[Event]:
        """The events numbered ``seq`` and after that ``seat`` may see (None: a spectator, who
        sees the public part), as it sees them: the one door for clients (domine.engine.events)."""
        return events_since(self.history, seq, seat, self.game.visibility)

    # -- playing on ------------------------------------------------------------------------
    def play_random(self, rnd) -> None:
        """Finish the hand with uniformly random legal moves; ``rnd`` returns floats in [0, 1).

        Each move is ``moves[int(rnd() * len(moves))]`` of what ``legal_moves`` lists, a
        single legal move included: the game's fast path makes exactly the moves that
        ``legal_moves`` and ``apply_unchecked`` with the same ``rnd`` would (tests hold it to
        that). Rollouts and the throughput benchmark live here.
        """
        path = self.game.fast_path
        if path is not None:
            path(self, rnd, None)   # (play_out, written out: a hand is played for every deal)
            if self.over:
                return
        steps(self, rnd, None)

    def play_out(self, choosers, rnd=None) -> None:
        """Finish the hand, ``choosers[seat](moves)`` choosing every move of that seat that is a
        choice (a single legal move is made without asking), or, without choosers, ``rnd`` as
        ``play_random`` says; the decisions a game leaves to the seats after the play too.
        Choosers that see nothing but the legal moves (``domine.engine.choosers``) let the
        game's fast path play (``domine.engine.fastpaths``); any other plays step by step."""
        if type(choosers) is Seats and self.game.fast_path is not None:   # (made once for a match)
            self.game.fast_path(self, None, choosers)
            if not self.over:
                steps(self, None, choosers)   # the decisions after the play
            return
        play_out(self, choosers, rnd)

    # -- applying moves -----------------------------------------------------------------
    def apply(self, move: int) -> None:
        """Apply a move after checking it is legal; raise ``IllegalMove`` saying why if not."""
        if self.over:
            raise IllegalMove("hand-over")
        if move not in self.legal_moves() and not self.same_place_as_legal(move):
            from .notation import why_illegal
            raise IllegalMove(why_illegal(self, move))
        self.apply_unchecked(move)

    def same_place_as_legal(self, move: int) -> bool:
        """A placement on an end equivalent to a listed one's (general 23a: the same move, on
        the end's other name). ``apply`` accepts it as named, so that the end a player typed
        is the end placed and recorded; ``legal_moves`` lists each place once."""
        if move & KIND_MASK or move < 0:
            return False
        end = (move >> 7) & 31
        other = move & ~(31 << 7)
        lay = self.layout
        return any(m & ~(31 << 7) == other and (m >> 7) & 31 != end and lay.equivalent(end, (m >> 7) & 31)
                   for m in self.legal_moves() if not m & KIND_MASK)

    def apply_unchecked(self, move: int) -> None:
        """Apply a move known to be legal (from ``legal_moves``): the fast path for bots."""
        self.phase.apply(self, move)

    def enter(self, name: str) -> None:
        """Go on in the phase the game calls ``name`` (``Game.phases``)."""
        self.phase = self.game.phase_named[name]

    # -- effects: what moves and rules do to the hand -------------------------------------
    def _lay(self, seat: int, move: int) -> None:
        """A tile of ``seat``'s laid on the layout (the lead, a turn's placement, an offered
        double), then what follows: the game's hooks, the domino, the rest of the turn."""
        offered = self.phase is OFFERS
        if offered:
            self.offers.pop(0)
        t = move & 127
        end = (move >> 7) & 31
        b = BIT[t]
        hand = self.hands[seat] ^ b
        self.hands[seat] = hand
        self.in_hands ^= b
        layout = self.layout
        if end == LEAD_END:
            layout.place_lead(t)
            self.leader = seat
        else:
            layout.place(end, t, (move >> 12) & 15)
        self.last_placer = seat
        self.history.append((seat, move | OUT_OF_TURN if offered else move))
        self.restrict = 0
        if self._place_hook:
            self.game.on_place(self, seat, move)   # may score, lock a tile, offer doubles, end the hand
            if self.over:
                return
        if not hand and self._domino_ends:
            self.finish("domino", seat)
            return
        if offered or self.offers:
            if offered and not self.offers:
                self._resume()
                self._check_end()
            return
        if self.phase is not TURN:
            self.enter("turn")   # after the lead
        if self.plain_turns:
            self.to_act = (seat + 1) % self.n
            self.drawn = 0
            if self.drawable <= 0 and not self.in_hands & layout.playable:
                self.finish("blocked")   # general 23(c), as parts.hand_ends.BLOCKED says
            return
        if self.per_seat:
            self.restrict_places(seat)
        self._continue_turn(seat, IS_DOUBLE[t])
        if self.over:
            return
        self._check_end()

    def _continue_turn(self, seat: int, double: bool) -> None:
        """After a placement: the turn goes on as the game declares, or ends (general 23b)."""
        turn = self.turn
        hand = self.hands[seat] & ~self.locked[seat]
        if turn.again_after_double and double:
            self.owed = True
        elif turn.continues == ONE_TILE:
            self.next_turn()
            return
        else:
            self.owed = False
        self.placed_in_turn += 1
        self.drawn = 0
        if turn.continues == WHILE_PLACES:
            # the game's restrict_places has narrowed the seat's places after this tile: with
            # none left the turn is over; else he places again, or passes where nothing fits
            if not self.layout.targets:
                self.next_turn()
            return
        can_draw = self.owed and self.drawable > 0
        if not (hand & self.layout.playable) and not can_draw:
            self.next_turn()   # the rest of the turn is impossible: it ends with no move

    def _place_pair(self, move: int) -> None:
        seat = self.to_act
        layout = self.layout
        for placement in (move & 0xFFFF, (move >> SECOND_SHIFT) & 0xFFFF):
            t = placement & 127
            b = BIT[t]
            self.hands[seat] ^= b
            self.in_hands ^= b
            layout.place((placement >> 7) & 31, t, (placement >> 12) & 15)
        self.last_placer = seat
        self.history.append((seat, move))
        if self._place_hook:
            self.game.on_place(self, seat, move)
            if self.over:
                return
        if not self.hands[seat] and self._domino_ends:
            self.finish("domino", seat)
            return
        self.next_turn()
        self._check_end()

    def lay_tile(self, seat: int, move: int, event: int | None = None) -> None:
        """The bare effect of a placement, without the turn's rules (those are the phase's):
        ``seat``'s tile (NOBODY: a tile nobody holds) to the layout where ``move`` says, and
        its event (``move`` itself unless another is given: a tile turned up)."""
        t = move & 127
        end = (move >> 7) & 31
        if seat != NOBODY:
            b = BIT[t]
            self.hands[seat] ^= b
            self.in_hands ^= b
            self.last_placer = seat
        if end == LEAD_END:
            self.layout.place_lead(t, low_first=seat == NOBODY)
            if seat != NOBODY:
                self.leader = seat
        else:
            self.layout.place(end, t, (move >> 12) & 15)
        self.history.append((seat, move if event is None else event))

    def stock_to_hand(self, seat: int) -> int:
        """The next stock tile into ``seat``'s hand, with no event of its own (the move that
        takes it says what the others see)."""
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.drawable -= 1
        b = BIT[t]
        self.hands[seat] |= b
        self.in_hands |= b
        return t

    def _draw_tile(self, seat: int) -> int:
        """``seat`` draws the next stock tile (the event names it; others see only a draw)."""
        t = self.stock_to_hand(seat)
        self.drawn += 1
        self.history.append((seat, DRAW | t))
        if self.game.draw_hook:
            self.game.on_draw(self, seat, t)
        return t

    def _draw(self) -> None:
        seat = self.to_act
        b = BIT[self._draw_tile(seat)]
        if self.turn.draw_ends_turn:
            self.next_turn()
        elif self.drawn_must_play and b & self.layout.playable & ~self.locked[seat]:
            self.restrict = b
        elif self.placed_in_turn and self.drawable <= 0 and \
                not self.hands[seat] & ~self.locked[seat] & self.layout.playable:
            self.next_turn()   # an owed placement that cannot be made: no move (general 23b)
        self._check_end()

    def _pass(self) -> None:
        seat = self.to_act
        self.history.append((seat, PASS))
        reason = self.end.after_pass(self, seat)
        if self.over:
            return   # the rules' answer to the pass ended the hand (a closing)
        if reason:
            self.finish(reason)   # the passer is the last seat in the history
            return
        self.next_turn()
        self._check_end()

    def _discard(self, move: int) -> None:
        seat = self.to_act
        b = BIT[move & 127]
        self.hands[seat] ^= b
        self.in_hands ^= b
        self.discards[seat] |= b
        self.history.append((seat, move))
        self.next_turn()
        self._check_end()

    def close_end(self, move: int, seat: int | None = None) -> None:
        """Close an end face down: with a tile from a seat's hand (its move), or, with
        ``seat=NOBODY``, as a rule says: with a tile from the stock (four-crosses), or with no
        tile at all (``NO_TILE``: an end the rules mark dead)."""
        t = move & 127
        end = (move >> 7) & 31
        if seat is None:
            seat = self.to_act
            b = BIT[t]
            self.hands[seat] ^= b
            self.in_hands ^= b
            self.layout.close(end, t)
        elif t == NO_TILE:
            self.layout.close(end, -1)
        else:
            stock = self.stock = self.stock[:]   # the deal's stock stays as dealt
            i = stock.index(t, self.stock_pos)
            if i >= len(stock) - self.reserve:
                self.reserve -= 1
            else:
                self.drawable -= 1
            del stock[i]
            self.layout.close(end, t)
        self.history.append((seat, move))
        if seat == NOBODY:
            if t != NO_TILE:   # (ends marked dead come in a round, checked after it: hand_ends)
                self._check_end()
            return
        self.last_placer = seat
        if not self.hands[seat] and self._domino_ends:
            self.finish("domino", seat)
            return
        self.next_turn()
        self._check_end()

    def give_from_stock(self, seat: int, kind_code: int = SOLD) -> int:
        """The next stock tile, the reserve's too, goes to ``seat`` by a rule (an auction's
        sale): an event of kind ``kind_code``, its tile hidden from the others."""
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        if self.drawable > 0:
            self.drawable -= 1
        else:
            self.reserve -= 1
        b = BIT[t]
        self.hands[seat] |= b
        self.in_hands |= b
        self.history.append((seat, kind_code | t))
        return t

    def must_place(self, seat: int, tile: int) -> None:
        """``seat`` is on turn and must place ``tile`` (just taken) if it fits now."""
        b = BIT[tile]
        self.to_act = seat
        if b & self.layout.playable & ~self.locked[seat]:
            self.restrict = b

    def settle(self, to_act: int, in_hands: int, stock_pos: int, drawable: int, drawn: int, restrict: int,
               owed: bool, placed_in_turn: int, last_placer: int | None) -> None:
        """A fast path's loop hands the hand back (``domine.parts.trains_path``): where the turn
        stands, as the loop kept it (its hands, history and layout it has kept up to date)."""
        self.to_act, self.in_hands, self.stock_pos, self.drawable = to_act, in_hands, stock_pos, drawable
        self.drawn, self.restrict, self.owed, self.placed_in_turn = drawn, restrict, owed, placed_in_turn
        self.last_placer = last_placer

    def set_starter(self, seat: int) -> None:
        """``seat`` starts the hand (its leader, even where the lead is nobody's tile)."""
        self.to_act = self.leader = seat

    def give_turn(self, seat: int) -> None:
        """The next move in the phase going on is ``seat``'s (bidding, decisions)."""
        self.to_act = seat

    def lock(self, seat: int, tiles: int) -> None:
        """``seat`` may not place ``tiles`` until the lock is lifted (Jedan Kamen: 0 lifts it)."""
        self.locked[seat] = tiles

    def forfeit_turn(self, seat: int) -> None:
        """``seat``'s next turn is skipped (an out-of-turn double costs a coming turn)."""
        self.skips[seat] += 1

    def offer(self, offers: list[tuple[int, tuple[int, ...]]], resume_seat: int) -> None:
        """Offer moves out of turn, seat by seat (Igra preko reda), then resume after
        ``resume_seat``."""
        self.offers = offers
        self.resume_seat = resume_seat
        self.enter("offers")

    def score(self, seat: int, points: int) -> None:
        """Points for ``seat``'s side as they are made (an event); after the play, an amendment
        of the hand's result (a buy-back's new total)."""
        if not points:
            return
        team = self.teams[seat]
        if self.result is not None:
            self.result.points[team] += points
        else:
            self.hand_points[team] += points
        self.history.append((seat, score_event(points)))

    def _resume(self) -> None:
        self.enter("turn")
        self.to_act = self.resume_seat
        self.next_turn()

    def next_turn(self) -> None:
        """The turn passes on: past forfeited turns, seats that are out and, where the turn
        says so, seats that cannot play (each a ``skip`` event)."""
        if self._turn_hook:
            self.game.on_turn_end(self, self.to_act)
        n = self.n
        seat = (self.to_act + 1) % n
        skips = self.skips
        while skips[seat]:
            skips[seat] -= 1
            seat = (seat + 1) % n
        if not self._domino_ends or self.context.absent:
            for _ in range(n):   # a seat that is out has no more turns (grape; a seat sitting out)
                if self.hands[seat]:
                    break
                seat = (seat + 1) % n
        if self.turn.skip_when_stuck:
            playable = self.layout.playable
            if self.in_hands & playable:
                while not self.hands[seat] & playable:
                    self.history.append((seat, SKIP))   # a forced event, not a move
                    seat = (seat + 1) % n
        self.to_act = seat
        self.drawn = 0
        self.restrict = 0
        self.owed = False
        self.placed_in_turn = 0
        if self.per_seat:
            self.restrict_places(seat)
        if self._turn_hook:
            self.game.on_turn_start(self, seat)

    def _check_end(self) -> None:
        if self.over or self.offers or self.layout.lead < 0:
            return
        end = self.end
        reason = end.after_turn(self)
        if reason:
            self.finish(reason)
        elif end.blocked(self):
            self.finish("blocked")

    def begin_lead(self, choice: LeadChoice) -> None:
        """Start the hand as its lead rule decided (``LeadChoice``)."""
        if choice.turn_up >= 0:
            self.turn_up_lead(choice.turn_up, choice.seat)
            return
        self.to_act = choice.seat
        self.lead_mask = choice.tiles
        self.phase = DRAWS_FOR_LEAD[choice.draw] if choice.draw else self.game.phase_named["lead"]

    def turn_up_lead(self, tile: int, first_turn: int) -> None:
        """A tile nobody holds turned face up as the lead, belonging to nobody (troli 3b; the
        engine of mexican-train; colonels-cross's 0-0): from the set-aside tiles, or taken out
        of the stock wherever it lies there. ``first_turn`` plays first."""
        if tile in self.stock[self.stock_pos:]:
            if self.stock[self.stock_pos] == tile:
                self.stock_pos += 1
            else:
                self.stock = [t for t in self.stock if t != tile]   # the deal's stock stays as dealt
            left = len(self.stock) - self.stock_pos
            self.reserve = min(self.reserve, left)
            self.drawable = left - self.reserve
        self.lay_tile(NOBODY, tile | LEAD_MOVE, TURN_UP | tile)
        self.to_act = first_turn
        self.enter("turn")
        self._check_end()   # a lead nobody can answer blocks the hand at once (general 23c)
        if self.per_seat and not self.over:
            self.restrict_places(first_turn)

    def finish(self, reason: str, out_seat: int | None = None) -> None:
        """The play of the hand is over (an ``end`` event): the game scores it, and leaves
        decisions to the seats (``Game.after_play``: the ``decisions`` phase) or ends it."""
        self.over = True
        self.phase = OVER
        result = self.game.score_hand(self, reason, out_seat)   # (its settlement: events before the end)
        result.last_placer = self.last_placer
        result.leader = self.leader
        self.result = result
        self.history.append(_END_ENTRIES.get(reason) or (NOBODY, end_event(reason)))
        if self.game.decides_after_play:
            seat = self.game.after_play(self)
            if seat is not None:
                self.over = False
                self.to_act = seat
                self.enter("decisions")

    def end_decisions(self) -> None:
        """The decisions after the play are made: the hand is over."""
        self.over = True
        self.phase = OVER

    # -- rebuilt from its log; as data ---------------------------------------------------------
    def replay_event(self, actor: int, event: int) -> None:
        """Make the move that ``actor``'s ``event`` of a log records: the one path by which a
        hand is rebuilt (``from_events``: undo, records, resuming, a client's resync). An
        event names what its move does not choose (a drawn tile, a peeked one): the move is
        found among the legal ones; ``IllegalMove`` says why if there is none."""
        if self.over:
            raise IllegalMove("hand-over")
        acting = self.acting_seat()
        if actor != acting:
            raise IllegalMove("not-your-turn", seat=actor, turn=acting)
        move = bare(event)
        legal = self.legal_moves()
        if move not in legal and not self.same_place_as_legal(move):
            if move & KIND_MASK and move & ~TILE_MASK in legal:
                move &= ~TILE_MASK   # the tile is the event's to name, not the move's (a draw)
            else:
                from .notation import why_illegal
                raise IllegalMove(why_illegal(self, move))
        self.apply_unchecked(move)

    @classmethod
    def from_events(cls, game: "Game", deal: Deal, events, context: HandContext | None = None,
                    origin: dict | None = None) -> "HandState":
        """The hand a log of events makes from its deal (or from ``origin``, a position's
        snapshot): every move replayed and checked, every event of the rules made again by
        the engine and compared with the log's (``IllegalMove`` at the first that differs).
        A log may stop anywhere: the rules' events that follow its last move are made."""
        state = cls.from_snapshot(origin, game) if origin is not None else cls(game, deal, context)
        events = [(int(a), int(e)) for a, e in events]
        history = state.history
        done = len(history)   # events of the log the engine has made so far
        for i, (actor, event) in enumerate(events):
            if i < done:
                if history[i] != (actor, event):
                    raise IllegalMove("log-differs-from-rules", index=i, seat=actor, event=event,
                                      made_seat=history[i][0], made_event=history[i][1])
                continue
            if actor == NOBODY or KINDS[event & KIND_MASK].forced:
                raise IllegalMove("rules-event-not-made", index=i, kind=KINDS[event & KIND_MASK].name)
            state.replay_event(actor, event)
            if history[i] != (actor, event):
                raise IllegalMove("log-differs-from-move", index=i, seat=actor, event=event,
                                  made_seat=history[i][0], made_event=history[i][1])
            done = len(history)
        return state

    def snapshot(self) -> dict:
        """Everything this hand holds beyond its game, as data (``domine.engine.serial``): for
        comparing two states exactly and for a position's starting point. Places that depend
        on the seat are first brought up to date for the seat to act (they are a cache of the
        public log, made when asked for)."""
        if self.per_seat and not self.over and self.layout.lead >= 0:
            self.restrict_places(self.acting_seat())
        out = {name: to_data(getattr(self, name)) for name in SNAPSHOT_FIELDS}
        out["phase"] = self.phase.name
        return out

    @classmethod
    def from_snapshot(cls, data: dict, game: "Game") -> "HandState":
        """The hand a ``snapshot`` describes, for ``game``."""
        state = cls.__new__(cls)
        state._bind(game)
        for name in SNAPSHOT_FIELDS:
            if name not in data:
                raise DataError(f"a hand's snapshot without {name}")
            object.__setattr__(state, name, from_data(data[name]))
        phase = game.phase_named.get(data.get("phase"))
        if phase is None:
            raise DataError(f"{game.id} has no phase {data.get('phase')!r}")
        state.phase = phase
        state.views = None
        state.layout.fits, state.layout.set_mask = game.set_fits, game.set_mask
        return state

    def _bind(self, game: "Game") -> None:
        """The per-game tables and declarations the engine reads (as ``__init__`` sets them)."""
        (self.game, self.turn, self.fits, self.codes, self.draw_at_will, self.drawn_must_play, self.draw_limit,
         self.end, self._filter_hook, self._place_hook, self._turn_hook, self.plain_turns, self._domino_ends,
         self.per_seat) = game.hand_binding

    @staticmethod
    def binding_of(game: "Game") -> tuple:
        """What ``_bind`` sets, in its order: made once per game (``Game.hand_binding``)."""
        turn = game.turn
        return (game, turn, game.set_fits, game.matching.codes, turn.draw_at_will, turn.drawn_tile_must_be_played,
                turn.draw_limit if turn.draw_limit is not None else 1 << 30, game.hand_end, *game.hooks,
                game.hand_end.domino_ends_hand, game.places_depend_on_seat)

    def to_json(self) -> dict:
        """The hand as a document (docs/state.md): its game, its deal and context (or the
        position it started from) and its log; a reader's summary of where it stands."""
        game = self.game
        origin = getattr(self.deal, "origin", None)
        out = {
            "format": "domine-hand", "version": 1,
            "game": game.id, "players": game.players, "options": game.options_given(),
            "context": to_data(self.context),
            "deal": {"hands": [[tile_str(t) for t in h] for h in self.deal.hands],
                     "stock": [tile_str(t) for t in self.deal.stock],
                     "aside": [tile_str(t) for t in self.deal.aside]},
            "events": [[a, e] for a, e in self.history],
            "now": {"phase": self.phase.name, "to_act": self.acting_seat(), "over": self.over,
                    "hand_sizes": [h.bit_count() for h in self.hands],
                    "result": self.result.to_json() if self.result is not None else None},
        }
        if origin is not None:
            out["origin"] = origin
        return out

    @classmethod
    def from_json(cls, data: dict, game: "Game") -> "HandState":
        """The hand ``to_json`` wrote, rebuilt from its deal and log by ``from_events`` for
        ``game`` (which the caller makes from the document's game, players and options);
        ``DataError`` or ``IllegalMove`` name what is wrong."""
        if not isinstance(data, dict) or data.get("format") != "domine-hand":
            raise DataError('not a domine hand (expected "format": "domine-hand")')
        if data.get("version") != 1:
            raise DataError(f"unsupported hand version {data.get('version')!r} (this domine reads 1)")
        if data.get("game") != game.id or data.get("players") != game.players:
            raise DataError(f"the hand is of {data.get('game')} for {data.get('players')}, not {game.id} "
                            f"for {game.players}")
        raw = data.get("deal")
        if not isinstance(raw, dict):
            raise DataError("the hand's deal must be an object")
        try:
            deal = Deal([[parse_tile(t, game.max_pip) for t in h] for h in raw.get("hands", [])],
                        [parse_tile(t, game.max_pip) for t in raw.get("stock", [])],
                        [parse_tile(t, game.max_pip) for t in raw.get("aside", [])])
        except (TypeError, ValueError) as e:
            raise DataError(f"the hand's deal: {e}") from None
        context = from_data(data.get("context"))
        if context is not None and not isinstance(context, HandContext):
            raise DataError("the hand's context must be a HandContext record")
        events = data.get("events")
        if not isinstance(events, list) or not all(
                isinstance(x, list) and len(x) == 2 and all(type(v) is int for v in x) for x in events):
            raise DataError("the hand's events must be a list of [actor, event] pairs of whole numbers")
        origin = data.get("origin")
        state = cls.from_events(game, deal, events, context, origin)
        if origin is not None:
            state.deal.origin = origin
        now = data.get("now")
        if isinstance(now, dict) and (now.get("phase"), now.get("to_act"), now.get("over")) != \
                (state.phase.name, state.acting_seat(), state.over):
            raise DataError("the hand's summary does not match its log")
        return state

    # -- values used by scoring -----------------------------------------------------------
    def hand_value(self, seat: int) -> int:
        return self.game.hand_value(self.hands[seat])

    def ranking(self, values: list[int] | None = None) -> list[int]:
        """General rule 16 over the hands as they are now."""
        if values is None:
            values = [self.hand_value(s) for s in range(self.n)]
        return standard_ranking(values, [h.bit_count() for h in self.hands], self.last_placer)

    # -- notation and views (see domine.engine.notation and domine.engine.observation) -------------------
    def move_str(self, move: int, seat_view: int | None = None) -> str:
        from .notation import move_str
        return move_str(self, move)

    def parse_move(self, text: str) -> int:
        from .notation import parse_move
        return parse_move(self, text)

    def explain_illegal(self, move: int, text: str | None = None) -> str:
        from .notation import explain_illegal
        return explain_illegal(self, move, text)

    def observation(self, seat: int, legal: list[int] | None = None) -> "Observation":
        """What ``seat`` may know now; ``legal``, the legal moves if already at hand."""
        return _observe(self, seat, legal)

    def clone(self) -> "HandState":
        """An independent copy, for search: mutable parts are copied, tables shared."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.layout = self.layout.copy()
        other.locked = self.locked[:]
        other.skips = self.skips[:]
        other.discards = self.discards[:]
        other.offers = self.offers[:]
        other.history = self.history[:]
        other.views = None
        other.hand_points = self.hand_points[:]
        if self.result is not None:
            other.result = self.result.copy()
        if self.rules:
            other.rules = {k: v.copy() for k, v in self.rules.items()}
        return other

    def tiles_accounted(self) -> int:
        """Bitmask union of hands, layout, discards, stock and set-aside tiles (for conservation checks)."""
        m = self.layout.mask
        for h in self.hands:
            m |= h
        for d in self.discards:
            m |= d
        m |= self.layout.face_down
        for t in self.stock[self.stock_pos:]:
            m |= BIT[t]
        for t in self.deal.aside:
            m |= BIT[t]
        return m


#: the ``end`` entry of a log, by reason (made once: tuples are shared)
_END_ENTRIES = {reason: (NOBODY, end_event(reason)) for reason in END_REASONS}
#: what a hand holds beyond its game (``HandState.snapshot``), the phase aside
SNAPSHOT_FIELDS = (
    "n", "context", "deal", "teams", "n_teams", "hands", "in_hands", "stock", "stock_pos", "reserve", "drawable",
    "layout", "discards", "to_act", "drawn", "restrict", "owed", "placed_in_turn", "lead_mask", "lead_was_drawn",
    "locked", "skips", "offers", "resume_seat", "last_placer", "leader", "history", "hand_points", "over", "result",
    "rules",
)
register(Deal)
register(HandContext)
register(HandResult, read={"_ranking": lambda r: r.ranking})   # the ranking, worked out if it was not yet
