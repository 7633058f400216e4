"""Golden data of a ruleset, so that a refactor that changes play shows up (STYLE.md,
"Tests in layers"; python-chess's perft counts, OpenSpiel's playthroughs).

`golden_record` plays one seeded game of a scenario and records:

- `positions`: at fixed points of the game (after so many actions), for every active
  role, how many actions are legal and a digest of the whole sorted list (a count
  alone misses a changed argument);
- `playthrough`: the state's digest (core/replay.py) every `every` actions, and the
  last action applied.

Choices are seeded and never read global randomness: with `agent` None a
`random.Random(seed)` picks among the legal actions; else each role's agent (made by
`agent(role)`) decides from its view, as the server and `sim.play` let it. A test
compares the record with a file the ruleset's golden script wrote; when play changes
on purpose, run the script again and commit the new file with the change.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .agents.base import Agent
from .core.game import Action, Ruleset, State
from .core.replay import digest

Record = dict[str, Any]


def legal_digest(actions: Sequence[Action]) -> str:
    """A short fingerprint of a legal-action list (in its sorted order)."""
    text = json.dumps([list(a) for a in actions], separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _position(state: State) -> dict[str, Any]:
    roles: dict[str, Any] = {}
    for role in state.active_roles():
        legal = state.legal_actions(role)
        roles[role] = {"count": len(legal), "legal": legal_digest(legal)}
    return roles


def golden_record(
    ruleset: Ruleset,
    scenario: str,
    options: Mapping[str, Any],
    seed: int,
    *,
    at: Sequence[int],
    every: int,
    agent: Callable[[str], Agent] | None = None,
) -> Record:
    """Play `max(at)` actions (fewer if the game ends) of a seeded game; the record
    described in the module's docstring."""
    state = ruleset.new_game(scenario, dict(options), seed)
    state.keep_undo = False
    pick = random.Random(seed)
    agents = {role: agent(role) for role in state.roles} if agent is not None else {}
    positions: dict[str, Any] = {}
    playthrough: list[list[Any]] = []
    last: Action | None = None
    done = 0
    while True:
        if done in at:
            positions[str(done)] = _position(state)
        if done % every == 0:
            playthrough.append([done, digest(state), list(last) if last else None])
        if done >= max(at) or state.is_over():
            break
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        if role in agents:
            last = agents[role].act(state.view(role), legal)
        else:
            last = legal[pick.randrange(len(legal))]
        state.apply(role, last)
        done += 1
    if playthrough[-1][0] != done:
        playthrough.append([done, digest(state), list(last) if last else None])
    return {"positions": positions, "playthrough": playthrough, "over": state.is_over()}
