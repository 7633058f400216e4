"""Convoy raids and sonar (P10.3), submarine markers in production (P5.5) and exerting
pressure on neutrals (P9.4), with forced dice."""

from __future__ import annotations

import pytest
from virtuti_positions import bare_game, place

from grognard.games.virtuti import VirtutiState
from grognard.games.virtuti.convoys import convoy_raids, victim
from grognard.games.virtuti.diplomacy import exert_pressure
from grognard.games.virtuti.production import advance_queues
from grognard.games.virtuti.steps import open_phase_secret


def quiet(g: VirtutiState) -> None:
    """No submarines anywhere (the scenario places some)."""
    for rec in g.data["factions"].values():
        rec["subs"] = []


@pytest.mark.rules("P10.3")
def test_raid_targets_follow_the_rulebook_list() -> None:
    g = bare_game()
    data = g.data
    assert victim(data, "axis", "north_atlantic") == "western_allies"
    assert victim(data, "axis", "arctic_sea") is None  # the USSR is not at war
    data["ussr_at_war"] = True
    assert victim(data, "axis", "arctic_sea") == "ussr"
    assert victim(data, "ussr", "baltic_sea") == "axis"
    assert victim(data, "western_allies", "central_mediterranean") is None  # no Axis armour in Africa
    data["control"]["tripoli"] = "axis"
    place(g, "axis", "armored_division", "tripoli")
    assert victim(data, "western_allies", "central_mediterranean") == "axis"
    data["control"]["oslo"] = "western_allies"
    assert victim(data, "western_allies", "north_sea") == "axis"
    data["control"]["copenhagen"] = "axis"
    assert victim(data, "western_allies", "north_sea") is None


@pytest.mark.rules("P10.3")
def test_a_submarine_raid_costs_war_economy_by_technology_chance() -> None:
    g = bare_game()
    quiet(g)
    g.data["factions"]["axis"]["subs"] = ["north_atlantic"]
    wa = g.data["factions"]["western_allies"]
    wa["we"] = 50
    g.rng.force([21])  # level-1 submarines succeed on 20 % only
    convoy_raids(g)
    assert wa["we"] == 50
    g.rng.force([20, 4])  # success, 4 % damage
    convoy_raids(g)
    assert wa["we"] == 46


@pytest.mark.rules("P10.3")
def test_fleets_raid_and_hunt_submarines_with_sonar() -> None:
    g = bare_game()
    quiet(g)
    place(g, "western_allies", "fleet", "north_atlantic")
    g.data["factions"]["axis"]["subs"] = ["north_atlantic"]
    # the submarine fails (21 > 20); the fleet's own raid has no victim there (the Axis
    # has no convoys in the Atlantic); the sonar finds it (20) and the coin says damaged (2)
    g.rng.force([21, 20, 2, 3])
    convoy_raids(g)
    axis = g.data["factions"]["axis"]
    assert axis["subs"] == [] and axis["queue"] == [{"kind": "sub", "turns": 3}]


@pytest.mark.rules("P5.5")
def test_submarines_are_bought_queued_and_deployed_in_their_seas() -> None:
    g = bare_game()
    rec = g.data["factions"]["axis"]
    rec["pp"], rec["subs"] = 20.0, []
    g.data["flow"] = [{"state": "turn", "phase": 6}]
    open_phase_secret(g, "production")
    g._after_change(None, None)
    g.apply("axis", ("submarine", "axis"))
    assert rec["queue"][-1] == {"kind": "sub", "turns": 3} and rec["pp"] == 15
    rec["queue"] = [{"kind": "sub", "turns": 1}]
    advance_queues(g)
    assert rec["subs_ready"] == 1
    g._after_change(None, None)
    seas = {a[2] for a in g.legal_actions("axis") if a[0] == "deploy_sub"}
    assert seas == {"north_atlantic", "south_atlantic", "arctic_sea"}
    g.apply("axis", ("deploy_sub", "axis", "arctic_sea"))
    assert rec["subs"] == ["arctic_sea"]


@pytest.mark.rules("P9.4")
def test_pressure_moves_war_entry_towards_or_away_from_the_alignment() -> None:
    g = bare_game()
    bulgaria = g.data["countries"]["bulgaria"]
    start = bulgaria["war_entry"]
    g.data["factions"]["axis"]["pp"] = g.data["factions"]["western_allies"]["pp"] = 50.0
    g.rng.force([50])  # 50 %: no effect
    exert_pressure(g, "axis", "bulgaria")
    assert bulgaria["war_entry"] == start
    g.rng.force([51])  # one step, towards the Axis (Bulgaria's alignment)
    exert_pressure(g, "axis", "bulgaria")
    assert bulgaria["war_entry"] == start + 1
    g.rng.force([95])  # three steps, away: the Western Allies are not its alignment
    exert_pressure(g, "western_allies", "bulgaria")
    assert bulgaria["war_entry"] == max(0, start + 1 - 3)
    assert g.data["factions"]["axis"]["pp"] == 50 - 2 * 3  # Bulgaria costs 3 PP a try


@pytest.mark.rules("P9.4", "G1.7")
def test_full_war_entry_brings_the_country_in() -> None:
    g = bare_game()
    g.data["countries"]["italy"]["war_entry"] = 9
    g.data["factions"]["axis"]["pp"] = 50.0
    g.rng.force([85])  # two steps
    exert_pressure(g, "axis", "italy")
    assert g.data["countries"]["italy"]["status"] == "active"
    assert g.data["control"]["rome"] == "axis"
    assert any(u["f"] == "axis" and u["a"] == "rome" for u in g.data["units"].values())


@pytest.mark.rules("P5.4")
def test_a_landing_set_brings_its_shore_bombardment_when_ready() -> None:
    g = bare_game()
    rec = g.data["factions"]["western_allies"]
    rec["pp"] = 10.0
    g.data["flow"] = [{"state": "turn", "phase": 6}]
    open_phase_secret(g, "production")
    g._after_change(None, None)
    g.apply("allies", ("orders", "western_allies", "landing"))
    assert rec["pp"] == 4 and rec["queue"][-1] == {"kind": "orders", "set": "landing", "turns": 2}
    before = dict(rec["orders"])
    advance_queues(g)
    advance_queues(g)
    assert rec["orders"]["amphibious_landing"] == before.get("amphibious_landing", 0) + 1
    assert rec["orders"]["shore_bombardment"] == before.get("shore_bombardment", 0) + 1
