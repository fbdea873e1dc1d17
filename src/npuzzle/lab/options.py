"""What an experiment is and what it takes: its options (read from the command line, the
page's form and share links, checked against their bounds), the limits, and the shapes of
plans and tables the experiment modules share. Nothing here runs a search: share links
(:mod:`npuzzle.teach.link`) need this and not the runner.

>>> from npuzzle.lab import experiment
>>> moves = experiment("compare").option("moves")
>>> moves.flag, moves.parse("1,000"), moves.parse("uniform"), moves.format(None)
('--moves', 1000, None, 'uniform')
>>> experiment("compare").option("heuristics").parse("linear-conflict, manhattan")
['manhattan', 'linear-conflict']
>>> experiment("compare").option("boards").parse("0")
Traceback (most recent call last):
npuzzle.core.board.PuzzleError: --boards must be at least 1, not 0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from npuzzle.core.board import ECHO_LIMIT, Board, PuzzleError, parse_size, quoted
from npuzzle.core.metrics import exact_number
from npuzzle.heuristics import HEURISTICS
from npuzzle.search.algorithms import Algorithm
from npuzzle.search.bestfirst import TIE_BREAKS

__all__ = [
    "DEFAULT_SEED",
    "FORMATS",
    "MAX_SEARCHES",
    "PAGE_DEFAULTS",
    "PAGE_MAX_NODES",
    "Experiment",
    "Option",
    "Row",
    "Spec",
    "Table",
]

DEFAULT_SEED = 1
FORMATS = ("markdown", "csv", "json")
AIMA_GOAL = "b12 345 678"  # the blank first, as in AIMA and Riggs
MAX_COUNT = 10_000  # boards per experiment (or per depth)
#: the most searches one experiment may plan: about an hour of the command line
MAX_SEARCHES = 100_000
MAX_MOVES = 10_000  # random moves that make a board: more only shuffles what is shuffled
MAX_NODES = 100_000_000
DEFAULT_MAX_NODES = 1_000_000  # expansions per search: about 5 s and 0.5 GB on the 4x4
# The web page's searches stop at this many expansions (memory in a tab is finite), and its
# starting values where the command line's take minutes in a browser tab.
PAGE_MAX_NODES = 1_000_000
PAGE_DEFAULTS: dict[str, dict[str, Any]] = {"nayak": {"boards": 20, "optimal_boards": 3}}
Row = dict[str, Any]
#: what a planner yields for one search: board, goal, algorithm, heuristic, tags
Spec = tuple[Board, Board, Algorithm, str, dict[str, Any]]


@dataclass(frozen=True)
class Option:
    """One setting of an experiment: ``kind`` says how text is read (``int``, ``float``,
    ``names`` (comma-separated, from ``choices``, returned in the choices' order), ``choice``,
    ``size`` (WxH), ``moves`` (a count, or ``uniform``) or ``flag``); numbers are checked
    against the bounds."""

    name: str
    kind: str
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    noun: str = ""  # what one of the names is, for messages ("heuristic")

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def parse(self, value: Any) -> Any:
        """The option's value from text (the command line) or a plain value (the page)."""
        kind = self.kind
        if kind in ("int", "float"):
            return self._number(value)
        if kind == "names":
            items = value.split(",") if isinstance(value, str) else list(value)
            names = list(dict.fromkeys(str(i).strip() for i in items if str(i).strip()))
            if not names:
                raise PuzzleError(f"{self.flag} needs at least one {self.noun}")
            for n in names:
                if n not in self.choices:
                    raise PuzzleError(
                        f"unknown {self.noun} {quoted(n)}: choose from {', '.join(self.choices)}"
                    )
            # in the order of the choices, whatever the order given: the same table (and the
            # same link) from the command line and from the page's checkboxes
            return [c for c in self.choices if c in names]
        if kind == "choice":
            text = str(value).strip().lower()  # names are lower case: SNAIL is snail
            if text not in self.choices:
                raise PuzzleError(
                    f"{self.flag} {quoted(text)}: choose one of {', '.join(self.choices)}"
                )
            return text
        if kind == "size":
            return _size(value)
        if kind == "moves":
            if value is None or str(value).strip().lower() in ("uniform", "none", ""):
                return None
            return self._number(value)
        if kind == "flag":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise PuzzleError(f"{self.flag} {quoted(value)} is not yes or no")
        raise PuzzleError(f"option {self.name} has an unknown kind {kind!r}")

    def _number(self, value: Any) -> int | float:
        whole = self.kind in ("int", "moves")
        if isinstance(value, bool) or (isinstance(value, str) and not value.isascii()):
            raise PuzzleError(f"{self.flag} {quoted(value)} is not a number")
        try:
            number: int | float = (
                (int(value.replace("_", "").replace(",", "")) if whole else float(value))
                if isinstance(value, str)
                else (int(value) if whole and float(value).is_integer() else float(value))
            )
        except (TypeError, ValueError, OverflowError):
            what = "a whole number" if whole else "a number"
            raise PuzzleError(f"{self.flag} {quoted(value)} is not {what}") from None
        if whole and not isinstance(number, int):
            raise PuzzleError(f"{self.flag} {quoted(value)} is not a whole number")
        if isinstance(number, float) and not math.isfinite(number):
            raise PuzzleError(f"{self.flag} {quoted(value)} is not a finite number")
        shown = str(value) if len(str(value)) <= ECHO_LIMIT else quoted(value)  # 0, not '0'
        if self.minimum is not None and number < self.minimum:
            raise PuzzleError(f"{self.flag} must be at least {_bound(self.minimum)}, not {shown}")
        if self.maximum is not None and number > self.maximum:
            raise PuzzleError(f"{self.flag} must be at most {_bound(self.maximum)}, not {shown}")
        return number

    def format(self, value: Any) -> str:
        """``value`` (as :meth:`parse` returns it) written as text that :meth:`parse` reads
        back: the form share links and the page's fields use."""
        if self.kind == "names":
            return ",".join(value)
        if self.kind == "moves" and value is None:
            return "uniform"
        if self.kind == "flag":
            return "yes" if value else "no"
        if self.kind == "float":
            return exact_number(value)
        return str(value)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "flag": self.flag,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
        }


