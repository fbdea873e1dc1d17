"""The controls of the Board and Search groups: what board is played and how it is searched.

:class:`BoardControls` holds Size, Goal, Shuffle, Reset and the Edit form (a typed board and
an optional goal board); each of them hands the page a new board. :class:`SearchControls`
holds Algorithm, Heuristic, Weight and Tie-break, filled from npuzzle's own lists, and reads
them as one checked :class:`Settings` value (a bad weight is refused with a message).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from boundary import guarded
from protocol import AUTO, AUTO_TITLE, DEFAULT_ALGORITHM, DEFAULT_HEURISTIC
from pyodide.ffi import create_proxy

from npuzzle import (
    ALGORITHMS,
    HEURISTICS,
    Algorithm,
    Board,
    PuzzleError,
    random_board,
    solvability,
)
from npuzzle.core.board import parse_size
from npuzzle.heuristics import YOURS
from npuzzle.search.algorithms import AlgorithmInfo
from npuzzle.search.bestfirst import TieBreak
from npuzzle.teach.explain import TIE_TITLES

WEIGHT_MESSAGE = "Weight must be a number from 1 to 100."


class Page(Protocol):
    """What the controls ask of the page (main.py wires it)."""

    def say(self, text: str) -> None: ...
    def new_board(self, board: Board, goal: Board, message: str) -> None: ...
    def search_changed(self) -> None: ...


class Grid(Protocol):
    @property
    def board(self) -> Board: ...
    @property
    def goal(self) -> Board: ...


def size_of(value: str) -> tuple[int, int]:
    """ "4x3" -> (4, 3): width, height. Anything else falls back to 3x3."""
    try:
        return parse_size(value)
    except PuzzleError:
        return 3, 3


def unreachable(board: Board, goal: Board) -> str:
    """ " It cannot reach the goal: <why>." for a board that cannot, else "": what a new
    board's message adds, so that a player hears it at once."""
    verdict = solvability(board, goal)
    return "" if verdict else f" It cannot reach the goal: {verdict.reason}."


def shuffled(goal: Board) -> Board:
    """A random board that can reach ``goal`` and is not ``goal`` itself (a shuffle should
    never hand back a solved board)."""
    board = random_board(goal.width, goal.height, goal=goal)
    while board == goal:
        board = random_board(goal.width, goal.height, goal=goal)
    return board


def listen(proxies: list[Any], bindings: list[tuple[Any, str, Callable[[Any], Any]]]) -> None:
    """Bind handlers once, keeping their proxies alive as long as the page. Each runs
    guarded: what fails in it is said on the status line, not thrown at the page."""
    for target, kind, handler in bindings:
        proxy = create_proxy(guarded(handler))
        target.addEventListener(kind, proxy)
        proxies.append(proxy)


def pass_focus(document: Any, candidates: tuple[str, ...]) -> None:
    """The control holding the focus was just disabled or hidden (a browser would drop the
    focus to the page): give it to the first of ``candidates`` (ids) that can take it."""
    for name in candidates:
        target = document.getElementById(name)
        if target and not target.disabled and not target.hidden:  # null (falsy): none
            target.focus()
            return


def offer_yours(document: Any, select: Any, title: str | None) -> None:
    """Add, retitle or (``title`` None) remove the heuristic ``yours`` in a Heuristic menu."""
    options = list(select.options)
    option = next((o for o in options if o.value == YOURS), None)
    if title is None:
        if option is not None:
            chosen = select.value
            select.replaceChildren(*[o for o in options if o is not option])
            select.value = DEFAULT_HEURISTIC if chosen == YOURS else chosen
        return
    if option is None:
        option = document.createElement("option")
        option.value = YOURS
        select.appendChild(option)
    option.textContent = title


@dataclass(frozen=True)
class Settings:
    """The search the controls describe: the command line's names (or AUTO, which the worker
    resolves) and a checked weight."""

    algorithm: str
    heuristic: str
    weight: float
    tie_break: str = str(TieBreak.HIGH_G)

    @property
    def options(self) -> dict[str, Any]:
        """As keyword arguments of the bridge's ``solve`` and ``make_search``."""
        return {
            "algorithm": self.algorithm,
            "heuristic": self.heuristic,
            "weight": self.weight,
            "tie_break": self.tie_break,
        }


def tie_help(info: AlgorithmInfo | None) -> str:
    """Why the Tie-break select is disabled ("": it is not, or Automatic's help says)."""
    if info is None or info.breaks_ties:
        return ""
    if info.walks_paths:
        return (
            f"{info.title} has no ties to break: it tries a node's children in the order the "
            "blank moves, U, D, L, R."
        )
    return f"{info.title} has no ties to break: its one stack is last in, first out."


