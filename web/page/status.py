"""A status line and the progress bar of pattern databases being loaded.

The board has its own under the grid (``#status``); the Solve and Step through panels each
have theirs (``#solve-status``, ``#step-status``), so that a message always stands beside the
state it describes and is replaced when that state changes, never left over from another
view. The board's and Solve's are polite live regions (``role="status"``); the visualizer's
is not (its steps are said, briefly, in ``#visualizer-said``).
"""

from __future__ import annotations

from typing import Any


def loading_text(got: int, total: int, into: str | None = "the solver") -> str:
    """What a status line says while pattern databases are loaded ``into`` a worker (None:
    the Lab's, which says only what it loads).

    >>> loading_text(1_250_000, 5_000_000)
    'Loading pattern databases into the solver: 1.2 of 5.0 MB...'
    """
    amount = f"{got / 1e6:.1f} of {total / 1e6:.1f} MB" if total else f"{got / 1e6:.1f} MB"
    where = f" into {into}" if into else ""
    return f"Loading pattern databases{where}: {amount}..."


class StatusView:
    """One line of text (``#status``) and a progress bar (``#loading``), or a panel's."""

    def __init__(self, document: Any, line: str = "status", bar: str = "loading") -> None:
        self.line = document.getElementById(line)
        self.bar = document.getElementById(bar)

    def say(self, text: str) -> None:
        self.line.textContent = text

    @property
    def text(self) -> str:
        return str(self.line.textContent or "")

    def show_loading(self, got: int, total: int, where: str) -> None:
        """The progress bar and a line of text while pattern databases are loaded into
        ``where`` ("solver" or the page)."""
        self.bar.hidden = False
        if total:
            self.bar.max, self.bar.value = total, min(got, total)
        else:
            self.bar.removeAttribute("value")  # indeterminate
        self.say(loading_text(got, total, "the solver" if where == "solver" else "the visualizer"))

    def hide_loading(self) -> None:
        self.bar.hidden = True
