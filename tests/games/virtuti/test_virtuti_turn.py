"""The sequence of play outside battles: set-up (S1.x), the Strategic Phase's PP and
air support cards (P4.x), production (P5.x), planning restrictions (P6.x), operations
order (P7.x), supply (P8.x), diplomacy and the USSR (G1.6, P9.x), summary and victory
(P10.x), stacking (G1.3)."""

from __future__ import annotations

import pytest
from virtuti_positions import at_operations, bare_game, hands, place

from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti.board import stacks_fit, vmap, vp_of
from grognard.games.virtuti.cards import pp_on_map, pp_received
from grognard.games.virtuti.diplomacy import surrenders
from grognard.games.virtuti.events import calendar_phase, roll_weather
from grognard.games.virtuti.planning import may_place
from grognard.games.virtuti.scenarios import SEASONS
from grognard.games.virtuti.supply import supply_phase
from grognard.games.virtuti.victory import check_victory


def new(scenario: str = "full_campaign", seed: int = 0) -> VirtutiState:
    state = RULESET.new_game(scenario, seed=seed)
    assert isinstance(state, VirtutiState)
    return state


@pytest.mark.rules("S1.1", "G1.6")
def test_full_campaign_starts_in_late_summer_1939_with_the_ussr_inactive() -> None:
    g = new()
    board = g.view(None)["board"]
    assert board["turn"] == "Late Summer 1939"
    assert not board["ussr_active"] and not board["ussr_at_war"] and board["pact"]
    assert board["countries"]["poland"] == {"status": "active", "faction": "western_allies", "war_entry": 0}
    # the first question: the Strategic Phase's secret PP card, Axis and Western Allies only
    assert sorted(g.active_roles()) == ["allies", "axis"]
    assert {a[1] for a in g.legal_actions("allies")} == {"western_allies"}


@pytest.mark.rules("S1.2", "G1.6")
def test_barbarossa_starts_in_early_summer_1941_at_war() -> None:
    g = new("barbarossa")
    board = g.view(None)["board"]
    assert board["turn"] == "Early Summer 1941" and board["ussr_at_war"]
    assert {a[1] for a in g.legal_actions("allies")} == {"western_allies", "ussr"}


@pytest.mark.rules("P4.1")
def test_pp_example_35_times_60_percent_times_50_percent() -> None:
    assert pp_received(35, 60, 50) == 10.5


@pytest.mark.rules("P4.1", "P4.2", "G1.2")
def test_the_pp_card_pays_sources_times_war_economy_times_multiplier() -> None:
    """Friendly areas count whole, occupied ones a quarter, areas out of supply nothing."""
    g = new()
    data = g.data
    m = vmap()
    data["control"] = {a: "western_allies" for a in ("paris", "lille", "lyon", "warsaw")}
    data["control"]["berlin"] = "western_allies"  # occupied: a quarter of Berlin's PP
    data["oos"] = ["lyon"]
    expected = m.land("paris").pp + m.land("lille").pp + m.land("warsaw").pp + m.land("berlin").pp / 4
    assert pp_on_map(g, "western_allies") == expected
    rec = data["factions"]["western_allies"]
    rec["we"], rec["pp"] = 60, 0.0
    hands(g, western_allies=["wa_charles_de_gaulle"])
    g._after_change(None, None)
    g.apply("axis", ("card", "axis", g.legal_actions("axis")[0][2]))
    g.apply("allies", ("card", "western_allies", "wa_charles_de_gaulle"))
    assert rec["pp"] == round(expected * 0.6 * 0.5, 1)
    assert rec["we"] == 70  # +10 after collecting
    # G1.2: the last card of a hand brings the discard pile back, the played card stays
    assert "wa_charles_de_gaulle" in rec["discard"] and rec["discard"] == ["wa_charles_de_gaulle"]


@pytest.mark.rules("P4.3")
def test_the_air_card_draws_its_value_in_tokens() -> None:
    g = new()
    for role in ("axis", "allies"):  # PP cards: the first legal card each
        g.apply(role, g.legal_actions(role)[0])
    rec = g.data["factions"]["axis"]
    before = sum(rec["air"].values())
    g.apply("axis", ("card", "axis", "axis_luftwaffe"))  # air support value 4
    g.apply("allies", g.legal_actions("allies")[0])
    assert sum(rec["air_drawn"].values()) == 4
    assert sum(rec["air"].values()) == before - 4


