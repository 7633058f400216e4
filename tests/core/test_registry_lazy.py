"""Rulesets registered by module (core/registry.py `register_lazy`): a game's package is
imported only when its id is asked for, so `grognard --help` or an unknown id loads no
game (issue 24, start-up)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from grognard.core.errors import UnknownRuleset
from grognard.core.registry import Registry

SRC = Path(__file__).resolve().parents[2] / "src"


def test_a_lazy_ruleset_is_its_modules_ruleset() -> None:
    from grognard.games.viktory2 import RULESET

    registry = Registry()
    registry.register_lazy("viktory2", "grognard.games.viktory2")
    assert registry.ids() == ["viktory2"]
    assert registry.get("viktory2") is RULESET
    assert list(registry) == [RULESET]


def test_unknown_ids_duplicates_and_wrong_modules_are_refused() -> None:
    registry = Registry()
    registry.register_lazy("viktory2", "grognard.games.viktory2")
    with pytest.raises(UnknownRuleset, match="known: viktory2"):
        registry.get("chess")
    with pytest.raises(ValueError, match="already registered"):
        registry.register_lazy("viktory2", "grognard.games.viktory2")
    registry.register_lazy("hgw", "grognard.games.viktory2")
    with pytest.raises(ValueError, match="not the ruleset 'hgw'"):
        registry.get("hgw")


def test_the_games_registry_loads_only_the_game_asked_for() -> None:
    probe = (
        "import sys\nfrom grognard import games\n"
        "assert games.REGISTRY.ids() == ['hgw', 'victory', 'viktory2', 'virtuti']\n"
        "games.REGISTRY.get('viktory2')\n"
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('grognard.games.')))"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['grognard.games.viktory2']"
