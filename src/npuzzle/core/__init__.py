"""The puzzle itself: boards, goals and moves, solvability, random boards, the compact states
the searches walk, the literature's boards and the figures every search reports. The bottom
layer: it imports nothing else of npuzzle.

>>> from npuzzle.core.board import Board
>>> from npuzzle.core.solvability import is_solvable
>>> board, goal = Board.parse("134 8b5 726"), Board.goal("snail", 3, 3)
>>> goal.format("kunkle"), is_solvable(board, goal), board.legal_moves()
('123 8b4 765', True, 'UDLR')
"""
