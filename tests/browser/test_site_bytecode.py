"""The site's Python shipped as bytecode (buildsite/bytecode.py and bytecode.mjs): there
for every module, made from the very sources shipped, used by both interpreters of the page,
and a build without Node still ships the sources."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sitekit import READY_TIMEOUT_MS, PageWatch, served

from buildsite import assemble, offline
from buildsite.layout import NODE_MODULES, PACKAGE_ZIP, ROOT, STDLIB_ZIP
from buildsite.page import ENTRY_SCRIPTS

PYODIDE = NODE_MODULES / "pyodide"
CACHE_TAG = "cpython-314"  # the Python of the site's Pyodide (a new one fails the first test)
# A hash-based .pyc's flags (PEP 552): bit 0 hash-based, bit 1 the import checks the source.
UNCHECKED, CHECKED = 0b01, 0b11


def helper_modules() -> list[str]:
    """The page's helper modules: web/**/*.py but the entry scripts (served as files)."""
    web = ROOT / "web"
    return sorted(p.name for p in web.rglob("*.py") if p.name not in ENTRY_SCRIPTS)


def cached(source: str) -> str:
    """Where the import looks for a source's bytecode: __pycache__ beside it."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{CACHE_TAG}.pyc".lstrip("/")


def flags(pyc: bytes) -> int:
    return int.from_bytes(pyc[4:8], "little")


def test_every_module_has_its_bytecode(built_site: Path) -> None:
    with zipfile.ZipFile(built_site / PACKAGE_ZIP) as zf:
        names = set(zf.namelist())
        sources = sorted(n for n in names if n.endswith(".py"))
        assert "npuzzle/heuristics/pdb.py" in sources
        # The package's bytecode travels with its sources: the import need not check them.
        for source in sources:
            assert flags(zf.read(cached(source))) == UNCHECKED, source
        # The helper modules are served as files apart from their bytecode: it is checked.
        for module in helper_modules():
            assert module not in names
            assert flags(zf.read(cached(module))) == CHECKED, module
        expected = {cached(s) for s in sources} | {cached(m) for m in helper_modules()}
        assert {n for n in names if n.endswith(".pyc")} == expected
    # The standard library: bytecode alone, as Pyodide's py-compiled distribution ships it.
    with zipfile.ZipFile(built_site / "pyodide" / STDLIB_ZIP) as zf:
        stdlib = set(zf.namelist())
    for module in ("asyncio/__init__", "dataclasses", "typing", "json/decoder", "zipfile/__init__"):
        assert f"{module}.pyc" in stdlib and f"{module}.py" not in stdlib, module


# Run by Node with the site's Pyodide: each .pyc of the build against the source it stands
# for: Pyodide's magic number, the source's hash, and the same code as the source compiled.
VERIFY = """
import {{ loadPyodide }} from {runtime};
const pyodide = await loadPyodide({{ indexURL: {index} }});
for (const [folder, host] of [["/site", {site}], ["/npm", {npm}]]) {{
  pyodide.FS.mkdirTree(folder);
  pyodide.mountNodeFS(folder, host);
}}
try {{
  console.log(pyodide.runPython({probe}));
}} catch (error) {{
  console.error(error.message);  // the Python traceback alone
  process.exit(1);
}}
"""
PROBE = """
import importlib.util, json, marshal, sys, zipfile
wrong = []
def check(name, pyc, source, flags):
    if pyc[:4] != importlib.util.MAGIC_NUMBER:
        wrong.append(f"{name}: another Python's magic number")
    elif int.from_bytes(pyc[4:8], "little") != flags:
        wrong.append(f"{name}: flags {pyc[4:8].hex()}")
    elif pyc[8:16] != importlib.util.source_hash(source):
        wrong.append(f"{name}: not the hash of the source shipped")
    elif marshal.loads(pyc[16:]) != compile(source, name, "exec", dont_inherit=True):
        wrong.append(f"{name}: not the code of the source shipped")
zf = zipfile.ZipFile("/site/npuzzle.zip")
count = 0
for name in zf.namelist():
    folder, found, file = name.rpartition("__pycache__/")
    if not found:
        continue
    source = folder + file.split(".")[0] + ".py"
    if folder:
        check(name, zf.read(name), zf.read(source), 0b01)
    else:
        check(name, zf.read(name), open("/site/" + source, "rb").read(), 0b11)
    count += 1
