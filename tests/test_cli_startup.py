"""`grognard --help` and a usage error stay cheap (issue 24: the CLI imported all four
games and NumPy before it could print anything): the CLI module imports no game, no
NumPy and no server until a command needs them. A structural check in a fresh
interpreter, not a timing (benchmarks/bench_startup.py measures the time)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
#: What must not load before a command needs it: a game package, NumPy, the lab, the server.
HEAVY = ("grognard.games.", "grognard.sim", "grognard.server", "numpy", "fastapi", "sqlalchemy")

PROBE = """
import json, sys
from grognard.cli import run
code = run(sys.argv[1:]) if len(sys.argv) > 1 else None
heavy = sorted({".".join(m.split(".")[:3]) for m in sys.modules if m.startswith(HEAVY)})
print(json.dumps({"code": code, "heavy": heavy}))
""".replace("HEAVY", repr(HEAVY))


def _loaded(*args: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, check=True, timeout=120
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_importing_the_cli_loads_no_game_numpy_or_server() -> None:
    assert _loaded()["heavy"] == []


@pytest.mark.parametrize(
    "args",
    [["--help"], ["play", "--help"], ["simulate", "--help"], ["play", "chess"], ["replay"], ["nonsense"]],
)
def test_help_and_usage_errors_load_no_game(args: list[str]) -> None:
    loaded = _loaded(*args)
    assert loaded["code"] in (0, 2)
    assert loaded["heavy"] == [], loaded
