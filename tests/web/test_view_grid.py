"""The grid view in CPython: drawing, clicks, keys, swipes and Arrange."""

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
    buttons = web.document.getElementById("grid").children
    return {int(b.dataset.tile): b for b in buttons}


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
        assert button.getAttribute("aria-label") == f"Tile {tile}"
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
