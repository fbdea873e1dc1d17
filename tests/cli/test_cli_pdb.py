"""``npuzzle pdb`` and its disk cache: damaged tables, a cache that cannot keep them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

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