class BoardControls:
    """Size, Goal, Shuffle, Reset and the Edit form."""

    def __init__(self, document: Any, page: Page, grid: Grid) -> None:
        self.document, self.page, self.grid = document, page, grid
        get = document.getElementById
        self.size = get("size")
        self.goal = get("goal")
        self.shuffle = get("shuffle")
        self.reset = get("reset")
        self.form = get("edit-form")
        self.board_text = get("board-text")
        self.goal_text = get("goal-text")
        self.edit = get("edit")
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.size, "change", self.on_size),
                (self.goal, "change", self.on_goal),
                (self.shuffle, "click", self.on_shuffle),
                (self.reset, "click", self.on_reset),
                (self.form, "submit", self.on_edit),
            ],
        )

    def enable(self) -> None:
        for control in (
            self.size,
            self.goal,
            self.shuffle,
            self.reset,
            self.board_text,
            self.goal_text,
            self.edit,
        ):
            control.disabled = False

    # ----- reading and showing -------------------------------------------------------------
    @property
    def goal_name(self) -> str | None:
        """The goal's name, None for a custom goal board."""
        return None if self.goal.value == "custom" else str(self.goal.value)

    def goal_for(self, width: int, height: int) -> Board:
        """The goal the Goal select names, for a board of this size (a custom goal that
        does not fit falls back to the standard one)."""
        name = self.goal.value
        if name == "custom":
            custom = self.goal_text.value.strip()
            if custom:
                try:
                    return Board.parse(custom, width, height)
                except PuzzleError:
                    pass
            self.goal.value = name = "standard"
        return Board.goal(name, width, height)

    def show_size(self, width: int, height: int) -> None:
        """Select this size in the Size list, adding it when the list lacks it."""
        size = f"{width}x{height}"
        if size not in [option.value for option in self.size.options]:
            option = self.document.createElement("option")
            option.value = option.textContent = size
            self.size.appendChild(option)
        self.size.value = size

    def show_goal(self, board: Board, name: str | None) -> None:
        """Show a link's goal: its name, or "custom" with the board in Goal board."""
        if name is None:
            self.goal.value = "custom"
            self.goal_text.value = board.format("rows")
        else:
            self.goal.value = name

    # ----- handlers ------------------------------------------------------------------------
    def on_size(self, event: Any) -> None:
        width, height = size_of(self.size.value)
        if self.goal.value == "custom":
            self.goal.value = "standard"
        goal = self.goal_for(width, height)
        board = shuffled(goal)  # as a first visit opens: a puzzle to play, not the goal
        message = f"New {width}x{height} board, shuffled. 0 moves.{unreachable(board, goal)}"
        self.page.new_board(board, goal, message)

    def on_goal(self, event: Any) -> None:
        if self.goal.value == "custom" and not self.goal_text.value.strip():
            self.page.say("Type a goal board under Goal board, then press Edit.")
        board = self.grid.board
        goal = self.goal_for(board.width, board.height)
        self.page.new_board(board, goal, f"Goal: {goal.format('rows')}.{unreachable(board, goal)}")
        if board == goal:
            self.page.say(f"Goal: {goal.format('rows')}. Solved!")

    def on_shuffle(self, event: Any) -> None:
        goal = self.grid.goal
        board = shuffled(goal)
        self.page.new_board(board, goal, f"Shuffled a {goal.width}x{goal.height} board. 0 moves.")

    def on_reset(self, event: Any) -> None:
        goal = self.grid.goal
        self.page.new_board(goal, goal, "Reset to the goal. Solved!")

    def on_edit(self, event: Any) -> None:
        """Set the board (and, if given, a custom goal) from the text fields."""
        event.preventDefault()
        text = self.board_text.value.strip()
        goal_text = self.goal_text.value.strip()
        try:
            board = Board.parse(text) if text else self.grid.board
            if goal_text:
                goal = Board.parse(goal_text, board.width, board.height)
        except PuzzleError as exc:
            self.page.say(f"Cannot use that board: {exc}.")
            return
        self.show_size(board.width, board.height)
        if goal_text:
            self.goal.value = "custom"
        else:
            if self.goal.value == "custom":
                self.goal.value = "standard"
            goal = self.goal_for(board.width, board.height)
        warning = unreachable(board, goal)
        self.page.new_board(board, goal, f"Board set to {board.format('rows')}.{warning}")


#: the most solver workers the page offers: each holds its own Python and tables (4x4: about
#: 300 MB each), and the page's own work stays on the main thread
MAX_WORKERS = 4
GB_PER_WORKER = 2  # the default gives a worker per core, but only one per 2 GB of memory


