"""Solver worker (a PyScript worker named "solver"): searches run here, off the main thread.

It has no config of its own, so it inherits the page's: local interpreter and the npuzzle
package zip. Exported functions take and return JSON-like values only.

``solve`` runs the search in chunks and yields to the worker's event loop between them, so
the main thread's ``progress()`` and ``cancel()`` calls are answered while it runs.
``hint`` answers a player's Hint and Moves to solved (``npuzzle.play.hint``); it runs at once
(at most ``HINT_SECONDS`` of search), so it is refused while Solve or the Lab runs.
The visualizer's search lives here too (``steps_*``, web/worker/stepping.py): stepped by short
calls, described to the page, which only draws; the pattern databases are loaded here alone.
``compare_*`` hold the page's Compare view's searches (``comparing``), loading their pattern
databases first as Solve does: each call steps them for at most 40 ms and answers with the
view to draw (JSON text), so they go on beside Solve, the Lab and hints.
Solve's IDA* and the Lab are shared with the page's helper workers when the request names
their channel and more than one worker (``team``, ``workers``: web/worker/team.py).
"""

import asyncio
import contextlib
import json
import time
from typing import Any

import comparing
import js
import tables
import team
from outline import Outline
from pacing import big_parts, dismantle
from stepping import Stepping

import npuzzle
from npuzzle import ALGORITHMS, Board, PuzzleError, Search, lab, make_search, solvability
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.lab import runner
from npuzzle.play.hint import hint as player_hint
from npuzzle.search.idastar import IDAStar
from npuzzle.search.split import Split
from npuzzle.teach.entrants import parse_entrants

CHUNK_SECONDS = 0.05  # run this long between answers to progress() and cancel()
MAX_NODES = lab.PAGE_MAX_NODES  # the page's node limit: memory in the tab is finite
# How long a hint's IDA* may look for a shortest solution before the human-like search's
# move is taken instead: 1.5 s of the page's own time (Pyodide searches about 1.7x slower
# than CPython, so as much search as 0.9 s in CPython). With the fallback (0.1-0.2 s on a
# 4x4) and the messages, a hint comes in about 2 s, and Solve waits at most that long.
HINT_SECONDS = 1.5
# IDA* shared with helpers (npuzzle.search.split): subtrees per worker in a split iteration, and
# the nodes the iteration before must have generated. Both measured on Korf's boards
# (benchmarks/site_workers.py): fewer pieces than the command line's, each longer than the
# messages about it (a helper's answer is read once a slice, team.SLICE_SECONDS), and only
# iterations of a second or more split.
PIECES_PER_WORKER = 16
SPLIT_FROM = 100_000

_job: dict[str, Any] = {
    "running": False,
    "cancel": False,
    "expanded": 0,
    "generated": 0,
    "open": 0,
    "seconds": 0.0,
    "phase": "",  # "loading" while pattern databases are fetched and unpacked
    "loaded": 0,
    "total": 0,
    "threshold": None,  # IDA*'s current f threshold
    "best": None,  # the anytime search: the shortest solution's length so far
    "lower_bound": None,  # and the length every solution has at least
    "improvements": [],  # and each shorter solution as it came: {length, seconds, weight}
    "weight": None,  # and the weight of its phase under way (1: the proof)
    "segment": None,  # or the stretch of the best it is shortening, [i, j]
    "kind": "",  # "solve" or "lab": what is running
    "workers": 1,  # the workers searching: this one and its helpers at work (web/worker/team.py)
    "done": 0,  # the lab: searches finished, of "jobs"
    "jobs": 0,
}
_rows: list[dict[str, Any]] = []  # the lab's rows so far (lab_progress hands them on)
_team = team.Team()  # the helper workers, once the page has started some
# Held while pattern databases are fetched: a hint and Solve may ask for the same tables.
_loading = asyncio.Lock()


def ping() -> dict[str, str]:
    """Answer the main thread's liveness check with the package version."""
    return {"version": npuzzle.__version__}


def progress() -> dict[str, Any]:
    """Counters of the search under way (or of the last one)."""
    return dict(_job)


def lab_progress(since: int) -> dict[str, Any]:
    """The lab run's counters, and its rows from number ``since`` on (as JSON text)."""
    start = max(0, int(since))
    return {**_job, "rows": json.dumps(_rows[start:])}


def _busy() -> dict[str, Any]:
    what = "an experiment of the lab" if _job["kind"] == "lab" else "a search"
    return {"status": "error", "reason": f"the solver is busy with {what}: cancel it first"}


