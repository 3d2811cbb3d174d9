"""What one seat can infer from its observation, and whole worlds consistent with it.

A bot sees an ``Observation``: its own tiles, the table, hand sizes and the
public history. From the history it can learn more: a seat that passed, or had
to draw, held no tile fitting the open ends at that moment; a seat that drew
for its lead held no double. ``Knowledge`` replays the public history on a
layout of its own and keeps, for every tile another seat still hides, a *slot*:
the mask of tiles that slot cannot be, given when the tile was acquired (dealt,
or drawn at a known moment). A placed tile uses up the most constrained slot it
fits, which leaves the remaining slots as permissive as any explanation of the
history allows.

``Knowledge.sample(rng)`` deals the unseen tiles into those slots (a random
perfect matching), lays the rest out as stock and set-aside tiles, rebuilds the
initial deal that this explanation implies, and replays the whole public history
on it through the engine. The replay is the final judge: a world whose replay
breaks a rule (a pass while holding a fitting tile, a drawn tile that fitted
and was kept) is rejected and another is drawn. So every world returned is one
in which the seat's whole observation could have happened.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..games.base import Game
from ..games import make_game
from ..engine.hand import Deal, HandState
from ..engine.observation import Observation
from ..engine.layout import LEAD_END
from ..engine.hand import LEAD_MOVE, NOBODY
from ..engine.phases import Lead
from ..engine.moves import (
    CLOSE, DECIDE, DECLINE, DISCARD, DRAW, END, NO_TILE, PASS, SCORE, SKIP, SOLD, TOKENS, TURN_UP,
    MoveError, announces, bare,
    end_of, is_hidden, is_place, kind, kind_of, open_of, out_of_turn, pips_placed, placements_of, places_tiles,
    tile_of,
)
from ..parts.conventions import LastTileAnnouncement
from ..parts.rows import PHASES as ROW_PHASE_NAMES, rows_of
from ..parts.turns import AT_WILL, WHILE_FITS
from ..engine.tiles import BIT, IS_DOUBLE, TILES_WITH, mask_of, set_size, tiles_of

_GAMES: dict[tuple, Game] = {}
#: the tiles a lead shows each other seat was not dealt (``Knowledge._infer_from_lead``), by lead and viewer
_LEAD_INFERENCES: dict[tuple, dict[int, int]] = {}


def _context_key(ctx) -> tuple:
    """Everything of a hand's context a lead rule may read, as a hashable value."""
    prev = ctx.previous
    return (ctx.hand_number, tuple(ctx.scores or ()), ctx.previous_leader, ctx.target, ctx.lot,
            tuple(ctx.tokens or ()), ctx.absent, ctx.streak,
            None if prev is None else (repr(prev.to_json()), prev.leader, prev.last_placer))


def game_of(obs: Observation) -> Game:
    """The game an observation belongs to (cached: games are immutable once configured)."""
    key = (obs.game, obs.players, tuple(sorted(obs.options.items())))
    game = _GAMES.get(key)
    if game is None:
        options = {k: v for k, v in obs.options.items() if v is not None}
        game = _GAMES[key] = make_game(obs.game, obs.players, options)
    return game


def plain_lead(game: Game) -> bool:
    """Whether making a hand of ``game`` does nothing to its start but carry out the lead rule's
    choice (``HandState.begin_lead``): no setup of its own, no turn hook, no filter on the
    moves, the engine's lead phase. Then a probe deal needs the rule's choice alone."""
    filters, _, turn_hook, _ = game.hooks
    return type(game).setup_hand is Game.setup_hand and not filters and not turn_hook \
        and type(game.phase_named.get("lead")) is Lead


class LeadProbe:
    """Probe deals of one game and hand context put to its lead rule, without making a hand:
    the part of a hand just dealt that lead rules read (its hands, the deal, the stock).

    Bots probe a deal for every unseen tile; a hand made for each was most of the time an
    observation's tensor took. Only for a game with a ``plain_lead``."""

    __slots__ = ("_deal", "context", "game", "hands", "in_hands", "n", "rule")

    def __init__(self, game: Game, n: int, context):
        self.game, self.n, self.context = game, n, context
        self.rule = game.lead_rule(context)

    def choice(self, hands: list[int]):
        """The lead rule's choice (``LeadChoice``) for a deal of ``hands`` (masks; no stock,
        nothing aside); None where the hand must be made to know (a tile turned up, a draw
        for the lead, a rule that reads more of the hand than this)."""
        self.hands, self.in_hands, self._deal = hands, sum(hands), None
        try:
            choice = self.rule.choose(self)
        except AttributeError:
            return None
        if choice.turn_up >= 0 or choice.draw:
            return None
        return choice

    @property
    def deal(self) -> Deal:
        if self._deal is None:
            self._deal = _probe_deal(self.hands)
        return self._deal

    stock = property(lambda self: self.deal.stock)
    stock_pos = 0


def _probe_deal(hands: list[int]) -> Deal:
    return Deal([tiles_of(h) for h in hands], [], [])


