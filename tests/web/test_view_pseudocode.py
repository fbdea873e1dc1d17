"""The visualizer's pseudocode panel in CPython (web/page/pseudocodeview.py): the line the
engine's record names is marked, Back returns to it exactly, Step line walks a step's lines
and then takes the next step."""

from __future__ import annotations

import asyncio
from typing import Any

from npuzzle import Board, make_search
from npuzzle.teach.pseudocode import pseudocode

BOARD = Board.parse("2,3,1/8,0,4/7,6,5")
SNAIL = Board.goal("snail", 3, 3)


def marked(web: Any, view: Any) -> tuple[int | None, str]:
    """The row marked current (1 first) and what the panel says."""
    rows = view.pseudocode.rows
    current = [i + 1 for i, row in enumerate(rows) if row.classList.contains("current")]
    assert len(current) <= 1
    assert [row.getAttribute("aria-current") for row in rows].count("step") == len(current)
    where = str(web.document.getElementById("pseudocode-where").textContent)
    return (current[0] if current else None), where


def expected_rows(number: int) -> list[int]:
    """The rows (1 first) of the lines A* with Manhattan ran in step ``number`` of BOARD, as
    the engine records them."""
    search = make_search(BOARD, SNAIL, algorithm="astar", heuristic="manhattan")
    search.goto(number)
    code = pseudocode(search.algorithm)
    step = search.last_step
    assert step is not None
    return [code.row_of(line) + 1 for line in step.lines]


def test_ordinals(web: Any) -> None:
    ordinal = web.pseudocodeview.ordinal
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "111th",
    ]


def click(web: Any, ident: str, times: int = 1) -> None:
    for _ in range(times):
        web.document.getElementById(ident).click()


def test_step_and_back_mark_the_last_line_the_step_ran(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)
        assert web.document.getElementById("pseudocode-title").textContent == "A*"
        assert len(view.pseudocode.rows) == len(pseudocode(web.stepped.search.algorithm).rows)
        rows = expected_rows(1)
        row, where = marked(web, view)
        assert row == rows[-1]
        last = web.pseudocodeview.ordinal(len(rows))
        assert where.startswith(f"Step 1, the {last} of the {len(rows)} lines it ran. ")
        assert f"Line {rows[-1]}: " in where
        click(web, "step", 3)
        await web.settle(view)
        assert marked(web, view)[0] == expected_rows(4)[-1]
        click(web, "step-back")
        await web.settle(view)
        assert marked(web, view)[0] == expected_rows(3)[-1]
        click(web, "step-back", 3)
        await web.settle(view)
        row, where = marked(web, view)
        assert row == 1 and where.startswith("Line 1: put the start on the open list")

    asyncio.run(scenario())


def test_step_line_walks_the_lines_then_takes_the_next_step(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts
    said = web.document.getElementById("pseudocode-said")

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)
        assert view.steps == 1
        click(web, "step-line")  # the step's last line: the next step, at its first line
        await web.settle(view)
        assert view.steps == 2
        rows = expected_rows(2)
        for at, row in enumerate(rows):
            here, where = marked(web, view)
            assert here == row
            nth = web.pseudocodeview.ordinal(at + 1)
            assert where.startswith(f"Step 2, the {nth} of the {len(rows)} lines it ran. ")
            assert f"Line {row}: " in where
            assert said.textContent == where  # each line walked to is said
            assert ("The lists show the whole step." in where) == (at < len(rows) - 1)
            # a line about a child names the child the panel outlines among the children
            step = web.stepped.search.last_step
            child = view.pseudocode.current_child()
            about = step.lines[at] in ("generate", "prune", "duplicate", "push")
            assert (child is not None) == about
            if child is not None:
                assert f"child {child + 1} of {len(step.children)}" in where
            if at < len(rows) - 1:
                click(web, "step-line")
                assert view.steps == 2  # within the step: no request to the worker
        click(web, "step-back")
        await web.settle(view)
        assert view.steps == 1 and marked(web, view)[0] == expected_rows(1)[-1]

    asyncio.run(scenario())


def test_a_step_of_one_line_says_so(web: Any, parts: Any) -> None:
    _grid, controls, view = parts
    controls.show("anytime", "manhattan", 3.0)  # its phases: one line a step, mostly
    view.reset()

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)

    asyncio.run(scenario())
    step = web.stepped.search.last_step
    assert [str(line) for line in step.lines] == ["weighted"]
    _row, where = marked(web, view)
    assert where.startswith("Step 1 ran one line. Line 4: expanded a node (phase 1: ")


def test_a_new_search_clears_the_mark_and_the_end_disables_step_line(web: Any, parts: Any) -> None:
    grid, _controls, view = parts
    button = web.document.getElementById("step-line")

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)
        view.reset()
        assert marked(web, view) == (None, "")
        await web.settle(view)
        grid.show(Board.parse("1,2,3/4,5,6/7,0,8"), Board.goal("standard", 3, 3))
        view.reset()
        await web.settle(view)
        click(web, "step", 2)  # the start expanded, then the goal taken
        await web.settle(view)
        assert view.done
        button.focus()
        view.sync()
        assert button.disabled  # its last line, and no step after it
        assert web.document.activeElement.id == "step-back"

    asyncio.run(scenario())
