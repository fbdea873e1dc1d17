"""Every message between the page and its workers, typed: imported by both sides.

The page's main thread (web/page/, through ``bridge.Bridge`` alone) calls the solver worker's
exports (web/worker/worker.py) with the requests below and reads their answers; the solver
worker and its helper workers (web/worker/team.py, helper.py) talk in the team messages at the
end, over a BroadcastChannel and the MessagePorts the page hands them (``TEAM_PORT``). Values
crossing are JSON-like; the large or nested answers (the visualizer's and Compare's views, the
Lab's rows) cross as JSON text.

A board crosses once, in one form: its rows text (:func:`board_text`), read back by
:func:`read_boards`. Whether Solve's IDA* is shared with helpers is decided here alone
(:func:`shared`), by the package's rule. The page's defaults are here too, for the page's
controls and for requests that leave a field out: the Automatic choice (:data:`AUTO`), which
the worker resolves by the package's rule (``npuzzle.search.automatic``) into a real search,
saying which and why (:class:`AutomaticChoice`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal, NotRequired, TypedDict

from npuzzle import ALGORITHMS, Algorithm, Board
from npuzzle.search.algorithms import DEFAULT_WEIGHT as DEFAULT_WEIGHT  # re-exported
from npuzzle.search.algorithms import splits
from npuzzle.search.automatic import AUTO as AUTO  # re-exported
from npuzzle.search.automatic import automatic

WORKER = "solver"  # the solver worker's name in index.html
WORKER_SCRIPT = "./worker.py"  # its script, which the page starts again if it must
HELPER_SCRIPT = "./helper.py"  # what the page starts as a helper worker
POLL_SECONDS = 0.2  # between the page's questions about the progress of a call under way
NO_CHART = -1  # as a chart width: Compare's view without its chart

# The search the page offers first, and what a request that leaves a field out asks for:
# Automatic, which picks the search itself (the heuristic and DEFAULT_WEIGHT, the package's w,
# are for the searches chosen by hand).
DEFAULT_ALGORITHM = AUTO
DEFAULT_HEURISTIC = "manhattan"
AUTO_TITLE = "Automatic"  # its entry in the Algorithm select


class Reply(StrEnum):
    """How an answer went, beside the searches' own ``npuzzle.Status`` (a Solve's answer is
    a result whose status is a Status, or CANCELLED, or ERROR)."""

    OK = "ok"
    ERROR = "error"
    BUSY = "busy"  # a hint while Solve or the Lab runs: ask again later
    CANCELLED = "cancelled"
    DONE = "done"  # a Lab run that ran every search
    GROWING = "growing"  # the visualizer's tree is still catching up with its search


class Phase(StrEnum):
    """What the job under way in the solver worker is doing besides searching."""

    NONE = ""
    LOADING = "loading"  # pattern databases fetched and unpacked
    PLANNING = "planning"  # the Lab plans its searches


class Kind(StrEnum):
    """What the solver worker's job is (``progress`` says)."""

    NONE = ""
    SOLVE = "solve"
    LAB = "lab"
    CHECK = "check"  # a heuristic of yours checked (web/worker/heuristic_calls.py)


def plain(value: Any) -> Any:
    """A JavaScript value as Python (dicts and lists), anything else unchanged: what a
    worker's call or answer is once it has crossed."""
    return value.to_py() if hasattr(value, "to_py") else value


def board_text(board: Board) -> str:
    """A board as it crosses: its rows text."""
    return board.format("rows")


def read_boards(request: Where) -> tuple[Board, Board]:
    """A request's board and goal (PuzzleError if they are not boards)."""
    board = Board.parse(str(request["board"]))
    goal = Board.goal_or_board(str(request.get("goal") or "standard"), board.width, board.height)
    return board, goal


class AutomaticChoice(TypedDict):
    """What Automatic picked for a board (``npuzzle.search.automatic.Choice``): the search
    that runs, its title and why, in a user's words."""

    algorithm: str
    heuristic: str
    weight: float
    title: str
    reason: str


def automatic_choice(board: Board, goal: Board) -> AutomaticChoice:
    """The package's Automatic choice for ``board`` and ``goal``, as it crosses (the page ships
    the pattern databases of ``npuzzle.heuristics.pdbbuild.shipped``)."""
    choice = automatic(board, goal)
    return AutomaticChoice(
        algorithm=str(choice.algorithm),
        heuristic=choice.heuristic,
        weight=choice.weight,
        title=choice.title,
        reason=choice.reason,
    )


