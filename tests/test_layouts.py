"""The layouts as places: what each end accepts, which ends are one place, closing, copying."""

from __future__ import annotations

import pytest

from domine.engine.layout import ALL_ENDS, LEAD_END
from domine.engine.layouts import LAYOUTS
from domine.engine.matching import EQUAL
from domine.engine.tiles import BIT, parse_tile, set_mask, tiles_of, tile_str

T = parse_tile
SIX = set_mask(6)


def laid(kind: str, lead: str, *placed: str, **params):
    """A layout of ``kind`` with ``lead`` and ``placed`` ("4-1 0": tile and end index) laid on it."""
    lay = LAYOUTS[kind](EQUAL.fits, params.pop("mask", SIX), **params)
    lay.place_lead(T(lead))
    for text in placed:
        tile, end = text.split()
        t, e = T(tile), int(end)
        v = lay.values[e]
        a, b = sorted(int(x) for x in tile.split("-"))
        assert v in (a, b), f"{tile} does not touch {v}"
        lay.place(e, t, b if a == v else a)
    return lay


def accepted(lay, end: int) -> set[str]:
    return {tile_str(t) for t in tiles_of(lay.accepts(end) & lay.set_mask)}


def target_ends(lay) -> list[int]:
    return [end for end, _, _ in lay.targets]


def test_a_line_merges_its_two_ends_while_they_show_one_pip():
    lay = laid("line", "3-3")
    assert target_ends(lay) == [0]
    lay = laid("line", "3-3", "3-5 1")
    assert target_ends(lay) == [0, 1] and lay.playable == EQUAL.fits[3] | EQUAL.fits[5]
    assert not lay.equivalent(0, 1)


def test_a_cross_takes_only_its_empty_sides_until_all_are_filled():
    lay = laid("cross", "4-4", "4-1 0", "4-6 1")
    assert target_ends(lay) == [2]                  # the two empty sides are one place
    assert lay.equivalent(3, 2) and not lay.equivalent(0, 2)
    assert accepted(lay, 0) == set() and lay.in_opening()
    lay.place(2, T("4-0"), 0)
    lay.place(3, T("4-2"), 2)
    assert not lay.in_opening() and target_ends(lay) == [0, 1, 2, 3]


def test_a_three_sided_cross_opens_its_arms_after_three_sides():
    lay = laid("cross", "0-0", "0-1 0", "0-2 1", sides=3)
    assert len(lay.values) == 3 and lay.in_opening()
    lay.place(2, T("0-3"), 3)
    assert not lay.in_opening() and sorted(lay.values) == [1, 2, 3]


def test_a_figure_wants_each_arms_double_before_anything_else():
    # four-crosses, worked example 1: centre 4-4; sides 4-1, 4-6, 4-0; 6-6 on the 6 arm
    lay = laid("figure", "4-4", "4-1 0", "4-6 1", "4-0 2", "6-6 1")
    assert accepted(lay, 0) == {"1-1"}
    assert accepted(lay, 1) == set()                 # nothing beyond 6-6 yet
    assert accepted(lay, 2) == {"0-0"}
    assert "4-2" in accepted(lay, 3)
    assert lay.waiting_for_double() == [0, 2]
    lay.place(3, T("4-2"), 2)
    lay.place(0, T("1-1"), 1)
    lay.place(3, T("2-2"), 2)
    lay.close(2, T("0-0"))                           # its double is reserved: closed face down
    assert not lay.in_opening()
    assert accepted(lay, 2) == set() and "6-3" in accepted(lay, 1)
    assert lay.face_down == BIT[T("0-0")] and not lay.mask & BIT[T("0-0")]


def test_a_spinner_opens_its_ends_at_once_or_after_both_sides():
    at_once = laid("spinner", "5-3", "5-5 0")
    assert at_once.values == [5, 3, 5, 5] and 2 in target_ends(at_once)
    after = laid("spinner", "5-3", "5-5 0", flanks="after sides")
    assert target_ends(after) == [0, 1] and after.in_opening()
    after.place(0, T("5-2"), 2)
    assert after.sides_filled() and sorted(target_ends(after)) == [0, 1, 2]   # N and S: one place


def test_a_led_spinner_counts_its_two_sides_as_one_place_and_its_ends_wait():
    lay = laid("spinner", "5-5", flanks="after sides")
    assert target_ends(lay) == [0]
    lay.place(0, T("5-0"), 0)
    assert target_ends(lay) == [0, 1]
    lay.place(1, T("5-6"), 6)
    assert target_ends(lay) == [0, 1, 2]


