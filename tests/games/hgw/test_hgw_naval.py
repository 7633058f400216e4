"""Fleets, coastal air, amphibious advance and the beachhead's supply in The Fall of
Germany (Fleet Naval Fire 1-5; Coastal Airpower 1-7; Invasion Resolution 1 steps 2-4;
Amphibious Advance; Invasion Procedure 4), with the invasion-route and Sealion
examples played with forced dice."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, pass_turn, put, sp, step
from hgw_positions import fog_game as new_game

from grognard.games.hgw import HgwState
from grognard.games.hgw.fleets import route_seas
from grognard.games.hgw.naval import coastal_air
from grognard.games.hgw.supply import supplied_places


def legal(state: HgwState, role: str) -> list[tuple[Any, ...]]:
    return state.legal_actions(role)


def fleet(state: HgwState, fleet_id: str) -> dict[str, Any]:
    entry: dict[str, Any] = state.data["fleets"][fleet_id]
    return entry


def sealion(seed: int = 1) -> HgwState:
    """The invasion-route example's forces at the Axis announcement: an army of four
    infantry and four amphibious points in Kiel (1236) with the Axis fleet of two naval
    points, the Allied Home Fleet of four (the example's 'eight firepower points'
    doubled) in the Clyde, and one Allied infantry point in 1233, the Sealion target."""
    state = new_game(seed)
    act(state, "axis", "end_movement")
    state.data["forts"].pop("1236")  # room in Kiel for the eight points
    put(state, "agE", "1236", infantry=4, amphibious=4)
    put(state, "21ag", "1233", infantry=1)
    assert step(state) == "announce"
    return state


def to_interception(state: HgwState) -> None:
    act(state, "axis", "invade", "agE", "1233")
    act(state, "axis", "end_announce")
    act(state, "axis", "invasion", "agE")
    assert ("escort", "kriegsmarine") in legal(state, "axis")
    act(state, "axis", "escort", "kriegsmarine")
    assert step(state) == "interception"


@pytest.mark.rules("F3.6", "E1.6")
def test_the_invasion_route_example() -> None:
    """The example of an invasion route (Fleet Naval Fire 2-3, 5): the Home Fleet
    intercepts; on the eight column a 3 sinks two points of the invasion fleet, half of
    them amphibious; the escort's four column with a 2 costs the Home Fleet one point.
    The larger Allied fleet wins and may intercept again; the Axis fleet is expended."""
    state = sealion()
    to_interception(state)
    assert {a[1] for a in legal(state, "allied") if a[0] == "intercept"} == {"home", "channel"}
    state.rng.force([3, 2])
    act(state, "allied", "intercept", "home")
    assert fleet(state, "home")["sp"] == 3
    assert state.data["fleet_status"]["kriegsmarine"] == "expended"
    assert "home" not in state.data["fleet_status"]
    assert step(state) == "losses"
    assert state.flow[-1]["count"] == 2
    act(state, "axis", "lose", "agE", "infantry")
    assert {a[2] for a in legal(state, "axis")} == {"amphibious"}  # half must be amphibious
    act(state, "axis", "lose", "agE", "amphibious")
    assert sp(state, "agE") == {"infantry": 3, "amphibious": 3}
    # the Channel Fleet may still intercept; the Home Fleet has had its turn at this one
    assert set(legal(state, "allied")) == {("no_interception",), ("intercept", "channel")}


@pytest.mark.rules("F3.7", "E1.7")
def test_operation_sealion() -> None:
    """The Sealion example, going on from the invasion route: coastal air of 1233 (an
    Allied infantry point on the coast) fires six points and a 6 costs one amphibious
    point; the defender's one point fires in vain; the two amphibious points assault
    on the two column (a 5, nothing); the advance with four points against one goes
    through on a 3 and devastates the hex's three production points."""
    state = sealion()
    to_interception(state)
    state.rng.force([3, 2])
    act(state, "allied", "intercept", "home")
    act(state, "axis", "lose", "agE", "infantry")
    act(state, "axis", "lose", "agE", "amphibious")
    assert coastal_air(state.data, "1233", "axis") == 6
    state.rng.force([6])  # the coastal air: the expended escort no longer shields the army
    act(state, "allied", "no_interception")
    assert step(state) == "losses"
    assert {a[2] for a in legal(state, "axis")} == {"amphibious"}
    act(state, "axis", "lose", "agE", "amphibious")
    assert sp(state, "agE") == {"infantry": 3, "amphibious": 2}
    assert step(state) == "def_assault"
    state.rng.force([4])
    act(state, "allied", "defensive_assault", "21ag")
    assert sp(state, "agE") == {"infantry": 3, "amphibious": 2}
    state.rng.force([5, 3])
    act(state, "axis", "assault")
    assert state.data["armies"]["agE"]["at"] == "1233"
    assert state.data["owner"]["1233"] == "axis"
    assert state.data["devastated"]["1233"] == 3
    assert state.data["armies"]["21ag"]["sp"]["infantry"] == 1  # the assault did nothing


