"""A stretch solved again: the shortest way between two boards, under relabelled heuristics."""

from __future__ import annotations

import random

import pytest
from oracles import distances

from npuzzle import Board, solve
from npuzzle.core.board import INVERSE
from npuzzle.core.generate import random_board
from npuzzle.core.space import Space
from npuzzle.heuristics import make_heuristic
from npuzzle.heuristics.pdbplan import symmetries
from npuzzle.search.stretch import Stretches, Turn

GOAL_3X3 = Board.goal("standard", 3, 3)


def _walk(board: Board, moves: int, rng: random.Random) -> str:
    """A random walk of the blank that never undoes its last move."""
    out = ""
    for _ in range(moves):
        legal = [
            m
            for m in board.apply(out).legal_moves()
            if not out or {m, out[-1]} not in ({"U", "D"}, {"L", "R"})
        ]
        out += rng.choice(legal)
    return out


def _heuristic(name: str, goal: Board):
    space = Space(goal.width, goal.height)
    return make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})


def test_a_stretch_of_the_3x3_gets_its_shortest_way_or_none_shorter():
    stretches = Stretches(_heuristic("manhattan", GOAL_3X3))
    rng = random.Random(3)
    found = 0
    for _ in range(1):
        last = random_board(3, 3, seed=rng.random())
        shortest = distances(last.tiles, 3, 3)
        for _ in range(16):
            back = _walk(last, 16, rng)
            first = last.apply(back)
            way = "".join(INVERSE[m] for m in reversed(back))
            run = stretches.run(first, last, len(way))
            run.run()
            if shortest[first.tiles] < len(way):
                assert run.status == "solved" and len(run.moves()) == shortest[first.tiles]
                assert first.apply(run.moves()) == last
                found += 1
            else:
                assert run.status == "exhausted"
            # the heuristic it took, on the boards as relabelled, is a lower bound at the start
            assert run.heuristic.value(run.problem.start) <= shortest[first.tiles]
    assert found  # a random walk often has a shorter way


def test_its_nodes_show_the_tiles_own_numbers():
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    last = board.apply("LUDR" + "LURD")  # 4 moves at most
    run = Stretches(_heuristic("manhattan", GOAL_3X3)).run(board, last, 8)
    step = run.step()
    assert step is not None and step.node is not None
    assert step.node.tiles == (last if run.backward else board).tiles
    for child in step.children:
        assert sorted(child.node.tiles) == list(range(9))


@pytest.mark.parametrize("cells", symmetries(3, 3))
def test_on_a_turned_board_its_way_and_nodes_are_the_boards_own(cells):
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    last = board.apply("LURDRULD")
    shortest = distances(last.tiles, 3, 3)[board.tiles]
    turn = Turn(3, cells)
    run = Stretches(_heuristic("manhattan", GOAL_3X3)).run(board, last, 30, turn=turn)
    step = run.step()
    assert step is not None and step.node is not None
    assert step.node.tiles == (last if run.backward else board).tiles
    run.run()
    assert len(run.moves()) == shortest and board.apply(run.moves()) == last


@pytest.mark.parametrize("goal", ["blank-first", "standard"])
def test_with_the_5x5_tables_it_is_shortest_either_way_round(tables_5x5, goal):
    """Stretches of the 24-puzzle under the tables (toward a board whose blank is off the
    tables' corner: their value less the blank's walk) as short as under linear conflict."""
    stretches = Stretches(_heuristic("pdb", Board.goal(goal, 5, 5)))
    assert stretches.cells == (0, 4, 20, 24)
    rng = random.Random(goal)
    kinds = set()
    both = {("pdb", True), ("pdb", False)}
    for i in range(40):  # at least 12, and until the tables have served each way round
        if i >= 12 and both <= kinds:
            break
        first = random_board(5, 5, seed=rng.random())
        way = _walk(first, 22, rng)
        last = first.apply(way)
        run = stretches.run(first, last, len(way))
        run.run()
        kinds.add((run.heuristic.name, run.backward))
        plain = solve(first, last, algorithm="idastar", heuristic="linear-conflict")
        assert run.heuristic.value(run.problem.start) <= plain.length
        if plain.length < len(way):
            assert run.status == "solved" and len(run.moves()) == plain.length
            assert first.apply(run.moves()) == last
        else:
            assert run.status == "exhausted"
    assert both <= kinds