@dataclass
class _Slot:
    """One tile a seat held at some point: where it came from, what it cannot be."""

    forbidden: int = 0
    draw_position: int = -1     # index in the stock's drawing order, or -1 if dealt
    tile: int = -1              # known once the tile is placed


@dataclass(slots=True)
class _Replay:
    """Where a replay of the public history stands between two events (``Knowledge._replay``)."""

    lock_until: list[int]       # the seat's real turn whose end unlocks its last tile (0: not locked)
    turns: list[int]            # real turns each seat has begun (an owed placement is the same turn)
    locked: list                # the slot of an unannounced last tile, per seat
    announcing: bool            # the game has a last-tile announcement (Jedan Kamen)
    chain: bool                 # a turn goes on while a tile fits
    owes: bool                  # a double owes another tile
    mover: int = -1             # the seat whose real turn the last turn-taking event belongs to
    lead_drawer: int = -1
    previous: tuple[int, int] = (-1, PASS)


class WorldError(RuntimeError):
    """No world consistent with the observation could be found (should not happen)."""


class Knowledge:
    def __init__(self, obs: Observation, game: Game | None = None, attribution: random.Random | None = None):
        """``attribution``: choose at random which possible slot each placed tile came from,
        instead of the most constrained one (another explanation of the same history)."""
        self._start(obs, game, attribution)
        if getattr(self.game, "keeps_rows", False):
            row_knowledge(self, obs)   # rows hidden from their owner too: no slots to replay
            return
        if obs.lead is not None and not obs.history:
            # a position set up by hand (domine.engine.position): no history to learn from or replay
            n, me = self.n, self.me
            self.slots = [[] if s == me else [_Slot() for _ in range(obs.hand_sizes[s])] for s in range(n)]
            self.layout = None
            self.my_initial = self.mine
            self.consistent = False
            return
        self._replay_public_history()

    def _see(self, obs: Observation) -> None:
        """What ``obs`` shows now: own tiles, the table, and so the tiles unseen."""
        self.obs = obs
        self.mine = mask_of(obs.hand)
        self.table = mask_of(obs.layout_tiles)
        # own dead tiles and own closing tiles are seen (an observation shows only its seat's)
        own_face_down = obs.layout.face_down if obs.layout is not None else 0
        self.unseen = self.game.set_mask & ~self.mine & ~self.table & ~mask_of(obs.discards) & ~own_face_down

    def _start(self, obs: Observation, game: Game | None, attribution: random.Random | None) -> None:
        """Everything known before the first event: the observation's tiles, a slot for every tile dealt."""
        self.attribution = attribution
        self.game = game = game or game_of(obs)
        self.me = me = obs.seat
        self.n = n = obs.players
        self._see(obs)
        k = game.dealt_sizes(obs.context) if game.players == n else [game.deal_size(n)] * n
        self.slots: list[list[_Slot]] = [[] if s == me else [_Slot() for _ in range(k[s])] for s in range(n)]
        self.used: list[list[_Slot]] = [[] for _ in range(n)]   # slots whose tile was placed
        self.my_initial = 0
        self.stock_draws: list[tuple[int, int]] = []   # (seat, tile or -1 if hidden), drawing order
        self.dead: list[list[_Slot]] = [[] for _ in range(n)]   # tiles laid face down, unseen
        # (slots held then, alternatives): an event showed the seat held no tile of at least
        # one of the masks (two-by-two: a draw means no pair); worlds pick one per event
        self.cases: list[tuple[list[_Slot], tuple[int, ...]]] = []
        self.turned_up = -1
        self.closed_from_stock = 0   # stock tiles the rules laid face down on the table, unseen
        self.consistent = True

    # -- inference --------------------------------------------------------------------
    def _forbid(self, seat: int, mask: int, spare: "_Slot | None" = None) -> None:
        for slot in self.slots[seat]:
            if slot is not spare:
                slot.forbidden |= mask

    def _replay_public_history(self) -> None:
        self._begin_replay()
        self._replay(self.obs.history, 0)
        self._end_replay()

    def _begin_replay(self) -> None:
        """The replay's own state, before the first event (kept between ``_replay`` calls, so a
        history can be replayed a piece at a time: ``KnowledgeTracker``)."""
        game, n = self.game, self.n
        self.layout = game.new_layout()
        self._state = _Replay(
            lock_until=[0] * n, turns=[0] * n, locked=[None] * n,
            announcing=any(isinstance(c, LastTileAnnouncement) for c in game.conventions),
            # a turn that ends by itself once nothing fits (a turn "while places" ends when the
            # game leaves no place, which says nothing about the tiles held)
            chain=game.turn.continues in (WHILE_FITS, AT_WILL), owes=game.turn.again_after_double)

    def _replay(self, history: list, start: int) -> None:
        """Learn from the events ``history[start:]`` (those before it already replayed)."""
        game, me, n = self.game, self.me, self.n
        layout = self.layout
        r = self._state
        lock_until, turns, locked = r.lock_until, r.turns, r.locked
        mover, lead_drawer, previous = r.mover, r.lead_drawer, r.previous
        announcing, chain, owes = r.announcing, r.chain, r.owes
        per_seat = game.places_depend_on_seat
        for index in range(start, len(history)):
            seat, move = history[index]
            k = kind(move)
            if k == TOKENS or k == SCORE or k == END:
                continue   # tokens paid, points scored and the end of play say nothing of tiles
            if per_seat:
                # the ends this seat could use at this event (an arm per seat, trains)
                game.restrict_places(layout, seat, history, index)
            if k == CLOSE:
                if seat == NOBODY:
                    if is_hidden(move) or tile_of(move) != NO_TILE:   # NO_TILE: marked dead, no tile
                        self.closed_from_stock += 1   # the rules took a stock tile face down (four-crosses 9)
                elif seat != me:
                    self._discard_slot(seat)
                layout.close(end_of(move), -1 if is_hidden(move) or seat == NOBODY else tile_of(move))
                previous = (seat, move)
                continue
            if seat == NOBODY:
                if k == TURN_UP:   # troli 3(b): nobody was dealt a double (the lead rule says)
                    shown = game.lead_rule(self.obs.context).turn_up_shows
                    for s in range(n):
                        if s != me and shown:
                            self._forbid_dealt(s, shown)
                    layout.place_lead(tile_of(move), low_first=True)
                    self.turned_up = tile_of(move)
                previous = (seat, move)
                continue
            if previous[0] not in (-1, seat, me) and is_place(previous[1]) and \
                    (chain or (owes and IS_DOUBLE[tile_of(previous[1])])):
                # a turn that could go on (chained, or a double owing another tile) ended by
                # itself, without a stop: nothing fitted any more
                p = previous[0]
                if per_seat:   # the ends p could still use, not those of the seat acting now
                    game.restrict_places(layout, p, history, index)
                self._forbid(p, layout.playable, locked[p] if turns[p] <= lock_until[p] else None)
                if per_seat:
                    game.restrict_places(layout, seat, history, index)
            if not out_of_turn(move) and k not in (SKIP, DECLINE, SOLD, DECIDE) and seat != mover:
                turns[seat] += 1          # a new real turn (a lock may start mid-turn: two-hander 5)
                mover = seat
            spare = locked[seat] if turns[seat] <= lock_until[seat] else None
            if places_tiles(move):
                # (a tile sold to the seat just before, too: a bought tile that fits is laid at once)
                drew = previous[0] == seat and kind(previous[1]) in (DRAW, SOLD)
                for placement in placements_of(move):
                    t, end = tile_of(placement), end_of(placement)
                    if end == LEAD_END:
                        if lead_drawer >= 0 and seat != lead_drawer:
                            # the drawer found no double; the seats passed over before the leader had none
                            self._forbid_doubles_between(lead_drawer, seat)
                        if lead_drawer < 0:
                            self._infer_from_lead(seat, t)
                        layout.place_lead(t)
                    else:
                        layout.place(end, t, open_of(placement))
                    if seat != me:
                        # a tile placed right after drawing is the drawn one where a drawn tile
                        # must be played at once, and when drawing for the lead
                        self._use_slot(seat, t, last=drew and (game.turn.drawn_tile_must_be_played
                                                               or end == LEAD_END), locked=spare)
                if seat != me:
                    if announcing and len(self.slots[seat]) == 1 and not announces(move):
                        lock_until[seat] = turns[seat] + 1   # the rest of this turn and the next real one
                        locked[seat] = self.slots[seat][0]
                    elif announces(move):
                        lock_until[seat] = 0
            elif k == SOLD:   # a stock tile sold to the seat: held now, nothing shown
                position = len(self.stock_draws)
                t = tile_of(move) if seat == me else -1
                if seat != me:
                    self.slots[seat].append(_Slot(draw_position=position))
                self.stock_draws.append((seat, t))
            elif k == DRAW:
                position = len(self.stock_draws)
                if seat == me or not is_hidden(move):
                    t = tile_of(move)
                    if seat != me:   # a draw shown to everybody (shut-out)
                        self.slots[seat].append(_Slot(forbidden=game.set_mask & ~BIT[t], draw_position=position))
                    self.stock_draws.append((seat, t))
                else:
                    if layout.lead < 0:   # one draws for the lead only without a double (as a rule)
                        self._forbid(seat, game.lead_rule(self.obs.context).lead_draw_shows)
                    else:
                        self._forbid(seat, game.ruled_out(DRAW, layout.playable), spare)
                        self._at_most_one(seat, game.at_most_one(DRAW, layout, len(self.slots[seat])))
                        self._cases(seat, game.ruled_out_cases(DRAW, layout, len(self.slots[seat])), spare)
                    self.slots[seat].append(_Slot(draw_position=position))
                    self.stock_draws.append((seat, -1))
                if layout.lead < 0:
                    lead_drawer = seat
            elif k == DISCARD:
                if seat != me:
                    self._forbid(seat, game.ruled_out(DISCARD, layout.playable))
                    self._discard_slot(seat)
            elif k == DECIDE:
                # a decision may prove something too (opening an auction: nothing fitted);
                # the game says what, from the history (``decision_rules_out``, optional)
                shows = game.decision_rules_out
                if shows is not None and seat != me and layout.lead >= 0:
                    self._forbid(seat, shows(history, index, layout.playable), spare)
            elif k in (PASS, SKIP):
                if seat != me and layout.lead >= 0:
                    self._forbid(seat, game.ruled_out(k, layout.playable), spare)
                    self._at_most_one(seat, game.at_most_one(k, layout, len(self.slots[seat])))
                    self._cases(seat, game.ruled_out_cases(k, layout, len(self.slots[seat])), spare)
            previous = (seat, move)
        r.mover, r.lead_drawer, r.previous = mover, lead_drawer, previous

    def _before_lead(self) -> bool:
        """This seat is to lead, no tile laid and nobody drawn for the lead yet."""
        return self.layout.lead < 0 and self.obs.to_act == self.me and self._state.lead_drawer < 0

    def _end_replay(self) -> None:
        me, n = self.me, self.n
        self.my_initial = self._initial_hand()
        if self._before_lead():
            self._infer_before_lead()
        for s in range(n):
            if s != me and len(self.slots[s]) != self.obs.hand_sizes[s]:
                self.consistent = False

    def _cases(self, seat: int, masks: tuple[int, ...], spare: "_Slot | None" = None) -> None:
        """The seat held no tile of at least one of ``masks``: one mask alone is certain."""
        if not masks:
            return
        if len(masks) == 1:
            self._forbid(seat, masks[0], spare)
            return
        self.cases.append(([slot for slot in self.slots[seat] if slot is not spare], masks))

    def _at_most_one(self, seat: int, mask: int) -> None:
        """At most one of ``mask`` held: one slot (the most permissive) keeps it, the others may not.

        Sound (every world it allows has at most one), and the only bias is in which slot
        may hold that tile; a tile of ``mask`` stays possible for the seat.
        """
        slots = self.slots[seat]
        if not mask or not slots:
            return
        keep = min(range(len(slots)), key=lambda j: (slots[j].forbidden.bit_count(), j))
        for j, slot in enumerate(slots):
            if j != keep:
                slot.forbidden |= mask

    def _forbid_dealt(self, seat: int, mask: int) -> None:
        for slot in self.slots[seat] + self.dead[seat]:
            if slot.draw_position < 0:
                slot.forbidden |= mask

    def _discard_slot(self, seat: int) -> None:
        """A tile laid face down: its slot leaves the hand, its tile stays to be placed in worlds."""
        slots = self.slots[seat]
        if not slots:
            self.consistent = False
            return
        i = max(range(len(slots)), key=lambda j: (slots[j].forbidden.bit_count(), -j))
        self.dead[seat].append(slots.pop(i))

    def _infer_from_lead(self, leader: int, lead_tile: int) -> None:
        """Ask the game's own lead rule which tiles nobody can have been dealt.

        For every unseen tile and every other seat, a probe deal gives that seat the
        tile beside the real lead (and this seat's real hand): if the game would
        then lead differently, that seat was not dealt that tile.
        """
        game, me = self.game, self.me
        my_dealt = self._initial_hand()
        # the same lead seen by the same hand excludes the same tiles at every later position
        # of the hand: worked out once (a view or a bot asks again after every move)
        key = (game, me, self.n, my_dealt, leader, lead_tile, _context_key(self.obs.context))
        known = _LEAD_INFERENCES.get(key)
        if known is None:
            known = _LEAD_INFERENCES[key] = self._lead_exclusions(leader, lead_tile, my_dealt)
            if len(_LEAD_INFERENCES) > 4096:
                del _LEAD_INFERENCES[next(iter(_LEAD_INFERENCES))]
        for s, excluded in known.items():
            for slot in self.slots[s]:
                if slot.draw_position < 0:
                    slot.forbidden |= excluded

    def _lead_exclusions(self, leader: int, lead_tile: int, my_dealt: int) -> dict[int, int]:
        game, me, n = self.game, self.me, self.n
        lead_bit = BIT[lead_tile]
        mine_dealt = my_dealt & ~lead_bit
        context = self.obs.context
        prober = LeadProbe(game, n, context) if plain_lead(game) else None
        out = {}
        for s in range(n):
            if s == me:
                continue
            excluded = 0
            for x in tiles_of(game.set_mask & ~my_dealt & ~lead_bit):
                hands = [0] * n
                hands[me] = mine_dealt
                hands[leader] |= lead_bit
                hands[s] |= BIT[x]
                choice = prober.choice(hands) if prober is not None else None
                if choice is not None:
                    leads = choice.seat == leader and choice.tiles & lead_bit
                else:
                    probe = game.new_hand(_probe_deal(hands), context.copy())
                    leads = probe.to_act == leader and probe.phase is probe.game.phase_named["lead"] \
                        and probe.lead_mask & lead_bit
                if not leads:
                    excluded |= BIT[x]
            out[s] = excluded
        return out

    def _infer_before_lead(self) -> None:
        """This seat must lead: nobody else can hold a tile that would make another lead."""
        for s, excluded in enumerate(self._before_lead_exclusions()):
            if s != self.me:
                self._forbid(s, excluded)

    def _before_lead_exclusions(self) -> list[int]:
        """For each other seat, the tiles that would make another lead were they his (a probe
        deal of this seat's hand and that tile, per unseen tile)."""
        game, me, n = self.game, self.me, self.n
        mine = self.mine
        lead_moves = set(self.obs.legal_moves)
        context = self.obs.context
        prober = LeadProbe(game, n, context) if plain_lead(game) else None
        out = [0] * n
        for s in range(n):
            if s == me:
                continue
            excluded = 0
            for x in tiles_of(self.unseen):
                hands = [0] * n
                hands[me] = mine
                hands[s] |= BIT[x]
                choice = prober.choice(hands) if prober is not None else None
                if choice is not None:
                    same = choice.seat == me and \
                        {t | LEAD_MOVE for t in tiles_of(mine & choice.tiles)} == lead_moves
                else:
                    probe = game.new_hand(_probe_deal(hands), context.copy())
                    same = probe.to_act == me and set(probe.legal_moves()) == lead_moves
                if not same:
                    excluded |= BIT[x]
            out[s] = excluded
        return out

    def _initial_hand(self) -> int:
        """This seat's tiles as dealt: its hand, plus what it placed, less what it drew."""
        placed = drawn = 0
        for seat, move in self.obs.history:
            if seat == self.me:
                k = kind(move)
                if places_tiles(move):
                    for placement in placements_of(move):
                        placed |= BIT[tile_of(placement)]
                elif k in (DISCARD, CLOSE):
                    placed |= BIT[tile_of(move)]
                elif k in (DRAW, SOLD):
                    drawn |= BIT[tile_of(move)]
        return (self.mine | placed) & ~drawn

    def _forbid_doubles_between(self, drawer: int, leader: int) -> None:
        n = self.n
        s = drawer
        while s != leader:
            if s != self.me:
                self._forbid(s, self.game.lead_rule(self.obs.context).lead_draw_shows)
            s = (s + 1) % n

    def _use_slot(self, seat: int, tile: int, last: bool = False, locked: "_Slot | None" = None) -> None:
        """The slot ``tile``, just placed by ``seat``, came from; ``locked``: the slot of a last
        tile locked under Jedan Kamen, which cannot be the one placed."""
        b = BIT[tile]
        slots = self.slots[seat]
        if last and slots and not slots[-1].forbidden & b:
            fitting = [len(slots) - 1]
        else:
            fitting = [i for i, slot in enumerate(slots) if not slot.forbidden & b and slot is not locked]
        if not fitting:
            self.consistent = False
            fitting = list(range(len(slots)))
            if not fitting:
                return
        if self.cases and len(fitting) > 1:
            # a slot held at an event with alternatives only if one of them stays possible
            fitting = [j for j in fitting if not self._breaks(slots[j], b)] or fitting
        if self.attribution is not None:
            i = self.attribution.choice(fitting)
        else:
            i = max(fitting, key=lambda j: (slots[j].forbidden.bit_count(), -j))
        slot = slots.pop(i)
        slot.tile = tile
        self.used[seat].append(slot)

    def _breaks(self, slot: "_Slot", b: int) -> bool:
        """Whether the tile ``b`` in ``slot`` leaves an event with alternatives, at which the
        slot was held, with none of them possible."""
        for held, masks in self.cases:
            if any(x is slot for x in held):
                placed = b
                for x in held:
                    if x.tile >= 0:
                        placed |= BIT[x.tile]
                if all(m & placed for m in masks):
                    return True
        return False

    # -- what a bot may ask ---------------------------------------------------------------
    def possible(self, seat: int) -> int:
        """Tiles ``seat`` may hold now (all unseen tiles no slot of his rules out)."""
        allowed = 0
        for slot in self.slots[seat]:
            allowed |= self.unseen & ~slot.forbidden
        return allowed

    def void_pips(self, seat: int) -> list[int]:
        """Numbers ``seat`` is known not to hold any tile of."""
        allowed = self.possible(seat)
        return [p for p in range(self.game.max_pip + 1) if not allowed & TILES_WITH[p] & self.unseen]

    # -- worlds ---------------------------------------------------------------------------
    def sample(self, rng: random.Random, tries: int = 200) -> HandState:
        """A full hand state in which this seat's whole observation could have happened."""
        return self.sample_weighted(rng, None, tries)[0]

    def sample_weighted(self, rng: random.Random, model=None, tries: int = 200) -> tuple[HandState, float]:
        """A consistent world and how likely the other seats' choices were in it under ``model``."""
        for _ in range(tries):
            state = self._try_world(rng, model)
            if state is not None:
                return state, replay_public.weight
        # The placed tiles' slots were chosen once; where a game's inferences are not all
        # per-tile (two-by-two's "no pair"), another explanation of the history may succeed.
        for _ in range(20):
            other = Knowledge(self.obs, self.game, attribution=rng)
            for _ in range(10):
                state = other._try_world(rng, model)
                if state is not None:
                    return state, replay_public.weight
        raise WorldError("no consistent world found")

    def _try_world(self, rng: random.Random, model=None) -> HandState | None:
        if getattr(self.game, "keeps_rows", False):
            return row_world(self, rng)
        if self.layout is None:
            return None   # no history: a position cannot be replayed
        assignment = self._match_slots(rng)
        if assignment is None:
            return None
        game, obs = self.game, self.obs
        rest = [t for t in tiles_of(self.unseen) if t not in assignment.values()]
        rng.shuffle(rest)
        # the stock as it was before the rules laid some of its tiles face down: the replay
        # takes them out again (which tile is the game's choice; a world that lacks it fails)
        in_stock = obs.stock_size + self.closed_from_stock
        stock_left = rest[:in_stock]
        aside = rest[in_stock:]
        if self.turned_up >= 0:
            aside.insert(0, self.turned_up)   # the turned-up lead came off the top of the set-aside tiles
        hands = []
        for s in range(self.n):
            if s == self.me:
                hands.append(tiles_of(self.my_initial))
                continue
            dealt = [slot.tile for slot in self.used[s] if slot.draw_position < 0]
            dealt += [assignment[id(slot)] for slot in self.slots[s] + self.dead[s] if slot.draw_position < 0]
            hands.append(dealt)
        drawn_so_far = []
        by_position = {}
        for s in range(self.n):
            for slot in self.used[s] + self.slots[s] + self.dead[s]:
                if slot.draw_position >= 0:
                    by_position[slot.draw_position] = slot.tile if slot.tile >= 0 else assignment[id(slot)]
        for position, (s, t) in enumerate(self.stock_draws):
            drawn_so_far.append(t if t >= 0 else by_position[position])
        deal = Deal(hands, drawn_so_far + stock_left, aside)
        if sum(len(h) for h in hands) + len(deal.stock) + len(deal.aside) != set_size(game.max_pip):
            return None
        discards = [[assignment[id(slot)] for slot in self.dead[s]] for s in range(self.n)]
        return replay_public(game, deal, obs, model, discards)

    def _match_slots(self, rng: random.Random) -> dict[int, int] | None:
        """A random assignment of unseen tiles to open slots respecting every slot's mask."""
        slots = [slot for s in range(self.n) for slot in self.slots[s] + self.dead[s]]
        rng.shuffle(slots)
        pool = tiles_of(self.unseen)
        extra: dict[int, int] = {}   # one alternative of every case, for the slots held then
        for held, masks in self.cases:
            placed = 0
            for slot in held:
                if slot.tile >= 0:
                    placed |= BIT[slot.tile]
            valid = [m for m in masks if not m & placed]
            if not valid:
                continue   # the placed tiles were attributed otherwise: the replay judges
            mask = rng.choice(valid)
            for slot in held:
                if slot.tile < 0:
                    extra[id(slot)] = extra.get(id(slot), 0) | mask
        options = []
        for slot in slots:
            forbidden = slot.forbidden | extra.get(id(slot), 0)
            allowed = [t for t in pool if not forbidden & BIT[t]]
            rng.shuffle(allowed)
            options.append(allowed)
        owner: dict[int, int] = {}        # tile -> index of slot
        chosen: list[int] = [-1] * len(slots)

        def augment(i: int, seen: set) -> bool:
            for t in options[i]:
                if t in seen:
                    continue
                seen.add(t)
                j = owner.get(t)
                if j is None or augment(j, seen):
                    owner[t] = i
                    chosen[i] = t
                    return True
            return False

        for i in sorted(range(len(slots)), key=lambda i: len(options[i])):
            if not augment(i, set()):
                return None
        return {id(slot): chosen[i] for i, slot in enumerate(slots)}


