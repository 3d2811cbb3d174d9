"""Tables at run time: each one's match, seats, bots and timers, and every change to it.

A table's truth is the store: every change (a move, the next hand, a seat taken, a bot in
an empty seat) is made in one database transaction that locks the table's row, catches up
on what other processes wrote (``version``), changes the match, writes its events and
commits; only then is anyone told (``ack``, then ``Bus.publish``, whose listener sends every
connection here what it has not yet seen). In this process a table is also guarded by an
``asyncio.Lock``: its match is read and changed by one coroutine at a time, the change
itself in the database thread.

The messages are docs/server.md's. A connection (``Conn``) is told only
``events_since(seq, seat)`` of each hand and the view of its seat (``view.seat_view``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..bots import make_bot
from ..engine.events import NOBODY
from ..engine.fair import commitment, fair_deal, new_seed
from ..engine.hand import Deal, HandState
from ..engine.match import Match
from ..engine.moves import HIDDEN, KIND_MASK, KINDS, MoveError, bare
from ..engine.notation import event_str
from ..engine.reasons import Refusal
from ..i18n import gettext, reason_catalog
from ..records import context_json, match_record, note_fair
from ..records import seat_view as record_seat_view
from . import view as views
from .bots import INLINE, BotPool, bot_seed, game_for
from .bus import Bus
from .settings import Settings
from .store import Store

log = logging.getLogger("domine.server")

SPECTATOR = None
HUMAN, BOT = "human", "bot"
REPLACEMENT = "medium"   # the bot that plays a seat whose player left
LEVELS = ("random", "greedy", "easy", "medium", "hard")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def server_text(code: str, lang: str | None) -> str:
    """The sentence of one of the server's own reason codes, in ``lang``."""
    texts = {
        "malformed": gettext("The message is not a JSON object with a type.", lang),
        "unknown-type": gettext("There is no message of that type.", lang),
        "too-large": gettext("The message is too long.", lang),
        "rate-limit": gettext("Too many messages: slow down.", lang),
        "hello-first": gettext("Say hello with your token first.", lang),
        "bad-token": gettext("This link gives no seat at this table.", lang),
        "seat-taken": gettext("Another player holds this seat now.", lang),
        "spectator": gettext("A spectator cannot play.", lang),
        "no-hand": gettext("No hand is being played.", lang),
        "not-your-turn": gettext("It is not your turn.", lang),
        "bad-move": gettext("The move must be a move number or its notation.", lang),
        "undo-not-allowed": gettext("Undo is allowed only against bots, at a table that is not rated.", lang),
        "nothing-to-undo": gettext("There is no move of yours to take back in this hand.", lang),
        "server-error": gettext("The server could not do that; nothing was changed.", lang),
    }
    return texts.get(code, code)


class Refused(Exception):
    """A client's message refused for a reason code of the server's own, or of the engine
    (``reason``: a ``Reason`` of ``domine.engine.reasons``). Nothing was changed."""

    def __init__(self, code: str, reason=None):
        super().__init__(code)
        self.code, self.reason = code, reason

    def message(self, msg_id: Any, lang: str | None) -> dict:
        if self.reason is not None:
            text = reason_catalog(lang if lang in ("en", "pl", "sr-Latn", "sr-Cyrl") else "en").render(self.reason)
            return {"type": "refused", "id": msg_id, "reason": self.code, "params": dict(self.reason.params),
                    "text": text}
        return {"type": "refused", "id": msg_id, "reason": self.code, "text": server_text(self.code, lang)}


@dataclass
class Seat:
    kind: str
    level: str | None
    token_hash: str
    player_id: str | None = None
    name: str | None = None
    connected: bool = False
    replaced_since: float | None = None
    live: int = 0                         # this process's connections to the seat

    @property
    def bot_plays(self) -> bool:
        return self.kind == BOT or self.replaced_since is not None


