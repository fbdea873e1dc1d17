"""The words a search's views use, each explained in one or two plain sentences.

The page puts a term's explanation one click away wherever the term is shown (the lists, the
counters, the tree, the result's figures), and lists them all under How it works; the words
are here, in the package, so every view says the same thing.

>>> print(define("g"))
The moves from the start to this node: the length of the path that reached it.
>>> define("EBF") == define("ebf")
True
"""

from __future__ import annotations

__all__ = ["GLOSSARY", "define"]

#: term -> its explanation, in the order the glossary lists them
GLOSSARY: dict[str, str] = {
    "open list": (
        "The nodes generated but not expanded yet: the search's frontier. Each step takes "
        "the next node to expand from it (A*: the one with the smallest f)."
    ),
    "closed list": (
        "The nodes already expanded. A board found again that is known at a g as small is "
        "not searched again."
    ),
    "g": "The moves from the start to this node: the length of the path that reached it.",
    "h": (
        "The heuristic's estimate of the moves left from this node to the goal, worked out "
        "from the board alone."
    ),
    "f": (
        "g + h: the estimated length of a solution through this node. A* expands the open "
        "node with the smallest f first."
    ),
    "expanded": (
        "A node is expanded when the search takes it from the open list and makes its "
        "children. The count of expanded nodes is the search's work."
    ),
    "generated": (
        "How many nodes the search has made: the start and the children of its expansions. "
        "Best-first searches leave out the duplicates they drop; IDA* counts every child of "
        "every iteration."
    ),
    "tree nodes": (
        "The nodes in the search tree: the start and every child of the steps taken, "
        "duplicates and pruned children included (IDA*: this iteration's only). So the tree "
        "can hold more nodes than the generated count."
    ),
    "current": "The node the step shown expanded.",
    "duplicate": (
        "A child whose board the search already knows with a path as short or shorter: it is "
        "dropped, not added to the open list."
    ),
    "pruned": (
        "A child cut off without being added: its f is over IDA*'s threshold, or it lies "
        "beyond the depth limit."
    ),
    "reopened": (
        "A child whose board was already expanded, found again by a shorter path: it goes "
        "back on the open list to be expanded again."
    ),
    "replaced": (
        "A node left on the open list when a shorter path to its board was found: the newer "
        "node takes its place, and the old one is skipped."
    ),
    "solution": "A node on the path from the start to the goal, once the goal is reached.",
    "EBF": (
        "Effective branching factor: the number of children per node a uniform tree as deep "
        "as the solution would need to hold as many nodes as were generated. Nearer 1 means "
        "the heuristic guided the search better."
    ),
    "largest open list": (
        "The most nodes the open list held at once: the memory a best-first search needed."
    ),
    "iteration": (
        "IDA* searches depth first again and again, each time with a larger threshold: each "
        "such pass from the start is an iteration."
    ),
    "threshold": (
        "IDA*'s limit on f in an iteration: nodes with a larger f are pruned, and the "
        "smallest f that went over is the next iteration's threshold."
    ),
    "admissible": (
        "A heuristic is admissible when it never overestimates the moves left. A* and IDA* "
        "with an admissible heuristic find a shortest solution."
    ),
    "Workers": (
        "How many background threads share a search: IDA*'s subtrees and the Lab's runs are "
        "dealt among them, at most one per core of this device."
    ),
}

_BY_KEY = {term.casefold(): text for term, text in GLOSSARY.items()}


def define(term: str) -> str:
    """The explanation of ``term`` (any case); a term the glossary lacks raises KeyError."""
    return _BY_KEY[term.casefold()]
