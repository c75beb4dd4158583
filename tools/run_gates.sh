#!/usr/bin/env bash
# Runs the eight gates in order, keeps going after a failure so every result is shown,
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
gate whole-app-heap .venv/bin/python tools/app/heap.py
gate soak .venv/bin/python tools/app/soak.py
gate time .venv/bin/python -m tools.devtime --gate

echo
summary=$(IFS=';'; echo "${results[*]}")
echo "make test: ${summary//;/, }"
echo "gates: $((${#results[@]} - failed)) passed, $failed failed"
exit $((failed > 0))
