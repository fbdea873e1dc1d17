"""Installable and offline, and at home under a subpath: the manifest and icons the build draws,
the service worker that keeps one build (web/service-worker.js), a visit with the network off,
a new build replacing the old one, and the site served at /npuzzle/ as GitHub Pages serves it."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import struct
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from sitekit import (
    OFFLINE_COPY,
    PageWatch,
    Site,
    build_stamp,
    is_local,
    load,
    served,
    served_under,
    show_mode,
    wait_offline_copy,
    wait_worker,
)

from buildsite import assemble, icons, offline
from buildsite.layout import ROOT, BuildError
from npuzzle import Board, solve

SOLVE_TIMEOUT_MS = 60_000
EASY_3X3 = "#board=1,2,3/4,0,6/7,5,8&algorithm=astar&heuristic=manhattan"  # 2 moves
# A 4x4 with the pdb heuristic: its tables come from pdb/ (and web/worker/tables.py's cache).
BOARD_4X4 = Board.goal("standard", 4, 4).apply("ULLURDDLUURRDLLDRRULLURD")
LINK_4X4 = f"#board={BOARD_4X4.format('rows')}&algorithm=astar&heuristic=pdb"


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGBA pixels) of the 8-bit RGBA, unfiltered PNGs build.py
    writes; anything else fails the test."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(
            kind + body
        )
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour, *_rest = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 6) and b"IEND" in chunks
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 4 * width
    assert len(raw) == height * stride
    rows = [raw[y * stride : (y + 1) * stride] for y in range(height)]
    assert all(row[0] == 0 for row in rows)
    return width, height, [row[1:] for row in rows]


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, ...]:
    return tuple(rows[y][4 * x : 4 * x + 4])


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def css_light(name: str) -> str:
    """A colour of style.css's light palette, read here on its own."""
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    root = css[css.index(":root") : css.index("}")]
    found = re.search(rf"--{name}:\s*(#[0-9a-f]{{6}});", root)
    assert found is not None, name
    return found[1]


def integrity(path: Path) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


# ----- what the build writes ------------------------------------------------------------------
def test_manifest_names_the_app_and_its_icons_relatively(built_site: Path) -> None:
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "npuzzle" and manifest["short_name"]
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["background_color"] == manifest["theme_color"] == css_light("bg")
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon
        assert (built_site / icon["src"]).is_file(), icon
        if icon["type"] == "image/png":
            width, height, _rows = read_png((built_site / icon["src"]).read_bytes())
            assert icon["sizes"] == f"{width}x{height}", icon
    kinds = sorted((i.get("purpose", "any"), i["type"], i["sizes"]) for i in manifest["icons"])
    assert kinds == [
        ("any", "image/png", "192x192"),
        ("any", "image/png", "512x512"),
        ("any", "image/svg+xml", "any"),
        ("maskable", "image/png", "512x512"),
    ]


