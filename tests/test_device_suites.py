"""Runs the device-side tests (tests/device/dtest_*.py) on CPython.

The same functions run on MicroPython through the runtime gate (tools/mpgate)."""

import pytest
from devicetests import device_cases, run_case


@pytest.mark.parametrize(("module_name", "function_name"), device_cases())
def test_device_case(module_name, function_name):
    run_case(module_name, function_name)
