"""Simulate and arena on a Ray cluster (the extra ``domine[cluster]``; docs/cluster.md).

The cluster plays the very blocks that ``--jobs`` hands to worker processes, with the same
seeds (``simulate.run_blocks``): only the grouping differs. Ray's per-task overhead is a few
milliseconds and a block a fraction of a second, so a task plays several consecutive blocks
(thousands of hands) and returns each block's tally; the driver reads the tasks in order and
adds the blocks in block order. The numbers for a seed are therefore the same on one core,
on ``--jobs 2`` and on a cluster of any size.

The driver ships its own ``domine`` package with the job (Ray's ``runtime_env``
``py_modules``), so the workers play with exactly the driver's rules whatever is installed on
the cluster's machines. Ray is imported only here and only when a cluster is asked for.
"""

from __future__ import annotations

import logging
import math
import socket
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..i18n import _

#: The port of a Ray head when an address names none (``ray start --head``'s default).
DEFAULT_PORT = 6379
#: Seconds to wait for the head to answer before saying it cannot be reached.
CONNECT_TIMEOUT = 5.0


class ClusterError(Exception):
    """Ray is missing, or the cluster cannot be reached: one line for the user."""


def in_flight(workers: int) -> int:
    """Pieces of work handed out at once: enough to keep every worker busy while the first
    one's result is read, few enough that finished results cannot pile up in memory."""
    return 2 * workers + 2


def play_group(work: Callable, specs: list) -> list:
    """One Ray task: ``work`` on consecutive specs, each spec's result kept apart."""
    return [work(spec) for spec in specs]


def require_ray():
    """The ``ray`` module, or ClusterError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ClusterError(_("--ray needs Ray, which is not installed: pip install 'domine[cluster]'")) from None
    return ray


def head_address(address: str) -> str | None:
    """The ``host:port`` of the head that ``address`` names (``auto``: ``RAY_ADDRESS`` or the
    cluster last started on this machine, as Ray finds it), or None if ``auto`` finds none."""
    if address == "auto":
        from ray._private.services import get_ray_address_from_environment   # Ray's own search
        try:
            found = get_ray_address_from_environment("auto", None)
        except Exception:   # Ray's search fails in its own ways when nothing was ever started
            return None
        return found if found and found != "local" else None
    return address


def check_reachable(address: str) -> None:
    """Raise ClusterError unless something answers at ``address`` (``ray.init`` itself would
    wait for minutes before giving up on a wrong address)."""
    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep:
        host, port = rest, str(DEFAULT_PORT)
    if not port.isdigit():
        raise ClusterError(_("--ray {address}: not an address (HOST:PORT, ray://HOST:PORT or auto)")
                           .format(address=address))
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as e:
        raise ClusterError(_("--ray {address}: no Ray cluster answers there ({why})")
                           .format(address=address, why=e.strerror or e)) from None


def connect(address: str) -> bool:
    """Join the cluster at ``address`` unless this process already has; True if it joined now
    (and so should leave it when done)."""
    ray = require_ray()
    if ray.is_initialized():   # a library user who called ray.init() himself
        return False
    head = head_address(address)
    if head is None:
        raise ClusterError(_("--ray auto: no Ray cluster is running here (start one with 'ray start --head', "
                             "or give its address)"))
    check_reachable(head)
    package = str(Path(__file__).resolve().parents[1])   # this domine, the one the driver runs
    try:
        ray.init(address=head, logging_level=logging.ERROR, log_to_driver=False,
                 runtime_env={"py_modules": [package], "excludes": ["__pycache__", "*.pyc"]})
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise ClusterError(_("--ray {address}: cannot join the cluster: {why}")
                           .format(address=address, why=(str(e).splitlines() or [""])[0])) from None
    return True


def task_size(blocks: int, per_task: int, cpus: int) -> int:
    """Blocks per task: ``per_task``, fewer when the run is too short to give every CPU two
    tasks. Any grouping gives the same numbers; this only spreads the work."""
    return max(1, min(per_task, math.ceil(blocks / (2 * max(1, cpus)))))


def run_on_ray(work: Callable, specs: Iterable, address: str, per_task: int) -> Iterator[tuple[Any, Any]]:
    """(spec, work(spec)) for every spec, in order, played on the Ray cluster at ``address``
    in tasks of up to ``per_task`` specs, with only a few tasks in flight at a time."""
    ray = require_ray()
    joined = connect(address)
    specs = list(specs)
    remote = ray.remote(play_group)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    size = task_size(len(specs), per_task, cpus)
    groups = iter([specs[i:i + size] for i in range(0, len(specs), size)])
    pending: list = []

    def submit() -> None:
        group = next(groups, None)
        if group is not None:
            pending.append((group, remote.remote(work, group)))

    try:
        for _ in range(in_flight(cpus)):
            submit()
        while pending:
            group, ref = pending.pop(0)
            try:
                results = ray.get(ref)
            except ray.exceptions.RayTaskError as e:   # the task's own error, without Ray's wrapping
                raise (e.cause if isinstance(e.cause, Exception) else e) from None
            submit()
            yield from zip(group, results)
    finally:
        for _, ref in pending:   # Ctrl-C or an error: the tasks not yet read are not wanted
            try:
                ray.cancel(ref, force=True)
            except Exception:
                pass
        if joined:
            ray.shutdown()


__all__ = ["ClusterError", "in_flight", "require_ray", "connect", "run_on_ray", "task_size", "head_address",
           "check_reachable", "play_group"]
