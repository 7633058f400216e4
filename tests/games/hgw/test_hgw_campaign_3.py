"""Campaign Game III (K27) and the optional rules as game options (optional.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.core.errors import BadOptions
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.optional import OPTIONAL, has_option
from grognard.games.hgw.scenario import DATA_DIR, ScenarioError, load_scenario, load_scenario_from


def new_game(scenario: str, **options: bool) -> HgwState:
    state = RULESET.new_game(scenario, options, seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("K27.1")
def test_campaign_game_iii_is_campaign_game_ii_with_every_optional_rule() -> None:
    second, third = load_scenario("campaign_2"), load_scenario("campaign_3")
    assert third.optional == OPTIONAL and not second.optional
    # everything the file does not name is Campaign Game II's
    assert (third.board, third.systems, third.first, third.last) == (
        second.board,
        second.systems,
        second.first,
        second.last,
    )
    assert third.armies == second.armies and third.arrival_points == second.arrival_points
    data = new_game("campaign_3").data
    assert all(has_option(data, name) for name in OPTIONAL)


def test_campaign_game_ii_plays_only_the_optional_rules_turned_on() -> None:
    assert "optional" not in new_game("campaign_2").data  # the basic game's state is unchanged
    data = new_game("campaign_2", leaders=True, naval_action=True).data
    assert data["optional"] == ["leaders", "naval_action"]
    assert has_option(data, "leaders") and not has_option(data, "italian_army")


@pytest.mark.parametrize("scenario", ["barbarossa", "fall_of_germany", "campaign_1"])
def test_the_earlier_scenarios_refuse_the_optional_rules(scenario: str) -> None:
    with pytest.raises(BadOptions, match="Campaign Games II and III, not in " + scenario):
        new_game(scenario, unaligned_forces=True)


def test_a_scenario_may_extend_only_another_scenario(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"extends": "no_such_scenario", "note": "x"}))
    with pytest.raises(ScenarioError, match="extends 'no_such_scenario', which is not another scenario"):
        load_scenario_from(bad)
    loop = tmp_path / "loop.json"
    loop.write_text(json.dumps({"extends": "loop"}))
    with pytest.raises(ScenarioError, match="not another scenario"):
        load_scenario_from(loop)


def test_an_unknown_optional_rule_in_a_scenario_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "campaign_2.json").write_text((DATA_DIR / "campaign_2.json").read_text())
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"extends": "campaign_2", "optional": ["dragons"]}))
    with pytest.raises(ScenarioError, match="unknown optional rule 'dragons'"):
        load_scenario_from(path)