@pytest.mark.rules("F3.6")
def test_only_fleets_on_a_sea_the_route_enters_may_intercept() -> None:
    """Fleet Naval Fire 2: the route from Kiel to 1233 runs through the North Sea (the
    Atlantic), so the Mediterranean Fleet in Malta has no part in it."""
    state = sealion()
    assert route_seas("1236", "1233") == frozenset({"Atlantic"})
    to_interception(state)
    assert "medfleet" not in {a[1] for a in legal(state, "allied") if a[0] == "intercept"}


@pytest.mark.rules("F3.6")
def test_an_expended_interceptor_intercepts_no_more() -> None:
    """Fleet Naval Fire 5: a fleet that loses its battle is expended; the escort that
    won keeps sailing and may fire in support."""
    state = sealion()
    fleet(state, "kriegsmarine")["sp"] = 5  # the escort now outguns the Channel Fleet
    to_interception(state)
    state.rng.force([6, 1])  # the Channel Fleet misses; the escort's ten column hits 4
    act(state, "allied", "intercept", "channel")
    assert fleet(state, "channel")["at"] is None  # all its points sunk
    assert state.data["fleet_status"]["kriegsmarine"] == "escort"  # not expended
    assert ("intercept", "channel") not in legal(state, "allied")


@pytest.mark.rules("F3.6")
def test_a_surviving_escort_fires_in_support_on_the_target() -> None:
    """Fleet Naval Fire 4: no interception, the escort's two points shoot down the
    coastal air first (Coastal Airpower 4) and then fire once on the target hex."""
    state = sealion()
    to_interception(state)
    # escort at the coastal air: two column, 1 = one loss; coastal air (five left): 6 =
    # none; supporting fire: two column, 1 = one loss on the defender
    state.rng.force([1, 6, 1])
    act(state, "allied", "no_interception")
    assert step(state) == "losses"
    assert state.flow[-1]["role"] == "allied"
    act(state, "allied", "lose", "21ag", "infantry")
    assert state.data["armies"]["21ag"]["at"] is None
    assert sp(state, "agE") == {"infantry": 4, "amphibious": 4}


@pytest.mark.rules("F3.7")
def test_no_coastal_air_next_to_an_invader_hex_or_without_a_base_or_infantry() -> None:
    """Coastal Airpower 1-2: 1737 borders the Allied 1837, so it has none against the
    Allies; 1233 without an army and without a base has none; with an infantry point
    it has six; Malta's naval port and airbase give it six with no army at all."""
    state = new_game()
    state.data["owner"]["1737"] = "axis"
    put(state, "agC", "1737", infantry=4, mechanized=2)
    assert coastal_air(state.data, "1737", "allied") == 0
    put(state, "21ag", None)
    assert coastal_air(state.data, "1233", "axis") == 0
    put(state, "21ag", "1233", mechanized=2)
    assert coastal_air(state.data, "1233", "axis") == 0
    put(state, "21ag", "1233", infantry=1)
    assert coastal_air(state.data, "1233", "axis") == 6
    assert coastal_air(state.data, "2038", "axis") == 6


@pytest.mark.rules("F3.6")
def test_an_invasion_of_a_friendly_hex_may_still_be_intercepted() -> None:
    """Invading Friendly Coastal Hexes: the landing needs no roll, but an Axis route is
    still open to Allied naval fire."""
    state = sealion()
    act(state, "axis", "invade", "agE", "1235")  # Amsterdam, Axis-friendly
    act(state, "axis", "end_announce")
    act(state, "axis", "invasion", "agE")
    act(state, "axis", "no_escort")
    assert set(legal(state, "axis")) == {("no_support",), ("support", "kriegsmarine")}
    act(state, "axis", "no_support")
    assert step(state) == "interception"
    act(state, "allied", "no_interception")
    assert state.data["armies"]["agE"]["at"] == "1235"


@pytest.mark.rules("F3.8")
def test_amphibious_advance_in_the_exploitation() -> None:
    """Amphibious Advance: the Fifth Army, ashore at friendly 1938 after one hex, may go
    on by sea within five steps (six less one), with +1 on its advance roll."""
    state = new_game()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    state.data["fleets"]["medfleet"]["at"] = None
    put(state, "5a", "2038", infantry=4, mechanized=1, amphibious=5)
    act(state, "allied", "invade", "5a", "1938")
    act(state, "allied", "end_announce")
    act(state, "allied", "invasion", "5a")
    act(state, "allied", "to_advances")
    act(state, "allied", "to_exploitation")
    advances = {a[2] for a in legal(state, "allied") if a[0] == "amphibious_advance" and a[1] == "5a"}
    assert "1637" in advances  # five sea steps from Taranto
    amphibious = state.data["armies"]["5a"]["sp"]["amphibious"]
    act(state, "allied", "amphibious_advance", "5a", "2040")
    assert step(state) == "invasion_attack"
    assert state.data["armies"]["5a"]["sp"]["amphibious"] == amphibious  # within five: free