class KnowledgeTracker:
    """What one seat knows of the numbers each other seat lacks, kept up to date along its
    successive observations of a hand: each replays only the events since the one before,
    where a ``Knowledge`` replays the whole public history (an environment asks at every step,
    and the whole replay was most of a step). ``void_pips(obs)`` is, value for value,
    ``Knowledge(obs).void_pips`` of every other seat (tests/test_rl.py holds it to that); an
    observation that does not follow the last one (another seat, hand or branch) starts over."""

    def __init__(self):
        self._followed: _Followed | None = None

    def void_pips(self, obs: Observation) -> list[list[int]]:
        """For every seat, the numbers ``obs``'s seat knows it lacks (none for itself)."""
        kn = self._followed
        if kn is None or not kn.follows(obs) or not kn.update(obs):
            game = game_of(obs)
            if getattr(game, "keeps_rows", False) or (obs.lead is not None and not obs.history):
                self._followed = None   # nothing replayed: the knowledge of the moment
                whole = Knowledge(obs, game)
                return [[] if s == obs.seat else whole.void_pips(s) for s in range(obs.players)]
            kn = self._followed = _Followed(obs, game)
            kn.update(obs)
        return kn.voids()


class _Followed(Knowledge):
    """A ``Knowledge`` whose replay stops where the last observation's history did, and goes on
    from there; what the end of a whole replay adds (the inference before the lead) is applied
    to the answers, not to the slots, so the next observation can go on."""

    def __init__(self, obs: Observation, game: Game):
        self._start(obs, game, None)
        self._begin_replay()
        self._context = obs.context
        self._history: list = []
        self._placed = self._drawn = 0       # own tiles placed and drawn so far (``_initial_hand``)
        self._dealt_at_lead: int | None = None
        self._before: tuple | None = None    # (key, exclusions) of the last inference before the lead

    def follows(self, obs: Observation) -> bool:
        """Whether ``obs`` is this seat's view of the same hand, no earlier than the last."""
        history, done = obs.history, len(self._history)
        return obs.seat == self.me and (obs.context is self._context or obs.context == self._context) \
            and obs.game == self.obs.game and obs.players == self.n and len(history) >= done \
            and history[:done] == self._history

    def update(self, obs: Observation) -> bool:
        """Replay the events since the last observation; False where the whole replay would
        now learn otherwise from the start (this seat's hand as dealt reads differently)."""
        self._see(obs)
        history, done = obs.history, len(self._history)
        me = self.me
        for seat, move in history[done:]:
            if seat == me:
                k = kind(move)
                if places_tiles(move):
                    for placement in placements_of(move):
                        self._placed |= BIT[tile_of(placement)]
                elif k in (DISCARD, CLOSE):
                    self._placed |= BIT[tile_of(move)]
                elif k in (DRAW, SOLD):
                    self._drawn |= BIT[tile_of(move)]
        if self._dealt_at_lead is not None and self._dealt_at_lead != self._initial_hand():
            return False
        self._replay(history, done)
        self._history = history
        return True

    def _initial_hand(self) -> int:
        return (self.mine | self._placed) & ~self._drawn

    def _infer_from_lead(self, leader: int, lead_tile: int) -> None:
        self._dealt_at_lead = self._initial_hand()
        super()._infer_from_lead(leader, lead_tile)

    def voids(self) -> list[list[int]]:
        excluded = None
        if self._before_lead():
            key = (self.mine, self.unseen, tuple(self.obs.legal_moves))
            if self._before is None or self._before[0] != key:
                self._before = (key, self._before_lead_exclusions())
            excluded = self._before[1]
        unseen, me = self.unseen, self.me
        pips = range(self.game.max_pip + 1)
        out = []
        for s in range(self.n):
            if s == me:
                out.append([])
                continue
            allowed = 0
            for slot in self.slots[s]:
                allowed |= unseen & ~slot.forbidden
            if excluded is not None:
                allowed &= ~excluded[s]
            out.append([p for p in pips if not allowed & TILES_WITH[p] & unseen])
        return out


