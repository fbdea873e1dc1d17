"""The npuzzle package as the site ships it: its sources and data in one zip that PyScript
unpacks into the browser's file system, beside the page's modules, so that `import npuzzle`
works there as here.

bytecode.py writes the same zip with the compiled modules added; this one, sources alone, is
what a build without Node ships.
"""

from __future__ import annotations

from pathlib import Path

from buildsite.files import files_under, zip_files
from buildsite.layout import BuildError

PACKAGE_SUFFIXES = frozenset({".py", ".typed"})


def package_files(package_dir: Path) -> list[Path]:
    """The files of the package that the site ships (its sources and data)."""
    if not (package_dir / "__init__.py").is_file():
        raise BuildError(f"{package_dir / '__init__.py'} is missing: nothing to ship")
    return files_under(package_dir, PACKAGE_SUFFIXES)


def zip_name(package_dir: Path, path: Path) -> str:
    """A file's name in the zip: <package>/<path in the package>, with /."""
    return (Path(package_dir.name) / path.relative_to(package_dir)).as_posix()


def zip_package(package_dir: Path, archive: Path) -> Path:
    """Zip the package as <name>/..., ready to unpack into a folder on sys.path."""
    names = [zip_name(package_dir, p) for p in package_files(package_dir)]
    return zip_files(package_dir.parent, names, archive)
