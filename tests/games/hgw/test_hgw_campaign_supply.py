"""Campaign Game I's supply and production across its sides: which opponents capture
cut-off hexes (Unsupplied Hexes 2 with Unaligned Countries), the budgets that share
production or stand apart (Activity Limitations 1), and the flows the limitations
measure (Swedish Production, Strength Point Movement Across Seas)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hgw_positions import pass_turn

from grognard.games.hgw import RULESET, HgwState, politics
from grognard.games.hgw.neutrality import at_war
from grognard.games.hgw.production import budget
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.supply import end_of_combat_supply, frozen_armies, supplied_places

CG1 = "campaign_1"


def new_game(seed: int = 1) -> HgwState:
    state = RULESET.new_game(CG1, {}, seed=seed)
    assert isinstance(state, HgwState)
    return state


def pol(state: HgwState) -> dict[str, Any]:
    found: dict[str, Any] = state.data["politics"]
    return found


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}


def name(state: HgwState, side: str, army: str, target: str) -> None:
    """`army` of `side` is named against `target`, and `side` ends its announcements."""
    assert state.data["armies"][army]["side"] == side
    state.data["status"][army] = {"target": target, "assaulted": False, "defended": False, "advanced": 0}
    politics.attacks_announced(state, side)
    state.data["status"] = {}


# ----- cut-off hexes (Unsupplied Hexes 2; Unaligned Countries)


@pytest.mark.rules("L2.2", "G1.1")
def test_winter_1939_passed_by_every_side_hands_over_no_cut_off_hex() -> None:
    """Nobody can supply and reach the cut-off hexes of the set-up (the Sudan's and
    Algeria's deserts, the far Soviet north), and the Soviet Union, a neutral major
    power, is nobody's opponent yet: no hex changes hands. (The
    engine used to hand them to the side with the nearest production, The Fall of
    Germany's special rule, so that the Axis took 40 hexes and the Soviets East Prussia.)"""
    state = new_game()
    before = dict(state.data["owner"])
    for side in ("axis", "soviet", "allied"):
        pass_turn(state, side)
    after = state.data["owner"]
    changed = {p for p in set(before) | set(after) if before.get(p) != after.get(p)}
    assert changed == set()
    assert state.data["owner"]["1240"] == "axis" and state.data["owner"]["2331"] == "allied"


def _cut_off_east_prussia(state: HgwState) -> None:
    """1240's one German neighbour, the Gulf of Danzig hex 1239, leaves Axis hands (to
    no side, as Polish land would): East Prussia has no route by land or by sea."""
    del state.data["owner"]["1239"]


@pytest.mark.rules("G28.1", "L1.1", "L2.1", "L2.4")
def test_army_group_north_in_east_prussia_starts_in_supply_and_outlives_an_idle_turn() -> None:
    """Campaign Game I sets Army Group North up in 1240 (East Prussia). Konigsberg's hex
    1239 is German and on the Baltic, so 1240 traces full supply to Germany (Line of
    Supply 1): by land through Pomerania or, with Pomerania lost, across the Baltic, an
    Axis supply sea (Supply Route 1-2). The army may move from the start (Unsupplied
    Hexes 4) and an idle first Axis turn does not lose it (Unsupplied Hexes 2). On the
    map before, 1239 was Polish: the army was cut off and eliminated."""
    state = new_game()
    assert state.data["armies"]["agn"]["at"] == "1240"
    assert state.data["owner"]["1239"] == "axis"
    assert "1240" in supplied_places(state.data, "axis", home_only=True)
    assert "agn" not in frozen_armies(state.data, "axis")
    assert any(a[:2] == ("move", "agn") for a in state.legal_actions("axis"))
    pomerania_lost = copy.deepcopy(state.data)
    pomerania_lost["owner"]["1238"] = "allied"  # no land route: the Baltic carries it
    assert "1240" in supplied_places(pomerania_lost, "axis", home_only=True)
    pass_turn(state, "axis")
    assert state.data["armies"]["agn"]["at"] == "1240"
    assert state.data["owner"]["1240"] == "axis"


@pytest.mark.rules("L2.2", "G1.1")
def test_the_neutral_soviets_capture_no_cut_off_axis_hex_until_at_war() -> None:
    """East Prussia (1240) cut off with a Soviet army in supply two hexes away: at peace
    the Soviets do not take it (its army is still lost); once the Axis has named a
    Soviet hex they do."""
    state = new_game()
    _cut_off_east_prussia(state)
    state.data["owner"]["1241"] = "soviet"  # the Soviet army can reach and supply 1240
    end_of_combat_supply(state, "axis")
    assert state.data["owner"]["1240"] == "axis"
    assert state.data["armies"]["agn"]["at"] is None  # Unsupplied Hexes 2: its army dies anyway
    assert not at_war(state.data, "axis", "soviet")
    name(state, "axis", "4a", "1242")
    assert at_war(state.data, "axis", "soviet") and at_war(state.data, "soviet", "axis")
    end_of_combat_supply(state, "axis")
    assert state.data["owner"]["1240"] == "soviet"


@pytest.mark.rules("L2.2")
@pytest.mark.parametrize(("allied_army", "taker"), [(False, "soviet"), (True, "allied")])
def test_of_the_opponents_that_can_capture_the_closest_production_takes_the_hex(
    allied_army: bool, taker: str
) -> None:
    """1240 cut off (1239 lost), the Soviets at war with a supplied army two hexes away (their
    production at 1242), the Allies holding 1339 next door with its two points: with no
    Allied army within three hexes only the Soviets qualify and take it, however near
    the Allied point; with one, both qualify and the closer Allied point wins."""
    state = new_game()
    _cut_off_east_prussia(state)
    pol(state)["soviet_war"] = True
    state.data["owner"]["1241"] = "soviet"
    state.data["owner"]["1339"] = "allied"
    if allied_army:
        put(state, "brit", "1339", infantry=2)
    end_of_combat_supply(state, "axis")
    assert state.data["owner"]["1240"] == taker


@pytest.mark.rules("G1.1", "G18.1")
def test_the_axis_soviet_war_begins_with_the_first_attack_between_them() -> None:
    """An attack on unaligned Poland starts no war with the Soviets; a Soviet attack on a
    German hex does, and an accepted surrender ends it (Soviet Union 2); the Allies and
    the Soviets are never at war with each other."""
    state = new_game()
    name(state, "soviet", "1ukr", "1241")
    assert not at_war(state.data, "soviet", "axis")
    name(state, "soviet", "1ukr", "1240")
    assert at_war(state.data, "soviet", "axis")
    assert at_war(state.data, "axis", "allied") and not at_war(state.data, "allied", "soviet")
    pol(state)["peace"] = True
    assert not at_war(state.data, "axis", "soviet")


# ----- which purse pays (Lend-Lease 1; Activity Limitations 1, 4)


def _allied_production(state: HgwState, budget: int, france: int) -> None:
    for side in ("axis", "soviet"):
        pass_turn(state, side)
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        state.apply("allied", (action,))
    frame = state.data["flow"][-1]
    assert frame["state"] == "production"
    frame["budget"], frame["french"] = budget, france


@pytest.mark.rules("F5.3", "G17.1")
def test_soviet_lend_lease_comes_out_of_the_allied_budget_never_frances() -> None:
    """Lend-Lease 1: the Allied player gives lend-lease from his budget; France's own
    points (Activity Limitations 1) cannot pay for it, so with the Allied budget spent
    none is offered, however much France has left, and the budget never goes below 0."""
    state = new_game()
    state.data["lend_lease"]["open"] = True
    _allied_production(state, budget=1, france=5)
    assert ("lend_lease",) in state.legal_actions("allied")
    state.apply("allied", ("lend_lease",))
    assert state.data["flow"][-1]["budget"] == 0
    assert ("lend_lease",) not in state.legal_actions("allied")
    assert ("lend_lease_france",) not in state.legal_actions("allied")


def _italy_cut_off(state: HgwState) -> None:
    """Italy joins the Axis; the Allies hold 1537, Germany's one link to Italy by land
    (and Germany touches no Mediterranean coast): no route joins their points."""
    from grognard.games.hgw.neutrality import join

    join(state, "italy", "axis")
    state.data["owner"]["1537"] = "allied"


def _axis_production(state: HgwState) -> dict[str, Any]:
    for action in ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat"):
        state.apply("axis", (action,))
    frame: dict[str, Any] = state.data["flow"][-1]
    assert frame["state"] == "production"
    return frame


@pytest.mark.rules("G17.1")
def test_italy_cut_off_from_germany_produces_alone_and_builds_only_in_italy() -> None:
    """Activity Limitations 1: Germany and Italy share production only along a supply
    route between them. Cut off, Italy's five points are a budget of their own, spent
    only in Italy, and Germany's budget (16 and the ore) cannot build there."""
    state = new_game()
    _italy_cut_off(state)
    frame = _axis_production(state)
    assert (frame["budget"], frame.get("italy_alone")) == (16 + 2, 5)
    legal = state.legal_actions("axis")
    builds = {a[3] for a in legal if a[0] == "build" and a[2] == "place"}
    assert {"1636", "1637", "1837", "1838"} <= builds and "1237" in builds
    state.apply("axis", ("build", "infantry", "place", "1636"))
    assert (frame["budget"], frame["italy_alone"]) == (18, 3)
    frame["budget"] = 0
    legal = state.legal_actions("axis")
    assert ("build", "infantry", "place", "1837") in legal
    assert ("build", "infantry", "place", "1237") not in legal  # Italy's points stay in Italy


@pytest.mark.rules("G17.1")
def test_italy_joined_to_germany_shares_one_axis_budget() -> None:
    from grognard.games.hgw.neutrality import join

    state = new_game()
    join(state, "italy", "axis")
    frame = _axis_production(state)
    assert frame["budget"] == 16 + 5 + 2 and "italy_alone" not in frame


# ----- Swedish ore (Swedish Production 1-4)


def _axis_attacks(state: HgwState, army: str, target: str) -> None:
    """`army` was named against `target` this Axis combat phase, which now ends
    (Campaign Game I's end-of-combat politics, as EndCombat runs them)."""
    state.data["status"][army] = {"target": target, "assaulted": True, "defended": False, "advanced": 0}
    state.data["flow"][-1] = {"state": "end_combat", "player": "axis"}
    politics.end_of_combat(state, "axis")
    state.data["status"] = {}


@pytest.mark.rules("G20.4", "G2.5")
def test_an_axis_attack_on_sweden_stops_the_ore_though_sweden_stays_unaligned() -> None:
    """Swedish Production 4: once the Axis attacks Sweden, 0539's points are lost to it
    until a supply route reaches the hex; Sweden, attacked and not conquered, stays
    unaligned (Violation of Neutrality 5), which is what let the ore flow on before."""
    state = new_game()
    assert budget(state.data, "axis") == 16 + 2
    _axis_attacks(state, "4a", "0538")
    assert "sweden" in pol(state)["unaligned"]
    assert budget(state.data, "axis") == 16
    _axis_attacks(state, "4a", "1340")  # a later attack elsewhere does not restore it
    assert budget(state.data, "axis") == 16


@pytest.mark.rules("G20.1", "G2.1", "P3.1")
def test_the_ore_field_carries_its_two_points_so_a_capture_devastates_them() -> None:
    """Swedish Production 1 puts Sweden's two points in hex 0539 (the map carries them
    there now, not off the map): a capture by advance devastates them (Violation of
    Neutrality 1) and they must be repaired before they count for anyone."""
    from grognard.games.hgw.board import capture
    from grognard.games.hgw.geography import geography

    state = new_game()
    assert geography(CG1).production["0539"] == 2
    capture(state, "0539", "allied", by_advance=True)
    assert state.data["devastated"]["0539"] == 2
    assert budget(state.data, "axis") == 16  # an Allied ore field ships nothing to Germany


# ----- the record sheet's counters (Military Record Sheet 1; Activity Limitations 2)


@pytest.mark.rules("R1.2", "G17.2")
def test_the_italian_army_counter_is_no_spare_for_german_points_while_italy_is_unaligned() -> None:
    """The Italian Army waits off the board for Italy (Activity Limitations 2); its
    counter is not handed to new German points meanwhile, which would label a German
    army "Italian Army" in Berlin. Once Italy has joined, the counter is a spare again."""
    from grognard.games.hgw.board import free_army
    from grognard.games.hgw.neutrality import join

    state = new_game()
    for army, x in state.data["armies"].items():
        if x["side"] == "axis" and x["at"] is None and army != "it":
            put(state, army, "1237", infantry=1)
    assert free_army(state.data, "axis") is None
    put(state, "okw", None)
    assert free_army(state.data, "axis") == "okw"
    put(state, "okw", "1237", infantry=1)
    join(state, "italy", "axis")
    assert free_army(state.data, "axis") == "it"
