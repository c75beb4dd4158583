"""Golden screenshots: compare a rendered frame with tests/golden/<name>.png.

Regenerate after a deliberate change with `make goldens` (UPDATE_GOLDENS=1); a frame that
differs is written to build/golden/ for a look."""

import os

from PIL import Image, ImageChops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(ROOT, "build", "golden")


def check_golden(name, image):
    """Assert that image equals the golden ``name`` (or save it when UPDATE_GOLDENS is set)."""
    path = os.path.join(GOLDEN_DIR, name + ".png")
    if os.environ.get("UPDATE_GOLDENS"):
        os.makedirs(GOLDEN_DIR, exist_ok=True)
        image.save(path)
        return
    assert os.path.exists(path), "no golden %s: run make goldens" % path
    golden = Image.open(path).convert("RGB")
    difference = ImageChops.difference(golden, image.convert("RGB")).getbbox()
    if difference is not None:
        os.makedirs(OUT_DIR, exist_ok=True)
        image.save(os.path.join(OUT_DIR, name + ".png"))
    assert difference is None, "%s differs from its golden in %s (new image in build/golden/)" % (
        name,
        difference,
    )
