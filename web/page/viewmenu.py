"""The View menu's Large setting: the whole page scaled up, for a projector.

Large puts the class ``large`` on ``<html>``, and style.css raises the root font size there:
tiles, mini boards, lists and text are sized in rem, so all of them grow together, and the
stage's layout (sized in rem too) keeps the controls, the grid and the lists in one view.
The choice belongs to the screen, not to the board: it is remembered in the browser's local
storage, never carried by a share link (a link made at a projector opens at its usual size
on a laptop).
"""

from __future__ import annotations

from typing import Any

from controls import listen

KEY = "npuzzle-large"  # localStorage: "1" while Large is on (the opening reads it too)
CLASS = "large"  # on <html> (style.css)
BOX = "large-view"


class ViewMenu:
    """``#large-view``, restored from and saved to the ``window``'s localStorage."""

    def __init__(self, document: Any, window: Any) -> None:
        self.root = document.documentElement
        self.box = document.getElementById(BOX)
        try:
            self.storage = window.localStorage
        except Exception:  # a sandboxed page may not even look at its storage
            self.storage = None
        self.box.checked = self.remembered()
        self.apply()
        self.proxies: list[Any] = []
        listen(self.proxies, [(self.box, "change", self.on_change)])

    def enable(self) -> None:
        self.box.disabled = False

    def remembered(self) -> bool:
        try:
            return self.storage is not None and self.storage.getItem(KEY) == "1"
        except Exception:  # storage refused (a private window, a blocked origin)
            return False

    @property
    def large(self) -> bool:
        return bool(self.box.checked)

    def apply(self) -> None:
        self.root.classList.toggle(CLASS, self.large)

    def on_change(self, event: Any) -> None:
        """Applied at once, then remembered (where the browser lets the page store it)."""
        self.apply()
        try:
            if self.storage is not None:
                self.storage.setItem(KEY, "1" if self.large else "0")
        except Exception:  # storage refused: the choice holds for this visit only
            pass
