"""The heuristic check: every 3x3 board against exact distances, the first counterexamples."""

from __future__ import annotations

import pytest
from handwritten import MISPLACED, TWICE_MANHATTAN
from oracles import distances, neighbours

from npuzzle import Board
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic
from npuzzle.heuristics.yours import Fault, YoursError
from npuzzle.teach.check import SAMPLES, Check, Law, check, compile_source

GOAL = Board.goal("standard", 3, 3)


def manhattan(tiles: tuple[int, ...], goal: tuple[int, ...], width: int) -> int:
    """Written again here, so the test does not trust the code it checks."""
    out = 0
    for i, t in enumerate(tiles):
        if t:
            j = goal.index(t)
            out += abs(i % width - j % width) + abs(i // width - j // width)
    return out


@pytest.fixture(scope="module")
def exact() -> dict[tuple[int, ...], int]:
    return distances(GOAL.tiles, 3, 3)


def _yours(source: str, goal: Board = GOAL):
    return compile_source(source)(
        Space(goal.width, goal.height), {t: p for p, t in enumerate(goal.tiles)}
    )


def test_twice_manhattan_is_caught_with_a_real_counterexample(exact):
    verdict = check(_yours(TWICE_MANHATTAN))
    assert not verdict.admissible and not verdict.consistent
    bad = verdict.inadmissible
    assert bad is not None and bad.law is Law.ADMISSIBLE
    tiles = bad.board.tiles
    assert bad.distance == exact[tiles]
    assert bad.h == 2 * manhattan(tiles, GOAL.tiles, 3) > exact[tiles]
    # the first met is a nearest one: no board closer to the goal overestimates
    nearest = min(d for s, d in exact.items() if 2 * manhattan(s, GOAL.tiles, 3) > d)
    assert bad.distance == nearest
    step = verdict.inconsistent
    assert step is not None and step.neighbour is not None and step.neighbour_h is not None
    assert step.neighbour.tiles in neighbours(step.board.tiles, 3, 3)
    assert step.h == 2 * manhattan(step.board.tiles, GOAL.tiles, 3)
    assert step.neighbour_h == 2 * manhattan(step.neighbour.tiles, GOAL.tiles, 3)
    assert abs(step.h - step.neighbour_h) > 1
    assert str(bad.board) in verdict.summary()


def test_misplaced_tiles_written_by_you_pass_on_every_3x3_board(exact):
    verdict = check(_yours(MISPLACED))
    assert verdict.admissible and verdict.consistent and verdict.exact
    assert verdict.total == 181_440
    assert verdict.states == len(exact) == 181_440
    mean = sum(exact.values()) / len(exact)
    assert verdict.mean_distance == pytest.approx(mean)
    assert "admissible; consistent" in verdict.summary()


def test_admissible_but_not_consistent():
    # Manhattan while the blank is in the top row's middle, else nothing: never too much, but
    # jumpy (on the 3x2, whose 360 boards check in a moment)
    goal = Board.goal("standard", 3, 2)
    source = (
        "def h(tiles, goal, width, height):\n"
        "    if tiles[1]:\n        return 0\n"
        "    return sum(abs(i % 3 - goal.index(t) % 3) + abs(i // 3 - goal.index(t) // 3)\n"
        "               for i, t in enumerate(tiles) if t)\n"
    )
    verdict = check(_yours(source, goal))
    assert verdict.admissible and not verdict.consistent and verdict.states == 360
    step = verdict.inconsistent
    assert step is not None and step.neighbour is not None
    assert 0 in (step.h, step.neighbour_h) and abs(step.h - (step.neighbour_h or 0)) > 1


def test_built_in_heuristics_pass_as_their_info_says():
    goal = Board.goal("blank-first", 2, 3)
    for name in ("misplaced", "manhattan", "linear-conflict", "pdb"):
        h = make_heuristic(name, Space(2, 3), {t: p for p, t in enumerate(goal.tiles)})
        verdict = check(h)
        assert verdict.admissible == h.info.admissible
        assert verdict.consistent == h.info.consistent or name == "pdb"  # exact here


def test_any_goal_on_a_small_board():
    goal = Board.goal("snail", 3, 2)
    exact = distances(goal.tiles, 3, 2)
    verdict = check(_yours(TWICE_MANHATTAN, goal))
    bad = verdict.inadmissible
    assert bad is not None and bad.distance == exact[bad.board.tiles] < bad.h
    assert verdict.goal == goal


def test_a_check_runs_in_slices_and_your_failure_stops_it():
    run = Check(
        _yours("def h(tiles, goal, width, height):\n    return 0 if tiles[0] != 5 else 1 / 2\n")
    )
    with pytest.raises(YoursError) as caught:
        while not run.advance(0.01):
            assert 0 <= run.fraction < 1
    assert caught.value.fault is Fault.RETURN


def test_a_check_stops_once_both_laws_have_failed():
    run = Check(_yours("def h(tiles, goal, width, height):\n    return 5 * (tiles[0] == 1)\n"))
    assert run.advance()
    assert run.states < 181_440 and run.fraction == 1.0
    assert run.inadmissible is not None and run.inadmissible.distance == 0


@pytest.mark.slow
def test_on_the_4x4_boards_are_sampled_and_solved(tables_4x4):
    goal = Board.goal("standard", 4, 4)
    verdict = check(_yours(TWICE_MANHATTAN, goal), seed=1)
    assert not verdict.exact and not verdict.admissible
    assert verdict.states <= SAMPLES
    bad = verdict.inadmissible
    assert bad is not None and bad.h == 2 * manhattan(bad.board.tiles, goal.tiles, 4) > bad.distance
