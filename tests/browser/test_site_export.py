"""Export in the page: each picture of the step downloads as an SVG that parses and a PNG of
twice its size, a range of steps and a solution as GIFs with one frame a step or a move
(counted in the file, and by the browser's own decoder), all by keyboard too, in both
themes."""

from __future__ import annotations

import base64
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from playwright.sync_api import Download, Page, expect
from sitekit import BLOCKING, Site, axe_violations, load, show_mode, step_visualizer, unfold

from npuzzle import Board, make_search
from npuzzle.teach.gif import frame_count
from npuzzle.teach.tree import SearchTree

pytestmark = pytest.mark.browser

NAME = "npuzzle-2,3,1-8,0,4-7,6,5"  # the board step_visualizer sets, as files name it
SVG = "{http://www.w3.org/2000/svg}"
GIF_MS = 120_000  # a GIF of a few dozen frames, on a slow machine


def saved(download: Download, folder: Path) -> bytes:
    path = folder / download.suggested_filename
    download.save_as(path)
    return path.read_bytes()


def svg_root(data: bytes) -> ET.Element:
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg"
    return root


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def decoded_frames(page: Page, data: bytes) -> int:
    """The frames the browser's own image decoder finds in a GIF (WebCodecs' ImageDecoder),
    every one of them decoded."""
    return int(
        page.evaluate(
            """async (text) => {
                const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
                const decoder = new ImageDecoder({data: bytes, type: "image/gif"});
                await decoder.tracks.ready;
                const count = decoder.tracks.selectedTrack.frameCount;
                for (let i = 0; i < count; i++) await decoder.decode({frameIndex: i});
                return count;
            }""",
            base64.b64encode(data).decode(),
        )
    )


def test_each_picture_of_the_step_downloads_as_svg_and_png(
    page: Page, site: Site, tmp_path: Path
) -> None:
    load(page, site.url)
    step_visualizer(page, 5)
    unfold(page, "#export")
    search = make_search(
        Board.parse("231 8b4 765"), Board.goal("snail", 3, 3), heuristic="manhattan"
    )
    tree = SearchTree(search)
    for _ in range(5):
        search.step()
    tree.sync()
    for what, suffix in (("board", ""), ("lists", "-lists"), ("tree", "-tree")):
        page.get_by_label("Picture").select_option(what)
        with page.expect_download() as svg_download:
            page.get_by_role("button", name="Download SVG").click()
        assert svg_download.value.suggested_filename == f"{NAME}-step-5{suffix}.svg"
        root = svg_root(saved(svg_download.value, tmp_path))
        width, height = int(root.get("width", "0")), int(root.get("height", "0"))
        assert width > 100 and height > 100
        texts = [t.text or "" for t in root.iter(f"{SVG}text")]
        if what == "board":
            assert any(t.startswith("Step 5 · expanded 5") for t in texts)
        elif what == "lists":
            assert f"Open list ({search.open_size})" in texts
        else:  # one board a node of the tree, each but the root joined to its parent
            assert len(list(root.iter(f"{SVG}path"))) == tree.size - 1
        expect(page.locator("#export-status")).to_have_text(re.compile(r"^Saved .*\.svg"))
        # PNG by keyboard: the button focused, Enter
        page.get_by_role("button", name="Download PNG").focus()
        with page.expect_download() as png_download:
            page.keyboard.press("Enter")
        assert png_download.value.suggested_filename == f"{NAME}-step-5{suffix}.png"
        assert png_size(saved(png_download.value, tmp_path)) == (2 * width, 2 * height)


def test_a_range_of_steps_downloads_as_a_gif_and_the_search_comes_back(
    page: Page, site: Site, tmp_path: Path
) -> None:
    load(page, site.url)
    step_visualizer(page, 3)
    unfold(page, "#export")
    page.get_by_label("From step").fill("2")
    page.get_by_label("To step").fill("9")
    with page.expect_download(timeout=GIF_MS) as download:
        page.locator("#export-gif").click()
    assert download.value.suggested_filename == f"{NAME}-steps-2-to-9.gif"
    data = saved(download.value, tmp_path)
    assert data[:6] == b"GIF89a" and data[-1:] == b";"
    assert frame_count(data) == 8
    assert decoded_frames(page, data) == 8
    expect(page.locator("#export-status")).to_have_text(re.compile(r"^Saved .*\(8 frames, "))
    expect(page.locator("#counters")).to_contain_text("Step 3 ")  # back where it was
    expect(page.locator("#export-progress")).to_be_hidden()
    # too many frames: said, and no file
    page.get_by_label("To step").fill("900")
    page.locator("#export-gif").click()
    expect(page.locator("#export-status")).to_contain_text("at most 500 frames")


def test_the_solution_downloads_as_a_gif_one_frame_a_move(
    page: Page, site: Site, tmp_path: Path
) -> None:
    load(page, f"{site.url}#board=2,3,1/8,0,4/7,6,5&goal=snail&algorithm=astar")
    show_mode(page, "solve")
    page.get_by_role("button", name="Solve", exact=True).click()
    moves = page.locator("#solution-moves")
    expect(moves).to_have_attribute("data-moves", re.compile(r"^[UDLR]+$"))
    length = len(moves.get_attribute("data-moves") or "")
    with page.expect_download(timeout=GIF_MS) as download:
        page.locator("#playback-gif").click()
    assert download.value.suggested_filename == f"{NAME}-solution.gif"
    data = saved(download.value, tmp_path)
    assert frame_count(data) == length + 1  # the start, then each move
    assert decoded_frames(page, data) == length + 1
    expect(page.locator("#playback-gif-status")).to_contain_text(f"({length + 1} frames, ")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_export_passes_the_audit_in_both_themes(page: Page, site: Site, scheme: str) -> None:
    load(page, site.url)
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    step_visualizer(page, 1)
    unfold(page, "#export")
    # the Colours are the page's, to start with
    expect(page.get_by_label("Colours", exact=True)).to_have_value(scheme)
    found = axe_violations(page)
    assert not any(found.get(impact) for impact in BLOCKING), found
