"""A player's side: a game of moves with undo and redo, hints, and a score against the
clock. Imports core, heuristics and search only.

A game played by following the hints, one slide at a time:

>>> from npuzzle import Board
>>> from npuzzle.play.game import Game
>>> from npuzzle.play.hint import hint
>>> game = Game(Board.parse("134 8b5 726"), Board.goal("snail", 3, 3))
>>> while not game.solved:
...     slid = game.move(hint(game.board, game.goal).move)
>>> game.made, game.undo(), game.solved
('DRUULD', 'D', False)
"""
