"""The Board and Search controls in CPython."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, solvability
from npuzzle.search.bestfirst import TIE_BREAKS


@pytest.fixture
def search(web: Any, hub: Any) -> Any:
    view = web.controls.SearchControls(web.document, hub)
    view.enable()
    return view


@pytest.fixture
def board_controls(web: Any, hub: Any) -> Any:
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    grid.build()
    view = web.controls.BoardControls(web.document, hub, grid)
    view.enable()
    return view


def test_the_lists_are_npuzzles_own_with_inadmissible_heuristics_marked(
    web: Any, search: Any
) -> None:
    algorithm = web.document.getElementById("algorithm")
    heuristic = web.document.getElementById("heuristic")
    assert [o.value for o in algorithm.options] == ["auto", *ALGORITHMS]
    assert algorithm.options[0].textContent == "Automatic"
    assert [o.value for o in heuristic.options] == list(HEURISTICS)
    assert (algorithm.value, heuristic.value) == ("auto", "manhattan")
    # Automatic picks its own heuristic and weight: they are not offered with it
    assert web.document.getElementById("heuristic").disabled
    assert web.document.getElementById("weight").disabled
    assert web.document.getElementById("auto-help").hidden is False  # and says so
    algorithm.value = "idastar"
    algorithm.dispatch("change")
    assert web.document.getElementById("auto-help").hidden is True
    for option in heuristic.options:
        marked = option.textContent.endswith(" (inadmissible)")
        assert marked == (not HEURISTICS[option.value].info.admissible)


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_heuristic_and_weight_are_offered_only_where_they_count(
    web: Any, search: Any, hub: Any, name: str
) -> None:
    algorithm = web.document.getElementById("algorithm")
    algorithm.value = name
    algorithm.dispatch("change")
    info = ALGORITHMS[name]
    assert web.document.getElementById("heuristic").disabled == (not info.uses_heuristic)
    assert web.document.getElementById("weight").disabled == (not info.takes_weight)
    assert hub.search_changes == 1


@pytest.mark.parametrize("typed", ["", "abc", "0.5", "101", "nan", "-3", "1e9"])
def test_a_bad_weight_is_refused_with_a_message(
    web: Any, search: Any, hub: Any, typed: str
) -> None:
    web.document.getElementById("weight").value = typed
    assert search.settings() is None
    assert hub.said == "Weight must be a number from 1 to 100."


def test_good_settings_are_read_as_one_value(web: Any, search: Any, hub: Any) -> None:
    web.document.getElementById("algorithm").value = "wastar"
    web.document.getElementById("heuristic").value = "linear-conflict"
    web.document.getElementById("weight").value = "2.5"
    web.document.getElementById("tie-break").value = "lifo"
    settings = search.settings()
    assert settings.options == {
        "algorithm": "wastar",
        "heuristic": "linear-conflict",
        "weight": 2.5,
        "tie_break": "lifo",
    }
    assert hub.messages == []


@pytest.mark.parametrize("name", ["auto", *ALGORITHMS])
def test_the_tie_break_is_offered_where_there_are_ties_and_says_why_not_elsewhere(
    web: Any, search: Any, hub: Any, name: str
) -> None:
    tie = web.document.getElementById("tie-break")
    assert [o.value for o in tie.options] == list(TIE_BREAKS)
    algorithm = web.document.getElementById("algorithm")
    algorithm.value = name
    algorithm.dispatch("change")
    info = ALGORITHMS.get(name)
    breaks = info is not None and info.breaks_ties
    assert tie.disabled == (not breaks)
    help_ = web.document.getElementById("tie-help")
    # Automatic's own help says it picks; the others without ties say why
    assert help_.hidden == (breaks or info is None)
    if not help_.hidden:
        assert help_.textContent.startswith(f"{info.title} has no ties to break")
    tie.value = "fifo"
    tie.dispatch("change")
    assert hub.search_changes == 2  # a new rule: the visualizer starts again
    assert search.settings().tie_break == "fifo"


def test_edit_sets_the_board_and_a_custom_goal(web: Any, board_controls: Any, hub: Any) -> None:
    web.document.getElementById("board-text").value = "134 8b5 726"
    web.document.getElementById("goal-text").value = "123 8b4 765"
    event = web.document.getElementById("edit-form").dispatch("submit")
    assert event.default_prevented  # the page is not reloaded
    board, goal, message = hub.boards[-1]
    assert board == Board.parse("1,3,4/8,0,5/7,2,6")
    assert goal == Board.parse("1,2,3/8,0,4/7,6,5")
    assert message == "Board set to 1,3,4/8,0,5/7,2,6."
    assert web.document.getElementById("goal").value == "custom"
    assert board_controls.goal_name is None
    assert web.document.getElementById("grid").dataset.tiles == "1,3,4/8,0,5/7,2,6"


def test_edit_adds_a_size_the_list_lacks_and_refuses_a_bad_board(
    web: Any, board_controls: Any, hub: Any
) -> None:
    web.document.getElementById("board-text").value = "1,2,3,4/5,6,7,0"
    web.document.getElementById("edit-form").dispatch("submit")
    size = web.document.getElementById("size")
    assert size.value == "4x2"
    assert [o.value for o in size.options].count("4x2") == 1
    assert hub.boards[-1][1] == Board.goal("standard", 4, 2)
    count = len(hub.boards)
    web.document.getElementById("board-text").value = "1,1,2/3,4,5/6,7,0"
    web.document.getElementById("edit-form").dispatch("submit")
    assert hub.said.startswith("Cannot use that board: ")
    assert len(hub.boards) == count


def test_size_shuffle_and_reset(web: Any, board_controls: Any, hub: Any) -> None:
    size = web.document.getElementById("size")
    size.value = "4x4"
    size.dispatch("change")
    board, goal, message = hub.boards[-1]  # a new size opens shuffled, as a first visit
    assert goal == Board.goal("standard", 4, 4) and board != goal
    assert solvability(board, goal) and sorted(board.tiles) == list(range(16))
    assert message == "New 4x4 board, shuffled. 0 moves."
    for _ in range(20):
        web.document.getElementById("shuffle").click()
        board, goal, _message = hub.boards[-1]
        assert goal == Board.goal("standard", 4, 4) and board != goal
        assert sorted(board.tiles) == list(range(16))
    web.document.getElementById("reset").click()
    assert hub.boards[-1][:2] == (goal, goal)
    assert hub.said == "Reset to the goal. Solved!"


def test_a_goal_chosen_by_name(web: Any, board_controls: Any, hub: Any) -> None:
    goal = web.document.getElementById("goal")
    goal.value = "snail"
    goal.dispatch("change")
    assert hub.boards[-1][1] == Board.goal("snail", 3, 3)
    goal.value = "custom"  # no goal board typed: the page says how, and keeps standard
    goal.dispatch("change")
    assert "Type a goal board under Goal board, then press Edit." in hub.messages
    assert goal.value == "standard"
    assert hub.boards[-1][1] == Board.goal("standard", 3, 3)
    assert hub.said == "Goal: 1,2,3/4,5,6/7,8,0. Solved!"


@pytest.mark.parametrize(
    ("cores", "memory", "offered", "chosen"),
    [(2, 8, 2, 2), (8, 4, 4, 2), (16, 8, 4, 4), (1, None, 1, 1), (6, None, 4, 2)],
)
def test_workers_offer_one_per_core_and_start_where_memory_allows(
    web: Any, hub: Any, cores: int, memory: float | None, offered: int, chosen: int
) -> None:
    navigator = SimpleNamespace(hardwareConcurrency=cores)
    if memory is not None:
        navigator.deviceMemory = memory
    view = web.controls.SearchControls(web.document, hub, navigator)
    view.enable()
    workers = web.document.getElementById("workers")
    assert [o.value for o in workers.options] == [str(n) for n in range(1, offered + 1)]
    assert view.read_workers() == chosen and not workers.disabled
    workers.value = "1"
    assert view.read_workers() == 1


def test_a_browser_that_tells_nothing_gets_one_worker(web: Any, search: Any) -> None:
    assert search.read_workers() == 1
    assert [o.value for o in web.document.getElementById("workers").options] == ["1"]
