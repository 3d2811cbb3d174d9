"""What simulate, arena and study share for runs at scale: ``--ray`` and ``--plot``, checked
before any work starts, and their errors as one line (exit code 2)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

from ..i18n import _
from .common import UserError, check_output


def check_scale(jobs: int, ray: Optional[str], plot: Optional[Path]) -> None:
    """Refuse, before any hand is played, what cannot work: --ray with --jobs, an empty --ray,
    a picture that is neither .png nor .svg, matplotlib or Ray missing, a folder that is not there."""
    if ray is not None:
        if not ray.strip():
            raise UserError(_("--ray takes auto or a cluster's address"))
        if jobs != 1:
            raise UserError(_("give --jobs or --ray, not both: the cluster decides how many workers play"))
        with on_cluster():
            from ..sim.cluster import require_ray
            require_ray()
    if plot is not None:
        with on_cluster():
            from ..sim.plots import require
            require(plot)
        check_output(plot)


@contextmanager
def on_cluster() -> Iterator[None]:
    """A cluster that cannot be reached or a picture that cannot be drawn: a usage error."""
    from ..sim.cluster import ClusterError
    from ..sim.plots import PlotError

    try:
        yield
    except (ClusterError, PlotError) as e:
        raise UserError(str(e)) from None