def replay_public(game: Game, deal: Deal, obs: Observation, model=None,
                  discards: list[list[int]] | None = None) -> HandState | None:
    """Play ``obs``'s public history on ``deal``; None if a move breaks the rules.

    Moves the observer could not see are filled in: another seat's draw takes the
    next stock tile, and an out-of-turn offer the history does not answer was
    silently declined. With a ``model`` (legal moves, move -> probability of the
    move under each of a few models of play), the likelihood of the other seats'
    choices in this world, averaged over those models, is kept in ``replay_public.weight``.
    Another seat's face-down discards and closings are the tiles ``discards`` gives it, in order.
    Forced events, and every event of nobody (a closing by the rules), are made again by
    the engine, not applied.
    """
    state = game.new_hand(deal, obs.context.copy())
    weights = None
    me = obs.seat
    try:
        hidden_discards = [list(reversed(d)) for d in discards] if discards else None
        for seat, move in obs.history:
            k = kind(move)
            if seat == NOBODY or kind_of(move).forced:
                continue   # forced events (and every event of nobody) are the engine's to make
            while state.offers and not (state.offers[0][0] == seat and (out_of_turn(move) or k == DECLINE)):
                state.apply(DECLINE)     # a silent decline
            if state.acting_seat() != seat:
                return None
            if k == DRAW:
                real = DRAW
            elif k in (DISCARD, CLOSE) and is_hidden(move):
                if not hidden_discards or not hidden_discards[seat]:
                    return None
                real = bare(move) | hidden_discards[seat].pop()   # a closing keeps its end
            else:
                real = bare(move)
            if model is not None and seat != me:
                legal = state.legal_moves()
                if real not in legal:
                    return None
                if len(legal) > 1:
                    probabilities = model(legal, real)
                    weights = probabilities if weights is None else [w * p for w, p in zip(weights, probabilities)]
                state.apply_unchecked(real)
            else:
                state.apply(real)
        if state.over != obs.over:
            return None   # e.g. a world where nobody could play would have ended the hand
        if not state.over and obs.to_act >= 0:
            while state.offers and state.offers[0][0] != obs.to_act:
                state.apply(DECLINE)     # offers to others, declined unseen
            if state.acting_seat() != obs.to_act:
                return None
    except MoveError:
        return None
    replay_public.weight = sum(weights) / len(weights) if weights else 1.0
    return state


