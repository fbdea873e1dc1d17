"""The grid view: the board on the page, its tiles, and the ways to move them.

The board is an ARIA grid (the WAI-ARIA Authoring Practices' grid pattern): one ``row`` per
row of the board, in the document in grid order, one ``gridcell`` per cell. A tile's cell
holds a ``<button>`` named with its place ("Tile 5, row 2, column 3"); the gap is a cell of
its own, named too ("Gap, row 3, column 1"). Tiles are placed by the CSS variables ``--r``
and ``--c`` (so a move slides); a move also moves their cells to their new row and column
in the document, which a browser takes as a new element: the style is read once in between
so that the slide still runs.

The grid is one tab stop (a roving tabindex): inside it the arrow keys move the focus from
cell to cell, Home and End to the row's first and last cell (with Ctrl, the grid's), and
Enter or Space on a tile slides it into the gap when it is next to it. The focus stays on
the cell, which then holds the gap: its neighbours are the tiles that can move next, one
arrow away, and the screen reader says "Gap" where the tile was. Elsewhere on the page an
arrow key names the direction a *tile* moves into the gap (ArrowUp slides the tile below
the gap up, so the blank moves down: npuzzle move ``D``); a click next to the gap or a swipe
moves a tile too, and a click leaves the focus outside the grid, so a player may click and
use the arrows in turn. Arrange turns clicks (and Enter) into swaps: pick a tile, then
another.

While the visualizer steps, the grid can show a node of the search instead (a preview,
:meth:`GridView.preview`): the tiles move there, the moved tile is marked and a note says
so. The board being played is kept; the first click, key or swipe on the grid while it
shows a node only brings that board back.

The board played is an ``npuzzle.play.game.Game``: every slide is one of its moves, so Undo,
Redo and Restart (:meth:`undo`, :meth:`redo`, :meth:`restart`) walk its history. A player's
input first asks the page whether the board is theirs (``Page.claim_board``): while a
solution plays back, the first input pauses the playback instead of moving a tile under it.

The board, moves, and the solved test are npuzzle's; this view only draws them.
"""

from __future__ import annotations

from typing import Any, Protocol

from controls import listen, unreachable
from gridcommon import ARROW_MOVES, SWIPE_MOVES, draw_rows, place, swipe, tile_cell

from npuzzle import Board, PuzzleError
from npuzzle.core.board import TILE_DIRECTIONS, moved_tile
from npuzzle.play.game import Game

