"""The Pyodide snapshot (build.py's section "snapshot", snapshot.mjs, web/start-pyodide.mjs):
made by the build with the standard library the page imports, and nothing of npuzzle; both
interpreters of the page start from it; random is drawn afresh on each start; a snapshot that
cannot be used leaves a working page; a build without Node makes none."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from sitekit import PageWatch, Site, served, site_build, wait_worker

FALLBACK_WARNING = "npuzzle: Pyodide starts without its snapshot"

# Run by Node: the built site's own start module, twice, as PyScript calls it. Node's fetch
# reads no file: URLs, so fetch is given one that does.
START_TWICE = """
import fs from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
globalThis.fetch = async (url) => new Response(fs.readFileSync(fileURLToPath(url)));
const start = pathToFileURL(process.argv[2]).href;
const { loadPyodide } = await import(start);
const probe = `
import json, random, sys
json.dumps({"modules": sorted(sys.modules), "random": random.random()})
`;
const runs = [];
for (let i = 0; i < 2; i++) {
  const pyodide = await loadPyodide({ indexURL: fileURLToPath(new URL("./", start)) });
  runs.push({ start: globalThis.npuzzleStart, ...JSON.parse(pyodide.runPython(probe)) });
}
console.log(JSON.stringify(runs));
"""


def start_twice(site: Path, tmp_path: Path) -> list[dict[str, object]]:
    node = shutil.which("node")
    assert node, "node not found: the README's test command installs it"
    script = tmp_path / "start-twice.mjs"
    script.write_text(START_TWICE, encoding="utf-8")
    start = site / site_build.PYODIDE_SUBDIR / site_build.START_MODULE
    run = subprocess.run(
        [node, str(script), str(start)], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    runs: list[dict[str, object]] = json.loads(run.stdout.strip().splitlines()[-1])
    return runs


def test_the_build_starts_pyodide_from_its_snapshot(built_site: Path) -> None:
    config = json.loads((built_site / site_build.CONFIG_NAME).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./pyodide/start-pyodide.mjs"
    pyodide = built_site / "pyodide"
    assert (pyodide / "start-pyodide.mjs").read_bytes() == (
        site_build.WEB_DIR / "start-pyodide.mjs"
    ).read_bytes()
    memory = gzip.decompress((pyodide / site_build.SNAPSHOT_NAME).read_bytes())
    assert memory.startswith(b"\0snp")  # Pyodide's mark of a memory snapshot
    assert len(memory) > 16 * 2**20  # a started Python's memory, whole


def test_the_snapshot_holds_the_standard_library_and_random_is_drawn_afresh(
    built_site: Path, tmp_path: Path
) -> None:
    first, second = start_twice(built_site, tmp_path)
    assert first["start"] == second["start"] == "snapshot"
    modules = set(first["modules"])  # type: ignore[call-overload]
    # What the page's Python imports from the standard library, PyScript's included...
    assert {"asyncio", "dataclasses", "enum", "json", "inspect", "base64", "html"} <= modules
    # ...and nothing of npuzzle or of the page: those come from this build's files.
    assert not {m for m in modules if m.split(".")[0] in {"npuzzle", "pyscript", "grid", "main"}}
    # Random is seeded on each start, not the build's frozen state.
    assert first["random"] != second["random"]


def test_both_interpreters_start_from_the_snapshot(
    page: Page, site: Site, watch: PageWatch
) -> None:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(site.url)
    wait_worker(page)
    assert page.evaluate("globalThis.npuzzleStart") == "snapshot"
    assert [w.evaluate("globalThis.npuzzleStart") for w in page.workers] == ["snapshot"]
    assert not [w for w in warnings if FALLBACK_WARNING in w]
    assert watch.page_errors == [] and watch.console_errors == []


def test_a_snapshot_that_cannot_be_used_leaves_a_working_page(
    built_site: Path, tmp_path: Path, page: Page, watch: PageWatch
) -> None:
    """Another Pyodide's snapshot, say, or a damaged one: Pyodide starts without it."""
    dest = shutil.copytree(built_site, tmp_path / "dist")
    (dest / "pyodide" / site_build.SNAPSHOT_NAME).write_bytes(gzip.compress(b"\0" * 65536))
    site_build.write_service_worker(site_build.WEB_DIR, dest)  # the file's new hash
    warnings: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        if message.type == "warning" and FALLBACK_WARNING in message.text:
            warnings.append(message.text)

    page.on("console", keep)
    with served(dest) as url:
        page.goto(url + "#board=1,2,3/4,5,6/7,0,8")
        wait_worker(page)
        assert page.evaluate("globalThis.npuzzleStart") == "plain"
        page.get_by_role("button", name="Solve").click()
        expect(page.locator("#status")).to_have_text("Solved in 1 move.", timeout=30_000)
    assert len(warnings) == 2  # the page's interpreter and the solver worker's
    assert watch.page_errors == []


def test_without_node_the_site_starts_pyodide_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    dest = site_build.build(tmp_path / "dist")
    assert "warning: no Pyodide snapshot (node not found on PATH)" in capsys.readouterr().err
    config = json.loads((dest / site_build.CONFIG_NAME).read_text(encoding="utf-8"))
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert not (dest / "pyodide" / site_build.SNAPSHOT_NAME).exists()
    assert not (dest / "pyodide" / site_build.START_MODULE).exists()