replay_public.weight = 1.0


def greedy_or_random(randomness: float = 0.5):
    """Models of the other seats: uniformly random, and the heaviest tile with probability
    1 - ``randomness`` (a random move otherwise). Bayesian averaging over the two lets the
    evidence decide how much a seat's past choices say about its tiles."""

    def probabilities(legal: list[int], move: int) -> tuple[float, float]:
        uniform = 1.0 / len(legal)
        best = max(map(pips_placed, legal))
        heaviest = legal[:1] if best < 0 else [m for m in legal if pips_placed(m) == best]
        greedy = randomness * uniform + ((1 - randomness) / len(heaviest) if move in heaviest else 0.0)
        return uniform, greedy

    return probabilities



# -- worlds of the row games (domine.parts.rows) ----------------------------------------------
def row_knowledge(kn: Knowledge, obs: Observation) -> None:
    """Fill a ``Knowledge`` for a row game: every place a tile is unknown to the observer
    (its own row too) may hold any unseen tile; the worlds are drawn by ``row_world``."""
    game = kn.game
    view = obs.rows
    me = obs.seat
    known = 0
    for s, row in enumerate(view.rows):
        for t in row:
            if t >= 0:
                known |= BIT[t]
        for t in view.open[s]:
            known |= BIT[t]
    kn.mine = sum(BIT[t] for t in obs.hand)
    kn.table = sum(BIT[t] for t in obs.layout_tiles)
    kn.unseen = game.set_mask & ~known & ~kn.table
    kn.slots = [[] if s == me else [_Slot() for _ in range(view.unknown(s))] for s in range(kn.n)]
    kn.used = [[] for _ in range(kn.n)]
    kn.dead = [[] for _ in range(kn.n)]
    kn.cases = []
    kn.stock_draws = []
    kn.my_initial = kn.mine
    kn.turned_up = -1
    kn.closed_from_stock = 0
    kn.consistent = True
    kn.layout = obs.layout