@dataclass(eq=False)
class Conn:
    """One WebSocket: who it is and how far it has been told."""

    send: Callable[[dict], None]          # queue a message (never blocks)
    lang: str = "en"
    table: Table | None = None
    seat: int | None = None
    player_id: str | None = None
    hand: int = 0                         # the hand it has been told about ...
    seq: int = 0                          # ... up to this event (the next to send)
    epoch: int = 0                        # the table's undo count when last told
    counter: bool = False                 # its page shows the tile counter (``hello``/``counter``)
    announced: set = field(default_factory=set)   # hands whose commitment it has
    revealed: set = field(default_factory=set)    # hands whose seed it has


class Table:
    """One table in memory: rebuilt from the store (``build``), changed only by ``Tables``."""

    def __init__(self, data: dict):
        row = data["row"]
        self.id: str = row["id"]
        self.options: dict = json.loads(row["options"])
        self.variant: str | None = row["variant"]
        self.spec = (row["game"], row["players"], self.options, self.variant)
        self.game = game_for(*self.spec)
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.ready: set[int] = set()
        self.nudge = asyncio.Event()   # set when a seat says it is ready (the next hand may start)
        self.epoch = 0
        self.bot_task: asyncio.Task | None = None
        self.next_task: asyncio.Task | None = None
        self.grace_tasks: dict[int, asyncio.Task] = {}
        self.build(data)

    def build(self, data: dict) -> None:
        """The match and seats as the store holds them: every hand dealt again from its stored
        deal and played again from its events (``HandState.from_events``)."""
        row = data["row"]
        self.name, self.public, self.rated = row["name"], bool(row["public"]), bool(row["rated"])
        self.status, self.version = row["status"], row["version"]
        self.grace, self.pause = row["grace"], row["pause"]
        self.spectator_hash = row["spectator_hash"]
        live = {s: seat.live for s, seat in enumerate(getattr(self, "seats", []))}
        self.seats = [Seat(s["kind"], s["level"], s["token_hash"], s["player_id"], s["player_name"],
                           bool(s["connected"]), s["replaced_since"], live.get(s["seat"], 0)) for s in data["seats"]]
        game = self.game
        match = Match(game, seed=row["match_seed"])
        self.fair: dict[int, dict] = {}
        for h in data["hands"]:
            context = match.context()   # (the match's own generator: the lot of the games that draw one)
            deal = Deal([list(x) for x in h["deal"]["hands"]], list(h["deal"]["stock"]), list(h["deal"]["aside"]))
            match.current = state = HandState.from_events(game, deal, h["events"], context)
            self.fair[h["number"]] = {"seed": h["seed"], "commitment": h["commitment"], "shuffled": h["shuffled"]}
            note_fair(match, h["number"], h["commitment"], h["seed"])   # (the record shows the seed once over)
            if state.over:
                match.finish_hand()
        self.match = match

    # -- reading ----------------------------------------------------------------------------------
    @property
    def latest(self) -> int:
        """The number of the hand being played, or of the last one played (0: none yet)."""
        m = self.match
        return m.current.context.hand_number if m.current is not None else len(m.hands)

    def hand(self, number: int) -> HandState | None:
        m = self.match
        if m.current is not None and m.current.context.hand_number == number:
            return m.current
        return m.hands[number - 1] if 0 < number <= len(m.hands) else None

    def finished(self, number: int) -> bool:
        return 0 < number <= len(self.match.hands)

    @property
    def undo_allowed(self) -> bool:
        return not self.rated and sum(s.kind == HUMAN for s in self.seats) == 1

    def describe(self) -> dict:
        """The table's public description (the ``table`` of the view and of ``welcome``)."""
        game = self.game
        return {
            "id": self.id, "game": game.id, "game_name": getattr(game, "name", game.id), "name": self.name,
            "players": game.players, "options": dict(self.options), "variant": self.variant is not None,
            "public": self.public, "rated": self.rated, "undo": self.undo_allowed, "status": self.status,
            "grace": self.grace, "pause": self.pause,
            "seats": [{"seat": s, "name": seat.name, "kind": seat.kind, "level": seat.level,
                       "connected": seat.connected, "bot": seat.replaced_since is not None,
                       "open": seat.kind == HUMAN and seat.player_id is None,
                       "team": game.teams(game.players)[s]} for s, seat in enumerate(self.seats)],
        }

    def seat_names(self) -> list[str]:
        return [seat.name or (seat.level if seat.kind == BOT else f"seat {s}") for s, seat in enumerate(self.seats)]

    def identify(self, token: Any) -> tuple[bool, int | None]:
        """(found, seat) for a token: its seat, None for the spectator's. Every hash is compared,
        in constant time, whichever matches (no timing tells a near miss)."""
        if not isinstance(token, str) or not token or len(token) > 200:
            token = "-"
        digest = token_hash(token)
        found, seat = False, None
        for s, st in enumerate(self.seats):
            if hmac.compare_digest(digest, st.token_hash):
                found, seat = True, s
        if hmac.compare_digest(digest, self.spectator_hash):
            found, seat = True, None
        return found, seat

    # -- what one connection is told ------------------------------------------------------------
    def messages_for(self, conn: Conn, views: dict | None = None) -> list[dict]:
        """Everything ``conn`` has not been told: each hand's commitment, the events it may see
        (``events_since``), the reveal of a finished hand, then the view. Advances ``conn``.
        ``views``: views already made at this position, by (seat, language), to share."""
        out: list[dict] = []
        latest = self.latest
        reset = conn.epoch != self.epoch
        if reset:
            conn.epoch = self.epoch
            if conn.hand == latest:
                conn.seq = 0
        if conn.hand == 0:
            conn.hand, conn.seq = (1, 0) if latest else (0, 0)
        updates = []
        while 0 < conn.hand <= latest:
            number = conn.hand
            state = self.hand(number)
            fair = self.fair.get(number, {})
            if number not in conn.announced:
                conn.announced.add(number)
                out.append({"type": "hand", "hand": number, "commitment": fair.get("commitment")})
            events = [e.to_json(event_text(state, e.actor, e.payload)) for e in state.events_since(conn.seq, conn.seat)]
            conn.seq = len(state.history)
            if events or number == latest:   # (an earlier hand with nothing new: no update of it)
                message = {"type": "update", "hand": number, "events": events}
                if reset and number == latest:
                    message["reset"] = True
                out.append(message)
                updates.append(message)
            if self.finished(number) and number not in conn.revealed:
                conn.revealed.add(number)
                out.append(self.reveal(number))
            if number == latest:
                break
            conn.hand, conn.seq = number + 1, 0
        if not updates:
            message = {"type": "update", "hand": latest, "events": []}
            out.append(message)
            updates.append(message)
        key = (conn.seat, conn.lang, conn.counter)
        view = views.get(key) if views is not None else None
        if view is None:
            view = self.view(conn.seat, conn.lang, conn.counter)
            if views is not None:
                views[key] = view
        state = self.hand(latest)
        at = {"hand": latest, "seq": len(state.history) if state is not None else 0, "undo": self.epoch}
        for message in updates:   # the view is of now, ``at`` (an earlier hand's update comes with it too)
            message["view"], message["at"] = view, at
        return out

    def view(self, seat: int | None, lang: str | None, counter: bool = True) -> dict:
        """The seat's view; ``counter`` False leaves the tile counter out (the costly part of a
        view, built only for a page whose counter panel is open)."""
        return views.seat_view(self.describe(), self.match, seat, lang, counter=counter)

    def reveal(self, number: int) -> dict:
        state, fair = self.hand(number), self.fair.get(number, {})
        deal = state.deal
        return {"type": "reveal", "hand": number, "seed": fair.get("seed"), "shuffled": fair.get("shuffled", []),
                "deal": {"hands": [list(h) for h in deal.hands], "stock": list(deal.stock), "aside": list(deal.aside)}}

    # -- the record ---------------------------------------------------------------------------
    def record(self) -> dict:
        """The match as a domine record, each hand with its fair fields; a running hand with
        what a spectator may see of it (its deal and hidden tiles left out)."""
        record = match_record(self.match, self.seat_names())
        if record["hands"] and not self.finished(record["hands"][-1]["number"]):
            running = record["hands"][-1]
            hidden = record_seat_view({**record, "hands": [running]}, -1)["hands"][0]
            running["deal"], running["moves"] = hidden["deal"], hidden["moves"]
        return record


