"""The grid view in CPython: drawing, clicks, keys, swipes and Arrange, and the grid as an
ARIA grid (rows and named cells in grid order, one tab stop, the focus moved by keys)."""

from __future__ import annotations

from typing import Any

import pytest

from npuzzle import Board


@pytest.fixture
def grid(web: Any, hub: Any) -> Any:
    view = web.grid.GridView(web.document, hub)
    hub.grid = view
    view.build()
    return view


def tiles(web: Any) -> dict[int, Any]:
    buttons = web.document.getElementById("grid").querySelectorAll("button.tile")
    return {int(b.dataset.tile): b for b in buttons}


def name(cell: Any) -> str:
    """A gridcell's accessible name: its own label, else its button's (name from content)."""
    label = cell.getAttribute("aria-label")
    if label is None and cell.children:
        label = cell.children[0].getAttribute("aria-label")
    return label or ""


def rows_of_names(web: Any) -> list[list[str]]:
    """The grid as an accessibility tree reads it: its rows, and their cells' names."""
    grid = web.document.getElementById("grid")
    assert grid.getAttribute("role") == "grid"
    rows = []
    for row in grid.children:
        assert row.getAttribute("role") == "row"
        assert all(cell.getAttribute("role") == "gridcell" for cell in row.children)
        rows.append([name(cell) for cell in row.children])
    return rows


def tab_stops(web: Any) -> list[Any]:
    grid = web.document.getElementById("grid")
    focusable = [e for e in grid.descendants() if e.getAttribute("tabindex") is not None]
    return [e for e in focusable if e.getAttribute("tabindex") == "0"]


def test_draws_every_tile_with_its_label_at_its_cell(web: Any, grid: Any) -> None:
    board = Board.parse("1,3,4/8,0,5/7,2,6")
    grid.show(board, Board.parse("1,2,3/8,0,4/7,6,5"))
    drawn = tiles(web)
    assert sorted(drawn) == list(range(1, 9))  # no button for the blank
    for cell, tile in enumerate(board.tiles):
        if not tile:
            continue
        button = drawn[tile]
        assert button.tagName == "BUTTON" and button.type == "button"
        row, col = divmod(cell, 3)
        assert button.getAttribute("aria-label") == f"Tile {tile}, row {row + 1}, column {col + 1}"
        assert button.textContent == str(tile)
        assert button.children[0].getAttribute("aria-hidden") == "true"
        assert button.dataset.cell == str(cell)
        row, col = divmod(cell, 3)
        assert button.style.getPropertyValue("--r") == str(row)
        assert button.style.getPropertyValue("--c") == str(col)
    element = web.document.getElementById("grid")
    assert element.dataset.tiles == "1,3,4/8,0,5/7,2,6"
    assert element.style.getPropertyValue("--w") == "3"
    assert not element.classList.contains("solved")
    assert web.document.getElementById("moves").textContent == "0"


def test_a_wide_board_is_drawn_in_its_shape(web: Any, grid: Any) -> None:
    goal = Board.goal("standard", 4, 2)
    grid.show(goal, goal)
    element = web.document.getElementById("grid")
    assert (element.dataset.width, element.dataset.height) == ("4", "2")
    assert tiles(web)[7].style.getPropertyValue("--r") == "1"
    assert tiles(web)[7].style.getPropertyValue("--c") == "2"
    assert element.classList.contains("solved")


def test_a_click_next_to_the_gap_moves_the_tile_and_a_far_one_does_nothing(
    web: Any, grid: Any, hub: Any
) -> None:
    element = web.document.getElementById("grid")
    tiles(web)[1].children[0].click()  # the click lands on the face and bubbles
    assert grid.moves == 0 and hub.changes == []
    tiles(web)[8].click()
    assert element.dataset.tiles == "1,2,3/4,5,6/7,0,8"
    assert tiles(web)[8].dataset.cell == "8"
    assert tiles(web)[8].style.getPropertyValue("--c") == "2"
    assert web.document.getElementById("moves").textContent == "1"
    assert hub.said == "Moved tile 8 right. 1 move."
    assert hub.changes == [False]  # the address is rewritten, not pushed
    assert not element.classList.contains("solved")
    tiles(web)[8].click()
    assert element.classList.contains("solved")
    assert hub.said == "Solved in 2 moves."


