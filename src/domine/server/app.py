"""The ASGI application of ``domine serve``: the JSON API, the WebSocket of the tables, and the
pages (``pages.router``, the browser client). docs/server.md is the contract.

Hostile input is answered, never obeyed: a client message is at most ``max_message`` bytes
and ``rate`` a second (with a ``burst``); anything unknown, malformed or out of turn gets
``refused`` with a reason code and changes nothing; a connection that keeps on past the rate
is closed. No traceback reaches the log for anything a client sends.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import unquote

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..engine.moves import MoveError
from ..engine.reasons import Refusal
from ..i18n import LANGUAGES, gettext, reason_catalog
from .settings import Settings
from .tables import BOT, HUMAN, LEVELS, Conn, Refused, Tables, new_token, token_hash

log = logging.getLogger("domine.server")

MAX_RECORD = 2 * 1024 * 1024   # bytes of an uploaded record
MAX_BODY = 64 * 1024           # bytes of a new table's description (a variant file included)
COOKIE = "domine_player"


def _lang(value: Any) -> str:
    return value if isinstance(value, str) and value in LANGUAGES else "en"


def _error(status: int, code: str, text: str) -> JSONResponse:
    return JSONResponse({"reason": code, "text": text}, status_code=status)


def _refusal_text(e: Exception, lang: str) -> tuple[str | None, str]:
    """A refusal's code and its sentence in ``lang`` (the frames that say where before it)."""
    reason = getattr(e, "reason", None)
    if reason is not None and hasattr(reason, "code"):
        catalog = reason_catalog(lang)
        return reason.code, ": ".join([catalog.render(f) for f in getattr(e, "frames", ())] + [catalog.render(reason)])
    return None, str(e)


def player_of(cookies: dict, name: Any = None) -> tuple[str | None, str | None]:
    """(id, name) of the ``domine_player`` cookie: JSON ``{"id", "name"}`` or a bare id; a name
    given with ``hello`` wins. Both cut short and stripped of control characters."""
    raw = unquote(cookies.get(COOKIE, "") or "")
    pid, pname = None, None
    if raw.startswith("{"):
        try:
            data = json.loads(raw)
        except ValueError:
            data = {}
        if isinstance(data, dict):
            pid, pname = data.get("id"), data.get("name")
    elif raw:
        pid = raw
    if isinstance(name, str) and name.strip():
        pname = name

    def clean(x: Any, n: int) -> str | None:
        if not isinstance(x, str):
            return None
        x = re.sub(r"[\x00-\x1f\x7f]", "", x).strip()[:n]
        return x or None

    return clean(pid, 64), clean(pname, 40)


