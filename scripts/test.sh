#!/usr/bin/env bash
# Run every test, unit and browser, on a fresh Debian machine: install what is missing first.
#   bash scripts/test.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: Chromium for the browser tests; Node.js and npm to vendor the runtime.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
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
.venv/bin/mypy --strict src

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
