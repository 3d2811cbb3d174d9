"""``domine simulate --jsonl`` at 10k, 100k (and 1M) hands: time, records written and peak memory.

    python benchmarks/simulate_memory.py                         # 10k and 100k hands, --jobs 1 and 2
    python benchmarks/simulate_memory.py --hands 10000 100000 1000000 --jobs 2 --markdown

Each run is the whole command in a fresh interpreter (``python -m domine simulate GAME --hands N
--bots random --jsonl FILE``), so nothing of one run is counted in another. The child reports
its own peak resident memory (``resource.getrusage(RUSAGE_SELF).ru_maxrss``) and, with
``--jobs`` > 1, the largest of its worker processes' (``RUSAGE_CHILDREN``). Records stream:
a block's records are written as soon as the blocks before it are, and only a few blocks are
in flight at a time, so the peaks should stay flat while the file grows with the hands.
A benchmark, never a test (tests/test_simulate.py holds the streaming itself).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = str(Path(__file__).resolve().parents[1] / "src")

CHILD = """
import resource, sys
sys.argv = ["domine", *sys.argv[1:]]
from domine.cli import main
try:
    main(prog_name="domine")
except SystemExit as e:
    code = e.code
else:
    code = 0
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
sys.stderr.write(f"\\nPEAK {me} {workers} {code}\\n")
"""


def measure(game: str, hands: int, jobs: int) -> dict:
    """One run of the command: seconds, the JSONL's lines and bytes, peaks in MiB."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "records.jsonl"
        args = ["simulate", game, "--hands", str(hands), "--bots", "random", "--jobs", str(jobs),
                "--jsonl", str(out), "--json"]
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=SRC))
        seconds = time.perf_counter() - start
        line = done.stderr.rpartition("PEAK ")[2].split()
        if len(line) < 3 or line[2] != "0":
            raise SystemExit(f"the run failed: {done.stderr[-2000:]}")
        played = json.loads(done.stdout)["hands_played"]
        with open(out, "rb") as f:
            lines = sum(1 for _ in f)
        return {"hands": played, "jobs": jobs, "seconds": seconds, "records": lines,
                "jsonl_mib": out.stat().st_size / 2**20, "peak_mib": int(line[0]) / 1024,
                "worker_peak_mib": int(line[1]) / 1024 if jobs > 1 else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="block")
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--markdown", action="store_true", help="print a table for the README")
    args = parser.parse_args()
    rows = [measure(args.game, n, j) for j in args.jobs for n in args.hands]
    if args.markdown:
        print("| hands | jobs | seconds | records (matches) | JSONL MiB | peak MiB (main) | peak MiB (a worker) |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            worker = f"{r['worker_peak_mib']:.0f}" if r["worker_peak_mib"] is not None else "-"
            print(f"| {r['hands']:,} | {r['jobs']} | {r['seconds']:.1f} | {r['records']:,} | {r['jsonl_mib']:.0f} "
                  f"| {r['peak_mib']:.0f} | {worker} |")
    else:
        for r in rows:
            print(json.dumps(r))


if __name__ == "__main__":
    main()
