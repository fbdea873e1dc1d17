"""The opening: the link's board, drawn and playable while the rest of the page loads.

This script runs in MicroPython (about 0.5 MB, started in a few hundred milliseconds) on
the main thread, before Pyodide and the npuzzle package have loaded. It reads the board of
the link (or, without a link, scrambles a 3x3 and writes it into the address), draws it with
the grid view's markup and takes moves by click, key and swipe, as the grid view does. When
the page's Pyodide part starts (``main.py``), it takes the board over with the moves made
here (``data-opening-start`` and ``data-opening-moves`` on ``#grid``), so nothing is lost,
and this script's handlers stand aside for good (``body[data-ready]``).

MicroPython has no dataclasses, enums or typing, so the npuzzle package cannot run here:
these few functions on flat tuples of tiles are the opening's own. tests/web/test_view_opening.py
checks them against npuzzle's boards and moves; the words are the grid view's.
"""

import random

from gridcommon import ARROW_MOVES, SWIPE_MOVES, draw_rows, place, swipe, tile_cell

try:  # noqa: SIM105 (MicroPython has no contextlib)
    from typing import Any
except ImportError:  # MicroPython: annotations are not evaluated there
    pass

MIN_SIDE, MAX_SIDE = 2, 8  # npuzzle.core.board's (the test checks)
# The blank's move -> (rows, columns) it goes; the tile next to it slides the other way.
STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
TILE_DIRECTIONS = {"U": "down", "D": "up", "L": "right", "R": "left"}
SCRAMBLE_MOVES = 200  # a random walk this long mixes a 3x3 well
FIRST_BOARD = "A shuffled 3x3 board: slide the tiles until they read 1 to 8, the gap last."
LOADING = "The solver is loading; the board is yours to play meanwhile."
# Solve and Step pressed now are done once the page has loaded (main.py, Page.do_asked).
ASKED = {
    "solve": "Solve waits for the solver, still loading: it starts by itself once ready.",
    "step": "Step waits for the visualizer, still loading: it starts by itself once ready.",
}
# Where each is said: its panel's status line, where the page says Solve's and Step's messages.
ASKED_STATUS = {"solve": "solve-status", "step": "step-status"}


def read_board(fragment: str) -> tuple[int, int, tuple[int, ...]] | None:
    """(width, height, tiles) of the ``board`` field of a link's fragment in rows form
    ("8,6,7/2,5,4/3,0,1"); None when there is no such field or it is not a board this
    script can read (the page reads every form, and says what is wrong, once loaded)."""
    text = ""
    for part in fragment.lstrip("#").split("&"):
        if part.startswith("board="):
            text = part[len("board=") :].replace("%2C", ",").replace("%2F", "/")
    rows = [row.split(",") for row in text.split("/")] if text else []
    height = len(rows)
    width = len(rows[0]) if rows else 0
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        return None
    tiles = []
    for row in rows:
        if len(row) != width:
            return None
        for word in row:
            if not word.isdigit():
                return None
            tiles.append(int(word))
    if sorted(tiles) != list(range(width * height)):
        return None
    return width, height, tuple(tiles)


def slide(tiles: tuple[int, ...], width: int, height: int, move: str) -> tuple[int, ...] | None:
    """The tiles after the blank's ``move``; None when it would leave the board."""
    blank = tiles.index(0)
    row, col = divmod(blank, width)
    down, right = STEPS[move]
    row, col = row + down, col + right
    if not (0 <= row < height and 0 <= col < width):
        return None
    cell = row * width + col
    moved = list(tiles)
    moved[blank], moved[cell] = moved[cell], 0
    return tuple(moved)


def move_to(tiles: tuple[int, ...], width: int, height: int, tile: int) -> str | None:
    """The blank's move that slides ``tile`` into the gap; None when it is not next to it."""
    cell = tiles.index(tile)
    for move in STEPS:
        after = slide(tiles, width, height, move)
        if after is not None and after.index(0) == cell:
            return move
    return None


def scramble(width: int, height: int, moves: int, choose: Any) -> tuple[int, ...]:
    """The standard goal (1, 2, ..., the gap last) after ``moves`` random slides (more if
    they came back to it), never undoing the last one: a board that can always be solved, and
    is not solved yet. ``choose(n)`` picks 0..n-1."""
    goal = tuple(range(1, width * height)) + (0,)
    back = {"U": "D", "D": "U", "L": "R", "R": "L"}
    tiles, last, made = goal, "", 0
    while made < moves or tiles == goal:  # never the goal itself
        options = [m for m in "UDLR" if m != back.get(last) and slide(tiles, width, height, m)]
        last = options[choose(len(options))]
        tiles = slide(tiles, width, height, last) or tiles  # a slide the options allow
        made += 1
    return tiles


