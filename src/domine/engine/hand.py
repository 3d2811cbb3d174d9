"""The state of one hand (one deal played out): the one turn engine behind every game.

A game's definition (``domine.games.base.Game``) declares its turn (``parts.turns``),
how a hand ends (``parts.hand_ends``), who leads (``parts.leads``) and a few
hooks; this module carries them out. The engine calls a hook only if the game
(or one of its conventions) fills it, so plain games pay nothing for them.

What the seats may see is ``domine.engine.observation``; move text is ``domine.engine.notation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .layout import LEAD_END, Layout
from .matching import STRIDE
from .moves import (
    CLOSE, DECLINE, DISCARD, DRAW, KIND_MASK, OUT_OF_TURN, PAIR, PASS, SECOND_SHIFT, SKIP, STOP, TURN_UP,
    IllegalMove, pair,
)
from .results import HandResult, standard_ranking
from .tiles import BIT, IS_DOUBLE, tiles_of



@dataclass(slots=True)
class Deal:
    """Who holds what when play starts, and the stock in drawing order."""

    hands: list[list[int]]
    stock: list[int] = field(default_factory=list)   # drawn from the front; reserve is the tail
    aside: list[int] = field(default_factory=list)   # out of play for the whole hand


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
NOBODY = -1                 # the actor of an event no seat made (a tile turned up)


def placements(hand: int, layout: Layout, fits: list[int], codes: list[tuple[int, ...]]) -> list[int]:
    """Every placement of a tile of ``hand`` on the layout's current targets.

    ``codes[t * STRIDE + v]`` holds the move ints (end 0) of tile ``t`` on an end
    showing ``v``, one per pip it may leave open; the end index is or-ed in.
    """
    moves: list[int] = []
    if hand & layout.playable:
        for end, v, accepted in layout.targets:
            m = hand & accepted
            e7 = end << 7
            while m:
                low = m & -m
                m ^= low
                for c in codes[(low.bit_length() - 1) * STRIDE + v]:
                    moves.append(c | e7)
    return moves


def pair_moves(hand: int, layout: Layout, fits: list[int], codes: list[tuple[int, ...]]) -> list[int]:
    """Two-by-two: two different tiles, one on each end as it stood before the turn.

    With both ends showing one number the mirrored pairs are one move (general 23a).
    A hand of exactly one tile plays it alone.
    """
    if hand.bit_count() == 1:
        return placements(hand, layout, fits, codes)
    v0, v1 = layout.values[0], layout.values[1]
    left, right = hand & fits[v0], hand & fits[v1]
    moves: list[int] = []
    if not left or not right:
        return moves
    for a in tiles_of(left):
        for b in tiles_of(right & ~BIT[a]):
            if v0 == v1 and b < a:
                continue
            for ca in codes[a * STRIDE + v0]:
                for cb in codes[b * STRIDE + v1]:
                    moves.append(pair(ca, cb | (1 << 7)))
    return moves


def _observe(state, seat, legal):
    global _observe
    from .observation import observe   # observation imports this module
    _observe = observe
    return observe(state, seat, legal)


class HandState:
    __slots__ = (
        # per game, read-only: tables and the turn's declaration
        "game", "turn", "fits", "codes", "draw_at_will", "drawn_must_play", "draw_limit", "end",
        "plain_turns", "_filter_hook", "_place_hook", "_turn_hook", "_domino_ends", "per_seat",
        # the deal and the table
        "n", "context", "deal", "teams", "n_teams", "hands", "in_hands", "stock", "stock_pos",
        "reserve", "drawable", "layout", "discards",
        # the turn
        "to_act", "special", "drawn", "restrict", "owed", "placed_in_turn", "lead_mask", "lead_draw",
        "lead_was_drawn", "locked", "skips", "interrupts", "resume_seat", "out_of_turn",
        # what happened
        "last_placer", "leader", "history", "hand_points", "over", "result", "rules", "views",
    )

    def __init__(self, game: "Game", deal: Deal, context: HandContext | None = None, lead: bool = True):
        """A hand about to be played; ``lead=False`` skips the lead rule (a position set up by hand)."""
        self.game = game
        turn = self.turn = game.turn
        self.fits = game.set_fits
        self.codes = game.matching.codes
        self.draw_at_will = turn.draw_at_will
        self.drawn_must_play = turn.drawn_tile_must_be_played
        self.draw_limit = turn.draw_limit if turn.draw_limit is not None else 1 << 30
        self.end = game.hand_end
        self._filter_hook, self._place_hook, self._turn_hook, self.plain_turns = game.hooks
        self._domino_ends = game.hand_end.domino_ends_hand
        self.per_seat = game.places_depend_on_seat
        self.n = n = len(deal.hands)
        self.context = context or HandContext()
        self.deal = deal
        self.teams = teams = game.hand_teams(self.context, n)
        self.n_teams = max(teams) + 1
        bit = BIT.__getitem__
        self.hands = hands = [sum(map(bit, tiles)) for tiles in deal.hands]
        self.in_hands = sum(hands)   # hands are disjoint
        self.stock = deal.stock
        self.stock_pos = 0
        self.reserve = min(game.reserve, len(deal.stock))
        self.drawable = len(deal.stock) - self.reserve
        self.layout = game.new_layout()
        self.discards = [0] * n
        self.to_act = 0
        self.special = True   # the lead is still to come
        self.drawn = 0
        self.restrict = 0     # after a drawn tile that must be played: that tile
        self.owed = False     # a placement owed after a double (two-hander, troli)
        self.placed_in_turn = 0
        self.lead_mask = 0
        self.lead_draw = ""   # "", "first" (lead the tile drawn), "until_double" or "in turn"
        self.lead_was_drawn = False
        self.locked = [0] * n
        self.skips = [0] * n
        self.interrupts: list[tuple[int, tuple[int, ...]]] = []
        self.resume_seat = -1
        self.out_of_turn = False
        self.last_placer: int | None = None
        self.leader: int | None = None
        self.history: list[tuple[int, int]] = []   # (seat, event); a draw carries its tile
        self.views: list | None = None             # per-seat filtered history, built on demand
        self.hand_points = [0] * self.n_teams
        self.over = False
        self.result: HandResult | None = None
        self.rules = game.new_rules_state(self) if game.keeps_rules_state else None
        if lead:
            game.setup_hand(self)
        if self._turn_hook:
            game.on_turn_start(self, self.to_act)

    # -- the seat to act and its moves -----------------------------------------------
    def acting_seat(self) -> int:
        return self.interrupts[0][0] if self.interrupts else self.to_act

    def legal_moves(self) -> list[int]:
        if self.special:
            return self._special_moves()
        seat = self.to_act
        if self.per_seat:
            self.restrict_places(seat)
        hand = self.restrict or (self.hands[seat] & ~self.locked[seat])
        turn = self.turn
        if turn.pairs:
            moves = pair_moves(hand, self.layout, self.fits, self.codes)
        else:
            moves = placements(hand, self.layout, self.fits, self.codes)
        if moves and self.placed_in_turn and turn.continues == "at will" and not self.owed:
            moves.append(STOP)
        if self.drawable > 0 and (self.draw_at_will or not moves) and self.drawn < self.draw_limit \
                and not self.restrict:
            moves.append(DRAW)
        if not moves:
            if turn.discard_when_stuck:
                moves = [DISCARD | t for t in tiles_of(self.hands[seat])]
            else:
                moves.append(PASS)
        if self._filter_hook:
            moves = self.game.filter_moves(self, seat, moves)
        return moves

    def restrict_places(self, seat: int) -> None:
        """Let the layout offer only the ends ``seat`` may use now (``Game.restrict_places``)."""
        self.game.restrict_places(self.layout, seat, self.history, len(self.history))

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` could place now, were it his turn (for block tests)."""
        hand = self.hands[seat]
        if self.turn.pairs:
            return bool(pair_moves(hand, self.layout, self.fits, self.codes))
        return bool(hand & self.layout.playable)

    def play_random(self, rnd) -> None:
        """Finish the hand with uniformly random legal moves; ``rnd`` returns floats in [0, 1).

        The moves are exactly those that ``legal_moves`` and ``apply_unchecked``
        with the same ``rnd`` would give (a test holds it to that). Rollouts for
        search bots and the throughput benchmark live here.
        """
        self.play_out(None, rnd)

    def random_steps_while_special(self, rnd) -> bool:
        """Random legal moves through the step API while the hand is in its special phase
        (the lead, an engine drawn for): where a game's own playout begins. True once the
        hand is over."""
        legal, apply = self.legal_moves, self.apply_unchecked
        while self.special and not self.over:
            moves = legal()
            apply(moves[int(rnd() * len(moves))])
        return self.over

    def play_out(self, choosers, rnd=None) -> None:
        """Finish the hand as ``_play_out`` says, then the decisions a game leaves to the
        seats once the play is over (``Game.decisions``: buying back in, dropping out)."""
        self._play_out(choosers, rnd)
        while not self.over:
            moves = self.legal_moves()
            if choosers is None:
                self.apply_unchecked(moves[int(rnd() * len(moves))])
            else:
                self.apply_unchecked(moves[0] if len(moves) == 1 else choosers[self.acting_seat()](moves))

    def _play_out(self, choosers, rnd=None) -> None:
        """Finish the hand, ``choosers[seat](moves)`` picking every move of that seat that
        is a choice (a single legal move is made without asking), or, without choosers,
        ``rnd`` picking uniformly (asked for every move, as ``play_random`` promises).

        Ordinary turns of line games without hooks run inline, so simulations and
        rollouts go at the engine's pace; the block test inlined is the one of
        ``parts.hand_ends.BLOCKED``, taken only for policies that allow it.
        """
        legal, apply = self.legal_moves, self.apply_unchecked
        by_rnd = choosers is None
        if by_rnd and self.game.own_playout:
            self.game.playout(self, rnd)   # the game's own loop, move for move the same (Game.playout)
            return
        if by_rnd:
            def pick(seat, moves):
                return moves[int(rnd() * len(moves))]
        else:
            def pick(seat, moves):
                return moves[0] if len(moves) == 1 else choosers[seat](moves)
        layout = self.layout
        if not self.plain_turns or type(layout) is not Layout or layout.ends_by_double:
            while not self.over:
                moves = legal()
                apply(pick(self.acting_seat(), moves))
            return
        while self.special:   # the lead (and nothing else, in a game without hooks)
            if self.over:
                return
            moves = legal()
            apply(pick(self.to_act, moves))
        hands, history, fits = self.hands, self.history, self.fits
        by_bit = self.game.matching.codes_by_bit   # [end][value][tile bit] -> move ints
        codes0, codes1 = by_bit[0], by_bit[1]
        values, lengths, doubles, arms = layout.values, layout.lengths, layout.doubles, layout.arms
        following = [(s + 1) % self.n for s in range(self.n)]
        at_will, draw_limit = self.draw_at_will, self.draw_limit
        stale = False   # layout.targets not yet brought up to date with layout.values
        while True:
            seat = self.to_act
            hand = hands[seat]
            v0, v1 = values
            moves = []
            m = hand & fits[v0]
            if m:
                c = codes0[v0]
                while m:
                    low = m & -m
                    m ^= low
                    moves.extend(c[low])
            if v1 != v0:
                m = hand & fits[v1]
                if m:
                    c = codes1[v1]
                    while m:
                        low = m & -m
                        m ^= low
                        moves.extend(c[low])
            if self.drawable > 0 and (at_will or not moves) and self.drawn < draw_limit:
                moves.append(DRAW)
            if not moves:
                moves.append(PASS)
            if by_rnd:
                move = moves[int(rnd() * len(moves))]
            else:
                move = moves[0] if len(moves) == 1 else choosers[seat](moves)
            if move == PASS:   # what _pass does when no hook or forfeit is involved
                history.append((seat, PASS))
                self.to_act = following[seat]
                self.drawn = 0
                if self.drawable <= 0 and not self.in_hands & layout.playable:
                    layout._refresh()
                    self.finish("blocked")
                    return
                continue
            if move >= DRAW:
                if stale:
                    layout._refresh()
                    stale = False
                apply(move)
                while self.restrict and not self.over:   # a drawn tile that must be placed
                    moves = legal()
                    apply(pick(seat, moves))
                if self.over:
                    return
                continue
            # a placement on a line end, as Layout.place and apply_unchecked would make it
            t = move & 127
            end = (move >> 7) & 31
            o = move >> 12   # no announcement bit: games with hooks are excluded above
            b = BIT[t]
            hand ^= b
            hands[seat] = hand
            self.in_hands ^= b
            layout.mask |= b
            values[end] = o
            lengths[end] += 1
            doubles[end] = IS_DOUBLE[t]
            arms[end].append((t, o))
            playable = fits[values[0]] | fits[values[1]]
            layout.playable = playable
            stale = True
            self.last_placer = seat
            history.append((seat, move))
            if not hand:
                layout._refresh()
                self.finish("domino", seat)
                return
            self.to_act = following[seat]
            self.drawn = 0
            if self.drawable <= 0 and not self.in_hands & playable:
                layout._refresh()
                self.finish("blocked")
                return

    def _special_moves(self) -> list[int]:
        """Moves outside an ordinary turn: the lead, out-of-turn offers, a finished hand."""
        if self.over:
            return []
        if self.result is not None:   # the play is over, decisions are left (Game.decisions)
            return self.game.decisions(self)
        if self.interrupts:
            seat, offered = self.interrupts[0]
            moves = list(offered) + [DECLINE]
        else:
            seat = self.to_act
            if self.lead_draw:
                return [DRAW]
            moves = [t | LEAD_MOVE for t in tiles_of(self.hands[seat] & self.lead_mask)]
        if self._filter_hook:
            moves = self.game.filter_moves(self, seat, moves)
        return moves

    def _update_special(self) -> None:
        self.special = self.over or bool(self.interrupts) or self.layout.lead < 0

    # -- applying moves -----------------------------------------------------------------
    def apply(self, move: int) -> None:
        """Apply a move after checking it is legal; raise ``IllegalMove`` saying why if not."""
        if self.over:
            raise IllegalMove("the hand is over")
        if move not in self.legal_moves() and not self.same_place_as_legal(move):
            from .notation import explain_illegal
            raise IllegalMove(explain_illegal(self, move))
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
        if move >= DRAW:
            if move == PASS and self.plain_turns:   # what _pass and next_turn do for plain turns
                seat = self.to_act
                self.history.append((seat, PASS))
                self.to_act = (seat + 1) % self.n
                self.drawn = 0
                if self.drawable <= 0 and not self.in_hands & self.layout.playable:
                    self.finish("blocked")   # general 23(c), as parts.hand_ends.BLOCKED says
                return
            k = move & KIND_MASK
            if k == DRAW:
                self._draw()
            elif k == PASS:
                self._pass()
            elif k == PAIR:
                self._place_pair(move)
            elif k == STOP:
                self.history.append((self.to_act, STOP))
                self._end_turn()
            elif k == DISCARD:
                self._discard(move)
            elif k == DECLINE:
                self._decline()
            elif k == CLOSE:
                self.close_end(move)
            else:   # a kind a game registered itself (a bid, closing an arm ...)
                self.game.apply_move(self, move)
            return
        interrupted = bool(self.interrupts)
        seat = self.interrupts.pop(0)[0] if interrupted else self.to_act
        self.out_of_turn = interrupted
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
        self.history.append((seat, move | OUT_OF_TURN if interrupted else move))
        self.restrict = 0
        if self._place_hook:
            self.game.on_place(self, seat, move)
            if self.over:
                return
        if not hand and self._domino_ends:
            self.finish("domino", seat)
            return
        if interrupted or self.interrupts:
            if not self.interrupts:
                self._resume()
            self._update_special()
        elif self.plain_turns:
            self.to_act = (seat + 1) % self.n
            self.drawn = 0
            if self.special:
                self._update_special()
            if self.drawable <= 0 and not self.in_hands & layout.playable:
                self.finish("blocked")   # general 23(c), as parts.hand_ends.BLOCKED says
            return
        else:
            if self.special:
                self._update_special()
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
        elif turn.continues == "one tile":
            self._end_turn()
            return
        else:
            self.owed = False
        self.placed_in_turn += 1
        self.drawn = 0
        if turn.continues == "while places":
            # the game's restrict_places has narrowed the seat's places after this tile: with
            # none left the turn is over; else he places again, or passes where nothing fits
            if not self.layout.targets:
                self._end_turn()
            return
        can_draw = self.owed and self.drawable > 0
        if not (hand & self.layout.playable) and not can_draw:
            self._end_turn()   # the rest of the turn is impossible: it ends with no move

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
        self._end_turn()
        self._check_end()

    def _draw(self) -> None:
        seat = self.to_act
        t = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.drawable -= 1
        b = BIT[t]
        self.hands[seat] |= b
        self.in_hands |= b
        self.drawn += 1
        self.history.append((seat, DRAW | t))
        if self.game.draw_hook:
            self.game.on_draw(self, seat, t)
        if self.layout.lead < 0:
            self._lead_draw(seat, t)
            return
        if self.turn.draw_ends_turn:
            self._end_turn()
        elif self.drawn_must_play and b & self.layout.playable & ~self.locked[seat]:
            self.restrict = b
        elif self.placed_in_turn and self.drawable <= 0 and \
                not self.hands[seat] & ~self.locked[seat] & self.layout.playable:
            self._end_turn()   # an owed placement that cannot be made: no move (general 23b)
        self._check_end()

    def _lead_draw(self, seat: int, t: int) -> None:
        in_turn = self.lead_draw == "in turn"
        if self.lead_draw == "first" or BIT[t] & self.lead_mask:   # in turn, or until a double that may lead
            self.lead_draw = ""
            self.lead_mask = BIT[t]
            self.lead_was_drawn = True
        elif in_turn:
            # the seats draw one tile each in turn until one draws a tile of lead_mask, which
            # the rule knows is in the stock (mexican-train 16f: the engine nobody was dealt)
            self.to_act = (seat + 1) % self.n
        elif self.drawable <= 0:
            # Nobody can draw a double for the lead: the next seat holding one leads it
            # (``lead_mask``: the doubles that may lead).
            self.lead_draw = ""
            for k in range(1, self.n + 1):
                s = (seat + k) % self.n
                if self.hands[s] & self.lead_mask:
                    self.to_act = s
                    return

    def _pass(self) -> None:
        seat = self.to_act
        self.history.append((seat, PASS))
        reason = self.end.after_pass(self, seat)
        if reason:
            self.finish(reason)   # the passer is the last seat in the history
            return
        self.next_turn()
        self._check_end()

    def _decline(self) -> None:
        seat, _ = self.interrupts.pop(0)
        self.history.append((seat, DECLINE))
        if not self.interrupts:
            self._resume()
            self._update_special()
        self._check_end()

    def _discard(self, move: int) -> None:
        seat = self.to_act
        b = BIT[move & 127]
        self.hands[seat] ^= b
        self.in_hands ^= b
        self.discards[seat] |= b
        self.history.append((seat, move))
        self._end_turn()
        self._check_end()

    def close_end(self, move: int, seat: int | None = None) -> None:
        """Close an end with a tile face down: a seat's move from its hand, or, with
        ``seat=NOBODY``, an event of the rules with a tile from the stock (four-crosses)."""
        t = move & 127
        b = BIT[t]
        end = (move >> 7) & 31
        if seat is None:
            seat = self.to_act
            self.hands[seat] ^= b
            self.in_hands ^= b
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
            self._check_end()
            return
        self.last_placer = seat
        if not self.hands[seat] and self._domino_ends:
            self.finish("domino", seat)
            return
        self._end_turn()
        self._check_end()

    def _resume(self) -> None:
        self.to_act = self.resume_seat
        self.next_turn()

    def _end_turn(self) -> None:
        self.next_turn()

    def next_turn(self) -> None:
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
        if self.over or self.interrupts or self.layout.lead < 0:
            return
        end = self.end
        reason = end.after_turn(self)
        if reason:
            self.finish(reason)
        elif end.blocked(self):
            self.finish("blocked")

    def turn_up_lead(self, tile: int, first_turn: int) -> None:
        """A set-aside tile turned face up as the lead, belonging to nobody (troli 3b)."""
        self.layout.place_lead(tile, low_first=True)
        self.history.append((NOBODY, TURN_UP | tile))
        self.to_act = first_turn
        self.special = False
        self._check_end()   # a lead nobody can answer blocks the hand at once (general 23c)

    def finish(self, reason: str, out_seat: int | None = None) -> None:
        self.over = self.special = True
        result = self.game.score_hand(self, reason, out_seat)
        result.last_placer = self.last_placer
        result.leader = self.leader
        self.result = result

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
        other.interrupts = self.interrupts[:]
        other.history = self.history[:]
        other.views = None
        other.hand_points = self.hand_points[:]
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
