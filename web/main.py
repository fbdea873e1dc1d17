"""Main-thread entry point of the npuzzle page (runs in the browser under PyScript).

Imports the same npuzzle package as the command line (shipped as a zip that PyScript
unpacks), reports readiness on the page, then checks that the solver worker answers.
"""

import asyncio

from pyscript import document, workers

import npuzzle

VERSION: str = npuzzle.__version__
_status = document.getElementById("status")


def set_status(text: str) -> None:
    _status.textContent = text


async def connect_worker() -> None:
    """Wait for the solver worker and mark the page when ping() has answered."""
    try:
        solver = await workers["solver"]
        answer = await solver.ping()
    except Exception:
        set_status(f"npuzzle {VERSION} ready; the solver worker failed to start")
        document.body.dataset.workerReady = "false"
        raise
    # A dict from the worker arrives as a JS object: convert it back to Python.
    result = answer.to_py() if hasattr(answer, "to_py") else answer
    worker_version = result.get("version") if isinstance(result, dict) else None
    if worker_version != VERSION:
        set_status(f"npuzzle {VERSION} ready; solver worker reports {worker_version!r}")
        document.body.dataset.workerReady = "false"
        return
    document.body.dataset.workerReady = "true"


set_status(f"npuzzle {VERSION} ready")
document.body.dataset.ready = "true"
# Keep a reference so the task is not garbage-collected before it finishes.
background_tasks: set[asyncio.Future[None]] = set()
background_tasks.add(asyncio.ensure_future(connect_worker()))