def row_world(kn: Knowledge, rng: random.Random) -> HandState | None:
    """A world: the unseen tiles dealt at random into the unknown places of every row and the
    stock, the rest as the observation shows it; None if the referee would have ended it."""
    replay_public.weight = 1.0
    obs, game = kn.obs, kn.game
    view = obs.rows
    pool = tiles_of(kn.unseen)
    rng.shuffle(pool)
    it = iter(pool)
    rows = [[t if t >= 0 else next(it) for t in row] for row in view.rows]
    stock = [next(it) for _ in range(obs.stock_size)]
    hands = [r + list(o) for r, o in zip(rows, view.open)]
    state = HandState(game, Deal([list(r) for r in hands], stock, []), obs.context.copy(), lead=False)
    rs = rows_of(state)
    rs.rows = rows
    rs.open = [sum(BIT[t] for t in o) for o in view.open]
    rs.face_up = list(view.face_up)
    public = 0
    for mask in view.face_up:
        public |= mask
    mine = 0
    for row in view.rows:
        for t in row:
            if t >= 0:
                mine |= BIT[t]
    rs.public = public
    rs.private = [mine & ~public if s == obs.seat else 0 for s in range(state.n)]
    rs.revealed = [bool(view.open[s]) and not rows[s] and game.reveal_at > 0 for s in range(state.n)]
    rs.front = view.front
    rs.idle = view.idle
    rs.laid_in_turn = _laid_this_turn(obs)
    # the engine's part of the world, as the observation shows it
    state.layout = obs.layout.copy()
    state.history = list(obs.history)
    state.to_act = obs.to_act
    state.phase = game.phase_named[ROW_PHASE_NAMES[view.phase]]
    state.hand_points = list(obs.hand_points)
    state.drawable = obs.drawable
    placed = [s for s, m in obs.history if s >= 0 and (kind(m) == 0 or kind(m) == TURN_UP)]
    state.last_placer = placed[-1] if placed else None
    state.leader = next((s for s, m in obs.history if kind(m) == TURN_UP), None)
    # the referee's block test: the real hand is not over, so some tile must fit
    if game.row_style != "reveal":
        rest = 0
        for t in stock:
            rest |= BIT[t]
        if not (state.in_hands | rest) & state.layout.playable:
            return None
    return state


def _laid_this_turn(obs: Observation) -> bool:
    """Whether the acting seat has laid a tile in the turn now running (from the public history)."""
    me = obs.to_act
    for s, m in reversed(obs.history):
        if s != me:
            return False
        k = kind(m)
        if k == 0 or k == TURN_UP:
            return True
    return False
