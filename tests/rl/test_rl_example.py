"""scripts/rl_example.py, the RL loop example (issue 11): its masked random policy
plays games to the end, the rewards are win shares, and a game is a pure function
of its seed (what running many environments at once relies on)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "sim"))


def example() -> ModuleType:
    return load_script("scripts/rl_example.py")


def test_the_example_plays_games_to_the_end_with_win_shares() -> None:
    from grognard.rl import env

    play_one = example().play_one
    roles = env("tinyrules:RULESET").possible_agents
    for seed in range(3):
        totals = play_one("tinyrules:RULESET", seed)
        assert list(totals) == roles
        assert sum(totals.values()) == 1.0  # every game ends, its reward shared out
    assert play_one("viktory2", 5) == play_one("viktory2", 5)
    # one masked random policy, either index: the same loop plays both to the end
    assert sum(play_one("tinyrules:RULESET", 1, "legal").values()) == 1.0