def test_arrow_keys_move_a_tile_in_their_direction_but_not_inside_controls(
    web: Any, grid: Any, hub: Any
) -> None:
    body = web.document.body
    event = body.dispatch("keydown", key="ArrowDown")  # tile 6 slides down into the gap
    assert event.default_prevented
    assert grid.board.format("rows") == "1,2,3/4,5,0/7,8,6"
    body.dispatch("keydown", key="ArrowUp")
    assert grid.board.format("rows") == "1,2,3/4,5,6/7,8,0"
    body.dispatch("keydown", key="ArrowUp")  # nothing below the gap
    assert hub.said == "No tile can move up."
    assert grid.moves == 2
    for ident in ("size", "weight", "visualizer"):
        event = web.document.getElementById(ident).dispatch("keydown", key="ArrowDown")
        assert not event.default_prevented
    body.dispatch("keydown", key="ArrowDown", shiftKey=True)
    assert grid.moves == 2


def test_a_swipe_moves_a_tile_and_swallows_the_click_that_follows(
    web: Any, grid: Any, hub: Any
) -> None:
    element = web.document.getElementById("grid")
    element.dispatch("pointerdown", clientX=100, clientY=100)
    element.dispatch("pointerup", clientX=160, clientY=110)  # to the right: tile 8 slides
    assert grid.board.format("rows") == "1,2,3/4,5,6/7,0,8"
    tiles(web)[8].click()  # the click at the end of the swipe
    assert grid.moves == 1
    element.dispatch("pointerdown", clientX=100, clientY=100)
    element.dispatch("pointerup", clientX=105, clientY=102)  # a tap: the click moves
    tiles(web)[8].click()
    assert grid.moves == 2 and grid.solved
    element.dispatch("pointerdown", clientX=100, clientY=100)
    element.dispatch("pointerup", clientX=100, clientY=40)  # up: nothing below the gap
    assert hub.said == "No tile can move up."


def test_arrange_swaps_two_tiles_and_says_when_the_goal_is_out_of_reach(
    web: Any, grid: Any, hub: Any
) -> None:
    arrange = web.document.getElementById("arrange")
    arrange.dispatch("click")
    assert arrange.getAttribute("aria-pressed") == "true"
    tiles(web)[1].click()
    assert tiles(web)[1].classList.contains("picked")
    tiles(web)[2].click()
    assert not tiles(web)[1].classList.contains("picked")
    assert grid.board.format("rows") == "2,1,3/4,5,6/7,8,0"
    assert hub.said == "Swapped tiles 1 and 2."
    arrange.dispatch("click")
    assert arrange.getAttribute("aria-pressed") == "false"
    board, _goal, message = hub.boards[-1]
    assert board.format("rows") == "2,1,3/4,5,6/7,8,0"
    assert "It cannot reach the goal" in message
    assert not grid.arranging


def test_the_grid_reads_in_grid_order_each_cell_named_with_its_row_and_column(
    web: Any, grid: Any
) -> None:
    grid.show(Board.parse("1,3,4/8,0,5/7,2,6"), Board.parse("1,2,3/8,0,4/7,6,5"))
    assert rows_of_names(web) == [
        ["Tile 1, row 1, column 1", "Tile 3, row 1, column 2", "Tile 4, row 1, column 3"],
        ["Tile 8, row 2, column 1", "Gap, row 2, column 2", "Tile 5, row 2, column 3"],
        ["Tile 7, row 3, column 1", "Tile 2, row 3, column 2", "Tile 6, row 3, column 3"],
    ]
    tiles(web)[3].click()  # tile 3 slides down into the gap: the rows follow
    assert rows_of_names(web)[:2] == [
        ["Tile 1, row 1, column 1", "Gap, row 1, column 2", "Tile 4, row 1, column 3"],
        ["Tile 8, row 2, column 1", "Tile 3, row 2, column 2", "Tile 5, row 2, column 3"],
    ]
    goal = Board.goal("standard", 4, 2)
    grid.show(goal, goal)
    assert [len(row) for row in rows_of_names(web)] == [4, 4]
    assert rows_of_names(web)[1][3] == "Gap, row 2, column 4"


def test_the_grid_is_one_tab_stop_and_arrows_home_end_move_the_focus_not_the_tiles(
    web: Any, grid: Any, hub: Any
) -> None:
    document = web.document
    assert tab_stops(web) == [tiles(web)[1]]  # the first cell
    tiles(web)[1].focus()
    event = tiles(web)[1].dispatch("keydown", key="ArrowRight")
    assert event.default_prevented
    assert document.activeElement is tiles(web)[2]
    assert tab_stops(web) == [tiles(web)[2]]
    assert grid.moves == 0 and grid.board.format("rows") == "1,2,3/4,5,6/7,8,0"
    tiles(web)[2].dispatch("keydown", key="ArrowDown")
    tiles(web)[5].dispatch("keydown", key="ArrowDown")
    assert document.activeElement is tiles(web)[8]
    tiles(web)[8].dispatch("keydown", key="ArrowDown")  # the edge: the focus stays
    assert document.activeElement is tiles(web)[8]
    tiles(web)[8].dispatch("keydown", key="End")  # the row's last cell: the gap
    gap = document.activeElement
    assert name(gap) == "Gap, row 3, column 3" and tab_stops(web) == [gap]
    gap.dispatch("keydown", key="Home")
    assert document.activeElement is tiles(web)[7]
    tiles(web)[7].dispatch("keydown", key="Home", ctrlKey=True)  # the grid's first cell
    assert document.activeElement is tiles(web)[1]
    tiles(web)[1].dispatch("keydown", key="End", ctrlKey=True)
    assert document.activeElement is gap
    assert grid.moves == 0 and hub.changes == []


