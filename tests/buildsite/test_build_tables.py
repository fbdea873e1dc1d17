"""The site's pattern databases: every one checked as it is copied, a damaged one rebuilt; the
large one copied from prebuilt/, checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from buildsite.layout import TABLES_DIR, TABLES_INDEX, BuildError
from buildsite.tables import copy_tables
from npuzzle.heuristics import pdbbuild, pdbcache

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "npuzzle"
NAMES = ["2x2-exact-0.npdb", "3x2-exact-0.npdb"]


def test_a_damaged_table_in_the_cache_is_built_again_never_shipped(tmp_path, monkeypatch, capsys):
    cache, site = tmp_path / "cache", tmp_path / "site"
    monkeypatch.setenv("NPUZZLE_CACHE", str(cache))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    monkeypatch.setattr(pdbbuild, "shipped_names", lambda: NAMES)
    copy_tables(PACKAGE, site, jobs=1)
    whole = (cache / NAMES[1]).read_bytes()
    damaged = bytearray(whole)
    damaged[len(damaged) // 2] ^= 1
    (cache / NAMES[1]).write_bytes(damaged)
    capsys.readouterr()
    copy_tables(PACKAGE, site, jobs=1)
    out = capsys.readouterr().out
    assert f"build.py: pattern database {NAMES[1]} in {cache} was damaged" in out
    assert f"built pattern database {NAMES[1]}" in out and NAMES[0] not in out
    for name in NAMES:
        assert (site / name).read_bytes() == (cache / name).read_bytes()
        pdbcache.decode(name, (site / name).read_bytes())
    assert (site / NAMES[1]).read_bytes() == whole


LARGE = "4x4-pairs-0.1.2.4.5.6.7.npdb"


def test_the_large_table_is_copied_from_tables_checked_never_built_or_cached(tmp_path, monkeypatch):
    cache, site = tmp_path / "cache", tmp_path / "site"
    monkeypatch.setenv("NPUZZLE_CACHE", str(cache))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    monkeypatch.setattr(pdbbuild, "shipped_names", lambda: NAMES)
    copy_tables(PACKAGE, site, jobs=1)
    committed = (TABLES_DIR / LARGE).read_bytes()
    assert (site / LARGE).read_bytes() == committed and not (cache / LARGE).exists()
    index = json.loads((site / TABLES_INDEX).read_text())["tables"]
    assert index == {name: (site / name).stat().st_size for name in [*NAMES, LARGE]}
    assert index[LARGE] == len(committed)
    # a damaged copy stops the build with the file's name, and ships nothing of it
    damaged, other = bytearray(committed), tmp_path / "damaged"
    damaged[len(damaged) // 2] ^= 1
    other.mkdir()
    (other / LARGE).write_bytes(damaged)
    with pytest.raises(BuildError, match=f"pattern database {LARGE} is damaged"):
        copy_tables(PACKAGE, tmp_path / "site2", jobs=1, prebuilt=other)
    assert not (tmp_path / "site2" / LARGE).exists()
    with pytest.raises(BuildError, match="cannot be read"):
        copy_tables(PACKAGE, tmp_path / "site3", jobs=1, prebuilt=tmp_path / "none")
