"""The site's pattern databases: every one checked as it is copied, a damaged one rebuilt."""

from __future__ import annotations

from pathlib import Path

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