# Arrow keys inside the grid move the focus: (rows, columns) to go.
ROVE_KEYS = {
    "ArrowUp": (-1, 0),
    "ArrowDown": (1, 0),
    "ArrowLeft": (0, -1),
    "ArrowRight": (0, 1),
}


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
        self.tiles: dict[int, Any] = {}  # tile -> its button
        self.cells: dict[int, Any] = {}  # tile -> its gridcell (0: the gap's)
        self.rows: list[Any] = []  # the grid's row elements
        self.placed: list[tuple[int, ...]] = []  # the tiles each row element holds now
        self.drawn = False  # whether the elements have been placed once (and may slide)
        self.focus_cell = 0  # the cell that holds the grid's tab stop
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
                (self.grid, "focusin", self.on_focus),
                (self.grid, "mousedown", self.on_mouse_down),
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

    def replay(self, moves: str) -> None:
        """Make ``moves`` in the game (the opening's, made before this page ran) and draw
        the board they lead to once."""
        made = False
        for move in moves:
            if not self.game.move(move):
                break
            made = True
        if made:
            self.redraw()

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
        self.page.say(f"Moved tile {tile} {TILE_DIRECTIONS[blank_move]}. {self.count_text()}.")

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
        if not on:
            for button in self.tiles.values():
                button.classList.remove("home")
        self.update()

    def click_tile(self, tile: int) -> None:
        """Slide the tile into the gap if it is next to it; otherwise say so."""
        cell = self.board.tiles.index(tile)
        for m in self.board.legal_moves():
            if self.board.move(m).blank == cell:
                self.move(m)
                return
        self.page.say(f"Tile {tile} is not next to the gap.")

    @property
    def solved(self) -> bool:
        return self.board == self.goal

    def count_text(self) -> str:
        return f"{self.moves} move{'' if self.moves == 1 else 's'}"

    # ----- drawing -------------------------------------------------------------------------
    def build(self) -> None:
        """Recreate the rows, cells and tile buttons for the current board (new size or
        new board)."""
        doc, grid, board = self.document, self.grid, self.board
        focused = self.has_focus()  # kept on its cell if the new board has it
        self.tiles, self.cells = {}, {}
        self.rows = draw_rows(doc, grid, board.width, board.height)
        self.placed = [() for _ in self.rows]
        for tile in sorted(board.tiles):
            self.cells[tile], button = tile_cell(doc, tile)
            if tile:
                self.tiles[tile] = button
        if self.focus_cell >= board.size:
            self.focus_cell = 0
        self.drawn = False
        self.update()
        if focused:
            self.rove(self.shown(), focus=True)

    def update(self) -> None:
        """Place every tile at its cell and refresh the counter and solved marks."""
        if self.showing is None:
            self.place(self.board.tiles)
        self.grid.dataset.tiles = self.board.format("rows")
        self.grid.classList.toggle("solved", self.solved and self.showing is None)
        self.counter.textContent = str(self.moves)
        self.mark_homes(self.shown())

    def mark_homes(self, tiles: tuple[int, ...]) -> None:
        """The class ``home`` on each tile in its goal cell, while marking is on (off, no
        tile has it: nothing to do on a move)."""
        if not self.marking:
            return
        goal = self.goal.tiles
        for cell, tile in enumerate(tiles):
            if tile:
                self.tiles[tile].classList.toggle("home", goal[cell] == tile)

    def place(self, tiles: tuple[int, ...]) -> None:
        """Put every cell in its row, in grid order, and every tile at its place; name them."""
        focused = self.has_focus()
        self.order(tiles)
        width = self.board.width
        for cell, tile in enumerate(tiles):
            place(self.tiles[tile] if tile else self.cells[0], tile, cell, width)
        self.rove(tiles, focused)

    def order(self, tiles: tuple[int, ...]) -> None:
        """Move the cells whose row or column changed into place in the document. A moved
        element has lost its style: the browser reads it with the old ``--r``/``--c`` first
        (offsetWidth), so that setting the new ones slides it."""
        width, moved = self.board.width, False
        for r, row in enumerate(self.rows):
            holds = tiles[r * width : (r + 1) * width]
            if self.placed[r] != holds:
                row.replaceChildren(*(self.cells[t] for t in holds))
                self.placed[r], moved = holds, True
        if moved and self.drawn:
            _ = self.grid.offsetWidth
        self.drawn = True

    # ----- the focus inside the grid (a roving tabindex) -----------------------------------
    def has_focus(self) -> bool:
        active = self.document.activeElement  # JavaScript's null when none
        return bool(active) and bool(self.grid.contains(active))

    def focusable(self, tiles: tuple[int, ...], cell: int) -> Any:
        """The element that takes the focus at ``cell``: a tile's button, or the gap."""
        tile = tiles[cell]
        return self.tiles[tile] if tile else self.cells[0]

    def rove(self, tiles: tuple[int, ...], focus: bool) -> None:
        """Make the focus cell's element the grid's only tab stop (and focus it if
        ``focus``: the focus was in the grid, and stays on its cell)."""
        target = self.focusable(tiles, self.focus_cell)
        for element in [*self.tiles.values(), self.cells[0]]:
            element.setAttribute("tabindex", "0" if element is target else "-1")
        if focus:
            target.focus()

    def shown(self) -> tuple[int, ...]:
        return self.showing if self.showing is not None else self.board.tiles

    def on_focus(self, event: Any) -> None:
        """A cell got the focus (a click, a key, Tab): it holds the tab stop now."""
        cell = getattr(event.target.dataset, "cell", None)  # a tile's button, or the gap
        if cell and int(cell) != self.focus_cell:
            self.focus_cell = int(cell)
            self.rove(self.shown(), focus=False)

    def on_grid_key(self, event: Any) -> bool:
        """Keys inside the grid: arrows, Home and End move the focus; Enter or Space on the
        gap says what to do (on a tile they press its button). True when handled."""
        target = event.target
        if not (target and hasattr(target, "closest") and target.closest("#grid")):
            return False
        if event.altKey or event.metaKey or event.shiftKey:
            return False
        key, width, height = event.key, self.board.width, self.board.height
        row, col = divmod(self.focus_cell, width)
        if key in ("Home", "End"):
            col = 0 if key == "Home" else width - 1
            if event.ctrlKey:
                row = 0 if key == "Home" else height - 1
        elif key in ROVE_KEYS and not event.ctrlKey:
            down, right = ROVE_KEYS[key]
            row = min(max(row + down, 0), height - 1)
            col = min(max(col + right, 0), width - 1)
        elif key in ("Enter", " ") and target.classList.contains("gap"):
            event.preventDefault()
            self.page.say(
                f"Row {row + 1}, column {col + 1} is the gap: press Enter on a tile next to"
                " it to slide that tile in."
            )
            return True
        else:
            return False
        event.preventDefault()
        self.focus_cell = row * width + col
        self.rove(self.shown(), focus=True)
        return True

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
        if self.on_grid_key(event):
            return
        move = ARROW_MOVES.get(event.key)
        if move is None or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
            return
        target = event.target
        tag = (target.tagName or "").lower() if target else ""
        if tag in ("select", "input", "textarea"):
            return  # arrows belong to the form control
        if hasattr(target, "closest") and target.closest("#visualizer, #modes"):
            return  # the visualizer's own keys, and the tabs' (from one to the next)
        event.preventDefault()
        if self.board_back():
            return
        if not self.move(move):
            self.page.say(f"No tile can move {event.key.removeprefix('Arrow').lower()}.")

    def on_mouse_down(self, event: Any) -> None:
        """A click leaves the focus where it was, so that the arrow keys go on sliding tiles
        for a player who clicks and types; unless the focus is in the grid already (it goes
        to the cell clicked) or in the visualizer (leaving it gives the board back)."""
        active = self.document.activeElement  # JavaScript's null when none
        if active and (self.grid.contains(active) or active.closest("#visualizer")):
            return
        event.preventDefault()

    def on_pointer_down(self, event: Any) -> None:
        if self.board_back():  # the click that follows only brought the board back
            self.pointer, self.swiped = None, True
            return
        self.pointer, self.swiped = (event.clientX, event.clientY), False

    def on_pointer_up(self, event: Any) -> None:
        if self.pointer is None:
            return
        (x, y), self.pointer = self.pointer, None
        direction = swipe(event.clientX - x, event.clientY - y)
        if direction is None:
            return  # a tap: the click handler moves the tile
        self.swiped = True
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
