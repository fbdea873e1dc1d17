"""A player's help: Undo, Redo and Restart, tiles in place marked, the move counter against
the shortest solution when it is known, and the player's score when they solve the board.

Undo and Redo (also Ctrl+Z and Ctrl+Shift+Z or Ctrl+Y, Cmd on a Mac) walk the grid's game:
every slide is a move of it, a playback's included. Restart goes back to the start of this
puzzle (the board shuffled, typed, arranged or opened by a link) and Redo can replay every
move from there. Like a move, each asks the page for the board first, so during a playback
the first press only pauses it.

The shortest solution's length comes from what the page learns: Moves to solved of the
puzzle's start when its answer is exact, or an optimal Solve from the start. When the player
solves the board before either came, the view asks the worker's hint (``npuzzle.play.hint``,
the same call as Moves to solved) about the start, and takes its distance if it is exact.

The score (``#score``) is an ``npuzzle.play.score.Attempt``: the clock runs from the player's
first move to solved; Undo runs it on, Restart starts a new attempt (the clock cleared, the
fewest moves kept); moves made by Solve's playback leave the attempt without a score until
Restart; moves made in the opening while Pyodide loaded are timed from the take-over. Once
solved, "Challenge a friend" (``#challenge``) shares the puzzle's start with the fewest moves
so far (``challenge=`` in the link); a link with a challenge shows it until solved, then
whether it was beaten, met or missed.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol

from bridge import Bridge
from controls import listen, pass_focus
from grid import GridView
from protocol import Reply

from npuzzle import Board
from npuzzle.play.game import Game
from npuzzle.play.score import Attempt

# Where the focus goes when the button holding it disables itself (Undo back to the start,
# Redo at the last move, Restart): the button that undoes what it did.
NEXT_FOCUS = {"undo": ("redo",), "redo": ("undo",), "restart": ("redo",)}
RETRY_SECONDS = 1.0  # while the worker runs Solve or the Lab, ask about the shortest this often


class Page(Protocol):
    def say(self, text: str) -> None: ...
    def claim_board(self) -> bool: ...
    def share_challenge(self, board: Board, count: int) -> None: ...


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


class PlayerView:
    """``#undo``, ``#redo``, ``#restart``, ``#mark-home``, ``#shortest``, ``#score`` and
    ``#challenge``; ``board_changed`` is called for every board the grid shows."""

    def __init__(
        self,
        document: Any,
        page: Page,
        grid: GridView,
        bridge: Bridge,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.document = document
        self.page, self.grid, self.bridge, self.clock = page, grid, bridge, clock
        get = document.getElementById
        self.undo_button = get("undo")
        self.redo_button = get("redo")
        self.restart_button = get("restart")
        self.mark_box = get("mark-home")
        self.shortest = get("shortest")
        self.score = get("score")
        self.challenge_button = get("challenge")
        self.known: tuple[Board, Board, int] | None = None  # (start, goal, shortest length)
        self.game: Game | None = None  # the puzzle the attempt is at
        self.attempt = Attempt()
        self.asking: asyncio.Future[None] | None = None  # the question about the shortest
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.undo_button, "click", self.on_undo),
                (self.redo_button, "click", self.on_redo),
                (self.restart_button, "click", self.on_restart),
                (self.mark_box, "change", self.on_mark),
                (self.challenge_button, "click", self.on_challenge),
                (document, "keydown", self.on_key),
            ],
        )

    def enable(self) -> None:
        self.mark_box.disabled = False
        self.sync()

    def sync(self) -> None:
        """The board changed: the buttons that can do something, the shortest length, the
        score (or the challenge's goal)."""
        game = self.grid.game
        active = self.document.activeElement  # null (falsy) when none
        self.undo_button.disabled = game.at == 0
        self.redo_button.disabled = game.at == len(game.moves)
        self.restart_button.disabled = game.at == 0
        if active and str(active.id) in NEXT_FOCUS and active.disabled:
            pass_focus(self.document, NEXT_FOCUS[str(active.id)])
        length = self.shortest_length()
        self.shortest.textContent = f" (shortest: {length})" if length is not None else ""
        score, attempt = self.attempt.score(length), self.attempt
        if score is not None:
            sentences = score.sentences
            if length is None and self.asking is not None:
                sentences.insert(1, "The shortest: working it out...")
            text = " ".join(sentences)
        else:
            text = attempt.goal_text
        if self.score.textContent != text:  # a live region: said again only when it changes
            self.score.textContent = text
        self.score.hidden = not text
        self.challenge_button.hidden = attempt.fewest is None

    def shortest_length(self) -> int | None:
        """The shortest solution's length from the puzzle's start, when known."""
        game, known = self.grid.game, self.known
        if known is not None and known[:2] == (game.start, game.goal):
            return known[2]
        return None

    def board_changed(self, *, by_player: bool = True) -> None:
        """The grid shows another board, moved by the player (or by Solve's playback, when
        not ``by_player``): the clock and the score follow, then the buttons."""
        game = self.grid.game
        if game is not self.game:  # a new puzzle: a new attempt (a link's challenge comes next)
            self.game, self.attempt = game, Attempt()
        now = self.clock()
        if self.attempt.moved(game.at, solved=game.solved, now=now, by_player=by_player):
            self.ask_shortest()
        self.sync()

    def take_challenge(self, board: Board, goal: Board, count: int | None) -> None:
        """A link's challenge: solve ``board`` in ``count`` moves (kept for this puzzle)."""
        game = self.grid.game
        if (board, goal) == (game.start, game.goal):
            self.attempt.to_beat = count
            self.sync()

    def challenge_for(self, board: Board, goal: Board) -> int | None:
        """The challenge a link of ``board`` carries: the one this puzzle came with, while
        the board is its start (a link of another board is not that challenge)."""
        game = self.grid.game
        if (board, goal) == (game.start, game.goal):
            return self.attempt.to_beat
        return None

    def learn(self, board: Board, goal: Board, length: int) -> None:
        """``board`` is ``length`` moves from ``goal`` at best (an exact figure): kept when
        it is the start of the puzzle played."""
        game = self.grid.game
        if (board, goal) == (game.start, game.goal):
            self.known = (board, goal, length)
            self.sync()

    # ----- the shortest, asked of the worker -----------------------------------------------
    def ask_shortest(self) -> None:
        """Solved before the shortest length came: ask for it (once at a time)."""
        if self.shortest_length() is None and (self.asking is None or self.asking.done()):
            game = self.grid.game
            self.asking = asyncio.ensure_future(self.asking_shortest(game.start, game.goal))

    async def asking_shortest(self, start: Board, goal: Board) -> None:
        game = self.grid.game
        try:
            while self.grid.game is game and self.shortest_length() is None:
                try:
                    answer: dict[str, Any] = dict(await self.bridge.hint(start, goal, fetch=False))
                except Exception:
                    return  # the worker failed: the score goes without the shortest
                if answer.get("status") == Reply.BUSY:  # Solve or the Lab: ask again later
                    await asyncio.sleep(RETRY_SECONDS)
                    continue
                if answer.get("status") == Reply.OK and answer.get("optimal"):
                    self.learn(start, goal, int(answer.get("distance") or 0))
                return
        finally:
            self.asking = None
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
            self.attempt.restart()  # a new attempt: the clock starts at the next move
            self.sync()
            self.page.say(
                f"Back to the start of this puzzle: Redo replays your {moves(kept)} one by one."
            )
        else:
            self.page.say("Already at the start of this puzzle.")

    def on_challenge(self, event: Any) -> None:
        record = self.attempt.record
        if record is not None:
            self.page.share_challenge(self.grid.game.start, record)

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
