"""The core contract on Barbarossa: random games checked step by step."""

from __future__ import annotations

from grognard.games.hgw import RULESET
from grognard.testing import check_ruleset


def test_barbarossa_passes_check_ruleset() -> None:
    report = check_ruleset(RULESET, scenarios=["barbarossa"], games=1, seed=3, max_actions=50_000, every=150)
    assert report.games == 1 and report.actions > 100
