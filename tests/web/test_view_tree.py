"""The search tree view and the grid that follows the search, in CPython."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from npuzzle import Board
from npuzzle.teach.tree import SearchTree

START = Board.parse("2,3,1/8,0,4/7,6,5")
SNAIL = Board.goal("snail", 3, 3)


def el(web: Any, ident: str) -> Any:
    return web.document.getElementById(ident)


def drawn_rows(web: Any) -> list[dict[str, str]]:
    """The treeitems drawn, each as its attributes."""
    html = el(web, "tree-rows").innerHTML
    rows = re.findall(r'<div role="treeitem"([^>]*)>', html)
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', attrs)) for attrs in rows]


async def step(web: Any, view: Any, times: int = 1) -> None:
    for _ in range(times):
        el(web, "step").click()
    await web.settle(view)


async def key(web: Any, view: Any, name: str) -> Any:
    event = el(web, "tree-view").dispatch("keydown", key=name)
    await web.settle(view)
    return event


async def press(web: Any, view: Any, ident: str) -> None:
    el(web, ident).click()
    await web.settle(view)


def test_the_tree_follows_step_and_back_as_an_aria_tree(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts
    assert drawn_rows(web) == [] and el(web, "tree-current").disabled

    async def scenario() -> None:
        await step(web, view, 4)
        search = web.stepped.search
        fresh = SearchTree(search)
        rows = drawn_rows(web)
        expected = fresh.visible_rows(set(), 0, 100).rows
        assert [int(r["data-id"]) for r in rows] == [r.id for r in expected]
        for drawn, row in zip(rows, expected, strict=True):
            assert drawn["aria-level"] == str(row.level)
            assert drawn["aria-posinset"] == str(row.position)
            assert drawn["aria-setsize"] == str(row.siblings)
            assert ("aria-expanded" in drawn) == row.has_children
            assert f"s-{row.state}" in drawn["class"]
            assert ("on-path" in drawn["class"]) == row.on_path
        # the node the step expanded is selected and named as the active descendant
        selected = [r for r in rows if r["aria-selected"] == "true"]
        assert [int(r["data-id"]) for r in selected] == [fresh.current]
        assert el(web, "tree-view").getAttribute("aria-activedescendant") == (
            f"tree-node-{fresh.current}"
        )
        # the tree's count says what it counts: more than the counters' generated, as it
        # holds the duplicates the counters leave out
        summary = el(web, "tree-summary").textContent
        assert summary.startswith(f"{fresh.size} nodes (the start and every child made,")
        assert "duplicates" in summary
        await press(web, view, "step-back")
        assert len(drawn_rows(web)) == SearchTree(search).size < fresh.size

    asyncio.run(scenario())


def test_keys_move_the_selection_open_and_close_rows_and_do_not_step(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        await step(web, view, 3)
        outline = web.stepped.outline
        tree = outline.tree
        await key(web, view, "Home")
        assert outline.selected == tree.root
        event = await key(web, view, "ArrowDown")
        assert event.default_prevented and event.propagation_stopped
        assert view.steps == 3  # the visualizer's arrows are the tree's inside it
        rows = [r.id for r in tree.visible_rows(set(), 0, 100).rows]
        assert outline.selected == rows[1]
        if tree.children(rows[1]):
            await key(web, view, "ArrowLeft")  # an open row: closed
            assert outline.collapsed == {rows[1]}
        await key(web, view, "ArrowLeft")  # a closed row or a leaf: to its parent
        assert outline.selected == tree.root
        await key(web, view, "ArrowLeft")  # an open row: closed
        assert [r["aria-expanded"] for r in drawn_rows(web)] == ["false"]
        assert tree.root in outline.collapsed
        assert "hidden in closed rows" in el(web, "tree-summary").textContent
        await key(web, view, "ArrowRight")  # opened again
        await key(web, view, "ArrowRight")  # to its first child
        assert outline.selected == tree.children(tree.root)[0]
        await press(web, view, "tree-open-all")
        await key(web, view, "End")
        assert outline.selected == rows[-1]
        await key(web, view, "Enter")  # a leaf: nothing to open
        assert len(drawn_rows(web)) == len(rows)

    asyncio.run(scenario())


def test_keys_pressed_faster_than_the_worker_answers_are_each_taken(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        await step(web, view, 6)
        outline = web.stepped.outline
        await key(web, view, "Home")
        for _ in range(4):  # before any answer comes
            el(web, "tree-view").dispatch("keydown", key="ArrowDown")
        await web.settle(view)
        rows = [r.id for r in outline.tree.visible_rows(outline.collapsed, 0, 100).rows]
        assert outline.selected == rows[4]
        assert el(web, "tree-view").getAttribute("aria-activedescendant") == (
            f"tree-node-{rows[4]}"
        )

    asyncio.run(scenario())


def test_a_selected_node_shows_its_board_and_its_place_on_the_open_list(
    web: Any, parts: Any
) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        await step(web, view, 3)
        search, tree = web.stepped.search, web.stepped.outline.tree
        open_ids = [r.id for r in tree.visible_rows(set(), 0, 100).rows if r.state == "open"]
        assert open_ids
        for id in open_ids:
            view.tree.send("select", id=id)  # as a click on its row does
            await web.settle(view)
            position = tree.open_position(id)
            detail = el(web, "tree-detail").innerHTML
            tiles = tree.find(id).tiles
            assert detail.count("<span>") == sum(1 for t in tiles if t > 0)
            if position == 0:
                assert "the next to be expanded" in detail
            else:
                assert f"({position} to be expanded before it)" in detail
            entry = search.open_list(0, 100)[position]
            assert entry.tiles == tiles

    asyncio.run(scenario())


def test_path_only_closes_every_row_off_the_path(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        await step(web, view, 12)
        tree = web.stepped.outline.tree
        await press(web, view, "tree-path")
        path = tree.path_to(tree.current)
        shown = {int(r["data-id"]) for r in drawn_rows(web)}
        assert shown == {tree.root} | {c for id in path for c in tree.children(id)}
        assert not el(web, "tree-open-all").disabled
        await press(web, view, "tree-open-all")
        # a window of the whole outline around the selected node, placed at its rows
        outline = [r.id for r in tree.visible_rows(set(), 0, 1000).rows]
        rows = drawn_rows(web)
        first = outline.index(int(rows[0]["data-id"]))
        assert [int(r["data-id"]) for r in rows] == outline[first : first + len(rows)]
        assert web.stepped.outline.selected in outline[first : first + len(rows)]
        assert f"top:{first * 28}px" in rows[0]["style"]
        assert len(rows) <= 14 + 1 + 2 * 8 < tree.size

    asyncio.run(scenario())


def test_idastar_shows_the_iteration_and_its_threshold(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts
    el(web, "algorithm").value = "idastar"
    el(web, "algorithm").dispatch("change")

    async def scenario() -> None:
        await step(web, view, 30)

    asyncio.run(scenario())
    search = web.stepped.search
    counters = search.counters()
    summary = el(web, "tree-summary").textContent
    assert f"iteration {counters['iteration']}, threshold {counters['threshold']}" in summary
    assert web.stepped.outline.tree.size == SearchTree(search).size
    assert el(web, "legend-open").textContent == "waiting"


def test_a_long_jump_grows_the_tree_in_slices(web: Any, parts: Any, monkeypatch: Any) -> None:
    _grid, _controls, view = parts
    monkeypatch.setattr(web.treeview, "SLICE_SECONDS", 0.0)  # a slice at each look
    summaries: list[str] = []

    async def jump() -> None:
        el(web, "algorithm").value = "bfs"
        el(web, "algorithm").dispatch("change")
        view.step_to(1500)
        await view.task
        task = view.tree.task
        assert task is not None and not view.tree.ready
        while not task.done():
            summaries.append(el(web, "tree-summary").textContent)
            await asyncio.sleep(0)

    asyncio.run(jump())
    assert view.steps == 1500 and view.tree.ready
    assert any(s.startswith("Growing the tree: ") for s in summaries)
    outline = web.stepped.outline
    assert outline.tree.size == SearchTree(web.stepped.search).size
    assert outline.selected == outline.tree.current


def test_the_grid_follows_the_search_while_step_through_is_shown(
    web: Any, parts: Any, hub: Any
) -> None:
    grid, _controls, view = parts
    grid_el = el(web, "grid")

    async def scenario() -> None:
        view.shown(True)
        await web.settle(view)
        # step 0: no node expanded yet, the grid shows the board, the start node
        assert getattr(grid_el.dataset, "showing", "") == ""
        assert grid_el.dataset.tiles == START.format("rows")
        await step(web, view, 2)
        node = web.stepped.search.last_step.node
        assert grid_el.dataset.showing == ",".join(map(str, node.tiles))
        assert grid_el.dataset.tiles == START.format("rows")  # the board played is kept
        moved = [b for b in grid.tiles.values() if "moved" in b.className]
        assert [int(b.dataset.tile) for b in moved] == [node.tiles[START.tiles.index(0)]]
        for tile, button in grid.tiles.items():
            assert button.dataset.cell == str(node.tiles.index(tile))
        assert not el(web, "grid-note").hidden
        assert "step 2" in el(web, "grid-note").textContent
        # another mode gives the grid back to the board
        view.shown(False)
        assert grid_el.dataset.showing == "" and el(web, "grid-note").hidden
        for tile, button in grid.tiles.items():
            assert button.dataset.cell == str(START.tiles.index(tile))
        # the toggle off: the grid stays with the board
        view.shown(True)
        el(web, "follow").checked = False
        el(web, "follow").dispatch("change")
        await step(web, view)
        assert grid_el.dataset.showing == ""
        el(web, "follow").checked = True
        el(web, "follow").dispatch("change")
        assert grid_el.dataset.showing != ""
        # a click on the grid first brings the board back, without moving a tile
        grid.tiles[START.tiles[START.tiles.index(0) + 1]].click()
        assert grid.moves == 0 and grid_el.dataset.showing == ""
        assert hub.said.startswith("Your board is back")

    asyncio.run(scenario())
