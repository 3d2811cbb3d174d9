"""Pictures of a simulation, an arena and a study, drawn with matplotlib (the extra ``domine[plot]``).

Each picture is four panels that answer the questions a table of means leaves open: who wins,
with what uncertainty; how the points of a hand are spread; how long hands last; how they end.
Only matplotlib's object interface is used (``Figure``, no ``pyplot``), so drawing touches no
global state and needs no display. The file's suffix chooses the format: ``.png`` or ``.svg``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..i18n import _

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .arena import ArenaResult
    from .simulate import Simulation
    from .study import Study

#: The formats a picture may be written in, by the file's suffix.
FORMATS = (".png", ".svg")
DPI = 110
MAX_BARS = 60   # a distribution with more values is drawn in bins
MAX_LINES = 8   # a study of more games draws a row per cell rather than a line per game


class PlotError(Exception):
    """A picture that cannot be drawn: matplotlib missing, or a file of another format."""


def require(path: Path) -> None:
    """Check before any work that ``path`` can be drawn: its suffix and matplotlib."""
    if path.suffix.lower() not in FORMATS:
        raise PlotError(_("--plot {path}: the picture must be a .png or .svg file").format(path=path))
    try:
        import matplotlib   # noqa: F401
    except ImportError:
        raise PlotError(_("--plot needs matplotlib, which is not installed: pip install 'domine[plot]'")) from None


def _figure(title: str) -> tuple[Figure, list[Axes]]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 7.2), dpi=DPI, layout="constrained")
    fig.suptitle(title, fontsize=12)
    axes = fig.subplots(2, 2)
    return fig, [axes[0][0], axes[0][1], axes[1][0], axes[1][1]]


def _save(fig: Figure, path: Path) -> None:
    """Write the picture; an SVG without its date, so the same run draws the same file."""
    from matplotlib import rc_context

    metadata = {"Date": None} if path.suffix.lower() == ".svg" else {}
    with rc_context({"svg.hashsalt": "domine"}):   # the SVG's ids, fixed rather than random
        fig.savefig(path, format=path.suffix.lower()[1:], metadata=metadata)


def _bars(ax: Axes, counts: dict, title: str, xlabel: str) -> None:
    """A distribution as bars: value -> how many, as a share of the whole."""
    total = sum(counts.values()) or 1
    keys = sorted(counts)
    shares = [counts[k] / total for k in keys]
    if len(keys) > MAX_BARS:   # too many values for a bar each: binned
        ax.hist(keys, bins=MAX_BARS // 2, weights=shares, color="#4c72b0")
    else:
        ax.bar(keys, shares, width=_width(keys), color="#4c72b0")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(_("share of hands"))


def _width(keys: Sequence[float]) -> float:
    """Bars as wide as the closest two values allow."""
    gaps = [b - a for a, b in zip(keys, keys[1:]) if b > a]
    return 0.8 * min(gaps) if gaps else 0.8


def _endings(ax: Axes, reasons: dict) -> None:
    total = sum(reasons.values()) or 1
    names = sorted(reasons, key=lambda k: -reasons[k])
    ax.barh(names, [reasons[k] / total for k in names], color="#55a868")
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title(_("how hands end"))
    ax.set_xlabel(_("share of hands"))
    for i, k in enumerate(names):
        ax.text(reasons[k] / total + 0.01, i, f"{100 * reasons[k] / total:.1f}%", va="center", fontsize=9)


def _interval_bars(ax: Axes, labels: Sequence[str], values: Sequence[tuple[float, float, float]],
                   title: str, ylabel: str, fair: float | None) -> None:
    """Values with their 95% intervals as error bars, and a line at the fair share."""
    xs = range(len(values))
    means = [v for v, _lo, _hi in values]
    below = [max(0.0, v - lo) for v, lo, _hi in values]
    above = [max(0.0, hi - v) for v, _lo, hi in values]
    ax.bar(xs, means, yerr=[below, above], capsize=6, color="#4c72b0", ecolor="black")
    ax.set_xticks(list(xs), labels)
    if fair is not None:
        ax.axhline(fair, color="#c44e52", linestyle="--", label=_("fair share"))
        ax.legend(loc="lower right")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.set_ylabel(ylabel)


def plot_simulation(sim: Simulation, path: Path) -> None:
    """Win rate per seat (95% Wilson interval), points per hand by team, hand length, endings."""
    what = (_("{n} hands").format(n=sim.hands) if sim.mode == "hands"
            else _("{n} matches").format(n=sim.matches))
    fig, (rates, points, lengths, ends) = _figure(
        _("{game}, {players} players, {bots}: {what}, seed {seed}").format(
            game=sim.game, players=sim.players, bots=",".join(sim.bots), what=what, seed=sim.seed))
    labels = [_("seat {seat}\n{bot}").format(seat=s.seat, bot=s.bot) for s in sim.seats]
    rates_of = [(s.win_rate, *s.win_rate_ci) for s in sim.seats]
    teams = max(s.team for s in sim.seats) + 1
    rate_title = _("hands won per seat") if sim.mode == "hands" else _("matches won per seat")
    _interval_bars(rates, labels, rates_of, rate_title, _("win rate (95% interval)"),
                   1 / teams if sim.mode == "hands" else None)
    total = sim.hands or 1
    partners = teams < len(sim.seats)
    for team, counts in enumerate(sim.team_points):
        keys = sorted(k for k in counts if k != 0)   # the hands a team scores nothing in, in its label
        who = (_("team {team}").format(team="AB"[team] if teams == 2 else team) if partners
               else _("seat {seat}").format(seat=team))
        nothing = _("{who}: 0 in {share} of hands").format(who=who, share=f"{100 * counts.get(0, 0) / total:.0f}%")
        points.step(keys, [counts[k] / total for k in keys], where="mid", label=nothing)
    points.set_title(_("points per hand") + (_(" (penalties)") if sim.points_are_penalties else ""))
    points.set_xlabel(_("points a team scored in a hand") if partners else _("points a seat scored in a hand"))
    points.set_ylabel(_("share of hands"))
    points.legend()
    _bars(lengths, sim.lengths, _("hand length"), _("the seats' moves in a hand"))
    _endings(ends, sim.reasons)
    _save(fig, path)


def plot_arena(res: ArenaResult, path: Path) -> None:
    """A's win rate over all plays and in each seating, A's margin per deal, hand length, endings."""
    per = _("hand") if res.unit == "hand" else _("match")
    fig, (rates, margins, lengths, ends) = _figure(
        _("{game}, {players} players: A = {a} against B = {b}, {deals} deals, seed {seed}").format(
            game=res.game, players=res.players, a=res.bot_a, b=res.bot_b, deals=res.deals, seed=res.seed))
    seats = "".join(res.seats)
    swapped = "".join("B" if s == "A" else "A" for s in res.seats)
    labels = [_("all plays"), _("seats {sides}").format(sides=seats), _("seats {sides}").format(sides=swapped)]
    values = [(res.win_rate, *res.win_rate_ci), *res.by_seating]
    _interval_bars(rates, labels, values, _("A's win rate"), _("win rate (95% interval)"), 0.5)
    _bars(margins, res.margins, _("A's margin per deal"), _("points per {unit}, A minus B").format(unit=per))
    margins.set_ylabel(_("share of deals"))
    margins.axvline(0, color="black", linewidth=0.8)
    _bars(lengths, res.lengths, _("hand length"), _("the seats' moves in a hand"))
    _endings(ends, res.reasons)
    _save(fig, path)


def plot_study(study: Study, path: Path) -> None:
    """The study's measure with its 95% intervals: one line per game against the x (players, or
    an option's value) for a few games; one row per cell, sorted, when there are many."""
    from matplotlib.figure import Figure

    series: dict[str, list] = {}
    for row in study.rows:
        series.setdefault(row.game, []).append(row)
    if len(series) > MAX_LINES:
        _dot_rows(study, path)
        return
    fig = Figure(figsize=(9, 5.5), dpi=DPI, layout="constrained")
    ax = fig.subplots()
    numeric = all(isinstance(r.x, (int, float)) for r in study.rows)
    xs_all = sorted({r.x for r in study.rows}, key=lambda x: (not isinstance(x, (int, float)), x))
    where = {x: (x if numeric else i) for i, x in enumerate(xs_all)}
    gaps = [b - a for a, b in zip(list(where.values()), list(where.values())[1:])]
    gap = min(gaps) if gaps else 1
    for i, (game, rows) in enumerate(series.items()):
        shift = (i - (len(series) - 1) / 2) * 0.3 * gap / len(series)   # the intervals side by side
        xs = [where[r.x] + shift for r in rows]
        err = [[max(0.0, r.value - r.lo) for r in rows], [max(0.0, r.hi - r.value) for r in rows]]
        ax.errorbar(xs, [r.value for r in rows], yerr=err, marker="o", capsize=4, label=game)
    ax.set_xticks(list(where.values()), [str(x) for x in xs_all])
    if study.baseline is not None:
        ax.axhline(study.baseline, color="black", linewidth=0.8)
    ax.set_xlabel(study.x_label)
    ax.set_ylabel(study.y_label)
    ax.set_title(study.title)
    ax.legend()
    ax.grid(alpha=0.3)
    _save(fig, path)


def _dot_rows(study: Study, path: Path) -> None:
    """Many cells: a row each (game and x), sorted by the value, with its interval."""
    from matplotlib.figure import Figure

    rows = sorted(study.rows, key=lambda r: r.value)
    fig = Figure(figsize=(8, 1.2 + 0.19 * len(rows)), dpi=DPI, layout="constrained")
    ax = fig.subplots()
    ys = range(len(rows))
    err = [[max(0.0, r.value - r.lo) for r in rows], [max(0.0, r.hi - r.value) for r in rows]]
    ax.errorbar([r.value for r in rows], list(ys), xerr=err, fmt="o", markersize=4, capsize=2, color="#4c72b0")
    ax.set_yticks(list(ys), [f"{r.game} · {study.x_label} {r.x}" for r in rows], fontsize=8)
    ax.set_ylim(-1, len(rows))
    if study.baseline is not None:
        ax.axvline(study.baseline, color="black", linewidth=0.8)
    ax.set_xlabel(study.y_label)
    ax.set_title(study.title)
    ax.grid(alpha=0.3, axis="x")
    _save(fig, path)


__all__ = ["PlotError", "FORMATS", "require", "plot_simulation", "plot_arena", "plot_study"]