def event_text(state: HandState, actor: int, payload: int) -> str:
    """An event as its viewer sees it, in the notation of records: ``"1: 5-3 R"``."""
    try:
        text = event_str(state, bare(payload), full=not payload & HIDDEN)
    except Exception:   # a part's own event the notation does not write
        text = KINDS[payload & KIND_MASK].name
    return text if actor == NOBODY else f"{actor}: {text}"


class Tables:
    """Every table of this process, and the one place that changes them."""

    def __init__(self, settings: Settings, store: Store | None = None, pool: BotPool | None = None,
                 bus: Bus | None = None):
        self.settings = settings
        self.store = store or Store(settings.database)
        self.pool = pool or BotPool(settings.bot_workers)
        self.bus = bus or settings.bus_factory()
        self.tables: dict[str, Table] = {}
        self._inline = self.store.sqlite
        self._db_pool = ThreadPoolExecutor(4, thread_name_prefix="domine-db")
        self._opening: dict[str, asyncio.Future] = {}
        self._tasks: set[asyncio.Task] = set()

    # -- life ------------------------------------------------------------------------------------
    async def db(self, fn, *args):
        """``fn(*args)`` against the store: on the event loop itself for SQLite (a local file in
        WAL mode commits in a fraction of a millisecond, while a thread that gives up the GIL
        for each statement waits for it again behind the loop, several milliseconds a
        statement under load), in the database threads for a server across the network."""
        if self._inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._db_pool, fn, *args)

    async def start(self) -> None:
        await self.db(self.store.upgrade)
        await self.bus.start(self._notice)
        if self.settings.resume:
            for table_id in await self.db(self.store.unfinished):
                try:
                    table = await self.open(table_id)
                except Exception as e:   # one broken table never stops the others
                    log.error("table %s could not be resumed: %s", table_id, e)
                    continue
                if table is not None:
                    for s, seat in enumerate(table.seats):
                        if seat.kind == HUMAN and seat.player_id is not None and seat.replaced_since is None:
                            self._start_grace(table, s)
                    self.wake(table)

    async def stop(self) -> None:
        for table in self.tables.values():
            for task in [table.bot_task, table.next_task, *table.grace_tasks.values()]:
                if task is not None:
                    task.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.bus.stop()
        self.pool.close()
        self._db_pool.shutdown(wait=True)
        self.store.close()

    def spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def open(self, table_id: str) -> Table | None:
        """The table, from memory or rebuilt from the store (None: there is none)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            return None
        waiting = self._opening.get(table_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future = asyncio.get_running_loop().create_future()
        self._opening[table_id] = future
        try:
            data = await self.db(self.store.load, table_id)
            table = Table(data) if data is not None else None
            if table is not None:
                self.tables[table_id] = table
            future.set_result(table)
            return table
        except BaseException as e:
            future.set_exception(e)
            future.exception()   # (retrieved: nobody else may be waiting)
            raise
        finally:
            del self._opening[table_id]

    # -- creating -----------------------------------------------------------------------------------
    async def create(self, game_id: str, players: int | None, options: dict, variant: str | None,
                     seats: list[dict], public: bool, rated: bool, name: str,
                     grace: float | None = None, pause: float | None = None) -> dict:
        """A new table; its first hand is dealt at once. -> ``{table, seats: [{seat, token}], spectator}``
        (the tokens only here: the store keeps their hashes). ``GameError``/``BotError``/``ValueError`` say why not."""
        from ..bots import make_bot
        from ..games import make_game
        if variant is not None:
            from ..variants import load_variant
            game = load_variant(variant)(players, dict(options))
        else:
            game = make_game(game_id, players, dict(options))
        if len(seats) != game.players:
            raise ValueError(f"{game.players} seats are needed, not {len(seats)}")
        for s in seats:
            if s["kind"] == BOT:
                make_bot(s["level"], 0)
        table_id = secrets.token_urlsafe(9)
        tokens = [new_token() for _ in seats]
        spectator = new_token()
        row = {"id": table_id, "game": game.id, "players": game.players, "options": _json(game.options_given()),
               "variant": variant, "public": public, "rated": rated, "name": name, "status": "playing",
               "match_seed": secrets.randbelow(1 << 31),
               "grace": self.settings.grace if grace is None else grace,
               "pause": self.settings.pause if pause is None else pause,
               "spectator_hash": token_hash(spectator)}
        seat_rows = [{"seat": i, "kind": s["kind"], "level": s.get("level") if s["kind"] == BOT else None,
                      "token_hash": token_hash(tokens[i]), "player_id": None,
                      "player_name": None, "connected": False, "replaced_since": None} for i, s in enumerate(seats)]
        await self.db(self.store.create_table, row, seat_rows)
        table = await self.open(table_id)
        await self.change(table, self._next_hand)
        return {"table": table_id, "seats": [{"seat": i, "token": t} for i, t in enumerate(tokens)],
                "spectator": spectator}

    # -- changing ------------------------------------------------------------------------------------
    async def change(self, table: Table, work: Callable, publish: bool = True, done: Callable | None = None):
        """Run ``work(c)`` on ``table`` in one transaction under its row lock, after catching up
        on other processes' changes; then tell the bus. A ``Refused``/``MoveError`` changes
        nothing; any other failure reloads the table from the store and is raised. ``done(result)``
        is called once the change is committed, before anyone is told of it (the ``ack``)."""
        async with table.lock:
            before = (table.latest, self._seq(table))
            try:
                result = await self.db(self._transaction, table, work)
            except (Refused, MoveError, Refusal):
                raise
            except Exception:
                await self._reload(table)
                raise
            after = (table.latest, self._seq(table))
        if done is not None:
            done(result)
            await asyncio.sleep(0)   # the ack leaves before the updates are made
        if publish:
            await self.bus.publish(table.id, *after)
            if after == before:   # nothing new in the log (a seat changed): tell this process's clients
                await self.flush(table)
        self.wake(table)
        return result

    @staticmethod
    def _seq(table: Table) -> int:
        state = table.hand(table.latest)
        return len(state.history) if state is not None else 0

    def _transaction(self, table: Table, work: Callable):
        with self.store.begin() as c:
            locked = Store.lock(c, table.id)   # (the version counted at once: one statement)
            if locked is None:
                raise Refused("bad-token")
            version, status = locked
            if version != table.version:
                table.build(self.store.load(table.id, c))
            result = work(c, table)
            if table.status != status:
                Store.set_status(c, table.id, table.status,
                                 _json(table.match.result.to_json()) if table.match.result is not None else None)
        table.version = version + 1
        return result

    async def _reload(self, table: Table) -> None:
        data = await self.db(self.store.load, table.id)
        if data is not None:
            table.build(data)
            table.epoch += 1   # clients are sent the hand again from its start

    def _written(self, c, table: Table, state: HandState, start: int) -> None:
        """Write the events of ``state`` from ``start`` on, and the hand's end and the match's."""
        number = state.context.hand_number
        Store.add_events(c, table.id, number, start, state.history[start:])
        if state.over:
            Store.hand_over(c, table.id, number)
            table.match.finish_hand()
            table.ready.clear()
            if table.match.over:
                table.status = "finished"

    def _quick_bots(self, table: Table, state: HandState) -> None:
        """The turns that follow of bots that answer at once (``bots.INLINE``), made in the same
        change: one transaction and one update for a human's move and the bots' replies. Each
        with the seed of its position, as if it had been a change of its own."""
        if self.settings.bot_delay:
            return   # a pace between moves: each bot's move is its own change, after the pause
        while not state.over:
            seat = state.acting_seat()
            holder = table.seats[seat]
            level = holder.level if holder.kind == BOT else REPLACEMENT
            if not holder.bot_plays or level.partition(":")[0] not in INLINE:
                return
            legal = state.legal_moves()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            seed = bot_seed(table.id, state.context.hand_number, len(state.history), seat)
            state.apply(make_bot(level, seed).choose(state.observation(seat, legal)))

    def _next_hand(self, c, table: Table) -> None:
        match = table.match
        if match.current is not None or match.over:
            return   # already dealt (by another process, or a timer that came second)
        context = match.context()
        seed = new_seed()
        deal, shuffled = fair_deal(table.game, seed, context)
        state = match.start_hand(deal, context)
        number = context.hand_number
        fair = {"seed": seed.hex(), "commitment": commitment(seed), "shuffled": list(shuffled)}
        Store.add_hand(c, table.id, number, context_json(context, True),
                       {"hands": [list(h) for h in deal.hands], "stock": list(deal.stock), "aside": list(deal.aside)},
                       fair["seed"], fair["commitment"], fair["shuffled"])
        table.fair[number] = fair
        note_fair(match, number, fair["commitment"], fair["seed"])
        table.ready.clear()
        self._quick_bots(table, state)
        self._written(c, table, state, 0)

    # -- moves -----------------------------------------------------------------------------------------
    async def move(self, conn: Conn, raw_move: Any, text: Any, done: Callable | None = None) -> tuple[int, int]:
        """A seat's move (an int of the view's ``moves`` or the notation of ``domine play``):
        -> (hand, seq) of its last event, once written."""
        table, seat = conn.table, conn.seat
        if seat is None:
            raise Refused("spectator")

        def work(c, table):
            state = table.match.current
            if state is None or state.over:
                raise Refused("no-hand")
            if state.acting_seat() != seat:
                raise Refused("not-your-turn")
            if isinstance(raw_move, int) and not isinstance(raw_move, bool):
                move = raw_move
            elif isinstance(text, str) and 0 < len(text) <= 100:
                move = state.parse_move(text)
            else:
                raise Refused("bad-move")
            start = len(state.history)
            state.apply(move)   # IllegalMove, saying why, before anything changes
            self._quick_bots(table, state)
            self._written(c, table, state, start)
            return state.context.hand_number, len(state.history) - 1

        return await self.change(table, work, done=done)

    async def undo(self, conn: Conn, done: Callable | None = None) -> tuple[int, int]:
        """Take back the seat's last move of this hand (and the bots' after it)."""
        table, seat = conn.table, conn.seat
        if seat is None:
            raise Refused("spectator")
        if not table.undo_allowed:
            raise Refused("undo-not-allowed")

        def work(c, table):
            state = table.match.current
            if state is None or state.over:
                raise Refused("no-hand")
            back = [i for i, (actor, event) in enumerate(state.history)
                    if actor == seat and not KINDS[event & KIND_MASK].forced]
            if not back:
                raise Refused("nothing-to-undo")
            cut = back[-1]
            rebuilt = HandState.from_events(table.game, state.deal, state.history[:cut], state.context)
            Store.drop_events(c, table.id, state.context.hand_number, len(rebuilt.history))
            table.match.current = rebuilt
            table.epoch += 1
            return state.context.hand_number, len(rebuilt.history) - 1

        return await self.change(table, work, done=done)

    async def hint(self, conn: Conn) -> tuple[int, str]:
        table, seat = conn.table, conn.seat
        if seat is None:
            raise Refused("spectator")
        async with table.lock:
            state = table.match.current
            if state is None or state.over:
                raise Refused("no-hand")
            if state.acting_seat() != seat:
                raise Refused("not-your-turn")
            seed = bot_seed(table.id, state.context.hand_number, len(state.history), 100 + seat)
            thinking = self.pool.choose_obs(table.spec, "medium", seed, state.observation(seat))
        move = await thinking
        async with table.lock:
            return move, state.move_str(move)

    async def show_counter(self, conn: Conn, show: bool) -> None:
        """``counter``: the page opened (or closed) its tile counter; an open one is sent the
        view with the counter at once."""
        table = conn.table
        was, conn.counter = conn.counter, show
        if show and not was:
            async with table.lock:
                for message in table.messages_for(conn):
                    conn.send(message)

    async def ready(self, conn: Conn) -> None:
        table = conn.table
        if conn.seat is not None:
            table.ready.add(conn.seat)
            table.nudge.set()
        self.wake(table)

    # -- connections -----------------------------------------------------------------------------------
    async def join(self, conn: Conn, table_id: Any, token: Any, since: Any, player_id: str | None,
                   name: str | None) -> None:
        """``hello``: the seat the token opens (a guessed or another table's token: ``bad-token``).
        An open seat is taken by whoever opens its link; a returning player takes the seat back
        from the bot that played it."""
        table = await self.open(table_id) if isinstance(table_id, str) else None
        if table is None:
            Table.identify(_NOBODY_TABLE, token)   # the same work as for a table that exists
            raise Refused("bad-token")
        found, seat = table.identify(token)
        if not found:
            if token is None and table.public:
                seat = SPECTATOR
            else:
                raise Refused("bad-token")
        if seat is not None:
            holder = table.seats[seat]
            if holder.kind != HUMAN:
                raise Refused("bad-token")
            if holder.live > 0 and player_id is not None and _known(holder.player_id) and player_id != holder.player_id:
                raise Refused("seat-taken")   # a link passed on while its player sits there (no cookie: no claim)
            player_id = player_id or holder.player_id or "anon-" + secrets.token_hex(8)
        conn.table, conn.seat, conn.player_id = table, seat, player_id
        self._since(conn, since)
        if seat is not None:
            task = table.grace_tasks.pop(seat, None)
            if task is not None:
                task.cancel()

            def work(c, table):
                holder = table.seats[seat]
                holder.live += 1
                fields = {"connected": True, "replaced_since": None}
                if holder.player_id != player_id or (name and name != holder.name):
                    fields.update(player_id=player_id, player_name=name or holder.name)
                    holder.player_id, holder.name = player_id, name or holder.name
                holder.connected, holder.replaced_since = True, None
                Store.set_seat(c, table.id, seat, **fields)

            await self.change(table, work, publish=False)
            self.broadcast(table, self.seat_message(table, seat))
        async with table.lock:
            table.conns.add(conn)
            conn.send({"type": "welcome", "seat": seat, "table": table.describe()})
            for message in table.messages_for(conn):
                conn.send(message)

    @staticmethod
    def _since(conn: Conn, since: Any) -> None:
        """Where a client that reconnects left off: ``{"hand": H, "seq": S}``; anything else, from the start."""
        table = conn.table
        if isinstance(since, dict) and all(type(since.get(k)) is int for k in ("hand", "seq")):
            hand, seq = since["hand"], since["seq"]
            state = table.hand(hand)
            if state is not None and 0 <= seq < len(state.history):
                conn.hand, conn.seq = hand, seq + 1
                conn.announced.update(range(1, hand + 1))
                conn.revealed.update(h for h in range(1, hand) if table.finished(h))
                conn.epoch = table.epoch
                return
        conn.hand, conn.seq, conn.epoch = 0, 0, table.epoch

    async def leave(self, conn: Conn) -> None:
        table, seat = conn.table, conn.seat
        if table is None:
            return
        table.conns.discard(conn)
        table.nudge.set()
        if not table.conns and table.status == "finished" and self.tables.get(table.id) is table:
            del self.tables[table.id]   # a finished match nobody watches: read again from the store if asked
        if seat is None:
            return
        def work(c, table):
            holder = table.seats[seat]   # (after a catch-up, the seats are new)
            holder.live = max(0, holder.live - 1)
            if holder.live == 0:
                holder.connected = False
                Store.set_seat(c, table.id, seat, connected=False)
            return holder.live

        try:
            live = await self.change(table, work, publish=False)
        except Exception as e:
            log.error("seat %s of table %s could not be marked as left: %s", seat, table.id, e)
            return
        if live == 0:
            self.broadcast(table, self.seat_message(table, seat))
            self._start_grace(table, seat)

    def _start_grace(self, table: Table, seat: int) -> None:
        old = table.grace_tasks.pop(seat, None)
        if old is not None:
            old.cancel()
        table.grace_tasks[seat] = self.spawn(self._grace(table, seat))

    async def _grace(self, table: Table, seat: int) -> None:
        await asyncio.sleep(table.grace)
        table.grace_tasks.pop(seat, None)

        def work(c, table):
            holder = table.seats[seat]
            if holder.live or holder.replaced_since is not None or table.status == "finished":
                return False   # back in time, or already replaced (by another process's timer)
            holder.replaced_since = time.time()
            Store.set_seat(c, table.id, seat, replaced_since=holder.replaced_since, connected=False)
            return True

        try:
            if await self.change(table, work, publish=False):
                self.broadcast(table, self.seat_message(table, seat))
        except Exception as e:
            log.error("the grace of seat %s of table %s: %s", seat, table.id, e)

    @staticmethod
    def seat_message(table: Table, seat: int) -> dict:
        s = table.seats[seat]
        return {"type": "seat", "seat": seat, "connected": s.connected, "bot": s.replaced_since is not None,
                "name": s.name}

    @staticmethod
    def broadcast(table: Table, message: dict) -> None:
        for conn in list(table.conns):
            conn.send(message)

    async def flush(self, table: Table) -> None:
        """Send every connection to ``table`` in this process what it has not been told."""
        async with table.lock:
            views: dict = {}   # (the spectators, and a seat open in two tabs, share one view)
            for conn in list(table.conns):
                try:
                    for message in table.messages_for(conn, views):
                        conn.send(message)
                except Exception as e:
                    log.error("an update for table %s could not be made: %r", table.id, e)

    async def _notice(self, table_id: str, hand: int, seq: int) -> None:
        """The bus: ``table_id`` has events up to ``seq`` of ``hand`` (maybe written by another process)."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            behind = (hand, seq) > (table.latest, self._seq(table))
        if behind:
            async with table.lock:
                await self._reload(table)
            self.wake(table)
        await self.flush(table)

    # -- what happens by itself: bots, the next hand ------------------------------------------------
    def wake(self, table: Table) -> None:
        """Start what the table waits for: a bot's turn, or the next hand."""
        match = table.match
        if match.over:
            return
        state = match.current
        if state is None:
            if table.next_task is None or table.next_task.done():
                table.next_task = self.spawn(self._next_hand_later(table))
            return
        if state.over:
            return
        if table.seats[state.acting_seat()].bot_plays and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = self.spawn(self._bot_turn(table))

    async def _next_hand_later(self, table: Table) -> None:
        """Deal the next hand after the table's pause, or as soon as every human here is ready."""
        deadline = time.monotonic() + table.pause
        while (left := deadline - time.monotonic()) > 0:
            humans = [s for s, seat in enumerate(table.seats) if seat.kind == HUMAN and seat.live > 0
                      and seat.replaced_since is None]
            if humans and all(s in table.ready for s in humans):
                break
            table.nudge.clear()
            try:
                await asyncio.wait_for(table.nudge.wait(), left)   # a seat said ready, or came or went
            except asyncio.TimeoutError:
                break
        try:
            await self.change(table, self._next_hand)
        except Exception as e:
            log.error("the next hand of table %s could not be dealt: %r", table.id, e)
            await asyncio.sleep(1.0)   # (then tried again)
        finally:
            table.next_task = None
        self.wake(table)

    async def _bot_turn(self, table: Table) -> None:
        try:
            async with table.lock:
                state = table.match.current
                if state is None or state.over:
                    return
                seat = state.acting_seat()
                holder = table.seats[seat]
                if not holder.bot_plays:
                    return
                position = (state.context.hand_number, len(state.history), table.epoch)
                level = holder.level if holder.kind == BOT else REPLACEMENT
                seed = bot_seed(table.id, position[0], position[1], seat)
                obs = state.observation(seat)
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            move = await self.pool.choose_obs(table.spec, level, seed, obs)

            def work(c, table):
                state = table.match.current
                if state is None or (state.context.hand_number, len(state.history), table.epoch) != position \
                        or not table.seats[seat].bot_plays:
                    return   # the table moved on while the bot thought (undo, a player back)
                start = len(state.history)
                state.apply(move)
                self._quick_bots(table, state)
                self._written(c, table, state, start)

            await self.change(table, work)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.error("a bot's move at table %s: %r", table.id, e)
            await asyncio.sleep(1.0)   # (then tried again)
        finally:
            table.bot_task = None
        self.wake(table)


class _Nobody:
    """What a token is compared with when the table does not exist (no timing tells it)."""

    seats = [Seat(HUMAN, None, token_hash("x")) for _ in range(4)]
    spectator_hash = token_hash("y")


_NOBODY_TABLE = _Nobody()


def _known(player_id: str | None) -> bool:
    """A player named by a cookie (not a connection without one, nor a seat reserved by a join)."""
    return player_id is not None and not player_id.startswith(("anon-", "reserved:"))


def _json(value) -> str:
    return json.dumps(value)
