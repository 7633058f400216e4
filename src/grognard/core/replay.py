"""Replay files: the game's settings, its actions, a digest of every state, and the
final snapshot. Loading one re-applies the actions; nothing is pickled.

    {"format": "grognard-replay", "ruleset", "ruleset_version", "rng_version",
     "log_version", "scenario", "options", "seed", "actions": [[role, action], ...],
     "digests": [digest after each action], "final": state.to_json()}

A replay without "log_version" was recorded before the log had versions: it is
version 1, and re-plays with that version's words (core/game.py LOG_VERSION), so
its digests still match.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import msgspec

from .errors import BadSaveFile, GrognardError
from .game import LOG_VERSIONS, Ruleset, State, as_action
from .rng import RNG_VERSIONS

FORMAT = "grognard-replay"
_encode = msgspec.json.Encoder().encode


def digest(state: State) -> str:
    """A short fingerprint of a state's data, for checking replays step by step."""
    return hashlib.blake2b(_encode(state.data), digest_size=12).hexdigest()


def make_replay(state: State, digests: list[str] | None = None) -> dict[str, Any]:
    """The replay of `state`'s game so far; computes the digests when not given."""
    if digests is None:
        digests = [digest(s) for s in _states_along(state)]
    return {
        "format": FORMAT,
        **state.meta,
        "actions": [[role, list(action)] for role, action in state.history],
        "digests": digests,
        "final": state.to_json(),
    }


def _states_along(state: State) -> list[State]:
    """Every state after each action of `state`'s history, rebuilt from the start."""
    ruleset = state.ruleset
    meta = state.meta
    replayed = ruleset.new_game(
        meta["scenario"], meta["options"], meta["seed"], meta["rng_version"], meta.get("log_version", 1)
    )
    replayed.keep_undo = False
    out = []
    for role, action in state.history:
        replayed.apply(role, action)
        out.append(replayed.clone())
    return out


def check_header(replay: Mapping[str, Any], ruleset: Ruleset) -> None:
    if replay.get("format") != FORMAT:
        raise BadSaveFile("not a grognard replay file (missing \"format\": \"grognard-replay\")")
    if replay.get("ruleset") != ruleset.id:
        raise BadSaveFile(f"replay is for ruleset {replay.get('ruleset')!r}, not {ruleset.id!r}")
    if replay.get("ruleset_version") != ruleset.version:
        raise BadSaveFile(
            f"replay was made with {ruleset.id} version {replay.get('ruleset_version')}, "
            f"this is version {ruleset.version}"
        )
    if replay.get("rng_version") not in RNG_VERSIONS:
        raise BadSaveFile(
            f"replay uses RNG version {replay.get('rng_version')!r}; this code replays versions "
            f"{', '.join(map(str, RNG_VERSIONS))}"
        )
    if replay.get("log_version", 1) not in LOG_VERSIONS:
        raise BadSaveFile(
            f"replay uses log version {replay.get('log_version')!r}; this code replays versions "
            f"{', '.join(map(str, LOG_VERSIONS))}"
        )


class ActionDoesNotApply(BadSaveFile):
    """A well-formed replay one of whose actions these rules refuse: the file was read,
    but the game it records cannot be played again (`grognard replay` exit status 3)."""


def play_replay(
    replay: Mapping[str, Any],
    ruleset: Ruleset,
    on_step: Callable[[int, State], None] | None = None,
) -> State:
    """Re-apply the replay's actions from a new game; returns the final state."""
    check_header(replay, ruleset)
    try:
        seed = replay["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed is {seed!r}, not a whole number")
        state = ruleset.new_game(
            replay["scenario"], replay["options"], seed, replay["rng_version"], replay.get("log_version", 1)
        )
        actions = [(str(role), as_action(action)) for role, action in replay["actions"]]
    except (KeyError, TypeError, ValueError, GrognardError) as exc:
        raise BadSaveFile(f"unreadable replay: {exc}") from None
    for step, (role, action) in enumerate(actions):
        try:
            state.apply(role, action)
        except GrognardError as exc:
            where = f"action {step + 1} ({role} {list(action)})"
            raise ActionDoesNotApply(f"{where} does not apply: {exc}") from None
        if on_step is not None:
            on_step(step, state)
    return state


def verify_replay(replay: Mapping[str, Any], ruleset: Ruleset) -> list[str]:
    """Differences between the re-played game and the saved digests and snapshot."""
    problems: list[str] = []
    digests = list(replay.get("digests", []))
    if len(digests) != len(replay.get("actions", [])):
        problems.append(f"{len(digests)} digests for {len(replay.get('actions', []))} actions")

    def check(step: int, state: State) -> None:
        if step < len(digests) and digest(state) != digests[step]:
            problems.append(f"state after action {step + 1} differs from the recorded one")

    final = play_replay(replay, ruleset, check)
    try:
        saved = type(final).from_json(ruleset, replay["final"])
    except KeyError:
        problems.append("no final snapshot")
        return problems
    if not final.same_as(saved):
        problems.append("final state differs from the saved snapshot")
    return problems


def save(path: Path, replay: Mapping[str, Any]) -> None:
    """Write atomically so a crash never leaves half a file."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    try:
        tmp.write_text(json.dumps(replay, separators=(",", ":")))
        tmp.replace(path)
    except OSError as exc:  # name the file asked for, not the temporary one
        raise BadSaveFile(f"cannot write {path}: {exc.strerror}") from None


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise BadSaveFile(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise BadSaveFile(f"{path} is not UTF-8 text (byte {exc.start}): not a replay file") from None
    except json.JSONDecodeError as exc:
        raise BadSaveFile(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadSaveFile(f"{path} does not hold a replay object")
    return data
