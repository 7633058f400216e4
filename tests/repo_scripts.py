"""The repository's scripts (benchmarks/, scripts/) loaded as modules for the tests that
check them: they are files to run, not a package to import."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str, name: str | None = None) -> ModuleType:
    """Run the script at `relative` (from the repository's root) as a fresh module named
    `name` (its file's stem by default), registered in sys.modules, where dataclasses look
    their module up."""
    path = ROOT / relative
    name = name or path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, f"no script at {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
