"""Replays: every state reproduced from the seed and the actions; tampering detected."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tinygame import TINY, TinyState, pick_round

from grognard.core.errors import BadOptions, BadSaveFile
from grognard.core.game import State
from grognard.core.replay import FORMAT, digest, load, make_replay, play_replay, save, verify_replay
from grognard.core.rng import Rng


def played(seed: int, scenario: str = "standard") -> tuple[TinyState, list[str]]:
    """A random game to the end, with the digest of the state after each action."""
    state = TINY.new_game(scenario, None, seed)
    assert isinstance(state, TinyState)
    rng = random.Random(seed)
    digests = []
    while not state.is_over():
        role = rng.choice(state.active_roles())
        state.apply(role, rng.choice(state.legal_actions(role)))
        digests.append(digest(state))
    return state, digests


def scripted() -> TinyState:
    """A sprint game in which north always picks alone highest: easy to tamper with."""
    state = TINY.new_game("sprint", None, 21)
    assert isinstance(state, TinyState)
    for _ in range(2):
        pick_round(state, north=3, east=1, south=1)
        state.apply("north", ("roll",))
        state.apply("north", ("done",))
    assert state.is_over()
    return state


def round_tripped(replay: dict[str, Any]) -> dict[str, Any]:
    """The replay as it comes back from a file."""
    out: dict[str, Any] = json.loads(json.dumps(replay))
    return out


def test_a_replay_without_a_log_version_replays_as_version_1() -> None:
    """Records made before the log had versions name none: they re-play with the
    version 1 words (core/game.py LOG_VERSION), so their digests still match."""
    replay = round_tripped(make_replay(scripted()))
    assert replay["log_version"] == 2
    del replay["log_version"]
    assert play_replay(replay, TINY).log_version == 1


def test_replay_header() -> None:
    state = scripted()
    replay = make_replay(state)
    assert replay["format"] == FORMAT
    assert {k: replay[k] for k in ("ruleset", "ruleset_version", "rng_version", "scenario", "seed")} == {
        "ruleset": "tiny", "ruleset_version": 1, "rng_version": 2, "scenario": "sprint", "seed": 21,
    }
    assert replay["actions"][0] == ["north", ["pick", 3]]
    assert len(replay["digests"]) == len(replay["actions"]) == 10


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_replay_reproduces_every_state(seed: int) -> None:
    state, digests = played(seed)
    replay = round_tripped(make_replay(state, digests))
    seen: list[str] = []
    final = play_replay(replay, TINY, lambda step, s: seen.append(digest(s)))
    assert seen == digests
    assert final.same_as(state)
    assert final.result() == state.result()
    assert verify_replay(replay, TINY) == []


def test_computed_digests_match_the_recorded_ones() -> None:
    state, digests = played(4)
    assert make_replay(state)["digests"] == digests


def test_replay_of_a_game_with_undos_holds_the_kept_actions_only() -> None:
    state = TINY.new_game("sprint", None, 21)
    assert isinstance(state, TinyState)
    pick_round(state)
    state.apply("north", ("roll",))
    state.apply("north", ("stake", 2))
    state.undo("north")
    state.apply("north", ("stake", 1))
    replay = round_tripped(make_replay(state))
    assert ["north", ["stake", 2]] not in replay["actions"]
    assert replay["actions"][-1] == ["north", ["stake", 1]]
    assert verify_replay(replay, TINY) == []


def test_a_changed_action_is_detected() -> None:
    state = scripted()
    replay = round_tripped(make_replay(state))
    replay["actions"][0] = ["north", ["pick", 2]]  # still legal, north still alone highest
    problems = verify_replay(replay, TINY)
    assert "state after action 1 differs from the recorded one" in problems
    assert "final state differs from the saved snapshot" in problems


def test_an_action_that_no_longer_applies_is_detected() -> None:
    replay = round_tripped(make_replay(scripted()))
    replay["actions"][0] = ["north", ["pick", 1]]  # now everyone ties: east must roll too
    with pytest.raises(BadSaveFile, match=r"action 5 \(north \['done'\]\) does not apply"):
        verify_replay(replay, TINY)
    replay["actions"][2] = ["south", ["__nope__"]]
    with pytest.raises(BadSaveFile, match="action 3"):
        verify_replay(replay, TINY)


def test_a_missing_action_is_detected() -> None:
    replay = round_tripped(make_replay(scripted()))
    del replay["actions"][-1]
    problems = verify_replay(replay, TINY)
    assert "10 digests for 9 actions" in problems
    assert "final state differs from the saved snapshot" in problems


def test_a_tampered_final_snapshot_is_detected() -> None:
    replay = round_tripped(make_replay(scripted()))
    replay["final"]["data"]["scores"]["east"] += 1
    assert verify_replay(replay, TINY) == ["final state differs from the saved snapshot"]
    del replay["final"]
    assert verify_replay(replay, TINY) == ["no final snapshot"]


def test_a_tampered_digest_is_detected() -> None:
    replay = round_tripped(make_replay(scripted()))
    replay["digests"][3] = "0" * 24
    assert verify_replay(replay, TINY) == ["state after action 4 differs from the recorded one"]


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [("format", "pgn", "not a grognard replay"),
     ("ruleset", "viktory2", "replay is for ruleset 'viktory2', not 'tiny'"),
     ("ruleset_version", 0, "made with tiny version 0, this is version 1"),
     ("rng_version", 99, "uses RNG version 99; this code replays versions 1, 2"),
     ("log_version", 7, "uses log version 7; this code replays versions 1, 2")],
)
def test_header_mismatch_refused(field: str, value: Any, reason: str) -> None:
    replay = round_tripped(make_replay(scripted()))
    replay[field] = value
    with pytest.raises(BadSaveFile, match=reason):
        play_replay(replay, TINY)


def test_unreadable_replay_refused() -> None:
    replay = round_tripped(make_replay(scripted()))
    broken = copy.deepcopy(replay)
    del broken["seed"]
    with pytest.raises(BadSaveFile, match="unreadable replay"):
        play_replay(broken, TINY)
    broken = copy.deepcopy(replay)
    broken["options"] = {"players": 9}
    with pytest.raises(BadSaveFile, match="unreadable replay"):
        play_replay(broken, TINY)


def test_save_and_load(tmp_path: Path) -> None:
    replay = make_replay(scripted())
    path = tmp_path / "game.json"
    save(path, replay)
    assert not path.with_suffix(".json.tmp").exists()
    loaded = load(path)
    assert loaded == round_tripped(replay)
    final: State = play_replay(loaded, TINY)
    assert final.is_over()


def test_load_refuses_bad_files(tmp_path: Path) -> None:
    with pytest.raises(BadSaveFile, match="cannot read"):
        load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(BadSaveFile, match="not valid JSON"):
        load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(BadSaveFile, match="does not hold a replay object"):
        load(bad)


# ----- games recorded with an older generator -----------------------------------------
def played_v1(seed: int) -> TinyState:
    """A random game to the end on RNG version 1 (xoshiro128**), as older saves were."""
    state = TINY.new_game("standard", None, seed, rng_version=1)
    assert isinstance(state, TinyState) and "s" in state.data["rng"]
    chooser = random.Random(seed)
    while not state.is_over():
        role = chooser.choice(state.active_roles())
        state.apply(role, chooser.choice(state.legal_actions(role)))
    return state


def test_a_version_1_replay_still_loads_and_verifies() -> None:
    state = played_v1(5)
    replay = round_tripped(make_replay(state))
    assert replay["rng_version"] == 1
    assert verify_replay(replay, TINY) == []
    final = play_replay(replay, TINY)
    assert final.same_as(state) and "s" in final.data["rng"]


def test_a_version_1_replay_played_with_the_new_generator_would_differ() -> None:
    """The version in the header matters: the same seed and actions on version 2 do
    not give the recorded game (so honouring the header is what makes it verify)."""
    replay = round_tripped(make_replay(played_v1(5)))
    replay["rng_version"] = 2
    try:
        problems = verify_replay(replay, TINY)
    except BadSaveFile:
        return  # an action that the recorded dice allowed is not legal any more
    assert problems


def test_a_version_1_snapshot_loads_and_goes_on_with_its_generator() -> None:
    state = TINY.new_game("standard", None, 8, rng_version=1)
    loaded = TinyState.from_json(TINY, json.loads(json.dumps(state.to_json())))
    assert loaded.rng.version == 1
    assert loaded.rng.dice(12) == state.rng.dice(12)


def test_an_unknown_rng_version_is_refused_when_a_game_is_made() -> None:
    with pytest.raises(BadOptions, match="unknown RNG version 7"):
        TINY.new_game("standard", None, 8, rng_version=7)


def test_a_determinized_copy_gets_a_fresh_current_generator() -> None:
    """Search agents' copies (DESIGN.md): a new key, whatever the game's version."""
    for version in (1, 2):
        state = TINY.new_game("standard", None, 8, rng_version=version)
        sample = state.sample_consistent("north", Rng(Rng.new_state(3)))
        assert sample.rng.version == 2
        assert sample.data["rng"]["key"] != state.data["rng"].get("key")
        assert sample.rng.dice(20) != state.clone().rng.dice(20)
