"""Solver worker (a PyScript worker named "solver"): runs off the main thread.

It has no config of its own, so it inherits the page's: local interpreter and the
npuzzle package zip. Exported functions take and return JSON-like values only.
"""

import npuzzle


def ping() -> dict[str, str]:
    """Answer the main thread's liveness check with the package version."""
    return {"version": npuzzle.__version__}


__export__ = ["ping"]
