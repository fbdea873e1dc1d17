"""The ``npuzzle`` command: the top layer, a client of every layer below it.

>>> from npuzzle.cli import main
>>> main(["solve", "1,2,3/4,5,6/7,0,8", "--goal", "1,2,3/4,5,6/7,8,0"])  # doctest: +ELLIPSIS
board      1,2,3/4,5,6/7,0,8
...
moves      R
length     1 (optimal)
...
0
"""

from npuzzle.cli.commands import main

__all__ = ["main"]
