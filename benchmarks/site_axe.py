"""axe-core's violations by impact on each view of built sites, light and dark: a table for
issue 12's "before and after".

Each folder given is a site built by build.py (``python build.py build --dest DIR``, at any
commit); it is served on 127.0.0.1 and driven in headless Chromium as the browser test
(tests/browser/test_site_layout.py) drives it, on one page per theme: the main view, the
visualizer at step 4, Compare at the end of a run (where the page has a Compare button) and
the Lab with charts. Each cell: how many rules fail, then each rule with the number of
elements that break it.

    .venv/bin/python benchmarks/site_axe.py DIST [DIST ...] [--chromium PATH]
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from sitekit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    axe_violations,
    compare_at_end,
    lab_with_chart,
    load,
    served,
    step_visualizer,
    wait_worker,
)

IMPACTS = ("critical", "serious", "moderate", "minor")
VIEWS = ("main view", "visualizer at step 4", "Compare at the end", "Lab with charts")


def audit(browser: Browser, url: str, scheme: str) -> dict[str, dict[str, list[str]] | None]:
    """Violations by impact for each view (None: the site has no such view)."""
    # The browser test's viewport (pytest-playwright's default): at 900 px high, on main at
    # ef92d2d, the click on Compare after stepping misses (the grid giving back the board on
    # losing focus moves the button 44 px between mouse down and up).
    page = browser.new_page(viewport={"width": 1280, "height": 720}, color_scheme=scheme)  # type: ignore[arg-type]
    try:
        load(page, url)
        wait_worker(page)
        found: dict[str, dict[str, list[str]] | None] = {"main view": axe_violations(page)}
        step_visualizer(page, 4)
        found["visualizer at step 4"] = axe_violations(page)
        found["Compare at the end"] = None
        if page.locator("#compare-open").count():
            compare_at_end(page)
            found["Compare at the end"] = axe_violations(page)
        lab_with_chart(page)
        found["Lab with charts"] = axe_violations(page)
        return found
    finally:
        page.close()


def cell(rules: list[str] | None) -> str:
    """``2: color-contrast (3), region (1)`` from axe_violations' ``id (count: targets)``."""
    if not rules:
        return "0"
    short = [re.sub(r" \((\d+):.*\)$", r" (\1)", rule) for rule in rules]
    return f"{len(rules)}: {', '.join(short)}"


def row(site: str, view: str, scheme: str, found: dict[str, list[str]] | None) -> str:
    if found is None:
        cells = ["no such view"] * len(IMPACTS)
    else:
        cells = [cell(found.get(impact)) for impact in IMPACTS]
    return f"| {site} | {view} | {scheme} | {' | '.join(cells)} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dists", nargs="+", type=Path, help="built site folders")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args(argv)
    for dist in args.dists:
        if not (dist / "index.html").is_file():
            parser.error(f"{dist} is not a built site (no index.html)")
    print("| site | view | theme | " + " | ".join(IMPACTS) + " |")
    print("|---" * (3 + len(IMPACTS)) + "|")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        try:
            for dist in args.dists:
                with served(dist) as url:
                    for scheme in ("light", "dark"):
                        found = audit(browser, url, scheme)
                        for view in VIEWS:
                            print(row(dist.name, view, scheme, found[view]))
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
