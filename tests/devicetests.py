"""Discovery of the device-side tests (tests/device/dtest_*.py) for the pytest bridge."""

import importlib
import os

DEVICE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "device")


def device_cases():
    """(module name, function name) for every test_* function in tests/device/dtest_*.py."""
    cases = []
    for filename in sorted(os.listdir(DEVICE_DIR)):
        if filename.startswith("dtest_") and filename.endswith(".py"):
            module = importlib.import_module(filename[:-3])
            for name in sorted(dir(module)):
                if name.startswith("test_") and callable(getattr(module, name)):
                    cases.append((filename[:-3], name))
    return cases


def run_case(module_name, function_name):
    """Run one device test on CPython; a generator test is driven to its end."""
    module = importlib.import_module(module_name)
    result = getattr(module, function_name)()
    if result is not None and hasattr(result, "__next__"):
        for _ in result:
            pass