def rows_text(tiles: tuple[int, ...], width: int) -> str:
    """The tiles in the link's rows form."""
    rows = [tiles[i : i + width] for i in range(0, len(tiles), width)]
    return "/".join(",".join(str(t) for t in row) for row in rows)


class Opening:
    """The grid of the link until the page takes it over."""

    def __init__(
        self, document: Any, window: Any, width: int, height: int, tiles: tuple[int, ...]
    ) -> None:
        self.document, self.window = document, window
        self.width, self.height = width, height
        self.tiles = tiles
        self.moves = ""  # the blank's moves made here, handed over to the page
        self.grid = document.getElementById("grid")
        self.status = document.getElementById("status")
        self.counter = document.getElementById("moves")
        self.buttons: dict[int, Any] = {}
        self.cells: dict[int, Any] = {}
        self.rows: list[Any] = []
        self.pointer: tuple[Any, Any] | None = None
        self.swiped = False

    def draw(self) -> None:
        """Rows of gridcells in grid order, a button per tile, as grid.py draws them."""
        doc, grid = self.document, self.grid
        self.rows = draw_rows(doc, grid, self.width, self.height)
        grid.dataset.openingStart = rows_text(self.tiles, self.width)
        for tile in self.tiles:
            self.cells[tile], button = tile_cell(doc, tile)
            if tile:
                self.buttons[tile] = button
        self.place(False)
        grid.addEventListener("click", self.on_click)
        grid.addEventListener("pointerdown", self.on_pointer_down)
        grid.addEventListener("pointerup", self.on_pointer_up)
        doc.addEventListener("keydown", self.on_key)
        for name in ASKED:
            button = doc.getElementById(name)
            button.disabled = False
            button.addEventListener("click", self.on_ask)
        doc.getElementById("modes").addEventListener("click", self.on_tab)

    def place(self, sliding: bool) -> None:
        """Cells into their rows, tiles at their places. A cell moved to another row has lost
        its style: it is read once (offsetWidth) before the new place, so that it slides."""
        width = self.width
        for r in range(self.height):
            row = self.rows[r]
            row.replaceChildren()
            for tile in self.tiles[r * width : (r + 1) * width]:
                row.appendChild(self.cells[tile])
        if sliding:
            _ = self.grid.offsetWidth
        for cell in range(len(self.tiles)):
            tile = self.tiles[cell]
            element = self.buttons[tile] if tile else self.cells[0]
            place(element, tile, cell, width)
            # One Tab stop, as in the page's grid: its first cell.
            element.setAttribute("tabindex", "0" if cell == 0 else "-1")
        self.grid.dataset.tiles = rows_text(self.tiles, width)
        self.grid.dataset.openingMoves = self.moves
        self.counter.textContent = str(len(self.moves))

    def say(self, text: str) -> None:
        self.status.textContent = text

    def handed_over(self) -> bool:
        """The page runs now (its own handlers draw and move): this script stands aside."""
        # MicroPython raises AttributeError for a data attribute not set: ask for it.
        return bool(self.document.body.getAttribute("data-ready") == "true")

    def move(self, blank_move: str) -> bool:
        tiles = slide(self.tiles, self.width, self.height, blank_move)
        if tiles is None:
            return False
        tile = self.tiles[tiles.index(0)]
        self.tiles, self.moves = tiles, self.moves + blank_move
        self.place(True)
        count = len(self.moves)
        plural = "" if count == 1 else "s"
        direction = TILE_DIRECTIONS[blank_move]
        self.say(
            "Moved tile " + str(tile) + " " + direction + ". " + str(count) + " move" + plural + "."
        )
        return True

    def on_click(self, event: Any) -> None:
        if self.handed_over():
            return
        if self.swiped:
            self.swiped = False
            return
        button = event.target.closest("button.tile")
        if not button:
            return
        tile = int(button.dataset.tile)
        move = move_to(self.tiles, self.width, self.height, tile)
        if move is None:
            self.say("Tile " + str(tile) + " is not next to the gap.")
        else:
            self.move(move)

    def on_key(self, event: Any) -> None:
        if self.handed_over():
            return
        move = ARROW_MOVES.get(event.key)
        if move is None or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
            return
        target = event.target
        tag = str(target.tagName or "").lower() if target else ""
        if tag in ("select", "input", "textarea"):
            return
        if target and target.closest("#visualizer, #modes"):
            return  # their own arrow keys (the page's, once loaded)
        event.preventDefault()
        if not self.move(move):
            self.say("No tile can move " + event.key[len("Arrow") :].lower() + ".")

    def on_ask(self, event: Any) -> None:
        if self.handed_over():
            return
        name = str(event.currentTarget.id)
        self.document.body.setAttribute("data-waiting", name)
        self.document.getElementById(ASKED_STATUS[name]).textContent = ASKED[name]

    def on_tab(self, event: Any) -> None:
        """A mode's tab, chosen before the page has loaded: its panel is shown at once, as
        modes.py shows it, and the page keeps it (``data-mode-asked``)."""
        if self.handed_over():
            return
        tab = event.target.closest('[role="tab"]')
        if not tab:
            return
        doc = self.document
        for each in doc.querySelectorAll('#modes [role="tab"]'):
            chosen = each.id == tab.id
            each.setAttribute("aria-selected", "true" if chosen else "false")
            each.setAttribute("tabindex", "0" if chosen else "-1")
            doc.getElementById(each.getAttribute("aria-controls")).hidden = not chosen
        doc.getElementById("stage").dataset.mode = tab.dataset.mode
        doc.body.setAttribute("data-mode-asked", "true")

    def on_pointer_down(self, event: Any) -> None:
        self.pointer, self.swiped = (event.clientX, event.clientY), False

    def on_pointer_up(self, event: Any) -> None:
        if self.handed_over() or self.pointer is None:
            return
        x, y = self.pointer
        self.pointer = None
        direction = swipe(event.clientX - x, event.clientY - y)
        if direction is None:
            return
        self.swiped = True
        if not self.move(SWIPE_MOVES[direction]):
            self.say("No tile can move " + direction + ".")


