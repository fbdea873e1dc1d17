"""The grid view: the board on the page, its tiles, and the ways to move them.

One ``<button>`` per tile, placed at its cell by the CSS variables ``--r`` and ``--c`` (so a
move slides); the blank is empty space. A tile moves by a click next to the gap, a swipe or
an arrow key, which name the direction a *tile* moves into the gap (ArrowUp slides the tile
below the gap up, so the blank moves down: npuzzle move ``D``). Arrange turns clicks into
swaps: pick a tile, then another.

While the visualizer steps, the grid can show a node of the search instead (a preview,
:meth:`GridView.preview`): the tiles move there, the moved tile is marked and a note says
so. The board being played is kept; the first click, key or swipe on the grid while it
shows a node only brings that board back.

The board played is an ``npuzzle.game.Game``: every slide is one of its moves, so Undo,
Redo and Restart (:meth:`undo`, :meth:`redo`, :meth:`restart`) walk its history. A player's
input first asks the page whether the board is theirs (``Page.claim_board``): while a
solution plays back, the first input pauses the playback instead of moving a tile under it.

The board, moves, and the solved test are npuzzle's; this view only draws them.
"""

from __future__ import annotations

from typing import Any, Protocol

from controls import listen, unreachable

from npuzzle import Board, PuzzleError
from npuzzle.board import moved_tile
from npuzzle.game import Game

# Arrow key -> the blank's move (the tile moves the opposite way, in the arrow's direction).
ARROW_MOVES = {"ArrowUp": "D", "ArrowDown": "U", "ArrowLeft": "R", "ArrowRight": "L"}
# The blank's move -> the direction the tile slides, for the status text.
TILE_DIRECTION = {"U": "down", "D": "up", "L": "right", "R": "left"}
SWIPE_PIXELS = 30  # shorter movements are taps (clicks)
# A swipe names the direction a tile moves, as the arrow keys do.
SWIPE_MOVES = {"right": "L", "left": "R", "down": "U", "up": "D"}


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def new_board(self, board: Board, goal: Board, message: str) -> None: ...
    def changed(self, *, push: bool) -> None: ...
    def grid_changed(self) -> None: ...
    def claim_board(self) -> bool: ...


