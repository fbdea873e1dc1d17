"""The visualizer view in CPython: buttons by state, steps drawn, Back, Run to end, keys."""

from __future__ import annotations

import asyncio
from typing import Any

from npuzzle import Board

BUTTONS = ("step-back", "step", "play", "run-end")


def disabled(web: Any) -> dict[str, bool]:
    return {name: web.document.getElementById(name).disabled for name in BUTTONS}


def text(web: Any, ident: str) -> str:
    return str(web.document.getElementById(ident).textContent)


def test_buttons_follow_the_search(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts
    assert disabled(web) == {"step-back": True, "step": False, "play": False, "run-end": False}
    web.document.getElementById("step").click()
    assert text(web, "counters").startswith("Step 1 · expanded 1 · generated ")
    assert disabled(web) == {"step-back": False, "step": False, "play": False, "run-end": False}
    assert hub.changes == [False]
    web.document.getElementById("step-back").click()
    assert text(web, "counters").startswith("Step 0 ")
    assert disabled(web)["step-back"] is True
    assert hub.said == "Back to step 0."

    async def run_to_end() -> None:
        web.document.getElementById("run-end").click()
        assert view.task is not None
        await view.task

    asyncio.run(run_to_end())
    assert hub.said.endswith("goal reached, a path of 16 moves.")
    assert "status solved" in text(web, "counters")
    assert disabled(web) == {"step-back": False, "step": True, "play": True, "run-end": True}
    jump = web.document.getElementById("jump")
    assert jump.max == jump.value == str(view.steps)
    assert text(web, "jump-out") == f"step {view.steps:,} (the end)"


def test_a_step_draws_the_expanded_node_its_children_and_the_lists(web: Any, parts: Any) -> None:
    for _ in range(3):
        web.document.getElementById("step").click()
    current = web.document.getElementById("current").innerHTML
    assert current.count("<li") == 1 and 'class="mini"' in current
    children = web.document.getElementById("children").innerHTML
    assert children.count("<li") >= 1
    assert children.count('class="outcome-') == children.count("<li")
    closed = web.document.getElementById("closed-list").innerHTML
    assert closed.count("<li") == 3
    assert "f=" in web.document.getElementById("open-list").innerHTML
    assert text(web, "jump-out") == "step 3 (3 explored)"
    assert web.document.getElementById("jump").max == "100"


def test_a_change_of_board_or_settings_starts_again(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts
    web.document.getElementById("step").click()
    view.reset()
    assert text(web, "counters") == ""
    assert web.document.getElementById("open-list").innerHTML == ""
    assert disabled(web)["step-back"] is True
    assert view.steps == 0


def test_an_unsolvable_board_or_a_bad_weight_draws_nothing(web: Any, parts: Any, hub: Any) -> None:
    grid, _controls, _view = parts
    grid.show(Board.parse("1,2,3/4,5,6/8,7,0"), Board.goal("standard", 3, 3))
    web.document.getElementById("step").click()
    assert hub.said.startswith("Unsolvable: ")
    assert text(web, "counters") == ""
    grid.show(Board.parse("1,2,3/4,5,6/7,0,8"), Board.goal("standard", 3, 3))
    web.document.getElementById("weight").value = "0"
    web.document.getElementById("step").click()
    assert hub.said == "Weight must be a number from 1 to 100."
    assert text(web, "counters") == ""


def test_keys_on_the_panel_step_and_play(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts
    panel = web.document.getElementById("visualizer")

    async def keys() -> None:
        panel.dispatch("keydown", key="ArrowRight")
        panel.dispatch("keydown", key="ArrowRight")
        assert view.steps == 2
        panel.dispatch("keydown", key="ArrowLeft")
        assert view.steps == 1
        panel.dispatch("keydown", key=" ")
        assert text(web, "play") == "Stop" and view.busy
        await asyncio.sleep(0.3)
        panel.dispatch("keydown", key=" ")
        assert text(web, "play") == "Play" and not view.busy

    web.document.getElementById("speed").value = "60"
    asyncio.run(keys())
    assert view.steps > 1


def test_the_step_limit_is_said_and_disables_what_cannot_go_on(
    web: Any, parts: Any, hub: Any, monkeypatch: Any
) -> None:
    _grid, _controls, view = parts
    monkeypatch.setattr(web.visualizer, "MAX_STEPS", 5)  # the board takes more
    monkeypatch.setattr(web.stepper, "MAX_STEPS", 5)
    limit = web.document.getElementById("step-limit")
    assert limit.hidden

    async def run_to_end() -> None:
        web.document.getElementById("run-end").click()
        assert text(web, "run-end") == "Stop"
        assert view.task is not None
        await view.task

    asyncio.run(run_to_end())
    assert text(web, "counters").startswith("Step 5 ")
    assert hub.said.startswith("Stopped at the visualizer's limit of 5 steps")
    assert not limit.hidden and "limit of 5 steps" in text(web, "step-limit")
    assert text(web, "jump-out") == "step 5 (the limit)"
    assert disabled(web) == {"step-back": False, "step": True, "play": True, "run-end": True}
    assert text(web, "run-end") == "Run to end"
    web.document.getElementById("step-back").click()
    assert limit.hidden
    assert disabled(web) == {"step-back": False, "step": False, "play": False, "run-end": False}


def test_stop_stops_a_run_at_once_and_says_where(web: Any, parts: Any, hub: Any) -> None:
    grid, _controls, view = parts
    # 28 moves: A* takes 11,750 steps
    grid.show(Board.parse("1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15"), Board.goal("standard", 4, 4))
    run_end = web.document.getElementById("run-end")

    async def run_then_stop() -> None:
        run_end.click()
        await asyncio.sleep(0)  # its first slice
        assert text(web, "run-end") == "Stop" and view.busy
        run_end.click()
        assert not view.busy

    asyncio.run(run_then_stop())
    n = view.steps
    assert 0 < n < 11_750
    assert hub.said == f"Stopped at step {n:,}."
    assert text(web, "counters").startswith(f"Step {n} ")
    assert text(web, "run-end") == "Run to end"
    assert text(web, "visualizer-said").startswith(f"Step {n}: ")


def test_single_steps_and_back_are_said_in_the_panels_live_region(web: Any, parts: Any) -> None:
    said = web.document.getElementById("visualizer-said")
    assert said.getAttribute("aria-live") == "polite"
    web.document.getElementById("step").click()
    assert said.textContent.startswith("Step 1: expanded the start with f = ")
    assert said.textContent.endswith("; 4 children added.")
    web.document.getElementById("step").click()
    web.document.getElementById("step-back").click()
    assert said.textContent.startswith("Back to step 1: expanded the start with f = ")
    web.document.getElementById("step-back").click()
    assert said.textContent == "Back to step 0: nothing expanded yet."


def test_a_dropped_search_is_freed_in_slices_after_the_handler(
    web: Any, parts: Any, monkeypatch: Any
) -> None:
    _grid, _controls, view = parts
    monkeypatch.setattr(web.pacing, "DROP_CHUNK", 2)  # 100,000 steps' records took 1.4 s
    monkeypatch.setattr(web.pacing, "SLICE_SECONDS", 0)  # a chunk a slice

    async def drop() -> None:
        for _ in range(12):
            web.document.getElementById("step").click()
        assert view.search is not None
        history = view.search._history
        view.reset()
        assert len(history) == 12 and view.search is None  # nothing freed in the handler
        await asyncio.sleep(0.001)
        assert 0 < len(history) < 12  # a slice at a time
        await asyncio.gather(*view.dropping)
        assert history == []

    asyncio.run(drop())
