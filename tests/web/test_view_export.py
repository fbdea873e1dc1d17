"""Export in CPython: the step's pictures (the tree's drawn by the worker), the frames a
range of steps and a solution make, the search brought back to its step, and what is
refused. What only a browser does (a canvas, a file) is tests/browser/test_site_export.py's."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from npuzzle import Board, make_search
from npuzzle.teach.moves import MoveStyle
from npuzzle.teach.tree import SearchTree

START = Board.parse("2,3,1/8,0,4/7,6,5")
GOAL = Board.goal("snail", 3, 3)
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def export(web: Any, hub: Any, parts: Any) -> Any:
    grid, controls, view = parts
    playback = web.playback.Playback(web.document, hub, grid)
    exporter = web.exportview.ExportView(web.document, web.window, view, playback, grid, controls)
    exporter.enable()
    exporter.saved = []
    exporter.save = lambda data, name, kind, line, about="": exporter.saved.append(
        (name, kind, data)
    )
    return exporter


def steps(web: Any, view: Any, n: int) -> None:
    async def go() -> None:
        for _ in range(n):
            web.document.getElementById("step").click()
        await web.settle(view)

    asyncio.run(go())


def texts(svg: bytes | str) -> list[str]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_each_picture_is_the_step_shown(web: Any, parts: Any, export: Any) -> None:
    _grid, _controls, view = parts
    steps(web, view, 4)
    search = make_search(START, GOAL, heuristic="manhattan")
    tree = SearchTree(search)
    for _ in range(4):
        search.step()
    tree.sync()
    for what in ("board", "lists", "tree"):
        web.document.getElementById("export-what").value = what
        asyncio.run(export.save_picture("svg"))
    names = [name for name, _kind, _data in export.saved]
    assert names == [
        "npuzzle-2,3,1-8,0,4-7,6,5-step-4.svg",
        "npuzzle-2,3,1-8,0,4-7,6,5-step-4-lists.svg",
        "npuzzle-2,3,1-8,0,4-7,6,5-step-4-tree.svg",
    ]
    board, lists, drawn = (data for _name, _kind, data in export.saved)
    assert texts(board)[0] == "A* · Manhattan distance"
    node = search.last_step.node
    assert node is not None
    digits = [t for t in texts(board) if t.isdigit()]
    assert digits == [str(t) for t in node.tiles if t]  # the node step 4 expanded
    assert f"Open list ({search.open_size})" in texts(lists)
    assert f"Closed list ({search.closed_size})" in texts(lists)
    rows = tree.visible_rows(set(), 0, 1000).rows
    assert len(list(ET.fromstring(drawn).iter(f"{SVG}path"))) == len(rows) - 1
    assert sum(t == "current" for t in texts(drawn)) == 1


def test_a_range_of_steps_makes_a_frame_each_and_the_search_comes_back(
    web: Any, parts: Any, export: Any
) -> None:
    _grid, _controls, view = parts
    steps(web, view, 3)
    made: list[Any] = []

    async def make_gif(frames: Any, name: str, delay: int, look: Any, line: Any, bar: Any) -> None:
        made.append((frames, name, delay, look))

    export.make_gif = make_gif
    asyncio.run(export.steps_gif(5, 9))
    ((frames, name, delay, (width, title, _theme)),) = made
    assert name == "npuzzle-2,3,1-8,0,4-7,6,5-steps-5-to-9.gif"
    assert len(frames) == 5 and delay == 100 // 8 and width == 3
    assert title == "A* · Manhattan distance"
    assert [f.lines[0].split(" · ")[0] for f in frames] == [f"Step {n}" for n in range(5, 10)]
    search = make_search(START, GOAL, heuristic="manhattan")
    search.goto(5)
    assert search.last_step.node is not None
    assert frames[0].tiles == search.last_step.node.tiles
    assert view.steps == 3 == web.stepped.search.steps  # back where it was
    assert web.document.getElementById("counters").textContent.startswith("Step 3 ")


def test_a_range_past_the_end_stops_at_the_goal(export: Any) -> None:
    made: list[Any] = []

    async def make_gif(frames: Any, *rest: Any) -> None:
        made.append(frames)

    export.make_gif = make_gif
    asyncio.run(export.steps_gif(0, 400))
    (frames,) = made
    assert frames[0].tiles == START.tiles and frames[0].moved is None  # step 0: the start
    assert frames[-1].solved and frames[-1].tiles == GOAL.tiles
    assert not any(f.solved for f in frames[:-1])


@pytest.mark.parametrize(
    ("first", "last", "said"),
    [
        ("9", "2", "To step must be at least From step"),
        ("0", "500", "at most 500 frames"),
        ("x", "3", "whole numbers"),
    ],
)
def test_a_bad_range_is_said_and_nothing_made(
    web: Any, export: Any, first: str, last: str, said: str
) -> None:
    web.document.getElementById("export-from").value = first
    web.document.getElementById("export-to").value = last
    web.document.getElementById("export-gif").click()
    assert said in web.document.getElementById("export-status").textContent
    assert export.task is None


def test_the_solution_makes_a_frame_a_move(web: Any) -> None:
    exportview = web.exportview
    start = Board.parse("1,3,4/8,0,5/7,2,6")  # 6 moves from the snail goal
    frames = exportview.solution_frames(start, GOAL, "DRUULD", MoveStyle.TILES)
    assert len(frames) == 7
    board = start
    for frame, move in zip(frames[1:], "DRUULD", strict=True):
        board = board.move(move)
        assert frame.tiles == board.tiles
    assert frames[1].lines == ["Move 1 of 6: 2↑"] and frames[1].moved == 2
    assert [f.solved for f in frames] == [False] * 6 + [True]
    svgs = exportview.frame_svgs(frames, 3, "A solution in 6 moves", exportview.Theme.DARK)
    sizes = {(ET.fromstring(s).get("width"), ET.fromstring(s).get("height")) for s in svgs}
    assert len(sizes) == 1  # one size for every frame of a GIF