class GridView:
    """``#grid``, ``#moves`` and the Arrange button; the page's keys go through it."""

    def __init__(self, document: Any, page: Page) -> None:
        self.document, self.page = document, page
        get = document.getElementById
        self.grid = get("grid")
        self.counter = get("moves")
        self.arrange_button = get("arrange")
        self.note = get("grid-note")
        self.showing: tuple[int, ...] | None = None  # the tiles of a node being previewed
        goal = Board.goal("standard", 3, 3)
        self.game = Game(goal, goal)
        self.marking = False  # tiles in their goal cell are marked
        self.tiles: dict[int, Any] = {}
        self.arranging = False
        self.picked: int | None = None
        # Where a pointer went down on the grid, to tell a swipe from a tap.
        self.pointer: tuple[float, float] | None = None
        self.swiped = False  # the click that follows a swipe is not a tap
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.grid, "click", self.on_click),
                (self.grid, "pointerdown", self.on_pointer_down),
                (self.grid, "pointerup", self.on_pointer_up),
                (document, "keydown", self.on_key),
                (self.arrange_button, "click", self.on_arrange),
            ],
        )

    def enable(self) -> None:
        self.arrange_button.disabled = False

    # ----- state changes -------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def goal(self) -> Board:
        return self.game.goal

    @property
    def moves(self) -> int:
        """Moves made since the start of the puzzle (undone ones not counted)."""
        return self.game.at

    def show(self, board: Board, goal: Board) -> None:
        """Show a new puzzle: ``board`` is its start (Arrange ends, the counter starts again,
        the moves made before are forgotten)."""
        if self.arranging:
            self.arranging = False
            self.arrange_button.setAttribute("aria-pressed", "false")
            self.picked = None
        self.end_preview()
        self.game = Game(board, goal)
        self.build()
        self.page.grid_changed()

    def move(self, blank_move: str) -> bool:
        """A player's move (named by the blank), if the board is theirs now (see
        ``Page.claim_board``); False when it is not legal. True when the input was used."""
        if not self.page.claim_board():
            return True  # the input paused a playback: it is used, and says so
        if not self.slide(blank_move):
            return False
        self.say_moved(blank_move)
        return True

    def slide(self, blank_move: str) -> bool:
        """Make one move of the game (a player's, or a playback's); False when not legal."""
        if not self.game.move(blank_move):
            return False
        self.redraw()
        return True

    def redraw(self) -> None:
        """The game's board changed: draw it, and tell the page."""
        self.end_preview()
        self.update()
        self.page.grid_changed()
        self.page.changed(push=False)

    def say_moved(self, blank_move: str) -> None:
        """Say which tile the move slid (the board after it is shown), and if it solved."""
        if self.solved:  # said of the board shown, never of a board on its way
            self.page.say(f"Solved in {self.count_text()}.")
            return
        tile = moved_tile(self.board.tiles, self.board.width, blank_move)
        self.page.say(f"Moved tile {tile} {TILE_DIRECTION[blank_move]}. {self.count_text()}.")

    def undo(self) -> str | None:
        """Take back the last move; the move undone, None when there is none."""
        move = self.game.undo()
        if move is not None:
            self.redraw()
        return move

    def redo(self) -> str | None:
        move = self.game.redo()
        if move is not None:
            self.redraw()
        return move

    def restart(self) -> bool:
        """Back to the puzzle's start (the moves can be redone)."""
        if not self.game.restart():
            return False
        self.redraw()
        return True

    def go_to(self, made: int) -> None:
        """Show the game after ``made`` of its moves (a playback's position)."""
        if made != self.game.at:
            self.game.go_to(made)
            self.redraw()

    def mark_home(self, on: bool) -> None:
        """Mark the tiles standing in their goal cell (or stop marking them)."""
        self.marking = on
        self.update()

    def click_tile(self, tile: int) -> None:
        """Slide the tile into the gap if it is next to it; otherwise do nothing."""
        cell = self.board.tiles.index(tile)
        for m in self.board.legal_moves():
            if self.board.move(m).blank == cell:
                self.move(m)
                return

    @property
    def solved(self) -> bool:
        return self.board == self.goal

    def count_text(self) -> str:
        return f"{self.moves} move{'' if self.moves == 1 else 's'}"

    # ----- drawing -------------------------------------------------------------------------
    def build(self) -> None:
        """Recreate the tile buttons for the current board (new size or new board)."""
        doc, grid = self.document, self.grid
        grid.replaceChildren()
        self.tiles = {}
        grid.style.setProperty("--w", str(self.board.width))
        grid.style.setProperty("--h", str(self.board.height))
        grid.dataset.width = str(self.board.width)
        grid.dataset.height = str(self.board.height)
        for tile in sorted(t for t in self.board.tiles if t):
            button = doc.createElement("button")
            button.type = "button"
            button.className = "tile"
            button.dataset.tile = str(tile)
            button.setAttribute("aria-label", f"Tile {tile}")
            face = doc.createElement("span")
            face.className = "face"
            face.setAttribute("aria-hidden", "true")
            face.textContent = str(tile)
            button.appendChild(face)
            grid.appendChild(button)
            self.tiles[tile] = button
        self.update()

    def update(self) -> None:
        """Place every tile at its cell and refresh the counter and solved marks."""
        if self.showing is None:
            self.place(self.board.tiles)
        self.grid.dataset.tiles = self.board.format("rows")
        self.grid.classList.toggle("solved", self.solved and self.showing is None)
        self.counter.textContent = str(self.moves)
        self.mark_homes(self.showing if self.showing is not None else self.board.tiles)

    def mark_homes(self, tiles: tuple[int, ...]) -> None:
        """The class ``home`` on each tile in its goal cell, while marking is on."""
        goal = self.goal.tiles
        for cell, tile in enumerate(tiles):
            if tile:
                self.tiles[tile].classList.toggle("home", self.marking and goal[cell] == tile)

    def place(self, tiles: tuple[int, ...]) -> None:
        width = self.board.width
        for cell, tile in enumerate(tiles):
            if not tile:
                continue
            button = self.tiles[tile]
            row, col = divmod(cell, width)
            button.dataset.cell = str(cell)
            button.style.setProperty("--r", str(row))
            button.style.setProperty("--c", str(col))

    # ----- showing a node of the search ----------------------------------------------------
    def preview(self, tiles: tuple[int, ...], moved: int | None, note: str) -> None:
        """Show ``tiles`` (a node of the search) instead of the board, ``moved`` marked. A
        node whose tiles are not the board's (a goal that ignores tiles) is not shown."""
        if sorted(tiles) != sorted(self.board.tiles) or self.arranging:
            self.end_preview()
            return
        if self.showing is not None:
            self.unmark()
        self.showing = tiles
        self.place(tiles)
        self.mark_homes(tiles)
        if moved is not None and moved in self.tiles:
            self.tiles[moved].classList.add("moved")
        self.grid.classList.add("following")
        self.grid.classList.remove("solved")
        self.grid.dataset.showing = ",".join(str(t) for t in tiles)
        self.note.textContent = note
        self.note.hidden = False

    def end_preview(self) -> bool:
        """Show the board being played again; False if it was shown already."""
        if self.showing is None:
            return False
        self.unmark()
        self.showing = None
        self.grid.classList.remove("following")
        self.grid.dataset.showing = ""
        self.note.textContent = ""
        self.note.hidden = True
        self.update()
        return True

    def unmark(self) -> None:
        if self.showing is not None:
            for button in self.tiles.values():
                button.classList.remove("moved")

    def board_back(self) -> bool:
        """If the grid shows a node, bring the board back (and say so) instead of moving."""
        if not self.end_preview():
            return False
        self.page.say("Your board is back: the grid no longer shows the search.")
        return True

    # ----- clicks, keys and swipes ---------------------------------------------------------
    def on_click(self, event: Any) -> None:
        if self.swiped:
            self.swiped = False
            return
        button = event.target.closest("button.tile")  # JavaScript's null when none
        if not button or self.board_back():
            return
        try:
            tile = int(button.dataset.tile)
            if self.arranging:
                self.arrange_click(tile)
            else:
                self.click_tile(tile)
        except (ValueError, PuzzleError) as exc:
            self.page.say(f"Cannot move: {exc}")

    def on_key(self, event: Any) -> None:
        move = ARROW_MOVES.get(event.key)
        if move is None or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
            return
        target = event.target
        tag = (target.tagName or "").lower() if target else ""
        if tag in ("select", "input", "textarea"):
            return  # arrows belong to the form control
        if hasattr(target, "closest") and target.closest("#visualizer"):
            return  # the visualizer's own keys
        event.preventDefault()
        if self.board_back():
            return
        if not self.move(move):
            self.page.say(f"No tile can move {event.key.removeprefix('Arrow').lower()}.")

    def on_pointer_down(self, event: Any) -> None:
        if self.board_back():  # the click that follows only brought the board back
            self.pointer, self.swiped = None, True
            return
        self.pointer, self.swiped = (event.clientX, event.clientY), False

    def on_pointer_up(self, event: Any) -> None:
        if self.pointer is None:
            return
        (x, y), self.pointer = self.pointer, None
        dx, dy = event.clientX - x, event.clientY - y
        if max(abs(dx), abs(dy)) < SWIPE_PIXELS:
            return  # a tap: the click handler moves the tile
        self.swiped = True
        if abs(dx) > abs(dy):
            direction = "right" if dx > 0 else "left"
        else:
            direction = "down" if dy > 0 else "up"
        if not self.move(SWIPE_MOVES[direction]):
            self.page.say(f"No tile can move {direction}.")

    # ----- Arrange -------------------------------------------------------------------------
    def on_arrange(self, event: Any) -> None:
        if not self.page.claim_board():
            return  # it paused a playback
        self.arranging = not self.arranging
        self.arrange_button.setAttribute("aria-pressed", "true" if self.arranging else "false")
        self.unpick()
        if self.arranging:
            self.page.say(
                "Arrange: click a tile, then another to swap them. Press Arrange to finish."
            )
            return
        board, warning = self.board, unreachable(self.board, self.goal)
        self.page.new_board(board, self.goal, f"Board set to {board.format('rows')}.{warning}")

    def unpick(self) -> None:
        if self.picked is not None:
            self.tiles[self.picked].classList.remove("picked")
        self.picked = None

    def arrange_click(self, tile: int) -> None:
        first = self.picked
        if first is None:
            self.picked = tile
            self.tiles[tile].classList.add("picked")
            self.page.say(f"Tile {tile} picked: click another tile to swap it with.")
            return
        self.unpick()
        if first == tile:
            self.page.say("Nothing swapped.")
            return
        tiles = list(self.board.tiles)
        i, j = tiles.index(first), tiles.index(tile)
        tiles[i], tiles[j] = tiles[j], tiles[i]
        # A swap is no move: the arranged board is a new start (Arrange's end says so too).
        self.game = Game(Board(self.board.width, self.board.height, tuple(tiles)), self.goal)
        self.update()
        self.page.grid_changed()
        self.page.say(f"Swapped tiles {first} and {tile}.")
        self.page.changed(push=False)
