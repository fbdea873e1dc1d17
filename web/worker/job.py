"""The solver worker's job under way (Solve or a Lab run), its helpers, and the pattern
databases it loads: what every call of the worker shares.

One job runs at a time: :data:`JOB` holds its counters, which ``progress()`` hands to the page
(``protocol.Progress``), and its Cancel. Tables are loaded with progress into it, one load at
a time (a hint and Solve may ask for the same tables).
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import js
import tables
import team
from protocol import (
    AUTO,
    DEFAULT_ALGORITHM,
    DEFAULT_HEURISTIC,
    DEFAULT_WEIGHT,
    AutomaticChoice,
    Kind,
    Phase,
    Progress,
    Refusal,
    Reply,
    SearchRequest,
    automatic_choice,
    read_boards,
)

from npuzzle import ALGORITHMS, Algorithm, PuzzleError, Search, lab, make_search
from npuzzle.heuristics import pdbbuild
from npuzzle.search.bestfirst import TieBreak

MAX_NODES = lab.PAGE_MAX_NODES  # the page's node limit: memory in the tab is finite
CHUNK_SECONDS = 0.05  # a call runs this long between answers to progress() and cancel()


@dataclasses.dataclass
class Job:
    """The counters of the job under way, or of the last one (``protocol.Progress``)."""

    running: bool = False
    cancel: bool = False
    kind: Kind = Kind.NONE
    phase: Phase = Phase.NONE
    expanded: int = 0
    generated: int = 0
    open: int = 0
    seconds: float = 0.0
    loaded: int = 0
    total: int = 0
    threshold: float | None = None
    best: int | None = None
    lower_bound: int | None = None
    improvements: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    weight: float | None = None
    segment: list[int] | None = None
    workers: int = 1
    done: int = 0
    jobs: int = 0

    def begin(self, kind: Kind, phase: Phase = Phase.NONE) -> None:
        """A new job: every counter from zero."""
        fresh = Job(running=True, kind=kind, phase=phase)
        for field in dataclasses.fields(self):
            setattr(self, field.name, getattr(fresh, field.name))

    def end(self) -> None:
        self.running, self.cancel, self.phase = False, False, Phase.NONE

    def progress(self) -> Progress:
        return Progress(
            running=self.running,
            cancel=self.cancel,
            kind=str(self.kind),
            phase=str(self.phase),
            expanded=self.expanded,
            generated=self.generated,
            open=self.open,
            seconds=self.seconds,
            loaded=self.loaded,
            total=self.total,
            threshold=self.threshold,
            best=self.best,
            lower_bound=self.lower_bound,
            improvements=list(self.improvements),
            weight=self.weight,
            segment=self.segment,
            workers=self.workers,
            done=self.done,
            jobs=self.jobs,
        )

    def busy(self) -> Refusal:
        what = "an experiment of the lab" if self.kind == Kind.LAB else "a search"
        return Refusal(
            status=Reply.ERROR, reason=f"the solver is busy with {what}: cancel it first"
        )

    def cancelled(self) -> bool:
        return self.cancel

    def count_workers(self, helpers: int) -> None:
        """The workers at work on the job: this one and the helpers that have joined (of the
        ``helpers`` it may use), never fewer than counted before."""
        self.workers = max(self.workers, 1 + min(helpers, TEAM.present()))


JOB = Job()
TEAM = team.Team()  # the helper workers, once the page has started some
# Held while pattern databases are fetched: a hint and Solve may ask for the same tables.
LOADING = asyncio.Lock()


def helpers(workers: int | None, channel: str | None) -> int:
    """How many helper workers a request may use: its ``workers`` less this one, if the page
    has named the team's channel."""
    if not workers or workers < 2 or not channel:
        return 0
    TEAM.open(str(channel))
    return int(workers) - 1


def page_of(address: str | None) -> str:
    """The page's address, where the tables are (the worker's own address is not)."""
    return str(address or js.location.href)


async def load(names: list[str], page: str) -> bool:
    """Load pattern databases, with progress; False if cancelled (PuzzleError if refused)."""
    async with LOADING:  # a hint may be loading them: wait, then load what is still missing
        names = [name for name in names if not pdbbuild.loaded(name)]
        return not names or await _load_now(names, page)


async def _load_now(names: list[str], page: str) -> bool:
    JOB.phase = Phase.LOADING

    def report(got: int, total: int) -> None:
        JOB.loaded, JOB.total = got, total

    try:
        await tables.load(names, report, page, JOB.cancelled)
    except tables.Stopped:
        return False
    except PuzzleError:
        raise
    except Exception as exc:  # the browser refused: say so, do not crash
        raise PuzzleError(f"the pattern databases could not be loaded: {exc}") from None
    finally:
        JOB.phase = Phase.NONE
    return True


class Options:
    """A search request's board, goal and options, read once (PuzzleError, KeyError,
    ValueError if it is bad), and the pattern databases it needs that are not loaded.
    Automatic is resolved here, by the package's rule: ``automatic`` says what it picked
    (None for a search chosen by hand)."""

    def __init__(self, req: SearchRequest, *, large: bool = False) -> None:
        """``large``: the request may fetch the large tables (:func:`tables.needed`)."""
        self.board, self.goal = read_boards(req)
        self.automatic: AutomaticChoice | None = None
        name = str(req.get("algorithm", DEFAULT_ALGORITHM))
        if name == AUTO:
            self.automatic = automatic_choice(self.board, self.goal)
            self.algorithm = Algorithm(self.automatic["algorithm"])
            self.heuristic = self.automatic["heuristic"]
            self.weight = self.automatic["weight"]
            self.tie_break = str(TieBreak.HIGH_G)
        else:
            self.algorithm = Algorithm.parse(name)
            self.heuristic = str(req.get("heuristic", DEFAULT_HEURISTIC))
            self.weight = float(req.get("weight", DEFAULT_WEIGHT))
            self.tie_break = str(req.get("tie_break", TieBreak.HIGH_G))
        uses_h = ALGORITHMS[self.algorithm].uses_heuristic
        self.missing = tables.needed(self.board, self.goal, uses_h, self.heuristic, large=large)
        self.address = req.get("page")

    @property
    def page(self) -> str:
        return page_of(self.address)

    def search(self) -> Search:
        return make_search(
            self.board,
            self.goal,
            algorithm=self.algorithm,
            heuristic=self.heuristic,
            weight=self.weight,
            tie_break=self.tie_break,
        )
