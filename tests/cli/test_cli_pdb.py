"""``npuzzle pdb`` and its disk cache: damaged tables, a cache that cannot keep them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle.heuristics import pdbbuild, pdbcache

NAME = "2x2-exact-0.npdb"  # the one table of the 2x2: built in a moment


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """NPUZZLE_CACHE set to a folder of its own (not made yet), no table in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("NPUZZLE_CACHE", str(folder))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    return folder


def test_pdb_builds_again_a_damaged_table_says_so_and_copies_the_whole_one(cli, cache, tmp_path):
    out = tmp_path / "out"
    assert cli("pdb", "--size", "2x2")[0] == 0
    whole = (cache / NAME).read_bytes()
    damaged = bytearray(whole)
    damaged[len(damaged) // 2] ^= 1
    (cache / NAME).write_bytes(damaged)
    pdbbuild._loaded.clear()
    code, stdout, err = cli("pdb", "--size", "2x2", "--out", str(out))
    assert code == 0
    assert f"npuzzle: pattern database {NAME} in {cache} was damaged" in err
    assert f"built  {NAME}" in stdout and f"{len(whole):>10,}  {cache / NAME}" in stdout
    assert (out / NAME).read_bytes() == (cache / NAME).read_bytes() == whole
    pdbcache.decode(NAME, (out / NAME).read_bytes())


def _a_file(tmp_path):
    (tmp_path / "a-file").write_text("")
    return tmp_path / "a-file"


# where the cache cannot keep a table, and what the message must say of it
UNKEEPABLE = {
    "a file": (_a_file, "{path} is a file, not a folder", "point NPUZZLE_CACHE at a folder"),
    "under a file": (
        lambda tmp: _a_file(tmp) / "cache",
        "{path} cannot be made: Not a directory",
        "point NPUZZLE_CACHE at a folder",
    ),
    "in /proc": (lambda tmp: "/proc/npz", "/proc/npz cannot be made", "point NPUZZLE_CACHE at"),
    "a folder for the table": (
        lambda tmp: tmp / "cache",
        "{path}/" + NAME + " is a folder, not a table",
        "remove it",
    ),
}


@pytest.mark.parametrize("kind", UNKEEPABLE)
def test_a_cache_that_cannot_keep_a_table_is_one_true_line(cli, tmp_path, monkeypatch, kind):
    make, why, advice = UNKEEPABLE[kind]
    path = make(tmp_path)
    if kind == "a folder for the table":
        (path / NAME).mkdir(parents=True)
    monkeypatch.setenv("NPUZZLE_CACHE", str(path))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    why = why.format(path=path)
    # pdb refuses before building: it is there to fill the cache
    code, out, err = cli("pdb", "--size", "2x2")
    assert (code, out) == (1, "") and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"npuzzle: pattern database {NAME} cannot be kept ({why}")
    assert advice in err
    # a search builds the table, answers, and says it is built again each run, and why
    code, out, err = cli("solve", "3,1/0,2", "-a", "idastar", "-H", "pdb", "--json")
    assert code == 0 and json.loads(out)["length"] == 3
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"cannot be kept ({why}" in err and "so it is built again each run" in err
    assert advice in err and "to keep in" not in err


