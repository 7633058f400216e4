"""Orders in the Operations Phase beyond plain moves (P7.x), production on the map
(P5.3), random and scripted events (P3.0, P9.2) and the Summary Phase (P10.x)."""

from __future__ import annotations

import pytest
from virtuti_positions import at_operations, bare_game, place

from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti.battle import support
from grognard.games.virtuti.diplomacy import scripted
from grognard.games.virtuti.events import random_event_phase
from grognard.games.virtuti.planning import may_place
from grognard.games.virtuti.production import advance_queues, research
from grognard.games.virtuti.steps import open_phase_secret
from grognard.games.virtuti.summary import summary_phase
from grognard.games.virtuti.victory import check_victory


@pytest.mark.rules("P7.6")
def test_maneuver_moves_armour_two_areas_never_into_enemy_units_and_is_used_up() -> None:
    g = bare_game()
    tank = place(g, "axis", "armored_corps", "berlin")
    place(g, "western_allies", "army", "poznan")
    g.data["orders"]["berlin"] = {"f": "axis", "o": "maneuver"}
    g.data["factions"]["axis"]["orders"]["maneuver"] = 0
    at_operations(g)
    g.apply("axis", ("execute", "berlin"))
    dests = {a[2] for a in g.legal_actions("axis") if a[0] == "send"}
    assert "leipzig" in dests and "munich" in dests  # two areas away, through Leipzig
    assert "poznan" not in dests  # enemy units: a maneuver starts no battle
    g.apply("axis", ("send", tank, "munich"))
    g.apply("axis", ("go",))
    assert g.data["units"][tank]["a"] == "munich"
    assert g.data["factions"]["axis"]["orders"]["maneuver"] == 0  # single-use: not returned


@pytest.mark.rules("P7.8")
def test_strategic_movement_goes_anywhere_through_own_areas() -> None:
    g = bare_game()
    a = place(g, "axis", "army", "berlin")
    b = place(g, "axis", "army", "berlin")
    g.data["orders"]["berlin"] = {"f": "axis", "o": "strategic_movement"}
    at_operations(g, sub=2)
    g.apply("axis", ("execute", "berlin"))
    dests = {x[2] for x in g.legal_actions("axis") if x[0] == "send"}
    assert {"munich", "vienna", "essen"} <= dests and "warsaw" not in dests
    g.apply("axis", ("send", a, "munich"))
    g.apply("axis", ("send", b, "vienna"))  # stacked units may split
    g.apply("axis", ("go",))
    assert (g.data["units"][a]["a"], g.data["units"][b]["a"]) == ("munich", "vienna")


@pytest.mark.rules("P7.9")
def test_fortification_orders_add_a_level_up_to_three() -> None:
    g = bare_game()
    place(g, "axis", "army", "berlin")
    place(g, "axis", "army", "munich")
    g.data["forts"] = {"munich": 3}
    g.data["orders"]["berlin"] = {"f": "axis", "o": "build_fortification"}
    g.data["orders"]["munich"] = {"f": "axis", "o": "build_fortification"}
    pool = g.data["factions"]["axis"]["orders"]["build_fortification"]
    at_operations(g, sub=3)
    g.advance()
    assert g.data["forts"] == {"berlin": 1, "munich": 3}
    assert g.data["factions"]["axis"]["orders"]["build_fortification"] == pool + 2


@pytest.mark.rules("P7.5")
def test_fleets_move_to_seas_and_friendly_ports_only() -> None:
    g = bare_game()
    fleet = place(g, "axis", "fleet", "stettin_port")
    g.data["orders"]["stettin_port"] = {"f": "axis", "o": "move"}
    at_operations(g)
    g.apply("axis", ("execute", "stettin_port"))
    assert {a[2] for a in g.legal_actions("axis") if a[0] == "send"} == {"baltic_sea"}
    g.apply("axis", ("send", fleet, "baltic_sea"))
    g.apply("axis", ("go",))
    assert g.data["units"][fleet]["a"] == "baltic_sea"


@pytest.mark.rules("P7.4")
def test_land_units_cross_the_sea_along_a_chain_of_own_fleets() -> None:
    g = bare_game()
    army = place(g, "western_allies", "army", "manchester")
    g.data["orders"]["manchester"] = {"f": "western_allies", "o": "move"}
    at_operations(g)
    g.data["initiative"] = ["western_allies", "axis", "ussr"]
    g._after_change(None, None)
    g.apply("allies", ("execute", "manchester"))
    assert ("send", army, "gibraltar") not in g.legal_actions("allies")  # no fleets yet
    g.undo("allies")
    for sea in ("north_sea", "english_channel", "south_atlantic"):
        place(g, "western_allies", "fleet", sea)
    g._after_change(None, None)
    g.apply("allies", ("execute", "manchester"))
    assert ("send", army, "gibraltar") in g.legal_actions("allies")


