"""Heuristic-against-heuristic games are a function of their seed: the same log under
two different Python hash seeds (no decision may follow a set's iteration order)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

SCRIPT = """
from grognard.games.virtuti import RULESET
from grognard.games.virtuti.ai import VirtutiHeuristic
g = RULESET.new_game("barbarossa", seed=5, options={"turns": 3})
agents = {r: VirtutiHeuristic(5 + i) for i, r in enumerate(g.roles)}
while not g.is_over():
    role = next(r for r in g.active_roles() if g.legal_actions(r))
    g.apply(role, agents[role].act(g.view(role), g.legal_actions(role)))
for line, _ in g.data["log"]:
    print(line)
"""


def run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    assert "Battle in" in out.stdout  # the three turns had fighting to decide
    return hashlib.sha256(out.stdout.encode()).hexdigest()


def test_a_heuristic_game_does_not_depend_on_the_hash_seed() -> None:
    assert run("1") == run("2")
