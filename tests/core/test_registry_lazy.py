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


def test_two_threads_loading_one_ruleset_at_once_both_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's first requests after a start ask for a ruleset from several threads
    at once: the one that finished loading second found the id gone (KeyError, a 500
    to the first players; seen in benchmarks/abuse.py). Played in one thread: the other
    thread's whole `get` runs while this one imports."""
    import importlib

    from grognard.games.viktory2 import RULESET

    registry = Registry()
    registry.register_lazy("viktory2", "grognard.games.viktory2")
    plain = importlib.import_module
    raced: list[object] = []

    def import_module(name: str) -> object:
        if not raced:
            raced.append(None)
            raced[0] = registry.get("viktory2")  # the other thread, meanwhile
        return plain(name)

    monkeypatch.setattr(importlib, "import_module", import_module)
    assert registry.get("viktory2") is RULESET
    assert raced == [RULESET] and registry.ids() == ["viktory2"]


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
