"""The large 4x4 table committed in prebuilt/ (7 tiles, compressed by pairs): its values against
an independent search, and IDA* with the large plan on boards of known optimal length."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from npuzzle import Board, solve
from npuzzle.core import reference
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic, pdbbuild, pdbcache, pdbplan

LARGE = "4x4-pairs-0.1.2.4.5.6.7.npdb"
FILE = Path(__file__).resolve().parents[2] / "prebuilt" / LARGE
GOALS = (0, 1, 2, 4, 5, 6, 7)  # the table's tiles' goal cells: two rows but a corner
NEIGHBOURS = [
    [
        q
        for q in (p - 4, p + 4, p - 1, p + 1)
        if 0 <= q < 16 and (q // 4 == p // 4 or q % 4 == p % 4)
    ]
    for p in range(16)
]
MANHATTAN = [[abs(p // 4 - q // 4) + abs(p % 4 - q % 4) for q in range(16)] for p in range(16)]


@pytest.fixture(scope="module")
def table() -> bytes:
    """The committed table, checked and decompressed (128 MiB: a second or two)."""
    return pdbcache.decode(LARGE, FILE.read_bytes())


@pytest.fixture
def large(table, tmp_path, monkeypatch):
    """The large table in memory, the large plan allowed, a disk cache of its own (for the
    plan's small table, built in a moment)."""
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(pdbbuild, "_loaded", {LARGE: table})
    monkeypatch.setattr(pdbbuild, "use_large", True)


def _cost(starts: list[tuple[int, ...]]) -> int:
    """The fewest moves of the 7 tiles that bring any placement of ``starts`` home, moves of
    other tiles free: A* over (placement, blank cell), guided by the 7 tiles' Manhattan
    distance (admissible and consistent: a costly move changes it by one, a free one not)."""
    goal = sum(g << (4 * i) for i, g in enumerate(GOALS))
    buckets: dict[int, list[tuple[int, int, int]]] = {}
    best: dict[int, int] = {}
    for cells in starts:
        place = sum(c << (4 * i) for i, c in enumerate(cells))
        h = sum(MANHATTAN[c][g] for c, g in zip(cells, GOALS, strict=True))
        for blank in set(range(16)) - set(cells):
            best[place << 4 | blank] = 0
            buckets.setdefault(h, []).append((0, h, place << 4 | blank))
    f = min(buckets)
    while True:
        if not buckets.get(f):
            del buckets[f]
            f = min(buckets)
            continue
        g, h, state = buckets[f].pop()
        if best[state] < g:
            continue
        place, blank = state >> 4, state & 15
        if place == goal:
            return g
        tile_on = {(place >> (4 * i)) & 15: i for i in range(7)}
        for q in NEIGHBOURS[blank]:
            i = tile_on.get(q)
            if i is None:  # another tile slides: free
                child, cost, child_h = place << 4 | q, g, h
            else:  # the group's tile i slides from q to the blank
                child = (place + ((blank - q) << (4 * i))) << 4 | q
                cost = g + 1
                child_h = h - MANHATTAN[q][GOALS[i]] + MANHATTAN[blank][GOALS[i]]
            if best.get(child, 1 << 30) > cost:
                best[child] = cost
                buckets.setdefault(cost + child_h, []).append((cost, child_h, child))


def _check_sample(table: bytes, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        cells = tuple(rng.sample(range(16), 7))
        other = cells[6] ^ 1  # the last tile's other cell of its pair
        starts = [cells] + ([(*cells[:6], other)] if other not in cells else [])
        index = sum(c << (4 * i) for i, c in enumerate(cells[:6])) | (cells[6] >> 1) << 24
        assert table[index] == _cost(starts), cells


def test_the_independent_search_counts_the_groups_moves_only():
    # the blank may start anywhere, even in a pocket the group's tiles close (cells 2, 3, 7)
    assert _cost([GOALS]) == 0 and _cost([(0, 1, 3, 4, 5, 6, 7)]) == 1
    assert _cost([(0, 1, 3, 4, 5, 6, 11)]) == 2  # two tiles a move each, the rest free
    swapped = (0, 1, 2, 4, 5, 7, 6)  # two tiles swapped in their row: one must go round
    assert _cost([swapped]) >= 4
    assert _cost([swapped, (0, 1, 2, 4, 5, 6, 11)]) == 1  # the least of two placements


def test_a_few_values_of_the_large_table_are_the_least_over_pairs_of_an_independent_search(table):
    _check_sample(table, 4, seed=1)


@pytest.mark.slow
def test_values_of_the_large_table_are_the_least_over_pairs_of_an_independent_search(table):
    # about a minute: a few hundred placements, each an A* search of its own
    _check_sample(table, 200, seed=36)


def _korf(ids: set[int]) -> list[tuple[Board, int]]:
    return [(i.board, i.optimal) for i in reference.korf100() if i.ident in ids]


def test_idastar_with_the_large_plan_solves_korf_boards_optimally(large):
    goal = Board.goal("blank-first", 4, 4)
    for board, optimal in _korf({9, 79, 97, 86}):
        r = solve(board, goal, algorithm="idastar", heuristic="pdb")
        assert r.status == "solved" and r.optimal and r.length == optimal
        assert board.apply(r.moves) == goal


def test_the_standard_goal_is_read_through_a_symmetry_and_stays_admissible(large):
    # Korf's boards turned by a half turn and renumbered (tile t as 16 - t) are as far from
    # the standard goal as they were from the blank-first one
    goal = Board.goal("standard", 4, 4)
    for board, optimal in _korf({9, 79, 97}):
        turned = Board(4, 4, tuple((16 - t) % 16 for t in reversed(board.tiles)))
        h = make_heuristic("pdb", Space(4, 4), {t: p for p, t in enumerate(goal.tiles)})
        assert h.plan == pdbplan.large_plan(4, 4, 15) and h(turned) <= optimal
        r = solve(turned, goal, algorithm="idastar", heuristic="pdb")
        assert r.status == "solved" and r.length == optimal


def test_the_large_plan_reads_four_views_whose_index_changes_by_a_constant_per_move(large):
    goal = Board.goal("blank-first", 4, 4)
    space = Space(4, 4)
    h = make_heuristic("pdb", space, {t: p for p, t in enumerate(goal.tiles)})
    big = pdbplan.large_plan(4, 4, 0)
    assert big is not None and h.plan == big and big.names() == [LARGE, "4x4-group-0.npdb"]
    rows7, rows7b = big.partitions
    mirror = h.maps[1]
    # as benchmarks/pdb_large.py ordered them: views that share neither partition nor
    # symmetry next to each other
    assert h.views() == [(rows7, h.maps[0]), (rows7b, mirror), (rows7, mirror), (rows7b, h.maps[0])]
    tables = h.tables()
    rng = random.Random(36)
    state = space.pack(goal.tiles)
    index = tables.index(state)
    for _ in range(2000):
        b = space.blank_of(state)
        _q, _letter, sq, sp, edge = rng.choice(space.moves[b])
        t = (state >> sq) & space.mask
        child = state - (t << sq) + (t << sp)
        for x, d in tables.moves[t][edge]:  # (group, change of its index) per view
            index[x] += d
        assert index == tables.index(child)
        state = child
    assert h.value(state) == max(tables.parts(state))