def create_app(settings: Settings | None = None, tables: Tables | None = None) -> FastAPI:
    settings = settings or Settings()
    tables = tables or Tables(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await tables.start()
        try:
            yield
        finally:
            await tables.stop()

    app = FastAPI(title="domine", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.tables = tables
    app.state.settings = settings
    try:
        from . import pages
    except ImportError:   # the browser client's routes are written beside this module
        pages = None
    if pages is not None and hasattr(pages, "router"):
        app.include_router(pages.router)

    # -- tables ------------------------------------------------------------------------------------
    @app.post("/api/tables")
    async def create_table(request: Request):
        lang = _lang(request.query_params.get("lang"))
        body = await request.body()
        if len(body) > MAX_BODY:
            return _error(413, "too-large", gettext("The message is too long.", lang))
        try:
            spec = json.loads(body)
        except ValueError:
            spec = None
        problem = _check_table(spec)
        if problem:
            return _error(400, "bad-table", gettext("The table is not described right: {what}.", lang)
                          .format(what=problem))
        seats = [{"kind": s["kind"], "level": s.get("level")} for s in spec["seats"]]
        try:
            made = await tables.create(
                spec["game"], spec.get("players") or len(seats), spec.get("options") or {}, spec.get("variant"), seats,
                bool(spec.get("public", False)), bool(spec.get("rated", False)),
                (spec.get("name") or "").strip()[:80], spec.get("grace"), spec.get("pause"))
        except (Refusal, MoveError) as e:
            code, text = _refusal_text(e, lang)
            return _error(400, code or "bad-table", text)
        except (ValueError, TypeError) as e:
            return _error(400, "bad-table", str(e))
        table = made["table"]
        return {"table": table,
                "seats": [{"seat": s["seat"], "link": f"/t/{table}#{s['token']}"} for s in made["seats"]
                          if seats[s["seat"]]["kind"] == HUMAN],
                "spectator": f"/t/{table}#{made['spectator']}"}

    @app.get("/api/tables")
    async def list_tables(finished: int = 0):
        rows = await tables.db(tables.store.listing, bool(finished))
        return {"tables": [{
            "table": r["row"]["id"], "name": r["row"]["name"], "game": r["row"]["game"],
            "players": r["row"]["players"], "options": json.loads(r["row"]["options"]),
            "status": r["row"]["status"], "rated": bool(r["row"]["rated"]), "updated": r["row"]["updated"],
            "result": json.loads(r["row"]["result"]) if r["row"]["result"] else None,
            "seats": [{"seat": s["seat"], "kind": s["kind"], "level": s["level"], "name": s["player_name"],
                       "open": s["kind"] == HUMAN and s["player_id"] is None, "connected": bool(s["connected"])}
                      for s in r["seats"]],
        } for r in rows]}

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request):
        """An open seat of a public table, for whoever asks first: a new link to it (the seat's
        old link no longer opens it)."""
        lang = _lang(request.query_params.get("lang"))
        table = await tables.open(table_id)
        if table is None or not table.public or table.status == "finished":
            return _error(404, "no-table", gettext("There is no such table open to join.", lang))
        token = new_token()

        def work(c, table):
            for s, seat in enumerate(table.seats):
                if seat.kind == HUMAN and seat.player_id is None and seat.live == 0 and not seat.connected:
                    seat.token_hash = token_hash(token)
                    seat.player_id = "reserved:" + secrets.token_hex(8)
                    from .store import Store
                    Store.set_seat(c, table.id, s, token_hash=seat.token_hash, player_id=seat.player_id)
                    return s
            return None

        seat = await tables.change(table, work, publish=False)
        if seat is None:
            return _error(409, "table-full", gettext("Every seat of this table is taken.", lang))
        return {"table": table.id, "seat": seat, "link": f"/t/{table.id}#{token}"}

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str):
        table = await tables.open(table_id)
        if table is None:
            return _error(404, "no-table", gettext("There is no such table.", "en"))
        async with table.lock:
            record = table.record()
        return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="domine-{table.id}.json"'})

    # -- records and replays ---------------------------------------------------------------------------
    @app.post("/api/records")
    async def upload_record(request: Request):
        from ..records import RecordError, record_from_text, replay
        lang = _lang(request.query_params.get("lang"))
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_RECORD:
                return _error(413, "too-large", gettext("A record may be at most 2 MB.", lang))
        try:
            record = record_from_text(body.decode("utf-8"))
            await asyncio.to_thread(replay, record)
        except UnicodeDecodeError:
            return _error(400, "record-not-text", gettext("The record is not text (UTF-8).", lang))
        except (RecordError, Refusal, MoveError) as e:
            code, text = _refusal_text(e, lang)
            return _error(400, code or "bad-record", text)
        except (ValueError, TypeError, KeyError, RecursionError) as e:
            return _error(400, "bad-record", gettext("The record cannot be read: {why}", lang).format(why=e))
        record_id = secrets.token_urlsafe(9)
        await tables.db(tables.store.add_record, record_id, str(record.get("game")), record)
        return {"replay": record_id}

    @app.get("/api/replays/{replay_id}")
    async def replay_views(replay_id: str, seat: int | None = None, lang: str | None = None):
        from . import view
        record = await tables.db(tables.store.record, replay_id) if len(replay_id) <= 32 else None
        if record is None:   # a finished match of this server, by its table's id
            table = await tables.open(replay_id)
            if table is None:
                return _error(404, "no-replay", gettext("There is no such replay.", _lang(lang)))
            async with table.lock:
                if table.status != "finished":
                    return _error(404, "no-replay", gettext("There is no such replay.", _lang(lang)))
                record = table.record()
        if seat is not None and not 0 <= seat < int(record.get("players") or 0):
            return _error(400, "bad-seat", gettext("There is no such seat.", _lang(lang)))
        try:
            views = await asyncio.to_thread(view.replay_views, record, seat, _lang(lang))
        except (Refusal, MoveError, ValueError) as e:
            return _error(400, "bad-record", _refusal_text(e, _lang(lang))[1])
        return {"views": views}

    # -- the WebSocket of a table -----------------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str):
        await websocket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        conn = Conn(send=queue.put_nowait)
        writer = asyncio.get_running_loop().create_task(_writer(websocket, queue))
        try:
            await _serve(websocket, conn, table_id, tables, settings)
        except WebSocketDisconnect:
            pass
        except Exception as e:   # a bug, said in one line: never a traceback for a client's message
            log.error("a connection to table %s failed: %r", table_id, e)
        finally:
            tables.spawn(tables.leave(conn))   # (its own task: a handler cancelled on close still leaves)
            queue.put_nowait(None)
            try:
                await asyncio.wait_for(writer, 5)
            except (TimeoutError, Exception):
                writer.cancel()
            if websocket.client_state == WebSocketState.CONNECTED:
                try:
                    await websocket.close()
                except Exception:
                    pass

    return app


async def _writer(websocket: WebSocket, queue: asyncio.Queue) -> None:
    """Send the connection's messages in order (one writer: sends never interleave)."""
    while True:
        message = await queue.get()
        if message is None:
            return
        if isinstance(message, tuple):   # ("close", code)
            try:
                await websocket.close(message[1])
            except Exception:
                pass
            return
        try:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))
        except Exception:
            return


