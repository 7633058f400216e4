"""Naval Action's fleets (optional rule `naval_action`; N1 The Fleets, N2 Fleet Movement):
fleet counters by nation, the naval action set-up, ports by nation and their capacities,
the Cape hex, ships at sea back to port, transfers between one nation's fleets, long base
changes. Played in Campaign Game III and in Campaign Game II with the rule alone."""

from __future__ import annotations

import pytest
from hgw_positions import let_go

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.fleet_nations import load_counters
from grognard.games.hgw.fleets import expel, nation_may_base, room_for_fleet
from grognard.games.hgw.invasion_routes import closed_narrows
from grognard.games.hgw.map import hex_distance
from grognard.games.hgw.naval_battle import base_change_penalty
from grognard.games.hgw.naval_phase import base_choices, movable
from grognard.games.hgw.sea_war import try_intercept


def new_game(scenario: str = "campaign_3", **options: bool) -> HgwState:
    state = RULESET.new_game(scenario, dict(options), seed=1)
    assert isinstance(state, HgwState)
    return state


def allied_naval_movement(state: HgwState) -> None:
    """Hand the turn to the Allies' naval movement (their patrols, if any, come home)."""
    state.data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()


def points_by_nation(state: HgwState, kind: str = "capital") -> dict[str, int]:
    found: dict[str, int] = {}
    for x in state.data["fleets"].values():
        if x["sp"] > 0 and x["ships"].get(kind):
            found[x["nation"]] = found.get(x["nation"], 0) + x["ships"][kind]
    return found


@pytest.mark.rules("N1.6", "N1.1", "K27.1")
@pytest.mark.parametrize(
    ("scenario", "options"), [("campaign_3", {}), ("campaign_2", {"naval_action": True})]
)
def test_the_naval_action_set_up_gives_each_nation_its_ships(scenario: str, options: dict[str, bool]) -> None:
    state = new_game(scenario, **options)
    fleets = state.data["fleets"]
    assert points_by_nation(state) == {"britain": 9, "france": 5, "germany": 2, "italy": 3, "soviet_union": 1}
    assert points_by_nation(state, "uboat") == {"germany": 2}  # Campaign Game II's U-boats stay
    # N1.1: every counter of the sheet is a fleet, of its nation's side
    counters = load_counters()
    assert set(fleets) == {c.id for c in counters.counters}
    assert all(x["side"] == counters.nations[x["nation"]].side for x in fleets.values())
    # all in port but the German raider, which began on patrol off Ireland and sails home
    # to Kiel at the Axis's first naval movement, where the Allies may try to intercept it
    log = state.log_for(None)
    assert "Raider Group returns from its patrol in 1124 to 1236" in log
    assert any(line.startswith("allied searches Raider Group in ") for line in log)  # N5.2
    assert fleets["force_h"]["at"] == "2031" and fleets["red_banner"]["at"] == "0942"


def test_without_the_rule_campaign_game_ii_keeps_its_fleets() -> None:
    fleets = new_game("campaign_2").data["fleets"]
    assert fleets["home"]["sp"] == 8 and "nation" not in fleets["home"]
    assert "force_h" not in fleets


@pytest.mark.rules("N1.1")
def test_the_cape_hex_no_longer_closes_the_indian_ocean() -> None:
    with_rule, without = new_game().data, new_game("campaign_2").data
    for data in (with_rule, without):
        data["owner"]["4639"] = "axis"
    assert "4639" in closed_narrows(without, "allied")
    assert "4639" not in closed_narrows(with_rule, "allied")
    assert "2031" not in closed_narrows(with_rule, "allied")  # the other narrows still hold


