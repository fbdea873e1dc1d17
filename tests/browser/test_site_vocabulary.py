"""One vocabulary: the View menu's Blank's letters names the moves in every view (the tree, the
lists, the grid's note, Why this step, Playback) and is remembered; every term opens its
explanation from the keyboard; the tree's states differ by a mark and a colour in both
themes."""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import BLOCKING, Site, axe_violations, load, show_mode, step_visualizer

pytestmark = pytest.mark.browser

ARROWS = "↑↓←→"
SOLVE_MS = 60_000
STEPPED = "board=2,3,1/8,0,4/7,6,5&goal=snail&algorithm=astar&heuristic=manhattan"


def tree_moves(page: Page) -> list[str]:
    return page.locator("#tree-rows .move").all_text_contents()


def said_moves(page: Page, list_id: str) -> list[str]:
    return [t.strip() for t in page.locator(f"#{list_id} .sr-only").all_text_contents()]


def why(page: Page) -> list[str]:
    return page.locator("#why-list li").all_text_contents()


def set_letters(page: Page, on: bool) -> None:
    menu = page.locator("#view-menu")
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    page.get_by_label("Blank's letters").set_checked(on)
    menu.locator("summary").click()  # folded away again


def test_one_setting_names_the_moves_everywhere_and_is_remembered(page: Page, site: Site) -> None:
    load(page, site.url)
    step_visualizer(page, 2)
    page.locator("#tree summary").click()
    page.locator("#why summary").click()
    expect(page.locator("#tree-rows .move").first).to_have_text("start")
    # tiles by default, in every view
    moves = tree_moves(page)
    assert len(moves) > 4 and all(m[-1] in ARROWS for m in moves[1:]), moves
    assert all(m.startswith("after tile ") for m in said_moves(page, "children"))
    assert any(s.startswith("Tile ") for s in why(page))
    expect(page.locator("#grid-note")).to_contain_text("after tile ")
    # the blank's letters, chosen once in the View menu
    set_letters(page, True)
    expect(page.locator("#tree-rows .move").nth(1)).to_have_text(re.compile(r"^[UDLR]$"))
    assert all(m in "UDLR" for m in tree_moves(page)[1:])
    assert all(m.startswith("after the blank moves ") for m in said_moves(page, "children"))
    assert all(
        m.startswith("after the blank moves ") or m == "the start"
        for m in said_moves(page, "open-list")
    )
    assert not any(s.startswith("Tile ") for s in why(page))
    assert any(s.startswith("The blank moves ") for s in why(page))
    page.locator("#step").click()
    expect(page.locator("#counters")).to_contain_text("Step 3 ")
    expect(page.locator("#grid-note")).to_contain_text("after the blank moves ")
    # Playback names them the same way
    show_mode(page, "solve")
    page.locator("#solve").click()
    moves_list = page.locator("#solution-moves li")
    expect(moves_list.first).to_be_visible(timeout=SOLVE_MS)
    assert all(m in "UDLR" for m in moves_list.all_text_contents())
    set_letters(page, False)
    expect(moves_list.first).to_have_text(re.compile(rf"^\d+[{ARROWS}]$"))
    set_letters(page, True)
    # remembered: a new visit starts with the blank's letters
    load(page, site.url)
    expect(page.get_by_label("Blank's letters")).to_be_checked()


def test_terms_open_and_close_from_the_keyboard(page: Page, site: Site) -> None:
    load(page, site.url)
    step_visualizer(page, 1)
    button = page.locator("#open-box .term-button")
    expect(button).to_have_accessible_name("What open list means")
    button.focus()
    note = page.locator("#" + (button.get_attribute("aria-controls") or "none"))
    expect(note).to_be_hidden()
    page.keyboard.press("Enter")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Open list: The nodes generated but not expanded yet")
    page.keyboard.press("Escape")
    expect(note).to_be_hidden()
    expect(button).to_be_focused()  # the focus stays where it was
    page.keyboard.press("Space")
    expect(note).to_be_visible()
    # Tab reaches the next term: its own button, and the first closes on a click elsewhere
    closed = page.locator("#closed-box .term-button")
    for _ in range(4):  # past the open list's own stops, if any
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.className") == "term-button":
            break
    expect(closed).to_be_focused()
    page.locator("#counters").click()
    expect(note).to_be_hidden()
    # every term is in the Glossary under How it works
    page.locator("#how summary").click()
    glossary = page.locator("#glossary dt")
    for term in ("open list", "EBF", "largest open list", "Workers", "admissible", "threshold"):
        expect(glossary.filter(has_text=re.compile(rf"^{re.escape(term)}$"))).to_have_count(1)


LEGEND = """() => [...document.querySelectorAll('.tree-legend li')].map(li => {
  const mark = getComputedStyle(li, '::before');
  return [li.className, mark.content, mark.color];
})"""


def rgb(color: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", color)[:3])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tree_states_differ_by_mark_and_colour(page: Page, site: Site, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    load(page, f"{site.url}#{STEPPED}&step=12")
    expect(page.locator("#counters")).to_contain_text("Step 12 ")
    page.locator("#tree summary").click()
    expect(page.locator("#tree-rows .state").first).to_be_visible()
    legend = page.evaluate(LEGEND)
    assert len(legend) == 8
    marks = [mark for _css, mark, _color in legend]
    assert all(m not in ("none", "normal", '""') for m in marks), legend
    assert len(set(marks)) == len(marks), legend  # a shape each, not colour alone
    for (a, _ma, ca), (b, _mb, cb) in itertools.combinations(legend, 2):
        distance = sum((x - y) ** 2 for x, y in zip(rgb(ca), rgb(cb), strict=True)) ** 0.5
        assert distance >= 60, f"{a} {ca} and {b} {cb} look alike in the {scheme} theme"
    # each row says its state in a word beside its mark
    words = page.locator("#tree-rows .state").all_text_contents()
    assert {"expanded", "open", "duplicate"} <= set(words), words
    # a term open, the tree shown: nothing serious for axe
    page.locator("#tree .term-button").first.click()
    found = axe_violations(page)
    assert not any(found.get(impact) for impact in BLOCKING), found