@pytest.mark.rules("P5.2", "P5.3")
def test_strengthen_and_upgrade_need_supply_and_technology() -> None:
    g = bare_game()
    corps = place(g, "axis", "corps", "berlin")
    g.data["flow"] = [{"state": "turn", "phase": 6}]
    g.data["factions"]["axis"]["pp"] = 50.0
    g.data["factions"]["axis"]["tech"]["infantry"] = 2
    open_phase_secret(g, "production")
    g._after_change(None, None)
    assert ("strengthen", "axis", corps) in g.legal_actions("axis")
    g.apply("axis", ("strengthen", "axis", corps))
    g.apply("axis", ("upgrade", "axis", corps))
    assert g.data["units"][corps]["t"] == "army" and g.data["units"][corps]["lv"] == 2
    assert g.data["factions"]["axis"]["pp"] == 50 - 4 - 4
    assert ("upgrade", "axis", corps) not in g.legal_actions("axis")  # infantry is level 2
    g.data["oos"] = ["berlin"]
    g.data["factions"]["axis"]["tech"]["infantry"] = 3
    g._after_change(None, None)
    assert ("upgrade", "axis", corps) not in g.legal_actions("axis")  # out of supply


@pytest.mark.rules("P10.1", "P10.2", "P10.5")
def test_summary_returns_orders_and_tokens_advances_queues_and_restores_readiness() -> None:
    g = bare_game()
    unit = place(g, "axis", "army", "berlin")
    g.data["units"][unit]["ex"] = True
    rec = g.data["factions"]["axis"]
    rec["orders"]["move"] = 0
    g.data["orders"]["berlin"] = {"f": "axis", "o": "move"}
    rec["air_drawn"] = {"2": 1}
    air = dict(rec["air"])
    rec["queue"] = [{"kind": "unit", "t": "corps", "lv": 1, "turns": 1},
                    {"kind": "unit", "t": "army", "lv": 1, "turns": 2}]  # fmt: skip
    summary_phase(g)
    assert rec["orders"]["move"] == 1 and g.data["orders"] == {}
    assert rec["air"]["2"] == air.get("2", 0) + 1 and rec["air_drawn"] == {}
    assert rec["deploy"] == [{"t": "corps", "lv": 1}]
    assert rec["queue"] == [{"kind": "unit", "t": "army", "lv": 1, "turns": 1}]
    assert not g.data["units"][unit]["ex"]


@pytest.mark.rules("P10.4")
def test_research_points_are_25_percent_each_and_three_steps_make_level_2() -> None:
    g = bare_game()
    rec = g.data["factions"]["axis"]
    for f in g.data["factions"].values():
        f["research"] = {}
    rec["research"] = {"tanks": 2}
    rec["tech"]["tanks"] = 1
    rec["progress"] = {"tanks": 2}
    g.rng.force([51])  # above 2 x 25 %: no progress
    research(g)
    assert rec["progress"]["tanks"] == 2 and rec["research"]["tanks"] == 2
    g.rng.force([50])  # within 50 %: the third step develops level 2
    research(g)
    assert rec["tech"]["tanks"] == 2 and rec["research"]["tanks"] == 0 and rec["progress"]["tanks"] == 0
    advance_queues(g)  # nothing queued: nothing happens
    assert rec["deploy"] == []


def landing_position(fleets: tuple[str, ...]) -> tuple[VirtutiState, str]:
    g = bare_game()
    army = place(g, "western_allies", "army", "cardiff")
    for sea in fleets:
        place(g, "western_allies", "fleet", sea)
    g.data["control"]["caen"] = "axis"
    g.data["orders"]["cardiff"] = {"f": "western_allies", "o": "amphibious_landing"}
    g.data["initiative"] = ["western_allies", "axis", "ussr"]
    at_operations(g)
    return g, army


@pytest.mark.rules("P7.7")
def test_the_caen_landing_needs_the_rulebooks_fleet_chain() -> None:
    """The rulebook's example: from Cardiff to Caen with fleets in the North Atlantic,
    South Atlantic and English Channel; without the Channel fleet there is no chain."""
    g, army = landing_position(("north_atlantic", "english_channel"))
    g.apply("allies", ("execute", "cardiff"))
    assert ("send", army, "caen") not in g.legal_actions("allies")
    g, army = landing_position(("north_atlantic", "south_atlantic", "english_channel"))
    g.apply("allies", ("execute", "cardiff"))
    assert ("send", army, "caen") in g.legal_actions("allies")
    g.apply("allies", ("send", army, "caen"))
    g.apply("allies", ("go",))
    assert g.data["control"]["caen"] == "western_allies"  # empty: taken at once
    assert g.data["factions"]["western_allies"]["orders"].get("amphibious_landing", 0) == 0  # single-use


