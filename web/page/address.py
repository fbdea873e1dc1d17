"""The address view: the page's state in the address bar's fragment, the browser's history,
Share, and a player's challenge link.

The fragment is written by ``npuzzle.teach.link.make_fragment`` and read by ``parse_fragment``
(tested in CPython). The page wires three calls: ``state()`` gives its :class:`LinkState`;
``apply(state)`` shows one (board, goal, search settings), and the changes it makes do not
write the address back; ``follow(state, opening)`` then does what may take a while and does
write it (the visualizer's step, the Lab, whose experiment runs only when the page is
``opening`` with the link, not on back and forward).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from controls import listen
from sharing import ShareBox

from npuzzle import Board
from npuzzle.play.score import challenge_text
from npuzzle.teach.link import LinkState, make_fragment, opens, parse_fragment


class AddressView:
    """``window.location``, ``window.history`` and the Share button."""

    def __init__(
        self,
        document: Any,
        window: Any,
        state: Callable[[], LinkState],
        apply: Callable[[LinkState], None],
        follow: Callable[[LinkState, bool], None],
        say: Callable[[str], None],
        spawn: Callable[[Any], None],
    ) -> None:
        self.window = window
        self.state, self.apply, self.follow = state, apply, follow
        self.say, self.spawn = say, spawn
        self.share_button = document.getElementById("share")
        self.share_box = ShareBox(document, window)  # what the clipboard could not take
        self.applying = False
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.share_button, "click", self.on_share),
                (window, "popstate", self.on_history),
            ],
        )

    def enable(self) -> None:
        self.share_button.disabled = False

    def write(self, *, push: bool) -> None:
        """Make the address bar show the page's state (a new history entry when ``push``)."""
        if self.applying:
            return
        fragment = "#" + make_fragment(self.state())
        if fragment == self.window.location.hash:
            return
        if push:
            self.window.history.pushState(None, "", fragment)
        else:
            self.window.history.replaceState(None, "", fragment)

    def read(self, fragment: str, *, opening: bool = False, history: bool = False) -> LinkState:
        """Show what ``fragment`` describes (a bad part gets a message and its default): a
        link opened, or an entry of the browser's history (``history``)."""
        state = parse_fragment(fragment)
        self.applying = True
        try:
            self.apply(state)
        finally:
            self.applying = False
        self.follow(state, opening)  # first: a mode shown clears the board's old message
        if state.problems:
            self.say("This link had problems: " + "; ".join(state.problems) + ".")
        elif history:
            self.say(f"From the browser's history: {opens(state).label}, this board.")
        elif fragment.strip("#") and not state.embed:  # in another site's frame: noise
            self.say("Opened a shared board.")
        return state

    def open(self, first_visit: Callable[[], None]) -> None:
        """The page opened: show the link it was opened with, or, without one, what
        ``first_visit`` shows, written into the address at once (replacing the entry, so
        that a reload or a copied address keeps that board and Back leaves the page)."""
        if self.window.location.hash:
            self.read(self.window.location.hash, opening=True)
            return
        self.applying = True
        try:
            first_visit()
        finally:
            self.applying = False
        self.write(push=False)

    def on_history(self, event: Any) -> None:
        """The browser's back and forward buttons: show the state of that entry."""
        self.read(self.window.location.hash, history=True)

    def on_share(self, event: Any) -> None:
        self.write(push=False)
        self.spawn(self.copy(str(self.window.location.href)))

    def share_challenge(self, board: Board, count: int) -> None:
        """Copy a link to ``board`` (the puzzle's start) with ``challenge=count``: the goal
        and search settings as now; no step, Lab or comparison (a friend is sent a game)."""
        state = dataclasses.replace(
            self.state(), board=board, step=0, lab=None, compare=None, challenge=count
        )
        page = str(self.window.location.href).split("#", 1)[0]
        url = f"{page}#{make_fragment(state)}"
        self.spawn(self.copy(url, f"Challenge link ({challenge_text(count)})"))

    async def copy(self, url: str, what: str = "Link") -> None:
        """Copy ``url``, or show it selected where the browser refuses (sharing.py)."""
        self.say(await self.share_box.copy(url, what))
