"""Test modules are imported by their file name (pytest's default import mode, no
packages under tests/): two test files with one name in different folders stop the
whole run at collection. Each game prefixes what might clash."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_file_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
