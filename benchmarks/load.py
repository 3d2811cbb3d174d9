"""The browser server under load: many tables, one scripted player each (issue 21, "Tests and measures").

    python benchmarks/load.py                                  # 1,000 tables, SQLite, 60 s
    python benchmarks/load.py --tables 1000 --seconds 60 --database postgresql
    python benchmarks/load.py --tables 200 --seconds 20 --database postgresql://u@host/db --json

Loopback only and bounded: it starts one ``domine serve`` process on 127.0.0.1 (a free port),
creates ``--tables`` tables of ``--game`` (block, 4 players) through ``POST /api/tables``, each
with one human seat and ``random`` bots in the others, and plays every human seat by a
scripted client on its own WebSocket (the protocol of docs/server.md): when the seat's turn
comes, it waits 1 to 3 seconds, sends a random move of the view's ``moves`` and times the
move to its ``ack``. A finished match is replaced by a new table, so the load stays even.
About ``tables / 2`` human moves a second, every event written to the database.

The clients run in ``--clients`` processes (2 by default: a client's own JSON work would
otherwise be counted as the server's latency). Once every table is playing, ``--seconds`` of
moves are measured: p50/p95/p99 and the largest move->ack time, moves/s, events written/s
(counted from the events' numbers, which count the hidden ones too), refusals, the server's
CPU share. ``--database``: ``sqlite`` (a new file), ``postgresql`` (a throwaway server made
as the tests make theirs, tests/pg_server.py) or a database URL. ``--profile FILE`` runs the
server under cProfile (every thread) and writes its statistics there (``python -m pstats``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` by the nearest rank (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User + system CPU seconds so far of a process and of its children (the bots' processes)
    together (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")

    def stat(path: Path) -> list[str] | None:
        try:
            return path.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return None

    own = children = 0.0
    for path in Path("/proc").glob("[0-9]*/stat"):
        fields = stat(path)
        if fields is None:
            continue
        used = (int(fields[11]) + int(fields[12])) / tick
        if path.parent.name == str(pid):
            own = used
        elif fields[1] == str(pid):
            children += used
    return own, children


# --- one scripted player -------------------------------------------------------------------

class Tally:
    """What one client process measured; moves sent inside the window count."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.events = 0
        self.refused: dict[str, int] = {}
        self.errors: dict[str, int] = {}
        self.matches = 0
        self.window = (float("inf"), float("inf"))

    def inside(self, moment: float) -> bool:
        return self.window[0] <= moment < self.window[1]


async def create_table(http, game: str, players: int) -> tuple[str, str]:
    body = {"game": game, "players": players, "options": {}, "public": False, "name": "load",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)}
    answer = await http.post("/api/tables", json=body)
    answer.raise_for_status()
    data = answer.json()
    link = next(s["link"] for s in data["seats"] if s["seat"] == 0)
    return data["table"], link.split("#", 1)[1]


async def play(http, ws_url: str, args, rng: random.Random, tally: Tally, ready: asyncio.Event,
               stop: asyncio.Event) -> None:
    """Play the human seat of one table after another until ``stop``."""
    from websockets.asyncio.client import connect

    first = True
    while not stop.is_set():
        table, token = await create_table(http, args.game, args.players)
        async with connect(f"{ws_url}/ws/{table}", max_size=2 ** 22, open_timeout=60, ping_interval=None,
                           compression=None if args.no_deflate else "deflate") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None, "lang": "en"}))
            if first:
                ready.set()
                first = False
            await seat(ws, rng, tally, stop)


async def seat(ws, rng: random.Random, tally: Tally, stop: asyncio.Event) -> None:
    view: dict = {}
    sent: dict[int, float] = {}        # move id -> when it was sent (perf_counter)
    numbers = iter(range(1, 1 << 62))
    last_seq: dict[int, int] = {}      # hand -> largest event number seen
    ready_for = None
    thinking: asyncio.Task | None = None

    async def think() -> None:
        await asyncio.sleep(rng.uniform(1.0, 3.0))
        moves = view.get("moves") or []
        if not moves or stop.is_set():
            return
        ident = next(numbers)
        sent[ident] = time.perf_counter()
        await ws.send(json.dumps({"type": "move", "id": ident, "move": rng.choice(moves)["move"]}))

    def my_turn() -> bool:
        hand = view.get("hand") or {}
        you = (view.get("table") or {}).get("you")
        return (you is not None and hand.get("to_act") == you and bool(view.get("moves"))
                and not view.get("result"))

    async for raw in ws:
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "update":
            view = message.get("view") or view
            hand = message.get("hand")
            seqs = [e["seq"] for e in message.get("events") or [] if "seq" in e]
            if seqs and hand is not None:
                before = last_seq.get(hand, -1)
                if max(seqs) > before:
                    if tally.inside(time.time()):
                        tally.events += max(seqs) - before
                    last_seq[hand] = max(seqs)
            if view.get("match"):
                tally.matches += 1
                return                                        # a new table takes this one's place
            number = (view.get("hand") or {}).get("number")
            if view.get("result") and ready_for != number:
                ready_for = number
                await ws.send(json.dumps({"type": "ready"}))
            if my_turn() and not sent and (thinking is None or thinking.done()):
                thinking = asyncio.create_task(think())
        elif kind == "ack":
            began = sent.pop(message.get("id"), None)
            if began is not None and tally.inside(time.time() - (now - began)):
                tally.latencies.append(now - began)
        elif kind == "refused":
            reason = message.get("reason", "?")
            tally.refused[reason] = tally.refused.get(reason, 0) + 1
            sent.pop(message.get("id"), None)
            if my_turn() and (thinking is None or thinking.done()):
                thinking = asyncio.create_task(think())
        if stop.is_set():
            return


