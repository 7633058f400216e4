"""Victory's words as its players read them (issue 26, item 15): each move once for its
mover, the right article, and records made before log version 2 still verifying."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from victory_positions import BLUE, RED, empty_game, put, start_moves

from grognard.core.game import Ruleset
from grognard.core.odds import BadBattle
from grognard.core.replay import make_replay, play_replay, verify_replay
from grognard.games.victory import VictoryState
from grognard.sim.play import get_ruleset as ruleset_of


def get_ruleset() -> Ruleset:
    return ruleset_of("victory")


RECORD = Path(__file__).parent / "records" / "log_v1_quick_start.json"


def _move_lines(state: VictoryState, role: str | None, since: int) -> list[str]:
    return state.view(role)["log"][since:]


@pytest.mark.rules("5.0")
def test_a_move_is_one_line_for_its_mover_and_hides_the_block_from_the_others() -> None:
    state = empty_game(seed=4)
    bid = put(state, BLUE, "IN", "7,8", 2)
    start_moves(state, BLUE)
    target = next(a for a in state.legal_actions(BLUE) if a[:2] == ("move", bid))
    seen = {role: len(state.view(role)["log"]) for role in (BLUE, RED, None)}
    state.apply(BLUE, target)
    mine = _move_lines(state, BLUE, seen[BLUE])
    assert mine == [f"you move {bid} (Infantry) from 7,8 to {target[2]}"]  # once, not twice
    for other in (RED, None):  # the others read where a block went, not which
        assert _move_lines(state, other, seen[other]) == [f"blue moves a block from 7,8 to {target[2]}"]


@pytest.mark.rules("6.6")
def test_an_airborne_lands_with_its_article() -> None:
    state = empty_game(seed=4)
    put(state, BLUE, "AB", "-2,12", 3)  # a blue city: an airbase to drop from (6.6)
    start_moves(state, BLUE)
    drop = next(a for a in state.legal_actions(BLUE) if a[0] == "paradrop")
    seen = len(state.view(RED)["log"])
    state.apply(BLUE, drop)  # into a vacant hex: the landing is shown (6.6)
    assert state.view(RED)["log"][seen:] == [f"blue lands an Airborne at {drop[2]} from -2,12"]


def test_a_record_made_before_log_version_2_still_verifies_with_its_own_words() -> None:
    """The record (quick-start, heuristic seats, 100 actions) was saved by the code of
    28 November 2026, before log versions: it names none, re-plays with the version 1
    words (the mover read both lines) and every digest matches."""
    record = json.loads(RECORD.read_text())
    assert "log_version" not in record
    assert verify_replay(record, get_ruleset()) == []
    replayed = play_replay(record, get_ruleset())
    assert replayed.log_version == 1
    mover_lines = replayed.view(BLUE)["log"]
    assert any(line.startswith("blue moves a block") for line in mover_lines)
    # the same actions in a new game: the mover reads each move once
    now = dict(record, log_version=2)
    again = play_replay(now, get_ruleset())
    assert not any(line.startswith("blue moves a block") for line in again.view(BLUE)["log"])
    assert verify_replay(make_replay(again), get_ruleset()) == []
    # the saved game of the old record goes on with its own words
    saved = VictoryState.from_json(get_ruleset(), record["final"])
    assert saved.log_version == 1 and saved.same_as(replayed)


def test_the_odds_calculator_refusal_has_the_right_article() -> None:
    with pytest.raises(BadBattle, match=r"^an attacker IN needs at least one step"):
        get_ruleset().odds({"attacker": {"IN": 1}, "defender": {"IN": 1}, "steps": {"attacker": {"IN": [0]}}})