def cancel() -> bool:
    """Ask the running search to stop at its next chunk; False if none is running."""
    if _job["running"]:
        _job["cancel"] = True
    return bool(_job["running"])


def _plain(value: Any) -> Any:
    return value.to_py() if hasattr(value, "to_py") else value


async def solve(request: Any) -> dict[str, Any]:
    """Solve ``request`` = {board, goal (rows text), algorithm, heuristic, weight}."""
    req = _plain(request)
    if _job["running"]:
        return _busy()
    _job.update(running=True, cancel=False, expanded=0, generated=0, open=0, seconds=0.0)
    _job.update(phase="", loaded=0, total=0, threshold=None, kind="solve", workers=1)
    _job.update(best=None, lower_bound=None, improvements=[], weight=None, segment=None)
    try:
        return await _solve(req)
    finally:
        _job.update(running=False, cancel=False, phase="")


async def _load(names: list[str], page: str) -> bool:
    """Load pattern databases, with progress; False if cancelled (PuzzleError if refused)."""
    async with _loading:  # a hint may be loading them: wait, then load what is still missing
        names = [name for name in names if not pdbbuild.loaded(name)]
        return not names or await _load_now(names, page)


async def _load_now(names: list[str], page: str) -> bool:
    _job.update(phase="loading")
    try:
        await tables.load(
            names,
            lambda got, n: _job.update(loaded=got, total=n),
            page,
            lambda: bool(_job["cancel"]),
        )
    except tables.Stopped:
        return False
    except PuzzleError:
        raise
    except Exception as exc:  # the browser refused: say so, do not crash
        raise PuzzleError(f"the pattern databases could not be loaded: {exc}") from None
    finally:
        _job.update(phase="")
    return True


async def _run(search: Search, limit: int | None, seconds: float | None = None) -> bool:
    """Run ``search`` to its end, ``limit`` expansions or ``seconds``, ``CHUNK_SECONDS`` at
    a time (the search resumes where the time limit stopped it), publishing its counters and
    letting progress() and cancel() in between chunks; False if it was cancelled."""
    while True:
        chunk = CHUNK_SECONDS if seconds is None else min(CHUNK_SECONDS, seconds - search.seconds)
        search.run(max_nodes=limit, max_seconds=max(chunk, 0.001))
        _job.update(expanded=search.expanded, generated=search.generated, seconds=search.seconds)
        if limit is None:  # IDA*: its open list is its path; the threshold says more
            _job.update(threshold=getattr(search, "threshold", None))
        else:
            _job.update(open=search.open_size)
        counters = search.counters()
        if "best" in counters:  # the anytime search
            improvements = search.extra()["improvements"]
            _job.update(best=counters["best"], lower_bound=counters["lower_bound"])
            _job.update(improvements=improvements, weight=counters["weight"])
            segment = counters["segment"]
            _job.update(segment=None if segment is None else list(segment))
        if search.status != "limit" or (limit is not None and search.expanded >= limit):
            return True
        if seconds is not None and search.seconds >= seconds:
            search.reason = f"stopped after {seconds:g} s"
            return True
        await asyncio.sleep(0)
        if _job["cancel"]:
            return False


def _search_request(req: dict[str, Any]) -> tuple[Board, Board, dict[str, Any], list[str]]:
    """A request's board, goal and search options (Solve's, the visualizer's), and the
    pattern databases it needs that are not loaded (PuzzleError, KeyError, ValueError if it
    is bad)."""
    board = Board.parse(str(req["board"]))
    goal = Board.goal_or_board(str(req.get("goal") or "standard"), board.width, board.height)
    options = {
        "algorithm": str(req.get("algorithm", "astar")),
        "heuristic": str(req.get("heuristic", "manhattan")),
        "weight": float(req.get("weight", 3)),
    }
    info = ALGORITHMS.get(options["algorithm"])
    uses_h = info is not None and info.uses_heuristic
    return board, goal, options, tables.needed(board, goal, uses_h, options["heuristic"])