@pytest.mark.rules("N1.2")
def test_port_capacities_gibraltar_five_malta_two_a_plain_port_one_big_ship() -> None:
    data = new_game().data
    fleets = data["fleets"]
    fleets["atlantic"].update(at="0932", sp=2, ships={"capital": 2})
    assert room_for_fleet(data, "2031", "atlantic")  # Force H's 3 (a carrier, N8.7) and 2 more: five
    fleets["atlantic"].update(sp=3, ships={"capital": 3})
    assert not room_for_fleet(data, "2031", "atlantic")
    assert not room_for_fleet(data, "2038", "atlantic")  # Malta: two
    assert room_for_fleet(data, "1131", "atlantic")  # a naval yard: any number
    # 1230 is a plain port: one capital ship or carrier point, any ASW points
    fleets["atlantic"].update(sp=1, ships={"capital": 1})
    assert room_for_fleet(data, "1230", "atlantic")
    fleets["eastern"].update(at="1230", sp=1, ships={"carrier": 1})
    assert not room_for_fleet(data, "1230", "atlantic")
    fleets["atlantic"].update(sp=6, ships={"asw": 6})
    assert room_for_fleet(data, "1230", "atlantic")


@pytest.mark.rules("N1.4")
def test_french_fleets_use_french_ports_british_any_allied_port() -> None:
    state = new_game()
    let_go(state)
    allied_naval_movement(state)
    data = state.data
    french = base_choices(data, "force_raid")
    assert "1635" in french and "2033" in french  # Toulon, Mers-el-Kebir (Algeria)
    assert "1131" not in french and "2031" not in french  # British ports
    assert not nation_may_base(data, data["fleets"]["force_raid"], "1333")
    british = base_choices(data, "home")
    assert "1635" in british and "1131" in british  # a French port is an allied hex
    with pytest.raises(IllegalAction):
        state.apply("allied", ("change_base", "force_raid", "1131"))


@pytest.mark.rules("N1.3", "N2.4")
def test_ship_points_pass_only_between_one_nations_fleets_in_one_port() -> None:
    state = new_game()
    let_go(state)
    allied_naval_movement(state)
    data = state.data
    legal = state.legal_actions("allied")
    assert ("detach_ship", "home", "atlantic", "capital") in legal  # forms a new British fleet
    assert ("detach_ship", "home", "force_raid", "capital") not in legal
    refusal = str(state.why_illegal("allied", ("merge_fleet", "home", "force_raid")))
    assert "two nations" in refusal
    state.apply("allied", ("detach_ship", "home", "atlantic", "capital"))
    state.apply("allied", ("detach_ship", "home", "atlantic", "capital"))
    assert data["fleets"]["atlantic"]["at"] == "0932" and data["fleets"]["atlantic"]["sp"] == 2
    assert data["fleets"]["home"]["sp"] == 4 and data["fleets"]["home"]["ships"]["capital"] == 3
    # a fleet that took ships gives none back this phase: no endless shuffling
    transfers = [a for a in state.legal_actions("allied") if a[0] in ("detach_ship", "merge_fleet")]
    assert transfers and not any(a[1] == "atlantic" for a in transfers)
    state.apply("allied", ("merge_fleet", "home", "atlantic"))
    assert data["fleets"]["atlantic"]["sp"] == 6  # its carrier too (N8.7)
    assert data["fleets"]["home"]["at"] is None  # emptied: out of play until it takes ships


@pytest.mark.rules("N2.1")
def test_ships_at_sea_come_home_or_are_lost_with_no_port() -> None:
    state = new_game()
    let_go(state)
    data = state.data
    data["fleets"]["home"]["patrol"] = "1124"
    data["fleets"]["force_raid"]["patrol"] = "1630"
    data["owner"]["1532"] = "axis"  # Brest fell while the Force de Raid was at sea
    allied_naval_movement(state)
    assert "patrol" not in data["fleets"]["home"] and data["fleets"]["home"]["at"] == "0932"
    assert data["fleets"]["force_raid"]["sp"] == 0 and data["fleets"]["force_raid"]["at"] is None


@pytest.mark.rules("N2.1", "N1.2")
def test_a_fleet_at_sea_with_no_room_in_its_port_is_lost() -> None:
    state = new_game()
    let_go(state)
    data = state.data
    data["fleets"]["atlantic"].update(at="2031", sp=4, ships={"capital": 4}, patrol="2030")
    allied_naval_movement(state)  # Force H's two and four more: over Gibraltar's five
    assert data["fleets"]["atlantic"]["sp"] == 0


