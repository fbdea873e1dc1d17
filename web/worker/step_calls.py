"""The visualizer's search in the solver worker (web/worker/stepping.py): made, stepped by
short calls and described to the page, which only draws; its tree (web/worker/outline.py).
Answers cross as JSON text."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from job import CHUNK_SECONDS, JOB, Options, load, page_of
from outline import Outline
from pacing import big_parts, dismantle
from protocol import Model, Reply, SearchRequest, StepRequest, TreeRequest, plain
from stepping import Stepping

from npuzzle import PuzzleError, solvability
from npuzzle.teach.moves import MoveStyle
from npuzzle.teach.pictures import Theme

_stepping: list[Stepping] = []  # the search the visualizer steps through: none, or one
_dropping: set[asyncio.Future[None]] = set()  # dropped searches being freed in slices
# How many searches were asked for: an open that waited for its tables while a newer one was
# asked (the page changed its board or settings meanwhile) must not replace the newer one.
_asked = [0]
OVERTAKEN = "A newer search was asked for while this one loaded its tables."


def _text(value: Model) -> str:
    return json.dumps(value)


def _refused(message: str) -> str:
    """The visualizer's error answer: ``message`` is said as it is (web/page/visualizer.py)."""
    return _text({"status": Reply.ERROR, "message": message})


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
    recording = old.recording
    parts = big_parts(recording.recorded, recording.search, old.outline.tree)
    if parts:
        task = asyncio.ensure_future(dismantle(parts))
        _dropping.add(task)
        task.add_done_callback(_dropping.discard)


async def steps_open(request: Any) -> str:
    """Make the search the visualizer steps through (a protocol.SearchRequest). Pattern
    databases it needs are loaded first (into this worker, with progress in ``progress()``).
    The answer is the model of step 0 (``Stepping.model``) with ``status: "ok"``, or
    {status: "error", message}."""
    req: SearchRequest = plain(request)
    _asked[0] += 1
    mine = _asked[0]
    _drop_stepping()
    try:
        options = Options(req)
        verdict = solvability(options.board, options.goal)
        if not verdict:
            return _refused(f"Unsolvable: {verdict.reason}.")
        try:
            if options.missing and not await load(options.missing, page_of(req.get("page"))):
                return _refused("Loading was cancelled.")
        except PuzzleError as exc:
            return _refused(f"Cannot use the pattern databases: {exc}.")
        loaded = JOB.total if options.missing else 0
        session = Stepping(options.search)
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _refused(f"Cannot search: {exc}.")
    if mine != _asked[0]:
        return _refused(OVERTAKEN)
    _drop_stepping()  # another request may have opened one while the tables loaded
    _stepping.append(session)
    model = {"status": Reply.OK, "tables": loaded, **session.model()}
    if options.automatic is not None:  # the visualizer says what it steps through
        model["automatic"] = options.automatic
    return _text(model)


def steps_go(request: Any) -> str:
    """Step the visualizer's search (a protocol.StepRequest); the answer says ``arrived``
    false when it must be asked again. A drawn step that has arrived carries its tree too
    (``tree``: as ``steps_tree`` would answer after ``tree_seconds`` of growing it), so a
    Step is one message each way."""
    req: StepRequest = plain(request)
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
    return _text(
        {"status": Reply.OK, "arrived": arrived, "moved": steps != answer["steps"], **answer}
    )


def steps_tree(request: Any) -> str:
    """The visualizer's search tree (a protocol.TreeRequest). The tree first catches up with
    the search for at most ``seconds``: while it has not, the answer is {status: "growing",
    behind}; then the action is applied and the answer is the tree's model."""
    try:
        return _text(_tree(_session().outline, plain(request)))
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return _refused(f"Cannot draw the tree: {exc}.")


def _tree(outline: Outline, req: TreeRequest) -> Model:
    behind = outline.catch_up(float(req.get("seconds", CHUNK_SECONDS)))
    if behind:
        return {"status": Reply.GROWING, "behind": behind}
    if req.get("action") == "picture":  # the tree drawn for a file (web/page/exportview.py)
        theme, words = Theme(req.get("theme", "light")), MoveStyle(req.get("words", "tiles"))
        return {"status": Reply.OK, "svg": outline.picture(theme, words, req.get("title", ""))}
    item = req.get("id")
    outline.act(
        str(req.get("action", "current")),
        None if item is None else int(item),
        str(req.get("key", "")),
        int(req.get("top", 0)),
    )
    return {"status": Reply.OK, **outline.model()}


def steps_close() -> None:
    """The visualizer starts again (another board, other settings): its search goes."""
    _drop_stepping()