async def _solve(req: dict[str, Any]) -> dict[str, Any]:
    try:
        board, goal, options, missing = _search_request(req)
        if missing and not await _load(missing, _page(req)):
            return {"status": "cancelled", "reason": "cancelled while loading the tables"}
        search = make_search(board, goal, **options)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return {"status": "error", "reason": str(exc)}
    helpers = _helpers(req)
    if helpers and isinstance(search, IDAStar) and search.weight == 1:
        return await _solve_split(search, req, helpers)
    info = ALGORITHMS[options["algorithm"]]
    limit = None if info.max_nodes is None else MAX_NODES  # else no limit but Cancel
    if not await _run(search, limit, info.max_seconds):
        search.reason = f"cancelled after {search.expanded:,} nodes"
        result = search.result().to_json()
        if result["status"] != "solved":  # the anytime search keeps the best so far
            result["status"] = "cancelled"
        return result
    if search.status == "limit" and limit is not None and search.expanded >= limit:
        search.reason = f"stopped after {MAX_NODES:,} nodes (the page's limit)"
    return search.result().to_json()


def _helpers(req: dict[str, Any]) -> int:
    """How many helper workers a request may use: its ``workers`` less this one, if the page
    has named the team's channel (``team``)."""
    try:
        workers = int(req.get("workers") or 1)
    except (TypeError, ValueError):
        return 0
    if workers < 2 or not req.get("team"):
        return 0
    _team.open(str(req["team"]))
    return workers - 1


async def _solve_split(search: IDAStar, req: dict[str, Any], helpers: int) -> dict[str, Any]:
    """IDA* with its iterations' subtrees dealt to this worker and ``helpers`` helpers
    (npuzzle.search.split): the same optimal length as alone, the counters of all of them."""
    split = Split(search, helpers + 1, PIECES_PER_WORKER, SPLIT_FROM)
    whole = {
        "board": search.board.format("rows"),
        "goal": search.goal.format("rows"),
        "heuristic": search.heuristic.name,
        "page": _page(req),
    }

    def progress(expanded: int, generated: int) -> None:
        _job.update(expanded=split.expanded + expanded, generated=split.generated + generated)
        _job.update(seconds=time.perf_counter() - split.started, threshold=split.threshold)
        _count_workers(helpers)

    async def mine(work: dict[str, Any]) -> team.Work:
        return team.SubtreeWork(search, work["moves"], work["threshold"])

    def take(_key: Any, answer: Any) -> bool:
        return split.take(team.answer_of(answer))

    while subtrees := split.next_iteration():
        deal = ((None, team.subtree_work(whole, t.moves, t.threshold)) for t in subtrees)
        ended = await _team.deal(deal, len(subtrees), mine, take, helpers, _cancelled, progress)
        if ended == "cancelled":
            split.workers = int(_job["workers"])
            result = split.result(f"cancelled after {split.expanded:,} nodes").to_json()
            return {**result, "status": "cancelled"}
    split.workers = int(_job["workers"])
    return split.result().to_json()


def _count_workers(helpers: int) -> None:
    """The workers at work on the job: this one and the helpers that have joined (of the
    ``helpers`` it may use), never fewer than counted before."""
    _job.update(workers=max(int(_job["workers"]), 1 + min(helpers, _team.present())))


def _cancelled() -> bool:
    return bool(_job["cancel"])


async def hint(request: Any) -> dict[str, Any]:
    """A player's hint for ``request`` = {board, goal (rows text), fetch, page}: {status: "ok",
    solvable, tile, direction, distance, optimal, method, reason,
    lower_bound, text, advice, seconds}; {status: "busy", kind} while Solve or the Lab runs
    (a hint would stall them: ask again later); {status: "error", reason} for bad input."""
    req = _plain(request)
    if not isinstance(req, dict) or not req.get("board"):
        return {"status": "error", "reason": "a hint request names a board: {board: '...'}"}
    if _job["running"]:
        return {"status": "busy", "kind": _job["kind"]}
    clock = time.monotonic()
    try:
        board = Board.parse(str(req["board"]))
        goal = Board.goal_or_board(str(req.get("goal") or "standard"), board.width, board.height)
        loaded = await _hint_tables(board, goal, req)
        if _job["running"]:  # Solve or the Lab began while the tables were fetched
            return {"status": "busy", "kind": _job["kind"]}
        answer = player_hint(board, goal, seconds=HINT_SECONDS)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return {"status": "error", "reason": str(exc)}
    advice = ""
    shipped = (board.width, board.height) in pdbbuild.SHIPPED_SHAPES
    if answer.solvable and not answer.optimal and shipped and not loaded:
        advice = (
            "the pattern databases for shortest hints could not be loaded"
            if req.get("fetch")
            else "press Hint to fetch the pattern databases (about 5 MB) for a shortest one"
        )
    return {
        "status": "ok",
        "solvable": answer.solvable,
        "move": answer.move,
        "tile": answer.tile,
        "direction": answer.direction,
        "distance": answer.distance,
        "optimal": answer.optimal,
        "method": answer.method,
        "reason": answer.reason,
        "lower_bound": answer.lower_bound,
        "text": answer.text,
        "advice": advice,
        "seconds": time.monotonic() - clock,
    }


