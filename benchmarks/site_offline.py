"""How long the service worker takes to keep the site on a cold visit, and what it downloads.

Each run is a freshly launched headless Chromium (empty caches) opening the site. main.py
registers web/service-worker.js once the solver worker has answered (``data-worker-ready``);
from that moment until the worker is activated with the whole build in its cache is the
install time. Also: the files and bytes the build lists, the bytes the service worker's own
requests received (the HTTP cache revalidated most of what the page had just loaded), and
the time a reload takes with the network off.

    .venv/bin/python benchmarks/site_offline.py [--runs N] [--dist DIR] [--chromium PATH]

Builds the site into a temporary folder unless ``--dist`` names a built one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Request, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from sitekit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    build_stamp,
    served,
    wait_offline_copy,
    wait_worker,
)

from buildsite import assemble  # noqa: E402


def one_visit(browser_path: str, url: str, dest: Path) -> tuple[float, int, float]:
    """(seconds to install, bytes the service worker received, seconds to reload offline)."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
        context = browser.new_context()
        received: list[int] = []

        def note(request: Request) -> None:
            if request.service_worker is not None:
                received.append(request.sizes()["responseBodySize"])

        context.on("requestfinished", note)
        page = context.new_page()
        page.goto(url)
        wait_worker(page)
        start = time.perf_counter()
        wait_offline_copy(page, dest)
        install = time.perf_counter() - start
        context.set_offline(True)
        start = time.perf_counter()
        page.reload()
        wait_worker(page)
        offline = time.perf_counter() - start
        browser.close()
        return install, sum(received), offline


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, help="a built site (default: build one)")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dest = args.dist or assemble.build(Path(tmp) / "dist")
        files = build_stamp(dest)["files"]
        size = sum((dest / name).stat().st_size for name in files)
        print(f"precache: {len(files)} files, {size:,} bytes ({size / 1e6:.1f} MB)")
        with served(dest) as url:
            runs = [one_visit(args.chromium, url, dest) for _ in range(args.runs)]
    for label, values, unit in (
        ("install after data-worker-ready", [r[0] for r in runs], "s"),
        ("bytes the service worker received", [r[1] / 1e6 for r in runs], "MB"),
        ("offline reload to data-worker-ready", [r[2] for r in runs], "s"),
    ):
        print(
            f"{label}: median {statistics.median(values):.2f} {unit} "
            f"(min {min(values):.2f}, max {max(values):.2f}, {len(values)} runs)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
