"""Share links: the page's state in a URL fragment, and back, never failing on bad input.

``#board=1,3,4/8,0,5/7,2,6&goal=1,2,3/8,0,4/7,6,5&algorithm=astar&heuristic=manhattan&step=12``
(also ``weight=``). ``goal`` may be a name (``standard``, ``blank-first``, ``snail``).

Reading is forgiving so that links made today keep working as the format grows: keys are
matched case-insensitively, unknown keys are ignored, and each bad value is replaced by its
default with a message saying what was wrong. Every message is plain text for a person.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from .board import GOAL_NAMES, Board, PuzzleError
from .heuristics import HEURISTICS
from .solvability import solvability
from .solver import ALGORITHMS, DEFAULT_WEIGHT

__all__ = ["MAX_LINK_LENGTH", "MAX_LINK_STEP", "LinkState", "make_fragment", "parse_fragment"]

MAX_LINK_LENGTH = 4000
MAX_LINK_STEP = 100_000
_SAFE = ",/"  # kept readable in links: board rows


@dataclass
class LinkState:
    """What a share link carries. ``goal`` is a board; ``goal_name`` names it when it has one."""

    board: Board
    goal: Board
    goal_name: str | None = "standard"
    algorithm: str = "astar"
    heuristic: str = "manhattan"
    weight: float = DEFAULT_WEIGHT
    step: int = 0
    problems: list[str] = field(default_factory=list)


def make_fragment(state: LinkState) -> str:
    """The fragment (without ``#``) for ``state``; :func:`parse_fragment` reads it back."""
    goal = state.goal_name or state.goal.format("rows")
    parts = [
        ("board", state.board.format("rows")),
        ("goal", goal),
        ("algorithm", state.algorithm),
        ("heuristic", state.heuristic),
    ]
    if state.algorithm in ("wastar", "human"):
        parts.append(("weight", f"{state.weight:g}"))
    if state.step:
        parts.append(("step", str(state.step)))
    return "&".join(f"{k}={quote(v, safe=_SAFE)}" for k, v in parts)


def _short(text: str, limit: int = 24) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit] + "..."


def parse_fragment(fragment: str) -> LinkState:
    """Read a fragment (with or without ``#``). Never raises: problems are listed instead."""
    problems: list[str] = []
    fields: dict[str, str] = {}
    text = fragment[1:] if fragment.startswith("#") else fragment
    if len(text) > MAX_LINK_LENGTH:
        problems.append(f"the link is too long ({len(text):,} characters): it was ignored")
        text = ""
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        try:
            fields[unquote(key).strip().lower()] = unquote(value, errors="strict").strip()
        except UnicodeDecodeError:
            problems.append(f"the link's {_short(key)!r} is not valid text")

    default = Board.goal("standard", 3, 3)
    board: Board | None = None
    if "board" in fields:
        try:
            board = Board.parse(fields["board"])
        except PuzzleError as exc:
            problems.append(f"the link's board was not used: {exc}")

    goal_name: str | None = "standard"
    goal: Board | None = None
    if "goal" in fields:
        value = fields["goal"]
        width, height = (board.width, board.height) if board else (3, 3)
        if value.lower() in GOAL_NAMES:
            goal_name = value.lower()
            goal = Board.goal(goal_name, width, height)
        else:
            try:
                goal = Board.parse(value, width, height)
                goal_name = None
            except PuzzleError as exc:
                problems.append(f"the link's goal was not used: {exc}")
    if board is None:
        board = goal or default
    if goal is None:
        goal_name = "standard"
        goal = Board.goal("standard", board.width, board.height)
    verdict = solvability(board, goal)
    if not verdict:
        problems.append(f"the link's board cannot reach its goal: {verdict.reason}")

    state = LinkState(board, goal, goal_name, problems=problems)
    algorithm = fields.get("algorithm", state.algorithm).lower()
    if algorithm in ALGORITHMS:
        state.algorithm = algorithm
    else:
        problems.append(f"unknown algorithm {_short(algorithm)!r}: using A*")
    heuristic = fields.get("heuristic", state.heuristic).lower()
    if heuristic in HEURISTICS:
        state.heuristic = heuristic
    else:
        problems.append(f"unknown heuristic {_short(heuristic)!r}: using Manhattan distance")
    if "weight" in fields:
        try:
            weight = float(fields["weight"])
            if not (math.isfinite(weight) and 1 <= weight <= 100):
                raise ValueError
            state.weight = weight
        except ValueError:
            problems.append(f"weight {_short(fields['weight'])!r} is not a number from 1 to 100")
    if "step" in fields:
        value = fields["step"]
        if value.isascii() and value.isdigit() and int(value) <= MAX_LINK_STEP:
            state.step = int(value)
        else:
            problems.append(
                f"step {_short(value)!r} is not a whole number from 0 to {MAX_LINK_STEP:,}"
            )
    return state
