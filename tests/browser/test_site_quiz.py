"""Step through's quiz, Predict the next node, and the Tie-break setting, in Chromium."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sitekit import BLOCKING, PageWatch, Site, axe_violations, load, wait_worker

from npuzzle import Board, make_search, random_board
from npuzzle.teach.quiz import Bank, Setting, question

pytestmark = pytest.mark.browser

BOARD = "8,6,7/2,5,4/3,0,1"


def counters(page: Page) -> str:
    return page.locator("#counters").text_content() or ""


def expected(board: str, steps: int) -> tuple[int, int]:
    """The question after ``steps`` steps of A* with Manhattan, by the package: the answer's
    place among the nodes as the quiz shows them, and how many there are."""
    search = make_search(Board.parse(board))
    search.goto(steps)
    q = question(search)
    assert q is not None and len(q.candidates) > 1
    return q.answer, len(q.candidates)


def test_picks_are_graded_and_the_score_survives_back(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, f"{site.url}#board={BOARD}&algorithm=astar&heuristic=manhattan&quiz=on")
    wait_worker(page)
    ask, said, score = page.locator("#quiz-question"), page.locator("#quiz-said"), None
    score = page.locator("#quiz-score")
    choices = page.locator("#quiz-choices button")
    expect(ask).to_contain_text("Only one node is open")  # step 0: nothing to choose
    page.get_by_role("button", name="Step", exact=True).click()
    answer, count = expected(BOARD, 1)
    expect(ask).to_contain_text("Which node does A* expand at step 2?")
    expect(choices).to_have_count(count)
    expect(page.locator("#open-box")).to_be_hidden()  # its order would give the answer away
    choices.nth(answer).click()  # right: graded, and the step is taken
    expect(said).to_contain_text("Right. Step 2 expands")
    expect(score).to_have_text("Score: 1 right of 1")
    expect(page.locator("#counters")).to_contain_text("Step 2 ")
    answer, count = expected(BOARD, 2)
    expect(ask).to_contain_text("at step 3?")
    expect(choices).to_have_count(count)
    wrong = (answer + 1) % count
    choices.nth(wrong).press("Enter")  # by keyboard
    expect(said).to_contain_text(f"Not node {wrong + 1}: node {answer + 1}.")
    expect(said).to_contain_text("Step 3 expands")
    expect(score).to_have_text("Score: 1 right of 2")
    expect(page.locator("#quiz-said")).to_have_attribute("aria-live", "polite")
    # Back: the answers given are shown, not graded again, and the score stays
    back = page.get_by_role("button", name="Back", exact=True)
    back.click()
    expect(ask).to_contain_text("Step 3, answered: your pick was not the node taken")
    expect(choices.nth(answer)).to_be_disabled()
    back.click()
    expect(ask).to_contain_text("Step 2, answered: your pick was right")
    expect(score).to_have_text("Score: 1 right of 2")
    page.get_by_role("button", name="Step", exact=True).click()
    expect(ask).to_contain_text("Step 3, answered")
    expect(score).to_have_text("Score: 1 right of 2")
    assert "quiz=on" in page.url
    assert watch.page_errors == [] and watch.console_errors == []


def test_new_exercise_is_the_seeded_banks_next_board(page: Page, site: Site) -> None:
    """A link's exercise is the one shown (0 when it says none): New exercise takes the
    next board of the bank its seed and depth name, and the link follows."""
    load(page, f"{site.url}#board={BOARD}&algorithm=astar&quiz=on&quiz-seed=class-1&quiz-depth=6")
    wait_worker(page)
    bank = Bank("class-1", Setting(depth=6))
    for index in (1, 2):
        page.get_by_role("button", name="New exercise").click()
        board = bank.exercise(index).format("rows")
        expect(page.locator("#grid")).to_have_attribute("data-tiles", board)
        expect(page.locator("#quiz-exercise")).to_have_text(f"Exercise {index + 1}")
    expect(page).to_have_url(re.compile(r"quiz-seed=class-1&quiz-exercise=2&quiz-depth=6"))
    # the link opens that exercise, the quiz on, and goes on from there
    link = page.url
    page.goto("about:blank")
    load(page, link)
    expect(page.locator("#quiz-on")).to_be_checked()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", board)
    page.get_by_role("button", name="New exercise").click()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", bank.exercise(3).format("rows"))


def tie_sensitive_board() -> tuple[str, int, int]:
    """A board where A* with Manhattan expands a different number of nodes with fifo ties
    than with lifo ties, found by search here (not written down)."""
    for seed in range(200):
        board = random_board(3, 3, seed=seed, moves=16)  # a small search: a quick run
        fifo = make_search(board, tie_break="fifo").run().expanded
        lifo = make_search(board, tie_break="lifo").run().expanded
        if fifo != lifo:
            return board.format("rows"), fifo, lifo
    raise AssertionError("no board where the tie rule matters")


def test_the_tie_break_changes_the_nodes_expanded_on_the_same_board(
    page: Page, site: Site, watch: PageWatch
) -> None:
    board, fifo, lifo = tie_sensitive_board()
    load(page, f"{site.url}#board={board}&algorithm=astar&heuristic=manhattan&mode=step")
    wait_worker(page)
    tie = page.get_by_role("group", name="Search").get_by_label("Tie-break")
    seen = {}
    for rule in ("fifo", "lifo"):
        tie.select_option(rule)
        expect(page).to_have_url(re.compile(f"tie-break={rule}"))
        page.get_by_role("button", name="Run to end").click()
        expect(page.locator("#counters")).to_contain_text("status solved", timeout=60_000)
        seen[rule] = int(re.search(r"expanded ([\d,]+)", counters(page)).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert seen == {"fifo": fifo, "lifo": lifo}
    # IDA* has no ties to break: the setting is disabled, and says why
    page.get_by_label("Algorithm").select_option("idastar")
    expect(tie).to_be_disabled()
    expect(page.locator("#tie-help")).to_contain_text("IDA* has no ties to break")
    assert watch.page_errors == [] and watch.console_errors == []


@pytest.mark.parametrize(("scheme", "width"), [("light", 1280), ("dark", 390)])
def test_the_quiz_passes_axe_in_both_themes_and_fits_a_phone(
    page: Page, site: Site, scheme: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    load(page, f"{site.url}#board={BOARD}&algorithm=astar&quiz=on&step=1")
    wait_worker(page)
    choices = page.locator("#quiz-choices button")
    expect(choices).to_have_count(expected(BOARD, 1)[1])
    found = {"asking": axe_violations(page)}
    choices.first.click()
    expect(page.locator("#quiz-said")).not_to_be_empty()
    page.get_by_role("button", name="Back", exact=True).click()
    expect(page.locator("#quiz-question")).to_contain_text("answered")
    found["answered"] = axe_violations(page)
    blocking = {
        f"{where}, {impact}": rules[impact]
        for where, rules in found.items()
        for impact in BLOCKING
        if impact in rules
    }
    assert blocking == {}, f"{scheme} theme: {blocking}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
