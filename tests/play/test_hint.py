"""Hints: the hinted slide brings the board one move closer, by an independent count."""

from __future__ import annotations

import pytest
from oracles import distances

from npuzzle import Board, make_search, random_board, solve
from npuzzle.play.hint import Hint, Hints, HintSearch, hint


def _check_slide(board: Board, h: Hint) -> Board:
    """The hinted slide, checked in players' words against the boards themselves."""
    after = board.move(h.move)
    p, q = board.tiles.index(h.tile), after.tiles.index(h.tile)
    step = {"up": -board.width, "down": board.width, "left": -1, "right": 1}[h.direction]
    assert q - p == step and after.tiles[p] == 0
    return after


@pytest.mark.parametrize(("width", "height"), [(3, 3), (2, 3), (3, 2), (2, 4), (2, 2)])
@pytest.mark.parametrize("goal_name", ["standard", "snail"])
def test_small_boards_get_a_move_of_a_shortest_solution(width, height, goal_name):
    goal = Board.goal(goal_name, width, height)
    dist = distances(goal.tiles, width, height)
    for seed in range(15):
        board = random_board(width, height, seed=seed, goal=goal)
        h = hint(board, goal)
        assert h.solvable and h.optimal and h.distance == dist[board.tiles]
        if h.distance == 0:
            assert h.move is None and h.text == "The board is solved."
            continue
        after = _check_slide(board, h)
        assert dist[after.tiles] == h.distance - 1
        assert f"Slide tile {h.tile} {h.direction}: {h.distance} moves" in h.text


def test_a_solved_board_needs_no_move():
    goal = Board.goal("standard", 4, 4)
    h = hint(goal)
    assert (h.distance, h.move, h.tile, h.optimal) == (0, None, None, True)


def test_an_unsolvable_board_says_why():
    board = Board.parse("1,2,3/4,5,6/8,7,0")
    h = hint(board)
    assert not h.solvable and h.move is None and h.reason
    assert h.text.startswith("This board cannot be solved: ") and h.reason in h.text


def test_a_4x4_board_gets_a_shortest_first_move():
    board = random_board(4, 4, seed=5, moves=30)
    h = hint(board, seconds=30)
    assert h.optimal and h.method.startswith("IDA*")
    shortest = solve(board, algorithm="idastar", heuristic="linear-conflict").length
    assert h.distance == shortest
    after = _check_slide(board, h)
    assert solve(after, algorithm="idastar", heuristic="linear-conflict").length == shortest - 1


@pytest.mark.slow  # IDA* with the 4x4 tables
def test_without_time_for_ida_the_human_like_move_is_given_not_proven():
    board = random_board(4, 4, seed=6)
    h = hint(board, seconds=0)
    assert not h.optimal and h.method == "human-like search"
    human = solve(board, algorithm="human").moves
    assert h.move == human[0] and h.distance == len(human)
    _check_slide(board, h)
    assert "not proven" in h.text
    shortest = solve(board, algorithm="idastar", heuristic="pdb").length
    assert h.lower_bound is not None and h.lower_bound <= shortest <= h.distance


def test_large_boards_get_the_human_like_move():
    board = random_board(5, 5, seed=7)
    h = hint(board)
    assert not h.optimal and h.lower_bound is None
    human = solve(board, algorithm="human").moves
    assert (h.move, h.distance) == (human[0], len(human))
    _check_slide(board, h)


# ----- Hints: a game's hints, remembered --------------------------------------------------------
GOAL_3X4 = Board.goal("standard", 4, 3)


def _shortest(board: Board, goal: Board) -> int:
    length = solve(board, goal, algorithm="idastar", heuristic="linear-conflict").length
    assert length is not None
    return length


def test_boards_along_a_found_solution_are_answered_without_a_search():
    hints = Hints()
    board = random_board(4, 3, seed=5, goal=GOAL_3X4)
    first = hints.hint(board, GOAL_3X4)
    assert first.optimal and first.distance == _shortest(board, GOAL_3X4)
    at = board
    for left in range(first.distance, 0, -1):
        started = hints.start(at, GOAL_3X4)
        assert isinstance(started, Hint) and started.optimal and started.distance == left
        at = _check_slide(at, started)
    assert at == GOAL_3X4