async def _hint_tables(board: Board, goal: Board, req: dict[str, Any]) -> bool:
    """Load the tables a hint uses, as far as it is worth it; whether they are all loaded.

    Up to 9 cells, the one exact table (70 kB at most) makes every hint exact. On a shape
    whose tables the site ships, a pressed Hint (``fetch``) fetches them (the 4x4's are
    about 5 MB, then kept in the browser's cache): IDA* with them gives optimal hints within the
    budget. Moves to solved alone uses the tables already loaded, so that opening a 4x4
    fetches nothing unasked. A table the site lacks or the browser refuses is not an error
    here: the hint then searches without it."""
    exact = board.size <= pdbplan.EXACT_CELLS
    shipped = (board.width, board.height) in pdbbuild.SHIPPED_SHAPES and bool(req.get("fetch"))
    try:
        names = pdbplan.table_names(board.width, board.height, goal.blank)
    except PuzzleError:
        return False  # no tables for boards this large
    if exact or shipped:
        async with _loading:
            missing = [name for name in names if not pdbbuild.loaded(name)]
            # the hint does without (on a small board it builds the table, in seconds)
            with contextlib.suppress(Exception):
                await tables.load(missing, lambda got, total: None, _page(req))
    return all(pdbbuild.loaded(name) for name in names)


def _page(req: dict[str, Any]) -> str:
    """The page's address, where the tables are (the worker's own address is not)."""
    return str(req.get("page") or js.location.href)


async def lab_run(request: Any) -> dict[str, Any]:
    """Run an experiment of :mod:`npuzzle.lab`: ``request`` = {experiment, options, seed,
    page}. Rows go to ``lab_progress`` as each search ends; the answer says how it ended
    (``done``, ``cancelled`` or ``error``) and carries every row (JSON text)."""
    req = _plain(request)
    if _job["running"]:
        return _busy()
    _rows.clear()
    _job.update(running=True, cancel=False, expanded=0, generated=0, open=0, seconds=0.0)
    _job.update(phase="planning", loaded=0, total=0, threshold=None, kind="lab", done=0, jobs=0)
    _job.update(workers=1)
    try:
        return await _lab(req)
    finally:
        _job.update(running=False, cancel=False, phase="")


async def _lab(req: dict[str, Any]) -> dict[str, Any]:
    def answer(status: str, reason: str = "") -> dict[str, Any]:
        return {"status": status, "reason": reason, "rows": json.dumps(_rows)}

    try:
        name = str(req.get("experiment"))
        options = req.get("options") or {}
        if isinstance(options, str):  # the page sends JSON text: nested values cross intact
            options = json.loads(options)
        # checked at once, boards drawn as the searches run (a plan can be large)
        jobs = runner.plan(name, dict(options), str(req.get("seed") or lab.DEFAULT_SEED))
        if not 1 <= jobs.options["max_nodes"] <= MAX_NODES:  # 0, no limit, is refused too
            raise PuzzleError(
                f"the page's searches stop at {MAX_NODES:,} expansions: choose a max nodes "
                f"from 1 to {MAX_NODES:,}"
            )
        _job.update(jobs=len(jobs), phase="")  # only now: a refused run never shows a count
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return answer("error", str(exc))
    results: dict[int, dict[str, Any]] = {}  # rows that came before an earlier one's

    async def load(names: list[str], page: str) -> None:  # with progress and Cancel
        if names and not await _load(names, page):
            raise _Cancelled

    async def mine(work: dict[str, Any]) -> team.Work:
        return await team.work_for(work, _team.searches, load)

    def take(number: Any, row: Any) -> bool:
        results[int(number)] = row
        while len(_rows) in results:  # the table's order is the plan's
            _rows.append(results.pop(len(_rows)))
        _job.update(done=len(_rows) + len(results))
        return False

    def progress(expanded: int, generated: int) -> None:  # the searches under way
        _job.update(expanded=expanded, generated=generated)
        _count_workers(helpers)

    helpers = _helpers(req)
    deal = ((job.number, team.job_work(job, _page(req))) for job in jobs)
    try:
        ended = await _team.deal(deal, len(jobs), mine, take, helpers, _cancelled, progress)
    except _Cancelled:
        return answer("cancelled", "cancelled while loading the tables")
    except PuzzleError as exc:
        return answer("error", str(exc))
    if ended == "cancelled":
        return answer("cancelled", f"cancelled after {len(_rows):,} of {len(jobs):,}")
    return answer("done")


