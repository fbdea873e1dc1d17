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


def click(web: Any, ident: str, times: int = 1) -> None:
    for _ in range(times):
        web.document.getElementById(ident).click()


def test_buttons_follow_the_search(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        assert disabled(web) == {"step-back": True, "step": False, "play": False, "run-end": False}
        click(web, "step")
        await web.settle(view)
        assert text(web, "counters").startswith("Step 1 · expanded 1 · generated ")
        assert disabled(web) == {
            "step-back": False,
            "step": False,
            "play": False,
            "run-end": False,
        }
        assert hub.changes == [False]
        click(web, "step-back")
        await web.settle(view)
        assert text(web, "counters").startswith("Step 0 ")
        assert disabled(web)["step-back"] is True
        assert (
            hub.said == "Back to step 0: the open list holds only the start node; Step expands it."
        )
        click(web, "run-end")
        assert view.task is not None
        await web.settle(view)

    asyncio.run(scenario())
    assert hub.said.endswith("goal reached, a path of 16 moves.")
    assert "status solved" in text(web, "counters")
    assert disabled(web) == {"step-back": False, "step": True, "play": True, "run-end": True}
    jump = web.document.getElementById("jump")
    assert jump.max == jump.value == str(view.steps)
    assert text(web, "jump-out") == f"step {view.steps:,} (the end)"


def test_steps_pressed_faster_than_the_worker_answers_are_each_taken_in_order(
    web: Any, parts: Any
) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        click(web, "step", 5)  # five presses before any answer has come
        click(web, "step-back")  # Back is not pressed before a step is shown: nothing
        await web.settle(view)
        assert view.steps == 5 == web.stepped.search.steps
        click(web, "step", 3)
        click(web, "step-back", 2)
        await web.settle(view)
        assert view.steps == 6 == web.stepped.search.steps
        assert text(web, "counters").startswith("Step 6 ")

    asyncio.run(scenario())


def test_a_step_draws_the_expanded_node_its_children_and_the_lists(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        click(web, "step", 3)
        await web.settle(view)

    asyncio.run(scenario())
    search = web.stepped.search
    current = web.document.getElementById("current").innerHTML
    assert current.count("<li") == 1 and 'class="mini"' in current
    assert f"g={search.last_step.node.g} " in current
    children = web.document.getElementById("children").innerHTML
    assert children.count("<li") == len(search.last_step.children) >= 1
    assert children.count('class="outcome-') == children.count("<li")
    closed = web.document.getElementById("closed-list").innerHTML
    assert closed.count("<li") == 3
    opened = web.document.getElementById("open-list").innerHTML
    assert opened.count("<li") == min(40, search.open_size) and "f=" in opened
    assert text(web, "jump-out") == "step 3 (3 explored)"
    assert web.document.getElementById("jump").max == "100"


def test_a_change_of_board_or_settings_starts_again(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)
        assert web.stepped is not None
        view.reset()
        view.reset()  # twice, before the worker has heard of the first
        await web.settle(view)
        assert web.stepped is None  # the worker dropped it

    asyncio.run(scenario())
    assert text(web, "counters") == ""
    assert web.document.getElementById("open-list").innerHTML == ""
    assert disabled(web)["step-back"] is True
    assert view.steps == 0


def test_an_unsolvable_board_or_a_bad_weight_draws_nothing(web: Any, parts: Any, hub: Any) -> None:
    grid, _controls, view = parts

    async def scenario() -> None:
        grid.show(Board.parse("1,2,3/4,5,6/8,7,0"), Board.goal("standard", 3, 3))
        click(web, "step")
        await web.settle(view)
        assert hub.said.startswith("Unsolvable: ")
        assert text(web, "counters") == ""
        grid.show(Board.parse("1,2,3/4,5,6/7,0,8"), Board.goal("standard", 3, 3))
        web.document.getElementById("weight").value = "0"
        click(web, "step")
        await web.settle(view)
        assert hub.said == "Weight must be a number from 1 to 100."
        assert text(web, "counters") == ""

    asyncio.run(scenario())


def test_steps_wait_for_the_worker_and_say_so(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts
    view.bridge.ready = False  # the worker has not answered yet

    async def scenario() -> None:
        click(web, "step")
        await asyncio.sleep(0)
        assert hub.said == web.visualizer.WAITING
        await web.settle(view)
        assert view.steps == 1

    asyncio.run(scenario())


def test_keys_on_the_panel_step_and_play(web: Any, parts: Any, hub: Any) -> None:
    _grid, _controls, view = parts
    panel = web.document.getElementById("visualizer")

    async def keys() -> None:
        panel.dispatch("keydown", key="ArrowRight")
        panel.dispatch("keydown", key="ArrowRight")
        await web.settle(view)
        assert view.steps == 2
        panel.dispatch("keydown", key="ArrowLeft")
        await web.settle(view)
        assert view.steps == 1
        panel.dispatch("keydown", key=" ")
        assert text(web, "play") == "Stop" and view.busy
        await asyncio.sleep(0.3)
        assert "Playing from step 1..." in hub.messages  # not the last Stop's words
        panel.dispatch("keydown", key=" ")
        assert text(web, "play") == "Play" and not view.busy
        await web.settle(view)
        assert hub.said == f"Stopped at step {view.steps:,}."

    web.document.getElementById("speed").value = "60"
    asyncio.run(keys())
    assert view.steps > 1


def test_the_step_limit_is_said_and_disables_what_cannot_go_on(
    web: Any, parts: Any, hub: Any, monkeypatch: Any
) -> None:
    _grid, _controls, view = parts
    for module in (web.visualizer, web.stepper, web.stepping):
        monkeypatch.setattr(module, "MAX_STEPS", 5)  # the board takes more
    limit = web.document.getElementById("step-limit")
    assert limit.hidden

    async def run_to_end() -> None:
        click(web, "run-end")
        assert text(web, "run-end") == "Stop"
        await web.settle(view)
        assert text(web, "counters").startswith("Step 5 ")
        assert hub.said.startswith("Stopped at the visualizer's limit of 5 steps")
        assert not limit.hidden and "limit of 5 steps" in text(web, "step-limit")
        assert text(web, "jump-out") == "step 5 (the limit)"
        assert disabled(web) == {"step-back": False, "step": True, "play": True, "run-end": True}
        assert text(web, "run-end") == "Run to end"
        click(web, "step-back")
        await web.settle(view)

    asyncio.run(run_to_end())
    assert limit.hidden
    assert disabled(web) == {"step-back": False, "step": False, "play": False, "run-end": False}


def test_stop_stops_a_run_at_once_and_says_where(
    web: Any, parts: Any, hub: Any, monkeypatch: Any
) -> None:
    grid, _controls, view = parts
    monkeypatch.setattr(web.visualizer, "SLICE_SECONDS", 0.01)
    # 28 moves: A* takes 11,750 steps
    grid.show(Board.parse("1,4,3,8/7,2,6,0/5,9,11,12/10,14,13,15"), Board.goal("standard", 4, 4))
    run_end = web.document.getElementById("run-end")

    async def run_then_stop() -> None:
        run_end.click()
        while web.stepped is None or web.stepped.search.steps == 0:  # its first slices
            await asyncio.sleep(0.001)
        assert text(web, "run-end") == "Stop" and view.busy
        run_end.click()
        assert not view.busy
        assert text(web, "run-end") == "Run to end"
        await web.settle(view)

    asyncio.run(run_then_stop())
    n = view.steps
    assert 0 < n < 11_750 and n == web.stepped.search.steps
    assert hub.said == f"Stopped at step {n:,}."
    assert text(web, "counters").startswith(f"Step {n} ")
    assert text(web, "run-end") == "Run to end"
    assert text(web, "visualizer-said").startswith(f"Step {n}: ")


def test_single_steps_and_back_are_said_in_the_panels_live_region(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts
    said = web.document.getElementById("visualizer-said")
    assert said.getAttribute("aria-live") == "polite"

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)
        assert said.textContent.startswith("Step 1: expanded the start with f = ")
        assert said.textContent.endswith("; 4 children added.")
        click(web, "step")
        click(web, "step-back")
        await web.settle(view)
        assert said.textContent.startswith("Back to step 1: expanded the start with f = ")
        click(web, "step-back")
        await web.settle(view)
        assert said.textContent == "Back to step 0: nothing expanded yet."

    asyncio.run(scenario())


def test_a_dropped_search_is_freed_in_slices_in_the_worker(
    web: Any, parts: Any, monkeypatch: Any
) -> None:
    _grid, _controls, view = parts
    monkeypatch.setattr(web.pacing, "DROP_CHUNK", 2)  # 100,000 steps' records took 1.4 s
    monkeypatch.setattr(web.pacing, "SLICE_SECONDS", 0)  # a chunk a slice

    async def drop() -> None:
        click(web, "step", 12)
        await web.settle(view)
        history = web.stepped.search._history
        web.worker.steps_close()  # as the view's reset() asks
        assert web.stepped is None and len(history) == 12  # nothing freed in the call
        await asyncio.sleep(0.001)
        assert 0 < len(history) < 12  # a slice at a time
        await asyncio.gather(*web.step_calls._dropping)
        assert history == []

    asyncio.run(drop())


def test_automatic_steps_the_search_it_picks_and_says_which(web: Any, parts: Any, hub: Any) -> None:
    from npuzzle.heuristics import pdbbuild, pdbplan

    grid, controls, view = parts
    for name in pdbplan.table_names(3, 3, grid.goal.blank):  # as the worker would fetch them
        pdbbuild.load(name)
    controls.show("auto", "manhattan", 3.0)

    async def scenario() -> None:
        click(web, "step")
        await web.settle(view)

    asyncio.run(scenario())
    said = "Stepping IDA* with pattern databases: a shortest solution of a 3x3 at once. Step 1: "
    assert hub.messages[-1].startswith(said)
    assert text(web, "counters").startswith("Step 1 ")


def test_run_to_end_goes_past_the_records_and_back_returns_to_them(
    web: Any, parts: Any, hub: Any, monkeypatch: Any
) -> None:
    _grid, _controls, view = parts
    monkeypatch.setattr(web.stepping, "MAX_RECORDED_STEPS", 6)  # the board takes more

    async def scenario() -> None:
        click(web, "run-end")
        await web.settle(view)
        end = view.steps
        assert end > 6 and hub.said.endswith("goal reached, a path of 16 moves.")
        assert "recorded to step 6" in text(web, "counters")
        assert text(web, "why-list").startswith(f"Step {end:,} was taken without a record")
        assert web.document.getElementById("step-limit").hidden
        click(web, "step-back")
        await web.settle(view)
        assert text(web, "counters").startswith("Step 6 ")
        assert hub.said.startswith("Back to step 6, the last recorded step")
        assert f"steps 7 to {end:,} ran without records" in hub.said
        click(web, "step-back")
        await web.settle(view)
        assert hub.said == "Back to step 5."

    asyncio.run(scenario())