@pytest.mark.rules("P7.7", "B1.6")
def test_a_failed_landing_loses_every_attacker() -> None:
    g, army = landing_position(("north_atlantic", "south_atlantic", "english_channel"))
    place(g, "axis", "army", "caen")
    place(g, "axis", "army", "caen")
    g.data["forts"] = {}
    g.data["factions"]["axis"]["hand"] = ["axis_total_war"]
    g.data["factions"]["western_allies"]["hand"] = ["wa_lend_lease"]
    g.apply("allies", ("execute", "cardiff"))
    g.apply("allies", ("send", army, "caen"))
    g.apply("allies", ("go",))
    g.apply("axis", ("card", "axis", "axis_total_war"))
    g.apply("allies", ("card", "western_allies", "wa_lend_lease"))
    g.rng.force([1, 1, 1])
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert army not in g.data["units"]
    assert g.data["control"]["caen"] == "axis"


@pytest.mark.rules("P7.7", "P6.1", "B1.1")
def test_landing_stack_limits_and_shore_bombardment_support() -> None:
    g = bare_game()
    place(g, "western_allies", "army", "cardiff")
    place(g, "western_allies", "army", "cardiff")
    rec = g.data["factions"]["western_allies"]["orders"]
    rec.update({"amphibious_landing": 1, "amphibious_landing_plus_1": 1, "shore_bombardment": 1})
    assert may_place(g, "western_allies", "amphibious_landing", "cardiff") is not None  # +0: one unit
    assert may_place(g, "western_allies", "amphibious_landing_plus_1", "cardiff") is None
    place(g, "western_allies", "fleet", "english_channel")
    place(g, "western_allies", "fleet", "english_channel")
    assert may_place(g, "western_allies", "shore_bombardment", "english_channel") is None
    assert may_place(g, "western_allies", "shore_bombardment", "cardiff") is not None  # sea only
    g.data["orders"]["english_channel"] = {"f": "western_allies", "o": "shore_bombardment"}
    # two level-1 fleets (strength 1 each) bombard a battle in Caen, on the Channel's coast
    assert support(g.data, "western_allies", "caen", sea=False, ignore_rivers=False)[0] == 2


@pytest.mark.rules("P7.6", "G1.4")
def test_a_maneuver_never_passes_through_a_stack_of_four() -> None:
    g = bare_game()
    place(g, "axis", "armored_corps", "berlin")
    g.data["factions"]["axis"]["logistics"] = 6  # one 4-stack allowed
    for _ in range(4):
        place(g, "axis", "army", "leipzig")
    g.data["orders"]["berlin"] = {"f": "axis", "o": "maneuver"}
    at_operations(g)
    g.apply("axis", ("execute", "berlin"))
    dests = {a[2] for a in g.legal_actions("axis") if a[0] == "send"}
    assert "munich" not in dests  # only reachable through Leipzig's four units
    assert "leipzig" not in dests  # a fifth unit would break the limit there
    assert "hamburg" in dests


@pytest.mark.rules("P3.0")
def test_a_random_event_is_drawn_and_applied_after_the_first_turn() -> None:
    g = bare_game()
    wa = g.data["factions"]["western_allies"]
    wa["we"] = 30
    g.data["random_deck"] = ["convoy_losses"]
    g.data["turn_no"] = 1
    random_event_phase(g)
    assert wa["we"] == 30 and g.data["random_deck"] == ["convoy_losses"]  # not on turn 1
    g.data["turn_no"] = 2
    random_event_phase(g)
    assert wa["we"] == 25 and g.data["random_discard"][-1] == "convoy_losses"


@pytest.mark.rules("P9.2")
def test_the_partition_of_poland_fires_once_when_poland_falls() -> None:
    g = bare_game()
    scripted(g)
    assert g.data["control"]["lwow"] == "western_allies"
    g.data["countries"]["poland"] = {"status": "surrendered", "faction": "axis", "war_entry": 0}
    for area in ("lwow", "wilno", "bialystok", "brest_litovsk"):
        g.data["control"][area] = "axis"
    scripted(g)
    assert g.data["control"]["lwow"] == "ussr" and "partition_of_poland" in g.data["scripted_done"]
    g.data["control"]["lwow"] = "axis"
    scripted(g)
    assert g.data["control"]["lwow"] == "axis"  # once only


@pytest.mark.rules("P10.6")
def test_at_the_last_turn_15_vp_is_a_minor_victory_else_a_draw() -> None:
    g = RULESET.new_game("full_campaign", seed=0, options={"turns": 1})
    assert isinstance(g, VirtutiState)
    g.data["control"] = {"berlin": "axis", "paris": "axis", "london": "axis", "moscow": "axis",
                         "leningrad": "axis", "warsaw": "axis"}  # fmt: skip
    check_victory(g)
    assert g.data["outcome"]["how"] == "minor victory" and g.result() == {"axis": 1.0, "allies": 0.0}
    g.data["outcome"] = None
    g.data["control"] = {"berlin": "axis", "london": "western_allies"}
    check_victory(g)
    assert g.data["outcome"]["how"] == "draw" and g.result() == {"axis": 0.5, "allies": 0.5}
