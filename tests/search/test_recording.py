"""A learner's search: recorded up to a limit, run on past it to the end, Back over the
recorded steps only."""

from __future__ import annotations

import pytest

from npuzzle import Board, Status, make_search, solve
from npuzzle.search.recording import Recording

BOARD, GOAL = Board.parse("231 7b8 654"), Board.parse("123 8b4 765")


def _recording(limit: int, **options) -> Recording:
    return Recording(lambda: make_search(BOARD, GOAL, **options), limit=limit)


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "idastar"])
def test_past_the_limit_the_search_runs_on_to_what_running_gives(algorithm):
    ran = solve(BOARD, GOAL, algorithm=algorithm)
    recording = _recording(10, algorithm=algorithm)
    steps = 0
    while recording.step():
        steps += 1
        assert recording.steps == steps
        assert recording.past_records == (steps > 10)
    result = recording.search.result()
    assert (result.status, result.moves) == (Status.SOLVED, ran.moves)
    assert (result.expanded, result.generated, result.max_open) == (
        ran.expanded,
        ran.generated,
        ran.max_open,
    )
    assert recording.recorded_steps == 10 and recording.recorded.unrecorded == 0


def test_a_step_past_the_records_shows_what_a_recorded_step_would():
    whole = make_search(BOARD, GOAL, algorithm="bfs")
    recording = _recording(5, algorithm="bfs")
    for _ in range(12):
        whole.step()
        recording.step()
        assert recording.search.counters() == whole.counters()
        assert recording.search.open_list(0, 10) == whole.open_list(0, 10)
    assert recording.search.last_step is None  # nothing kept of it


def test_back_returns_to_the_last_recorded_step_then_over_the_records():
    whole = make_search(BOARD, GOAL, algorithm="bfs")
    recording = _recording(5, algorithm="bfs")
    recording.goto(9)
    assert recording.steps == 9 and recording.past_records
    assert recording.back() and recording.steps == 5 and not recording.past_records
    whole.goto(5)
    assert recording.search.counters() == whole.counters()
    assert recording.search.last_step == whole.last_step
    assert recording.back() and recording.steps == 4
    recording.goto(0)
    assert recording.steps == 0 and not recording.back()
    recording.goto(7)  # on past the records again
    whole.goto(7)
    assert recording.past_records and recording.search.counters() == whole.counters()


def test_catching_up_can_be_done_in_slices():
    recording = _recording(8, algorithm="bfs")
    recording.goto(8)
    assert recording.behind == 8
    assert not recording.ready(3) and recording.behind == 5
    assert recording.ready(5) and recording.behind == 0
    assert recording.step() and recording.steps == 9


def test_past_the_records_the_node_limit_stops_the_search():
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    recording = Recording(lambda: make_search(board, algorithm="bfs"), limit=50, max_nodes=80)
    while recording.step():
        pass
    search = recording.search
    assert search.status == Status.LIMIT and search.expanded == 80
    assert search.reason == "stopped after 80 nodes"
    assert recording.steps > recording.recorded_steps == 50