def test_enter_slides_the_focused_tile_and_the_focus_stays_on_its_cell_now_the_gap(
    web: Any, grid: Any, hub: Any
) -> None:
    document = web.document
    tiles(web)[6].focus()  # above the gap (cell 5)
    event = tiles(web)[6].dispatch("keydown", key="Enter")
    assert not event.default_prevented  # the button's own Enter: a click
    tiles(web)[6].click()
    assert grid.board.format("rows") == "1,2,3/4,5,0/7,8,6"
    assert hub.said == "Moved tile 6 down. 1 move."
    gap = document.activeElement
    assert name(gap) == "Gap, row 2, column 3" and gap.classList.contains("gap")
    assert tab_stops(web) == [gap]
    assert tiles(web)[6].getAttribute("aria-label") == "Tile 6, row 3, column 3"
    gap.dispatch("keydown", key="ArrowDown")  # to tile 6, which can slide back
    assert document.activeElement is tiles(web)[6]
    tiles(web)[6].click()
    assert grid.solved and name(document.activeElement) == "Gap, row 3, column 3"


def test_enter_on_the_gap_or_a_far_tile_says_why_nothing_moved(
    web: Any, grid: Any, hub: Any
) -> None:
    tiles(web)[1].focus()
    tiles(web)[1].dispatch("keydown", key="End", ctrlKey=True)
    event = web.document.activeElement.dispatch("keydown", key="Enter")
    assert event.default_prevented
    assert hub.said.startswith("Row 3, column 3 is the gap")
    tiles(web)[1].click()
    assert hub.said == "Tile 1 is not next to the gap."
    assert grid.moves == 0


def test_arrows_outside_the_grid_still_slide_tiles_and_a_move_keeps_an_outside_focus(
    web: Any, grid: Any
) -> None:
    document = web.document
    share = document.getElementById("share")
    share.focus()
    event = share.dispatch("keydown", key="ArrowDown")
    assert event.default_prevented and grid.moves == 1
    assert document.activeElement is share  # the move does not pull the focus in
    assert tab_stops(web) == [tiles(web)[1]]


def test_a_node_shown_from_the_search_is_named_where_its_tiles_stand(web: Any, grid: Any) -> None:
    grid.preview((1, 2, 3, 4, 5, 0, 7, 8, 6), 6, "Showing a node.")
    assert rows_of_names(web)[1][2] == "Gap, row 2, column 3"
    assert rows_of_names(web)[2][2] == "Tile 6, row 3, column 3"
    grid.end_preview()
    assert rows_of_names(web)[2][2] == "Gap, row 3, column 3"


def test_a_click_leaves_the_focus_outside_the_grid_unless_it_was_in_the_visualizer(
    web: Any, grid: Any
) -> None:
    document = web.document
    assert tiles(web)[8].dispatch("mousedown").default_prevented  # the body keeps it
    document.getElementById("share").focus()
    assert tiles(web)[8].dispatch("mousedown").default_prevented
    tiles(web)[1].focus()  # in the grid: the click moves it to the cell clicked
    assert not tiles(web)[8].dispatch("mousedown").default_prevented
    document.getElementById("visualizer").focus()  # leaving gives the board back
    assert not tiles(web)[8].dispatch("mousedown").default_prevented


def test_the_openings_moves_are_replayed_into_the_game_and_drawn_once(
    web: Any, grid: Any, hub: Any
) -> None:
    start = Board.parse("8,6,7/2,5,4/3,0,1")
    grid.show(start, Board.goal("standard", 3, 3))
    changes, drawn = len(hub.changes), hub.grid_changes
    grid.replay("ULR")
    assert grid.board == start.move("U").move("L").move("R")
    assert web.document.getElementById("moves").textContent == "3"
    assert (len(hub.changes), hub.grid_changes) == (changes + 1, drawn + 1)
    grid.undo()  # the moves are the game's
    assert grid.board == start.move("U").move("L")