def shared(
    algorithm: str,
    board: Board,
    workers: int,
    goal: Board | None = None,
    heuristic: str | None = None,
) -> bool:
    """Whether Solve shares its search with helper workers: the package's rules, on a board big
    enough to gain from it (``npuzzle.search.algorithms.splits``), a search that splits
    (``AlgorithmInfo.splittable``: IDA*) or one whose seats search the views the pattern
    databases give (``AlgorithmInfo.seated``: the anytime search with ``pdb``,
    ``npuzzle.search.seats``; the solver worker runs it alone on a board with one view).
    Automatic is the search it picks (for ``goal``, by default the standard one)."""
    if algorithm == AUTO:
        choice = automatic(board, goal)
        algorithm, heuristic = choice.algorithm, choice.heuristic
    try:
        info = ALGORITHMS[Algorithm(algorithm)]
    except ValueError:  # not an algorithm: the worker refuses it, saying so
        return False
    seated = info.seated and heuristic == "pdb"
    return workers > 1 and (info.splittable or seated) and splits(board.width, board.height)


# ----- the page to the solver worker ------------------------------------------------------
class Where(TypedDict):
    """A board, its goal, and the page's address (the pattern databases are beside it; a
    worker has an address of its own)."""

    board: str
    goal: str
    page: str


class Team(TypedDict):
    """What a request adds to be shared with ``workers`` - 1 helpers on the channel ``team``."""

    workers: int
    team: str


class SearchRequest(Where):
    """Solve's and the visualizer's search (``steps_open``): ``algorithm`` an Algorithm's
    name or AUTO (then ``heuristic`` and ``weight`` are Automatic's)."""

    algorithm: str
    heuristic: str
    weight: float
    tie_break: NotRequired[str]  # a TieBreak (default high-g); Automatic picks its own
    workers: NotRequired[int]
    team: NotRequired[str]


class HintRequest(Where):
    fetch: bool  # a pressed Hint: the worker may fetch the pattern databases
    workers: NotRequired[int]  # with ``team``: its IDA* shared as Solve's (protocol.Team)
    team: NotRequired[str]


class CompareRequest(Where):
    entrants: str  # as links write them: "astar:misplaced,astar:manhattan"
    width: int  # the chart box's width in pixels (0: not laid out; NO_CHART: no chart)


class LabRequest(TypedDict):
    experiment: str
    options: str  # JSON text: nested values cross intact
    seed: str
    page: str
    workers: NotRequired[int]
    team: NotRequired[str]


class YoursRequest(TypedDict):
    """Check a heuristic of yours (and make it the heuristic ``yours`` in the worker)."""

    source: str  # Python: def h(tiles, goal, width, height)
    goal: str  # the goal (a board of at most 9 cells: every board is checked)


class StepRequest(TypedDict, total=False):
    """Step the visualizer's search: ``by`` (1, -1, 0) or ``to`` a step number, for at most
    ``seconds``; ``draw``: the full model, else only where it got to."""

    by: int
    to: int
    seconds: float
    draw: bool
    tree_seconds: float


class TreeRequest(TypedDict, total=False):
    """An action on the visualizer's tree (web/worker/outline.py); ``picture``: the tree as
    SVG, in ``theme``'s colours (npuzzle.teach.pictures.Theme), moves named in ``words`` (a
    MoveStyle), under ``title``."""

    action: str
    id: int | None
    key: str
    top: int
    seconds: float
    theme: str
    words: str
    title: str


# ----- the solver worker's answers --------------------------------------------------------
class Progress(TypedDict):
    """The job under way in the solver worker (or the last one)."""

    running: bool
    cancel: bool
    kind: str  # a Kind
    phase: str  # a Phase
    expanded: int
    generated: int
    open: int
    seconds: float
    loaded: int  # bytes of pattern databases read, of total
    total: int
    threshold: float | None  # IDA*'s f threshold
    best: int | None  # the anytime search: its best length so far
    lower_bound: int | None  # and the length every solution has at least
    improvements: list[dict[str, Any]]  # and each shorter solution: {length, seconds, weight}
    weight: float | None  # and the weight of its phase under way (1: the proof)
    segment: list[int] | None  # or the stretch of the best it is shortening, [i, j]
    workers: int  # this worker and its helpers at work
    done: int  # the Lab: searches finished, of jobs (a check: boards checked, of all)
    jobs: int


class LabProgress(Progress):
    rows: str  # JSON text: the rows from the number asked for on


class Refusal(TypedDict):
    status: Literal[Reply.ERROR]
    reason: str


class Busy(TypedDict):
    status: Literal[Reply.BUSY]
    kind: str  # a Kind: what runs


