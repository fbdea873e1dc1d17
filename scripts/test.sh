#!/usr/bin/env bash
# The project's checks, in two tiers, on a fresh Debian machine: install what is missing first.
#
#   bash scripts/test.sh                  everything: what CI runs
#   bash scripts/test.sh --fast [ARGS]    the fast tier, while working
#   bash scripts/test.sh ARGS             the checks, then exactly the tests asked for
#
# Each form runs ruff check, ruff format --check and mypy --strict (src, web, buildsite,
# build.py) first.
# - Everything: the pattern databases are built (or found in ~/.cache/npuzzle), then every
#   test runs: the unit and view tests (tests/, tests/web/) beside the browser tests
#   (tests/browser/: build.py builds the site, Chromium drives it).
# - --fast: the unit and view tests except those marked slow, in one process (pytest -m "not
#   slow", tests/browser/ left out): no browser (npm ci still runs if node_modules is missing:
#   a view test runs the opening in MicroPython), no pattern database of the 4x4 or
#   5x5 (tables of boards of at most 12 cells are built when a test asks for them: seconds,
#   once per machine). About 70 s on 2 cores. ARGS are added to pytest's, e.g. -x, or a file
#   to run only its fast tests.
# A test is marked slow (@pytest.mark.slow, or by tests/conftest.py when it asks for the 4x4 or
# 5x5 tables) when it needs those tables or takes a second or more; the full run keeps them all.
set -euo pipefail
cd "$(dirname "$0")/.."

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi

# Debian packages: Chromium for the browser tests; Node.js and npm to vendor the runtime.
need=()
[ "$fast" -eq 1 ] || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing Debian packages: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Python: a virtual environment with the package (editable) and the test tools.
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

# npm ci runs when node_modules is missing or stale (build.py checks the pinned versions).
[ -d node_modules/pyodide ] && [ -d node_modules/@pyscript/core ] && [ -d node_modules/@micropython/micropython-webassembly-pyscript ] || npm ci --no-audit --no-fund

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy --strict src web buildsite build.py

[ "$fast" -eq 0 ] || exec .venv/bin/python -m pytest --ignore=tests/browser -m "not slow" "$@"

# With arguments: exactly the tests asked for.
[ $# -eq 0 ] || exec .venv/bin/python -m pytest "$@"

# The pattern databases first (a few minutes on a fresh machine, then read from
# ~/.cache/npuzzle), so that the site build and the tests that search with them find them.
.venv/bin/python -m npuzzle pdb --jobs 2 >/dev/null

# The unit tests run beside the browser tests, which mostly wait on Chromium: together they
# take little longer than the browser tests alone. The unit tests' report follows theirs.
unit_log=$(mktemp)
.venv/bin/python -m pytest --ignore=tests/browser >"$unit_log" 2>&1 &
unit=$!
status=0
.venv/bin/python -m pytest tests/browser || status=$?
wait "$unit" || status=$?
cat "$unit_log"
rm -f "$unit_log"
exit "$status"