def test_seat_arms_are_never_one_place_and_the_game_says_which_a_seat_may_use():
    lay = laid("seat arms", "4-4", seats=4)
    assert lay.owners == [0, 1, 2, 3] and target_ends(lay) == [0, 1, 2, 3]
    lay.use_only(1 << 2 | 1 << 1)
    assert target_ends(lay) == [1, 2]
    assert lay.reachable() == EQUAL.fits[4] & SIX    # what a block test asks ignores who may use
    lay.use_only(ALL_ENDS)
    assert len(lay.targets) == 4


def test_trains_keep_their_unsatisfied_doubles_in_order():
    lay = laid("trains", "9-9", seats=3, mask=set_mask(12))
    assert lay.end_names() == ("T0", "T1", "T2", "M") and lay.owners[-1] == -1
    lay.place(0, T("9-4"), 4)
    lay.place(0, T("4-4"), 4)
    lay.place(1, T("9-7"), 7)
    lay.place(1, T("7-7"), 7)
    assert lay.pending == [0, 1]
    lay.place(0, T("4-9"), 9)
    assert lay.pending == [1]
    lay.set_marker(2, True)
    other = lay.copy()
    other.set_marker(2, False)
    other.place(1, T("7-1"), 1)
    assert lay.markers == [False, False, True] and lay.pending == [1] and other.pending == []


def test_a_copy_is_independent():
    lay = laid("cross", "6-6", "6-1 0")
    other = lay.copy()
    other.place(1, T("6-2"), 2)
    other.close(0, T("3-4"))
    assert lay.lengths == [1, 0, 0, 0] and not any(lay.closed) and lay.arms[1] == []
    assert other.lengths == [1, 1, 0, 0] and other.closed[0]


def test_after_is_a_look_ahead_that_leaves_the_layout_alone():
    lay = laid("line", "6-5")
    ahead = lay.after(0, T("6-2"), 2)
    assert ahead.values == [2, 5] and lay.values == [6, 5]
    assert lay.after(LEAD_END, T("1-1"), 1).values == [1, 1]


@pytest.mark.parametrize("kind, lead, placed, params", [
    ("line", "6-5", ["6-6 0", "5-2 1", "2-2 1"], {}),
    ("cross", "4-4", ["4-1 0", "4-6 1", "4-0 2", "4-2 3", "1-1 0", "6-3 1"], {}),
    ("figure", "4-4", ["4-1 0", "1-1 0"], {}),
    ("spinner", "5-3", ["5-5 0", "5-2 0", "5-4 2", "3-3 1"], {"flanks": "after sides"}),
    ("seat arms", "4-4", ["4-1 0", "4-6 1", "6-6 1"], {"seats": 4}),
    ("trains", "6-6", ["6-1 0", "6-3 2", "3-3 2"], {"seats": 3}),
])
def test_geometry_places_every_tile_once_without_overlap(kind, lead, placed, params):
    lay = laid(kind, lead, *placed, **params)
    geo = lay.geometry()
    assert sorted(p.tile for p in geo.pieces) == sorted([T(lead)] + [T(x.split()[0]) for x in placed])
    cells = set()
    for p in geo.pieces:
        assert (p.w, p.h) in ((2, 1), (1, 2))
        for dx in range(p.w):
            for dy in range(p.h):
                cell = (p.x + dx, p.y + dy)
                assert cell not in cells, f"{kind}: {tile_str(p.tile)} overlaps at {cell}"
                cells.add(cell)
    assert [p.last for p in geo.pieces].count(True) == 1
    assert [p.tile for p in geo.pieces if p.last] == [T(placed[-1].split()[0])]
    assert len(geo.ends) == len(lay.values)
    # a tile's halves show the pips of the tile
    for p in geo.pieces:
        assert sorted((p.first, p.second)) == sorted(int(x) for x in tile_str(p.tile).split("-"))


def test_doubles_laid_in_line_lie_along_their_arm():
    crosswise = laid("cross", "4-4", "4-1 0", "4-6 1", "4-0 2", "4-2 3", "1-1 0")
    assert [tile_str(p.tile) for p in crosswise.geometry().pieces if p.crosswise] == ["1-1"]
    in_line = crosswise.copy()
    in_line.doubles_in_line = True
    pieces = in_line.geometry().pieces
    assert not any(p.crosswise for p in pieces)
    double = next(p for p in pieces if p.tile == T("1-1"))
    arm_tile = next(p for p in pieces if p.tile == T("4-1"))
    assert (double.w, double.h) == (arm_tile.w, arm_tile.h)   # along the arm like its neighbour
