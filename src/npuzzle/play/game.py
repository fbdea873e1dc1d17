"""A player's game: the board a puzzle started from, its goal, the moves made since, undo and
redo, and the moves written in players' words.

The page keeps one :class:`Game` per puzzle (a shuffle, an edited board, a link): every tile a
player or a solution's playback slides is a move of the game, so Undo takes back the last one
whoever made it, and Restart returns to the start without losing anything (Redo replays the
moves undone, until a new move takes another way).

>>> from npuzzle import Board
>>> game = Game(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> game.move("D"), game.move("R"), game.made
(True, True, 'DR')
>>> game.undo(), game.made, game.redoable
('R', 'D', 'R')
>>> game.restart(), game.board == game.start, game.redoable
(True, True, 'DR')
>>> [slide.text for slide in slides(game.start, "DRUULD")]
['2 up', '6 left', '5 down', '4 down', '3 right', '2 up']
"""

from __future__ import annotations

from dataclasses import dataclass

from npuzzle.core.board import TILE_DIRECTIONS, Board, moved_tile

__all__ = ["ARROWS", "Game", "Slide", "slides"]

#: the direction a tile slides, as an arrow (the blank's move is the other way)
ARROWS = {"up": "\u2191", "down": "\u2193", "left": "\u2190", "right": "\u2192"}


@dataclass(frozen=True)
class Slide:
    """One move in players' words: ``tile`` slides ``direction`` (the blank's ``move``, as
    the command line writes it, is the opposite way)."""

    tile: int
    direction: str
    move: str

    @property
    def text(self) -> str:
        """``"5 down"``: the tile and where it slides."""
        return f"{self.tile} {self.direction}"

    @property
    def arrow(self) -> str:
        """``"5↓"``: the same, short."""
        return f"{self.tile}{ARROWS[self.direction]}"


def slides(board: Board, moves: str) -> list[Slide]:
    """The blank's ``moves`` from ``board`` as the tiles that slide (an illegal move raises
    :class:`~npuzzle.PuzzleError`, as :meth:`Board.move` does)."""
    out = []
    for move in moves:
        board = board.move(move)
        out.append(Slide(moved_tile(board.tiles, board.width, move), TILE_DIRECTIONS[move], move))
    return out


class Game:
    """A puzzle being played: ``start``, ``goal``, the moves ``made`` and those undone that
    can be redone (``redoable``, the next first)."""

    def __init__(self, start: Board, goal: Board) -> None:
        self.start, self.goal = start, goal
        self.boards = [start]  # the board after each move made, the start first
        self.moves: list[str] = []  # every move, those undone included
        self.at = 0  # how many of ``moves`` are made

    @property
    def board(self) -> Board:
        return self.boards[self.at]

    @property
    def made(self) -> str:
        return "".join(self.moves[: self.at])

    @property
    def redoable(self) -> str:
        return "".join(self.moves[self.at :])

    @property
    def solved(self) -> bool:
        return self.board == self.goal

    def move(self, move: str) -> bool:
        """Make ``move`` (the blank's); False, and nothing changes, when it is not legal. A
        move other than the next one to redo drops the moves undone."""
        if move not in self.board.legal_moves():
            return False
        if self.at < len(self.moves) and self.moves[self.at] == move:
            self.at += 1  # the way already taken: the rest can still be redone
            return True
        del self.moves[self.at :], self.boards[self.at + 1 :]
        self.moves.append(move)
        self.boards.append(self.board.move(move))
        self.at += 1
        return True

    def undo(self) -> str | None:
        """Take back the last move made and return it (None when none was made)."""
        if not self.at:
            return None
        self.at -= 1
        return self.moves[self.at]

    def redo(self) -> str | None:
        """Make the last move undone again and return it (None when there is none)."""
        if self.at == len(self.moves):
            return None
        self.at += 1
        return self.moves[self.at - 1]

    def restart(self) -> bool:
        """Back to the start, every move kept to redo; False when already there."""
        if not self.at:
            return False
        self.at = 0
        return True

    def go_to(self, made: int) -> None:
        """Undo or redo until ``made`` moves are made (clamped to those known)."""
        self.at = max(0, min(made, len(self.moves)))

    def made_before(self, board: Board) -> int | None:
        """How many moves were made when the game last showed ``board`` (counting from the
        moves made now, backwards), None if it never did up to now."""
        for made in range(self.at, -1, -1):
            if self.boards[made] == board:
                return made
        return None
