"""Your heuristic: an editor for ``def h(tiles, goal, width, height)``, its Check, and the
heuristic ``yours`` it adds to the Heuristic menus (the search settings' and Compare's).

The code never runs here, on the page's main thread: Check sends it to the solver worker
(``yours_check``, web/worker/heuristic_calls.py), which compiles it with its time budget
(``npuzzle.heuristics.yours``), checks it on every board of the goal's shape, at most 9 cells
(``npuzzle.teach.check``), and installs it for the searches there. The answer says admissible
and consistent, or gives the first counterexample, which "Open this board" shows on the grid;
a failure of the code (a syntax error, an exception, an endless loop stopped by the budget, a
wrong return) comes with its line, which the editor selects. A call the budget cannot stop
(one long operation in C) leaves the worker silent: the bridge's watchdog then ends it and
starts another (``Bridge.restart``), and the heuristic is dropped from the menus.

The editor is a ``<textarea>`` with a gutter of line numbers. Tab indents (four spaces), but
never traps the keyboard: Esc, then Tab, leaves it (Shift+Tab always does).

A share link may carry the code (``yours=``, ``npuzzle.teach.link``): it is shown in the
editor, and nothing runs until its reader presses Check, which the status line asks for.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, Protocol

from bridge import Bridge
from controls import listen
from protocol import Reply

from npuzzle import Board
from npuzzle.core.board import GOAL_NAMES
from npuzzle.heuristics.pdbplan import EXACT_CELLS

INDENT = "    "
TEMPLATE = """def h(tiles, goal, width, height):
    # tiles, goal: the board and the goal, row by row; 0 is the blank
    # return the moves left you estimate: an int, 0 or more
    return sum(1 for t, g in zip(tiles, goal) if t and t != g)
"""
ASK = (
    "This link carries a heuristic written in Python, shown above. Read it first: it runs "
    "only when you press Check."
)


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def new_board(self, board: Board, goal: Board, message: str) -> None: ...
    def search_changed(self) -> None: ...
    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None: ...


class Offers(Protocol):
    """A Heuristic menu that can offer the heuristic yours (SearchControls, CompareView)."""

    def offer_yours(self, title: str | None) -> None: ...


class Grid(Protocol):
    @property
    def board(self) -> Board: ...
    @property
    def goal(self) -> Board: ...


class BoardControls(Protocol):
    @property
    def goal_name(self) -> str | None: ...
    def show_size(self, width: int, height: int) -> None: ...
    def show_goal(self, board: Board, name: str | None) -> None: ...


def title(verdict: dict[str, Any]) -> str:
    """The heuristic's entry in the menus: marked yours, and inadmissible if it is."""
    return "Yours" + ("" if verdict.get("admissible") else " (inadmissible)")


def line_numbers(text: str) -> str:
    return "\n".join(str(i) for i in range(1, text.count("\n") + 2))


