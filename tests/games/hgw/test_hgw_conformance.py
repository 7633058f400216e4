"""The core contract on Barbarossa: random games checked step by step."""

from __future__ import annotations

from grognard.games.hgw import RULESET
from grognard.testing import check_ruleset


def test_barbarossa_passes_check_ruleset() -> None:
    report = check_ruleset(RULESET, scenarios=["barbarossa"], games=1, seed=3, max_actions=50_000, every=1000)
    assert report.games == 1 and report.actions > 100


def test_a_new_game_is_the_same_in_every_process() -> None:
    """Replays are verified in other processes: no game data may follow the order of
    Python's per-process string hashing."""
    import os
    import subprocess
    import sys

    code = (
        "import hashlib, msgspec\n"
        "from grognard.games.hgw import RULESET\n"
        "s = RULESET.new_game('barbarossa', seed=4)\n"
        "print(hashlib.sha256(msgspec.json.encode(s.data)).hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1
