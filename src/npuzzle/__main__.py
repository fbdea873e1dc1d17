"""``python -m npuzzle``: the same as the ``npuzzle`` command."""

import sys

from npuzzle.cli import main

if __name__ == "__main__":  # importing it (as the doctest collector does) runs nothing
    sys.exit(main())
