"""The page's vocabulary: one move style for every view (the View menu's Blank's letters,
remembered), and every term explained a click away."""

from __future__ import annotations

import asyncio
import re
from types import SimpleNamespace
from typing import Any

from npuzzle.teach.glossary import GLOSSARY, define


class Storage:
    """localStorage: strings by key."""

    def __init__(self, **items: str) -> None:
        self.items = dict(items)

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value


def el(web: Any, ident: str) -> Any:
    return web.document.getElementById(ident)


def test_every_term_of_the_page_becomes_a_button_that_shows_its_explanation(web: Any) -> None:
    web.vocabulary.Vocabulary(web.document, web.window)
    spans = web.document.querySelectorAll(".term")
    assert len(spans) >= 16
    for span in spans:
        assert not span.hidden
        button, note = span.children
        assert button.tagName == "BUTTON" and button.getAttribute("aria-expanded") == "false"
        assert button.getAttribute("aria-controls") == note.id
        assert span.dataset.term in button.getAttribute("aria-label")
        assert note.hidden and note.textContent.endswith(define(span.dataset.term))
    assert len({span.children[1].id for span in spans}) == len(spans)  # ids of their own
    ebf = next(s for s in spans if s.dataset.term == "threshold")
    button, note = ebf.children
    button.click()
    assert not note.hidden and button.getAttribute("aria-expanded") == "true"
    button.click()
    assert note.hidden and button.getAttribute("aria-expanded") == "false"
    # another term's button, then a click elsewhere, then Escape: one shown at a time
    button.click()
    other = next(s for s in spans if s.dataset.term == "g")
    other.children[0].click()
    assert note.hidden and not other.children[1].hidden
    el(web, "counters").click()
    assert other.children[1].hidden
    other.children[0].click()
    web.document.dispatch("keydown", key="Escape")
    assert other.children[1].hidden
    assert other.children[0].getAttribute("aria-expanded") == "false"


def test_the_glossary_lists_every_term(web: Any) -> None:
    web.vocabulary.Vocabulary(web.document, web.window)
    box = el(web, "glossary")
    terms = [c.textContent for c in box.children if c.tagName == "DT"]
    texts = [c.textContent for c in box.children if c.tagName == "DD"]
    assert terms == list(GLOSSARY) and texts == list(GLOSSARY.values())


def test_blank_s_letters_is_remembered(web: Any) -> None:
    storage = Storage(**{"npuzzle.blank-letters": "1"})
    web.window.localStorage = storage
    web.vocabulary.Vocabulary(web.document, web.window)
    box = el(web, "blank-letters")
    assert box.checked and not box.disabled
    assert web.vocabulary.style(web.document) == "blank"
    box.checked = False
    box.dispatch("change")
    assert storage.items["npuzzle.blank-letters"] == "0"
    assert web.vocabulary.style(web.document) == "tiles"


def test_a_page_without_storage_still_works(web: Any) -> None:
    class Refusing:
        def getItem(self, key: str) -> str:
            raise RuntimeError("SecurityError")

        setItem = getItem

    web.window.localStorage = Refusing()
    web.vocabulary.Vocabulary(web.document, web.window)
    box = el(web, "blank-letters")
    assert not box.checked
    box.checked = True
    box.dispatch("change")  # not remembered, but taken
    assert web.vocabulary.style(web.document) == "blank"


def test_the_solve_figures_explain_their_terms(web: Any) -> None:
    span = web.vocabulary.term_button(web.document, "EBF")
    assert span.dataset.term == "EBF" and span.children[1].textContent.endswith(define("EBF"))
    assert web.vocabulary.explained("Largest open list") and not web.vocabulary.explained("Time")


def sr_moves(html: str) -> list[str]:
    return re.findall(r'<span class="sr-only"> ([^<]*)</span>', html)


def tree_moves(html: str) -> list[str]:
    return re.findall(r'<span class="move">([^<]*)</span>', html)


def test_one_setting_names_the_moves_in_every_view_of_the_search(web: Any, parts: Any) -> None:
    """Tree, lists, the grid's note and Why this step: tiles, then the blank's letters."""
    _grid, _controls, view = parts
    web.vocabulary.Vocabulary(web.document, SimpleNamespace(localStorage=Storage()))
    box = el(web, "blank-letters")

    def seen() -> dict[str, Any]:
        return {
            "tree": tree_moves(el(web, "tree-rows").innerHTML),
            "open": sr_moves(el(web, "open-list").innerHTML),
            "children": sr_moves(el(web, "children").innerHTML),
            "why": [li.textContent for li in el(web, "why-list").children],
            "note": el(web, "grid-note").textContent,
        }

    async def scenario() -> None:
        view.shown(True)
        el(web, "tree").open = True
        for _ in range(2):
            el(web, "step").click()
        await web.settle(view)

    asyncio.run(scenario())
    tiles = seen()
    assert tiles["tree"][0] == "start" and all(m[-1] in "↑↓←→" for m in tiles["tree"][1:])
    assert all(m.startswith("after tile ") for m in tiles["children"])
    assert all(m.startswith("after tile ") or m == "the start" for m in tiles["open"])
    assert any(s.startswith("Tile ") for s in tiles["why"])
    assert "after tile " in tiles["note"]
    search = web.stepped.search
    letters_made = [c.node.move for c in search.last_step.children]

    box.checked = True
    box.dispatch("change")

    async def settle() -> None:
        await web.settle(view)

    asyncio.run(settle())
    letters = seen()
    assert letters["tree"][0] == "start" and all(m in "UDLR" for m in letters["tree"][1:])
    assert letters["children"] == [f"after the blank moves {m}" for m in letters_made]
    assert not any(s.startswith("Tile ") for s in letters["why"])
    assert any(s.startswith("The blank moves ") for s in letters["why"])

    async def one_more() -> None:
        el(web, "step").click()
        await web.settle(view)

    asyncio.run(one_more())
    assert "after the blank moves " in el(web, "grid-note").textContent
