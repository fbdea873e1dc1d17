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

import tables
from labview import LabView
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window, workers
from stepper import MAX_STEPS, StepView

import npuzzle
from npuzzle import (
    ALGORITHMS,
    HEURISTICS,
    Board,
    PuzzleError,
    Search,
    make_search,
    random_board,
    solvability,
)
from npuzzle.board import parse_size
from npuzzle.link import LinkState, make_fragment, parse_fragment

VERSION: str = npuzzle.__version__
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
_goal = document.getElementById("goal")
_algorithm = document.getElementById("algorithm")
_heuristic = document.getElementById("heuristic")
_weight = document.getElementById("weight")
_solve = document.getElementById("solve")
_cancel = document.getElementById("cancel")
_edit_form = document.getElementById("edit-form")
_board_text = document.getElementById("board-text")
_goal_text = document.getElementById("goal-text")
_result = document.getElementById("result")
_figures = document.getElementById("figures")
_solution_moves = document.getElementById("solution-moves")
_share = document.getElementById("share")
_arrange = document.getElementById("arrange")
PLAYBACK_SECONDS = 0.25  # between moves of a solution played back
POLL_SECONDS = 0.2  # between progress questions to the worker


def set_status(text: str) -> None:
    _status.textContent = text


def size_of(value: str) -> tuple[int, int]:
    """ "4x3" -> (4, 3): width, height. Anything else falls back to 3x3."""
    try:
        return parse_size(value)
    except PuzzleError:
        return 3, 3


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
        update_address(push=False)
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
    if swipe.swiped:
        swipe.swiped = False
        return
    button = event.target.closest("button.tile")
    if button is None:
        return
    try:
        tile = int(button.dataset.tile)
        if arrange.on:
            arrange_click(tile)
        else:
            game.click_tile(tile)
    except (ValueError, PuzzleError) as exc:
        set_status(f"Cannot move: {exc}")


class Arrange:
    """Edit by rearranging: while on, a click picks a tile and a second click swaps."""

    on = False
    picked: int | None = None


arrange = Arrange()


def on_arrange(event: Any) -> None:
    arrange.on = not arrange.on
    _arrange.setAttribute("aria-pressed", "true" if arrange.on else "false")
    unpick()
    if arrange.on:
        set_status("Arrange: click a tile, then another to swap them. Press Arrange to finish.")
    else:
        board = game.board
        verdict = solvability(board, game.goal)
        state = "" if verdict else f" It cannot reach the goal: {verdict.reason}."
        new_board(board, game.goal, f"Board set to {board.format('rows')}.{state}")


def unpick() -> None:
    if arrange.picked is not None:
        game.tiles[arrange.picked].classList.remove("picked")
    arrange.picked = None


def arrange_click(tile: int) -> None:
    first = arrange.picked
    if first is None:
        arrange.picked = tile
        game.tiles[tile].classList.add("picked")
        set_status(f"Tile {tile} picked: click another tile to swap it with.")
        return
    unpick()
    if first == tile:
        set_status("Nothing swapped.")
        return
    tiles = list(game.board.tiles)
    i, j = tiles.index(first), tiles.index(tile)
    tiles[i], tiles[j] = tiles[j], tiles[i]
    game.board = Board(game.board.width, game.board.height, tuple(tiles))
    game.update()
    set_status(f"Swapped tiles {first} and {tile}.")
    update_address(push=False)


def on_key(event: Any) -> None:
    move = ARROW_MOVES.get(event.key)
    if move is None or event.altKey or event.ctrlKey or event.metaKey or event.shiftKey:
        return
    tag = (event.target.tagName or "").lower() if event.target else ""
    if tag in ("select", "input", "textarea"):
        return  # arrows belong to the form control
    if hasattr(event.target, "closest") and event.target.closest("#visualizer"):
        return  # the visualizer's own keys
    event.preventDefault()
    if not game.move(move):
        set_status(f"No tile can move {event.key.removeprefix('Arrow').lower()}.")


