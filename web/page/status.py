"""The status line under the grid and the progress bar of pattern databases being loaded.

Every view says what happened through one :class:`StatusView`, so the page has a single
live region (``#status``, ``role="status"``) that screen readers announce.
"""

from __future__ import annotations

from typing import Any


class StatusView:
    """``#status`` (one line of text) and ``#loading`` (a progress bar)."""

    def __init__(self, document: Any) -> None:
        self.line = document.getElementById("status")
        self.bar = document.getElementById("loading")

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
            amount = f"{got / 1e6:.1f} of {total / 1e6:.1f} MB"
        else:
            self.bar.removeAttribute("value")  # indeterminate
            amount = f"{got / 1e6:.1f} MB"
        into = "the solver" if where == "solver" else "the visualizer"
        self.say(f"Loading pattern databases into {into}: {amount}...")

    def hide_loading(self) -> None:
        self.bar.hidden = True
