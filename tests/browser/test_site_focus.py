"""Focus is never lost, and messages are true now (issue 33), in Chromium.

When the pressed control disables or hides itself, the focus goes to the one a keyboard user
wants next, never to <body>; each panel's status line describes the state shown, and is
replaced or cleared when that state changes (steps and backs, the browser's history, a new
mode)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sitekit import Site, load, show_mode, step_visualizer, wait_worker

pytestmark = pytest.mark.browser

NEAR = "#board=1,2,3/4,5,6/0,7,8&algorithm=astar&heuristic=manhattan"  # 2 moves from solved


def active(page: Page) -> str:
    """The focused element's id (or its tag, BODY when the focus was dropped)."""
    return str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))


def press(page: Page, selector: str) -> None:
    """Press a button with the keyboard, as a keyboard user does: focus it, then Enter."""
    page.locator(selector).focus()
    page.keyboard.press("Enter")


def test_stepping_by_keyboard_never_drops_the_focus(page: Page, site: Site) -> None:
    load(page, site.url + NEAR + "&mode=step")
    wait_worker(page)
    expect(page.locator("#step-status")).to_contain_text("Step 0: the open list holds")
    expect(page.locator("#open-list li")).to_have_count(1)  # the start, at step 0
    for n in (1, 2):
        press(page, "#step")
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
    for n in (1, 0):
        press(page, "#step-back")
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
    expect(page.locator("#step-back")).to_be_disabled()
    assert active(page) == "step"  # Back disabled itself at step 0
    press(page, "#run-end")
    expect(page.locator("#step-status")).to_contain_text("goal reached")
    expect(page.locator("#run-end")).to_be_disabled()
    assert active(page) == "step-back"  # Run to end disabled itself at the end
    # The grid shows the goal node reached, not the player's board.
    expect(page.locator("#grid")).to_have_attribute("data-showing", "1,2,3,4,5,6,7,8,0")


def test_messages_follow_steps_and_backs(page: Page, site: Site) -> None:
    load(page, site.url + "#board=8,6,7/2,5,4/3,0,1&algorithm=astar&heuristic=manhattan")
    wait_worker(page)
    show_mode(page, "step")
    status = page.locator("#step-status")
    expect(status).to_contain_text("Step 0")
    for button, n in (("#step", 1), ("#step", 2), ("#step-back", 1), ("#step-back", 0)):
        page.locator(button).click()
        expect(page.locator("#counters")).to_contain_text(f"Step {n} ")
    expect(status).to_have_text(
        "Back to step 0: the open list holds only the start node; Step expands it."
    )
    page.locator("#step").click()
    expect(page.locator("#counters")).to_contain_text("Step 1 ")
    expect(status).not_to_contain_text("Back to step 0")  # nothing older stays
    expect(status).to_be_hidden()  # a plain step: the counters and Why this step say it
    expect(page.locator("#why-first")).to_contain_text("Step 1")


def test_solve_by_keyboard_hands_the_focus_to_cancel_and_back(page: Page, site: Site) -> None:
    load(page, site.url + "#board=8,6,7/2,5,4/3,0,1&mode=solve")
    wait_worker(page)
    press(page, "#solve")
    expect(page.locator("#playback-pause")).to_be_enabled(timeout=60_000)
    assert active(page) in ("solve", "cancel")  # never dropped while it ran or after
    expect(page.locator("#solve-status")).to_contain_text("31 moves")
    show_mode(page, "play")  # another mode: the board's old message goes, the playback pauses
    expect(page.locator("#status")).to_be_hidden()


def test_undo_and_restart_hand_the_focus_on(page: Page, site: Site) -> None:
    load(page, site.url + NEAR)
    wait_worker(page)
    page.keyboard.press("ArrowLeft")  # tile 7 slides left
    expect(page.locator("#moves")).to_have_text("1")
    press(page, "#undo")
    expect(page.locator("#moves")).to_have_text("0")
    assert active(page) == "redo"  # Undo disabled itself at the start
    press(page, "#redo")
    expect(page.locator("#moves")).to_have_text("1")
    assert active(page) == "undo"  # Redo disabled itself at the last move
    press(page, "#restart")
    expect(page.locator("#moves")).to_have_text("0")
    assert active(page) == "redo"


def test_the_browsers_history_says_where_it_went(page: Page, site: Site) -> None:
    load(page, site.url + NEAR)
    wait_worker(page)
    step_visualizer(page, 2)  # a new board (pushed), then two steps
    page.go_back()
    expect(page.locator("#status")).to_contain_text("From the browser's history: ")
    expect(page.locator("#status")).not_to_contain_text("Opened a shared board")


def test_compares_run_all_to_end_hands_the_focus_to_back(page: Page, site: Site) -> None:
    load(page, site.url + NEAR + "&compare=astar:misplaced,astar:manhattan")
    wait_worker(page)
    compare = page.locator("#compare")
    expect(compare.get_by_role("status")).to_have_text("Step 0.", timeout=60_000)
    press(page, "#compare-end")
    expect(page.locator("#compare-end")).to_be_disabled(timeout=60_000)  # every search ended
    expect(page.locator("#compare-back")).to_be_focused()
