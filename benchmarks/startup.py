"""CPU time of starting the ``domine`` command: whole processes, user + system seconds.

    python benchmarks/startup.py                   # every command below, 15 runs each
    python benchmarks/startup.py --runs 30
    python benchmarks/startup.py --command "domine play block --help"

Each command runs as its own process, output thrown away; its CPU seconds are the change in
``resource.getrusage(RUSAGE_CHILDREN)`` (user + system) across that one run. Commands take
turns run by run, ``python -c pass`` among them, so a busy moment of this shared machine
falls on all of them alike; the table gives the min and the median of each and both as
ratios to ``python -c pass``. This is a benchmark, never a test: nothing here fails on time.

Python caches compiled modules as an installed package has them, whatever
PYTHONDONTWRITEBYTECODE says here, unless --no-bytecode: then every run compiles the
package's modules again, as it does where that variable is set.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

COMMANDS = ["domine --help", "domine list", "domine list --json", "domine rules block"]
BASELINE = "python -c pass"


def domine_command() -> list[str]:
    """The ``domine`` script beside this interpreter (a virtual environment's), else on PATH,
    else ``python -m domine`` from this checkout."""
    beside = Path(sys.executable).with_name("domine")
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("domine")
    if found:
        return [found]
    return [sys.executable, "-m", "domine"]


def argv_of(command: str) -> list[str]:
    words = shlex.split(command)
    if words[0] == "domine":
        return domine_command() + words[1:]
    if words[0] == "python":
        return [sys.executable] + words[1:]
    return words


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """User + system CPU seconds of one run of ``argv`` (and of any process it waits for)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--command", action="append", metavar="CMD",
                        help="a command to time instead of the usual ones (repeatable)")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE as it is (modules compiled each run where it is set)")
    args = parser.parse_args(argv)
    commands = [BASELINE] + (args.command or COMMANDS)
    env = dict(os.environ, COLUMNS="80")   # the same output whatever the terminal
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    for command in commands:   # once untimed: compiled bytecode and the file cache are warm
        cpu_seconds(argv_of(command), env)
    times: dict[str, list[float]] = {c: [] for c in commands}
    for _ in range(args.runs):
        for command in commands:
            times[command].append(cpu_seconds(argv_of(command), env))
    base_min, base_median = min(times[BASELINE]), statistics.median(times[BASELINE])
    cache = "compiled each run" if env.get("PYTHONDONTWRITEBYTECODE") else "bytecode cached"
    print(f"CPU seconds (user + system) over {args.runs} runs, {cache}; {shlex.join(domine_command())} is 'domine'")
    print(f"{'command':24s} {'min':>7s} {'median':>7s}   {'min / pass':>10s} {'median / pass':>13s}")
    for command in commands:
        lo, mid = min(times[command]), statistics.median(times[command])
        print(f"{command:24s} {lo:7.3f} {mid:7.3f}   {lo / base_min:9.1f}x {mid / base_median:12.1f}x")


if __name__ == "__main__":
    main()