class Swipe:
    """Where a pointer went down on the grid, to tell a swipe from a tap."""

    x = 0.0
    y = 0.0
    active = False
    swiped = False  # the click that follows a swipe is not a tap


swipe = Swipe()
SWIPE_PIXELS = 30  # shorter movements are taps (clicks)
# A swipe names the direction a tile moves, as the arrow keys do.
SWIPE_MOVES = {"right": "L", "left": "R", "down": "U", "up": "D"}


def on_pointer_down(event: Any) -> None:
    swipe.x, swipe.y, swipe.active, swipe.swiped = event.clientX, event.clientY, True, False


def on_pointer_up(event: Any) -> None:
    if not swipe.active:
        return
    swipe.active = False
    dx, dy = event.clientX - swipe.x, event.clientY - swipe.y
    if max(abs(dx), abs(dy)) < SWIPE_PIXELS:
        return  # a tap: the click handler moves the tile
    swipe.swiped = True
    horizontal = abs(dx) > abs(dy)
    direction = ("right" if dx > 0 else "left") if horizontal else ("down" if dy > 0 else "up")
    if not game.move(SWIPE_MOVES[direction]):
        set_status(f"No tile can move {direction}.")


def goal_for(width: int, height: int) -> Board:
    """The goal the Goal select names, for a board of this size."""
    name = _goal.value
    if name == "custom":
        custom = _goal_text.value.strip()
        if custom:
            try:
                return Board.parse(custom, width, height)
            except PuzzleError:
                pass
        _goal.value = name = "standard"
    return Board.goal(name, width, height)


def new_board(board: Board, goal: Board, message: str) -> None:
    """Show a new board: whatever was searching or playing back stops."""
    stop_activity()
    reset_stepping()
    if arrange.on:
        arrange.on = False
        _arrange.setAttribute("aria-pressed", "false")
        arrange.picked = None
    game.new_board(board, goal)
    _result.hidden = True
    set_status(message)
    update_address(push=True)


def on_size(event: Any) -> None:
    width, height = size_of(_size.value)
    if _goal.value == "custom":
        _goal.value = "standard"
    goal = goal_for(width, height)
    new_board(goal, goal, f"New {width}x{height} board, solved. Shuffle to play.")


def on_goal(event: Any) -> None:
    if _goal.value == "custom" and not _goal_text.value.strip():
        set_status("Type a goal board under Goal board, then press Edit.")
    goal = goal_for(game.board.width, game.board.height)
    new_board(game.board, goal, f"Goal: {goal.format('rows')}.")
    if game.solved:
        set_status(f"Goal: {goal.format('rows')}. Solved!")


def on_shuffle(event: Any) -> None:
    goal = game.goal
    board = random_board(goal.width, goal.height, goal=goal)
    while board == goal:  # a shuffle should never hand back the goal itself
        board = random_board(goal.width, goal.height, goal=goal)
    new_board(board, goal, f"Shuffled a {goal.width}x{goal.height} board. 0 moves.")


def on_reset(event: Any) -> None:
    new_board(game.goal, game.goal, "Reset to the goal. Solved!")


def on_edit(event: Any) -> None:
    """Set the board (and, if given, a custom goal) from the text fields."""
    event.preventDefault()
    text = _board_text.value.strip()
    goal_text = _goal_text.value.strip()
    try:
        board = Board.parse(text) if text else game.board
        if goal_text:
            goal = Board.parse(goal_text, board.width, board.height)
    except PuzzleError as exc:
        set_status(f"Cannot use that board: {exc}.")
        return
    show_size(board.width, board.height)
    if goal_text:
        _goal.value = "custom"
    else:
        if _goal.value == "custom":
            _goal.value = "standard"
        goal = goal_for(board.width, board.height)
    new_board(board, goal, f"Board set to {board.format('rows')}.")


