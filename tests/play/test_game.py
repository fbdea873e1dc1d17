"""npuzzle.play.game: a player's moves, undo, redo, restart, and moves in players' words."""

from __future__ import annotations

import random

import pytest

from npuzzle import Board, PuzzleError, random_board
from npuzzle.core.board import INVERSE
from npuzzle.play.game import Game, slides

START = Board.parse("134 8b5 726")
GOAL = Board.parse("123 8b4 765")


def random_walk(board: Board, n: int, rng: random.Random) -> str:
    moves = ""
    for _ in range(n):
        m = rng.choice(board.legal_moves())
        board, moves = board.move(m), moves + m
    return moves


def test_undo_then_redo_walks_the_same_boards_back_and_forth() -> None:
    rng = random.Random(7)
    start = random_board(4, 4, seed=7)
    moves = random_walk(start, 40, rng)
    game = Game(start, Board.goal("standard", 4, 4))
    for m in moves:
        assert game.move(m)
    path = start.path(moves)
    assert game.board == path[-1] and game.made == moves
    for k in range(len(moves), 0, -1):
        assert game.undo() == moves[k - 1]
        assert game.board == path[k - 1]
    assert game.undo() is None and game.board == start
    for k in range(1, len(moves) + 1):
        assert game.redo() == moves[k - 1]
        assert game.board == path[k]
    assert game.redo() is None


def test_a_new_move_after_undo_drops_the_moves_undone_but_the_same_move_keeps_them() -> None:
    game = Game(START, GOAL)
    for m in "DRU":
        game.move(m)
    game.undo(), game.undo()
    assert game.redoable == "RU"
    assert game.move("R")  # the way already taken
    assert game.redoable == "U" and game.made == "DR"
    game.undo()
    other = next(m for m in game.board.legal_moves() if m != "R")
    assert game.move(other)
    assert game.redoable == "" and game.made == "D" + other
    assert game.board == START.move("D").move(other)


def test_an_illegal_move_changes_nothing() -> None:
    game = Game(START, GOAL)
    game.move("D")
    game.undo()
    blank_row_top = Board.parse("b12 345 678")
    top = Game(blank_row_top, Board.goal("standard", 3, 3))
    assert not top.move("U") and top.made == "" and top.board == blank_row_top
    assert not game.move("X")
    assert game.redoable == "D"  # an illegal move drops nothing


def test_restart_goes_back_to_the_start_and_redo_replays_every_move() -> None:
    game = Game(START, GOAL)
    assert not game.restart()
    for m in "DRUULD":
        game.move(m)
    assert game.solved
    assert game.restart()
    assert game.board == START and not game.solved and game.made == ""
    while game.redo():
        pass
    assert game.solved and game.made == "DRUULD"


def test_go_to_and_made_before_find_a_board_of_the_game() -> None:
    game = Game(START, GOAL)
    for m in "DRUU":
        game.move(m)
    two = START.move("D").move("R")
    assert game.made_before(two) == 2
    assert game.made_before(GOAL) is None
    game.go_to(2)
    assert game.board == two and game.redoable == "UU"
    game.go_to(99)
    assert game.made == "DRUU"
    game.go_to(-3)
    assert game.board == START


def test_slides_name_the_tile_that_moves_opposite_to_the_blank() -> None:
    rng = random.Random(3)
    board = random_board(3, 4, seed=3)
    moves = random_walk(board, 30, rng)
    path = board.path(moves)
    for before, after, slide in zip(path, path[1:], slides(board, moves), strict=False):
        # the tile stood where the blank is now, and stands where the blank was
        assert before.tiles[after.blank] == slide.tile == after.tiles[before.blank]
        assert after.move(INVERSE[slide.move]) == before
        assert slide.text == f"{slide.tile} {slide.direction}"
        assert slide.arrow.startswith(str(slide.tile)) and len(slide.arrow) > len(str(slide.tile))


def test_slides_refuse_an_illegal_move() -> None:
    with pytest.raises(PuzzleError):
        slides(Board.parse("b12 345 678"), "U")
