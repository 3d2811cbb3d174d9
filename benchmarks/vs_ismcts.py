"""``hard`` against OpenSpiel's ISMCTS at equal time a decision, on duplicate deals.

    python benchmarks/vs_ismcts.py run                  # the screen, then the real measures
    python benchmarks/vs_ismcts.py run --only screen --games block,draw
    python benchmarks/vs_ismcts.py table                # the markdown table of what has run

Both bots get the same time limit a decision (``--think``, 0.1 s): ``hard:think=T`` stops its
search there, ``openspiel:ismcts:100000+think=T`` (domine.rl.spiel) runs ISMCTS's simulations
until the time is over (the world drawn for its root counted in). Every game at its fewest
players and with its default options, each deal played as one hand (``--unit hand``: italian
and rotating-partners too, whose arena unit is otherwise the match).

The *screen* plays every game on ``--screen-deals`` deals (30); the *real* measure plays the
games of ``REAL`` on ``--real-deals`` deals (200): block, draw, partners, matador, all-fives
and one game of each other family. Each result is appended to the results file (JSON lines)
as soon as its game is over, so an interrupted run loses at most one game, and a run skips
what the file already holds. ``table`` prints both tables from the file: hard's win rate
with its 95% interval, its point margin, the sign test's p and each side's time a decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from domine.games import GAMES  # noqa: E402
from domine.sim.arena import run_arena  # noqa: E402

RESULTS = ROOT / "benchmarks" / "vs_ismcts.jsonl"
#: the real measure: the five named games, then one game of each other family
REAL = ["block", "draw", "partners", "matador", "all-fives",
        "blind", "cross", "network", "close-at-will", "mexican-train"]
ISMCTS = "openspiel:ismcts:100000"


def done(path: Path) -> set[tuple[str, str]]:
    if not path.exists():
        return set()
    return {(r["kind"], r["game"]) for r in map(json.loads, path.read_text().splitlines()) if r}


def measure(kind: str, game: str, deals: int, think: float, seed: int) -> dict:
    res = run_arena(f"hard:think={think}", f"{ISMCTS}+think={think}", game, deals, seed=seed, unit="hand")
    return {"kind": kind, "game": game, "family": GAMES[game].family, "players": res.players,
            "deals": res.deals, "think": think, "seed": seed,
            "win_rate": res.win_rate, "win_rate_ci": list(res.win_rate_ci),
            "margin": res.margin, "margin_ci": list(res.margin_ci), "p_value": res.p_value,
            "seconds_per_decision": dict(res.seconds_per_decision), "decisions": dict(res.decisions),
            "elapsed": res.elapsed}


def run(args) -> None:
    path = Path(args.out)
    have = done(path)
    games = args.games.split(",") if args.games else None
    plan = []
    if args.only in (None, "screen"):
        plan += [("screen", g, args.screen_deals) for g in sorted(GAMES) if games is None or g in games]
    if args.only in (None, "real"):
        plan += [("real", g, args.real_deals) for g in REAL if games is None or g in games]
    for kind, game, deals in plan:
        if (kind, game) in have:
            continue
        t0 = time.time()
        try:
            row = measure(kind, game, deals, args.think, args.seed)
        except Exception as e:   # noqa: BLE001 - one game's failure is written down, the others go on
            row = {"kind": kind, "game": game, "error": f"{type(e).__name__}: {e}"}
            with path.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"{kind} {game}: {row['error']}", flush=True)
            continue
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")
        print(f"{kind} {game}: {row['win_rate']:.1%} ({time.time() - t0:.0f} s)", flush=True)


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def table(args) -> None:
    rows = [json.loads(x) for x in Path(args.out).read_text().splitlines() if x]
    for r in rows:
        if "error" in r:
            print(f"{r['kind']} {r['game']} failed: {r['error']}\n")
    rows = [r for r in rows if "error" not in r]
    for kind, title in (("real", "Real measure"), ("screen", "Screen")):
        chosen = [r for r in rows if r["kind"] == kind]
        if not chosen:
            continue
        order = {g: i for i, g in enumerate(REAL)} if kind == "real" else {}
        chosen.sort(key=lambda r: (order.get(r["game"], 0), r["family"], r["game"]))
        think = chosen[0]["think"]
        print(f"### {title}: {chosen[0]['deals']} duplicate deals, {think:g} s a decision\n")
        print("| game | family | players | deals | hard's win rate | 95% interval | margin (points/hand) "
              "| sign test p | hard ms/decision | ISMCTS ms/decision |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for r in chosen:
            lo, hi = r["win_rate_ci"]
            mlo, mhi = r["margin_ci"]
            spd = r["seconds_per_decision"]
            print(f"| {r['game']} | {r['family']} | {r['players']} | {r['deals']} | {pct(r['win_rate'])} | "
                  f"{pct(lo)} - {pct(hi)} | {r['margin']:+.2f} ({mlo:+.2f} to {mhi:+.2f}) | {r['p_value']:.3g} | "
                  f"{1e3 * spd['A']:.0f} | {1e3 * spd['B']:.0f} |")
        print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the measures not yet in the results file")
    r.add_argument("--only", choices=("screen", "real"), default=None)
    r.add_argument("--games", default="", help="comma-separated ids (default: all of the measure)")
    r.add_argument("--screen-deals", type=int, default=30)
    r.add_argument("--real-deals", type=int, default=200)
    r.add_argument("--think", type=float, default=0.1)
    r.add_argument("--seed", type=int, default=0)
    t = sub.add_parser("table", help="the markdown tables of the results file")
    for p in (r, t):
        p.add_argument("--out", default=str(RESULTS), help="the results file (JSON lines)")
    args = ap.parse_args()
    run(args) if args.command == "run" else table(args)


if __name__ == "__main__":
    main()
