"""The literature's boards shipped with the package."""

from __future__ import annotations

import pytest

from npuzzle import Board, PuzzleError, is_solvable
from npuzzle.core import reference


@pytest.mark.parametrize(
    ("instances", "size", "count"), [(reference.korf100, 4, 100), (reference.korf24, 5, 50)]
)
def test_korf_instances_are_distinct_solvable_boards_with_plausible_lengths(instances, size, count):
    goal = Board.goal("blank-first", size, size)
    rows = instances()
    assert [i.ident for i in rows] == list(range(1, count + 1))
    assert len({i.board for i in rows}) == count
    for i in rows:
        assert (i.board.width, i.board.height) == (size, size)
        assert is_solvable(i.board, goal)
        blank, home = i.board.tiles.index(0), goal.tiles.index(0)
        manhattan_of_blank = abs(blank // size - home // size) + abs(blank % size - home % size)
        # every move takes the blank to a cell of the other colour: lengths keep its parity
        assert i.optimal % 2 == manhattan_of_blank % 2


def test_kunkle_pairs_are_his_six_boards_and_goals():
    pairs = reference.kunkle_pairs()
    assert len(pairs) == 6
    for start, goal in pairs:
        assert is_solvable(Board.parse(start), Board.parse(goal))
    assert reference.read_text("kunkle_tests.txt").startswith("# Kunkle (2001)")


def test_pick_takes_ranges_and_refuses_what_is_not_one():
    assert [i.ident for i in reference.pick(reference.korf24(), "49-60, 2")] == [2, 49, 50]
    for bad in ("", "a-3", "1-", "-4", "1;2"):
        with pytest.raises(PuzzleError, match="instance numbers"):
            reference.pick(reference.korf24(), bad)
