"""Campaign Game II's set-up (K26) and the order of its player turn's phases (K1.1)."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from grognard.games.hgw import RULESET, HgwState, sequence
from grognard.games.hgw.arrivals import place_force
from grognard.games.hgw.campaign import load_campaign
from grognard.games.hgw.scenario import DATA_DIR, ScenarioError, load_scenario, load_scenario_from

# The Campaign Game II set-up table, in our words: the army, its hex, and its infantry,
# mechanized and Tac Air points. Campaign Game I's table is the same without the Tac Air.
PRINTED = {
    "Army Group North": ("1240", 2, 0, 0),
    "Fourth Army": ("1238", 2, 3, 1),
    "Army Group South": ("1439", 3, 7, 1),
    "Army Group West": ("1436", 4, 0, 0),
    "Moscow District": ("1144", 2, 2, 1),
    "Leningrad District": ("0942", 3, 0, 1),
    "White Russian Front": ("1042", 4, 2, 0),
    "First Ukrainian Front": ("1242", 4, 2, 0),
    "British Army": ("1333", 2, 2, 1),
    "French First Army": ("1434", 5, 2, 1),
}


def new_game(scenario: str = "campaign_2") -> HgwState:
    state = RULESET.new_game(scenario, {}, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("K26.1")
def test_the_set_up_puts_tac_air_in_the_printed_armies() -> None:
    data = new_game().data
    placed = {
        a["name"]: (a["at"], a["sp"]["infantry"], a["sp"]["mechanized"], a["sp"]["tac_air"])
        for a in data["armies"].values()
        if a["at"] is not None and a["at"] != "siberia"
    }
    assert placed == PRINTED


@pytest.mark.rules("K26.1")
def test_campaign_game_i_areas_politics_and_production_carry_over() -> None:
    one, two = new_game("campaign_1").data, new_game().data
    assert two["owner"] == one["owner"]
    assert two["politics"] == one["politics"]
    assert two["turns"] == one["turns"]
    assert load_campaign("campaign_2") is load_campaign("campaign_1")
    # the same first land movement, after Campaign Game II's naval movement (step 3a)
    assert two["flow"][-1]["state"] == "naval_movement"
    assert one["flow"] == [{"state": "movement", "role": "axis"}]


@pytest.mark.rules("K26.1")
def test_the_us_army_arrives_with_its_tac_air_point() -> None:
    state = new_game()
    rules = load_campaign("campaign_2")
    assert rules is not None
    force = rules.arrivals["united_states"]["allied"]
    state.data["owner"]["1909"] = "allied"  # the U.S. box, as the United States enters
    place_force(state, "allied", force)
    us = [a for a in state.data["armies"].values() if a["name"] == "U.S. Army" and a["at"] == "1909"]
    assert [a["sp"]["tac_air"] for a in us] == [1]
    assert sum(a["sp"]["infantry"] for a in us) == 8


def test_campaign_game_i_s_us_army_brings_no_tac_air() -> None:
    state = new_game("campaign_1")
    rules = load_campaign("campaign_1")
    assert rules is not None
    state.data["owner"]["1909"] = "allied"
    place_force(state, "allied", rules.arrivals["united_states"]["allied"])
    assert sum(a["sp"]["tac_air"] for a in state.data["armies"].values()) == 0


@pytest.mark.rules("K1.1")
def test_phases_of_systems_not_played_are_skipped() -> None:
    data = new_game("campaign_1").data
    assert sequence.next_step(data, "turn_start") == "movement"
    assert sequence.next_step(data, "production") == "next_turn"


@pytest.mark.rules("K1.1")
def test_phases_follow_the_printed_order(monkeypatch: pytest.MonkeyPatch) -> None:
    data = new_game().data
    content = msgspec.structs.replace(load_scenario("campaign_2"), systems=("research", "strategic", "naval"))
    monkeypatch.setattr(sequence, "load_scenario", lambda _: content)
    walk = ["turn_start"]
    while walk[-1] != "next_turn":
        walk.append(sequence.next_step(data, walk[-1]))
    phases = ["turn_start", "strategic", "naval_movement", "movement", "production", "research", "next_turn"]
    assert walk == phases


def test_a_step_outside_the_sequence_is_refused() -> None:
    with pytest.raises(ValueError, match="not a phase"):
        sequence.next_step(new_game().data, "assaults")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"systems": ["radar"]}, "unknown system 'radar'"),
        ({"board": "campaign_9"}, "board 'campaign_9' is not a scenario"),
        ({"arrival_points": {"U.S. Army": {"cavalry": 1}}}, "unknown kind 'cavalry'"),
    ],
)
def test_bad_campaign_2_data_is_refused(tmp_path: Path, change: dict[str, object], message: str) -> None:
    raw = json.loads((DATA_DIR / "campaign_2.json").read_text())
    raw.update(change)
    path = tmp_path / "campaign_2.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(ScenarioError, match=message):
        load_scenario_from(path)
