"""A move named one way everywhere: as the tile that slides (players' words, the default) or
as the blank's letter (``U``, ``D``, ``L``, ``R``, the engine's and the command line's).

The engine moves the blank; a player slides a tile the other way. Every view of a search
(its lists, its tree, Why this step, a solution played back) names a move with these words,
in the one style the reader chose, so a move reads the same wherever it is shown.

>>> from npuzzle import Board
>>> board = Board.parse("134 8b5 726").move("U")  # the blank went up: tile 3 slid down
>>> tile = moved_tile(board.tiles, board.width, "U")
>>> [move_name("U", tile, style) for style in MoveStyle]
['tile 3 slides down', 'the blank moves U']
>>> [move_short("U", tile, style) for style in MoveStyle]
['3↓', 'U']
>>> after("U", tile, MoveStyle.BLANK), after(None, 0, MoveStyle.TILES)
('after the blank moves U', 'the start')
"""

from __future__ import annotations

from enum import StrEnum

from npuzzle.core.board import MOVES, TILE_DIRECTIONS, moved_tile, slide_words
from npuzzle.play.game import ARROWS

__all__ = ["MoveStyle", "after", "move_name", "move_short", "moved_tile"]


class MoveStyle(StrEnum):
    """How moves are named: the tile that slides, or the blank's letter."""

    TILES = "tiles"  # "tile 5 slides down", short "5↓"
    BLANK = "blank"  # "the blank moves U", short "U"


def _check(move: str) -> None:
    if len(move) != 1 or move not in MOVES:
        raise ValueError(f"unknown move {move!r}: moves are U, D, L and R")


def move_name(move: str, tile: int, style: MoveStyle) -> str:
    """The blank's ``move``, that slid ``tile`` (-1: a tile the goal ignores), in words."""
    _check(move)
    if style == MoveStyle.BLANK:
        return f"the blank moves {move}"
    return slide_words(tile, move)


def move_short(move: str, tile: int, style: MoveStyle) -> str:
    """The same, as a list or a tree row shows it: ``5↓`` (tile 5 slides down) or ``U``."""
    _check(move)
    if style == MoveStyle.BLANK:
        return move
    name = str(tile) if tile > 0 else "\u00b7"  # a tile the goal ignores is drawn as a dot
    return f"{name}{ARROWS[TILE_DIRECTIONS[move]]}"


def after(move: str | None, tile: int, style: MoveStyle) -> str:
    """A node named by the move that made it: ``after tile 5 slides down``; the start (no
    move) is ``the start``."""
    if move is None or move == "":
        return "the start"
    return f"after {move_name(move, tile, style)}"
