"""A solution played back on the grid, under the player's control.

Solve hands :class:`Playback` the moves it found and the board it found them for. The moves
are made on the grid's game one by one (so Undo takes them back like any other), at the
speed chosen under Playback speed, and listed as the page names moves (``5↓``: tile 5 slides
down; or the blank's letters the command line prints, when the View menu's Blank's letters is
on: ``vocabulary.py``; each move's tooltip gives both), the current one marked.

Controls: Pause/Resume, Previous move, Next move, Skip to end, and a click on a listed move
goes to it. The player's own input while the moves run pauses them and moves nothing (the
page asks :meth:`Playback.claim` first); input while paused takes the board over from there.
"Solved" is only ever said of a board the grid shows solved.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from controls import listen
from grid import GridView
from vocabulary import BOX, style

from npuzzle import Board
from npuzzle.play.game import slides
from npuzzle.teach.moves import MoveStyle, move_short

SPEEDS = (1, 2, 4, 8, 16, 32)  # moves a second offered under Playback speed
DEFAULT_SPEED = 4


class Page(Protocol):
    def say(self, text: str) -> None: ...


def of(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


class Playback:
    """``#playback``: its buttons, Playback speed and ``#solution-moves`` (its moves named
    as the View menu's Blank's letters says)."""

    def __init__(self, document: Any, page: Page, grid: GridView) -> None:
        self.document, self.page, self.grid = document, page, grid
        get = document.getElementById
        self.box = get("playback")
        self.pause_button = get("playback-pause")
        self.back_button = get("playback-back")
        self.forward_button = get("playback-forward")
        self.end_button = get("playback-end")
        self.speed = get("playback-speed")
        self.letters = get(BOX)
        self.list = get("solution-moves")
        self.line = get("playback-status")
        for n in SPEEDS:
            option = document.createElement("option")
            option.value = str(n)
            option.textContent = f"{n} a second"
            self.speed.appendChild(option)
        self.speed.value = str(DEFAULT_SPEED)
        self.moves = ""  # the solution played back ("" when there is none)
        self.board: Board | None = None  # the board it starts from (None: no solution)
        self.items: list[Any] = []  # one list item per move
        self.faces: list[dict[MoveStyle, str]] = []  # each move in each style
        self.base = 0  # moves of the game made before the solution's first
        self.attached = False  # the grid's game follows the solution
        self.running = False
        self.task: asyncio.Future[None] | None = None
        self.drawn = 0  # the moves the list shows made (the last of them is the current)
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.pause_button, "click", self.on_pause),
                (self.back_button, "click", self.on_back),
                (self.forward_button, "click", self.on_forward),
                (self.end_button, "click", self.on_end),
                (self.letters, "change", self.on_letters),
                (self.list, "click", self.on_pick),
            ],
        )

    # ----- where the playback stands -------------------------------------------------------
    @property
    def at(self) -> int:
        """Moves of the solution made on the grid."""
        return max(0, min(len(self.moves), self.grid.game.at - self.base))

    @property
    def ended(self) -> bool:
        return self.at == len(self.moves)

    # ----- starting and stopping -----------------------------------------------------------
    def start(self, board: Board, goal: Board, moves: str) -> None:
        """Play ``moves`` back from ``board``: from the game's own past when the game went
        through that board (the moves made since are kept for Redo), else from a new game."""
        self.stop()
        game = self.grid.game
        made = game.made_before(board) if game.goal == goal else None
        if made is None:
            self.grid.show(board, goal)
            made = 0
        else:
            self.grid.go_to(made)
        self.moves, self.base, self.attached = moves, made, True
        self.board = board
        self.fill(board)
        self.box.hidden = False
        self.sync()
        if moves:
            self.page.say(f"Found a solution of {of(len(moves))}: playing it back...")
            self.resume()
        else:
            self.finish()

    def stop(self) -> None:
        """The playback ends (a new board, a new Solve); its list stays as a record."""
        self.pause()
        self.attached = False
        self.sync()

    def hide(self) -> None:
        self.stop()
        self.moves, self.items, self.faces, self.board = "", [], [], None
        self.list.replaceChildren()
        self.box.hidden = True

    def claim(self) -> bool:
        """The player wants the board: False (and the moves paused) while they run, so the
        input moves nothing; while paused, the player takes over from there."""
        if self.running:
            self.pause()
            self.page.say(
                f"Playback paused at move {self.at} of {len(self.moves)}: press Resume to go "
                "on, or move a tile to play on from here yourself."
            )
            return False
        if self.attached:
            self.attached = False
            self.line.textContent = f"You took over after move {self.at} of {len(self.moves)}."
            self.sync()
        return True

    # ----- running -------------------------------------------------------------------------
    def resume(self) -> None:
        if self.ended:
            self.grid.go_to(self.base)  # played to the end: Resume plays it again
        self.running = True
        self.task = asyncio.ensure_future(self.run())
        self.sync()

    def pause(self) -> None:
        self.running = False
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        self.sync()

    async def run(self) -> None:
        while self.running and not self.ended:
            await asyncio.sleep(1 / self.moves_a_second())
            if self.running:
                self.forward()
        self.running = False
        self.sync()

    def moves_a_second(self) -> int:
        try:
            speed = int(self.speed.value)
        except (TypeError, ValueError):
            return DEFAULT_SPEED
        return speed if speed in SPEEDS else DEFAULT_SPEED

    def forward(self) -> None:
        """The next move of the solution."""
        if self.ended or not self.grid.slide(self.moves[self.at]):
            return
        self.follow()

    def finish(self) -> None:
        """At the last move: say so, and say "Solved" only of a solved board."""
        n = len(self.moves)
        if self.grid.solved:
            self.page.say(f"Solved in {of(n)}.")
        else:
            self.page.say(f"Played back {of(n)}; the board is not the goal.")

    # ----- drawing -------------------------------------------------------------------------
    def fill(self, board: Board) -> None:
        """One list item per move: the tile and its arrow, the blank's letter in reserve."""
        doc, self.items = self.document, []
        found = slides(board, self.moves)
        self.faces = [
            {s: move_short(slide.move, slide.tile, s) for s in MoveStyle} for slide in found
        ]
        self.list.replaceChildren()
        self.list.dataset.moves = self.moves
        for number, slide in enumerate(found, 1):
            item = doc.createElement("li")
            item.dataset.number = str(number)
            item.title = f"Move {number}: tile {slide.text} (the blank moves {slide.move})"
            self.items.append(item)
        self.on_letters(None)
        self.list.append(*self.items)
        self.drawn = 0

    def follow(self) -> None:
        """Mark the moves made, the last one as the current, and say where the playback
        stands. Only the items between the moves shown made and those made now change."""
        at, drawn = self.at, self.drawn
        if drawn:
            current = self.items[drawn - 1]
            current.classList.remove("current")
            current.removeAttribute("aria-current")
        for item in self.items[min(at, drawn) : max(at, drawn)]:
            item.classList.toggle("done", at > drawn)
        if at:
            current = self.items[at - 1]
            current.classList.add("current")
            current.setAttribute("aria-current", "step")
        self.drawn = at
        self.sync()
        if self.ended and self.attached:
            self.finish()

    def sync(self) -> None:
        """Buttons that can do something now, and the line saying where the playback is."""
        on = self.attached and bool(self.moves)
        at, n = self.at, len(self.moves)
        self.pause_button.disabled = not on
        self.pause_button.textContent = (
            "Pause" if self.running else "Play again" if on and at == n else "Resume"
        )
        self.back_button.disabled = not on or at == 0
        self.forward_button.disabled = self.end_button.disabled = not on or at == n
        if on:
            state = "playing" if self.running else "paused" if at < n else "ended"
            self.line.textContent = f"Move {at} of {n} ({state})."
        self.document.body.dataset.playback = (
            "running" if self.running else "paused" if on and at < n else "off"
        )

    # ----- handlers ------------------------------------------------------------------------
    def on_pause(self, event: Any) -> None:
        if self.running:
            self.pause()
            self.page.say(f"Playback paused at move {self.at} of {len(self.moves)}.")
        elif self.attached:
            self.resume()

    def seek(self, number: int) -> None:
        """Pause, and show the board after ``number`` moves of the solution (drawn once)."""
        self.pause()
        if not self.attached or number == self.at:
            return
        game = self.grid.game
        while self.at > number:
            game.undo()
        while self.at < number:
            game.move(self.moves[self.at])
        self.grid.redraw()
        self.follow()

    def on_back(self, event: Any) -> None:
        self.seek(max(0, self.at - 1))

    def on_forward(self, event: Any) -> None:
        self.seek(min(len(self.moves), self.at + 1))

    def on_end(self, event: Any) -> None:
        """Skip to end: every move left at once."""
        self.seek(len(self.moves))

    def on_pick(self, event: Any) -> None:
        """A click on a listed move: the board after it."""
        item = event.target.closest("li")  # JavaScript's null (falsy) off the items
        if item:
            self.seek(int(item.dataset.number))

    def on_letters(self, event: Any) -> None:
        """Name the moves as the View menu says: the tiles that slide, or the blank's letters
        (as the command line prints them)."""
        chosen = style(self.document)
        for item, faces in zip(self.items, self.faces, strict=True):
            item.textContent = faces[chosen]