@pytest.mark.parametrize("name", ["icon-192.png", "icon-512.png"])
def test_icons_are_the_board_in_the_page_colours(built_site: Path, name: str) -> None:
    width, height, rows = read_png((built_site / "icons" / name).read_bytes())
    assert width == height
    middle = width // 2
    assert pixel(rows, 0, 0)[3] == 0  # a rounded board: its corners are see-through
    assert pixel(rows, middle, width // 40)[:3] == hex_rgb(css_light("board"))
    assert pixel(rows, middle, middle) == (*hex_rgb(css_light("tile")), 255)  # centre tile
    gap = pixel(rows, width * 5 // 6, height * 5 // 6)  # bottom right: the gap
    assert gap == (*hex_rgb(css_light("board")), 255)
    assert pixel(rows, middle, height * 5 // 6)[:3] == hex_rgb(css_light("hint"))


def test_maskable_icon_is_full_bleed_with_the_tiles_in_its_safe_zone(built_site: Path) -> None:
    width, _height, rows = read_png((built_site / "icons" / "maskable-512.png").read_bytes())
    board = (*hex_rgb(css_light("board")), 255)
    assert pixel(rows, 0, 0) == pixel(rows, width - 1, width - 1) == board
    # Outside the circle of 40% of the side that every mask keeps: the board colour only.
    centre = width / 2
    for y in range(0, width, 4):
        for x in range(0, width, 4):
            if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > (0.4 * width) ** 2:
                assert pixel(rows, x, y) == board, (x, y)


def test_svg_icon_and_page_links(built_site: Path) -> None:
    svg = (built_site / "icons" / "icon.svg").read_text(encoding="utf-8")
    assert svg.startswith(f'<svg xmlns="{icons.SVG_NAMESPACE}"')
    assert svg.count("<rect ") == 1 + 8  # the board and its tiles
    assert css_light("hint") in svg and css_light("tile") in svg
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="data:,"' not in html
    for href in re.findall(r'<link rel="(?:manifest|icon|apple-touch-icon)" href="([^"]+)"', html):
        assert href.startswith("./") and (built_site / href).is_file(), href
    themes = dict(re.findall(r'<meta name="theme-color" content="(#\w+)" media="([^"]+)">', html))
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    dark = css[css.index("(prefers-color-scheme: dark)") :]
    dark_bg = re.search(r"--bg:\s*(#[0-9a-f]{6});", dark)
    assert dark_bg is not None
    assert themes == {
        css_light("bg"): "(prefers-color-scheme: light)",
        dark_bg[1]: "(prefers-color-scheme: dark)",
    }


def test_service_worker_keeps_every_file_but_the_tables(built_site: Path) -> None:
    build = build_stamp(built_site)
    everything = {
        p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()
    }
    tables = {name for name in everything if name.startswith("pdb/") and name.endswith(".npdb")}
    assert tables  # the site does ship tables: they are left to web/worker/tables.py
    # PyScript's editor and terminal libraries: imported only by pages that use them
    unused = {
        name
        for name in everything
        if name.startswith("pyscript/")
        and name.rsplit("/", 1)[1].startswith(offline.UNUSED_PYSCRIPT)
    }
    assert any(name.startswith("pyscript/xterm") for name in unused)
    assert {"pyscript/core.js", "pyscript/core.css"} <= everything - unused
    left_out = {"service-worker.js", ".npuzzle-site", *tables, *unused}
    assert set(build["files"]) == everything - left_out
    assert {"index.html", "pyodide/pyodide.asm.wasm", "npuzzle.zip", "pdb/index.json"} <= set(
        build["files"]
    )
    for name, sri in build["files"].items():
        assert sri == integrity(built_site / name), name
    assert re.fullmatch(r"[0-9a-f]{16}", build["stamp"])


def test_stamp_follows_the_files_and_only_them(built_site: Path, tmp_path: Path) -> None:
    web = ROOT / "web"
    dest = tmp_path / "site"
    shutil.copytree(built_site, dest, ignore=shutil.ignore_patterns("*.npdb", "pyodide"))
    first = offline.write_service_worker(web, dest)
    assert offline.write_service_worker(web, dest) == first  # the same files, the same stamp
    (dest / "style.css").write_text("/* another build */\n", encoding="utf-8")
    second = offline.write_service_worker(web, dest)
    assert second != first
    assert build_stamp(dest)["stamp"] == second
    (dest / "later").mkdir()  # a file added to the build later is kept too
    (dest / "later" / "runtime.wasm").write_bytes(b"\0asm")
    offline.write_service_worker(web, dest)
    files = build_stamp(dest)["files"]
    assert "later/runtime.wasm" in files
    # The opening's MicroPython and its config, which the build copies, are kept.
    assert {"opening.py", "opening.json", "micropython/micropython.wasm"} <= set(files)


def test_a_second_build_of_the_same_sources_has_the_same_stamp(
    built_site: Path, tmp_path: Path
) -> None:
    """Otherwise every build would make every visitor fetch the whole site again."""
    again = assemble.build(tmp_path / "dist")
    assert build_stamp(again) == build_stamp(built_site)


def test_a_template_without_its_build_line_is_a_clear_error(tmp_path: Path) -> None:
    web = tmp_path / "web"
    web.mkdir()
    (web / "service-worker.js").write_text("// no build line\n", encoding="utf-8")
    with pytest.raises(BuildError, match="const BUILD"):
        offline.write_service_worker(web, tmp_path)


# ----- in Chromium ------------------------------------------------------------------------------
def test_chromium_reads_the_manifest_without_errors(
    context: BrowserContext, page: Page, site: Site
) -> None:
    load(page, site.url)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site.url + "manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = manifest["manifest"]
    assert parsed["name"] == "npuzzle" and parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == parsed["scope"] == site.url
    icons = {icon["url"].removeprefix(site.url): icon["sizes"] for icon in parsed["icons"]}
    assert icons["icons/icon-192.png"] == "192x192"
    assert icons["icons/icon-512.png"] == "512x512"
    # Playwright's contexts are incognito, where no app installs; nothing else stands in the way.
    installability = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in installability] in ([], ["in-incognito"])
    # Each icon the page links is an image the browser draws at its size.
    sizes = page.evaluate(
        """async () => Promise.all([...document.querySelectorAll(
             'link[rel="icon"], link[rel="apple-touch-icon"]')].map(async (link) => {
          const image = new Image();
          image.src = link.href;
          await image.decode();
          return [link.getAttribute("href"), image.naturalWidth];
        }))"""
    )
    assert dict(sizes) == {
        "./icons/icon.svg": 100,
        "./icons/icon-192.png": 192,
        "./icons/apple-touch-icon.png": 180,
    }


def solve_and_wait(page: Page, words: str) -> None:
    show_mode(page, "solve")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solve-status")).to_have_text(words, timeout=SOLVE_TIMEOUT_MS)


def click_a_tile_next_to_the_gap(page: Page) -> None:
    tiles = page.locator("#grid").get_attribute("data-tiles") or ""
    board = Board.parse(tiles)
    move = board.legal_moves()[0]
    moved = board.move(move)
    tile = board.tiles[moved.blank]
    page.get_by_role("button", name=re.compile(rf"^Tile {tile}, ")).click()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", moved.format("rows"))


def test_after_one_visit_the_site_opens_plays_and_solves_offline(
    context: BrowserContext, page: Page, site: Site, watch: PageWatch
) -> None:
    optimal = solve(BOARD_4X4, algorithm="astar", heuristic="manhattan").length
    words = f"Solved in {optimal} moves."
    # Online: the 4x4's tables are loaded (into web/worker/tables.py's cache) by a first Solve.
    load(page, site.url + LINK_4X4)
    wait_worker(page)
    solve_and_wait(page, words)
    copy = wait_offline_copy(page, site.dest)
    assert copy["scope"] == site.url and not copy["controlled"]  # the first visit, online
    tables_cache = page.evaluate("caches.keys()")
    assert f"npuzzle-pdb {site.url}pdb/ {site.version}" in tables_cache

    context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="true"]', state="attached", timeout=SOLVE_TIMEOUT_MS)
    wait_worker(page)
    assert page.evaluate("navigator.onLine") is False
    assert page.evaluate(OFFLINE_COPY)["controlled"]
    click_a_tile_next_to_the_gap(page)  # (the board the address kept: the solved one)
    expect(page.get_by_label("Heuristic")).to_have_value("pdb")
    show_mode(page, "play")  # the Board settings
    page.get_by_label("Board", exact=True).fill(BOARD_4X4.format("rows"))
    page.get_by_role("button", name="Edit").click()
    expect(page.locator("#grid")).to_have_attribute("data-tiles", BOARD_4X4.format("rows"))
    solve_and_wait(page, words)  # the pdb heuristic, its tables read from the cache

    # A new tab, offline too: a 3x3 solved with A* and Manhattan distance.
    other = context.new_page()
    watch.watch(other)
    load(other, site.url + EASY_3X3)
    wait_worker(other)
    click_a_tile_next_to_the_gap(other)
    other.get_by_role("button", name="Restart").click()
    solve_and_wait(other, "Solved in 2 moves.")
    assert watch.page_errors == []
    assert page.evaluate("caches.keys()") == tables_cache  # nothing added, nothing dropped


@contextmanager
def switchable_site(first: Path) -> Iterator[tuple[str, Path]]:
    """A server at one origin whose files can be switched from one build to another, serving
    ``first`` to begin with: yields (its URL, the link that point() moves)."""
    live = first.parent / "live"
    live.symlink_to(first, target_is_directory=True)
    with served(live) as url:
        yield url, live


def build_with_marker(built_site: Path, dest: Path, marker: str, *, later: float = 0) -> str:
    """A copy of the built site with marker.txt saying ``marker``, stamped again (as the build
    would stamp it), its files dated ``later`` seconds on, but for marker.txt; its stamp is
    returned. The 4x4's tables are left out: not used here."""
    shutil.copytree(built_site, dest, ignore=shutil.ignore_patterns("4x4-*.npdb"))
    (dest / "marker.txt").write_text(marker, encoding="utf-8")
    stamp = str(offline.write_service_worker(ROOT / "web", dest))
    for path in dest.rglob("*"):
        if path.name != "marker.txt":
            os.utime(path, (path.stat().st_atime, path.stat().st_mtime + later))
    return stamp


def point(live: Path, build: Path) -> None:
    live.unlink()
    live.symlink_to(build, target_is_directory=True)


MARKER = "async () => (await fetch('marker.txt')).text()"


@pytest.fixture
def cached_context(browser: Browser) -> Iterator[BrowserContext]:
    """A context with the HTTP cache at work, which routing turns off: instead of the guard's
    route, a listener fails the test on any request (the service worker's included) that
    leaves 127.0.0.1."""
    ctx = browser.new_context()
    offsite: list[str] = []
    ctx.on("request", lambda request: is_local(request.url) or offsite.append(request.url))
    yield ctx
    ctx.close()
    assert offsite == [], f"requests left 127.0.0.1: {offsite}"


def test_a_new_build_replaces_the_old_cache_without_a_mix(
    cached_context: BrowserContext, built_site: Path, tmp_path: Path
) -> None:
    context = cached_context
    old = build_with_marker(built_site, tmp_path / "old", "old build")
    # The new build's files are newer, as a deploy's are, but for marker.txt, dated as the
    # old one to the second: the HTTP cache's copy of it (or a revalidation, a 304) is the
    # old text, which the service worker must refuse (its hash is not the new build's) and
    # fetch again.
    new = build_with_marker(built_site, tmp_path / "new", "new build", later=5)
    old_marker = (tmp_path / "old" / "marker.txt").stat().st_mtime
    os.utime(tmp_path / "new" / "marker.txt", (old_marker, old_marker))
    assert old != new
    with switchable_site(tmp_path / "old") as (url, live):
        first = context.new_page()
        load(first, url)
        wait_worker(first)
        assert wait_offline_copy(first, tmp_path / "old")["caches"] == {
            old: len(build_stamp(tmp_path / "old")["files"])
        }
        first.close()

        point(live, tmp_path / "new")  # the new build goes up
        second = context.new_page()
        load(second, url)
        wait_worker(second)
        # This page is the old build's, whole, though the server has the new one ...
        assert second.evaluate(MARKER) == "old build"
        # ... while the new build installs beside it and waits.
        for _ in range(600):
            copy = second.evaluate(OFFLINE_COPY)
            if copy["waiting"] == "installed":
                break
            second.wait_for_timeout(100)
        assert copy["waiting"] == "installed" and set(copy["caches"]) == {old, new}
        assert second.evaluate(MARKER) == "old build"
        second.close()

        # Every tab of the old build closed: the next visit is the new build's, its cache alone.
        third = context.new_page()
        load(third, url)
        wait_worker(third)
        assert third.evaluate(MARKER) == "new build"
        copy = wait_offline_copy(third, tmp_path / "new")
        assert copy["controlled"] and set(copy["caches"]) == {new}
        point(live, tmp_path / "old")  # the server's files no longer matter: the page is cached
        assert third.evaluate(MARKER) == "new build"


def test_webassembly_of_another_build_in_the_http_cache_is_refused(
    cached_context: BrowserContext, built_site: Path, tmp_path: Path
) -> None:
    """The service worker takes Pyodide's WebAssembly from the HTTP cache (where Chromium
    keeps its compiled code) only if it is this build's: here the server has other bytes
    and the HTTP cache is empty, so it asks the server, refuses the answer, and serves its
    own copy from Cache Storage."""
    dest = shutil.copytree(built_site, tmp_path / "dist", ignore=shutil.ignore_patterns("4x4-*"))
    with served(dest) as url:
        first = cached_context.new_page()
        load(first, url)
        wait_worker(first)
        wait_offline_copy(first, dest)
        first.close()

        wasm = dest / "pyodide" / "pyodide.asm.wasm"
        wasm.write_bytes(b"\0asm" + bytes(64))  # not this build's (nor any Pyodide)
        asked: list[str] = []  # what the service worker fetched itself

        def keep(request: Request) -> None:
            if request.service_worker is not None:
                asked.append(request.url)

        cached_context.on("request", keep)
        second = cached_context.new_page()
        cached_context.new_cdp_session(second).send("Network.clearBrowserCache")
        load(second, url + EASY_3X3)
        wait_worker(second)
        assert second.evaluate(OFFLINE_COPY)["controlled"]
        assert f"{url}pyodide/pyodide.asm.wasm" in asked  # the server was asked ...
        solve_and_wait(second, "Solved in 2 moves.")  # ... and the cached copy served


def test_under_a_subpath_every_request_stays_inside_it(
    context: BrowserContext, page: Page, watch: PageWatch, built_site: Path
) -> None:
    with served_under(built_site, "/npuzzle") as origin:
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(origin + "/index.html", timeout=10)
        site = origin + "/npuzzle/"
        load(page, site + "#board=1,2,3/4,0,6/7,5,8&algorithm=astar&heuristic=pdb")
        wait_worker(page)
        solve_and_wait(page, "Solved in 2 moves.")  # its table from /npuzzle/pdb/
        page.get_by_label("Heuristic").select_option("manhattan")
        show_mode(page, "play")  # the Board settings
        page.get_by_label("Board", exact=True).fill("8,6,7/2,5,4/3,0,1")
        page.get_by_role("button", name="Edit").click()
        solve_and_wait(page, "Solved in 31 moves.")
        copy = wait_offline_copy(page, built_site)
        assert copy["scope"] == site
        # The service worker, its files and the tables: all under /npuzzle/, none a 404.
        seen = set(watch.requests)
        assert site + "service-worker.js" in seen and site + "pyodide/pyodide.asm.wasm" in seen
        assert site + "index.html" in seen  # asked for by the service worker alone (the page
        # was opened as /npuzzle/): the guard sees the service worker's requests too
        assert any(url.startswith(site + "pdb/") and url.endswith(".npdb") for url in seen)
        assert sorted(url for url in seen if not url.startswith(site)) == []
        assert watch.http_errors == [] and watch.page_errors == []
        assert page.evaluate("location.pathname") == "/npuzzle/"
