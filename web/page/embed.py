"""Embedding: the page inside another site's ``<iframe>``.

A link with ``embed=1`` shows the stage alone (``body[data-embed]``, style.css): the board,
the mode's views and their controls, sized to the frame, with a small "Open in npuzzle" link
(``#open-full``) to the same state on the full page, in a tab of its own. The link's
``speed=``, ``autoplay=1`` and ``loop=A-B`` (``npuzzle.teach.link.PlayLink``) set the
visualizer's Play, in an embedded page or not: its speed, Play started once the page has
opened (after the link's step is reached), the steps it repeats.

"Copy embed code" (the View menu) gives the ``<iframe>`` that shows the page's state so,
copied as Share copies (``sharing.py``). The page itself works in a cross-origin frame: its
storage may be refused there (see buildsite/storagefix.py and the opening's reader of
localStorage), and the service worker is not registered (main.py says so in the console).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from html import escape
from typing import Any

from controls import listen
from sharing import ShareBox
from visualizer import Visualizer

from npuzzle.teach.link import LinkState, Mode, PlayLink, make_fragment, opens

# The frame the embed code asks for: the stage at a typical size of a course page's column.
FRAME_WIDTH, FRAME_HEIGHT = 800, 500
FRAME_TITLE = "npuzzle: a sliding-tile puzzle and its search, step by step"


def embed_code(url: str, width: int = FRAME_WIDTH, height: int = FRAME_HEIGHT) -> str:
    """The ``<iframe>`` element that embeds the page at ``url`` (with ``embed=1``). It lets
    the frame copy to the clipboard (Share), and loads once scrolled near."""
    return (
        f'<iframe src="{escape(url)}" width="{width}" height="{height}" '
        f'title="{escape(FRAME_TITLE)}" style="border: 0" allow="clipboard-write" '
        'loading="lazy"></iframe>'
    )


class EmbedView:
    """``body[data-embed]``, ``#open-full``, ``#embed-code`` and the link's Play."""

    def __init__(
        self,
        document: Any,
        window: Any,
        visualizer: Visualizer,
        share_box: ShareBox,
        state: Callable[[], LinkState],
        say: Callable[[str], None],
        spawn: Callable[[Any], None],
    ) -> None:
        self.document, self.window = document, window
        self.visualizer, self.share_box = visualizer, share_box
        self.state, self.say, self.spawn = state, say, spawn
        self.open_full = document.getElementById("open-full")
        self.button = document.getElementById("embed-code")
        self.embedded = False  # the link said embed=1
        self.play = PlayLink()  # as the link set it (the speed: the slider's, as it is now)
        self.proxies: list[Any] = []
        listen(self.proxies, [(self.button, "click", self.on_embed_code)])

    def enable(self) -> None:
        self.button.disabled = False

    # ----- the link ------------------------------------------------------------------------
    def link(self) -> tuple[bool, PlayLink]:
        """What the page's link carries of embedding: ``embed`` and the visualizer's Play,
        its speed as the slider is now."""
        return self.embedded, dataclasses.replace(self.play, speed=self.speed())

    def speed(self) -> int:
        try:
            speed = int(self.visualizer.speed.value)
        except ValueError:
            return PlayLink.DEFAULT_SPEED
        return max(PlayLink.MIN_SPEED, min(PlayLink.MAX_SPEED, speed))

    def follow(self, state: LinkState, opening: bool) -> None:
        """A link opened (``opening``) or a history entry shown: embedded or not, the
        visualizer's speed and loop; a page opened with ``autoplay=1`` plays."""
        self.embedded, self.play = state.embed, state.play
        body = self.document.body
        if state.embed:
            body.dataset.embed = "true"
        else:
            body.removeAttribute("data-embed")
        self.open_full.hidden = not state.embed
        self.visualizer.speed.value = str(state.play.speed)
        self.visualizer.loop = state.play.loop
        if opening and state.play.autoplay and opens(state) == Mode.STEP:
            self.spawn(self.autoplay())
        self.address_changed()

    async def autoplay(self) -> None:
        """Play, once the link's step is reached (or the step 0 drawn)."""
        running = self.visualizer.task
        if running is not None:
            await asyncio.wait([running])
        if self.visualizer.job is None and self.visualizer.inside:
            self.visualizer.on_play(None)

    def address_changed(self) -> None:
        """The address shows another state: "Open in npuzzle" follows it."""
        if self.embedded:
            self.open_full.href = self.url(embed=False)

    def url(self, *, embed: bool) -> str:
        """The page's address for its state now, embedded or not."""
        _, play = self.link()
        state = dataclasses.replace(self.state(), embed=embed, play=play)
        page = str(self.window.location.href).split("#", 1)[0]
        return f"{page}#{make_fragment(state)}"

    # ----- Copy embed code -----------------------------------------------------------------
    def on_embed_code(self, event: Any) -> None:
        """The View menu closes (it would cover the code shown), its summary keeping the
        focus to come back to."""
        menu = self.document.getElementById("view-menu")
        menu.open = False
        menu.querySelector("summary").focus()
        self.spawn(self.copy_code())

    async def copy_code(self) -> None:
        self.say(await self.share_box.copy(embed_code(self.url(embed=True)), "Embed code"))
