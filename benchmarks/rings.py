"""The grid's ring count: cost per placement on long lines (Mreža).

    python benchmarks/rings.py                 # lines of 10 ... 1,000 tiles

Lays lines of n tiles on ``domine.engine.grid.Grid`` (a zigzag staircase, which keeps the
bounding box square, and a square spiral with one cell between its laps) and reports
the time per placement, ring count included: ``Grid.place`` counts the new regions
from the new cells' eight neighbours, so the cost should stay flat as n grows. For
comparison, one flood fill of the table (what the rules' definition costs, the box's
area) on the finished line, where the box is small enough. (Cells are keyed for tables
up to 2,048 cells from the lead each way: far beyond the 56 cells of a double-six set.)
"""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from domine.engine.grid import COMPASS, Grid, _ROTATE, cell, enclosed_regions  # noqa: E402
from domine.engine.tiles import set_mask  # noqa: E402

FITS = [(1 << 28) - 1] * 7


def staircase(n: int) -> list[str]:
    return ["E" if i % 2 == 0 else "N" for i in range(n)]


def spiral(n: int) -> list[str]:
    words, run, h = [], 1, 0
    while len(words) < n:
        for _ in range(2):
            words += ["ESWN"[h % 4]] * run
            h += 1
        run += 1
    return words[:n]


def places(directions: list[str]) -> list[int]:
    """The place indices (R end) of a path of compass directions, worked out on a scratch grid."""
    g = Grid(FITS, set_mask(6))
    g.place_lead(0)
    out = []
    for d in directions:
        turn = next(t for t in range(3) if COMPASS[(g.heading[1] + _ROTATE[t]) & 3] == d)
        out.append(3 + turn)
        g.place(3 + turn, 0, 0)
    return out


def per_placement(path: list[int], repeat: int) -> tuple[float, Grid]:
    """The best time per placement over ``repeat`` runs, the garbage collector off (as timeit)."""
    best = float("inf")
    gc.disable()
    for _ in range(repeat):
        g = Grid(FITS, set_mask(6))
        g.place_lead(0)
        start = time.perf_counter()
        for p in path:
            g.place(p, 0, 0)
        best = min(best, (time.perf_counter() - start) / len(path))
    gc.enable()
    return best, g


def main() -> None:
    print(f"{'shape':10s} {'tiles':>7s} {'per placement':>14s} {'rings':>6s} {'one flood fill':>15s}")
    for name, shape in (("staircase", staircase), ("spiral", spiral)):
        for n in (10, 30, 100, 300, 1000):
            path = places(shape(n))
            cost, g = per_placement(path, max(1, 20000 // n))
            xs = [cell(k)[0] for k in g.cells]
            ys = [cell(k)[1] for k in g.cells]
            area = (max(xs) - min(xs) + 3) * (max(ys) - min(ys) + 3)
            start = time.perf_counter()
            regions = enclosed_regions(g.cells) if area <= 50_000 else None
            flood = time.perf_counter() - start
            assert regions is None or len(regions) == g.holes
            fill = f"{flood * 1e3:12.2f} ms" if regions is not None else f"{'(skipped)':>15s}"
            print(f"{name:10s} {n:7d} {cost * 1e6:11.2f} µs {g.holes:6d} {fill}", flush=True)


if __name__ == "__main__":
    main()
