"""The command line of build.py: build (the default) or build and serve; a BuildError is one
line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from buildsite import assemble
from buildsite.layout import DEFAULT_DEST, BuildError
from buildsite.serve import serve


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Build or serve the npuzzle static site.")
    sub = parser.add_subparsers(dest="command")
    build_cmd = sub.add_parser("build", help="assemble the site (the default)")
    build_cmd.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="output folder")
    serve_cmd = sub.add_parser("serve", help="build, then serve on 127.0.0.1")
    serve_cmd.add_argument("--dest", type=Path, default=DEFAULT_DEST, help="output folder")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.command or "build"
    dest: Path = getattr(args, "dest", DEFAULT_DEST)
    try:
        out = assemble.build(dest)
        print(f"built {out} ({assemble.tree_size(out) / 1e6:.1f} MB)", flush=True)
        if command == "serve":
            serve(out, args.port)
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 2
    return 0
