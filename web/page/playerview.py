"""A player's help: Undo, Redo and Restart, tiles in place marked, and the move counter
against the shortest solution when it is known.

Undo and Redo (also Ctrl+Z and Ctrl+Shift+Z or Ctrl+Y, Cmd on a Mac) walk the grid's game:
every slide is a move of it, a playback's included. Restart goes back to the start of this
puzzle (the board shuffled, typed, arranged or opened by a link) and Redo can replay every
move from there. Like a move, each asks the page for the board first, so during a playback
the first press only pauses it.

The shortest solution's length comes from what the page learns: Moves to solved of the
puzzle's start when its answer is exact, or an optimal Solve from the start.
"""

from __future__ import annotations

from typing import Any, Protocol

from controls import listen
from grid import GridView

from npuzzle import Board


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def claim_board(self) -> bool: ...


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


class PlayerView:
    """``#undo``, ``#redo``, ``#restart``, ``#mark-home`` and ``#shortest``."""

    def __init__(self, document: Any, page: Page, grid: GridView) -> None:
        self.page, self.grid = page, grid
        get = document.getElementById
        self.undo_button = get("undo")
        self.redo_button = get("redo")
        self.restart_button = get("restart")
        self.mark_box = get("mark-home")
        self.shortest = get("shortest")
        self.known: tuple[Board, Board, int] | None = None  # (start, goal, shortest length)
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.undo_button, "click", self.on_undo),
                (self.redo_button, "click", self.on_redo),
                (self.restart_button, "click", self.on_restart),
                (self.mark_box, "change", self.on_mark),
                (document, "keydown", self.on_key),
            ],
        )

    def enable(self) -> None:
        self.mark_box.disabled = False
        self.sync()

    def sync(self) -> None:
        """The board changed: the buttons that can do something, the shortest length."""
        game = self.grid.game
        self.undo_button.disabled = game.at == 0
        self.redo_button.disabled = game.at == len(game.moves)
        self.restart_button.disabled = game.at == 0
        known = self.known
        if known is not None and known[:2] == (game.start, game.goal):
            self.shortest.textContent = f" (shortest: {known[2]})"
        else:
            self.shortest.textContent = ""

    def learn(self, board: Board, goal: Board, length: int) -> None:
        """``board`` is ``length`` moves from ``goal`` at best (an exact figure): kept when
        it is the start of the puzzle played."""
        game = self.grid.game
        if (board, goal) == (game.start, game.goal):
            self.known = (board, goal, length)
            self.sync()

    # ----- handlers ------------------------------------------------------------------------
    def on_undo(self, event: Any) -> None:
        if not self.page.claim_board():
            return
        move = self.grid.undo()
        self.page.say(
            f"Undid a move: {moves(self.grid.moves)} made." if move else "Nothing to undo."
        )

    def on_redo(self, event: Any) -> None:
        if not self.page.claim_board():
            return
        if not self.grid.redo():
            self.page.say("Nothing to redo.")
        elif self.grid.solved:
            self.page.say(f"Redid a move: solved in {moves(self.grid.moves)}.")
        else:
            self.page.say(f"Redid a move: {moves(self.grid.moves)} made.")

    def on_restart(self, event: Any) -> None:
        if not self.page.claim_board():
            return
        kept = len(self.grid.game.moves)
        if self.grid.restart():
            self.page.say(
                f"Back to the start of this puzzle: Redo replays your {moves(kept)} one by one."
            )
        else:
            self.page.say("Already at the start of this puzzle.")

    def on_mark(self, event: Any) -> None:
        self.grid.mark_home(bool(self.mark_box.checked))

    def on_key(self, event: Any) -> None:
        """Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes (Cmd on a Mac), except in a text
        field, whose own undo they are."""
        if not (event.ctrlKey or event.metaKey) or event.altKey:
            return
        key = str(event.key).lower()
        target = event.target
        tag = (target.tagName or "").lower() if target else ""
        if key not in ("z", "y") or tag in ("input", "textarea", "select"):
            return
        event.preventDefault()
        if key == "y" or event.shiftKey:
            self.on_redo(event)
        else:
            self.on_undo(event)
