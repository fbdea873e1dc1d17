"""npuzzle: sliding-tile puzzles and the heuristic searches that solve them.

>>> from npuzzle import Board, solve
>>> result = solve(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
>>> result.moves, result.length, result.optimal
('DRUULD', 6, True)
"""

from npuzzle.core import reference  # the literature's boards: npuzzle.reference.korf100()
from npuzzle.core.board import GOAL_NAMES, MOVES, Board, PuzzleError, inverse_moves
from npuzzle.core.generate import random_board
from npuzzle.core.metrics import ebf_exact, ebf_simple
from npuzzle.core.solvability import Solvability, is_solvable, solvability
from npuzzle.heuristics import HEURISTICS, heuristic_info, make_heuristic
from npuzzle.play.hint import Hint, hint
from npuzzle.search.algorithms import ALGORITHMS, Algorithm
from npuzzle.search.automatic import automatic
from npuzzle.search.bestfirst import TieBreak
from npuzzle.search.engine import Search
from npuzzle.search.records import Child, Node, Outcome, Result, Status, Step
from npuzzle.search.solver import make_search, solve
from npuzzle.teach.explain import explain
from npuzzle.teach.tree import SearchTree, TreeState

__version__ = "0.1.0"

__all__ = [
    "ALGORITHMS",
    "GOAL_NAMES",
    "HEURISTICS",
    "MOVES",
    "Algorithm",
    "Board",
    "Child",
    "Hint",
    "Node",
    "Outcome",
    "PuzzleError",
    "Result",
    "Search",
    "SearchTree",
    "Solvability",
    "Status",
    "Step",
    "TieBreak",
    "TreeState",
    "__version__",
    "automatic",
    "ebf_exact",
    "ebf_simple",
    "explain",
    "heuristic_info",
    "hint",
    "inverse_moves",
    "is_solvable",
    "make_heuristic",
    "make_search",
    "random_board",
    "reference",
    "solvability",
    "solve",
]