@pytest.mark.rules("N2.3")
def test_a_long_base_change_handicaps_the_fleets_interceptions_until_its_next_turn() -> None:
    state = new_game()
    let_go(state)
    allied_naval_movement(state)
    data = state.data
    state.apply("allied", ("detach_ship", "home", "atlantic", "capital"))
    state.apply("allied", ("change_base", "atlantic", "4639"))  # Scapa Flow to Cape Town
    assert hex_distance("0932", "4639") == 37
    assert data["fleets"]["atlantic"]["penalty"] == base_change_penalty(37) == 1
    # the raider's path passes four hexes from Cape Town: 5 or less intercepts, and a 5
    # with the +1 misses
    state.rng.force([5])
    assert not try_intercept(state, "atlantic", "raiders", ["4436"])
    assert "+1 after a long base change" in state.log_for(None)[-1]
    data["flow"][-1] = {"state": "naval_movement", "role": "allied"}
    state.advance()
    assert "penalty" not in data["fleets"]["atlantic"]  # gone at its side's next naval movement


@pytest.mark.rules("N2.5", "N1.4")
def test_an_advance_into_the_port_expels_the_fleets_to_ports_of_their_nation() -> None:
    data = new_game().data
    moved = expel(data, "1532", "axis")  # Brest falls
    assert moved == ["force_raid"]
    assert data["fleets"]["force_raid"]["at"] == "1635"  # the nearest French port with room
    data["fleets"]["atlantic"].update(at="1230", sp=1, ships={"capital": 1})
    expel(data, "1230", "axis")
    assert data["fleets"]["atlantic"]["at"] not in (None, "1230")


def test_unaligned_italys_fleets_wait_and_sides_at_peace_do_not_fight() -> None:
    state = new_game()
    data = state.data
    let_go(state)  # the Soviets, at peace, were never asked
    assert data["flow"][-1]["state"] == "naval_movement"
    assert "squadra_1" not in movable(data, "axis")
    refusal = str(state.why_illegal("axis", ("change_base", "squadra_1", "1736")))
    assert "unaligned" in refusal
    assert "kriegsmarine" in movable(data, "axis")
    data["politics"]["unaligned"].remove("italy")
    assert "squadra_1" in movable(data, "axis")


@pytest.mark.rules("N1.4")
def test_free_french_fleets_also_use_allied_ports() -> None:
    """N1.4 with France 5: after France's surrender its fleets still afloat are Free
    French, fight on (a surrendered nation's fleets wait in port, France's do not) and
    may base in any Allied port: a base change to the Clyde is offered and made; when
    Toulon falls the Force de Raid goes to the nearest port with room, British ones
    included, where before the surrender only French ports took it."""
    state = new_game()
    let_go(state)
    data = state.data
    data["fleets"]["force_raid"]["at"] = "1635"
    before = dict(data["fleets"]["force_raid"])
    data["politics"]["surrendered"] = sorted({*data["politics"]["surrendered"], "france"})
    allied_naval_movement(state)
    assert "force_raid" in movable(data, "allied")
    assert "1131" in base_choices(data, "force_raid") and "2031" in base_choices(data, "force_raid")
    state.apply("allied", ("change_base", "force_raid", "1131"))
    assert data["fleets"]["force_raid"]["at"] == "1131"

    for surrendered in (False, True):
        state = new_game()
        data = state.data
        data["fleets"]["force_raid"].update(at="1635", sp=before["sp"], ships=dict(before["ships"]))
        french = [p for p, o in data["owner"].items() if o == "allied" and p != "1635"
                  and nation_may_base(data, data["fleets"]["force_raid"], p)]
        for port in french:
            data["owner"][port] = "axis"  # every other French port gone
        if surrendered:
            data["politics"]["surrendered"] = sorted({*data["politics"]["surrendered"], "france"})
        expel(data, "1635", "axis")
        at = data["fleets"]["force_raid"]["at"]
        assert (at is not None) is surrendered, at
        if surrendered:
            assert data["fleets"]["force_raid"]["sp"] == before["sp"]