class _Cancelled(Exception):
    """Cancel was pressed while the tables loaded."""


# ----- the visualizer's search (web/worker/stepping.py) -------------------------------------------
_stepping: list[Stepping] = []  # the search the visualizer steps through: none, or one
_dropping: set[asyncio.Future[None]] = set()  # dropped searches being freed in slices


def _session() -> Stepping:
    if not _stepping:
        raise PuzzleError("the visualizer has no search: Step first")
    return _stepping[0]


def _drop_stepping() -> None:
    """Forget the visualizer's search; its records are freed in slices (at once, 100,000
    steps' took 1.4 s, and the worker would answer nothing meanwhile)."""
    if not _stepping:
        return
    old = _stepping.pop()
    parts = big_parts(old.search, old.outline.tree)
    if parts:
        task = asyncio.ensure_future(dismantle(parts))
        _dropping.add(task)
        task.add_done_callback(_dropping.discard)


async def steps_open(request: Any) -> str:
    """Make the search the visualizer steps through: ``request`` = {board, goal (rows text),
    algorithm, heuristic, weight, page}. Pattern databases it needs are loaded first (into
    this worker, with progress in ``progress()``). The answer (JSON text) is the model of step
    0 (``Stepping.model``) with ``status: "ok"``, or {status: "error", message}."""
    req = _plain(request)
    _drop_stepping()
    try:
        board, goal, options, missing = _search_request(req)
        verdict = solvability(board, goal)
        if not verdict:
            return _refused(f"Unsolvable: {verdict.reason}.")
        try:
            if missing and not await _load(missing, _page(req)):
                return _refused("Loading was cancelled.")
        except PuzzleError as exc:
            message = f"Cannot use the pattern databases: {exc}."
            return _refused(message)
        loaded = int(_job["total"]) if missing else 0
        search = make_search(board, goal, **options)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _refused(f"Cannot search: {exc}.")
    _drop_stepping()  # another request may have opened one while the tables loaded
    session = Stepping(search)
    _stepping.append(session)
    return _answer({"status": "ok", "tables": loaded, **session.model()})


def steps_go(request: Any) -> str:
    """Step the visualizer's search: ``request`` = {by: 1 or -1} (Step, Back) or {to: n}
    (Run to end, a jump), and {seconds} it may work (the answer says ``arrived`` false when
    it must be asked again) and {draw}: the full model, or only where it got to. A drawn
    step that has arrived carries its tree too (``tree``: as ``steps_tree`` would answer
    after {tree_seconds} of growing it), so a Step is one message each way."""
    req = _plain(request)
    try:
        session = _session()
        steps = session.search.steps
        to = steps + int(req["by"]) if "by" in req else int(req["to"])
        arrived = session.go(max(0, to), float(req.get("seconds", CHUNK_SECONDS)))
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _refused(f"Cannot step: {exc}.")
    drawn = bool(req.get("draw", True))
    answer = session.model() if drawn else session.progress()
    if drawn and arrived:
        tree_seconds = req.get("tree_seconds", CHUNK_SECONDS)
        answer["tree"] = _tree(session.outline, {"action": "current", "seconds": tree_seconds})
    return _answer(
        {"status": "ok", "arrived": arrived, "moved": steps != answer["steps"], **answer}
    )


def steps_tree(request: Any) -> str:
    """The visualizer's search tree (web/worker/outline.py): ``request`` = {action, id, key, top,
    seconds}. The tree first catches up with the search for at most ``seconds``: while it
    has not, the answer is {status: "growing", behind}; then the action is applied and the
    answer is the tree's model."""
    try:
        return _answer(_tree(_session().outline, _plain(request)))
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _refused(f"Cannot draw the tree: {exc}.")


def _tree(outline: Outline, req: dict[str, Any]) -> dict[str, Any]:
    behind = outline.catch_up(float(req.get("seconds", CHUNK_SECONDS)))
    if behind:
        return {"status": "growing", "behind": behind}
    item = req.get("id")
    outline.act(
        str(req.get("action", "current")),
        None if item is None else int(item),
        str(req.get("key", "")),
        int(req.get("top", 0)),
    )
    return {"status": "ok", **outline.model()}


def steps_close() -> None:
    """The visualizer starts again (another board, other settings): its search goes."""
    _drop_stepping()


