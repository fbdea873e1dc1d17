"""Copying a link (Share, Challenge a friend) or the embed code: to the clipboard where the
browser allows it, else shown in a field, selected, for the user to copy (``#share-box``).

Inside a frame of another site the Clipboard API is refused unless the embedding page grants
it (``<iframe allow="clipboard-write">``), and Chromium reports the refusal in the console
even when it is caught: so the page asks first (the document's permissions policy) and, in a
frame that was not granted it, makes no call at all. At the top level it copies as before, and
a refusal (a browser's setting) shows the field too.
"""

from __future__ import annotations

from typing import Any

from controls import listen

CLIPBOARD = "clipboard-write"  # the permissions policy's name of the feature


def framed(window: Any) -> bool:
    """Whether the page is shown inside a frame (of this site or another)."""
    try:
        return not bool(getattr(window.Object, "is")(window.top, window.self))
    except Exception:  # a browser that keeps even that from a frame: a frame
        return True


def clipboard_allowed(window: Any) -> bool:
    """Whether a copy may be tried without the browser refusing it for the frame: always at
    the top level; in a frame only where the permissions policy says it is granted."""
    if not framed(window):
        return True
    document = window.document
    # Either name, or neither (Pyodide: a property JavaScript leaves undefined is missing).
    policy = getattr(document, "permissionsPolicy", None) or getattr(
        document, "featurePolicy", None
    )
    if not policy:
        return False  # no way to ask: never a call that may fail
    try:
        return bool(policy.allowsFeature(CLIPBOARD))
    except Exception:
        return False


class ShareBox:
    """``#share-box``: what could not be copied, selected in a read-only field, with Close."""

    def __init__(self, document: Any, window: Any) -> None:
        self.window = window
        self.box = document.getElementById("share-box")
        self.label = document.getElementById("share-label")
        self.field = document.getElementById("share-text")
        self.document = document
        self.opener: Any = None  # the control that opened the box: the focus goes back there
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (document.getElementById("share-close"), "click", self.on_close),
                (self.box, "keydown", self.on_key),
                (self.field, "focus", self.on_focus),
            ],
        )

    async def copy(self, text: str, what: str) -> str:
        """Copy ``text`` (``what`` it is: "Link", "Embed code") or show it; the status
        line's sentence saying which."""
        if clipboard_allowed(self.window):
            try:
                await self.window.navigator.clipboard.writeText(text)
            except Exception:
                pass
            else:
                self.hide()
                return f"{what} copied: {text}"
        self.show(text, what)
        return f"Copy this {what[0].lower()}{what[1:]}: {text}"

    def show(self, text: str, what: str) -> None:
        self.label.textContent = f"Copy this {what[0].lower()}{what[1:]}"
        self.field.value = text
        if self.box.hidden:
            self.opener = self.document.activeElement
        self.box.hidden = False
        self.field.focus()
        self.field.select()

    def hide(self) -> None:
        was_shown, self.box.hidden = not self.box.hidden, True
        if was_shown and self.box.contains(self.document.activeElement) and self.opener:
            self.opener.focus()

    def on_focus(self, event: Any) -> None:
        self.field.select()  # one Ctrl+C copies it all

    def on_close(self, event: Any) -> None:
        self.hide()

    def on_key(self, event: Any) -> None:
        if event.key == "Escape":
            self.hide()