def show_size(width: int, height: int) -> None:
    """Select this size in the Size list, adding it when the list lacks it."""
    size = f"{width}x{height}"
    if size not in [option.value for option in _size.options]:
        option = document.createElement("option")
        option.value = option.textContent = size
        _size.appendChild(option)
    _size.value = size


def on_algorithm(event: Any) -> None:
    sync_search_controls()
    reset_stepping()
    update_address(push=True)


def on_search_option(event: Any) -> None:
    reset_stepping()
    update_address(push=True)


# ----- share links ----------------------------------------------------------------------------
class Address:
    applying = False  # while a link is applied, changes do not write the address back


address = Address()


def link_state() -> LinkState:
    weight = read_weight() or 3.0
    step = stepping.search.steps if stepping.search is not None else 0
    name = None if _goal.value == "custom" else _goal.value
    return LinkState(
        game.board,
        game.goal,
        name,
        _algorithm.value,
        _heuristic.value,
        weight,
        step,
        lab=lab_view.link(),
    )


def update_address(*, push: bool) -> None:
    """Make the address bar show the page's state (a new history entry when ``push``)."""
    if address.applying:
        return
    fragment = "#" + make_fragment(link_state())
    if fragment == window.location.hash:
        return
    if push:
        window.history.pushState(None, "", fragment)
    else:
        window.history.replaceState(None, "", fragment)


def apply_link(fragment: str, *, opening: bool = False) -> None:
    """Show what a link describes; a bad part gets a message and its default. A link's
    experiment runs when the page is opened with it (not on back and forward)."""
    state = parse_fragment(fragment)
    address.applying = True
    try:
        show_size(state.board.width, state.board.height)
        if state.goal_name is None:
            _goal.value = "custom"
            _goal_text.value = state.goal.format("rows")
        else:
            _goal.value = state.goal_name
        _algorithm.value, _heuristic.value = state.algorithm, state.heuristic
        _weight.value = f"{state.weight:g}"
        sync_search_controls()
        new_board(state.board, state.goal, "")
    finally:
        address.applying = False
    if state.problems:
        set_status("This link had problems: " + "; ".join(state.problems) + ".")
    elif fragment.strip("#"):
        set_status("Opened a shared board.")
    if state.step:
        step_to(state.step)
    if state.lab is not None:
        lab_view.apply(state.lab, run=opening)


def step_to(number: int) -> None:
    """Go to step ``number`` of the visualizer (a link's step)."""
    if wait_for_tables(lambda _event: step_to(number)):
        return
    search = ensure_search()
    if search is not None:
        stepping.task = asyncio.ensure_future(go_to(search, number))


def on_history(event: Any) -> None:
    """The browser's back and forward buttons: show the state of that entry."""
    apply_link(window.location.hash)


def on_share(event: Any) -> None:
    update_address(push=False)
    spawn(copy_link(window.location.href))


async def copy_link(url: str) -> None:
    try:
        await window.navigator.clipboard.writeText(url)
    except Exception:
        set_status(f"Copy this link: {url}")
        return
    set_status(f"Link copied: {url}")


def sync_search_controls() -> None:
    """Heuristic and weight are only offered to the searches that use them."""
    info = ALGORITHMS.get(_algorithm.value)
    _heuristic.disabled = info is None or not info.uses_heuristic
    _weight.disabled = info is None or not info.takes_weight


def fill_selects() -> None:
    """Options come from npuzzle's own lists: values are the CLI names."""
    for name, info in ALGORITHMS.items():
        option = document.createElement("option")
        option.value = name
        option.textContent = info.title
        _algorithm.appendChild(option)
    for name, cls in HEURISTICS.items():
        option = document.createElement("option")
        option.value = name
        option.textContent = cls.info.title + ("" if cls.info.admissible else " (inadmissible)")
        _heuristic.appendChild(option)
    _algorithm.value = "astar"
    _heuristic.value = "manhattan"


# ----- pattern databases ----------------------------------------------------------------------
_loading = document.getElementById("loading")


