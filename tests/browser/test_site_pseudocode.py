"""The pseudocode panel in the page: for every algorithm the line marked follows Step and Back
as the engine's record of each step names it (asked here of the engine in CPython, on the same
board), Step line walks the lines of one expansion, and the panel passes axe in both themes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sitekit import BLOCKING, PageWatch, Site, axe_violations, load, show_mode

from npuzzle import ALGORITHMS, Algorithm, Board, make_search
from npuzzle.teach.pseudocode import lines, pseudocode

pytestmark = pytest.mark.browser

BOARD = "283 1b4 765"  # 4 moves from the snail goal: every search but depth-first ends soon
STEPS = 8  # the most steps taken one by one (depth-first search runs on for long)
MARKED = """() => {
  const rows = [...document.querySelectorAll('#pseudocode-rows li')];
  const current = rows.filter((li) => li.classList.contains('current'));
  const aria = rows.filter((li) => li.getAttribute('aria-current') === 'step');
  return [rows.indexOf(current[0]) + 1, current.length, aria.length];
}"""


def engine_rows(algorithm: Algorithm) -> list[list[int]]:
    """The rows (1 first) of the lines each step ran, step 0 first, as the engine records
    them, for the search the page makes of BOARD (to its end, or to STEPS + 2 steps)."""
    search = make_search(
        Board.parse(BOARD), Board.goal("snail", 3, 3), algorithm=algorithm, heuristic="manhattan"
    )
    code = pseudocode(search.algorithm)
    out = [[code.row_of(line) + 1 for line in lines(None)]]
    while len(out) < 60 and (step := search.step()) is not None:
        out.append([code.row_of(line) + 1 for line in lines(step)])
    return out


def outlined(page: Page) -> int | None:
    """Which of the expanded node's children is outlined (0 first), if one is."""
    found = page.evaluate(
        "() => [...document.querySelectorAll('#children li')]"
        ".map((li, k) => li.classList.contains('line-child') ? k : -1).filter((k) => k >= 0)"
    )
    assert len(found) <= 1
    return found[0] if found else None


def marked(page: Page) -> int:
    """The row marked current (1 first), checked to be the one row marked and announced."""
    row, count, aria = page.evaluate(MARKED)
    assert count == aria == 1
    return int(row)


def at_step(page: Page, number: int) -> None:
    expect(page.locator("#counters")).to_contain_text(f"Step {number} ")


def prepare(page: Page, site: Site) -> None:
    load(page, site.url)
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill(BOARD)
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option("astar")  # (Automatic picks the heuristic)
    page.get_by_label("Heuristic").select_option("manhattan")


def test_the_marked_line_follows_step_and_back_for_every_algorithm(
    page: Page, site: Site, watch: PageWatch
) -> None:
    prepare(page, site)
    step = page.get_by_role("button", name="Step", exact=True)
    back = page.get_by_role("button", name="Back", exact=True)
    run_end = page.get_by_role("button", name="Run to end")
    for algorithm in ALGORITHMS:
        expected = engine_rows(algorithm)
        page.get_by_label("Algorithm").select_option(str(algorithm))
        at_step(page, 0)
        title = pseudocode(algorithm).title
        expect(page.locator("#pseudocode-title")).to_have_text(title)
        assert marked(page) == expected[0][-1], algorithm
        taken = min(STEPS, len(expected) - 1)
        for n in range(1, taken + 1):
            step.click()
            at_step(page, n)
            assert marked(page) == expected[n][-1], (algorithm, n)
        if taken < len(expected) - 1 <= 30:  # ends soon: its last step (the goal, the best)
            taken = len(expected) - 1
            run_end.click()
            at_step(page, taken)
            expect(page.locator("#counters")).to_contain_text("status solved")
            assert marked(page) == expected[taken][-1], algorithm
        for n in range(taken - 1, -1, -1):
            back.click()
            at_step(page, n)
            assert marked(page) == expected[n][-1], (algorithm, n)
    assert watch.page_errors == [] and watch.console_errors == []


def test_step_line_walks_the_lines_of_one_expansion(page: Page, site: Site) -> None:
    prepare(page, site)
    page.get_by_label("Algorithm").select_option("idastar")
    expected = engine_rows(Algorithm.IDASTAR)
    step_line = page.get_by_role("button", name="Step line")
    page.get_by_role("button", name="Step", exact=True).click()
    at_step(page, 1)
    step_line.click()  # step 1 stands at its last line: Step line takes step 2
    at_step(page, 2)
    where = page.locator("#pseudocode-where")
    count = len(expected[2])
    expect(where).to_contain_text(f"Step 2, the 1st of the {count} lines it ran.")
    walked = [marked(page)]
    children = []  # the child each line is about, as the page outlines it
    for k in range(2, count + 1):
        step_line.click()
        expect(where).to_contain_text(f"Step 2, the {ordinal(k)} of the {count} lines it ran.")
        walked.append(marked(page))
        children.append(outlined(page))
    assert walked == expected[2] and len(walked) > 3
    # the engine's step 2: a child's lines follow its GENERATE, in the order of its children
    search = make_search(
        Board.parse(BOARD), Board.goal("snail", 3, 3), algorithm="idastar", heuristic="manhattan"
    )
    search.goto(2)
    step = search.last_step
    assert step is not None
    about = []
    k = -1
    for line in step.lines[1:]:
        k += line == "generate"
        about.append(k if line in ("generate", "prune", "duplicate", "push") else None)
    assert children == about and k == len(step.children) - 1 >= 1
    at_step(page, 2)  # all within step 2
    expect(where).not_to_contain_text("The lists show the whole step")
    expect(page.locator("#pseudocode-said")).to_have_text(where.text_content() or "")
    step_line.focus()
    page.keyboard.press("Enter")  # on to step 3's first line, by the keyboard
    at_step(page, 3)
    assert marked(page) == expected[3][0]
    expect(where).to_contain_text("The lists show the whole step")
    page.get_by_role("button", name="Back", exact=True).click()
    at_step(page, 2)
    assert marked(page) == expected[2][-1]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_panel_passes_axe(page: Page, site: Site, scheme: Any) -> None:
    page.emulate_media(color_scheme=scheme)
    prepare(page, site)
    page.get_by_label("Algorithm").select_option("astar")
    page.get_by_role("button", name="Step", exact=True).click()
    at_step(page, 1)
    page.get_by_role("button", name="Step line").click()
    at_step(page, 2)
    found = axe_violations(page)
    assert not any(found.get(impact) for impact in BLOCKING), found
