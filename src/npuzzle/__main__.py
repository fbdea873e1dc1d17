"""``python -m npuzzle``: the same as the ``npuzzle`` command."""

import sys

from .cli import main

sys.exit(main())