def embedded(fragment: str) -> bool:
    """Whether the link asks for the stage alone (``embed=1``: web/page/embed.py)."""
    return any(part.lower() == "embed=1" for part in fragment.lstrip("#").split("&"))


def start(document: Any, window: Any) -> Opening | None:
    """Draw the link's board (or a scrambled 3x3 on a first visit) and take moves."""
    location = window.location
    fragment = str(location.hash or "")
    message = LOADING
    if embedded(fragment):  # laid out for its frame from the start, not once Python loads
        document.body.dataset.embed = "true"
    if fragment.strip("#"):
        board = read_board(fragment)
        if board is None:
            return None  # a link only the page can read: it draws it once loaded
    else:
        board = (3, 3, scramble(3, 3, SCRAMBLE_MOVES, random.randrange))
        address = str(location.href).split("#")[0] + "#board=" + rows_text(board[2], 3)
        window.history.replaceState(None, "", address)
        message = FIRST_BOARD + " " + LOADING
    opening = Opening(document, window, board[0], board[1], board[2])
    opening.draw()
    if message != LOADING:
        opening.grid.dataset.openingFirst = "true"
    opening.say(message)
    document.body.dataset.playable = "true"
    return opening


# Reads a key of localStorage, or null where the browser refuses storage (a cross-origin
# frame with third-party storage blocked, a sandbox). In JavaScript because MicroPython does
# not turn a JavaScript exception into a Python one: the SecurityError of ``localStorage``
# would stop this script, and with it the page's start.
READ_STORED = "try { return localStorage.getItem(key) } catch (error) { return null }"


def large_view(document: Any, window: Any) -> None:
    """The View menu's Large, remembered from an earlier visit (web/page/viewmenu.py, whose
    key this is): applied now, so that the page is not redrawn larger once Python loads."""
    if window.Function("key", READ_STORED)("npuzzle-large") == "1":
        document.documentElement.classList.add("large")


def load_page(document: Any) -> None:
    """Start the rest of the page: its Pyodide script waits in a template until now (the
    solver worker has been starting since the page opened)."""
    scripts = document.getElementById("page-scripts")
    document.body.appendChild(scripts.content.cloneNode(True))


try:
    from pyscript import document, window
except ImportError:  # CPython: the tests import the functions above
    document = window = None
if document is not None and window is not None:
    large_view(document, window)
    try:
        OPENING = start(document, window)
    finally:  # the page starts even if the opening failed
        load_page(document)
