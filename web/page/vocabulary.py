"""The page's vocabulary: how moves are named, page-wide, and the terms explained.

Moves: the View menu's "Blank's letters" (``#blank-letters``) picks one style for every view
(the search tree, the lists, the grid's note, Playback, Why this step): off, the tile that
slides ("tile 5 slides down", ``5↓``); on, the blank's letter (``U``, as the command line
prints it). The choice is remembered (``localStorage``). Views read it with :func:`style` when
they draw, and redraw on the box's ``change``; the words are npuzzle's
(:mod:`npuzzle.teach.moves`).

Terms: each ``<span class="term" data-term="...">`` of the page (and those views make with
:func:`term_button`) becomes a small "?" button, a disclosure: a click, Enter or Space shows
the term's explanation (:mod:`npuzzle.teach.glossary`) just after it, Escape or another click
hides it. Every term is also listed in the Glossary under How it works (``#glossary``).
"""

from __future__ import annotations

from typing import Any

from controls import listen

from npuzzle.teach.glossary import GLOSSARY, define
from npuzzle.teach.moves import MoveStyle

BOX = "blank-letters"  # the View menu's check box
KEY = "npuzzle.blank-letters"  # where the choice is remembered ("1" or "0")


def style(document: Any) -> MoveStyle:
    """The style the View menu has chosen (tiles until it is there)."""
    box = document.getElementById(BOX)
    return MoveStyle.BLANK if box is not None and box.checked else MoveStyle.TILES


def explained(term: str) -> bool:
    """Whether the glossary explains ``term`` (any case)."""
    return term.casefold() in _TERMS


_TERMS = {term.casefold() for term in GLOSSARY}


def term_button(document: Any, term: str) -> Any:
    """A ``span.term`` for ``term``, ready to be placed after the word (filled at once)."""
    span = document.createElement("span")
    span.className = "term"
    span.dataset.term = term
    fill(document, span)
    return span


_made = [0]  # terms filled so far: each explanation gets an id of its own


def fill(document: Any, span: Any) -> None:
    """Put the button and the explanation (hidden) in a ``span.term``."""
    term = str(span.dataset.term)
    _made[0] += 1
    ident = f"term-def-{_made[0]}"
    button = document.createElement("button")
    button.type = "button"
    button.className = "term-button"
    button.textContent = "?"
    button.setAttribute("aria-expanded", "false")
    button.setAttribute("aria-controls", ident)
    button.setAttribute("aria-label", f"What {term} means")
    note = document.createElement("span")
    note.id = ident
    note.className = "term-def"
    note.setAttribute("role", "note")
    note.hidden = True
    note.textContent = f"{term[0].upper()}{term[1:]}: {define(term)}"
    span.replaceChildren(button, note)
    span.hidden = False


def toggle(span: Any, show: bool | None = None) -> None:
    """Show or hide a term's explanation (``None``: the other way)."""
    button, note = span.querySelector(".term-button"), span.querySelector(".term-def")
    if button is None or note is None:
        return
    opened = bool(note.hidden) if show is None else show
    note.hidden = not opened
    button.setAttribute("aria-expanded", "true" if opened else "false")


class Vocabulary:
    """The move style's box (restored from and saved to the ``window``'s localStorage), the
    page's terms and the Glossary."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        try:
            self.storage = window.localStorage
        except Exception:  # a sandboxed page may not even look at its storage
            self.storage = None
        self.box = document.getElementById(BOX)
        self.box.checked = self.remembered()
        self.box.disabled = False
        for span in document.querySelectorAll(".term"):
            fill(document, span)
        self.fill_glossary()
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.box, "change", self.on_change),
                (document, "click", self.on_click),
                (document, "keydown", self.on_key),
            ],
        )

    def remembered(self) -> bool:
        try:
            return self.storage is not None and self.storage.getItem(KEY) == "1"
        except Exception:  # storage refused (a private window, a blocked origin)
            return False

    def on_change(self, event: Any) -> None:
        try:
            if self.storage is not None:
                self.storage.setItem(KEY, "1" if self.box.checked else "0")
        except Exception:  # storage refused: the choice holds for this visit only
            pass

    def fill_glossary(self) -> None:
        """``#glossary``: every term, as a description list."""
        box = self.document.getElementById("glossary")
        if box is None:
            return
        items = []
        for term in GLOSSARY:
            dt = self.document.createElement("dt")
            dfn = self.document.createElement("dfn")
            dfn.textContent = term
            dt.append(dfn)
            dd = self.document.createElement("dd")
            dd.textContent = define(term)
            items += [dt, dd]
        box.replaceChildren(*items)

    def on_click(self, event: Any) -> None:
        """A term's button shows or hides its explanation; a click elsewhere hides those
        shown."""
        target = event.target
        button = target.closest(".term-button") if hasattr(target, "closest") else None
        for span in self.document.querySelectorAll(".term"):
            if button and span.contains(button):
                self.place(span)
                toggle(span)
            elif not span.contains(target):
                toggle(span, False)

    def place(self, span: Any) -> None:
        """A term in the right half of the page opens its explanation leftward, so that it
        stays on screen."""
        note = span.querySelector(".term-def")
        try:
            right = span.getBoundingClientRect().right
            width = self.document.documentElement.clientWidth
        except Exception:  # no layout to read (the page's tests)
            return
        note.classList.toggle("leftward", right > width / 2)

    def on_key(self, event: Any) -> None:
        """Escape hides the explanations shown (the focus stays where it is)."""
        if event.key != "Escape":
            return
        for span in self.document.querySelectorAll(".term"):
            note = span.querySelector(".term-def")
            if note is not None and not note.hidden:
                toggle(span, False)
