"""The page by keyboard alone: in each mode, Tab reaches every control shown once, in the
page's order (the mode's tabs as one stop, Share, the View menu, the board side with the grid as
one stop, then the mode's panel), without a trap, each with a focus ring that can be seen; and
Compare is opened by the tabs' arrow keys and stepped with Tab, Enter and Shift+Tab."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sitekit import Site, load, show_mode, wait_worker

pytestmark = pytest.mark.browser

# The top bar, first in every mode: the tabs are one stop (the tab shown), then Share and the
# View menu's summary; with the menu open, its checkbox.
TOP_BAR = ("#share", 'summary "View"')
VIEW_MENU = ("#large-view", "#mark-home", "#blank-letters", "#embed-code")  # once opened
# The board side's controls before the grid: the player's (Undo, Redo and Restart are disabled
# before a move), shown while playing and solving only.
BOARD_SIDE = {"play": ["#hint"], "solve": ["#hint"], "step": [], "compare": [], "lab": []}
# The controls each mode's panel offers, in the page's order, as DESCRIBE names them, with
# Compare at step 0 (its Back and Remove and the visualizer's Back are disabled then, so not
# in the tab order) and the Step through panel's search tree and How it works unfolded.
PANEL_CONTROLS = {
    "play": [
        *("#size", "#goal", "#shuffle", "#reset", "#board-text", "#goal-text", "#edit"),
        "#arrange",
    ],
    "solve": ["#algorithm", "#heuristic", "#solve"],
    "step": [
        *("#visualizer", "#algorithm", "#heuristic", "#step", "#play", "#run-end", "#jump"),
        *("#pseudocode-heading", "#step-line"),
        *('summary "Expanded node and its children"', "#why-heading", "#tree-heading"),
        *("#tree-current", "#tree-path", "#tree-view"),
        *('summary "How it works"', "#speed", "#follow"),
    ],
    "compare": [
        *("#compare-algorithm-0", "#compare-heuristic-0", "#compare-algorithm-1"),
        *("#compare-heuristic-1", "#compare-add", "#compare-start"),
        *("#compare-step", "#compare-play", "#compare-end"),
    ],
    "lab": ["#lab-experiment", "#lab-opt-per_depth", "#lab-seed", "#lab-run"],
}
MAX_TABS = 300  # far more than the page's controls: a walk that needs more is trapped

# One name per focusable element; tiles by their number, the Lab's checkboxes by name=value.
DESCRIBE = """(e) => e.id ? "#" + e.id
  : e.matches(".term-button")
    ? `term ${e.closest(".term").dataset.term} in #${e.closest("[id]").id}`
  : e.matches(".tile") ? "tile " + e.dataset.tile
  : e.matches(".gap") ? "gap"
  : e.type === "checkbox" ? `checkbox ${e.name}=${e.value}`
  : `${e.tagName.toLowerCase()} "${e.getAttribute("aria-label") || e.textContent.trim()}"`"""

# The focused element's name and focus ring (its own, or for a tile its face's), and the
# colour behind the ring: the first ancestor with a background.
FOCUSED = f"""() => {{
  const describe = {DESCRIBE};
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const ringed = [el, ...el.querySelectorAll("*")].find((e) => {{
    const s = getComputedStyle(e);
    return s.outlineStyle !== "none" || s.boxShadow !== "none";
  }}) ?? el;
  const s = getComputedStyle(ringed);
  let behind = "rgb(255, 255, 255)";
  for (let a = ringed.parentElement; a; a = a.parentElement) {{
    const bg = getComputedStyle(a).backgroundColor;
    if (!/^rgba\\(.*, 0\\)$/.test(bg) && bg !== "transparent") {{ behind = bg; break; }}
  }}
  return {{
    name: describe(el), inGrid: !!el.closest("#grid"),
    keyboard: el.matches(":focus-visible"), style: s.outlineStyle,
    width: parseFloat(s.outlineWidth), color: s.outlineColor, shadow: s.boxShadow, behind,
  }};
}}"""

# Every element a keyboard should reach: focusable, enabled, drawn (not in a hidden panel nor
# in a folded <details>), not taken out by tabindex.
TABBABLE = f"""() => {{
  const describe = {DESCRIBE};
  return [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.matches(":disabled")
      && e.checkVisibility({{visibilityProperty: true}}))
    .map(describe);
}}"""


def luminance(colour: str) -> float:
    """WCAG relative luminance of an opaque ``rgb(r, g, b)``."""
    match = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, 1)?\)", colour)
    assert match is not None, f"not an opaque rgb colour: {colour}"
    channels = [int(c) / 255 for c in match.groups()]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def from_the_top(page: Page) -> None:
    """Take the focus off any control: the next Tab starts from the page's heading."""
    page.locator("h1").click()


def tab_walk(page: Page) -> list[dict[str, Any]]:
    """Press Tab from the top of the page until focus leaves it or comes round again."""
    from_the_top(page)
    seen: list[dict[str, Any]] = []
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None or (seen and focused["name"] == seen[0]["name"]):
            return seen
        seen.append(focused)
    pytest.fail(f"Tab never left the page in {MAX_TABS} presses: {[f['name'] for f in seen]}")


