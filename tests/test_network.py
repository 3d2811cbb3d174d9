"""Mreža (network): the grid layout, its ring counter against hand-made shapes and against a
flood fill written here from the rules' definition, notation, pictures and the bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from domine.bots import make_bot
from domine.games import make_game
from domine.engine.grid import COMPASS, STRIDE, Grid, _ROTATE, cell, hole_change, key
from domine.engine.hand import Deal
from domine.engine.match import Match
from domine.engine.moves import is_place, tile_of
from domine.render import svg
from domine.terminal.table import layout_picture
from domine.engine.tiles import parse_tile, set_mask

FITS = [(1 << 28) - 1] * 7   # any tile anywhere: the layout's shapes alone


# -- the rules' definition of enclosure, written out independently (rule 11) -------------------
def regions_by_flood_fill(occupied: set[tuple[int, int]]) -> int:
    """H of rule 11: the box is the cells' bounding box grown by one; empty cells 8-connected to
    its border are outside; the other empty cells are enclosed, grouped by 8-connectivity."""
    if not occupied:
        return 0
    xs = [x for x, _ in occupied]
    ys = [y for _, y in occupied]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    box = {(x, y) for x in range(lo_x, hi_x + 1) for y in range(lo_y, hi_y + 1)}
    empty = box - occupied
    around = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    outside = set()
    frontier = [c for c in empty if c[0] in (lo_x, hi_x) or c[1] in (lo_y, hi_y)]
    while frontier:
        c = frontier.pop()
        if c in outside:
            continue
        outside.add(c)
        frontier += [(c[0] + dx, c[1] + dy) for dx, dy in around if (c[0] + dx, c[1] + dy) in empty]
    enclosed = empty - outside
    count = 0
    while enclosed:
        count += 1
        frontier = [enclosed.pop()]
        while frontier:
            x, y = frontier.pop()
            for dx, dy in around:
                if (x + dx, y + dy) in enclosed:
                    enclosed.discard((x + dx, y + dy))
                    frontier.append((x + dx, y + dy))
    return count


def occupied(layout) -> set[tuple[int, int]]:
    return {cell(k) for k in layout.cells}


def new_grid() -> Grid:
    g = Grid(FITS, set_mask(6))
    g.place_lead(0)
    return g


def lay(g: Grid, path: str, check: bool = True) -> list[int]:
    """Lay tiles along ``path`` ('RS RW LN': an end and a compass direction each); returns the
    gains, each checked against the flood fill."""
    gains = []
    for word in path.split():
        side = "LR".index(word[0])
        turn = next(t for t in range(3) if COMPASS[(g.heading[side] + _ROTATE[t]) & 3] == word[1])
        place = 3 * side + turn
        assert not g.closed[place], f"{word}: the cells are taken"
        before = regions_by_flood_fill(occupied(g))
        g.place(place, 0, 0)
        if check:
            assert g.holes == regions_by_flood_fill(occupied(g))
            assert g.gained == g.holes - before
        gains.append(g.gained)
    return gains


# -- hand-made shapes ------------------------------------------------------------------
def test_a_single_enclosed_cell():
    g = new_grid()
    assert lay(g, "RS RW RN") == [0, 0, 1]
    assert g.regions() == [[(0, -1)]]


def test_three_tiles_do_not_ring_a_cell_yet():
    g = new_grid()
    assert lay(g, "RS RW") == [0, 0]
    assert g.holes == 0   # (0,-1) still reaches the outside through (-1,-1)


def test_a_long_ring():
    g = new_grid()
    assert lay(g, "RE RE RE RE RE RS RW RW RW RW RW RW") == [0] * 12
    assert lay(g, "RN") == [1]
    assert g.regions() == [[(x, -1) for x in range(11)]]


def test_two_regions_closed_at_once():
    g = new_grid()
    assert lay(g, "RN RE RS LS LE LN") == [0, 0, 0, 0, 0, 2]
    assert g.regions() == [[(1, -1)], [(2, 1)]]


def test_a_larger_region_and_a_solid_block():
    g = new_grid()
    assert lay(g, "LW LS LE RS") == [0, 0, 0, 1]
    assert g.regions() == [[(-1, -1), (0, -1)]]
    g = new_grid()
    assert lay(g, "RN LN") == [0, 0]   # side by side: a solid 2 x 3 block, no ring (example 3)


def test_a_corner_touch_does_not_close():
    # cells joined edge to edge in a C around (0, 0), whose two ends meet only at a corner:
    # the empty (0, 0) has all four edges covered, yet it leaks out diagonally through (1, 1)
    path = [(1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1)]
    cells: set[int] = set()
    holes = 1   # H = components - cells + edges - squares: the cells are one component
    for x, y in path:
        holes += hole_change(cells, key(x, y))
        cells.add(key(x, y))
    assert holes == 0 == regions_by_flood_fill(set(path))
    holes += hole_change(cells, key(1, 1))   # the corner closed edge to edge
    assert holes == 1 == regions_by_flood_fill(set(path) | {(1, 1)})


def test_a_region_leaks_by_the_rule():
    # example 2 with the last tile laid straight on: (0,-1) reaches the outside through (-1,-1)
    g = new_grid()
    assert lay(g, "RS RW RW") == [0, 0, 0]
    # a 2 x 3 pocket whose wall has a gap at (1,-3): it leaks out east until the gap's far side
    # is walled (the gap cell then belongs to the region)
    g = new_grid()
    assert lay(g, "LW LS LS LE LE RS") == [0, 0, 0, 0, 0, 0]
    assert lay(g, "LN") == [1]
    assert g.regions() == [[(-1, -3), (-1, -2), (-1, -1), (0, -3), (0, -2), (0, -1), (1, -3)]]


def test_filling_a_region_scores_nothing_and_splitting_one_adds_one():
    g = new_grid()
    lay(g, "LW LS LE RS")                   # the region (-1,-1), (0,-1)
    assert g.holes == 1
    cells = set(g.cells)
    assert hole_change(cells, key(0, -1)) == 0    # shrinking it
    cells.add(key(0, -1))
    assert hole_change(cells, key(-1, -1)) == -1  # filling it
    # a 3-cell region split in two by one cell: +1
    path = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, -1), (4, -2), (3, -2), (2, -2), (1, -2), (0, -2), (0, -1)]
    cells = set()
    for x, y in path:
        cells.add(key(x, y))
    assert regions_by_flood_fill(set(path)) == 1
    assert hole_change(cells, key(2, -1)) == 1
    assert regions_by_flood_fill(set(path) | {(2, -1)}) == 2


def test_a_large_spiral():
    """A square spiral of 80 tiles winding out from the R end, one cell of channel between
    its laps: its fifth tile rings the lead's L half's corner cell, and the open channel
    never closes; every step agrees with the flood fill."""
    g = new_grid()
    words = []
    heading = ["E", "S", "W", "N"]
    run = 1
    h = 0
    while len(words) < 80:
        for _ in range(2):
            words += [f"R{heading[h % 4]}"] * run
            h += 1
        run += 1
    words = words[:80]
    gains = lay(g, " ".join(words))
    assert gains == [0, 0, 0, 0, 1] + [0] * 75
    assert g.holes == regions_by_flood_fill(occupied(g)) == 1
    assert len(g.cells) == 162


def test_the_ring_count_is_constant_time_per_cell():
    # hole_change reads the 8 neighbours of one cell: no scan of the table, however large
    g = new_grid()
    lay(g, " ".join(["RE"] * 200), check=False)
    assert len(g.cells) == 402 and g.holes == 0


# -- properties -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_random_lines_never_overlap_and_count_like_the_flood_fill(seed):
    rng = random.Random(seed)
    g = new_grid()
    total = 0
    for _ in range(30):
        if not g.targets:
            break
        place = rng.choice(g.targets)[0]
        before = regions_by_flood_fill(occupied(g))
        n = len(g.cells)
        g.place(place, 0, 0)
        assert len(g.cells) == n + 2                       # two new cells: nothing overlapped
        after = regions_by_flood_fill(occupied(g))
        assert g.gained == after - before
        total += max(0, after - before)
        for k in g.pieces[-1][1:3]:                         # tiles never touch at a corner only
            for a, b in ((1, STRIDE), (1, -STRIDE), (-1, STRIDE), (-1, -STRIDE)):
                assert not (k + a + b in g.cells and k + a not in g.cells and k + b not in g.cells)
        for i in range(6):                                  # a place is open iff its two cells are free
            side, turn = divmod(i, 3)
            step = (1, STRIDE, -1, -STRIDE)[(g.heading[side] + _ROTATE[turn]) & 3]
            c = g.pos[side] + step
            assert g.closed[i] == (c in g.cells or c + step in g.cells)
    assert len(g.pieces) * 2 == len(g.cells)


@pytest.mark.parametrize("players, seed", [(3, s) for s in range(8)] + [(4, s) for s in range(6)] +
                         [(5, s) for s in range(6)])
def test_hands_score_the_rings_the_flood_fill_counts(players, seed):
    """Random hands: each seat's ring points are the new regions its placements made, counted
    by the flood fill; every placement goes on free cells; majority points come on top."""
    game = make_game("network", players)
    match = Match(game, seed=seed)
    state = match.start_hand()
    rnd = random.Random(seed).random
    rings = [0] * players
    while not state.over:
        moves = state.legal_moves()
        move = moves[int(rnd() * len(moves))]
        seat = state.acting_seat()
        before = regions_by_flood_fill(occupied(state.layout)) if state.layout.lead >= 0 else 0
        cells = set(state.layout.cells) if state.layout.lead >= 0 else set()
        state.apply(move)
        if is_place(move):
            after = regions_by_flood_fill(occupied(state.layout))
            rings[seat] += max(0, after - before)
            assert len(state.layout.cells) == len(cells) + (2 if cells else 2)
            assert cells <= set(state.layout.cells)
        if not state.over:
            assert state.hand_points == rings
    from domine.games.network import majority_points
    bonus = majority_points(state.history, players)
    assert state.result.points == [r + b for r, b in zip(rings, bonus)]


# -- notation, pictures, bots --------------------------------------------------------------
def _example_deal():
    t = lambda text: [parse_tile(x) for x in text.split()]   # noqa: E731
    return Deal([t("3-3 1-4 0-0 0-1 0-2 0-4 0-5 0-6"), t("3-5 1-1 1-2 1-6 2-2 2-4 2-5 2-6"),
                 t("1-5 0-3 1-3 2-3 3-4 3-6 4-5 4-6")], [], t("6-6 5-5 4-4 6-5"))


def _ring_position():
    game = make_game("network", 3)
    state = Match(game, seed=0).start_hand(_example_deal())
    for text in ("3-3", "3-5 R S", "5-1 R W"):
        state.apply(state.parse_move(text))
    return game, state


def test_notation_names_the_end_and_the_turn():
    game, state = _ring_position()
    texts = sorted(state.move_str(m) for m in state.legal_moves())
    assert "4-1 R right" in texts and "4-1 R" in texts and "4-1 R left" in texts
    for m in state.legal_moves():
        assert state.parse_move(state.move_str(m)) == m
    assert state.parse_move("1-4 R N") == state.parse_move("1-4 r right") == state.parse_move("4-1 R north")
    assert state.parse_move("1-4 R straight") == state.parse_move("1-4 R W")


def test_pictures_shade_the_enclosed_region():
    game, state = _ring_position()
    state.apply(state.parse_move("1-4 R N"))
    geo = state.layout.geometry()
    assert geo.regions == [[(-1.0, 0.5)]]
    assert len(geo.pieces) == 4 and [e.name for e in geo.ends] == ["L", "R"]
    rects = [(p.x, p.y, p.w, p.h) for p in geo.pieces]
    covered = [(p.x + i, p.y + j) for p in geo.pieces for i in range(p.w) for j in range(p.h)]
    assert len(covered) == len(set(covered)) == 8 and (-1.0, 0.5) not in covered, rects
    assert geo.to_dict()["regions"] == [[[-1.0, 0.5]]]
    text = "\n".join(line.plain for line in layout_picture(geo))
    assert "░" in text
    picture = svg(geo, ["network"])
    assert picture.count('class="region"') == 1 and picture.count('class="tile') == 4


def test_the_heuristic_closes_a_ring():
    game, state = _ring_position()
    bot = make_bot("heuristic", seed=1)
    move = bot.choose(state.observation(state.acting_seat()))
    assert state.move_str(move) in ("4-1 R right", "1-0 R right")   # either tile closes it
    state.apply(move)
    assert state.hand_points == [1, 0, 0]


def test_search_plays_legally():
    game, state = _ring_position()
    bot = make_bot("search", seed=1)
    move = bot.choose(state.observation(state.acting_seat()))
    assert move in state.legal_moves()


def test_the_heuristic_denies_a_ring_to_the_next_player():
    # after 3-3 and 3-5 going S, a tile on the 5 turning west would leave the next player a
    # ring to close by going north: the heuristic (through points_on_play) avoids it
    game = make_game("network", 3)
    state = Match(game, seed=0).start_hand(_example_deal())
    for text in ("3-3", "3-5 R S"):
        state.apply(state.parse_move(text))
    bot = make_bot("heuristic", seed=1)
    move = bot.choose(state.observation(state.acting_seat()))
    assert not state.move_str(move).endswith("R right")


def read_grid_tiles(lines: list[str]) -> Counter:
    """The tiles of a grid picture: ─ (═) joins the pips either side of it, ┐ (╗) the pip
    before it and the one below that."""
    found: Counter = Counter()
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in "─═":
                a, b = int(line[c - 1]), int(line[c + 1])
            elif ch in "┐╗":
                assert lines[r + 1][c] in "┘╝"
                a, b = int(line[c - 1]), int(lines[r + 1][c - 1])
            else:
                continue
            found[(min(a, b), max(a, b))] += 1
    return found


@pytest.mark.parametrize("players, seed", [(3, s) for s in range(12)] + [(5, s) for s in range(4)])
def test_played_hands_fit_78_columns_with_every_tile_once(players, seed):
    from test_terminal_picture import _played, placed_tiles, read_tiles
    from domine.terminal.table import grid_picture, table_lines
    lay = _played("network", players, seed).layout
    lines = [t.plain for t in table_lines(lay, 78)]
    assert max(len(x) for x in lines) <= 78
    if grid_picture(lay.geometry(), 78) is not None:
        assert read_grid_tiles(lines[:-1]) == placed_tiles(lay)
    else:   # too big for the cell-by-cell picture: the generic one, arms cut
        assert read_tiles(lines[:-1]) == placed_tiles(lay)


def test_the_ends_in_words_and_what_an_illegal_placement_is_told():
    game, state = _ring_position()
    state.apply(state.parse_move("1-4 R N"))
    assert state.layout.ends_text() == "L 3 (right) · R 4 (straight, left)"
    assert state.layout.open_ends() == [("L", 3), ("R", 4)]
    from domine.engine.moves import IllegalMove
    with pytest.raises(IllegalMove, match="4-2 can go: 4-2 R, 4-2 R left"):
        state.apply(state.parse_move("2-4 R right"))   # east of (-1,0) lies the lead: overlap
