"""The player's help in CPython: Undo, Redo, Restart, their keys, tiles in place, the fewest
moves possible."""

from __future__ import annotations

from typing import Any

import pytest

from npuzzle import Board

START = Board.parse("1,3,4/8,0,5/7,2,6")
GOAL = Board.goal("snail", 3, 3)


@pytest.fixture
def player(web: Any, hub: Any) -> Any:
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    view = web.playerview.PlayerView(web.document, hub, grid)
    grid.show(START, GOAL)
    view.enable()
    return view


def pressed(web: Any, name: str) -> None:
    web.document.getElementById(name).click()


def key(web: Any, target: Any, k: str, **mods: bool) -> Any:
    fields = {"altKey": False, "ctrlKey": False, "metaKey": False, "shiftKey": False, **mods}
    return target.dispatch("keydown", key=k, **fields)


def test_undo_redo_and_restart_walk_the_players_moves(web: Any, player: Any, hub: Any) -> None:
    grid = player.grid
    undo, redo, restart = (web.document.getElementById(n) for n in ("undo", "redo", "restart"))
    player.sync()
    assert undo.disabled and redo.disabled and restart.disabled
    for m in "DRU":
        assert grid.move(m)
    player.sync()  # the page calls it on every board the grid shows
    assert not undo.disabled and redo.disabled
    pressed(web, "undo")
    player.sync()
    assert grid.board == START.path("DR")[-1] and grid.moves == 2
    assert hub.said == "Undid a move: 2 moves made."
    assert web.document.getElementById("moves").textContent == "2"
    assert not redo.disabled
    pressed(web, "redo")
    assert grid.board == START.path("DRU")[-1]
    pressed(web, "restart")
    player.sync()
    assert grid.board == START and grid.moves == 0 and restart.disabled
    assert hub.said == "Back to the start of this puzzle: Redo replays your 3 moves one by one."
    for _ in range(3):
        pressed(web, "redo")
    assert grid.board == START.path("DRU")[-1]
    pressed(web, "redo")
    assert hub.said == "Nothing to redo."


def test_ctrl_z_undoes_and_ctrl_shift_z_redoes_but_not_in_a_text_field(
    web: Any, player: Any
) -> None:
    grid = player.grid
    grid.move("D")
    body = web.document.body
    event = key(web, body, "z", ctrlKey=True)
    assert event.default_prevented and grid.moves == 0
    key(web, body, "Z", ctrlKey=True, shiftKey=True)
    assert grid.moves == 1
    key(web, body, "z", metaKey=True)
    assert grid.moves == 0
    key(web, body, "y", ctrlKey=True)
    assert grid.moves == 1
    field = web.document.getElementById("board-text")
    event = key(web, field, "z", ctrlKey=True)
    assert not event.default_prevented and grid.moves == 1  # the field's own undo


def test_tiles_in_their_goal_cell_are_marked_while_the_toggle_is_on(web: Any, player: Any) -> None:
    box = web.document.getElementById("mark-home")
    box.checked = True
    box.dispatch("change")
    grid = player.grid
    home = {t for cell, t in enumerate(START.tiles) if t and GOAL.tiles[cell] == t}
    assert home == {1, 8, 7}
    marked = {t for t, button in grid.tiles.items() if button.classList.contains("home")}
    assert marked == home
    grid.move("U")  # tile 3 slides down, out of its goal cell
    marked = {t for t, button in grid.tiles.items() if button.classList.contains("home")}
    assert marked == home
    box.checked = False
    box.dispatch("change")
    assert not any(b.classList.contains("home") for b in grid.tiles.values())


def test_the_fewest_moves_are_shown_for_the_puzzles_start_only(web: Any, player: Any) -> None:
    shortest = web.document.getElementById("shortest")
    player.learn(START.move("D"), GOAL, 5)  # another board: not the start
    assert shortest.textContent == ""
    player.learn(START, GOAL, 6)
    assert shortest.textContent == " (shortest: 6)"
    player.grid.move("D")
    player.sync()
    assert shortest.textContent == " (shortest: 6)"  # still this puzzle
    player.grid.show(GOAL, GOAL)
    player.sync()
    assert shortest.textContent == ""
