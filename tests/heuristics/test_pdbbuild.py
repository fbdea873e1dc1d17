"""Tables compressed by pairs, and the plan the pdb heuristic takes: the large one when its
table is at hand, never built on the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from npuzzle import PuzzleError
from npuzzle.heuristics import pdbbuild, pdbcache, pdbplan

LARGE = "4x4-pairs-0.1.2.4.5.6.7.npdb"
KINDS = ("group", "pairs")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty disk cache of its own, no table in memory, the large plan allowed, and any
    build of a large table a failure."""
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    monkeypatch.setattr(pdbbuild, "use_large", True)
    real = pdbbuild.build

    def build(name, progress=None):
        assert not pdbbuild.large(name), f"{name} was built"
        return real(name, progress)

    monkeypatch.setattr(pdbbuild, "build", build)
    return tmp_path


@pytest.mark.parametrize(("width", "height", "cells"), [(3, 3, (1, 2, 3, 4)), (5, 2, (0, 4, 9))])
def test_a_pairs_table_is_the_least_of_its_group_table_over_pairs_of_the_last_tiles_cells(
    width, height, cells
):
    names = [f"{width}x{height}-{kind}-{'.'.join(map(str, cells))}.npdb" for kind in KINDS]
    group, pairs = pdbbuild.build(names[0]), pdbbuild.build(names[1])
    last = 4 * (len(cells) - 1)  # the last tile's shift: four bits a cell
    assert len(pairs) * 2 == len(group) == 1 << (last + 4)
    for index, value in enumerate(pairs):
        rest, pair = index & ((1 << last) - 1), index >> last
        assert value == min(group[(2 * pair) << last | rest], group[(2 * pair + 1) << last | rest])
    assert pdbcache.decode(names[1], pdbcache.encode(names[1], pairs)) == pairs
    with pytest.raises(pdbcache.Damaged, match="wrong size"):  # a group table is twice as long
        pdbcache.decode(names[1], pdbcache.encode(names[1], group))


def test_a_pairs_table_is_made_from_the_group_table_at_hand(cache, monkeypatch):
    group = "3x3-group-1.2.3.4.npdb"
    pdbbuild.ensure([group])
    monkeypatch.setattr(pdbbuild, "_build_group", lambda *a: pytest.fail("built again"))
    table = pdbbuild.build(group.replace("group", "pairs"))
    assert table == pdbbuild.pairs(pdbbuild.load(group), 4, 4)


def test_fold_takes_the_least_over_any_merging_of_the_last_tiles_cells():
    # 3 tiles on a board of 2 cells, a bit each: the last tile's cell 0 is entries 0-3
    table = bytes([9, 4, 7, 1, 3, 8, 2, 6])
    assert pdbbuild.fold(table, 3, 1, [0, 0]) == bytes([3, 4, 2, 1])
    assert pdbbuild.fold(table, 3, 1, [1, 0]) == bytes([3, 8, 2, 6, 9, 4, 7, 1])


def test_names_of_pairs_tables_are_read_and_checked():
    assert pdbplan.parse_name(LARGE) == (4, 4, "pairs", (0, 1, 2, 4, 5, 6, 7))
    for bad in ("4x4-pairs-3.npdb", "4x4-halves-0.1.npdb", "4x4-pairs-0.0.npdb"):
        with pytest.raises(PuzzleError, match="not a pattern database name"):
            pdbplan.parse_name(bad)
    assert pdbbuild.large(LARGE) and pdbbuild.large("4x4-group-0.1.2.4.5.6.7.npdb")
    assert not pdbbuild.large("4x4-group-0.1.2.4.5.6.npdb")
    assert not pdbbuild.large("3x3-exact-0.npdb")


def test_the_large_plan_is_two_7_7_1_partitions_for_a_4x4_corner_goal_only():
    for corner in (0, 3, 12, 15):
        big = pdbplan.large_plan(4, 4, corner)
        assert big is not None and big.anchor == 0 and big.pairs
        assert big.summary() == "7-7-1 x2" and big.names() == [LARGE, "4x4-group-0.npdb"]
        for part in big.partitions:
            assert sorted(c for g in part for c in g) == list(range(1, 16))
    assert all(pdbplan.large_plan(4, 4, b) is None for b in (1, 2, 5, 6, 9))
    assert pdbplan.large_plan(3, 3, 0) is None and pdbplan.large_plan(5, 5, 0) is None
    assert pdbbuild.large_names(4, 4) == pdbbuild.large_names(4, 4, 15) == [LARGE]
    assert pdbbuild.large_names(4, 4, 5) == [] == pdbbuild.large_names(5, 5)
    # the site and `npuzzle pdb` carry the large plan's small table, never the large one
    assert "4x4-group-0.npdb" in pdbbuild.shipped_names()
    assert not any(pdbbuild.large(name) for name in pdbbuild.shipped_names())


def test_the_large_plan_is_taken_when_its_table_is_loaded_and_never_built(cache, monkeypatch):
    default = pdbplan.plan(4, 4, 0)
    assert pdbbuild.plan_for(4, 4, 0) == default and pdbbuild.plan_for(4, 4, 15) == default
    with pytest.raises(PuzzleError, match="npuzzle pdb --large"):
        pdbbuild.load(LARGE)
    assert list(cache.iterdir()) == []  # nothing built, nothing kept
    monkeypatch.setitem(pdbbuild._loaded, LARGE, b"")
    assert pdbbuild.plan_for(4, 4, 15) == pdbplan.large_plan(4, 4, 15)
    assert pdbbuild.plan_for(4, 4, 5) == pdbplan.plan(4, 4, 5)  # a centre cell: 6-6-3
    monkeypatch.setattr(pdbbuild, "use_large", False)  # what the other tests see
    assert pdbbuild.plan_for(4, 4, 0) == default


def test_the_large_plan_is_taken_when_its_table_is_whole_in_the_disk_cache(cache):
    data = (Path(__file__).resolve().parents[2] / "prebuilt" / LARGE).read_bytes()  # committed
    (cache / LARGE).write_bytes(data[:-1] + bytes([data[-1] ^ 1]))  # damaged: not at hand
    assert not pdbbuild.at_hand(LARGE) and pdbbuild.plan_for(4, 4, 0) == pdbplan.plan(4, 4, 0)
    (cache / LARGE).write_bytes(data)
    assert pdbbuild.at_hand(LARGE) and not pdbbuild.loaded(LARGE)
    assert pdbbuild.plan_for(4, 4, 0) == pdbplan.large_plan(4, 4, 0)