stdlib = zipfile.ZipFile("/site/pyodide/python_stdlib.zip")
sources = zipfile.ZipFile("/npm/python_stdlib.zip")
for name in stdlib.namelist():
    if name.endswith(".pyc"):
        check(name, stdlib.read(name), sources.read(name[:-1]), 0b01)
        count += 1
json.dumps({"checked": count, "wrong": wrong})
"""


def run_in_pyodide(site: Path, tmp_path: Path, probe: str) -> str:
    """The value of probe's last line, run by Node in the site's Pyodide, with the built
    site at /site and node_modules/pyodide at /npm."""
    node = shutil.which("node")
    assert node, "node not found: the README's test command installs it"
    script = tmp_path / "probe.mjs"
    script.write_text(
        VERIFY.format(
            runtime=json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
            index=json.dumps(f"{PYODIDE}/"),
            site=json.dumps(str(site)),
            npm=json.dumps(str(PYODIDE)),
            probe=json.dumps(probe),
        ),
        encoding="utf-8",
    )
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout.strip().splitlines()[-1]


def test_bytecode_is_the_sources_shipped(built_site: Path, tmp_path: Path) -> None:
    report = json.loads(run_in_pyodide(built_site, tmp_path, PROBE))
    assert report["wrong"] == []
    assert report["checked"] > 500  # the package, the helper modules, the standard library


# The page's helper modules as a visit could get them while a new build is published: a
# source of another build beside this build's bytecode. The import runs the source.
MIXED = """
import sys, zipfile
zipfile.ZipFile("/site/npuzzle.zip").extractall("/home/pyodide/site")
with open("/site/status.py") as source:
    text = source.read()
with open("/home/pyodide/site/status.py", "w") as source:
    source.write(text + "\\nBUILD_PROBE = 'newer source'\\n")
sys.path.insert(0, "/home/pyodide/site")
import status
getattr(status, "BUILD_PROBE", "stale bytecode")
"""


def test_a_helper_module_of_another_build_runs_from_source(
    built_site: Path, tmp_path: Path
) -> None:
    assert run_in_pyodide(built_site, tmp_path, MIXED) == "newer source"


def test_both_interpreters_run_the_bytecode(
    built_site: Path, tmp_path: Path, page: Page, watch: PageWatch
) -> None:
    """A build whose package source says another version than its bytecode: the page and
    the solver worker both report the bytecode's (from sources, the page would say the
    source's version, or, if one interpreter alone read them, that the worker differs)."""
    dest = shutil.copytree(built_site, tmp_path / "dist")
    archive = dest / PACKAGE_ZIP
    with zipfile.ZipFile(archive) as zf:
        files = {name: zf.read(name) for name in zf.namelist()}
    init = files["npuzzle/__init__.py"].decode("utf-8")
    version = re.search(r'^__version__ = "(.*)"$', init, re.MULTILINE)
    assert version is not None
    files["npuzzle/__init__.py"] = init.replace(
        version[0], '__version__ = "read from source"'
    ).encode("utf-8")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    offline.write_service_worker(ROOT / "web", dest)  # the zip's new hash
    with served(dest) as url:
        page.goto(url)
        page.wait_for_selector(
            "body[data-worker-ready]", state="attached", timeout=READY_TIMEOUT_MS
        )
        expect(page.locator("#status")).to_contain_text(f"npuzzle {version[1]} ready")
        assert page.evaluate("document.body.dataset.workerReady") == "true"
    assert watch.page_errors == []


def test_without_node_the_site_ships_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    dest = assemble.build(tmp_path / "dist")
    assert "warning: no bytecode (node not found on PATH)" in capsys.readouterr().err
    with zipfile.ZipFile(dest / PACKAGE_ZIP) as zf:
        names = zf.namelist()
    assert "npuzzle/__init__.py" in names
    assert not [n for n in names if "__pycache__" in n]
    stdlib = (dest / "pyodide" / STDLIB_ZIP).read_bytes()
    assert stdlib == (PYODIDE / STDLIB_ZIP).read_bytes()
