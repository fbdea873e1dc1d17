"""Heuristics: admissibility against exact distances, consistency, incremental updates."""

from __future__ import annotations

import random

import pytest
from oracles import distances, neighbours

from npuzzle import HEURISTICS, Board, heuristic_info, random_board
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic

GOAL = Board.goal("standard", 3, 3)


@pytest.fixture(scope="module")
def exact() -> dict[tuple[int, ...], int]:
    d = distances(GOAL.tiles, 3, 3)
    assert len(d) == 181_440
    return d


def _values(name: str, goal: Board, states: list[tuple[int, ...]]) -> list[float]:
    space = Space(goal.width, goal.height)
    h = make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})
    return [h.value(space.pack(s)) for s in states]


@pytest.mark.parametrize("name", [n for n, c in HEURISTICS.items() if c.info.admissible])
def test_admissible_heuristics_never_overestimate_on_every_3x3_state(name, exact):
    states = list(exact)
    values = _values(name, GOAL, states)
    worst = max(v - exact[s] for s, v in zip(states, values, strict=True))
    assert worst <= 1e-9, f"{name} overestimates by {worst}"
    assert values[states.index(GOAL.tiles)] == 0


@pytest.mark.parametrize("name", [n for n, c in HEURISTICS.items() if c.info.consistent])
def test_consistent_heuristics_change_by_at_most_one_per_move(name, exact):
    states = list(exact)
    value = dict(zip(states, _values(name, GOAL, states), strict=True))
    for s in states[::17]:  # a spread sample of states and all their edges, to stay quick
        for n in neighbours(s, 3, 3):
            assert abs(value[s] - value[n]) <= 1 + 1e-9, (name, s, n)


def test_inadmissible_heuristic_is_marked_and_really_overestimates(exact):
    info = heuristic_info("misplaced-blank")
    assert not info.admissible and not info.consistent
    states = list(exact)
    values = _values("misplaced-blank", GOAL, states)
    assert any(v > exact[s] for s, v in zip(states, values, strict=True))


def test_heuristics_dominate_as_the_literature_says(exact):
    states = list(exact)[::13]
    mis, man, rev, lc = (
        _values(n, GOAL, states) for n in ("misplaced", "manhattan", "reversal", "linear-conflict")
    )
    assert all(a <= b for a, b in zip(mis, man, strict=True))
    assert all(b <= c for b, c in zip(man, rev, strict=True))
    assert all(b <= d for b, d in zip(man, lc, strict=True))
    assert sum(lc) > sum(man) and sum(rev) > sum(man)


@pytest.mark.parametrize("goal_name", ["snail", "blank-first"])
def test_admissible_for_other_goals(goal_name):
    goal = Board.goal(goal_name, 3, 3)
    exact = distances(goal.tiles, 3, 3)
    rng = random.Random(5)
    states = rng.sample(sorted(exact), 4000)
    for name in ("manhattan", "linear-conflict", "reversal", "euclidean", "misplaced"):
        for s, v in zip(states, _values(name, goal, states), strict=True):
            assert v <= exact[s] + 1e-9, (name, goal_name, s)


def test_kunkle_reversal_example():
    h = make_heuristic(
        "reversal", Space(3, 3), {t: p for p, t in enumerate(Board.parse("123 8b4 765").tiles)}
    )
    board = Board.parse("213 8b4 765")
    # Manhattan 2 (tiles 1 and 2 one step each) plus 2 for the reversed pair
    assert h(board) == 4


def test_riggs_example_values():
    goal = Board.parse("012 345 678")
    board = Board.parse("526 301 874")
    space = Space(3, 3)
    pos = {t: p for p, t in enumerate(goal.tiles)}
    assert make_heuristic("misplaced", space, pos)(board) == 6
    # Riggs prints 15 and 17; tile by tile the sum is 3+1+4+0+2+2+0+2 = 14, and his one
    # conflict (7 and 8 in the bottom row) adds 2.
    assert make_heuristic("manhattan", space, pos)(board) == 14
    assert make_heuristic("linear-conflict", space, pos)(board) == 16


INCREMENTAL = [
    pytest.param(w, h, goal_name, name, marks=pytest.mark.slow)
    if (name, w, h) == ("pdb", 4, 4)  # the 4x4 tables
    else (w, h, goal_name, name)
    for w, h, goal_name in [
        (3, 3, "standard"),
        (4, 4, "snail"),
        (5, 3, "blank-first"),
        (2, 6, "snail"),
    ]
    for name in HEURISTICS
]


@pytest.mark.parametrize(("w", "h", "goal_name", "name"), INCREMENTAL)
def test_incremental_values_equal_full_evaluation(name, w, h, goal_name):
    goal = Board.goal(goal_name, w, h)
    space = Space(w, h)
    heur = make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})
    rng = random.Random(f"{name}{w}{h}")
    board = random_board(w, h, seed=1, goal=goal)
    s = space.pack(board.tiles)
    value = heur.value(s)
    blank = board.blank
    for _ in range(300):
        q, _letter, sq, sp, edge = rng.choice(space.moves[blank])
        t = (s >> sq) & space.mask
        c = s - (t << sq) + (t << sp)
        if heur.delta is not None:
            got = value + heur.delta[t][edge]
        else:
            got = heur.child(s, value, t, q, blank, c)
        assert got == pytest.approx(heur.value(c), abs=1e-9)
        s, value, blank = c, heur.value(c), q


@pytest.mark.parametrize("name", ["misplaced", "manhattan", "reversal", "linear-conflict"])
@pytest.mark.parametrize(("w", "h"), [(4, 4), (2, 5), (5, 2)])
def test_incremental_values_equal_full_evaluation_with_wildcards(name, w, h):
    # as in a phase of the human-like search: only some tiles have goal cells, the others are
    # the wildcard, and a slide of the wildcard or across lines with no goal tile changes less
    goal = Board.goal("standard", w, h)
    space = Space(w, h)
    targets = set(goal.tiles[: w + 1]) - {0}
    heur = make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles) if t in targets})
    board = random_board(w, h, seed=2, goal=goal)
    s = space.pack(tuple(t if t in targets or t == 0 else space.wild for t in board.tiles))
    rng = random.Random(f"wild{name}{w}{h}")
    blank, moved = board.blank, 0
    for _ in range(400):
        q, _letter, sq, sp, _edge = rng.choice(space.moves[blank])
        t = (s >> sq) & space.mask
        c = s - (t << sq) + (t << sp)
        got = heur.child(s, heur.value(s), t, q, blank, c)
        assert got == heur.value(c)
        moved += t in targets
        s, blank = c, q
    assert moved > 0  # the walk slid goal tiles, not only the wildcard