class _Bucket:
    """The rate of one connection: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.level, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False


async def _serve(websocket: WebSocket, conn: Conn, table_id: str, tables: Tables, settings: Settings) -> None:
    bucket = _Bucket(settings.rate, settings.burst)
    refused_for_rate = 0
    player_id, player_name = player_of(websocket.cookies)
    greeted = False
    while True:
        try:
            timeout = None if greeted else settings.hello_timeout
            raw = await asyncio.wait_for(websocket.receive(), timeout)
        except TimeoutError:
            conn.send(Refused("hello-first").message(None, conn.lang))
            conn.send(("close", 1008))
            return
        if raw["type"] == "websocket.disconnect":
            return
        text = raw.get("text")
        if text is None:
            data = raw.get("bytes") or b""
            text = data.decode("utf-8", "replace") if len(data) <= settings.max_message else "x" * (settings.max_message + 1)
        if not bucket.take():
            refused_for_rate += 1
            conn.send(Refused("rate-limit").message(None, conn.lang))
            if refused_for_rate >= settings.abuse:
                conn.send(("close", 1008))
                return
            continue
        if len(text) > settings.max_message or len(text.encode("utf-8", "replace")) > settings.max_message:
            conn.send(Refused("too-large").message(None, conn.lang))
            conn.send(("close", 1009))
            return
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            conn.send(Refused("malformed").message(None, conn.lang))
            continue
        kind, msg_id = message["type"], message.get("id")
        if not (msg_id is None or isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool)):
            msg_id = None
        try:
            if kind == "ping":
                conn.send({"type": "pong", "id": msg_id})
            elif kind == "hello":
                if greeted:
                    raise Refused("unknown-type")
                conn.lang = _lang(message.get("lang"))
                conn.counter = message.get("counter") is True
                pid, pname = player_of(websocket.cookies, message.get("name"))
                await tables.join(conn, table_id, message.get("token"), message.get("since"), pid or player_id,
                                  pname or player_name)
                greeted = True
            elif not greeted:
                raise Refused("hello-first")
            elif kind == "move":
                def ack(result, msg_id=msg_id):
                    conn.send({"type": "ack", "id": msg_id, "hand": result[0], "seq": result[1]})
                await tables.move(conn, message.get("move"), message.get("text"), done=ack)
            elif kind == "undo":
                def ack(result, msg_id=msg_id):
                    conn.send({"type": "ack", "id": msg_id, "hand": result[0], "seq": result[1]})
                await tables.undo(conn, done=ack)
            elif kind == "hint":
                move, text_ = await tables.hint(conn)
                conn.send({"type": "hint", "id": msg_id, "move": move, "text": text_})
            elif kind == "ready":
                await tables.ready(conn)
            elif kind == "counter":
                if not isinstance(message.get("open"), bool):
                    raise Refused("malformed")
                await tables.show_counter(conn, message["open"])
            else:
                raise Refused("unknown-type")
        except Refused as e:
            conn.send(e.message(msg_id, conn.lang))
            if e.code in ("bad-token", "seat-taken"):
                conn.send(("close", 1008))
                return
        except MoveError as e:
            conn.send(Refused(e.code, e.reason).message(msg_id, conn.lang))
        except Refusal as e:
            conn.send(Refused(e.code or "refused", e.reason).message(msg_id, conn.lang) if e.reason is not None
                      else {"type": "refused", "id": msg_id, "reason": "refused", "text": str(e)})
        except Exception as e:   # a bug: said in one line; the table was reloaded from the store
            log.error("a %s message at table %s failed: %r", kind, table_id, e)
            conn.send(Refused("server-error").message(msg_id, conn.lang))


def _check_table(spec: Any) -> str | None:
    """What is wrong with a new table's description (None: nothing), in English words of the API."""
    if not isinstance(spec, dict):
        return "not a JSON object"
    if not isinstance(spec.get("game"), str) or not spec["game"]:
        return "'game' must be a game's id"
    if spec.get("players") is not None and (type(spec["players"]) is not int or not 1 <= spec["players"] <= 12):
        return "'players' must be a whole number"
    if not isinstance(spec.get("options") or {}, dict):
        return "'options' must be an object"
    if spec.get("variant") is not None and not isinstance(spec["variant"], str):
        return "'variant' must be a variant file's text"
    seats = spec.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > 12:
        return "'seats' must be a list of seats"
    for s in seats:
        if not isinstance(s, dict) or s.get("kind") not in (HUMAN, BOT):
            return "each seat must be {\"kind\": \"human\"} or {\"kind\": \"bot\", \"level\": ...}"
        if s["kind"] == BOT and s.get("level", "medium") not in LEVELS:
            return f"a bot's level is one of {', '.join(LEVELS)}"
        if s["kind"] == BOT:
            s.setdefault("level", "medium")
    if spec.get("name") is not None and not isinstance(spec["name"], str):
        return "'name' must be text"
    for key in ("grace", "pause"):
        v = spec.get(key)
        if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 3600):
            return f"'{key}' must be a number of seconds from 0 to 3600"
    return None
