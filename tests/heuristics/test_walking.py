"""Walking distance: exact relaxed searches, admissibility, consistency and the table form."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from oracles import distances, neighbours

from npuzzle import Board, PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics import Heuristic
from npuzzle.heuristics.classic import LinearConflict, Manhattan
from npuzzle.heuristics.walking import WalkingDistance, axis_distances, axis_states


def _make(cls: type[Heuristic], goal: Board) -> tuple[Space, Heuristic]:
    space = Space(goal.width, goal.height)
    return space, cls(space, {t: p for p, t in enumerate(goal.tiles)})


def _ball(goal: tuple[int, ...], width: int, height: int, radius: int) -> dict[tuple, int]:
    """Exact distances of the boards at most ``radius`` moves from ``goal``."""
    dist = {goal: 0}
    frontier = [goal]
    for d in range(1, radius + 1):
        nxt = []
        for s in frontier:
            for n in neighbours(s, width, height):
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


@pytest.fixture(scope="module", params=["standard", "snail"])
def every_3x3(request) -> tuple[Board, dict[tuple[int, ...], int], dict[tuple[int, ...], int]]:
    """A goal, the exact distance of every 3x3 board, and each board's walking distance."""
    goal = Board.goal(request.param, 3, 3)
    exact = distances(goal.tiles, 3, 3)
    assert len(exact) == 181_440
    space, wd = _make(WalkingDistance, goal)
    return goal, exact, {s: wd.value(space.pack(s)) for s in exact}


def test_admissible_and_zero_only_at_the_goal_on_every_3x3_board(every_3x3):
    goal, exact, wd = every_3x3
    over = [s for s, d in exact.items() if wd[s] > d]
    assert not over, f"overestimates {over[:3]}"
    assert [s for s, v in wd.items() if v == 0] == [goal.tiles]
    # it is informative: often larger than the Manhattan distance (checked below), and exact
    # on a fair share of the boards
    assert sum(wd[s] == d for s, d in exact.items()) > 1000


def test_consistent_on_a_spread_sample_of_3x3_edges(every_3x3):
    _goal, exact, wd = every_3x3
    for s in list(exact)[::11]:
        for n in neighbours(s, 3, 3):
            assert abs(wd[s] - wd[n]) <= 1, (s, n)


def test_never_below_manhattan_but_not_comparable_with_linear_conflict(every_3x3):
    # A relaxed move shifts one tile by one row (or column), so WD >= Manhattan on every board.
    # Linear conflict and WD each beat the other on some boards: neither dominates.
    goal, exact, wd = every_3x3
    space, md = _make(Manhattan, goal)
    _space, lc = _make(LinearConflict, goal)
    above_md = above_lc = below_lc = 0
    for s in exact:
        st = space.pack(s)
        m, c = md.value(st), lc.value(st)
        assert wd[s] >= m, s
        above_md += wd[s] > m
        above_lc += wd[s] > c
        below_lc += wd[s] < c
    assert above_md and above_lc and below_lc


@pytest.mark.parametrize(("width", "height"), [(2, 3), (3, 2), (2, 4), (4, 2)])
@pytest.mark.parametrize("goal_name", ["standard", "blank-first", "snail"])
def test_admissible_and_consistent_on_every_board_of_small_rectangles(width, height, goal_name):
    goal = Board.goal(goal_name, width, height)
    exact = distances(goal.tiles, width, height)
    space, wd = _make(WalkingDistance, goal)
    value = {s: wd.value(space.pack(s)) for s in exact}
    for s, d in exact.items():
        assert value[s] <= d, s
        assert (value[s] == 0) == (s == goal.tiles)
        for n in neighbours(s, width, height):
            assert abs(value[s] - value[n]) <= 1, (s, n)


@pytest.mark.parametrize(("width", "height"), [(3, 4), (4, 3)])
@pytest.mark.parametrize("goal_name", ["standard", "snail"])
def test_admissible_near_the_goal_of_3x4_boards(width, height, goal_name):
    # 3x4 has 239,500,800 boards: check every board within 16 moves of the goal.
    goal = Board.goal(goal_name, width, height)
    exact = _ball(goal.tiles, width, height, 16)
    space, wd = _make(WalkingDistance, goal)
    for s, d in exact.items():
        assert wd.value(space.pack(s)) <= d, s


