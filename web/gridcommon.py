"""The grid's markup and its keys and swipes, written once for the two that draw it and take
moves on it: the page's grid view (web/page/grid.py, Pyodide) and the opening
(web/opening/opening.py, MicroPython), which draws the link's board before the page has
loaded and hands it over.

An ARIA grid: one ``row`` per row of the board, in grid order, one ``gridcell`` per cell; a
tile's cell holds its ``<button>`` (its face hidden from screen readers, its name saying
where it is), the gap is a cell of its own. MicroPython runs this module: nothing here may
need what it lacks (f-strings' format specs, starred displays, typing at run time).
"""

try:  # noqa: SIM105 (MicroPython has no contextlib)
    from typing import Any
except ImportError:  # MicroPython: annotations are not evaluated there
    pass

# Arrow key -> the blank's move (the tile moves the opposite way, in the arrow's direction).
ARROW_MOVES = {"ArrowUp": "D", "ArrowDown": "U", "ArrowLeft": "R", "ArrowRight": "L"}
SWIPE_PIXELS = 30  # shorter movements are taps (clicks)
# A swipe names the direction a tile moves, as the arrow keys do: -> the blank's move.
SWIPE_MOVES = {"right": "L", "left": "R", "down": "U", "up": "D"}


def swipe(dx: float, dy: float) -> str | None:
    """The direction a pointer moved by (``dx``, ``dy``) pixels swipes a tile ("right",
    "left", "down", "up"; the screen's y grows downwards), None for a tap."""
    if max(abs(dx), abs(dy)) < SWIPE_PIXELS:
        return None
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"


def cell_name(tile: int, row: int, col: int) -> str:
    """A cell's accessible name, rows and columns counted from 1: "Tile 5, row 2, column 3",
    "Gap, row 3, column 1"."""
    what = "Tile " + str(tile) if tile else "Gap"
    return what + ", row " + str(row + 1) + ", column " + str(col + 1)


def draw_rows(document: Any, grid: Any, width: int, height: int) -> list[Any]:
    """Empty ``grid`` and give it ``height`` rows for a board ``width`` wide."""
    grid.replaceChildren()
    grid.style.setProperty("--w", str(width))
    grid.style.setProperty("--h", str(height))
    grid.dataset.width, grid.dataset.height = str(width), str(height)
    rows = []
    for _ in range(height):
        row = document.createElement("div")
        row.className = "grid-row"
        row.setAttribute("role", "row")
        grid.appendChild(row)
        rows.append(row)
    return rows


def tile_cell(document: Any, tile: int) -> tuple[Any, Any]:
    """The gridcell of ``tile`` and its button; for 0, the gap's cell and None."""
    cell = document.createElement("div")
    cell.setAttribute("role", "gridcell")
    if not tile:
        cell.className = "gap"
        return cell, None
    cell.className = "cell"
    button = document.createElement("button")
    button.type = "button"
    button.className = "tile"
    button.dataset.tile = str(tile)
    face = document.createElement("span")
    face.className = "face"
    face.setAttribute("aria-hidden", "true")
    face.textContent = str(tile)
    button.appendChild(face)
    cell.appendChild(button)
    return cell, button


def place(element: Any, tile: int, cell: int, width: int) -> None:
    """Put ``element`` (a tile's button, or the gap's cell) at ``cell`` and name it."""
    row, col = divmod(cell, width)
    element.dataset.cell = str(cell)
    element.style.setProperty("--r", str(row))
    element.style.setProperty("--c", str(col))
    element.setAttribute("aria-label", cell_name(tile, row, col))
