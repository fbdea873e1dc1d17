"""The puzzle itself: boards, goals and moves, solvability, random boards, the compact states
the searches walk, the literature's boards and the figures every search reports. The bottom
layer: it imports nothing else of npuzzle."""