# ----- Compare ---------------------------------------------------------------------------------
# One comparison at a time (web/worker/comparing.py), for the page's Compare view; each call
# steps it for at most comparing.SLICE_SECONDS and answers with JSON text. The chart is drawn
# when the call carries the chart box's width (0: not laid out); NO_CHART (-1) leaves it out.
NO_CHART = -1
_compare: dict[str, Any] = {"held": None, "opened": 0}  # the comparison; opens so far


def _answer(value: dict[str, Any]) -> str:
    return json.dumps(value)


def _error(reason: str) -> str:
    return _answer({"status": "error", "reason": reason})


def _refused(message: str) -> str:
    """The visualizer's error answer: ``message`` is said as it is (web/page/visualizer.py)."""
    return _answer({"status": "error", "message": message})


def _width(value: Any) -> int | None:
    """The chart's width from the page: None for NO_CHART (ValueError if not a number)."""
    try:
        width = int(_plain(value))
    except (TypeError, ValueError):
        raise ValueError(f"a chart's width is a number of pixels, not {value!r}") from None
    return None if width < 0 else width


def _held() -> comparing.Comparison:
    held: comparing.Comparison | None = _compare["held"]
    if held is None:
        raise PuzzleError("no comparison is open: Start one first")
    return held


async def compare_open(request: Any) -> str:
    """Open a comparison: ``request`` = {board, goal (rows text), entrants (as links write
    them: "astar:misplaced,astar:manhattan"), page, width}; its view at step 0. The pattern
    databases it needs are loaded first (``progress()`` says so); {status: "error", reason}
    when it cannot run (an unsolvable board, a bad search)."""
    req = _plain(request)
    _compare["held"] = None  # the last one's memory goes at once
    _compare["opened"] += 1
    opened = _compare["opened"]
    if not isinstance(req, dict) or not req.get("board") or not req.get("entrants"):
        return _error("a comparison names a board and its searches: {board, entrants}")
    try:
        board = Board.parse(str(req["board"]))
        goal = Board.goal_or_board(str(req.get("goal") or "standard"), board.width, board.height)
        entrants = parse_entrants(str(req["entrants"]))
        width = _width(req.get("width", NO_CHART))
        missing: list[str] = []
        for e in entrants:
            uses = ALGORITHMS[e.algorithm].uses_heuristic
            missing += [
                n for n in tables.needed(board, goal, uses, e.heuristic) if n not in missing
            ]
        if missing and not await _load(missing, _page(req)):
            return _error("the pattern databases' loading was cancelled")
        comparison = comparing.Comparison(board, goal, entrants)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _error(str(exc))
    if opened != _compare["opened"]:  # another was opened while the tables loaded
        return _error("another comparison was opened meanwhile")
    _compare["held"] = comparison
    return _answer(comparison.view(width))


async def compare_step(width: Any) -> str:
    """One step of every search; the view, with ``moved`` false once all have ended."""
    return _compare_move(width, forward=True)


async def compare_back(width: Any) -> str:
    """Back one step; the view, with ``moved`` false at step 0."""
    return _compare_move(width, forward=False)


def _compare_move(width: Any, *, forward: bool) -> str:
    try:
        held, shown = _held(), _width(width)
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    moved = held.step() if forward else held.back()
    return _answer({**held.view(shown), "moved": moved})


async def compare_run(seconds: Any) -> str:
    """Step for at most ``seconds`` (comparing.SLICE_SECONDS at most): {status, step, done}.
    The page calls it again until done, asking for a view now and then (``compare_view``)."""
    try:
        held, slice_ = _held(), float(_plain(seconds))
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    done = held.run(slice_)
    return _answer({"status": "ok", "step": held.race.step_number, "done": done})


async def compare_view(width: Any) -> str:
    """The comparison as it stands."""
    try:
        held, shown = _held(), _width(width)
    except (PuzzleError, TypeError, ValueError) as exc:
        return _error(str(exc))
    return _answer(held.view(shown))


async def compare_close() -> str:
    """Drop the comparison (Compare was closed): its memory goes."""
    _compare["held"] = None
    _compare["opened"] += 1
    return _answer({"status": "ok"})


__export__ = [
    "ping",
    "progress",
    "cancel",
    "solve",
    "hint",
    "lab_run",
    "lab_progress",
    "steps_open",
    "steps_go",
    "steps_tree",
    "steps_close",
    "compare_open",
    "compare_step",
    "compare_back",
    "compare_run",
    "compare_view",
    "compare_close",
]
