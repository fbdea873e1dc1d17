"""Your own heuristic, in Python: a function you write, run as a heuristic under a time budget.

You write a function ``h`` with this signature::

    def h(tiles, goal, width, height):
        ...

- ``tiles``: the board row by row, a tuple of ints, 0 for the blank (``(1, 2, 3, 4, 0, 5,
  ...)``);
- ``goal``: the goal's tiles the same way;
- ``width``, ``height``: the board's shape (3 and 3 on the 8-puzzle);
- it returns the moves left it estimates: an ``int``, 0 or more (not a bool, not a float).

Each call has :data:`BUDGET_SECONDS` (a call is stopped once it has also passed
:data:`MIN_TICKS` of the checks below, so that a machine's stall is not taken for an endless
loop); the code around ``def h`` (tables built once, helper functions) runs once with
:data:`MODULE_BUDGET_SECONDS`. The budget is kept without signals
or threads, so it works in a browser's worker too: compiling inserts a cheap check at the top
of every loop's body, in every comprehension and at every function's entry, and functions
nest at most :data:`MAX_DEPTH` deep. Only a single long operation in C (``sum(range(10**12))``)
escapes it: the page's worker watchdog ends that one. This is a budget, not a sandbox: the
code is yours and runs with the program's rights (the page asks before it runs code that
came in a link).

Every failure is a :class:`YoursError` whose message names the line of your source:

>>> from npuzzle.core.board import Board
>>> misplaced = '''
... def h(tiles, goal, width, height):
...     return sum(1 for t, g in zip(tiles, goal) if t and t != g)
... '''
>>> mine = compile_heuristic(misplaced)
>>> board, goal = Board.parse("134 8b5 726"), Board.goal("standard", 3, 3)
>>> mine(board.tiles, goal.tiles, 3, 3)
6
>>> endless = compile_heuristic("def h(tiles, goal, width, height):\\n    while True: pass")
>>> broken = compile_heuristic("def h(tiles, goal, width, height):\\n    return 1 / 0\\n")
>>> for mine in (endless, broken):
...     try:
...         mine(board.tiles, goal.tiles, 3, 3)
...     except YoursError as exc:
...         print(exc)
your heuristic, line 2: h on board 1,3,4/8,0,5/7,2,6 took more than 0.5 s (an endless loop?)
your heuristic, line 2: ZeroDivisionError: division by zero in h on board 1,3,4/8,0,5/7,2,6
"""

from __future__ import annotations

import ast
import builtins
import sys
import time
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar

from npuzzle.core.board import PuzzleError
from npuzzle.core.space import Space
from npuzzle.heuristics.base import Heuristic, HeuristicInfo

__all__ = [
    "BUDGET_SECONDS",
    "MAX_DEPTH",
    "MAX_SOURCE",
    "MIN_TICKS",
    "MODULE_BUDGET_SECONDS",
    "NAME",
    "SIGNATURE",
    "Fault",
    "YourFunction",
    "Yours",
    "YoursError",
    "compile_heuristic",
    "install",
    "installed",
    "uninstall",
]

NAME = "yours"  # the heuristic's name in menus, links and the command's -H
SIGNATURE = "def h(tiles, goal, width, height):"
BUDGET_SECONDS = 0.5  # per call of h
# checks the budget lets through before it may stop a call: a call stalled by the machine (a
# garbage collection, another process) is not an endless loop
MIN_TICKS = 100
MODULE_BUDGET_SECONDS = 2.0  # for the code around h, run once
MAX_DEPTH = 100  # calls of your functions nested in each other
MAX_SOURCE = 20_000  # characters of source
FILENAME = "<your heuristic>"

_TICK, _ENTER, _LEAVE = "_npuzzle_tick_", "_npuzzle_enter_", "_npuzzle_leave_"


class Fault(StrEnum):
    """What went wrong with a heuristic of yours."""

    SYNTAX = "syntax"  # it does not compile
    MISSING = "missing"  # no function h(tiles, goal, width, height)
    EXCEPTION = "exception"  # it raised
    BUDGET = "budget"  # a call took longer than its budget
    DEPTH = "depth"  # calls nested too deep
    RETURN = "return"  # it returned something that is not a count of moves