async def client_main(index: int, args, base: str, tables: int, ready_queue, window) -> dict:
    import httpx

    tally = Tally()
    rng = random.Random(args.seed * 1000 + index)
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        readies = [asyncio.Event() for _ in range(tables)]

        async def one(k: int) -> None:
            while not stop.is_set():
                try:
                    await play(http, base.replace("http", "ws", 1), args, random.Random(rng.random()),
                               tally, readies[k], stop)
                except Exception as error:          # counted and reported; the table is replaced
                    name = type(error).__name__
                    tally.errors[name] = tally.errors.get(name, 0) + 1
                    readies[k].set()
                    await asyncio.sleep(0.5)

        tasks = []
        for k in range(tables):                     # a ramp: not a thousand POSTs at once
            tasks.append(asyncio.create_task(one(k)))
            await asyncio.sleep(1.0 / args.ramp)
        for event in readies:
            await event.wait()
        ready_queue.put(index)
        while window[1] == 0.0:
            await asyncio.sleep(0.1)
        tally.window = (window[0], window[1])
        await asyncio.sleep(max(0.0, window[1] - time.time()) + 3.5)    # the last moves' acks
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"latencies": tally.latencies, "events": tally.events, "refused": tally.refused,
            "errors": tally.errors, "matches": tally.matches}


def client_process(index, args, base, tables, ready_queue, result_queue, window) -> None:
    result_queue.put((index, asyncio.run(client_main(index, args, base, tables, ready_queue, window))))


# --- the server ------------------------------------------------------------------------------

def database_url(choice: str, folder: Path):
    """The URL to serve, and what to stop afterwards (a throwaway PostgreSQL) or None."""
    if choice == "sqlite":
        return f"sqlite:///{folder / 'load.sqlite3'}", None
    if choice == "postgresql":
        sys.path.insert(0, str(ROOT / "tests"))
        from pg_server import PgServer, missing

        why = missing()
        if why:
            sys.exit(f"load.py: {why}")
        server = PgServer().start()
        return server.database("load"), server
    return choice, None


# The server under cProfile, every thread of it (the event loop's and the database's): a
# profiler starts in each new thread, and all are added up when the server stops.
PROFILED = """
import cProfile, pstats, sys, threading
out, sys.argv = sys.argv[1], ["domine"] + sys.argv[2:]
profiles = [cProfile.Profile()]
def begin(*_):
    profile = cProfile.Profile()
    profiles.append(profile)
    profile.enable()
threading.setprofile(begin)
from domine.cli import main
try:
    profiles[0].runcall(main)
except SystemExit:
    pass
finally:
    stats = pstats.Stats(profiles[0])
    for profile in profiles[1:]:
        try:
            stats.add(profile)
        except (TypeError, ValueError):
            pass
    stats.dump_stats(out)
"""


# The server with another GIL switch interval (5 ms by default): the database thread waits
# up to that long for the GIL after each statement while the event loop runs.
SWITCH = """
import sys
sys.setswitchinterval(float(sys.argv[1]))
sys.argv = ["domine"] + sys.argv[2:]
from domine.cli import main
main()
"""