def to_production(g: VirtutiState) -> None:
    while g.data["phase"] != "production":
        for role in g.active_roles():
            g.apply(role, g.legal_actions(role)[0])


@pytest.mark.rules("P5.1", "P5.6", "P5.7", "G1.1")
def test_production_is_secret_until_both_are_done() -> None:
    g = new()
    to_production(g)
    rec = g.data["factions"]["axis"]
    rec["pp"] = 60.0
    g._after_change(None, None)
    before = g.view("allies")
    g.apply("axis", ("buy", "axis", "army", 1))
    g.apply("axis", ("logistics", "axis"))
    g.apply("axis", ("research", "axis", "tanks"))
    assert rec["pp"] == 60 - 8 - 6 - 10
    assert rec["queue"] == [{"kind": "unit", "t": "army", "lv": 1, "turns": 3}]
    assert g.view("allies")["board"] == before["board"]  # the Allies see nothing yet
    assert g.view("allies")["log"] == before["log"]
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert g.view("allies")["board"]["factions"]["axis"]["pp"] == 36
    assert any("buys a level-1 army" in line for line in g.view("allies")["log"])


@pytest.mark.rules("P5.8")
def test_technology_shortens_build_time_and_gates_levels() -> None:
    g = new()
    to_production(g)
    rec = g.data["factions"]["axis"]
    rec["pp"], rec["tech"]["infantry"] = 100.0, 2
    g._after_change(None, None)
    legal = g.legal_actions("axis")
    assert ("buy", "axis", "army", 2) in legal and ("buy", "axis", "army", 3) not in legal
    g.apply("axis", ("buy", "axis", "army", 2))
    assert rec["queue"][-1]["turns"] == 2  # 3 turns at level 1, one less at level 2


@pytest.mark.rules("P6.1")
def test_order_placement_restrictions() -> None:
    g = bare_game()
    place(g, "axis", "army", "breslau")
    place(g, "axis", "fleet", "stettin_port")
    g.data["factions"]["axis"]["orders"].update({"maneuver": 1, "feint_attack": 1, "defense_plus_1": 1})
    assert may_place(g, "axis", "move", "breslau") is None
    assert may_place(g, "axis", "move", "berlin") is not None  # no units there
    assert may_place(g, "axis", "defense_plus_1", "stettin_port") is not None  # not in ports
    assert may_place(g, "axis", "strategic_movement", "stettin_port") is not None  # land only
    g.data["weather"]["breslau"] = "mud"
    assert may_place(g, "axis", "maneuver", "breslau") is not None
    assert may_place(g, "axis", "feint_attack", "breslau") is not None
    g.data["weather"]["breslau"] = "clear"
    g.data["oos"] = ["breslau"]
    assert may_place(g, "axis", "move", "breslau") is not None
    assert may_place(g, "axis", "defense_plus_1", "breslau") is None
    g.data["orders"]["breslau"] = {"f": "axis", "o": "defense_plus_1"}
    assert may_place(g, "axis", "defense_plus_1", "breslau") is not None  # one per area


@pytest.mark.rules("P7.1", "P7.2")
def test_orders_run_in_initiative_order_and_feints_remove_orders() -> None:
    g = bare_game()
    place(g, "axis", "army", "breslau")
    place(g, "western_allies", "army", "krakow")
    g.data["orders"]["breslau"] = {"f": "axis", "o": "feint_attack"}
    g.data["orders"]["krakow"] = {"f": "western_allies", "o": "support"}
    at_operations(g, sub=0)
    assert g.active_roles() == ["axis"]  # the Axis is first on the initiative track
    g.apply("axis", ("execute", "breslau"))
    assert g.legal_actions("axis") == [("remove", "krakow"), ("skip",)]
    g.apply("axis", ("remove", "krakow"))
    assert "krakow" not in g.data["orders"]
    assert g.data["factions"]["western_allies"]["orders"]["support"] == 3  # 2 + the returned one


@pytest.mark.rules("P7.3", "G1.3", "G1.4")
def test_moves_respect_neutrals_and_stacking() -> None:
    g = bare_game()
    a = place(g, "axis", "army", "breslau")
    g.data["orders"]["breslau"] = {"f": "axis", "o": "move"}
    at_operations(g)
    g.apply("axis", ("execute", "breslau"))
    dests = {x[2] for x in g.legal_actions("axis") if x[0] == "send"}
    assert "warsaw" in dests  # enemy: a battle or a capture
    assert "prague" in dests or g.data["control"].get("prague") is None
    assert not any(g.data["control"].get(d) is None for d in dests)  # never neutral areas
    g.apply("axis", ("send", a, "krakow"))
    g.apply("axis", ("go",))
    assert g.data["control"]["krakow"] == "axis"  # an empty enemy area is captured


