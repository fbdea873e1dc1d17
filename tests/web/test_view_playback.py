"""The playback of a solution in CPython: its controls, its list, and the player's input."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from npuzzle import Board

START = Board.parse("1,3,4/8,0,5/7,2,6")
GOAL = Board.goal("snail", 3, 3)
SOLUTION = "DRUULD"  # 6 moves, optimal


@pytest.fixture
def playback(web: Any, hub: Any) -> Any:
    grid = web.grid.GridView(web.document, hub)
    hub.grid = grid
    view = web.playback.Playback(web.document, hub, grid)
    hub.playback = view
    grid.show(START, GOAL)
    return view


def item_texts(web: Any) -> list[str]:
    return [item.textContent for item in web.document.getElementById("solution-moves").children]


def button(web: Any, name: str) -> Any:
    return web.document.getElementById(f"playback-{name}")


def run(coroutine: Any) -> None:
    asyncio.run(coroutine)


def test_moves_are_listed_as_tiles_that_slide_with_the_blanks_letters_the_view_menus_choice(
    web: Any, playback: Any
) -> None:
    async def go() -> None:
        playback.start(START, GOAL, SOLUTION)
        playback.pause()

    run(go())
    assert item_texts(web) == ["2↑", "6←", "5↓", "4↓", "3→", "2↑"]
    first = web.document.getElementById("solution-moves").children[0]
    assert first.title == "Move 1: tile 2 up (the blank moves D)"
    letters = web.document.getElementById("blank-letters")  # the View menu's, page-wide
    letters.checked = True
    letters.dispatch("change")
    assert item_texts(web) == list(SOLUTION)
    letters.checked = False
    letters.dispatch("change")
    assert item_texts(web)[0] == "2↑"


def test_a_solution_played_after_blank_s_letters_is_chosen_is_listed_in_them(
    web: Any, playback: Any
) -> None:
    web.document.getElementById("blank-letters").checked = True

    async def go() -> None:
        playback.start(START, GOAL, SOLUTION)
        playback.pause()

    run(go())
    assert item_texts(web) == list(SOLUTION)


def test_input_while_playing_pauses_and_moves_nothing_then_takes_over(
    web: Any, playback: Any, hub: Any
) -> None:
    """The reported false "Solved": a key during the playback moved a tile under it."""

    async def go() -> None:
        playback.speed.value = "32"
        playback.start(START, GOAL, SOLUTION)
        await asyncio.sleep(0.1)  # two or three moves in
        made = playback.at
        board = playback.grid.board
        assert 0 < made < 6 and playback.running
        key_event(web, "ArrowLeft")  # the grid hears the page's keys
        assert not playback.running and playback.grid.board == board
        assert hub.said.startswith(f"Playback paused at move {made} of 6")
        await asyncio.sleep(0.1)
        assert playback.at == made  # paused stays paused
        legal = playback.grid.board.legal_moves()
        playback.grid.move(legal[0])  # paused: the player takes over
        assert playback.grid.moves == made + 1
        assert not playback.attached
        assert "took over after move" in web.document.getElementById("playback-status").textContent
        assert button(web, "pause").disabled and button(web, "end").disabled

    run(go())
    assert not any(m.startswith("Solved") for m in hub.messages)


def key_event(web: Any, key: str) -> Any:
    return web.document.body.dispatch(
        "keydown", key=key, altKey=False, ctrlKey=False, metaKey=False, shiftKey=False
    )


def test_pause_next_previous_and_skip_to_end(web: Any, playback: Any, hub: Any) -> None:
    async def go() -> None:
        playback.start(START, GOAL, SOLUTION)
        button(web, "pause").click()
        assert not playback.running and button(web, "pause").textContent == "Resume"
        at = playback.at
        button(web, "forward").click()
        button(web, "forward").click()
        assert playback.at == at + 2
        assert playback.grid.board == START.path(SOLUTION)[at + 2]
        button(web, "back").click()
        assert playback.at == at + 1 and playback.grid.moves == at + 1
        current = web.document.getElementById("solution-moves").querySelector("li.current")
        assert current.dataset.number == str(at + 1)
        assert current.getAttribute("aria-current") == "step"
        button(web, "end").click()
        assert playback.at == 6 and playback.grid.solved
        assert hub.said == "Solved in 6 moves."
        assert button(web, "end").disabled and button(web, "forward").disabled
        assert button(web, "pause").textContent == "Play again"

    run(go())


def test_a_click_on_a_move_goes_to_the_board_after_it(web: Any, playback: Any) -> None:
    async def go() -> None:
        playback.start(START, GOAL, SOLUTION)
        items = web.document.getElementById("solution-moves").children
        items[3].click()
        assert playback.at == 4 and playback.grid.board == START.path(SOLUTION)[4]
        items[0].click()
        assert playback.at == 1 and not playback.running

    run(go())


def test_a_playback_that_ends_off_the_goal_never_says_solved(
    web: Any, playback: Any, hub: Any
) -> None:
    async def go() -> None:
        playback.start(START, GOAL, "DR")  # two moves of the six
        button(web, "end").click()

    run(go())
    assert hub.said == "Played back 2 moves; the board is not the goal."


def test_the_playback_starts_from_the_games_own_past_and_undo_takes_its_moves_back(
    web: Any, playback: Any
) -> None:
    grid = playback.grid
    grid.move("U")
    grid.move("D")  # back at the start, two moves made

    async def go() -> None:
        playback.start(START, GOAL, SOLUTION)  # solved from the board shown
        button(web, "end").click()

    run(go())
    assert grid.game.start == START and grid.moves == 8 and grid.solved
    grid.undo()
    assert grid.board == START.path(SOLUTION)[5]
