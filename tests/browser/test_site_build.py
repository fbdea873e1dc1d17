"""The build (build.py, buildsite/): what dist/ holds, and how it is served."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest
from sitekit import Site

from buildsite import assemble, cli, page, storagefix
from buildsite.layout import ROOT, BuildError

# Any http(s) URL whose host is not 127.0.0.1, but for the SVG namespace (a name, never
# fetched: the SVG icon's xmlns).
OFFSITE_URL = re.compile(
    rb"https?://(?!127\.0\.0\.1(?![\w.-])|www\.w3\.org/2000/svg\b)[A-Za-z0-9][\w.-]*"
)
# The runtimes name URLs in their messages (emscripten.org in an error text, say); what they
# fetch is checked in the browser, where every request is guarded.
VENDORED = ("pyodide", "pyscript", "micropython")


def test_dist_contents(built_site: Path) -> None:
    for name in (
        "index.html",
        "main.py",
        "worker.py",
        "helper.py",
        "pyscript.json",
        "npuzzle.zip",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "pyscript/core.js",
        "pyscript/core.css",
    ):
        assert (built_site / name).is_file(), name
    assert not list(built_site.rglob("*.map"))
    # Every chunk that core.js imports was copied.
    core = (built_site / "pyscript" / "core.js").read_text(encoding="utf-8")
    for chunk in re.findall(r"\./([\w.-]+\.js)", core):
        assert (built_site / "pyscript" / chunk).is_file(), chunk


def test_web_folders_are_served_side_by_side(built_site: Path) -> None:
    """web/page/, web/worker/ and web/opening/ tell where each module runs; the site serves
    them all at its root, where Pyodide and MicroPython import them by name."""
    web = ROOT / "web"
    sources = [p for p in web.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert {p.parent.name for p in sources if p.suffix == ".py"} >= {"page", "worker", "opening"}
    for source in sources:
        if source.name == "service-worker.js":  # written with the build's stamp
            continue
        assert (built_site / source.name).read_bytes() == source.read_bytes(), source
    assert not any((built_site / folder).exists() for folder in ("page", "worker", "opening"))


def test_two_web_files_named_alike_are_refused(tmp_path: Path) -> None:
    web = tmp_path / "web"
    for path in ("index.html", "page/view.py", "worker/view.py"):
        (web / path).parent.mkdir(parents=True, exist_ok=True)
        (web / path).write_text("", encoding="utf-8")
    with pytest.raises(BuildError, match="named alike"):
        page.copy_web(web, tmp_path / "dest")


def test_config_is_local(built_site: Path) -> None:
    config = json.loads((built_site / "pyscript.json").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    # the package zip, unpacked, and each helper module of the page (not the entry scripts)
    helpers = sorted(p.name for p in (ROOT / "web").rglob("*.py"))
    helpers = [h for h in helpers if h not in ("main.py", "worker.py", "helper.py", "opening.py")]
    assert "stepper.py" in helpers and "tables.py" in helpers
    assert config["files"] == {"./npuzzle.zip": "./*", **{f"./{h}": f"./{h}" for h in helpers}}
    for source in config["files"]:
        assert (built_site / source).is_file()
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert '<py-config src="./pyscript.json">' in html
    assert 'src="./pyscript/core.js"' in html
    # The opening runs in the MicroPython copied into the site, never one from elsewhere.
    opening = json.loads((built_site / "opening.json").read_text(encoding="utf-8"))
    assert opening == {
        "interpreter": "./micropython/micropython.mjs",
        "files": {"./gridcommon.py": "./gridcommon.py"},  # the grid's markup, as the page's
    }
    assert 'src="./opening.py" config="./opening.json"' in html
    for name in ("micropython.mjs", "micropython.wasm"):
        assert (built_site / "micropython" / name).is_file()


def test_zip_holds_the_package(built_site: Path, site: Site) -> None:
    with zipfile.ZipFile(built_site / "npuzzle.zip") as zf:
        names = set(zf.namelist())
        assert "npuzzle/__init__.py" in names
        expected = {
            "npuzzle/" + p.relative_to(site.package_dir).as_posix()
            for p in site.package_dir.rglob("*.py")
            if "__pycache__" not in p.parts
        }
        assert expected <= names
        # Besides the sources, bytecode only (test_site_bytecode.py).
        for name in names - {n for n in names if "/__pycache__/" in f"/{n}"}:
            assert zf.read(name) == (site.package_dir.parent / name).read_bytes(), name


def test_no_offsite_urls_outside_vendored_runtime(built_site: Path) -> None:
    offenders = []
    for path in sorted(built_site.rglob("*")):
        rel = path.relative_to(built_site)
        if not path.is_file() or rel.parts[0] in VENDORED:
            continue
        blobs = {str(rel): path.read_bytes()}
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as zf:
                blobs = {f"{rel}!{n}": zf.read(n) for n in zf.namelist()}
        for name, data in blobs.items():
            offenders += [f"{name}: {m.decode()}" for m in OFFSITE_URL.findall(data)]
    assert offenders == []


def test_sources_name_no_offsite_url() -> None:
    sources = [ROOT / "build.py", *sorted((ROOT / "buildsite").rglob("*"))]
    sources += sorted((ROOT / "web").rglob("*"))
    for path in sources:
        if path.is_file():
            assert OFFSITE_URL.findall(path.read_bytes()) == [], path


@pytest.mark.parametrize(
    ("path", "content_type"),
    [
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("pyscript/core.js", "text/javascript"),
        ("pyscript.json", "application/json"),
        ("index.html", "text/html"),
    ],
)
def test_served_mime_types(site: Site, path: str, content_type: str) -> None:
    request = urllib.request.Request(site.url + path, method="HEAD")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
        assert response.headers.get_content_type() == content_type


def test_rebuild_replaces_dist(tmp_path: Path) -> None:
    dest = tmp_path / "dist"
    assemble.build(dest)
    stale = dest / "stale.txt"
    stale.write_text("left over")
    assemble.build(dest)
    assert not stale.exists()
    assert (dest / "index.html").is_file()


def test_refuses_to_wipe_a_foreign_folder(tmp_path: Path) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("not a build")
    with pytest.raises(BuildError, match="refusing"):
        assemble.build(tmp_path)
    assert keep.exists()


def test_missing_npm_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A project folder without node_modules, on a PATH without node or npm.
    (tmp_path / "package.json").write_text((ROOT / "package.json").read_text(encoding="utf-8"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(BuildError, match="not found on PATH"):
        assemble.build(tmp_path / "dist", root=tmp_path)


def test_cli_reports_errors_on_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fail(dest: Path) -> Path:
        raise BuildError("npm ci failed (exit 1): npm error something")

    monkeypatch.setattr(assemble, "build", fail)
    assert cli.main(["build"]) == 2
    err = capsys.readouterr().err
    assert err == "build.py: error: npm ci failed (exit 1): npm error something\n"


def test_build_py_is_the_command_from_any_folder(tmp_path: Path) -> None:
    """build.py finds buildsite/ beside itself, whatever the working folder and PYTHONPATH."""
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "keep.txt").write_text("not a build")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [sys.executable, os.fspath(ROOT / "build.py"), "build", "--dest", os.fspath(dest)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("build.py: error: refusing to delete")
    assert (dest / "keep.txt").is_file()


def test_pyscript_is_fixed_to_start_where_storage_is_refused(built_site: Path) -> None:
    """buildsite/storagefix.py: the site's PyScript survives a refused IndexedDB (a
    cross-origin frame: test_site_embed.py). Its fixes are in the site's copy alone, and a
    PyScript without the code they fix fails the build, rather than going unfixed."""
    vendored = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    [chunk] = [p for p in (built_site / "pyscript").iterdir() if storagefix.CHUNK.fullmatch(p.name)]
    original = (vendored / chunk.name).read_text(encoding="utf-8")
    fixed = chunk.read_text(encoding="utf-8")
    assert fixed == storagefix.patch_text(original, "core")
    assert fixed != original
    assert len(re.findall(r"onerror\((\w)\)\{\w\(\1\)\}", fixed)) == storagefix.COPIES
    assert fixed.count("=Object.assign(new Map,{sync(){},close(){}})") == storagefix.COPIES
    with pytest.raises(BuildError, match="another PyScript"):
        storagefix.patch_text(fixed, "core")  # already fixed: nothing left to find
    with pytest.raises(BuildError, match=r"storagefix\.py"):
        storagefix.patch_text(original.replace("indexedDB.open", "indexedDB.openDatabase"), "x")
