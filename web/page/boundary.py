"""The page's boundary with the browser: every handler the page gives it runs through
:func:`guarded`, so that no Python traceback ever reaches a user.

An exception that escapes a handler called by the browser becomes an "Uncaught PythonError",
which PyScript prints in the page as a traceback, and it leaves whatever the handler was doing
half done. Here it is caught where the browser called in: the page's status line says in
words what failed and that the rest of the page still works, the console gets the details
(the handler, the event and the traceback), and the page carries on.

The views bind their handlers through ``controls.listen`` (or call :func:`guarded` where they
make their own proxies); tests/web/test_boundary.py feeds the views random events and asserts
that nothing escapes.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import js

STATUS = "status"  # the page's status line, under the board, seen in every mode

# What the user did, by the event's type, in the words of the message.
_DONE = {
    "click": "that click",
    "change": "that change",
    "input": "that change",
    "keydown": "that key",
    "keyup": "that key",
    "popstate": "that page of the browser's history",
    "hashchange": "that link",
}


def failure_text(kind: str) -> str:
    """What the status line says when the handler of an event of type ``kind`` failed.

    >>> failure_text("click").split(" (")[0]
    'Sorry: the page failed to handle that click'
    """
    done = _DONE.get(kind, "what you just did")
    return (
        f"Sorry: the page failed to handle {done} (the details are in the browser's console). "
        "The rest of the page still works."
    )


def report(error: BaseException, where: str, event: Any) -> None:
    """Say that ``where`` failed on ``event``: in words on the status line, in full on the
    console. Reporting never raises: it is the last thing between an error and the user."""
    kind = str(getattr(event, "type", "") or "")
    try:
        details = "".join(traceback.format_exception(error))
        js.console.error(f"npuzzle: {where} failed on {kind or 'a call'}:\n{details}")
    except Exception:
        pass
    try:
        line = js.document.getElementById(STATUS)
        if line:  # JavaScript's null arrives as JsNull: falsy, not None
            line.textContent = failure_text(kind)
    except Exception:
        pass


def guarded(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``handler`` as the browser may call it: an exception it raises is reported (see
    :func:`report`) instead of escaping into the page."""
    where = getattr(handler, "__qualname__", None) or repr(handler)

    def run(event: Any = None) -> Any:
        try:
            return handler(event)
        except Exception as error:
            report(error, where, event)
            return None

    run.__qualname__ = f"guarded({where})"
    return run