def default_workers(cores: int, memory_gb: float | None) -> int:
    """The Workers setting a device starts with: one per core (``hardwareConcurrency``), at
    most one per ``GB_PER_WORKER`` of memory (``deviceMemory``; where the browser does not
    tell, as if it had 4 GB), at most ``MAX_WORKERS``.

    >>> [default_workers(cores, gb) for cores, gb in [(2, 8), (8, 4), (8, None), (1, 8)]]
    [2, 2, 2, 1]
    """
    by_memory = int((memory_gb or 4) // GB_PER_WORKER)
    return max(1, min(cores, by_memory, MAX_WORKERS))


class SearchControls:
    """Algorithm, Heuristic (inadmissible ones marked), Weight and Workers."""

    def __init__(self, document: Any, page: Page, navigator: Any = None) -> None:
        """``navigator``: the browser's, which tells the device's cores and memory."""
        self.page, self.document = page, document
        get = document.getElementById
        self.algorithm = get("algorithm")
        self.heuristic = get("heuristic")
        self.weight = get("weight")
        self.tie_break = get("tie-break")
        self.tie_help = get("tie-help")
        self.workers = get("workers")
        self.auto_help = get("auto-help")
        cores = int(getattr(navigator, "hardwareConcurrency", None) or 1)
        memory = getattr(navigator, "deviceMemory", None)
        for n in range(1, max(1, min(cores, MAX_WORKERS)) + 1):
            option = document.createElement("option")
            option.value = option.textContent = str(n)
            self.workers.appendChild(option)
        self.workers.value = str(default_workers(cores, float(memory) if memory else None))
        automatic = document.createElement("option")
        automatic.value, automatic.textContent = AUTO, AUTO_TITLE
        self.algorithm.appendChild(automatic)
        for algorithm, info in ALGORITHMS.items():
            option = document.createElement("option")
            option.value = str(algorithm)
            option.textContent = info.title
            self.algorithm.appendChild(option)
        for name, cls in HEURISTICS.items():
            option = document.createElement("option")
            option.value = name
            mark = "" if cls.info.admissible else " (inadmissible)"
            option.textContent = cls.info.title + mark
            self.heuristic.appendChild(option)
        for tie, title in TIE_TITLES.items():
            option = document.createElement("option")
            option.value, option.textContent = str(tie), title
            self.tie_break.appendChild(option)
        self.algorithm.value = DEFAULT_ALGORITHM
        self.heuristic.value = DEFAULT_HEURISTIC
        self.tie_break.value = str(TieBreak.HIGH_G)
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.algorithm, "change", self.on_algorithm),
                (self.heuristic, "change", self.on_option),
                (self.weight, "change", self.on_option),
                (self.tie_break, "change", self.on_option),
            ],
        )

    def enable(self) -> None:
        self.algorithm.disabled = False
        self.workers.disabled = False
        self.sync()

    def sync(self) -> None:
        """Heuristic and weight are only offered to the searches that use them (Automatic
        picks its own)."""
        info = ALGORITHMS.get(self.algorithm.value)
        self.heuristic.disabled = info is None or not info.uses_heuristic
        self.weight.disabled = info is None or not info.takes_weight
        self.tie_break.disabled = info is None or not info.breaks_ties
        self.tie_help.textContent = tie_help(info)
        self.tie_help.hidden = not self.tie_help.textContent
        self.auto_help.hidden = self.algorithm.value != AUTO

    def algorithm_choice(self) -> Algorithm | None:
        """The Algorithm select's search, None for Automatic (as share links hold it)."""
        value = str(self.algorithm.value)
        return Algorithm(value) if value in ALGORITHMS else None

    def read_workers(self) -> int:
        """The Workers setting: how many workers may share a search (IDA*) or the Lab."""
        try:
            return max(1, int(self.workers.value))
        except (TypeError, ValueError):
            return 1

    def read_weight(self) -> float | None:
        """The weight typed, None unless it is a number from 1 to 100."""
        try:
            weight = float(self.weight.value)
        except (TypeError, ValueError):
            return None
        return weight if 1 <= weight <= 100 else None

    def settings(self) -> Settings | None:
        """The search the controls describe, or None (and a message) for a bad weight."""
        weight = self.read_weight()
        if weight is None:
            self.page.say(WEIGHT_MESSAGE)
            return None
        tie = str(self.tie_break_choice())
        return Settings(str(self.algorithm.value), str(self.heuristic.value), weight, tie)

    def tie_break_choice(self) -> TieBreak:
        """The Tie-break select's rule (a search without ties ignores it)."""
        value = str(self.tie_break.value)
        return TieBreak(value) if value in TieBreak.__members__.values() else TieBreak.HIGH_G

    def show(
        self, algorithm: str, heuristic: str, weight: float, tie_break: str = TieBreak.HIGH_G
    ) -> None:
        """Show a link's search."""
        self.algorithm.value, self.heuristic.value = algorithm, heuristic
        self.weight.value = f"{weight:g}"
        self.tie_break.value = str(tie_break)
        self.sync()

    def offer_yours(self, title: str | None) -> None:
        """Offer the heuristic of yours in the Heuristic menu under ``title`` (None: no
        longer; the menu then falls back to the default if it was chosen)."""
        offer_yours(self.document, self.heuristic, title)

    def on_algorithm(self, event: Any) -> None:
        self.sync()
        self.page.search_changed()

    def on_option(self, event: Any) -> None:
        self.page.search_changed()
