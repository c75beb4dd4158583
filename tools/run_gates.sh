#!/usr/bin/env bash
# Runs the nine gates in order, keeps going after a failure so every result is shown,
# and ends with a one-line summary. Called by `make test` after the venv and npm set-up.
set -u
cd "$(dirname "$0")/.."
results=()
failed=0

gate() {
  local name=$1
  shift
  echo
  echo "=== gate: $name ($*)"
  if "$@"; then
    results+=("$name ok")
  else
    results+=("$name FAILED")
    failed=$((failed + 1))
  fi
}

gate pytest .venv/bin/pytest -n 2
gate ruff .venv/bin/ruff check .
gate mypy-circuitpython .venv/bin/mypy
gate mpy-cross .venv/bin/python tools/mpy_gate.py
gate micropython node tools/mpgate/run.mjs
gate circuitpython-device .venv/bin/python tools/cpgate/run_device_tests.py
gate circuitpython-app .venv/bin/python tools/cpapp/run.py
gate circuitpython-soak .venv/bin/python tools/cpapp/soak.py
gate circuitpython-time .venv/bin/python tools/cpapp/timing.py --gate

echo
summary=$(IFS=';'; echo "${results[*]}")
echo "make test: ${summary//;/, }"
echo "gates: $((${#results[@]} - failed)) passed, $failed failed"
exit $((failed > 0))