@pytest.mark.rules("G1.3")
def test_logistics_track_limits_stacks() -> None:
    """Position 1 allows one stack of 2; single units are not stacks."""
    g = bare_game()
    g.data["factions"]["axis"]["logistics"] = 1
    for _ in range(2):
        place(g, "axis", "army", "berlin")
    place(g, "axis", "army", "munich")
    assert stacks_fit(g.data, "axis")
    place(g, "axis", "army", "munich")
    assert not stacks_fit(g.data, "axis")


@pytest.mark.rules("P8.1", "P8.4", "P8.5", "P8.6")
def test_cut_off_units_are_marked_then_eliminated() -> None:
    g = bare_game()
    a = place(g, "western_allies", "army", "krakow")
    for area in ("warsaw", "lublin", "lwow", "bialystok", "torun", "poznan", "brest_litovsk", "wilno"):
        g.data["control"][area] = "axis"
    supply_phase(g)
    assert "krakow" in g.data["oos"] and a in g.data["units"]
    supply_phase(g)
    assert a not in g.data["units"]


@pytest.mark.rules("P8.2", "P8.3")
def test_supply_crosses_the_sea_unless_enemy_fleets_block_it() -> None:
    g = bare_game()
    g.data["control"]["caen"] = "western_allies"
    for area in ("paris", "bordeaux", "brest"):
        g.data["control"][area] = "axis"
    supply_phase(g)
    assert "caen" not in g.data["oos"]  # by sea from a British port
    for sea in ("english_channel", "north_sea", "north_atlantic", "south_atlantic"):
        place(g, "axis", "fleet", sea)
    supply_phase(g)
    assert "caen" in g.data["oos"]


@pytest.mark.rules("G1.6", "P9.3")
def test_pact_breaks_only_after_poland_and_war_on_a_baltic_state_activates_the_ussr() -> None:
    g = bare_game()
    g.data["flow"] = [{"state": "turn", "phase": 10}, {"state": "diplomacy", "role": "axis"}]
    g._after_change(None, None)
    assert ("break_pact",) not in g.legal_actions("axis")
    g.data["countries"]["poland"]["status"] = "surrendered"
    g._after_change(None, None)
    assert ("break_pact",) in g.legal_actions("axis")
    g.apply("axis", ("declare_war", "lithuania"))
    assert g.data["ussr_active"] and not g.data["ussr_at_war"]
    assert g.data["countries"]["lithuania"]["faction"] == "western_allies"
    g.apply("axis", ("declare_war_ussr",))
    assert g.data["ussr_at_war"]


@pytest.mark.rules("P9.3", "G1.6")
def test_the_allies_may_declare_war_on_a_baltic_state_too_9_3() -> None:
    # The rule gives every neutral the same declaration; only the Axis's declaration on
    # a Baltic state wakes the USSR (G1.6).
    g = bare_game()
    g.data["flow"] = [{"state": "turn", "phase": 10}, {"state": "diplomacy", "role": "allies"}]
    g._after_change(None, None)
    legal = g.legal_actions("allies")
    assert {("declare_war", c) for c in ("lithuania", "latvia", "estonia")} <= set(legal)
    g.apply("allies", ("declare_war", "latvia"))
    assert g.data["countries"]["latvia"]["faction"] == "axis"
    assert not g.data["ussr_active"]


@pytest.mark.rules("P9.1")
def test_a_country_surrenders_when_its_key_areas_fall() -> None:
    g = bare_game()
    pole = place(g, "western_allies", "army", "lublin")
    g.data["control"]["warsaw"] = g.data["control"]["krakow"] = "axis"
    pp = g.data["factions"]["axis"]["pp"]
    surrenders(g)
    assert g.data["countries"]["poland"] == {"status": "surrendered", "faction": "axis", "war_entry": 0}
    assert g.data["control"]["lublin"] == "axis" and pole not in g.data["units"]
    assert g.data["factions"]["axis"]["pp"] > pp  # plunder