def start_server(args, url: str, folder: Path) -> tuple[subprocess.Popen, str, Path]:
    port = free_port()
    log = folder / "server.log"
    command = [sys.executable]
    if args.profile:
        command += ["-c", PROFILED, str(Path(args.profile).resolve())]
    elif args.switch_interval:
        command += ["-c", SWITCH, str(args.switch_interval)]
    else:
        command += ["-m", "domine"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--database", url]
    env = dict(os.environ, XDG_DATA_HOME=str(folder), DOMINE_LANG="en",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env,
                               start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    import httpx

    deadline = time.time() + 60
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"load.py: the server stopped at start:\n{log.read_text()[-3000:]}")
        try:
            if httpx.get(base + "/api/tables", timeout=2).status_code < 500:
                return process, base, log
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    sys.exit(f"load.py: the server did not answer within 60 s:\n{log.read_text()[-3000:]}")


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(2)                   # SIGINT: uvicorn shuts down (and cProfile writes)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# --- the run ---------------------------------------------------------------------------------

def measure(args) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 4 * args.tables + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))          # the server inherits it
    folder = Path(tempfile.mkdtemp(prefix="domine-load-"))
    url, database = database_url(args.database, folder)
    process = None
    try:
        process, base, log = start_server(args, url, folder)
        context = multiprocessing.get_context("spawn")
        ready, results = context.Queue(), context.Queue()
        window = context.Array("d", [0.0, 0.0])
        shares = [args.tables // args.clients + (k < args.tables % args.clients) for k in range(args.clients)]
        clients = [context.Process(target=client_process, args=(k, args, base, n, ready, results, window))
                   for k, n in enumerate(shares) if n]
        began = time.time()
        for client in clients:
            client.start()
        for _ in clients:
            ready.get(timeout=args.ramp_limit)
        settle = 3.5                                  # every table's first move has come
        time.sleep(settle)
        start = time.time()
        cpu_before = cpu_seconds(process.pid)
        clients_before = sum(cpu_seconds(client.pid)[0] for client in clients)
        window[0], window[1] = start, start + args.seconds
        time.sleep(args.seconds)
        cpu_after = cpu_seconds(process.pid)
        clients_cpu = sum(cpu_seconds(client.pid)[0] for client in clients) - clients_before
        cpu, cpu_children = (after - before for after, before in zip(cpu_after, cpu_before))
        load = os.getloadavg()[0]
        gathered = [results.get(timeout=120) for _ in clients]
        for client in clients:
            client.join(30)
        latencies, events, refused, errors, matches = [], 0, {}, {}, 0
        for _, part in gathered:
            latencies += part["latencies"]
            events += part["events"]
            matches += part["matches"]
            for mine, theirs in ((refused, part["refused"]), (errors, part["errors"])):
                for key, count in theirs.items():
                    mine[key] = mine.get(key, 0) + count
        ms = [1000 * s for s in latencies]
        return {
            "tables": args.tables, "game": args.game, "players": args.players, "deflate": not args.no_deflate,
            "database": url.split("://", 1)[0], "seconds": args.seconds, "clients": args.clients,
            "ramp_seconds": round(start - began, 1),
            "moves": len(ms), "moves_per_s": round(len(ms) / args.seconds, 1),
            "events_per_s": round(events / args.seconds, 1),
            "p50_ms": round(percentile(ms, 50), 2), "p95_ms": round(percentile(ms, 95), 2),
            "p99_ms": round(percentile(ms, 99), 2), "max_ms": round(max(ms, default=0.0), 2),
            "server_cpu": round(cpu / args.seconds, 2), "bots_cpu": round(cpu_children / args.seconds, 2),
            "clients_cpu": round(clients_cpu / args.seconds, 2),
            "server_cpu_ms_per_move": round(1000 * cpu / max(1, len(ms)), 2),
            "load_average": round(load, 2), "cores": os.cpu_count(), "matches_finished": matches,
            "refused": refused, "errors": errors, "python": sys.version.split()[0],
        }
    finally:
        if process is not None:
            stop_server(process)
        if database is not None:
            database.stop()
        shutil.rmtree(folder, ignore_errors=True)


def show(result: dict) -> str:
    rows = [("tables", f"{result['tables']:,} ({result['game']}, {result['players']} players, "
                       f"1 scripted seat + random bots)"),
            ("database", result["database"]),
            ("measured", f"{result['seconds']} s after a ramp of {result['ramp_seconds']} s"),
            ("moves acked", f"{result['moves']:,} ({result['moves_per_s']:,} /s)"),
            ("events written", f"{result['events_per_s']:,} /s"),
            ("move -> ack p50 / p95 / p99", f"{result['p50_ms']} / {result['p95_ms']} / {result['p99_ms']} ms"),
            ("largest", f"{result['max_ms']} ms"),
            ("server CPU", f"{result['server_cpu']:.0%} of a core, {result['server_cpu_ms_per_move']} ms a "
                           f"human move (its bots' replies and the updates included)"),
            ("bots' processes CPU", f"{result['bots_cpu']:.0%} of a core"),
            ("load clients' CPU", f"{result['clients_cpu']:.0%} of a core ({result['clients']} processes)"),
            ("machine", f"{result['cores']} cores, load average {result['load_average']} at the end"),
            ("matches finished", f"{result['matches_finished']:,}"),
            ("refused", json.dumps(result["refused"]) if result["refused"] else "none"),
            ("client errors", json.dumps(result["errors"]) if result["errors"] else "none")]
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured time (default 60)")
    parser.add_argument("--database", default="sqlite", help="sqlite, postgresql or a database URL")
    parser.add_argument("--game", default="block")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--ramp", type=float, default=100.0, help="tables opened a second, per client")
    parser.add_argument("--ramp-limit", type=float, default=300.0, help="seconds allowed for the ramp")
    parser.add_argument("--no-deflate", action="store_true",
                        help="offer no WebSocket compression (browsers offer permessage-deflate)")
    parser.add_argument("--switch-interval", type=float, metavar="SECONDS",
                        help="the server's GIL switch interval (sys.setswitchinterval; default 0.005)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile into FILE")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 5000 or not 0 < args.seconds <= 600 or args.clients < 1:
        parser.error("--tables 1..5000, --seconds up to 600, --clients at least 1")
    result = measure(args)
    print(json.dumps(result, indent=2) if args.json else show(result))


if __name__ == "__main__":
    main()
