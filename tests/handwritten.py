"""Heuristics as a user would write them (``def h(tiles, goal, width, height)``), shared by the
tests of heuristics of yours: the package's, the checker's, the CLI's and the page's."""

# Admissible and consistent: the tiles out of place, the blank not counted.
MISPLACED = """def h(tiles, goal, width, height):
    return sum(1 for t, g in zip(tiles, goal) if t and t != g)
"""

# Inadmissible: twice the Manhattan distance overestimates a board one move from the goal.
TWICE_MANHATTAN = """def h(tiles, goal, width, height):
    total = 0
    for i, t in enumerate(tiles):
        if t:
            j = goal.index(t)
            total += abs(i % width - j % width) + abs(i // width - j // width)
    return 2 * total
"""