class YoursError(PuzzleError):
    """A heuristic of yours failed: ``fault`` says how, ``line`` where in your source."""

    def __init__(self, fault: Fault, problem: str, line: int | None = None) -> None:
        where = f", line {line}" if line else ""
        super().__init__(f"your heuristic{where}: {problem}")
        self.fault, self.problem, self.line = fault, problem, line


class _OutOfBudget(BaseException):
    """Raised inside your code when its time is up (a BaseException, so that ``except
    Exception`` in your code lets it through; and the budget stays spent until the call
    ends, so catching it does not help either)."""


class _TooDeep(BaseException):
    """Raised inside your code when its calls nest deeper than MAX_DEPTH."""


class _Budget(ast.NodeTransformer):
    """Inserts the budget's checks: one per loop iteration, comprehension item and call."""

    @staticmethod
    def _call(name: str, at: ast.AST) -> ast.Call:
        call = ast.Call(ast.Name(name, ast.Load()), [], [])
        return ast.copy_location(call, at)

    def _stmt(self, name: str, at: ast.AST) -> ast.stmt:
        return ast.copy_location(ast.Expr(self._call(name, at)), at)

    def _loop(self, node: ast.For | ast.AsyncFor | ast.While) -> ast.AST:
        self.generic_visit(node)
        node.body.insert(0, self._stmt(_TICK, node))
        return node

    visit_For = visit_AsyncFor = visit_While = _loop

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        self.generic_visit(node)
        node.ifs.append(self._call(_TICK, node.iter))  # the tick returns True
        return node

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        guarded = ast.Try(node.body, [], [], [self._stmt(_LEAVE, node)])
        node.body = [self._stmt(_ENTER, node), ast.copy_location(guarded, node)]
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = _function


def _line(exc: BaseException) -> int | None:
    """The line of your source where ``exc`` was raised (the innermost one); for calls
    nested too deep, the line of the call that went one too deep."""
    lines = []
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == FILENAME:
            lines.append(tb.tb_lineno)
        tb = tb.tb_next
    if isinstance(exc, _TooDeep) and len(lines) > 1:
        return lines[-2]
    return lines[-1] if lines else None


def _board(tiles: tuple[int, ...], width: int) -> str:
    return "/".join(",".join(map(str, tiles[r : r + width])) for r in range(0, len(tiles), width))


