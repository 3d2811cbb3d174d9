"""simulate and arena on a Ray cluster: a real one, started on the loopback address for these tests.

The cluster plays the blocks ``--jobs`` plays, grouped into tasks, so a seed gives the same numbers
as ``--jobs 1``. The head is started with ``ray start --head`` in a session of its own and stopped
by ending that session's processes (``ray stop`` would end every Ray on the machine)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from domine.sim.arena import run_arena
from domine.sim.cluster import ClusterError, check_reachable, connect, task_size
from domine.sim.simulate import simulate

from helpers import run

RAY = Path(sys.executable).with_name("ray")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _timeless(d: dict) -> dict:
    for key in ("elapsed_seconds", "hands_per_second", "seconds_per_decision"):
        d.pop(key, None)
    return d


@pytest.fixture(scope="module")
def cluster():
    """A two-CPU Ray head on 127.0.0.1; its address."""
    port = _free_port()
    started = subprocess.Popen(
        [str(RAY), "start", "--head", f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
         "--node-ip-address=127.0.0.1", "--disable-usage-stats"],   # no Ray Client server: ray[client] is not needed
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"})
    try:
        assert started.wait(timeout=120) == 0, "ray start failed"
        yield f"127.0.0.1:{port}"
    finally:
        for sig, wait in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 2.0)):   # the head's session only
            try:
                os.killpg(started.pid, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    os.killpg(started.pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.2)


def test_simulate_on_the_cluster_equals_one_process(cluster):
    import ray

    assert connect(cluster) is True   # joined once for both runs, as a study does: they stay joined
    try:
        for mode in ({"hands": 2600}, {"matches": 60}):
            here = simulate("draw", bots="greedy,random", seed=5, jobs=1, **mode).to_json()
            there = simulate("draw", bots="greedy,random", seed=5, cluster=cluster, **mode).to_json()
            assert _timeless(there) == _timeless(here)
            assert ray.is_initialized()
    finally:
        ray.shutdown()


def test_arena_on_the_cluster_equals_one_process_and_records_come_in_order(cluster):
    mine: list[dict] = []
    theirs: list[dict] = []
    here = run_arena("greedy", "random", "block", 120, seed=3, records=mine.append).to_json()
    there = run_arena("greedy", "random", "block", 120, seed=3, cluster=cluster, records=theirs.append).to_json()
    assert _timeless(there) == _timeless(here)
    assert theirs == mine and len(mine) == 240


def test_the_command_line_on_the_cluster(cluster):
    args = ["simulate", "block", "--hands", "1500", "--bots", "greedy,random", "--seed", "2", "--json"]
    here = run(*args)
    there = run(*args, "--ray", cluster)
    assert here.exit_code == 0 and there.exit_code == 0, there.output
    assert _timeless(json.loads(there.stdout)) == _timeless(json.loads(here.stdout))


def test_any_grouping_into_tasks_gives_every_block_once():
    assert task_size(100, 8, 2) == 8
    assert task_size(10, 8, 2) == 3      # a short run: two tasks or more for each CPU
    assert task_size(1, 8, 64) == 1


def test_an_address_where_nothing_answers_is_one_line():
    with pytest.raises(ClusterError, match="no Ray cluster answers"):
        check_reachable(f"127.0.0.1:{_free_port()}")
    result = run("simulate", "block", "--hands", "10", "--ray", f"127.0.0.1:{_free_port()}")
    assert result.exit_code == 2
    assert "no Ray cluster answers there" in result.output and "Traceback" not in result.output


def test_ray_with_jobs_or_without_ray_is_refused(monkeypatch):
    result = run("arena", "greedy", "random", "-g", "block", "--deals", "5", "--ray", "auto", "-j", "2")
    assert result.exit_code == 2 and "not both" in result.output
    monkeypatch.setitem(sys.modules, "ray", None)   # as if Ray were not installed
    result = run("simulate", "block", "--hands", "10", "--ray", "auto")
    assert result.exit_code == 2 and "domine[cluster]" in result.output
