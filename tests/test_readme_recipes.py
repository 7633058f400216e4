"""The README's recipes do what it says (issue 24: its recipe for counting the tests
printed a file name, not a count)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_test_counting_recipe_prints_a_count() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    recipes = re.findall(r"`(\.venv/bin/python -m pytest --collect-only[^`]*)`", readme)
    assert len(recipes) == 1, recipes
    # the recipe on one small file instead of the whole suite, with this interpreter
    small = "--collect-only -p no:cacheprovider tests/test_hgw_cited_hexes.py"
    command = recipes[0].replace(".venv/bin/python", sys.executable).replace("--collect-only", small)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=120
    )
    assert re.fullmatch(r"3 tests collected in [0-9.]+s", done.stdout.strip()), done.stdout