def show_loading(got: int, total: int, where: str) -> None:
    """The progress bar and a line of text while pattern databases are loaded."""
    _loading.hidden = False
    if total:
        _loading.max, _loading.value = total, min(got, total)
        amount = f"{got / 1e6:.1f} of {total / 1e6:.1f} MB"
    else:
        _loading.removeAttribute("value")  # indeterminate
        amount = f"{got / 1e6:.1f} MB"
    into = "the solver" if where == "solver" else "the visualizer"
    set_status(f"Loading pattern databases into {into}: {amount}...")


def page_address() -> str:
    return str(window.location.href).split("#")[0]


def hide_loading() -> None:
    _loading.hidden = True


def tables_needed() -> list[str]:
    info = ALGORITHMS.get(_algorithm.value)
    uses_h = info is not None and info.uses_heuristic
    return tables.needed(game.board, game.goal, uses_h, _heuristic.value)


async def load_then(action: Any) -> None:
    """Load the pattern databases the visualizer needs, then do ``action`` (a handler)."""
    try:
        got = await tables.load(
            tables_needed(), lambda g, t: show_loading(g, t, "page"), page_address()
        )
    except Exception as exc:  # PuzzleError, or the browser refused
        set_status(f"Cannot use the pattern databases: {exc}.")
        return
    finally:
        hide_loading()
    set_status(f"Pattern databases loaded ({got / 1e6:.1f} MB).")
    action(None)


def wait_for_tables(action: Any) -> bool:
    """True (and the loading started, ``action`` to follow) if the visualizer must first load
    pattern databases."""
    if not tables_needed():
        return False
    stop_stepping_task()
    stepping.task = asyncio.ensure_future(load_then(action))
    return True


# ----- solving in the worker ------------------------------------------------------------------
_background: set[asyncio.Future[Any]] = set()


def spawn(coroutine: Any) -> None:
    """Run a coroutine in the background, keeping a reference until it finishes."""
    future = asyncio.ensure_future(coroutine)
    _background.add(future)
    future.add_done_callback(_background.discard)


class Activity:
    """The search or playback under way, so a new board or Cancel can stop it."""

    task: asyncio.Task[None] | None = None
    searching = False
    cancelling = False  # Cancel was pressed: progress no longer overwrites "Cancelling..."


activity = Activity()


def stop_activity() -> None:
    if activity.searching:
        spawn(cancel_search())
    if activity.task is not None and not activity.task.done():
        activity.task.cancel()
    activity.task = None


async def cancel_search() -> None:
    solver = await workers["solver"]
    await solver.cancel()


def read_weight() -> float | None:
    try:
        weight = float(_weight.value)
    except ValueError:
        return None
    return weight if 1 <= weight <= 100 else None


def on_solve(event: Any) -> None:
    if activity.searching:
        return
    board, goal = game.board, game.goal
    verdict = solvability(board, goal)
    if not verdict:
        show_figures(None)
        set_status(f"Unsolvable: {verdict.reason}.")
        return
    weight = read_weight()
    if weight is None:
        set_status("Weight must be a number from 1 to 100.")
        return
    stop_activity()
    request = {
        "board": board.format("rows"),
        "goal": goal.format("rows"),
        "algorithm": _algorithm.value,
        "heuristic": _heuristic.value,
        "weight": weight,
        "page": page_address(),
    }
    activity.task = asyncio.ensure_future(run_search(request, board, goal))


def on_cancel(event: Any) -> None:
    if activity.searching:
        activity.cancelling = True
        set_status("Cancelling...")
        spawn(cancel_search())


def set_searching(on: bool) -> None:
    activity.searching = on
    activity.cancelling = False
    _cancel.hidden = not on
    _solve.disabled = on
    document.body.dataset.searching = "true" if on else "false"


