"""The page's boundary (web/page/boundary.py) in CPython: a failing handler is said in words
and the page carries on; and the whole page, as main.py builds it, takes random sequences of
events (clicks, keys, edits, changes, link changes while a field holds an edit, the
browser's Back) without an exception escaping a handler (issue 35).

The property test is a seeded random walk rather than hypothesis: each sequence needs the
whole page built afresh (about 0.3 s), and a failure names its seed and the events it made,
which replay exactly.
"""

from __future__ import annotations

import asyncio
import gc
import random
from typing import Any

import pytest

from npuzzle import Board, random_board
from npuzzle.teach.link import LabLink, LinkState, make_fragment

FAILED = "failed on"  # what boundary.report writes to the console


def failures(web: Any) -> list[str]:
    return [w for w in web.window.warnings if FAILED in w]


def test_a_failing_handler_is_said_in_words_and_the_page_carries_on(web):
    controls, boundary = web.controls, web.boundary
    button = web.document.getElementById("share")
    heard: list[str] = []

    def broken(event: Any) -> None:
        raise KeyError("a bug")

    controls.listen([], [(button, "click", broken), (button, "click", heard.append)])
    button.dispatch("click")  # nothing escapes: the test goes on
    status = str(web.document.getElementById("status").textContent)
    assert status == boundary.failure_text("click")
    assert "failed to handle that click" in status and "still works" in status
    assert "Traceback" not in status and "KeyError" not in status
    [logged] = failures(web)  # the details, for whoever opens the console
    assert "broken" in logged and "KeyError: 'a bug'" in logged and "Traceback" in logged
    assert len(heard) == 1  # the next handler of the same event still ran
    web.window.dispatch("popstate")  # no handler: nothing said
    assert "history" in boundary.failure_text("popstate")


def test_a_guarded_handler_returns_what_the_handler_returns(web):
    assert web.boundary.guarded(lambda event: 42)(None) == 42
    assert web.boundary.guarded(lambda event: 1 / 0)(None) is None
    assert failures(web) and "ZeroDivisionError" in failures(web)[0]


# ----- the whole page, random events -----------------------------------------------------------
KEYS = [
    "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape", "Home", "End",
    "Tab", "PageDown", "a", "u", "y", "z", "1", "5", "?",
]  # fmt: skip
TEXTS = ["", "0", "1", "3", "2.5", "-1", "1e9", "x", "999999999", "4x4", "manhattan", "\u0663"]
# Links: the issue's, broken ones, and random boards with every mode.
LINKS = [
    "board=8,6,7/2,5,4/3,0,1&lab=kunkle&lab-seed=1",
    "board=8,6,7/2,5,4/3,0,1&lab=rn&lab-seed=2",
    "board=8,6,7/2,5,4/3,0,1&lab=riggs&lab-seed=1&lab-boards=2&lab-moves=4",
    "board=8,6,7/2,5,4/3,0,1&compare=astar:misplaced,astar:manhattan",
    "compare=" + ",".join(["x"] * 50),
    "lab=compare&lab-heuristics=" + "x" * 300,
    "board=1,2,3/4,5,6/7,0,8&step=3&algorithm=astar",
    "board=1,2,3/4,5,6/8,7,0",
    "board=2,1/3,0&goal=1,2/3,0&mode=solve",
    "lab=alchemy",
    "",
    "%ZZ&&==",
]


