"""web/page/yoursview.py with the worker's heuristic_calls.py in CPython: Check, its verdict,
the menus, the counterexample opened, the editor's keys, a link's code not run."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from conftest import Worker
from handwritten import TWICE_MANHATTAN
from oracles import distances

from npuzzle import Board
from npuzzle.heuristics import yours as package_yours


class Key:
    def __init__(self, key: str, shift: bool = False) -> None:
        self.key, self.shiftKey, self.prevented = key, shift, False

    def preventDefault(self) -> None:
        self.prevented = True


@pytest.fixture
def yours(web: Any, hub: Any) -> Any:
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    board_controls = web.controls.BoardControls(web.document, hub, grid)
    controls = web.controls.SearchControls(web.document, hub)
    bridge = web.bridge.Bridge(web.workers, web.window)
    web.workers["solver"] = Worker(web.worker)
    bridge.ready = True
    grid.show(Board.parse("3,2,1/4,5,6/7,8,0"), Board.goal("standard", 3, 3))
    view = web.yoursview.YoursView(web.document, hub, bridge, grid, board_controls, [controls])
    view.enable()
    yield view, controls
    package_yours.uninstall()


def options(select: Any) -> dict[str, str]:
    return {o.value: o.textContent for o in select.options}


async def check(view: Any, source: str) -> None:
    view.code.value = source
    await view.check()


def test_an_inadmissible_heuristic_is_reported_with_its_board(yours: Any, hub: Any) -> None:
    view, controls = yours
    asyncio.run(check(view, TWICE_MANHATTAN))
    status = view.status.textContent
    assert "not admissible" in status and "Yours (inadmissible) is now" in status
    assert options(controls.heuristic)["yours"] == "Yours (inadmissible)"
    assert not view.open_button.hidden
    view.open_button.click()
    board, goal = hub.grid.board, hub.grid.goal
    assert str(board) in status and goal == Board.goal("standard", 3, 3)
    exact = distances(goal.tiles, 3, 3)[board.tiles]
    twice = 2 * sum(
        abs(i % 3 - goal.tiles.index(t) % 3) + abs(i // 3 - goal.tiles.index(t) // 3)
        for i, t in enumerate(board.tiles)
        if t
    )
    assert twice > exact
    assert f"says {twice} here; the true distance is {exact} moves" in hub.said


def test_an_admissible_heuristic_is_offered_and_the_template_passes(yours: Any) -> None:
    view, controls = yours
    asyncio.run(check(view, view.code.value))  # the template: misplaced tiles
    assert "admissible; consistent" in view.status.textContent
    assert options(controls.heuristic)["yours"] == "Yours"
    assert view.open_button.hidden and view.link() == view.code.value


def test_a_failure_gives_its_message_selects_its_line_and_drops_the_entry(yours: Any) -> None:
    view, controls = yours
    asyncio.run(check(view, view.code.value))
    controls.heuristic.value = "yours"
    source = "def h(tiles, goal, width, height):\n    while True:\n        pass\n"
    asyncio.run(check(view, source))
    assert "line 2" in view.status.textContent and "endless loop" in view.status.textContent
    assert (view.code.selectionStart, view.code.selectionEnd) == (35, 50)
    assert "yours" not in options(controls.heuristic)
    assert controls.heuristic.value == "manhattan" and view.link() is None
    asyncio.run(check(view, "def h(tiles, goal, width, height):\n    return 1 / 0\n"))
    assert "ZeroDivisionError: division by zero" in view.status.textContent


def test_tab_indents_until_escape_lets_it_leave(yours: Any) -> None:
    view, _ = yours
    view.code.value = "ab"
    view.code.selectionStart = view.code.selectionEnd = 1
    key = Key("Tab")
    view.on_key(key)
    assert key.prevented and view.code.value == "a    b"
    view.on_key(Key("Escape"))
    leave = Key("Tab")
    view.on_key(leave)
    assert not leave.prevented  # the browser moves the focus on
    back = Key("Tab", shift=True)
    view.on_key(back)
    assert not back.prevented


def test_a_link_s_code_is_shown_and_not_run(yours: Any, web: Any) -> None:
    view, controls = yours
    view.from_link("def h(tiles, goal, width, height):\n    return 0\n")
    assert view.code.value.endswith("return 0\n") and view.box.open
    assert "runs only when you press Check" in view.status.textContent
    assert package_yours.installed() is None and "yours" not in options(controls.heuristic)
    assert view.lines.textContent == "1\n2\n3"


def test_compare_offers_yours_and_steps_with_it(yours: Any, web: Any, hub: Any) -> None:
    view, _ = yours
    bridge = view.bridge
    compare = web.compareview.CompareView(
        web.document, lambda: (view.grid.board, view.grid.goal), bridge, lambda: None
    )
    view.menus.append(compare)
    compare.enable()

    async def scenario() -> None:
        compare.show()
        await view.check()  # the template: misplaced tiles
        heuristics = [web.document.getElementById(f"compare-heuristic-{i}") for i in (0, 1)]
        assert all(options(s).get("yours") == "Yours" for s in heuristics)
        heuristics[1].value = "yours"
        heuristics[1].dispatch("change")
        while compare.asked or compare.task is not None:
            await asyncio.sleep(0.002)
        assert [e.heuristic for e in compare.entrants][1] == "yours"
        view.forget()
        heuristics = [web.document.getElementById(f"compare-heuristic-{i}") for i in (0, 1)]
        assert all("yours" not in options(s) for s in heuristics)
        assert [e.heuristic for e in compare.entrants][1] == "manhattan"

    asyncio.run(scenario())
