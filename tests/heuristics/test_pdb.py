"""Pattern databases: tables against independent searches, any goal, files, IDA* with them."""

from __future__ import annotations

import random
from collections import deque
from itertools import permutations

import pytest
from oracles import distances

from npuzzle import Board, PuzzleError, make_search, random_board, solve
from npuzzle.core import reference
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic, pdbbuild, pdbplan
from npuzzle.heuristics.pdb import PatternDatabase


def _group_oracle(width: int, height: int, cells: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """The group's cost for every placement, by a 0-1 breadth-first search over (placement,
    blank cell) from every goal state: a move of a group tile costs 1, any other move 0."""
    n = width * height
    nb = {p: [] for p in range(n)}
    for p in range(n):
        r, c = divmod(p, width)
        for q, ok in ((p - width, r > 0), (p + width, r < height - 1), (p - 1, c > 0)):
            if ok:
                nb[p].append(q)
                nb[q].append(p)
    dist: dict[tuple[tuple[int, ...], int], int] = {}
    todo: deque[tuple[tuple[int, ...], int, int]] = deque()
    for blank in range(n):
        if blank not in cells:
            todo.append((cells, blank, 0))
    while todo:
        place, blank, d = todo.popleft()
        if dist.get((place, blank), 1 << 30) <= d:
            continue
        dist[(place, blank)] = d
        for q in nb[blank]:
            if q in place:  # a group tile slides into the blank: cost 1
                i = place.index(q)
                new = (*place[:i], blank, *place[i + 1 :])
                todo.append((new, q, d + 1))
            else:
                todo.appendleft((place, q, d))
    best: dict[tuple[int, ...], int] = {}
    for (place, _blank), d in dist.items():
        best[place] = min(d, best.get(place, d))
    return best


@pytest.mark.parametrize(
    ("width", "height", "cells"),
    [
        (3, 3, (1, 2, 3, 4)),
        (3, 3, (5, 6, 7, 8)),
        (4, 4, (1, 2, 3)),
        (2, 5, (0, 3, 4, 9)),
        (5, 5, (0, 12, 24)),  # five bits a cell past 16 cells
        (4, 5, (1, 2, 6)),
    ],
)
def test_group_tables_match_an_independent_search(width, height, cells):
    name = f"{width}x{height}-group-{'.'.join(map(str, cells))}.npdb"
    table = pdbbuild.build(name)
    bits = pdbplan.cell_bits(width * height)
    oracle = _group_oracle(width, height, cells)
    assert len(oracle) == len(list(permutations(range(width * height), len(cells))))
    for place, d in oracle.items():
        assert table[sum(c << (bits * i) for i, c in enumerate(place))] == d
    assert table.count(pdbbuild.UNSEEN) == len(table) - len(oracle)
    assert len(table) == 1 << (bits * len(cells))


@pytest.mark.slow
def test_a_7_tile_group_table_matches_an_independent_search():
    # 7 tiles: 16**7 entries (256 MiB) whatever the board, so the oracle's board is small
    cells = (1, 2, 3, 4, 5, 6, 7)
    table = pdbbuild.build(f"3x3-group-{'.'.join(map(str, cells))}.npdb")
    oracle = _group_oracle(3, 3, cells)
    assert len(oracle) == len(list(permutations(range(9), 7)))
    for place, d in oracle.items():
        assert table[sum(c << (4 * i) for i, c in enumerate(place))] == d
    assert table.count(pdbbuild.UNSEEN) == len(table) - len(oracle) == (1 << 28) - len(oracle)
    with pytest.raises(PuzzleError, match="at most 7 tiles"):
        pdbbuild.build("4x4-group-1.2.3.4.5.6.7.8.npdb")


@pytest.mark.parametrize(
    ("width", "height", "cells"),
    [(4, 4, (14, 15, 11)), (4, 4, (12, 8, 13)), (3, 4, (11, 8, 10)), (5, 5, (24, 18, 23))],
)
def test_mirror_images_and_turns_of_a_group_share_one_table(width, height, cells):
    # A group's costs forget the blank, so a symmetry of the board maps them: the table of
    # the group's smallest image, read through that symmetry, gives the group's own costs.
    name, turn = pdbplan.group_table(width, height, cells)
    image = sorted(turn[c] for c in cells)
    assert name == f"{width}x{height}-group-{'.'.join(map(str, image))}.npdb"
    assert tuple(image) < tuple(sorted(cells)) and turn in pdbplan.symmetries(width, height)
    table = pdbbuild.build(name)
    bits = pdbplan.cell_bits(width * height)
    for place, d in _group_oracle(width, height, cells).items():
        index = sum(
            turn[p] << (bits * image.index(turn[c])) for p, c in zip(place, cells, strict=True)
        )
        assert table[index] == d


@pytest.mark.parametrize(
    "goal_name",
    [
        "standard",
        pytest.param("blank-first", marks=pytest.mark.slow),
        pytest.param("snail", marks=pytest.mark.slow),
    ],
)
def test_exact_tables_give_every_3x3_distance_for_any_goal(goal_name):
    goal = Board.goal(goal_name, 3, 3)
    exact = distances(goal.tiles, 3, 3)
    space = Space(3, 3)
    h = make_heuristic("pdb", space, {t: p for p, t in enumerate(goal.tiles)})
    assert h.plan.exact and h.tables() is None
    for tiles, d in exact.items():
        assert h.value(space.pack(tiles)) == d


def test_exact_tables_on_rectangles_and_a_goal_with_the_blank_anywhere():
    rng = random.Random(5)
    for w, hgt in ((2, 3), (3, 2), (2, 4), (4, 2), (2, 2)):
        for _ in range(3):
            tiles = list(range(w * hgt))
            rng.shuffle(tiles)
            goal = Board(w, hgt, tuple(tiles))
            exact = distances(goal.tiles, w, hgt)
            space = Space(w, hgt)
            h = make_heuristic("pdb", space, {t: p for p, t in enumerate(goal.tiles)})
            for board in rng.sample(sorted(exact), min(200, len(exact))):
                assert h.value(space.pack(board)) == exact[board]


def test_another_plan_than_the_default_one_reads_its_own_groups():
    # the 3x3's default is the exact table; here two 4-tile groups, read on the board and
    # through the diagonal mirror (which keeps the blank-first goal's blank in place)
    goal = Board.goal("blank-first", 3, 3)
    space = Space(3, 3)
    goal_pos = {t: p for p, t in enumerate(goal.tiles)}
    groups = ((1, 2, 3, 4), (5, 6, 7, 8))
    own = pdbplan.Plan(3, 3, 0, (groups,), False)
    h = PatternDatabase(space, goal_pos, tables=own)
    assert h.plan is own and h.tables() is not None and len(h.views()) == 2
    costs = [_group_oracle(3, 3, g) for g in groups]
    mirror = pdbplan.symmetries(3, 3)[1]
    assert mirror == (0, 3, 6, 1, 4, 7, 2, 5, 8)
    exact = distances(goal.tiles, 3, 3)
    rng = random.Random(3)
    for tiles in rng.sample(sorted(exact), 300):
        cell_of = {t: c for c, t in enumerate(tiles)}  # tile t's home is cell t
        sums = [
            sum(
                cost[tuple(m[cell_of[m[c]]] for c in g)]
                for g, cost in zip(groups, costs, strict=True)
            )
            for m in (tuple(range(9)), mirror)
        ]
        assert h.value(space.pack(tiles)) == max(sums) <= exact[tiles]
    with pytest.raises(PuzzleError, match="another shape or goal"):
        PatternDatabase(space, goal_pos, tables=pdbplan.Plan(3, 3, 4, (groups,), False))


def test_plans_partition_every_cell_but_the_anchor():
    for w, hgt in ((3, 4), (4, 3), (2, 5), (4, 4), (3, 5), (2, 8), (3, 3), (5, 5), (4, 5)):
        n = w * hgt
        maps = pdbplan.symmetries(w, hgt)
        assert maps[0] == tuple(range(n)) and len(set(maps)) == len(maps)
        for blank in range(n):
            p = pdbplan.plan(w, hgt, blank)
            assert any(m[blank] == p.anchor for m in maps)
            for part in p.partitions:
                cells = [c for g in part for c in g]
                assert sorted(cells) == [c for c in range(n) if c != p.anchor]
                assert all(len(g) <= pdbplan.group_limit(n) for g in part) or p.exact
    with pytest.raises(PuzzleError, match="up to 25 cells"):
        pdbplan.plan(6, 5, 0)


def test_symmetries_keep_neighbours_neighbours():
    for w, hgt in ((4, 4), (3, 5), (2, 3)):
        for m in pdbplan.symmetries(w, hgt):
            for p in range(w * hgt):
                for q in range(w * hgt):
                    near = abs(p // w - q // w) + abs(p % w - q % w) == 1
                    mp, mq = m[p], m[q]
                    assert near == (abs(mp // w - mq // w) + abs(mp % w - mq % w) == 1)


def test_forgetting_the_blank_keeps_tables_admissible_but_not_consistent():
    # A group's value is its cheapest over the blank's regions; one move can leave the region
    # that was cheapest, so a value may jump by more than one (the flag says so).
    table = pdbbuild.build("3x3-group-1.2.3.4.npdb")
    idx = {p: sum(c << (4 * i) for i, c in enumerate(p)) for p in _group_oracle(3, 3, (1, 2, 3, 4))}
    jumps = 0
    for place, i in idx.items():
        for k, c in enumerate(place):
            for q in (c - 3, c + 3, c - 1, c + 1):
                if 0 <= q < 9 and q not in place and (abs(q - c) == 3 or q // 3 == c // 3):
                    moved = (*place[:k], q, *place[k + 1 :])
                    jumps += abs(table[idx[moved]] - table[i]) > 1
    assert jumps > 0
    assert PatternDatabase.info.admissible and not PatternDatabase.info.consistent


def test_files_round_trip_and_damage_is_caught(tmp_path, monkeypatch):
    name = "3x3-group-1.2.npdb"
    table = pdbbuild.build(name)
    data = pdbbuild.encode(name, table)
    assert pdbbuild.decode(name, data) == table
    flipped = bytearray(data)
    flipped[-10] ^= 0xFF
    for bad, why in (
        (bytes(flipped), "damaged"),
        (data[: len(data) // 2], "damaged"),
        (b"hello", "damaged"),
        (data.replace(b"3x3-group-1.2", b"3x3-group-1.3"), "damaged"),
    ):
        with pytest.raises(PuzzleError, match=why):
            pdbbuild.decode(name, bad)
    with pytest.raises(PuzzleError, match="not a pattern database name"):
        pdbbuild.build("../etc/passwd")
    # a damaged file in the cache is built again, and replaced
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    (tmp_path / name).write_bytes(b"NPDB1\nrubbish")
    assert pdbbuild.load(name) == table
    assert pdbbuild.decode(name, (tmp_path / name).read_bytes()) == table


# ----- the 4x4 ------------------------------------------------------------------------------
def _korf(ids):
    return [(i.board, i.optimal) for i in reference.korf100() if i.ident in ids]


def test_idastar_with_pdb_solves_korf_boards_optimally(tables_4x4):
    goal = Board.goal("blank-first", 4, 4)
    for board, optimal in _korf({9, 79, 97, 86}):
        r = solve(board, goal, algorithm="idastar", heuristic="pdb")
        assert r.status == "solved" and r.optimal and r.length == optimal
        assert board.apply(r.moves) == goal


@pytest.mark.parametrize("goal_name", ["standard", "blank-first", "snail", "edge"])
def test_pdb_is_admissible_and_incremental_for_any_4x4_goal(goal_name, tables_4x4):
    if goal_name == "edge":  # the blank on an edge cell: one lookup, no mirror
        goal = Board(4, 4, (1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    else:
        goal = Board.goal(goal_name, 4, 4)
    space = Space(4, 4)
    h = make_heuristic("pdb", space, {t: p for p, t in enumerate(goal.tiles)})
    tables = h.tables()
    rng = random.Random(goal_name)
    state = goal_state = space.pack(goal.tiles)
    assert h.value(state) == 0
    index = tables.index(state)
    for _ in range(3000):
        b = space.blank_of(state)
        _q, _letter, sq, sp, edge = rng.choice(space.moves[b])
        t = (state >> sq) & space.mask
        child = state - (t << sq) + (t << sp)
        for x, d in tables.moves[t][edge]:  # (group, change of its index) per view
            index[x] += d
        assert index == tables.index(child)
        assert max(tables.parts(child)) == h.value(child) > 0 or child == goal_state
        state = child
    # admissible: never above the optimal length, found by IDA* with Manhattan
    for seed in range(4):
        board = random_board(4, 4, seed=seed, moves=24, goal=goal)
        exact = solve(board, goal, algorithm="idastar", heuristic="manhattan")
        assert h(board) <= exact.length
        r = solve(board, goal, algorithm="idastar", heuristic="pdb")
        assert r.length == exact.length and r.generated <= exact.generated


def test_idastar_with_pdb_pauses_anywhere_and_steps_like_it_runs(tables_4x4):
    board, _optimal = _korf({79})[0]
    goal = Board.goal("blank-first", 4, 4)
    whole = make_search(board, goal, algorithm="idastar", heuristic="pdb").run()
    pieces = make_search(board, goal, algorithm="idastar", heuristic="pdb")
    rng = random.Random(79)
    while pieces.status in ("running", "limit"):
        pieces.run(max_nodes=pieces.expanded + rng.randint(1, 500))
    stepped = make_search(board, goal, algorithm="idastar", heuristic="pdb")
    while stepped.step() is not None:
        pass
    for s in (pieces, stepped):
        assert (s.solution, s.expanded, s.generated, s.max_open, s.iteration) == (
            whole.solution,
            whole.expanded,
            whole.generated,
            whole.max_open,
            whole.iteration,
        )


def test_pdb_needs_a_whole_goal_and_a_small_board():
    with pytest.raises(PuzzleError, match="up to 25 cells"):
        solve(random_board(6, 5, seed=1), algorithm="idastar", heuristic="pdb")
    for heuristic in ("pdb", "walking-distance"):
        with pytest.raises(PuzzleError, match="human-like search"):
            solve(random_board(3, 3, seed=1), algorithm="human", heuristic=heuristic)


def test_the_tables_of_any_4x4_goal_stay_under_10_mb_to_download(tables_4x4):
    # issue 15: the page downloads a goal's tables by default, so each set must stay small
    cache = pdbbuild.cache_dir()
    assert cache is not None
    for blank in range(16):
        names = pdbplan.table_names(4, 4, blank)
        size = sum((cache / name).stat().st_size for name in names)
        assert size < 10_000_000, (blank, size)


def test_the_5x5_tables_lie_between_manhattan_and_the_published_lengths(tables_5x5):
    goal = Board.goal("blank-first", 5, 5)
    space = Space(5, 5)
    goal_pos = {t: p for p, t in enumerate(goal.tiles)}
    pdb = make_heuristic("pdb", space, goal_pos)
    manhattan = make_heuristic("manhattan", space, goal_pos)
    # two partitions of four turned 5-tile groups each, and the corner group they share
    assert pdb.plan.names() == tables_5x5 and len(tables_5x5) == 3
    gained = 0
    for instance in reference.korf24():
        state = space.pack(instance.board.tiles)
        assert manhattan.value(state) <= pdb.value(state) <= instance.optimal
        gained += pdb.value(state) - manhattan.value(state)
    assert gained > 50 * 2  # the groups see conflicts Manhattan distance cannot


def test_idastar_with_the_5x5_tables_is_optimal(tables_5x5):
    goal = Board.goal("standard", 5, 5)  # blank in the other corner: a turn of the tables
    for seed in range(4):
        board = random_board(5, 5, seed=seed, goal=goal, moves=30)
        with_tables = solve(board, goal, algorithm="idastar", heuristic="pdb")
        plain = solve(board, goal, algorithm="idastar", heuristic="manhattan")
        assert with_tables.optimal and with_tables.length == plain.length
        assert board.apply(with_tables.moves) == goal
        assert with_tables.generated <= plain.generated
