"""What fails in the page is said in words, never shown as a Python traceback (issue 35):
the Lab's form replaced by a link while a field holds an edit, and a handler made to fail."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sitekit import PageWatch, Site, load, show_mode

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 120_000  # kunkle's six boards, on a slow shared 2-core machine
SORRY = "Sorry: the page failed to handle"


def assert_no_traceback(page: Page, watch: PageWatch) -> None:
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "PythonError" not in text
    assert watch.page_errors == []


def test_a_link_replacing_the_lab_form_while_a_field_holds_an_edit(
    page: Page, site: Site, watch: PageWatch
) -> None:
    """Issue 35's sequence: riggs chosen, Boards typed into (the focus stays), then rn's link."""
    load(page, site.url + "#board=8,6,7/2,5,4/3,0,1&lab=kunkle&lab-seed=1")
    status = page.locator("#lab-status")
    expect(status).to_contain_text("Done: kunkle", timeout=RUN_TIMEOUT_MS)
    page.locator("#lab-experiment").select_option("riggs")
    page.locator("#lab-opt-boards").click()
    page.keyboard.type("0")
    page.evaluate("location.hash = 'board=8,6,7/2,5,4/3,0,1&lab=rn&lab-seed=2'")
    expect(page.locator("#lab-experiment")).to_have_value("rn")
    expect(page.locator("#lab-seed")).to_have_value("2")
    expect(status).to_have_text("Press Run to run this experiment.")
    assert page.locator("#lab-opt-per_depth").count() == 1  # rn's fields
    assert page.evaluate("location.hash") == "#board=8,6,7/2,5,4/3,0,1&lab=rn&lab-seed=2"
    expect(page.locator("#status")).not_to_contain_text(SORRY)
    assert_no_traceback(page, watch)
    assert watch.console_errors == []


# The Lab's Seed field made to throw when read: the form's change handler (which rewrites
# the address from the form) fails in the browser, inside Python, as a real bug would.
BREAK_SEED = """() => Object.defineProperty(document.getElementById("lab-seed"), "value", {
  get() { throw new Error("broken on purpose"); }, configurable: true })"""


def test_a_failing_handler_is_said_in_words_and_the_page_carries_on(
    page: Page, site: Site, watch: PageWatch
) -> None:
    load(page, site.url + "#board=8,6,7/2,5,4/3,0,1")
    show_mode(page, "lab")
    before = page.evaluate("location.hash")
    page.evaluate(BREAK_SEED)
    page.locator("#lab-opt-per_depth").fill("5")
    page.locator("#lab-opt-per_depth").dispatch_event("change")
    expect(page.locator("#status")).to_contain_text(f"{SORRY} that change")
    expect(page.locator("#status")).to_contain_text("The rest of the page still works.")
    assert_no_traceback(page, watch)
    # The details are on the console: the handler, and what failed in it.
    [logged] = [e for e in watch.console_errors if "failed on change" in e]
    assert "LabView.on_change" in logged and "broken on purpose" in logged
    assert page.evaluate("location.hash") == before  # the address was left as it was
    page.evaluate("() => delete document.getElementById('lab-seed').value")
    show_mode(page, "play")  # the page goes on
    page.get_by_role("button", name="Shuffle").click()
    expect(page.locator("#status")).to_contain_text("Shuffled")