@pytest.mark.parametrize("seed", range(6))
def test_a_board_one_move_off_a_known_one_takes_one_iteration_and_is_right(seed):
    hints = Hints()
    board = random_board(4, 3, seed=seed, goal=GOAL_3X4)
    first = hints.hint(board, GOAL_3X4)
    # every move but the hinted one leaves the known path
    for move in board.legal_moves():
        if move == first.move:
            continue
        off = board.move(move)
        started = hints.start(off, GOAL_3X4)
        truth = _shortest(off, GOAL_3X4)
        if isinstance(started, Hint):  # both neighbours known: no search at all
            assert started.distance == truth
            continue
        fresh = make_search(off, GOAL_3X4, algorithm="idastar", heuristic=started.heuristic)
        fresh.run()
        answer = started.run(60)
        assert answer is not None and answer.optimal and answer.distance == truth
        _check_slide(off, answer)
        assert _shortest(off.move(answer.move), GOAL_3X4) == truth - 1
        assert started.search.expanded <= fresh.expanded


def test_a_search_stopped_by_its_time_goes_on_where_it_stopped():
    board = random_board(4, 3, seed=11, goal=GOAL_3X4)
    started = Hints().start(board, GOAL_3X4)
    assert isinstance(started, HintSearch)
    # the time is looked at between chunks: small ones, so that 2 ms slices stop it whether
    # the 4x3's tables are at hand (a few thousand expansions) or not
    started.search.chunk = 64
    answer, slices = None, 0
    while answer is None:
        answer = started.run(0.002)
        slices += 1
        if answer is None:
            fallback = started.give_up()
            assert not fallback.optimal and fallback.lower_bound is not None
            assert fallback.lower_bound <= _shortest(board, GOAL_3X4) <= fallback.distance
    whole = make_search(board, GOAL_3X4, algorithm="idastar", heuristic=started.heuristic).run()
    assert slices > 1 and answer.optimal and answer.distance == whole.result().length
    assert started.search.expanded == whole.expanded  # nothing searched twice


def test_a_known_neighbour_is_the_fallback_when_time_runs_out():
    hints = Hints()
    board = random_board(4, 3, seed=3, goal=GOAL_3X4)
    first = hints.hint(board, GOAL_3X4)
    offs = [board.move(m) for m in board.legal_moves() if m != first.move]
    searches = [
        s for s in (hints.start(off, GOAL_3X4) for off in offs) if isinstance(s, HintSearch)
    ]
    assert searches
    for started in searches:
        fallback = started.give_up()
        assert not fallback.optimal and fallback.distance == first.distance + 1
        assert started.board.apply(started.known or "") == GOAL_3X4


def test_a_shortest_solution_found_elsewhere_answers_the_boards_along_it():
    hints = Hints()
    board = random_board(4, 3, seed=7, goal=GOAL_3X4)
    moves = solve(board, GOAL_3X4, algorithm="astar", heuristic="manhattan").moves or ""
    hints.learn(board, GOAL_3X4, moves, "A* + manhattan")
    for k in (0, 3):
        known = hints.known(board.apply(moves[:k]), GOAL_3X4)
        assert known is not None and known.optimal and known.distance == len(moves) - k
        assert known.move == moves[k]
    # a board of at most 9 cells has its exact table: nothing to remember
    small_goal = Board.goal("standard", 3, 3)
    small = random_board(3, 3, seed=7, goal=small_goal)
    hints.learn(small, small_goal, solve(small, small_goal).moves or "", "A* + manhattan")
    assert hints.known(small, small_goal) is None


def test_a_search_split_elsewhere_goes_on_from_its_iteration_and_settles_the_hint():
    board = random_board(4, 3, seed=11, goal=GOAL_3X4)
    started = Hints().start(board, GOAL_3X4)
    assert isinstance(started, HintSearch)
    assert started.split_search() is started.search  # not begun: itself
    started.run(0.002)
    split = started.split_search()
    assert split is not started.search and split.threshold == started.search.threshold
    assert split.expanded == 0 and split.bound == started.search.bound
    split.run()
    assert started.settle(None, False) is None
    answer = started.settle(split.solution, False)
    assert answer is not None and answer.optimal
    assert answer.distance == _shortest(board, GOAL_3X4)
    assert started.give_up(40).lower_bound == 40
