"""Main-thread entry point of the npuzzle page (runs in the browser under PyScript).

Imports the same npuzzle package as the command line (shipped as a zip that PyScript
unpacks), draws the playable grid, reports readiness on the page, then checks that the
solver worker answers.

The page is a thin client: boards, moves, shuffles and the solved test all come from the
npuzzle package. Arrow keys name the direction a *tile* moves into the gap (ArrowUp slides
the tile below the gap up, so the blank moves down: npuzzle move ``D``).
"""

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, workers

import npuzzle
from npuzzle import Board, PuzzleError, random_board

VERSION: str = npuzzle.__version__
SIZES = ("3x3", "4x4", "5x5", "2x3", "3x4")
# Arrow key -> the blank's move (the tile moves the opposite way, in the arrow's direction).
ARROW_MOVES = {"ArrowUp": "D", "ArrowDown": "U", "ArrowLeft": "R", "ArrowRight": "L"}
# The blank's move -> the direction the tile slides, for the status text.
TILE_DIRECTION = {"U": "down", "D": "up", "L": "right", "R": "left"}

_status = document.getElementById("status")
_grid = document.getElementById("grid")
_moves = document.getElementById("moves")
_size = document.getElementById("size")
_shuffle = document.getElementById("shuffle")
_reset = document.getElementById("reset")


def set_status(text: str) -> None:
    _status.textContent = text


def parse_size(value: str) -> tuple[int, int]:
    """ "4x3" -> (4, 3): width, height. Unknown values fall back to 3x3."""
    if value not in SIZES:
        value = "3x3"
    width, height = value.split("x")
    return int(width), int(height)


class Game:
    """The board on the page, its goal and the move counter; redraws the grid."""

    def __init__(self) -> None:
        self.goal = Board.goal("standard", 3, 3)
        self.board = self.goal
        self.moves = 0
        self.tiles: dict[int, Any] = {}

    # ----- state changes ------------------------------------------------------------------
    def new_board(self, board: Board, goal: Board) -> None:
        self.goal, self.board, self.moves = goal, board, 0
        self.build()

    def move(self, blank_move: str) -> bool:
        """Make one npuzzle move (named by the blank); False when it is not legal."""
        if blank_move not in self.board.legal_moves():
            return False
        before = self.board
        self.board = before.move(blank_move)
        self.moves += 1
        # The moved tile now stands where the blank was.
        tile = self.board.tiles[before.blank]
        self.update()
        if self.solved:
            set_status(f"Solved! {self.count_text()}.")
        else:
            direction = TILE_DIRECTION[blank_move]
            set_status(f"Moved tile {tile} {direction}. {self.count_text()}.")
        return True

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

    # ----- drawing ------------------------------------------------------------------------
    def build(self) -> None:
        """Recreate the tile buttons for the current board (new size or new board)."""
        _grid.replaceChildren()
        self.tiles = {}
        style = _grid.style
        style.setProperty("--w", str(self.board.width))
        style.setProperty("--h", str(self.board.height))
        _grid.dataset.width = str(self.board.width)
        _grid.dataset.height = str(self.board.height)
        for tile in sorted(t for t in self.board.tiles if t):
            button = document.createElement("button")
            button.type = "button"
            button.className = "tile"
            button.dataset.tile = str(tile)
            button.setAttribute("aria-label", f"Tile {tile}")
            face = document.createElement("span")
            face.className = "face"
            face.setAttribute("aria-hidden", "true")
            face.textContent = str(tile)
            button.appendChild(face)
            _grid.appendChild(button)
            self.tiles[tile] = button
        self.update()

    def update(self) -> None:
        """Place every tile at its cell and refresh the counter and solved marks."""
        width = self.board.width
        for cell, tile in enumerate(self.board.tiles):
            if not tile:
                continue
            button = self.tiles[tile]
            row, col = divmod(cell, width)
            button.dataset.cell = str(cell)
            button.style.setProperty("--r", str(row))
            button.style.setProperty("--c", str(col))
        _grid.dataset.tiles = self.board.format("rows")
        _grid.classList.toggle("solved", self.solved)
        _moves.textContent = str(self.moves)


game = Game()


# ----- event handlers (bound once, on elements that live as long as the page) ---------------
def on_grid_click(event: Any) -> None:
    button = event.target.closest("button.tile")
    if button is None:
        return
    try:
        game.click_tile(int(button.dataset.tile))
    except (ValueError, PuzzleError) as exc:
        set_status(f"Cannot move: {exc}")


def on_key(event: Any) -> None:
    move = ARROW_MOVES.get(event.key)
    if move is None or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return
    tag = (event.target.tagName or "").lower() if event.target else ""
    if tag in ("select", "input", "textarea"):
        return  # arrows belong to the form control
    event.preventDefault()
    if not game.move(move):
        set_status(f"No tile can move {event.key.removeprefix('Arrow').lower()}.")


def on_size(event: Any) -> None:
    width, height = parse_size(_size.value)
    goal = Board.goal("standard", width, height)
    game.new_board(goal, goal)
    set_status(f"New {width}x{height} board, solved. Shuffle to play.")


def on_shuffle(event: Any) -> None:
    goal = game.goal
    board = random_board(goal.width, goal.height, goal=goal)
    while board == goal:  # a shuffle should never hand back the goal itself
        board = random_board(goal.width, goal.height, goal=goal)
    game.new_board(board, goal)
    set_status(f"Shuffled a {goal.width}x{goal.height} board. 0 moves.")


def on_reset(event: Any) -> None:
    game.new_board(game.goal, game.goal)
    set_status("Reset to the goal. Solved!")


_handlers = [
    (_grid, "click", on_grid_click),
    (document, "keydown", on_key),
    (_size, "change", on_size),
    (_shuffle, "click", on_shuffle),
    (_reset, "click", on_reset),
]
# Keep the proxies alive for the page's lifetime.
_proxies = []
for target, kind, handler in _handlers:
    proxy = create_proxy(handler)
    target.addEventListener(kind, proxy)
    _proxies.append(proxy)


async def connect_worker() -> None:
    """Wait for the solver worker and mark the page when ping() has answered."""
    try:
        solver = await workers["solver"]
        answer = await solver.ping()
    except Exception:
        set_status(f"npuzzle {VERSION} ready; the solver worker failed to start")
        document.body.dataset.workerReady = "false"
        raise
    # A dict from the worker arrives as a JS object: convert it back to Python.
    result = answer.to_py() if hasattr(answer, "to_py") else answer
    worker_version = result.get("version") if isinstance(result, dict) else None
    if worker_version != VERSION:
        set_status(f"npuzzle {VERSION} ready; solver worker reports {worker_version!r}")
        document.body.dataset.workerReady = "false"
        return
    document.body.dataset.workerReady = "true"


game.build()
for control in (_size, _shuffle, _reset):
    control.disabled = False
set_status(f"npuzzle {VERSION} ready")
document.body.dataset.ready = "true"
# Keep a reference so the task is not garbage-collected before it finishes.
background_tasks: set[asyncio.Future[None]] = set()
background_tasks.add(asyncio.ensure_future(connect_worker()))