@pytest.mark.rules("F3.8")
def test_an_amphibious_advance_is_extended_by_amphibious_points() -> None:
    """Amphibious Advance follows the invasion's rules, Invasion Procedure 3 among them:
    beyond the five free steps (six less the hex advanced) each amphibious point buys
    twelve more. With a single amphibious point (kept to land with) the six-step 1636 is
    out of reach; with two it is offered, and taking it spends one."""
    for amphibious, reach in ((1, False), (2, True)):
        state = new_game()
        pass_turn(state, "axis")
        pass_turn(state, "soviet")
        act(state, "allied", "end_movement")
        state.data["fleets"]["medfleet"]["at"] = None
        put(state, "5a", "2038", infantry=amphibious, amphibious=amphibious)
        act(state, "allied", "invade", "5a", "1938")
        act(state, "allied", "end_announce")
        act(state, "allied", "invasion", "5a")
        act(state, "allied", "to_advances")
        act(state, "allied", "to_exploitation")
        advances = {a[2] for a in legal(state, "allied") if a[0] == "amphibious_advance" and a[1] == "5a"}
        assert "1637" in advances  # five steps: free either way
        assert ("1636" in advances) is reach, amphibious
    act(state, "allied", "amphibious_advance", "5a", "1636")
    assert state.data["armies"]["5a"]["sp"]["amphibious"] == 1
    assert step(state) == "invasion_attack"


@pytest.mark.rules("F3.8")
def test_a_landed_invader_traces_supply_to_its_hex_next_turn() -> None:
    """Invasion Procedure 4: a successful landing records the hex as its side's supply
    source until the ensuing game turn ends; Benghazi, taken by the Axis across the
    Mediterranean it may not trace supply through, is supplied only while that lasts."""
    state = sealion()
    act(state, "axis", "invade", "agE", "1233")
    act(state, "axis", "end_announce")
    act(state, "axis", "invasion", "agE")
    act(state, "axis", "no_escort")
    act(state, "axis", "no_support")
    state.rng.force([6])  # the coastal air hits once
    act(state, "allied", "no_interception")
    act(state, "axis", "lose", "agE", "amphibious")
    act(state, "allied", "no_defensive_assault")
    state.rng.force([1])  # six invading points against one: the landing succeeds
    act(state, "axis", "no_assault")
    assert state.data["armies"]["agE"]["at"] == "1233"
    assert state.data["beachheads"]["1233"] == {"side": "axis", "until": state.data["turn"] + 1}
    data = state.data
    data["owner"]["2239"] = "axis"
    assert "2239" not in supplied_places(data, "axis", home_only=True)
    data["beachheads"]["2239"] = {"side": "axis", "until": data["turn"] + 1}
    data["turn"] += 1  # the ensuing game turn
    assert "2239" in supplied_places(data, "axis", home_only=True)
    data["turn"] += 1
    assert "2239" not in supplied_places(data, "axis", home_only=True)


@pytest.mark.rules("E1.8", "F3.6", "F3.7")
def test_operation_avalanche_meets_no_fleet_and_no_coastal_air() -> None:
    """The Avalanche example's steps 2-4: no Allied fleet in the Mediterranean to sail
    with the Fifth Army, the Axis fleet in Kiel cannot reach a Mediterranean route, and
    1737 (our stand-in for the mountain 1838) borders the Allied 1837 and 1838, so no
    coastal air: the first die rolled is Army Group C's defensive assault."""
    state = new_game()
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    state.data["fleets"]["medfleet"]["at"] = None
    state.data["owner"]["1737"] = "axis"  # cut off and handed over at the Axis turn's end
    put(state, "5a", "2038", infantry=4, mechanized=1, amphibious=5)
    put(state, "agC", "1737", infantry=4, mechanized=2)
    act(state, "allied", "invade", "5a", "1737")
    act(state, "allied", "end_announce")
    draws = state.rng.draws
    act(state, "allied", "invasion", "5a")
    assert step(state) == "def_assault"
    assert state.rng.draws == draws
    state.rng.force([4, 6, 1])  # one loss; the four amphibious points miss; 8 vs 6 lands on 1
    act(state, "axis", "defensive_assault", "agC")
    act(state, "allied", "lose", "5a", "amphibious")
    act(state, "allied", "assault")
    assert state.data["armies"]["5a"]["at"] == "1737"
    assert sp(state, "5a") == {"infantry": 4, "mechanized": 1, "amphibious": 4}