def _size(value: Any) -> str:
    """``WxH`` with sides 2 to 8 (text, or a pair from the page), written back as text."""
    if not isinstance(value, str):
        try:
            w, h = (int(v) for v in value)
        except (TypeError, ValueError):
            raise PuzzleError(f"size {quoted(value)} is not WxH, e.g. 4x4 or 3x2") from None
        value = f"{w}x{h}"
    w, h = parse_size(value)
    return f"{w}x{h}"


def sides(size: str) -> tuple[int, int]:
    w, h = size.split("x")
    return int(w), int(h)


def count_option(name: str, default: int, what: str, maximum: int = MAX_COUNT) -> Option:
    return Option(name, "int", default, what, 1, maximum)


def heuristics_option(default: str) -> Option:
    return Option(
        "heuristics",
        "names",
        default,
        "heuristics, comma-separated",
        choices=tuple(HEURISTICS),
        noun="heuristic",
    )


def tie_break_option(default: str, why: str) -> Option:
    return Option(
        "tie_break", "choice", default, f"order among equal f ({why})", choices=TIE_BREAKS
    )


MAX_NODES_OPTION = Option(
    "max_nodes",
    "int",
    DEFAULT_MAX_NODES,
    "expansions per search before it counts as unsolved (0: no limit)",
    0,
    MAX_NODES,
)
MOVES_HELP = "random moves from the goal that make a board, or 'uniform' (all solvable boards)"


def _bound(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


@dataclass
class Table:
    """What an experiment's summary makes of its rows."""

    columns: list[str]
    rows: list[Row]
    notes: list[str]
    charts: list[dict[str, Any]]


@dataclass(frozen=True)
class Experiment:
    """What the page and the command line show of an experiment, and how it is run."""

    name: str
    title: str
    description: str
    options: tuple[Option, ...]
    planner: Callable[[dict[str, Any], str], Iterator[Spec]] = field(repr=False, compare=False)
    summary: Callable[[dict[str, Any], list[Row]], Table] = field(repr=False, compare=False)
    #: how many searches the options plan (asked before planning: plans can be huge)
    searches: Callable[[dict[str, Any]], int] = field(repr=False, compare=False)
    #: refuses options that are fine one by one but not together
    check: Callable[[dict[str, Any]], None] = field(
        default=lambda o: None, repr=False, compare=False
    )

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.parse(o.default) for o in self.options}

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise PuzzleError(
            f"{self.name} has no option {name!r}: it takes "
            + ", ".join(o.name for o in self.options)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "options": [o.to_json() for o in self.options],
        }