def _walk(space: Space, start: int, steps: int, rng: random.Random) -> Iterator[tuple]:
    """A random walk: (state, blank, tile, tile's cell, edge, child) for each move."""
    s, b = start, space.blank_of(start)
    for _ in range(steps):
        q, _letter, sq, sp, edge = rng.choice(space.moves[b])
        t = (s >> sq) & space.mask
        c = s - (t << sq) + (t << sp)
        yield s, b, t, q, edge, c
        s, b = c, q


@pytest.mark.parametrize(
    ("width", "height", "goal_name"),
    [
        (3, 3, "standard"),
        (3, 3, "snail"),
        (4, 4, "standard"),
        (4, 4, "blank-first"),
        (4, 4, "snail"),
        (2, 6, "snail"),
        (5, 3, "standard"),
        (3, 5, "snail"),
        (2, 3, "blank-first"),
    ],
)
def test_table_form_matches_value_move_by_move_as_idastar_updates_it(width, height, goal_name):
    goal = Board.goal(goal_name, width, height)
    space, wd = _make(WalkingDistance, goal)
    tables = wd.tables()
    assert tables is wd.tables()  # cached
    assert len(tables.moves) == space.wild + 1
    assert all(len(row) == 4 * space.n for row in tables.moves)
    assert tables.value(space.pack(goal.tiles)) == 0
    rng = random.Random(f"{width}x{height}-{goal_name}")
    for _ in range(5):
        start = space.pack(goal.tiles)
        index = tables.index(start)
        for s, b, t, q, edge, c in _walk(space, start, 400, rng):
            for x, d in tables.moves[t][edge]:  # (group, change) per view
                index[x] += d
            h = max(sum(tables.tables[g][index[g]] for g in view) for view in tables.views)
            assert index == tables.index(c)
            assert h == wd.value(c) == tables.value(c)
            assert wd.child(s, wd.value(s), t, q, b, c) == h


def test_value_agrees_with_the_board_call():
    goal = Board.goal("standard", 4, 4)
    _space, wd = _make(WalkingDistance, goal)
    board = Board.parse("5,1,2,3/9,6,7,4/13,10,11,8/0,14,15,12")
    assert wd(board) == wd.value(wd.space.pack(board.tiles)) > 0
    assert wd(goal) == 0


@pytest.mark.parametrize(("lines", "length"), [(2, 2), (3, 3), (4, 3), (3, 4), (4, 4), (5, 2)])
def test_relaxed_search_reaches_every_relaxed_state_and_is_cached(lines, length):
    # The breadth-first search is checked against an independent count of the relaxed states:
    # every one is reachable, so any board has a value.
    for blank_goal in range(lines):
        dist = axis_distances(lines, length, blank_goal)
        assert len(dist) == axis_states(lines, length)
        assert list(dist.values()).count(0) == 1
        assert axis_distances(lines, length, blank_goal) is dist


def test_fifteen_puzzle_has_takahashis_24964_patterns_per_axis():
    _space, wd = _make(WalkingDistance, Board.goal("standard", 4, 4))
    assert [len(d) for d in wd.tables().tables[:2]] == [24_964, 24_964]


def test_same_goal_shape_reuses_the_distance_tables():
    a = _make(WalkingDistance, Board.goal("standard", 4, 4))[1]
    b = _make(WalkingDistance, Board.goal("standard", 4, 4))[1]
    assert a.tables().tables[0] is b.tables().tables[0]


def test_refuses_too_large_boards_with_a_clear_message():
    with pytest.raises(PuzzleError, match="too big"):
        _make(WalkingDistance, Board.goal("standard", 5, 5))
    with pytest.raises(PuzzleError, match="too big"):
        _make(WalkingDistance, Board.goal("standard", 8, 8))


def test_refuses_partial_goals_and_locked_cells():
    goal_pos = {t: p for p, t in enumerate(Board.goal("standard", 3, 3).tiles)}
    with pytest.raises(PuzzleError, match="every tile"):
        WalkingDistance(Space(3, 3), {t: p for t, p in goal_pos.items() if t != 5})
    with pytest.raises(PuzzleError, match="one tile per cell"):
        WalkingDistance(Space(3, 3), {**goal_pos, 1: goal_pos[2]})
    with pytest.raises(PuzzleError, match="whole board"):
        WalkingDistance(Space(3, 3, range(3, 9)), goal_pos)
    # a goal without the blank is fine: the blank belongs on the cell left over
    without_blank = {t: p for t, p in goal_pos.items() if t}
    space = Space(3, 3)
    assert WalkingDistance(space, without_blank).value(space.pack((*range(1, 9), 0))) == 0
