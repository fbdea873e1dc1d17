"""The page inside another site's <iframe> (web/page/embed.py, web/page/sharing.py,
buildsite/storagefix.py): embed=1 shows the stage alone, steps and plays (autoplay, loop); the
full page becomes ready and solves there; Share and Copy embed code show what the frame may
not copy, selected, with no console error.

The embedding page is the test's own page (``set_content``: a top page of another origin than
the site's, as a course site is), so the frame is a third party: this Chromium refuses it
storage (local storage, IndexedDB, Cache Storage, service workers), which is what kept the
page from starting there before (the tests check that the frame is refused it)."""

from __future__ import annotations

import itertools
import re
from html import escape
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Frame, Page, expect
from sitekit import READY_TIMEOUT_MS, PageWatch, Site

from npuzzle.teach.link import parse_fragment

pytestmark = [pytest.mark.browser, pytest.mark.fresh_page]

EMBEDDED = (
    "#board=8,6,7/2,5,4/3,0,1&algorithm=astar&heuristic=manhattan&step=2&embed=1&speed=30"
    "&autoplay=1&loop=2-6"
)
STORAGE_REFUSED = """() => { try { localStorage.length; return false } catch { return true } }"""


def framed(page: Page, url: str, width: int = 800, height: int = 500) -> Frame:
    """Show ``url`` in a frame of the test's own page, once its worker has answered."""
    page.set_content(
        '<body style="margin: 0"><iframe id="embedded" title="npuzzle" '
        f'src="{escape(url)}" width="{width}" height="{height}" style="border: 0"></iframe>'
        "</body>"
    )
    handle = page.locator("#embedded").element_handle()
    frame = handle.content_frame() if handle is not None else None
    assert frame is not None
    frame.wait_for_selector(
        'body[data-worker-ready="true"]', state="attached", timeout=READY_TIMEOUT_MS
    )
    assert frame.evaluate(STORAGE_REFUSED), "the frame was given storage: not a third party"
    return frame


def no_errors(watch: PageWatch) -> None:
    assert watch.console_errors == [] and watch.page_errors == []
    assert watch.http_errors == [] and watch.failed_requests == []


def steps_seen(frame: Frame, count: int) -> list[int]:
    """The step shown, read ``count`` times a tenth of a second apart."""
    seen = []
    for _ in range(count):
        seen.append(int(frame.evaluate("document.getElementById('jump').value")))
        frame.wait_for_timeout(100)
    return seen


def test_the_embed_page_in_a_cross_origin_frame_steps_and_plays(
    page: Page, site: Site, watch: PageWatch
) -> None:
    frame = framed(page, site.url + EMBEDDED)
    # The stage alone: no tabs, no settings; a link to the full page, in a tab of its own.
    expect(frame.locator("body")).to_have_attribute("data-embed", "true")
    for hidden in ("#modes", "#share", "#search-group", "#board-group"):
        expect(frame.locator(hidden)).to_be_hidden()
    for shown in ("#grid", "#step", "#step-back", "#play", "#open-list"):
        expect(frame.locator(shown)).to_be_visible()
    full = frame.locator("#open-full")
    expect(full).to_be_visible()
    expect(full).to_have_attribute("target", "_blank")
    href = str(full.get_attribute("href"))
    assert href.split("#")[0] == site.url + "index.html" or href.split("#")[0] == site.url
    opened = parse_fragment(unquote(href.split("#", 1)[1]))
    assert not opened.embed and opened.problems == []
    # autoplay: Play runs by itself (its button reads Stop), over steps 2 to 6 again and again.
    expect(frame.locator("#play")).to_have_text("Stop", timeout=READY_TIMEOUT_MS)
    seen = steps_seen(frame, 40)
    assert set(seen) <= set(range(2, 7)), seen
    assert max(seen) == 6 and any(b < a for a, b in itertools.pairwise(seen)), seen
    # Stop, then the step controls answer.
    frame.locator("#play").click()
    expect(frame.locator("#play")).to_have_text("Play")
    before = int(frame.evaluate("document.getElementById('jump').value"))
    frame.locator("#step").click()
    expect(frame.locator("#counters")).to_contain_text(f"Step {before + 1} ")
    frame.locator("#step-back").click()
    expect(frame.locator("#counters")).to_contain_text(f"Step {before} ")
    no_errors(watch)


def test_the_full_page_in_a_cross_origin_frame_solves_and_shares(
    page: Page, site: Site, watch: PageWatch
) -> None:
    frame = framed(page, site.url + "#board=1,2,3/4,5,6/0,7,8", width=1000, height=700)
    expect(frame.locator("body")).not_to_have_attribute("data-embed", "true")
    frame.locator("#tab-solve").click()
    frame.locator("#solve").click()
    expect(frame.locator("#result")).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(frame.locator("#figures")).to_contain_text("Length")
    # The solution played back (the address follows the board): solved, it stays.
    expect(frame.locator("#grid")).to_have_class(re.compile(r"\bsolved\b"))
    # Share: the frame was not granted the clipboard, so the link is shown, selected.
    frame.locator("#share").click()
    field = frame.locator("#share-text")
    expect(field).to_be_visible()
    expect(field).to_be_focused()
    link = frame.evaluate("location.href")
    expect(field).to_have_value(link)
    assert (
        frame.evaluate(
            "(() => { const f = document.getElementById('share-text');"
            " return [f.selectionStart, f.selectionEnd, f.value.length] })()"
        )[1:]
        == [len(link)] * 2
    )
    expect(frame.locator("#status")).to_contain_text("Copy this link")
    # Copy embed code (the View menu): the <iframe> of this state, embed=1 in its link.
    frame.locator("#view-menu summary").click()
    frame.locator("#embed-code").click()
    expect(frame.locator("#view-menu")).not_to_have_attribute("open", "")
    # the field gets the code once the clipboard has refused it (asynchronously)
    expect(field).to_have_value(re.compile(r"^<iframe src=\""))
    code = str(field.input_value())
    assert code.startswith('<iframe src="') and code.endswith("</iframe>")
    src = code.split('"')[1].replace("&amp;", "&")
    state = parse_fragment(unquote(src.split("#", 1)[1]))
    assert state.embed and state.problems == [] and state.mode == "solve"
    assert state.board.format() == frame.locator("#grid").get_attribute("data-tiles")
    frame.locator("#share-close").click()
    expect(field).to_be_hidden()
    no_errors(watch)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("width", "height"), [(800, 500), (390, 600)])
def test_embed_screenshots(
    page: Page, site: Site, watch: PageWatch, scheme: str, width: int, height: int
) -> None:
    """The embed view at a typical frame's size, for a look (saved in /tmp): the board and
    the step controls in view, nothing wider than the frame."""
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(color_scheme=scheme)
    frame = framed(page, site.url + EMBEDDED.replace("&autoplay=1", ""), width, height)
    expect(frame.locator("#counters")).to_contain_text("Step 2 ")
    for shown in ("#grid", "#step", "#open-full"):
        box = frame.locator(shown).bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, shown
    assert frame.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(Path("/tmp") / f"npuzzle-embed-{width}x{height}-{scheme}.png"))
    no_errors(watch)
