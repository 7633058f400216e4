"""Naval Action's aircraft carriers on the board (optional rule `naval_action`; N8 Aircraft
Carriers): Britain's carriers at start, and the carriers' strike in the fleet battles the
naval phase fights (sea_war.fight through fleet_battle.resolve). Played in Campaign Game
III and in Campaign Game II with the rule alone; dice forced."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState, carrier_support
from grognard.games.hgw.board import army_status
from grognard.games.hgw.combat import firing_strength
from grognard.games.hgw.fleets import squadron
from grognard.games.hgw.naval import support_fire
from grognard.games.hgw.naval_battle import Squadron
from grognard.games.hgw.sea_war import fight

SETUPS = [("campaign_3", {}), ("campaign_2", {"naval_action": True})]


def new_game(scenario: str, options: dict[str, bool]) -> HgwState:
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("N8.7", "K27.1")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_britain_begins_with_three_carriers_one_in_each_of_its_fleets_at_sea(
    scenario: str, options: dict[str, bool]
) -> None:
    fleets = new_game(scenario, options).data["fleets"]
    carriers = {fid: x["ships"]["carrier"] for fid, x in fleets.items() if x["ships"].get("carrier")}
    assert carriers == {"home": 1, "force_h": 1, "mediterranean": 1}
    assert all(fleets[fid]["nation"] == "britain" for fid in carriers)
    assert (fleets["home"]["sp"], fleets["force_h"]["sp"], fleets["mediterranean"]["sp"]) == (6, 3, 3)
    # the Soviets have none; the U.S. and Japanese carriers are the Pacific's (issue 23)
    assert not any(x["ships"].get("carrier") for x in fleets.values() if x["nation"] != "britain")


@pytest.mark.rules("N8.3", "N4.2")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_a_fleet_battle_opens_with_the_carriers_strike(scenario: str, options: dict[str, bool]) -> None:
    state = new_game(scenario, options)
    fleets = state.data["fleets"]
    # Force H (2 capital, 1 carrier) attacks the First Squadron (2 capital), which has no
    # carriers: no fighters; its flak (2 points) rolls a 6, none down; the strike of 3
    # rolls a 1 and sinks a capital ship (the engine picks the guns first). Gunnery: 4 at
    # 2, both roll 6, no hits. Force H keeps 3 points to 1: it wins.
    state.rng.force([6, 1, 6, 6])
    assert fight(state, "force_h", "squadra_1") == "force_h"
    assert squadron(fleets["force_h"]) == Squadron(capital=2, carrier=1)
    assert squadron(fleets["squadra_1"]) == Squadron(capital=1) and fleets["squadra_1"]["sp"] == 1
    assert state.data["fleet_status"]["squadra_1"] == "expended"
    log = state.log_for(None)
    assert "Force H's carriers strike First Squadron at 3 (tripled): 0 shot down, 1 point hit" in log


@pytest.mark.rules("N8.3")
def test_a_defending_carrier_and_flak_thin_the_strike_and_strikes_fly_both_ways() -> None:
    state = new_game("campaign_3", {})
    fleets = state.data["fleets"]
    fleets["squadra_1"]["ships"] = {"capital": 2, "carrier": 1}
    fleets["squadra_1"]["sp"] = 3
    # Force H's strike of 3: Italian fighters (3) roll 1, one down; flak (3 points) roll 1,
    # one down; the 1 left rolls a 1: one hit. The Italian strike of 3: British fighters
    # (3) roll 6, flak (3) roll 6; all 3 strike, a 1: one hit. Then gunnery 4 against 2
    # (the capital ship each lost), both roll 6.
    state.rng.force([1, 1, 1, 6, 6, 1, 6, 6])
    fight(state, "force_h", "squadra_1")
    assert squadron(fleets["force_h"]) == Squadron(capital=1, carrier=1)
    assert squadron(fleets["squadra_1"]) == Squadron(capital=1, carrier=1)
    log = state.log_for(None)
    assert "Force H's carriers strike First Squadron at 3 (tripled): 2 shot down, 1 point hit" in log
    assert "First Squadron's carriers strike Force H at 3 (tripled): 0 shot down, 1 point hit" in log


@pytest.mark.rules("N8.6")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_carriers_alone_against_capital_ships_are_lost_after_the_battle(
    scenario: str, options: dict[str, bool]
) -> None:
    state = new_game(scenario, options)
    fleets = state.data["fleets"]
    fleets["home"]["ships"] = {"capital": 0, "carrier": 1}
    fleets["home"]["sp"] = 1
    # the strike of 3 (flak of 2 rolls 6, the strike rolls 6: nothing) then the Italians'
    # gunnery of 4 rolls a 6: no hit, yet the lone carrier is lost after the battle
    state.rng.force([6, 6, 6])
    assert fight(state, "home", "squadra_1") == "squadra_1"
    assert fleets["home"]["sp"] == 0 and fleets["home"]["at"] is None
    log = state.log_for(None)
    assert "Home Fleet's 1 point of carriers, alone against capital ships, are lost" in log
    assert "Home Fleet is sunk" in log


def test_without_naval_action_carriers_never_strike() -> None:
    state = new_game("campaign_3", {})
    state.data["optional"] = [x for x in state.data["optional"] if x != "naval_action"]
    # gunnery alone: 4 against 4, both roll 6, no hits; Force H has more points left
    state.rng.force([6, 6])
    assert fight(state, "force_h", "squadra_1") == "force_h"
    assert squadron(state.data["fleets"]["squadra_1"]) == Squadron(capital=2)
    assert not any("carriers strike" in line for line in state.log_for(None))
    assert squadron(state.data["fleets"]["force_h"]) == Squadron(capital=2, carrier=1)


def allied_army(state: HgwState) -> str:
    return next(a for a, x in state.data["armies"].items() if x["side"] == "allied" and x["at"] is not None)


@pytest.mark.rules("N8.4")
@pytest.mark.parametrize(("scenario", "options"), SETUPS)
def test_an_escorts_carriers_lend_the_invader_tac_air_but_never_fire_in_support(
    scenario: str, options: dict[str, bool]
) -> None:
    state = new_game(scenario, options)
    data = state.data
    army = allied_army(state)
    data["armies"][army]["sp"].update(amphibious=2, tac_air=0)
    frame = {"army": army, "target": "1334", "escorts": ["home"], "supporters": []}
    assert firing_strength(data, (army,), "1334", invasion=True) == 2
    carrier_support.lend(state, frame)
    assert army_status(data, army).get("carrier_air") == 1  # the Home Fleet's one carrier
    assert firing_strength(data, (army,), "1334", invasion=True) == 3
    assert firing_strength(data, (army,), "1334", invasion=True, air_attacked=1) == 3  # not the air attack's
    # the Home Fleet's five capital ships fire in support, its carrier does not
    state.rng.force([6])
    support_fire(state, frame)
    assert any("supporting naval fire (5 points)" in line for line in state.log_for(None))


def test_without_naval_action_no_carrier_lends_tac_air() -> None:
    state = new_game("campaign_2", {})
    data = state.data
    data["fleets"]["home"].update(sp=3, ships={"capital": 2, "carrier": 1, "asw": 0, "uboat": 0})
    army = allied_army(state)
    assert carrier_support.carrier_air(data, {"army": army, "escorts": ["home"], "supporters": []}) == 0
