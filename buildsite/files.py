"""Listing, copying and zipping files: the three things every step of the build does.

Archives get fixed timestamps and modes, so that two builds of the same sources are the same
bytes (and the service worker's stamp, a hash of them, changes only when a file does).
"""

from __future__ import annotations

import shutil
import zipfile
from collections.abc import Iterable
from pathlib import Path


def copy_file(src: Path, dst: Path) -> None:
    """Copy src to dst, making dst's folder first."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def files_under(folder: Path, suffixes: Iterable[str] | None = None) -> list[Path]:
    """The files under folder (sorted; none in __pycache__), only those ending in one of
    suffixes if given."""
    wanted = frozenset(suffixes) if suffixes is not None else None
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and (wanted is None or path.suffix in wanted)
    )


def zip_files(folder: Path, names: Iterable[str], archive: Path) -> Path:
    """Zip the files of folder named (paths relative to it, with /), ready to unpack into a
    folder on sys.path."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(names):
            # Fixed timestamps keep the archive byte-identical between builds.
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (folder / name).read_bytes())
    return archive