class Walk:
    """One random sequence of a user's actions on the page, recorded for the failure's
    message."""

    def __init__(self, web: Any, seed: int) -> None:
        self.web, self.seed, self.rng = web, seed, random.Random(seed)
        self.log: list[str] = []

    def check(self) -> None:
        """Fail with the events so far and the first failure's traceback, if a handler failed."""
        failed = failures(self.web)
        if failed:
            events = "\n".join(self.log)
            pytest.fail(f"{self.seed=}, after:\n{events}\n\n{failed[0]}", pytrace=False)

    def visible(self, element: Any) -> bool:
        node = element
        while node is not None:
            if node.hidden:
                return False
            node = node.parentNode
        return True

    def elements(self, *tags: str) -> list[Any]:
        found = self.web.document.body.descendants()
        return [e for e in found if (not tags or e.tagName in tags) and self.visible(e)]

    def link(self) -> str:
        rng = self.rng
        if rng.random() < 0.6:
            return rng.choice(LINKS)
        width, height = rng.choice([(3, 3), (2, 2), (4, 3), (4, 4)])
        goal = Board.goal("standard", width, height)
        lab = LabLink("riggs", {"boards": 2, "moves": 4}) if rng.random() < 0.2 else None
        state = LinkState(random_board(width, height, goal=goal), goal, step=rng.randint(0, 3))
        state.lab = lab
        return make_fragment(state)

    def act(self) -> None:
        rng, web = self.rng, self.web
        action = rng.choices(
            ["click", "key", "edit", "change", "submit", "link", "back", "pointer"],
            [40, 12, 10, 14, 3, 8, 3, 4],
        )[0]
        fields = [e for e in self.elements("INPUT", "SELECT") if not e.disabled]
        typed = [f for f in fields if f.tagName == "INPUT" and getattr(f, "type", "") != "checkbox"]
        if (action == "edit" and not typed) or (action == "change" and not fields):
            action = "link"
        if action == "submit" and not self.elements("FORM"):
            action = "click"
        if action == "click":
            targets = [e for e in self.elements() if not e.disabled]
            target = rng.choice(targets)
            self.log.append(f"click {target!r}")
            target.click()
        elif action == "key":
            target = rng.choice([*self.elements(), web.document.body])
            key = rng.choice(KEYS)
            self.log.append(f"key {key!r} on {target!r}")
            target.focus()
            target.dispatch("keydown", key=key, shiftKey=rng.random() < 0.1)
        elif action in ("edit", "change"):
            # Typing leaves an edit in a text field until it loses the focus; a select or a
            # checkbox changes at once.
            field = rng.choice(typed if action == "edit" else fields)
            if field.tagName == "SELECT":  # a person picks one of its options
                value = rng.choice(field.options).value if field.options else ""
            elif getattr(field, "type", "") == "checkbox":
                field.checked = not field.checked
                value = "(toggled)"
            else:
                value = rng.choice(TEXTS)
            self.log.append(f"{action} {field!r} to {value!r}")
            field.focus()
            if value != "(toggled)":
                field.value = value
            if action == "change":  # else the field holds the edit, as when typing
                field.dispatch("change")
                field.dispatch("input")
        elif action == "submit":
            form = rng.choice(self.elements("FORM"))
            self.log.append(f"submit {form!r}")
            form.dispatch("submit")
        elif action == "link":
            fragment = self.link()
            self.log.append(f"link #{fragment[:80]}")
            web.window.location.hash = "#" + fragment
            web.window.dispatch("popstate")
        elif action == "back":
            history = web.window.history
            if history.index > 0:
                self.log.append("back")
                history.back()
        else:
            grid = web.document.getElementById("grid")
            tiles = grid.querySelectorAll("button") or [grid]
            tile = rng.choice(tiles)
            x, y = rng.randint(0, 300), rng.randint(0, 300)
            dx, dy = rng.choice([(0, 0), (60, 0), (-60, 0), (0, 60), (0, -60)])
            self.log.append(f"swipe {tile!r} by {(dx, dy)}")
            tile.dispatch("pointerdown", clientX=x, clientY=y, pointerId=1, button=0)
            tile.dispatch("pointerup", clientX=x + dx, clientY=y + dy, pointerId=1, button=0)


SEQUENCES, EVENTS = 16, 60  # about 20 s on a 2-core machine; 40 longer ones are slow


def walk(web: Any, seed: int, events: int) -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        # A task of the page's that fails unawaited (a Lab run, a search's drawing) is a
        # failure too: asyncio reports it to the loop's handler.
        loop.set_exception_handler(lambda loop, context: lost.append(context))
        web.whole_page()
        run = Walk(web, seed)
        for _ in range(events):
            run.act()
            run.check()
            for _ in range(run.rng.randint(0, 6)):  # a few turns: the worker answers
                await asyncio.sleep(0)
        run.check()
        # What is still under way (a search, a lab run) stops with the test.
        tasks = [t for t in asyncio.all_tasks(loop) if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    lost: list[dict[str, Any]] = []
    asyncio.run(scenario())
    gc.collect()  # a task dropped with its exception reports it when collected
    assert not lost, f"seed {seed}: {lost[0].get('message')}: {lost[0].get('exception')!r}"


@pytest.mark.parametrize("seed", range(SEQUENCES))
def test_random_events_never_escape_a_handler(web, seed):
    walk(web, seed, EVENTS)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1000, 1040))
def test_many_more_random_events_never_escape_a_handler(web, seed):
    walk(web, seed, 3 * EVENTS)
