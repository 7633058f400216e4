"""`grognard --help` and a usage error stay cheap (issue 24 item 10: the CLI imported all
four games and NumPy before it could print anything, then Typer imported pydantic to
check the arguments): the CLI module imports no game, no NumPy and no server until a
command needs them, and `--help` or a one-line usage error loads neither Typer nor
pydantic, nor the agents or the core game classes. A structural check in a fresh
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
#: What `--help` and a usage error need not load at all: a command-line framework that
#: checks arguments through pydantic, the agents, the core game classes (and msgspec).
NOT_FOR_HELP = (
    "typer",
    "pydantic",
    "pydantic_core",
    "grognard.agents",
    "grognard.core.game",
    "msgspec",
    "rich",
)

PROBE = (
    """
import json, sys
from grognard.cli import run
code = run(sys.argv[1:]) if len(sys.argv) > 1 else None
heavy = sorted({".".join(m.split(".")[:3]) for m in sys.modules if m.startswith(HEAVY)})
light = sorted({m for m in sys.modules if m.split(".")[0] in LIGHT or m.startswith(LIGHT_GROGNARD)})
print(json.dumps({"code": code, "heavy": heavy, "light": light}))
""".replace("HEAVY", repr(HEAVY))
    .replace("LIGHT_GROGNARD", repr(tuple(m for m in NOT_FOR_HELP if m.startswith("grognard."))))
    .replace("LIGHT", repr(tuple(m for m in NOT_FOR_HELP if not m.startswith("grognard."))))
)


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


@pytest.mark.parametrize(
    "args",
    [["--help"], ["nonsense"], ["play", "chess"], ["play"], ["play", "viktory2", "--seed", "-1"], ["replay"]],
)
def test_help_and_usage_errors_load_no_framework_agents_or_game_classes(args: list[str]) -> None:
    """Typer 0.29 imported pydantic to check a command's arguments (0.27 s of CPU for
    `grognard nonsense`); the agents and core.game came with the --seats help."""
    loaded = _loaded(*args)
    assert loaded["code"] in (0, 2)
    assert loaded["light"] == [], loaded


def test_a_command_help_loads_no_framework_or_game() -> None:
    """`play --help` shows the agents (so it loads them), but no Typer, pydantic or game."""
    loaded = _loaded("play", "--help")
    assert loaded["code"] == 0 and loaded["heavy"] == []
    light = loaded["light"]
    assert isinstance(light, list)
    assert not [m for m in light if m.split(".")[0] in ("typer", "pydantic", "pydantic_core")], light