class Hint(TypedDict):
    """A player's hint (``npuzzle.play.hint``) and whether it could be optimal."""

    status: Literal[Reply.OK]
    solvable: bool
    move: str | None
    tile: int | None
    direction: str | None
    distance: int | None
    optimal: bool
    method: str
    reason: str
    lower_bound: int | None
    text: str
    advice: str
    resumable: bool  # stopped by its time: asking again searches on (a pressed Hint)
    seconds: float
    workers: int  # the most workers that searched it (this one and helpers)


HintAnswer = Hint | Busy | Refusal


class LabAnswer(TypedDict):
    status: str  # Reply.DONE, CANCELLED or ERROR
    reason: str
    rows: str  # JSON text: every row


# A search's result (``npuzzle.Result.to_json``, its status a Status or Reply.CANCELLED), or a
# refusal; with ``automatic`` (an AutomaticChoice) when Automatic picked the search, and
# ``suggestion`` (an AutomaticChoice) when a search chosen by hand hit a limit: Automatic's
# choice for that board, which the page offers as a button. The visualizer's model
# (web/worker/stepping.py, also with ``automatic``) and Compare's view (web/worker/comparing.py)
# are dicts of their own, drawn by the views that asked.
SolveAnswer = dict[str, Any]
Model = dict[str, Any]
View = dict[str, Any]


# ----- the solver worker and its helpers (web/worker/team.py) -----------------------------
class WholeSearch(TypedDict):
    """The IDA* search whose subtrees are dealt: the same in every worker."""

    board: str
    goal: str
    heuristic: str
    tables: list[str]  # the pattern databases it reads (the helpers load the same)
    page: str
    ident: int  # which search of the solver worker: a helper's table serves one alone


class SubtreePiece(TypedDict):
    kind: Literal["subtree"]
    search: WholeSearch
    moves: str  # the blank's moves from the board to the subtree's root
    threshold: int


class JobPiece(TypedDict):
    kind: Literal["job"]
    job: dict[str, Any]  # npuzzle.lab.runner.Job.to_json()
    page: str


class SeatPiece(TypedDict):
    """A seat of the anytime search (``npuzzle.search.seats``), run until ``until``."""

    kind: Literal["seat"]
    board: str
    goal: str
    heuristic: str
    tables: list[str]  # the pattern databases it reads (the helpers load the same)
    page: str
    seat: int
    seats: int
    until: float  # time.time() when the search stops: the same clock in every worker
    seconds: float  # the limit that ``until`` is (said in the result's reason)


Piece = SubtreePiece | JobPiece | SeatPiece  # a piece of work, dealt by the solver worker

# What the page posts to the solver worker and a helper with the two ends of a MessageChannel
# between them: {npuzzle: TEAM_PORT, helper: its name} (web/worker/team.py).
TEAM_PORT = "team-port"


class Note(StrEnum):
    """The kinds of the team's messages. The solver worker says ROLL (who is there?), WORK,
    BEST (a seat's best, to the other seats) and STOP; a helper says HERE, BUSY (alive, with
    its counters and, from a seat, a new best) while it works, then DONE or FAILED."""

    ROLL = "roll"
    HERE = "here"
    WORK = "work"
    BEST = "best"
    STOP = "stop"
    BUSY = "busy"
    DONE = "done"
    FAILED = "failed"


# One message on the team's channel: ``kind`` a Note, ``from`` the helper that says it; the
# other fields by kind: ``to`` (WORK, BEST: the helper it is for), ``id`` (WORK, BEST, STOP and
# a helper's answers: the piece of work), ``work`` (WORK), ``keep`` (STOP: the search goes on
# later, so the helper keeps its subtree under way), ``expanded`` and ``generated`` (BUSY),
# ``best`` (BEST, and BUSY from a seat: a solution's moves shorter than any told before),
# ``answer`` (DONE: a subtree's Answer fields, a Lab row or a seat's result), ``reason``
# (FAILED).
Message = TypedDict(
    "Message",
    {
        "kind": str,
        "from": str,
        "to": str,
        "id": int,
        "work": Piece,
        "keep": bool,
        "expanded": int,
        "generated": int,
        "best": str,
        "answer": Any,
        "reason": str,
        "at": float,  # when a helper said DONE (time.time(): the same clock in every worker)
        "waited": float,  # DONE: the helper's seconds between this piece and the last one
        "yielded": float,  # DONE: its seconds yielding to hear the channel during the piece
        "worked": float,  # DONE: its seconds searching the piece
    },
    total=False,
)