def tab_to(page: Page, name: str) -> int:
    """Press Tab until the element DESCRIBE calls ``name`` has focus; return the presses."""
    for presses in range(1, MAX_TABS + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is not None and focused["name"] == name:
            return presses
    pytest.fail(f"Tab never reached {name}")


def in_order(names: list[str], wanted: list[str]) -> bool:
    """Whether ``wanted`` are all in ``names``, in this order (others may come between)."""
    rest = iter(names)
    return all(name in rest for name in wanted)


def unseen_rings(walk: list[dict[str, Any]]) -> list[str]:
    """The stops of a walk without a focus ring that can be seen."""
    unseen = []
    for f in walk:
        ring = f["style"] != "none" and f["width"] >= 2
        if not (f["keyboard"] and (ring or f["shadow"] != "none")):
            unseen.append(f"{f['name']}: {f}")
        elif ring and contrast(f["color"], f["behind"]) < 3:  # WCAG 1.4.11: 3:1 for the ring
            unseen.append(f"{f['name']}: ring {f['color']} on {f['behind']}")
    return unseen


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tab_reaches_every_control_once_with_a_visible_focus_ring(
    page: Page, site: Site, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    # A* chosen by hand: with the default, Automatic, Heuristic is disabled (not a Tab stop)
    load(page, f"{site.url}#compare=astar:misplaced,astar:manhattan&algorithm=astar")
    wait_worker(page)  # every control enabled
    expect(page.get_by_role("region", name="Compare")).to_be_visible()
    page.locator("#view-menu summary").click()  # the View menu open: its checkbox is a stop
    for mode in ("compare", "play", "solve", "step", "lab"):
        show_mode(page, mode)
        if mode == "step":  # the tree's controls, Play speed and Grid follows, unfolded
            page.locator("#tree-heading").click()
            page.locator("#how summary").click()
        walk = tab_walk(page)
        names = [f["name"] for f in walk]
        print(f"\n{scheme}, {mode}: {len(names)} tab stops: {', '.join(names)}")
        assert len(names) == len(set(names)), f"{mode}: reached twice (a trap?): {names}"
        # The tabs are one stop, the tab shown: the first of the page.
        assert [n for n in names if n.startswith("#tab-")] == [f"#tab-{mode}"], names
        # Then the board side (the grid one stop: its first cell, a tile on this board), then
        # the panel shown.
        top = [f"#tab-{mode}", *TOP_BAR, *VIEW_MENU, *BOARD_SIDE[mode]]
        if mode != "lab":  # the Lab hides the board
            top.append("tile 1")
        assert names[: len(top)] == top, f"{mode}: the top bar, the board side first: {names}"
        in_grid = [f["name"] for f in walk if f["inGrid"]]
        assert in_grid == ([] if mode == "lab" else ["tile 1"]), f"{mode}: {names}"
        assert in_order(names, PANEL_CONTROLS[mode]), f"{mode}: not in this order: {names}"
        unreached = [n for n in page.evaluate(TABBABLE) if n not in names]
        assert unreached == [], f"{mode}: focusable but not reached by Tab: {unreached}"
        if mode == "lab":
            assert any(n.startswith("checkbox heuristics=") for n in names), "Lab's checkboxes"
        unseen = unseen_rings(walk)
        assert unseen == [], f"{scheme} theme, {mode}: no visible focus: {unseen}"


def test_compare_is_opened_by_the_tabs_and_stepped_by_keyboard(page: Page, site: Site) -> None:
    load(page, f"{site.url}#board=8,6,7/2,5,4/3,0,1")  # 31 moves: no search ends at step 1
    wait_worker(page)
    compare = page.get_by_role("region", name="Compare")
    expect(compare).to_be_hidden()
    from_the_top(page)
    assert tab_to(page, "#tab-play") == 1  # the tabs: the page's first stop
    for tab in ("#tab-solve", "#tab-step", "#tab-compare"):
        page.keyboard.press("ArrowRight")  # the next tab, shown at once
        expect(page.locator(tab)).to_be_focused()
        expect(page.locator(tab)).to_have_attribute("aria-selected", "true")
    expect(compare).to_be_visible()
    expect(page.locator("#tab-compare")).to_be_focused()  # showing it does not steal focus
    status = compare.get_by_role("status")
    expect(status).to_have_text("Step 0.")
    tab_to(page, "#compare-step")
    page.keyboard.press("Enter")
    expect(status).to_have_text("Step 1.")
    steps = compare.locator(".compare-column dt:text-is('Step') + dd")
    expect(steps).to_have_text(["1", "1"])
    page.keyboard.press("Shift+Tab")  # Back, enabled by the step
    expect(compare.get_by_role("button", name="Back", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    expect(status).to_have_text("Step 0.")
    expect(steps).to_have_text(["0", "0"])
    # From the top again, the tabs' one stop is now Compare's, the tab shown.
    from_the_top(page)
    page.keyboard.press("Tab")
    expect(page.locator("#tab-compare")).to_be_focused()
