"""Build and serve the npuzzle static web site.

    python3 build.py                  assemble dist/ from scratch
    python3 build.py build [--dest D] the same, into another folder
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1

The build itself is the package buildsite/ beside this file (its docstring maps it).
"""

import sys

from buildsite.cli import main

if __name__ == "__main__":
    sys.exit(main())