class YourFunction:
    """Your ``h``, compiled with its budget: call it as ``h(tiles, goal, width, height)``."""

    def __init__(self, source: str) -> None:
        if len(source) > MAX_SOURCE:
            raise YoursError(
                Fault.SYNTAX, f"the source has {len(source):,} characters, more than {MAX_SOURCE:,}"
            )
        try:
            tree = ast.parse(source, FILENAME)
        except SyntaxError as exc:
            raise YoursError(Fault.SYNTAX, f"SyntaxError: {exc.msg}", exc.lineno) from None
        except ValueError as exc:  # a NUL character
            raise YoursError(Fault.SYNTAX, str(exc)) from None
        code = compile(ast.fix_missing_locations(_Budget().visit(tree)), FILENAME, "exec")
        self.source = source
        self._deadline = 0.0
        self._depth = 0
        self._spent = False
        self._ticks = 0
        namespace: dict[str, Any] = {
            "__builtins__": builtins,
            "__name__": "yours",
            _TICK: self._tick,
            _ENTER: self._enter,
            _LEAVE: self._leave,
        }
        self._start(MODULE_BUDGET_SECONDS)
        try:
            exec(code, namespace)
        except BaseException as exc:
            raise self._failure(exc, "the code around h") from None
        if self._spent:
            raise self._failure(_OutOfBudget(), "the code around h")
        function = namespace.get("h")
        if not callable(function):
            raise YoursError(
                Fault.MISSING,
                f"no function h: define {SIGNATURE} (it returns the moves left it estimates)",
            )
        self._h: Callable[..., object] = function

    def _start(self, seconds: float) -> None:
        self._deadline = time.perf_counter() + seconds
        self._depth = 0
        self._ticks = 0
        self._spent = False

    def _tick(self) -> bool:
        self._ticks += 1
        if self._spent or (self._ticks > MIN_TICKS and time.perf_counter() > self._deadline):
            self._spent = True
            raise _OutOfBudget
        return True

    def _enter(self) -> None:
        self._tick()
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _TooDeep

    def _leave(self) -> None:
        self._depth -= 1

    def _failure(self, exc: BaseException, what: str) -> YoursError:
        """``exc`` raised by your code while running ``what``, as a message."""
        line = _line(exc)
        if self._spent or isinstance(exc, _OutOfBudget):
            seconds = BUDGET_SECONDS if what.startswith("h ") else MODULE_BUDGET_SECONDS
            return YoursError(
                Fault.BUDGET, f"{what} took more than {seconds:g} s (an endless loop?)", line
            )
        if isinstance(exc, _TooDeep | RecursionError):
            return YoursError(
                Fault.DEPTH, f"calls nested more than {MAX_DEPTH} deep in {what}", line
            )
        if isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit):
            return YoursError(Fault.EXCEPTION, f"{type(exc).__name__} in {what}", line)
        return YoursError(Fault.EXCEPTION, f"{type(exc).__name__}: {exc} in {what}", line)

    def __call__(
        self, tiles: tuple[int, ...], goal: tuple[int, ...], width: int, height: int
    ) -> int:
        self._start(BUDGET_SECONDS)
        limit = sys.getrecursionlimit()
        try:
            value = self._h(tiles, goal, width, height)
        except KeyboardInterrupt:
            raise  # the user stopped the program, not the heuristic
        except BaseException as exc:
            raise self._failure(exc, f"h on board {_board(tiles, width)}") from None
        finally:
            sys.setrecursionlimit(limit)  # in case your code changed it
        if self._spent:  # it caught the budget's exception and went on
            raise self._failure(_OutOfBudget(), f"h on board {_board(tiles, width)}")
        if type(value) is not int or value < 0:
            kind = type(value).__name__
            kind = f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"
            raise YoursError(
                Fault.RETURN,
                f"h returned {value!r} ({kind}) on board {_board(tiles, width)}: it must "
                "return the moves left, a whole number 0 or more (an int)",
            )
        return value


def compile_heuristic(source: str) -> YourFunction:
    """Your source compiled, its code around ``h`` run once: ``h`` with its budget."""
    return YourFunction(source)


class Yours(Heuristic):
    """A heuristic of yours, bound to a space and a goal: see :func:`install`."""

    info = HeuristicInfo(NAME, "Yours", False, False, "your own heuristic, in Python")
    function: ClassVar[YourFunction]

    def __init__(self, space: Space, goal_pos: Mapping[int, int]) -> None:
        super().__init__(space, goal_pos)
        n = space.n
        if len(space.cells) != n or set(self.goal_pos) != set(range(n)):
            raise PuzzleError("your heuristic measures whole boards (not a partial goal)")
        goal = [0] * n
        for tile, cell in self.goal_pos.items():
            goal[cell] = tile
        self.goal = tuple(goal)

    def value(self, state: int) -> int:
        return self.function(
            self.space.unpack(state), self.goal, self.space.width, self.space.height
        )


_installed: type[Yours] | None = None


def install(source: str, *, admissible: bool = False, consistent: bool = False) -> type[Yours]:
    """Compile ``source`` and make it the heuristic ``yours`` (``make_heuristic("yours",
    ...)``, the command's ``-H yours``), marked admissible or consistent as a check found."""
    global _installed
    function = compile_heuristic(source)
    marks = ("admissible" if admissible else "not checked admissible") + (
        ", consistent" if consistent else ""
    )
    info = HeuristicInfo(NAME, "Yours", admissible, consistent, f"your own heuristic ({marks})")
    _installed = type("Yours", (Yours,), {"info": info, "function": function})
    return _installed


def installed() -> type[Yours] | None:
    """The heuristic of yours installed, if any."""
    return _installed


def uninstall() -> None:
    global _installed
    _installed = None