async def run_search(request: dict[str, Any], board: Board, goal: Board) -> None:
    solver = await workers["solver"]
    set_searching(True)
    set_status("Searching...")
    _result.hidden = True
    try:
        pending = asyncio.ensure_future(_call(solver.solve, request))
        while not pending.done():
            await asyncio.wait([pending], timeout=POLL_SECONDS)
            if not pending.done():
                p = _plain(await solver.progress())
                if activity.cancelling:
                    continue
                if p.get("phase") == "loading":
                    show_loading(int(p.get("loaded") or 0), int(p.get("total") or 0), "solver")
                    continue
                hide_loading()
                where = (
                    f"threshold {p['threshold']}"
                    if p.get("threshold") is not None
                    else f"{p.get('open', 0):,} on the open list"
                )
                set_status(f"Searching... {p.get('expanded', 0):,} nodes expanded, {where}.")
        result = _plain(pending.result())
    finally:
        set_searching(False)
        hide_loading()
    show_figures(result)
    status = result.get("status")
    if status != "solved":
        set_status(
            {
                "limit": "No solution within the limit",
                "cancelled": "Search cancelled",
                "exhausted": "No solution",
            }.get(status, "Search failed")
            + f": {result.get('reason', '')}."
        )
        return
    await play_back(board, goal, result.get("moves") or "")


async def _call(function: Any, *args: Any) -> Any:
    return await function(*args)


def _plain(value: Any) -> Any:
    return value.to_py() if hasattr(value, "to_py") else value


async def play_back(board: Board, goal: Board, moves: str) -> None:
    """Show the solution move by move from the board it was found for."""
    game.new_board(board, goal)
    set_status(f"Found a solution of {len(moves)} moves: playing it back...")
    for letter in moves:
        await asyncio.sleep(PLAYBACK_SECONDS)
        game.move(letter)
    n = len(moves)
    set_status(f"Solved in {n} move{'' if n == 1 else 's'}.")