class YoursView:
    """``#yours`` (a disclosure in the search settings): ``#yours-code``, its gutter
    ``#yours-lines``, ``#yours-check``, ``#yours-cancel``, ``#yours-status`` and
    ``#yours-open``."""

    def __init__(
        self,
        document: Any,
        page: Page,
        bridge: Bridge,
        grid: Grid,
        board_controls: BoardControls,
        menus: list[Offers],
    ) -> None:
        self.document, self.page, self.bridge = document, page, bridge
        self.grid, self.board_controls, self.menus = grid, board_controls, menus
        get = document.getElementById
        self.box = get("yours")
        self.code = get("yours-code")
        self.lines = get("yours-lines")
        self.check_button = get("yours-check")
        self.cancel_button = get("yours-cancel")
        self.status = get("yours-status")
        self.open_button = get("yours-open")
        self.code.value = TEMPLATE
        self.leaving = False  # Esc was pressed: the next Tab leaves the editor
        self.running = False
        self.checked: str | None = None  # the source the worker holds as yours
        self.verdict: dict[str, Any] | None = None
        self.example: tuple[Board, Board] | None = None  # the counterexample and its goal
        self.proxies: list[Any] = []
        self.draw_lines()
        bridge.on_restart.append(self.forget)  # the new worker holds no heuristic of yours

    def enable(self) -> None:
        listen(
            self.proxies,
            [
                (self.code, "input", self.on_input),
                (self.code, "keydown", self.on_key),
                (self.code, "scroll", self.on_scroll),
                (self.check_button, "click", self.on_check),
                (self.cancel_button, "click", self.on_cancel),
                (self.open_button, "click", self.on_open),
            ],
        )
        self.check_button.disabled = False

    # ----- the editor ---------------------------------------------------------------------
    def draw_lines(self) -> None:
        self.lines.textContent = line_numbers(str(self.code.value))

    def on_input(self, event: Any) -> None:
        self.draw_lines()

    def on_scroll(self, event: Any) -> None:
        self.lines.scrollTop = self.code.scrollTop

    def on_key(self, event: Any) -> None:
        if event.key == "Escape":
            self.leaving = True
            self.say("Press Tab to leave the editor.")
            return
        if event.key == "Tab" and not event.shiftKey and not self.leaving:
            event.preventDefault()
            text = str(self.code.value)
            start, end = int(self.code.selectionStart), int(self.code.selectionEnd)
            self.code.value = text[:start] + INDENT + text[end:]
            self.code.selectionStart = self.code.selectionEnd = start + len(INDENT)
            self.draw_lines()
        self.leaving = False

    def select_line(self, line: int) -> None:
        """Select line ``line`` of the code (counted from 1), to show where it failed."""
        rows = str(self.code.value).split("\n")
        if not 1 <= line <= len(rows):
            return
        start = sum(len(r) + 1 for r in rows[: line - 1])
        self.code.focus()
        self.code.selectionStart, self.code.selectionEnd = start, start + len(rows[line - 1])

    # ----- Check ---------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.textContent = text

    def check_goal(self) -> Board:
        """The goal the check runs on: the page's, on a board of at most 9 cells; else the
        3x3's goal of the same name (every 3x3 board is checked)."""
        goal = self.grid.goal
        if goal.size <= EXACT_CELLS:
            return goal
        return Board.goal(self.board_controls.goal_name or "standard", 3, 3)

    def on_check(self, event: Any) -> None:
        if not self.running:
            self.page.spawn(self.check())

    def on_cancel(self, event: Any) -> None:
        if self.running:
            self.page.spawn(self.bridge.cancel())

    async def check(self) -> None:
        """Send the code to the worker to be checked, and say what it found."""
        source, goal = str(self.code.value), self.check_goal()
        self.running = True
        self.check_button.disabled = True
        self.cancel_button.hidden = False
        self.open_button.hidden = True
        self.example = None
        shape = f"{goal.width}x{goal.height}"
        self.say(f"Checking on every {shape} board...")

        def report(progress: Any) -> None:
            done, total = int(progress.get("done") or 0), int(progress.get("jobs") or 0)
            if total:
                self.say(f"Checking on every {shape} board: {done:,} of {total:,}...")

        try:
            answer = await self.bridge.follow(self.bridge.yours_check(source, goal), report)
        except Exception as exc:  # the worker failed: say so, keep the page usable
            answer = {"status": Reply.ERROR, "reason": f"the solver worker did not answer: {exc}"}
        finally:
            self.running = False
            self.check_button.disabled = False
            self.cancel_button.hidden = True
        self.answered(answer, source, goal)

    def answered(self, answer: dict[str, Any], source: str, goal: Board) -> None:
        status = answer.get("status")
        if status != Reply.OK:
            reason = str(answer.get("reason") or "no answer")
            if status == Reply.CANCELLED:
                self.say(f"Check cancelled ({reason}).")
                return
            self.forget()
            self.say(f"Not usable: {reason}")
            if answer.get("line"):
                self.select_line(int(answer["line"]))
            return
        self.checked, self.verdict = source, answer
        text = str(answer.get("summary"))
        bad = answer.get("inadmissible") or answer.get("inconsistent")
        if bad:
            self.example = (Board.parse(str(bad["board"])), goal)
            self.open_button.hidden = False
        entry = title(answer)
        for menu in self.menus:
            menu.offer_yours(entry)
        self.say(f"{text} {entry} is now in the Heuristic menus.")
        self.page.search_changed()

    def forget(self) -> None:
        """The worker holds no heuristic of yours that works: the menus drop it (and a
        search that used it starts again with the default)."""
        had = self.checked is not None
        self.checked = self.verdict = None
        for menu in self.menus:
            menu.offer_yours(None)
        if had:
            self.page.search_changed()

    def on_open(self, event: Any) -> None:
        """Open the counterexample on the grid."""
        if self.example is None:
            return
        board, goal = self.example
        self.board_controls.show_size(board.width, board.height)
        names = [n for n in GOAL_NAMES if Board.goal(n, board.width, board.height) == goal]
        self.board_controls.show_goal(goal, names[0] if names else None)
        verdict = self.verdict or {}
        bad = verdict.get("inadmissible") or verdict.get("inconsistent") or {}
        self.page.new_board(
            board,
            goal,
            f"Your heuristic says {bad.get('h')} here; the true distance is "
            f"{bad.get('distance')} moves.",
        )

    # ----- links ---------------------------------------------------------------------------
    def link(self) -> str | None:
        """The source a share link carries: the code checked (the heuristic yours)."""
        return self.checked

    def from_link(self, source: str | None) -> None:
        """A link's code: shown, not run. The reader is asked to read it and press Check."""
        if source is None:
            return
        self.code.value = source
        self.draw_lines()
        self.box.open = True
        self.say(ASK)
