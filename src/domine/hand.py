"""The state of one hand (one deal played out) and what a seat may see of it.

``HandState`` is the one generic turn engine behind every game. A game's
definition (``domine.game.Game``) sets data it reads (layout kind, matching,
draw policy, chained turns, ...) and may override a few hooks; the engine calls
a hook only if the game overrides it, so plain games pay nothing for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .layout import LEAD_END, Layout
from .matching import STRIDE
from .moves import (
    ANNOUNCE, DRAW, PASS, AmbiguousMove, IllegalMove, MalformedMove, is_place,
)
from .tiles import BIT, DOUBLES_MASK, IS_DOUBLE, TileError, parse_tile, tile_str, tiles_of

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


@dataclass(slots=True)
class Deal:
    """Who holds what when play starts, and the stock in drawing order."""

    hands: list[list[int]]
    stock: list[int] = field(default_factory=list)   # drawn from the front; reserve is the tail
    aside: list[int] = field(default_factory=list)   # out of play for the whole hand


@dataclass(slots=True)
class HandContext:
    """What a hand needs to know of the match around it."""

    hand_number: int = 1
    scores: list[int] | None = None        # per team, before this hand
    previous: "HandResult | None" = None
    previous_leader: int | None = None
    target: int | None = None

    def copy(self) -> "HandContext":
        return HandContext(self.hand_number, list(self.scores) if self.scores is not None else None,
                           self.previous.copy() if self.previous is not None else None,
                           self.previous_leader, self.target)


LEAD_MOVE = LEAD_END << 7   # or-ed with a tile: that tile as the lead
#: Marks, in the history only, an answer to an out-of-turn offer (Igra preko reda).
OUT_OF_TURN = 1 << 17


class HandResult:
    """How a hand ended and what it scored.

    ``ranking`` (seats best first, general rule 16) is worked out only when asked
    for, since most games never need it.
    """

    __slots__ = ("reason", "out_seat", "hand_values", "tiles_left", "points", "winners",
                 "last_placer", "_ranking")

    def __init__(self, reason: str, out_seat: int | None, hand_values: list[int], tiles_left: list[int],
                 points: list[int], winners: list[int], ranking: list[int] | None = None,
                 last_placer: int | None = None):
        self.reason = reason              # "domino", "blocked", "dead" (dead layout) or "target"
        self.out_seat = out_seat          # the seat that went out, if any
        self.hand_values = hand_values    # per seat, valued as the game scores them
        self.tiles_left = tiles_left      # per seat
        self.points = points              # per team, everything scored in this hand
        self.winners = winners            # seats that won the hand (empty: nobody, or a tie)
        self.last_placer = last_placer
        self._ranking = ranking

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self.to_json() == other.to_json() and self.last_placer == other.last_placer

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "HandResult":
        return HandResult(self.reason, self.out_seat, self.hand_values[:], self.tiles_left[:], self.points[:],
                          self.winners[:], None if self._ranking is None else self._ranking[:], self.last_placer)

    @property
    def ranking(self) -> list[int]:
        if self._ranking is None:
            self._ranking = standard_ranking(self.hand_values, self.tiles_left, self.last_placer)
        return self._ranking

    def __repr__(self) -> str:
        return (f"HandResult(reason={self.reason!r}, out_seat={self.out_seat}, hand_values={self.hand_values}, "
                f"points={self.points}, winners={self.winners})")

    def to_json(self) -> dict:
        return {
            "reason": self.reason, "out_seat": self.out_seat, "hand_values": self.hand_values,
            "tiles_left": self.tiles_left, "points": self.points, "winners": self.winners,
            "ranking": self.ranking,
        }


def standard_ranking(values: list[int], tiles: list[int], last_placer: int | None) -> list[int]:
    """General rule 16: lower value, then fewer tiles, then turn order from the last placer."""
    n = len(values)
    start = last_placer if last_placer is not None else 0
    return sorted(range(n), key=lambda s: (values[s], tiles[s], (s - start) % n))


def placements(hand: int, layout: Layout, fits: list[int], codes: list[tuple[int, ...]]) -> list[int]:
    """Every placement of a tile of ``hand`` on the layout's current targets.

    ``codes[t * STRIDE + v]`` holds the move ints (end 0) of tile ``t`` on an end
    showing ``v``, one per pip it may leave open; the end index is or-ed in.
    """
    moves: list[int] = []
    if hand & layout.playable:
        for end, v in layout.targets:
            m = hand & fits[v]
            e7 = end << 7
            while m:
                low = m & -m
                m ^= low
                for c in codes[(low.bit_length() - 1) * STRIDE + v]:
                    moves.append(c | e7)
    return moves


class HandState:
    __slots__ = (
        # per game, read-only: tables and policy flags
        "game", "fits", "opens", "codes", "tactical", "drawn_must_play", "draw_limit", "chain",
        "implicit_pass", "dead_ends_hand", "plain_turns", "_filter_hook", "_place_hook", "_turn_hook",
        # the deal and the table
        "n", "context", "deal", "teams", "n_teams", "hands", "in_hands", "stock", "stock_pos",
        "reserve", "drawable", "layout",
        # the turn
        "to_act", "special", "drawn", "restrict", "lead_mask", "lead_draw", "lead_was_drawn",
        "locked", "skips", "interrupts", "resume_seat", "out_of_turn",
        # what happened
        "last_placer", "leader", "history", "hand_points", "over", "result", "extra",
    )

    def __init__(self, game: "Game", deal: Deal, context: HandContext | None = None):
        self.game = game
        self.fits = game.set_fits
        self.opens = game.matching.opens
        self.codes = game.matching.codes
        self.tactical = game.tactical_draw
        self.drawn_must_play = game.drawn_tile_must_be_played
        self.draw_limit = game.draw_limit if game.draw_limit is not None else 1 << 30
        self.chain = game.chained_turns
        self.implicit_pass = game.implicit_pass
        self.dead_ends_hand = game.dead_layout_ends_hand
        self._filter_hook, self._place_hook, self._turn_hook, self.plain_turns = game.hooks
        self.n = n = len(deal.hands)
        self.context = context or HandContext()
        self.deal = deal
        self.teams = teams = game.seat_teams if n == game.players else game.teams(n)
        self.n_teams = max(teams) + 1
        bit = BIT.__getitem__
        self.hands = hands = [sum(map(bit, tiles)) for tiles in deal.hands]
        self.in_hands = sum(hands)   # hands are disjoint
        self.stock = deal.stock
        self.stock_pos = 0
        self.reserve = min(game.reserve, len(deal.stock))
        self.drawable = len(deal.stock) - self.reserve
        self.layout = game.new_layout()
        self.to_act = 0
        self.special = True   # the lead is still to come
        self.drawn = 0
        self.restrict = 0     # after a drawn tile that must be played: that tile
        self.lead_mask = 0
        self.lead_draw = ""   # "", "first" (lead the tile drawn) or "until_double"
        self.lead_was_drawn = False
        self.locked = [0] * n
        self.skips = [0] * n
        self.interrupts: list[tuple[int, tuple[int, ...]]] = []
        self.resume_seat = -1
        self.out_of_turn = False
        self.last_placer: int | None = None
        self.leader: int | None = None
        self.history: list[tuple[int, int]] = []   # (seat, move); a draw carries its tile
        self.hand_points = [0] * self.n_teams
        self.over = False
        self.result: HandResult | None = None
        self.extra: dict = {}
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
        hand = self.restrict or (self.hands[seat] & ~self.locked[seat])
        moves = placements(hand, self.layout, self.fits, self.codes)
        if self.drawable > 0 and (self.tactical or not moves) and self.drawn < self.draw_limit \
                and not self.restrict:
            moves.append(DRAW)
        if not moves:
            moves.append(PASS)
        if self._filter_hook:
            moves = self.game.filter_moves(self, seat, moves)
        return moves

    def play_random(self, rnd) -> None:
        """Finish the hand with uniformly random legal moves; ``rnd`` returns floats in [0, 1).

        The moves are exactly those that ``legal_moves`` and ``apply_unchecked``
        with the same ``rnd`` would give (a test holds it to that). Rollouts for
        search bots and the throughput benchmark live here, so ordinary turns of
        line games without hooks run inline.
        """
        legal, apply = self.legal_moves, self.apply_unchecked
        layout = self.layout
        if not self.plain_turns or self.chain or self.dead_ends_hand or self._filter_hook \
                or layout.kind != "line" or layout.ends_by_double:
            while not self.over:
                moves = legal()
                apply(moves[int(rnd() * len(moves))])
            return
        while self.special:   # the lead (and nothing else, in a game without hooks)
            if self.over:
                return
            moves = legal()
            apply(moves[int(rnd() * len(moves))])
        hands, history, fits = self.hands, self.history, self.fits
        by_bit = self.game.matching.codes_by_bit   # [end][value][tile bit] -> move ints
        codes0, codes1 = by_bit[0], by_bit[1]
        values, lengths, doubles, arms = layout.values, layout.lengths, layout.doubles, layout.arms
        following = [(s + 1) % self.n for s in range(self.n)]
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
            if self.drawable > 0 and (self.tactical or not moves) and self.drawn < self.draw_limit:
                moves.append(DRAW)
            if not moves:
                moves.append(PASS)
            move = moves[int(rnd() * len(moves))]
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
                    apply(moves[int(rnd() * len(moves))])
                if self.over:
                    return
                continue
            # a placement on a line end, as Layout.place and apply_unchecked would make it
            t = move & 127
            end = (move >> 7) & 31
            o = move >> 12   # no announcement bit: filter hooks are excluded above
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
        if self.interrupts:
            seat, offered = self.interrupts[0]
            moves = list(offered) + [PASS]
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
        if move not in self.legal_moves():
            raise IllegalMove(self.explain_illegal(move))
        self.apply_unchecked(move)

    def apply_unchecked(self, move: int) -> None:
        """Apply a move known to be legal (from ``legal_moves``): the fast path for bots."""
        if move >= DRAW:
            if move == DRAW:
                self._draw()
            else:
                self._pass()
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
        if not hand:
            self.finish("domino", seat)
            return
        if self.dead_ends_hand and layout.is_dead():
            self.finish("dead")
            return
        if interrupted or self.interrupts:
            if not self.interrupts:
                self._resume()
        elif self.chain and hand & layout.playable & ~self.locked[seat]:
            self.drawn = 0
        elif self.plain_turns:
            self.to_act = (seat + 1) % self.n
            self.drawn = 0
        else:
            self.next_turn()
        if self.special or self.interrupts:
            self._update_special()
        if self.drawable <= 0 and not self.in_hands & layout.playable and not self.interrupts:
            self.finish("blocked")

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
        if self.layout.lead < 0:
            self._lead_draw(seat, t)
            return
        if self.drawn_must_play and b & self.layout.playable & ~self.locked[seat]:
            self.restrict = b
        self._check_blocked()

    def _lead_draw(self, seat: int, t: int) -> None:
        if self.lead_draw == "first" or IS_DOUBLE[t]:
            self.lead_draw = ""
            self.lead_mask = BIT[t]
            self.lead_was_drawn = True
        elif self.drawable <= 0:
            # Nobody can draw a double for the lead: the next seat holding one leads it.
            self.lead_draw = ""
            for k in range(1, self.n + 1):
                s = (seat + k) % self.n
                if self.hands[s] & DOUBLES_MASK:
                    self.to_act = s
                    self.lead_mask = DOUBLES_MASK
                    return

    def _pass(self) -> None:
        if self.interrupts:
            seat, _ = self.interrupts.pop(0)
            self.history.append((seat, PASS | OUT_OF_TURN))
            if not self.interrupts:
                self._resume()
                self._update_special()
            self._check_blocked()
            return
        self.history.append((self.to_act, PASS))
        self.next_turn()
        self._check_blocked()

    def _resume(self) -> None:
        self.to_act = self.resume_seat
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
        if self.implicit_pass:
            playable = self.layout.playable
            for _ in range(n):
                if self.hands[seat] & playable:
                    break
                seat = (seat + 1) % n
        self.to_act = seat
        self.drawn = 0
        self.restrict = 0
        if self._turn_hook:
            self.game.on_turn_start(self, seat)

    def _check_blocked(self) -> None:
        if not self.over and self.drawable <= 0 and self.layout.lead >= 0 \
                and not self.in_hands & self.layout.playable and not self.interrupts:
            self.finish("blocked")

    def finish(self, reason: str, out_seat: int | None = None) -> None:
        self.over = self.special = True
        result = self.game.score_hand(self, reason, out_seat)
        result.last_placer = self.last_placer
        self.result = result

    # -- values used by scoring -----------------------------------------------------------
    def hand_value(self, seat: int) -> int:
        return self.game.hand_value(self.hands[seat])

    def ranking(self, values: list[int] | None = None) -> list[int]:
        """General rule 16 over the hands as they are now."""
        if values is None:
            values = [self.hand_value(s) for s in range(self.n)]
        return standard_ranking(values, [h.bit_count() for h in self.hands], self.last_placer)

    # -- notation -----------------------------------------------------------------------
    def move_str(self, move: int, seat_view: int | None = None) -> str:
        """Format a move. A history draw carries its tile; it is hidden unless seat_view drew it."""
        if move >= PASS:
            return "pass"
        if move >= DRAW:
            t = move & 127
            if move == DRAW:
                return "draw"
            return f"draw {tile_str(t)}"
        t = move & 127
        end = (move >> 7) & 31
        text = tile_str(t)
        if end != LEAD_END:
            names = self._end_names()
            text += " " + (names[end] if end < len(names) else str(end))
            if self.game.matching.chooses_open[t]:
                text += f" {(move >> 12) & 15}"
        if move & ANNOUNCE:
            text += " !"
        return text

    def _end_names(self) -> tuple[str, ...]:
        from .layout import END_NAMES
        return END_NAMES[self.layout.kind]

    def parse_move(self, text: str) -> int:
        """Read a move typed by a person (or held in a record) against the legal moves here."""
        raw = text.strip()
        words = raw.replace(",", " ").split()
        if not words:
            raise MalformedMove("empty move")
        legal = self.legal_moves()
        head = words[0].lower()
        if head in ("draw", "d", "buy"):
            if DRAW not in legal:
                raise IllegalMove(self.explain_illegal(DRAW))
            if len(words) > 1:
                try:
                    t = parse_tile(words[1], self.game.max_pip)
                except TileError as e:
                    raise MalformedMove(str(e)) from None
                if self.drawable > 0 and self.stock[self.stock_pos] != t:
                    raise IllegalMove(f"the next stock tile is {tile_str(self.stock[self.stock_pos])}, not {words[1]}")
            return DRAW
        if head in ("pass", "p"):
            if PASS not in legal:
                raise IllegalMove(self.explain_illegal(PASS))
            return PASS
        try:
            t = parse_tile(words[0], self.game.max_pip)
        except TileError as e:
            raise MalformedMove(str(e)) from None
        end_name = None
        open_pip = None
        announce = False
        for w in words[1:]:
            if w == "!":
                announce = True
            elif w.isdigit():
                open_pip = int(w)
            elif w.upper() in self._end_names():
                end_name = w.upper()
            else:
                raise MalformedMove(f"cannot read {w!r} in {raw!r} (an end is one of {', '.join(self._end_names())})")
        if end_name is not None and self.layout.lead < 0:
            raise MalformedMove("the lead goes on an empty table: write only the tile")
        candidates = []
        names = self._end_names()
        for m in legal:
            if not is_place(m) or (m & 127) != t:
                continue
            end = (m >> 7) & 31
            if end_name is not None and end != LEAD_END:
                ok = names[end] == end_name
                if not ok:
                    # a merged place: any end showing an equivalent value names it
                    idx = names.index(end_name) if end_name in names else -1
                    ok = 0 <= idx < len(self.layout.values) and self._equivalent(idx, end)
                if not ok:
                    continue
            if open_pip is not None and (m >> 12) & 15 != open_pip and end != LEAD_END:
                continue
            if bool(m & ANNOUNCE) != announce:
                continue
            candidates.append(m)
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            guess = t | ((names.index(end_name) if end_name in names else 0) << 7)
            if open_pip is not None:
                guess |= open_pip << 12
            if announce:
                guess |= ANNOUNCE
            raise IllegalMove(self.explain_illegal(guess, text=raw))
        raise AmbiguousMove(
            f"{raw!r} could mean {', '.join(self.move_str(m) for m in candidates)}: say which")

    def _equivalent(self, a: int, b: int) -> bool:
        """Whether end a is merged into end b by the layout's targets (general rule 23a)."""
        lay = self.layout
        if a >= len(lay.values) or lay.closed[a] or lay.values[a] != lay.values[b]:
            return False
        if lay.kind == "line" or (lay.kind == "spinner" and a < 2 and b < 2):
            return not lay.ends_by_double or lay.doubles[a] == lay.doubles[b]
        if lay.kind == "spinner" and (a < 2) != (b < 2):
            return False   # a line end and a flank are different places
        return lay.lengths[a] == 0 and lay.lengths[b] == 0

    def explain_illegal(self, move: int, text: str | None = None) -> str:
        if not isinstance(move, int) or move < 0 or move > PASS or \
                (move < DRAW and (move & 127) >= self.game.set_mask.bit_length()) or \
                (DRAW < move < PASS):
            return f"{move!r} is not a move of this game"
        label = text or self.move_str(move)
        seat = self.acting_seat()
        legal = self.legal_moves()
        if self.over:
            return "the hand is over"
        if move == DRAW:
            if self.drawable <= 0:
                return "you cannot draw: drawing is exhausted"
            if self.restrict:
                return f"you drew {tile_str(self.restrict.bit_length() - 1)}, which fits: you must place it"
            if self.drawn >= self.draw_limit:
                return f"you may draw at most {self.draw_limit} tiles in a turn"
            return "you cannot draw while you hold a tile that fits"
        if move == PASS:
            return "you cannot pass: " + ("you must draw" if DRAW in legal else "you hold a tile that fits")
        t = move & 127
        if not BIT[t] & self.hands[seat]:
            return f"you do not hold {tile_str(t)}"
        if self.layout.lead < 0:
            if self.lead_draw:
                return "you must draw a tile to lead"
            allowed = tiles_of(self.hands[seat] & self.lead_mask)
            return f"{tile_str(t)} may not lead; you must lead " + " or ".join(tile_str(x) for x in allowed)
        if self.restrict and not BIT[t] & self.restrict:
            return f"you must place the tile you drew, {tile_str(self.restrict.bit_length() - 1)}"
        if BIT[t] & self.locked[seat]:
            return f"{tile_str(t)} is locked this turn: you did not announce your last tile"
        if self.interrupts:
            return "only the out-of-turn double offered to you may be placed now, or pass"
        if not BIT[t] & self.layout.playable:
            ends = ", ".join(f"{n}={v}" for n, v in self.layout.open_ends())
            return f"{tile_str(t)} fits no open end ({ends})"
        if self.layout.in_cross_phase():
            return "the spinner's four sides must be filled before any arm grows"
        same_tile = [m for m in legal if is_place(m) and (m & 127) == t]
        if same_tile:
            return f"{label} is not a legal placement; {tile_str(t)} can go: " + \
                ", ".join(self.move_str(m) for m in same_tile)
        return f"{label} is not legal here"

    # -- views ---------------------------------------------------------------------------
    def observation(self, seat: int) -> "Observation":
        return Observation.of(self, seat)

    def clone(self) -> "HandState":
        """An independent copy, for search: mutable parts are copied, tables shared."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.layout = self.layout.copy()
        other.locked = self.locked[:]
        other.skips = self.skips[:]
        other.interrupts = self.interrupts[:]
        other.history = self.history[:]
        other.hand_points = self.hand_points[:]
        other.extra = {k: (v[:] if isinstance(v, list) else v) for k, v in self.extra.items()}
        return other

    def tiles_accounted(self) -> int:
        """Bitmask union of hands, layout, stock and set-aside tiles (for conservation checks)."""
        m = self.layout.mask
        for h in self.hands:
            m |= h
        for t in self.stock[self.stock_pos:]:
            m |= BIT[t]
        for t in self.deal.aside:
            m |= BIT[t]
        return m


@dataclass
class Observation:
    """Everything one seat may know, and nothing more (general rule 7)."""

    game: str
    options: dict
    seat: int
    players: int
    teams: list[int]
    hand: list[int]
    hand_sizes: list[int]
    stock_size: int
    drawable: int
    layout_kind: str
    ends: list[tuple[str, int, int, bool, bool]]   # (name, value, length, outer double, closed)
    arms: list[list[tuple[int, int]]]
    lead: int | None
    layout_tiles: list[int]
    to_act: int
    legal_moves: list[int]
    history: list[tuple[int, int]]                 # draws by other seats carry no tile
    hand_points: list[int]
    scores: list[int]
    hand_number: int
    locked: list[int]
    over: bool
    max_pip: int
    context: HandContext      # public: hand number, scores, the previous hand's shown result

    @classmethod
    def of(cls, state: HandState, seat: int) -> "Observation":
        lay = state.layout
        acting = state.acting_seat()
        hist = []
        for s, m in state.history:
            if s != seat:
                if m >= PASS and m & OUT_OF_TURN:
                    continue   # declining an out-of-turn double is silent at the table
                if DRAW <= m < PASS:
                    m = DRAW   # nobody else sees a drawn tile
            hist.append((s, m))
        if state.interrupts and acting != seat:
            acting = -1        # who is being offered a double is not public either
        ends = [
            (name, lay.values[i], lay.lengths[i], lay.doubles[i], lay.closed[i])
            for i, name in enumerate(lay.end_names())
        ]
        return cls(
            game=state.game.id, options=dict(state.game.option_values), seat=seat, players=state.n, teams=list(state.teams),
            hand=tiles_of(state.hands[seat]),
            hand_sizes=[h.bit_count() for h in state.hands],
            stock_size=len(state.stock) - state.stock_pos, drawable=max(state.drawable, 0),
            layout_kind=lay.kind, ends=ends, arms=[a[:] for a in lay.arms],
            lead=lay.lead if lay.lead >= 0 else None, layout_tiles=tiles_of(lay.mask),
            to_act=acting, legal_moves=state.legal_moves() if acting == seat else [],
            history=hist, hand_points=state.hand_points[:],
            scores=list(state.context.scores or [0] * state.n_teams),
            hand_number=state.context.hand_number, locked=tiles_of(state.locked[seat]),
            over=state.over, max_pip=state.game.max_pip, context=state.context.copy(),
        )