def _duration(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def show_figures(result: dict[str, Any] | None) -> None:
    _figures.replaceChildren()
    if result is None:
        _result.hidden = True
        return
    ebf = result.get("ebf")
    rows = [
        ("Status", result.get("status", "")),
        ("Length", result.get("length") if result.get("length") is not None else "-"),
        ("Expanded", f"{result.get('expanded', 0):,}"),
        ("Generated", f"{result.get('generated', 0):,}"),
        ("Largest open list", f"{result.get('max_open', 0):,}"),
        ("EBF", f"{ebf:.3f}" if isinstance(ebf, int | float) else "-"),
        ("Time", _duration(float(result.get("seconds") or 0))),
        ("Optimal", "yes" if result.get("optimal") else "not guaranteed"),
    ]
    for term, value in rows:
        dt = document.createElement("dt")
        dt.textContent = term
        dd = document.createElement("dd")
        dd.textContent = str(value)
        _figures.append(dt, dd)
    _solution_moves.textContent = " ".join(result.get("moves") or "") or "-"
    _result.hidden = False


# ----- the step-through visualizer ---------------------------------------------------------
class Stepping:
    """The search being stepped through, and what it was made for."""

    search: Search | None = None
    key: tuple[Any, ...] | None = None
    furthest = 0
    task: asyncio.Task[None] | None = None  # Play, Run to end or a jump under way


stepping = Stepping()
view = StepView(document)
_step = document.getElementById("step")
_step_back = document.getElementById("step-back")
_play = document.getElementById("play")
_run_end = document.getElementById("run-end")
_speed = document.getElementById("speed")
_jump = document.getElementById("jump")
_visualizer = document.getElementById("visualizer")
STEP_CHUNK_SECONDS = 0.03  # Run to end and jumps yield to the page this often


def reset_stepping(message: str = "") -> None:
    stop_stepping_task()
    stepping.search, stepping.key, stepping.furthest = None, None, 0
    view.clear(message)
    sync_stepping_controls()


def stop_stepping_task() -> None:
    if stepping.task is not None and not stepping.task.done():
        stepping.task.cancel()
    stepping.task = None
    _play.textContent = "Play"


def ensure_search() -> Search | None:
    """The search for the board and settings on the page, made anew when they change."""
    board, goal = game.board, game.goal
    weight = read_weight()
    if weight is None:
        set_status("Weight must be a number from 1 to 100.")
        return None
    key = (board, goal, _algorithm.value, _heuristic.value, weight)
    if stepping.search is not None and stepping.key == key:
        return stepping.search
    verdict = solvability(board, goal)
    if not verdict:
        set_status(f"Unsolvable: {verdict.reason}.")
        return None
    try:
        search = make_search(
            board, goal, algorithm=_algorithm.value, heuristic=_heuristic.value, weight=weight
        )
    except PuzzleError as exc:
        set_status(f"Cannot search: {exc}.")
        return None
    stepping.search, stepping.key, stepping.furthest = search, key, 0
    return search


def advance(search: Search) -> bool:
    """One step; False when the search has ended or reached the visualizer's limit."""
    if search.done:
        return False
    if search.steps >= MAX_STEPS:
        set_status(f"The visualizer stops at {MAX_STEPS:,} steps: use Solve for the rest.")
        return False
    search.step()
    stepping.furthest = max(stepping.furthest, search.steps)
    return True


def draw_stepping() -> None:
    search = stepping.search
    if search is None:
        return
    view.draw(search, game.board.width, stepping.furthest)
    sync_stepping_controls()
    if search.status == "solved":
        n = len(search.solution or "")
        set_status(f"Step {search.steps}: goal reached, a path of {n} move{'' if n == 1 else 's'}.")
    elif search.done:
        set_status(f"Step {search.steps}: {search.status}: {search.reason}.")
    update_address(push=False)


def sync_stepping_controls() -> None:
    search = stepping.search
    _step_back.disabled = search is None or search.steps == 0
    done = search is not None and search.done
    _step.disabled = _run_end.disabled = done
    _play.disabled = done and (stepping.task is None or stepping.task.done())


def on_step(event: Any) -> None:
    stop_stepping_task()
    if wait_for_tables(on_step):
        return
    search = ensure_search()
    if search is not None:
        advance(search)
        draw_stepping()


def on_step_back(event: Any) -> None:
    stop_stepping_task()
    search = stepping.search
    if search is not None and search.back():
        draw_stepping()
        set_status(f"Back to step {search.steps}.")


def on_play(event: Any) -> None:
    if stepping.task is not None and not stepping.task.done():
        stop_stepping_task()
        sync_stepping_controls()
        return
    if wait_for_tables(on_play):
        return
    search = ensure_search()
    if search is None or search.done:
        return
    _play.textContent = "Pause"
    stepping.task = asyncio.ensure_future(play(search))


async def play(search: Search) -> None:
    try:
        while advance(search):
            draw_stepping()
            speed = max(1, min(60, int(_speed.value or 8)))
            await asyncio.sleep(1 / speed)
    finally:
        _play.textContent = "Play"
        sync_stepping_controls()


def on_run_end(event: Any) -> None:
    stop_stepping_task()
    if wait_for_tables(on_run_end):
        return
    search = ensure_search()
    if search is not None:
        stepping.task = asyncio.ensure_future(go_to(search, MAX_STEPS))


async def go_to(search: Search, number: int) -> None:
    """Step forward (in chunks, yielding to the page) or back to step ``number``."""
    while search.steps > number and search.back():
        pass
    loop = asyncio.get_event_loop()
    while search.steps < number:
        deadline = loop.time() + STEP_CHUNK_SECONDS
        while search.steps < number and loop.time() < deadline:
            if not advance(search):
                number = search.steps
        set_status(f"Stepping... step {search.steps:,}.")
        await asyncio.sleep(0)
    draw_stepping()
    if not search.done:
        set_status(f"At step {search.steps:,}.")


def on_jump(event: Any) -> None:
    stop_stepping_task()
    if wait_for_tables(on_jump):
        return
    search = ensure_search()
    if search is None:
        return
    try:
        number = int(_jump.value)
    except ValueError:
        return
    stepping.task = asyncio.ensure_future(go_to(search, number))


def on_visualizer_key(event: Any) -> None:
    if event.altKey or event.ctrlKey or event.metaKey:
        return
    tag = (event.target.tagName or "").lower()
    if tag in ("select", "input", "textarea"):
        return
    if event.key == " " and tag != "button":
        event.preventDefault()
        on_play(event)
    elif event.key == "ArrowRight":
        event.preventDefault()
        on_step(event)
    elif event.key == "ArrowLeft":
        event.preventDefault()
        on_step_back(event)


_handlers = [
    (_grid, "click", on_grid_click),
    (_grid, "pointerdown", on_pointer_down),
    (_grid, "pointerup", on_pointer_up),
    (document, "keydown", on_key),
    (_size, "change", on_size),
    (_goal, "change", on_goal),
    (_shuffle, "click", on_shuffle),
    (_reset, "click", on_reset),
    (_algorithm, "change", on_algorithm),
    (_solve, "click", on_solve),
    (_cancel, "click", on_cancel),
    (_edit_form, "submit", on_edit),
    (_heuristic, "change", on_search_option),
    (_weight, "change", on_search_option),
    (_step, "click", on_step),
    (_step_back, "click", on_step_back),
    (_play, "click", on_play),
    (_run_end, "click", on_run_end),
    (_jump, "change", on_jump),
    (_visualizer, "keydown", on_visualizer_key),
    (_share, "click", on_share),
    (_arrange, "click", on_arrange),
    (window, "popstate", on_history),
]
# Keep the proxies alive for the page's lifetime.
_proxies = []
for target, kind, handler in _handlers:
    proxy = create_proxy(handler)
    target.addEventListener(kind, proxy)
    _proxies.append(proxy)


async def connect_worker() -> None:
    """Wait for the solver worker; Solve is enabled once ping() has answered."""
    try:
        solver = await workers["solver"]
        answer = await solver.ping()
    except Exception:
        set_status(f"npuzzle {VERSION} ready; the solver worker failed to start")
        document.body.dataset.workerReady = "false"
        raise
    result = _plain(answer)
    worker_version = result.get("version") if isinstance(result, dict) else None
    if worker_version != VERSION:
        set_status(f"npuzzle {VERSION} ready; solver worker reports {worker_version!r}")
        document.body.dataset.workerReady = "false"
        return
    _solve.disabled = False
    document.body.dataset.workerReady = "true"


async def solve_for_scripts(request: Any) -> Any:
    """``window.npuzzleSolve({board, goal, algorithm, heuristic, weight})``: the worker's
    answer as a plain object, for scripts (the benchmarks and tests), without touching the
    page's board. Pattern databases are loaded as for Solve."""
    solver = await workers["solver"]
    req = _plain(request)
    req.setdefault("page", page_address())
    return to_js(_plain(await solver.solve(req)), dict_converter=window.Object.fromEntries)


_proxies.append(create_proxy(solve_for_scripts))
window.npuzzleSolve = _proxies[-1]


async def solver_worker() -> Any:
    return await workers["solver"]


lab_view = LabView(
    document, window, solver_worker, lambda: update_address(push=False), page_address
)
fill_selects()
game.build()
for control in (
    _size,
    _goal,
    _shuffle,
    _reset,
    _algorithm,
    _heuristic,
    _board_text,
    _goal_text,
    _edit_form.querySelector("button"),
    _speed,
    _jump,
    _share,
    _arrange,
):
    control.disabled = False
sync_search_controls()
sync_stepping_controls()
set_status(f"npuzzle {VERSION} ready")
if window.location.hash:
    apply_link(window.location.hash, opening=True)
document.body.dataset.ready = "true"
spawn(connect_worker())
