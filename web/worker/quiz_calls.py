"""Step through's quiz, Predict the next node, in the solver worker: the question before the
next step of the search the visualizer steps through (held by step_calls.py), asked by
``npuzzle.teach.quiz`` of that search itself. The page grades the pick (the question carries
its answer and reasons). Answers cross as JSON text."""

from __future__ import annotations

import json
from typing import Any

import step_calls
from protocol import Reply, plain

from npuzzle import PuzzleError
from npuzzle.teach.quiz import question, unasked


def steps_quiz(request: Any) -> str:
    """The question before step ``step`` + 1 ({step}: the step the page shows): {status: "ok",
    question (npuzzle.teach.quiz.Question.to_json, or null), reason (why none)}; no question
    when the search has moved on since (the page asks again for the step it shows)."""
    req = plain(request)
    try:
        session = step_calls._session()
        shown = int(req["step"])
    except (PuzzleError, KeyError, TypeError, ValueError) as exc:
        return json.dumps({"status": Reply.ERROR, "message": f"Cannot ask: {exc}."})
    search = session.search
    if search.steps != shown:
        answer: dict[str, Any] = {"question": None, "reason": "", "stale": True}
    else:
        q = question(search)
        answer = {"question": q.to_json() if q else None, "reason": "" if q else unasked(search)}
    return json.dumps({"status": Reply.OK, "step": search.steps, **answer})