def test_without_npuzzle_cache_the_advice_is_to_set_it(cli, tmp_path, monkeypatch):
    monkeypatch.delenv("NPUZZLE_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(_a_file(tmp_path)))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    code, _out, err = cli("pdb", "--size", "2x2")
    assert code == 1 and "set NPUZZLE_CACHE to a folder you can write" in err


FULL_DISK = """
mount -t tmpfs -o size=4k tmpfs "$CACHE" || exit 1
for run in 1 2; do "$PYTHON" -m npuzzle solve 2,3,0,7/1,6,5,4 -a idastar -H pdb; done
echo "left: $(ls -A "$CACHE")"
"""


def test_a_full_small_filesystem_leaves_no_partial_file(tmp_path):
    """A real full disk: a 4 kB tmpfs (one page) as NPUZZLE_CACHE, in a namespace of our own
    (``unshare``, from util-linux: no root needed; the test machines, Debian, allow user
    namespaces). The 4x2's table takes 7 kB."""
    assert shutil.which("unshare"), "unshare (util-linux) is needed to make a small filesystem"
    cache = tmp_path / "cache"
    cache.mkdir()
    env = {**os.environ, "CACHE": str(cache), "PYTHON": sys.executable, "NPUZZLE_CACHE": str(cache)}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    run = subprocess.run(["unshare", "-rm", "sh", "-c", FULL_DISK], env=env, capture_output=True,
                         text=True, timeout=120, check=False)  # fmt: skip
    assert run.returncode == 0, f"cannot make a small filesystem here: {run.stderr.strip()}"
    assert run.stdout.count("length     22 (optimal)") == 2
    assert run.stdout.endswith("\nleft: \n")  # no partial file was left
    lines = run.stderr.splitlines()
    assert len(lines) == 4 and "Traceback" not in run.stderr
    for building, failed in zip(lines[::2], lines[1::2], strict=True):
        assert building == "npuzzle: building pattern database 4x2-exact-0.npdb, to keep in " + str(
            cache
        )
        assert "cannot be kept" in failed and "No space left on device" in failed
        assert failed.endswith(
            "so it is built again each run; "
            "free some space there or point NPUZZLE_CACHE at another folder"
        )


# ----- the large table ---------------------------------------------------------------------------
LARGE = "4x4-pairs-0.1.2.4.5.6.7.npdb"
TABLES = Path(__file__).resolve().parents[2] / "prebuilt"  # the large tables, committed


@pytest.fixture
def no_large_build(monkeypatch):
    """A large table built on the way would take 13 minutes: here, a failure."""
    real = pdbbuild.build

    def build(name, progress=None):
        assert not pdbbuild.large(name), f"{name} was built"
        return real(name, progress)

    monkeypatch.setattr(pdbbuild, "build", build)


def test_pdb_large_takes_the_committed_table_from_a_folder_and_lists_it(
    cli, cache, no_large_build, monkeypatch
):
    code, out, err = cli("pdb", "--large", "--from", str(TABLES))
    assert (code, err) == (0, "")
    committed = (TABLES / LARGE).read_bytes()
    assert out.splitlines() == [
        f"took   {LARGE}  from {TABLES}",
        f"{len(committed):>10,}  {cache / LARGE}",
        f"{len(committed):>10,}  bytes in 1 files",
    ]
    assert (cache / LARGE).read_bytes() == committed
    # now at hand: the pdb heuristic of a 4x4 corner goal takes it, and says so
    monkeypatch.setattr(pdbbuild, "use_large", True)
    code, out, err = cli("solve", "1,2,3,0/4,5,6,7/8,9,10,11/12,13,14,15", "--goal", "blank-first",
                         "-a", "idastar", "-H", "pdb")  # fmt: skip
    assert code == 0 and "length     3 (optimal)" in out
    assert f"tables     7-7-1 x2, the large table {LARGE}\n" in out


def test_pdb_from_refuses_a_damaged_table_and_keeps_nothing_of_it(cli, cache, tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    data = bytearray(pdbcache.encode(NAME, pdbbuild.build(NAME)))
    data[-3] ^= 1
    (source / NAME).write_bytes(data)
    code, out, err = cli("pdb", "--size", "2x2", "--from", str(source))
    assert (code, out) == (2, "") and f"pattern database {NAME} is damaged" in err
    assert not (cache / NAME).exists()
    code, out, err = cli("pdb", "--size", "2x2", "--from", str(source / NAME))
    assert code == 2 and "not a folder" in err


def test_pdb_large_on_a_shape_without_one_says_so(cli, cache):
    code, out, err = cli("pdb", "--large", "--size", "3x3")
    assert (code, out) == (2, "") and "3x3 has no large table (only the 4x4 has one)" in err
    assert not cache.exists()


def test_solve_with_pdb_names_the_tables_it_read(cli, cache):
    code, out, _err = cli("solve", "3,1/0,2", "-a", "idastar", "-H", "pdb")
    assert code == 0 and "\ntables     exact\n" in out
    code, out, _err = cli("solve", "3,1/0,2", "-a", "idastar", "-H", "manhattan")
    assert code == 0 and "tables" not in out