@pytest.mark.rules("P9.1", "P8.6")
def test_a_surrender_clears_the_losers_out_of_supply_markers_9_1() -> None:
    # Our reading (docs/virtuti-design.md): a marker is set on the area of the faction
    # that cannot supply it (step 6); the area changing hands by surrender, as by
    # capture, leaves the new holder unmarked until its own supply check.
    g = bare_game()
    g.data["control"]["warsaw"] = g.data["control"]["krakow"] = "axis"
    g.data["oos"] = ["lublin"]
    surrenders(g)
    assert g.data["control"]["lublin"] == "axis"
    assert "lublin" not in g.data["oos"]


@pytest.mark.rules("P8.1")
def test_a_captured_supply_source_supplies_its_captor_8_1() -> None:
    # Our reading (docs/virtuti-design.md): step 1 starts from the supply sources the
    # faction controls, friendly or occupied; Warsaw, cut off among Polish areas, is
    # supplied for the Axis that took it, and a captured area without a source is not.
    g = bare_game()
    for area in ("warsaw", "lublin"):  # both cut off among Allied areas
        for n in vmap().neighbours(area, ("land",)):
            g.data["control"][n] = "western_allies"
    g.data["control"]["warsaw"] = g.data["control"]["lublin"] = "axis"
    supply_phase(g)
    assert "warsaw" not in g.data["oos"] and "lublin" not in g.data["oos"]
    g.data["control"]["warsaw"] = "western_allies"
    supply_phase(g)
    assert "lublin" in g.data["oos"]


@pytest.mark.rules("S2.1")
def test_the_ussr_activates_in_early_summer_1941_by_the_calendar() -> None:
    g = new()
    g.data["season"], g.data["year"] = 1, 1941  # early summer (SEASONS index 1)
    calendar_phase(g)
    assert g.data["ussr_active"]


@pytest.mark.rules("P10.6")
def test_victory_checks() -> None:
    g = bare_game()
    g.data["control"]["london"] = "axis"
    check_victory(g)
    assert g.result() is None  # not decisive, not the last turn
    for city in ("paris", "moscow", "leningrad", "stalingrad", "rome"):
        g.data["control"][city] = "axis"
    assert vp_of(g.data, "axis") >= 18
    check_victory(g)
    assert g.result() == {"axis": 1.0, "allies": 0.0}


@pytest.mark.rules("P10.6")
def test_allied_decisive_victory_needs_all_seven_cities() -> None:
    g = bare_game()
    for city in ("london", "paris", "moscow", "leningrad", "stalingrad", "rome"):
        g.data["control"][city] = "western_allies"
    check_victory(g)
    assert g.result() is None
    g.data["control"]["berlin"] = "ussr"
    check_victory(g)
    assert g.result() == {"axis": 0.0, "allies": 1.0}


@pytest.mark.rules("P1.1")
def test_winter_weather_spreads_snow_from_serov() -> None:
    g = new()
    g.data["season"] = 4  # winter
    roll_weather(g)
    m = vmap()
    w = g.data["weather"]
    assert w["serov"] == "snow"
    snowy = sum(1 for a in w if w[a] == "snow")
    subpolar = sum(1 for a in m.land_ids if m.land(a).climate == "subpolar")
    assert snowy >= 70 - 10 and snowy <= 121 + subpolar
    assert all(w[a] == "clear" for a in m.land_ids if m.land(a).climate == "subtropical")
    g.data["season"] = 0  # spring: mud only in temperate areas, snow in subpolar ones
    roll_weather(g)
    w = g.data["weather"]
    assert any(v == "mud" for v in w.values())
    assert all(w[a] == "snow" for a in m.land_ids if m.land(a).climate == "subpolar")


@pytest.mark.rules("S2.1")
def test_the_calendars_soviet_war_is_silent_when_the_ussr_is_already_at_war() -> None:
    """The calendar's Spring 1942 "Soviet Pre-emptive War" declares war only where the
    USSR is still at peace: in the Full Campaign it is logged and takes effect; in
    Operation Barbarossa (at war from the set-up) it is not announced at all."""
    spring_1942 = (SEASONS.index("spring"), 1942)
    peace = new()
    peace.data["season"], peace.data["year"] = spring_1942
    calendar_phase(peace)
    assert peace.data["ussr_at_war"]
    assert "Calendar event: Soviet Pre-emptive War" in peace.log_for(None)
    war = new("barbarossa")
    assert war.data["ussr_at_war"]
    war.data["season"], war.data["year"] = spring_1942
    before = len(war.log_for(None))
    calendar_phase(war)
    assert not [line for line in war.log_for(None)[before:] if "Pre-emptive" in line]
