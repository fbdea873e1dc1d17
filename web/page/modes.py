"""The modes: Play, Solve, Step through, Compare and Lab, as tabs over one stage.

The board stays on the stage (beside the mode's panel on a wide screen, above it on a
phone); each mode shows its own panel: the board's settings and the player's help, Solve and
its playback, the visualizer, Compare, the Lab. The tabs follow the WAI-ARIA tabs pattern
with automatic activation: one Tab stop, the arrow keys (and Home, End) move between tabs and
show the panel at once. Solve and Step through share the Search settings: the one fieldset is
moved into the panel shown, so that it is never twice on the page.

The opening (MicroPython) switches the tabs the same way while Python loads, and marks a tab
chosen then (``data-mode-asked``), so that the page keeps it instead of the link's mode.
"""

from __future__ import annotations

from typing import Any, Protocol

from controls import listen

from npuzzle.teach.link import Mode

# The next tab for each key (automatic activation: the tab focused is the one shown).
KEYS = {"ArrowRight": 1, "ArrowLeft": -1}


class Page(Protocol):
    def mode_changed(self, mode: Mode) -> None: ...
    def changed(self, *, push: bool) -> None: ...


class ModesView:
    """The ``#modes`` tablist and the ``#stage`` whose panels it shows."""

    def __init__(self, document: Any, page: Page) -> None:
        self.document, self.page = document, page
        self.stage = document.getElementById("stage")
        self.search = document.getElementById("search-group")
        self.tabs = {mode: document.getElementById(f"tab-{mode.value}") for mode in Mode}
        self.panels = {
            mode: document.getElementById(str(tab.getAttribute("aria-controls")))
            for mode, tab in self.tabs.items()
        }
        asked = str(self.stage.dataset.mode or "")
        self.mode = Mode(asked) if asked in set(Mode) else Mode.PLAY
        self.proxies: list[Any] = []
        tablist = document.getElementById("modes")
        listen(self.proxies, [(tablist, "click", self.on_click), (tablist, "keydown", self.on_key)])

    @property
    def asked(self) -> bool:
        """A tab was chosen while the opening alone ran: the link's mode does not replace it."""
        return bool(self.document.body.getAttribute("data-mode-asked") == "true")

    def show(self, mode: Mode, *, focus: bool = False) -> None:
        """Show ``mode``'s panel (and select its tab); the page's views follow."""
        for each, tab in self.tabs.items():
            chosen = each == mode
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.setAttribute("tabindex", "0" if chosen else "-1")
            self.panels[each].hidden = not chosen
        self.stage.dataset.mode = mode.value
        slot = self.panels[mode].querySelector(".search-slot")
        if slot and not slot.contains(self.search):  # null (falsy): no search here
            slot.appendChild(self.search)
        if focus:
            self.tabs[mode].focus()
        changed = mode != self.mode
        self.mode = mode
        self.page.mode_changed(mode)
        if changed:
            self.page.changed(push=True)  # Back returns to the mode before

    def on_click(self, event: Any) -> None:
        tab = event.target.closest("button")
        mode = str(tab.getAttribute("data-mode") or "") if tab else ""  # null: between tabs
        if mode in set(Mode):
            self.show(Mode(mode))

    def on_key(self, event: Any) -> None:
        order = list(Mode)
        at = order.index(self.mode)
        if event.key in KEYS:
            to = order[(at + KEYS[event.key]) % len(order)]
        elif event.key == "Home":
            to = order[0]
        elif event.key == "End":
            to = order[-1]
        else:
            return
        event.preventDefault()
        self.show(to, focus=True)
