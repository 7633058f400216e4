"""The Fall of Germany's amphibious invasions (Invasion Procedure 1-6; Invasion
Resolution 1-4; Defensive Assault against invaders 1-3; Invasion Assault 1-2; Invasion
Advance 1-4; Invading Friendly Coastal Hexes). Fleets, coastal air and forts have
their own tests (test_hgw_naval.py, test_hgw_forts.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, pass_turn, put, sp, step
from hgw_positions import fog_game as new_game

from grognard.games.hgw import HgwState
from grognard.games.hgw.board import defence
from grognard.games.hgw.invasion_routes import invasion_targets

FOG = "fall_of_germany"




def allied_combat(state: HgwState) -> None:
    """Pass the Axis and Soviet turns and end the Allied movement."""
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    assert step(state) == "announce"


def salerno(seed: int = 1) -> HgwState:
    """The Avalanche example's forces: the Fifth Army (four infantry, one mechanized,
    five amphibious) in the naval port 2038 and Army Group C (four infantry, two
    mechanized) in the clear Axis coastal hex 1737, five sea steps away, next to the
    Allied 1837 and 1838 so that no coastal air defends it, and no Allied fleet in the
    Mediterranean, as in the example. (The example's own target, 1838, is a mountain
    hex on our map, which would change the advance odds; docs/hgw-design.md.)"""
    state = new_game(seed)
    allied_combat(state)
    state.data["fleets"]["medfleet"]["at"] = None
    state.data["owner"]["1737"] = "axis"  # cut off and handed over at the Axis turn's end
    put(state, "5a", "2038", infantry=4, mechanized=1, amphibious=5)
    put(state, "agC", "1737", infantry=4, mechanized=2)
    return state


def legal(state: HgwState, role: str = "allied") -> list[tuple[Any, ...]]:
    return state.legal_actions(role)


# ----- who may invade, and where


@pytest.mark.rules("F3.4")
def test_an_army_half_amphibious_in_a_port_may_invade_within_six_sea_steps() -> None:
    """Invasion Procedure 2-3: the Seventh Army (one amphibious of two points, none to
    spare on an extension) in the port 1934 reaches 2040 six steps away, not 1940
    seven steps away."""
    state = new_game()
    put(state, "7a", "1934", infantry=1, amphibious=1)
    targets = invasion_targets(state.data, "7a")
    assert "2040" in targets
    assert "1940" not in targets


@pytest.mark.rules("F3.4")
def test_each_amphibious_point_spent_extends_the_route_twelve_steps() -> None:
    """Invasion Procedure 3: with three amphibious points the Seventh Army may spend
    one to reach 1940, seven steps away; the point goes at the declaration."""
    state = new_game()
    allied_combat(state)
    put(state, "7a", "1934", infantry=2, mechanized=1, amphibious=3)
    assert "1940" in invasion_targets(state.data, "7a")
    act(state, "allied", "invade", "7a", "1940")
    assert sp(state, "7a") == {"infantry": 2, "mechanized": 1, "amphibious": 2}


@pytest.mark.rules("F3.4")
def test_an_invader_left_below_half_amphibious_by_its_route_extension_still_invades() -> None:
    """Our reading (docs/hgw-design.md): Invasion Procedure 2 qualifies the army at its
    declaration; the amphibious point spent on the longer route (3) is the route's cost,
    so the army, now two amphibious of five points, still invades."""
    from grognard.games.hgw.invasion_routes import is_invading

    state = new_game()
    allied_combat(state)
    put(state, "7a", "1934", infantry=2, mechanized=1, amphibious=3)
    act(state, "allied", "invade", "7a", "1940")
    assert sp(state, "7a") == {"infantry": 2, "mechanized": 1, "amphibious": 2}
    assert is_invading(state.data, "7a")
    act(state, "allied", "end_announce")
    assert legal(state) == [("invasion", "7a")]


@pytest.mark.rules("F3.4")
def test_less_than_half_amphibious_or_away_from_a_port_may_not_invade() -> None:
    """Invasion Procedure 2 and 4: three amphibious of seven points is too few; a
    half-amphibious army in a coastal hex without a port has no invasion either."""
    state = new_game()
    put(state, "7a", "1934", infantry=3, mechanized=1, amphibious=3)
    assert invasion_targets(state.data, "7a") == []
    put(state, "7a", "1937", infantry=2, mechanized=1, amphibious=3)
    assert invasion_targets(state.data, "7a") == []


@pytest.mark.rules("F1.3", "F3.4")
def test_invasions_are_declared_before_the_initial_attacks_and_resolved_first() -> None:
    """Invasion Procedure 1 and 5: once an ordinary attack is named no invasion may be;
    after the announcement the invasions come before every other attack."""
    state = salerno()
    act(state, "allied", "invade", "5a", "1737")
    attack = next(a for a in legal(state) if a[0] == "attack" and a[1] != "5a")
    state.apply("allied", attack)
    assert not any(a[0] == "invade" for a in legal(state))
    act(state, "allied", "end_announce")
    assert step(state) == "invasions"
    assert legal(state) == [("invasion", "5a")]


# ----- resolution


def _to_defensive_assault(state: HgwState) -> None:
    act(state, "allied", "invade", "5a", "1737")
    act(state, "allied", "end_announce")
    act(state, "allied", "invasion", "5a")
    assert step(state) == "def_assault"


@pytest.mark.rules("F3.5")
def test_defensive_assault_losses_against_invaders_are_amphibious_first() -> None:
    """Defensive Assault against invaders 1-3 (the Avalanche example): Army Group C's six
    points hit once and the loss must be an amphibious point."""
    state = salerno()
    _to_defensive_assault(state)
    state.rng.force([4])  # one loss on the six column
    act(state, "axis", "defensive_assault", "agC")
    assert step(state) == "losses"
    assert {a[2] for a in legal(state)} == {"amphibious"}
    act(state, "allied", "lose", "5a", "amphibious")
    assert sp(state, "5a") == {"infantry": 4, "mechanized": 1, "amphibious": 4}


@pytest.mark.rules("F3.5")
def test_of_two_losses_against_invaders_one_must_be_amphibious() -> None:
    """Defensive Assault against invaders 3: two losses, at least one amphibious; after
    an infantry point only an amphibious one may go."""
    state = salerno()
    _to_defensive_assault(state)
    state.rng.force([1])  # two losses on the six column
    act(state, "axis", "defensive_assault", "agC")
    assert {a[2] for a in legal(state)} == {"infantry", "mechanized", "amphibious"}
    act(state, "allied", "lose", "5a", "infantry")
    assert {a[2] for a in legal(state)} == {"amphibious"}
    act(state, "allied", "lose", "5a", "amphibious")
    assert sp(state, "5a") == {"infantry": 3, "mechanized": 1, "amphibious": 4}


@pytest.mark.rules("F3.5")
def test_the_invasion_assault_fires_with_the_amphibious_points_only() -> None:
    """Invasion Assault 2: the Fifth Army fires on the four column (its amphibious
    points), where a 1 inflicts two losses; its five other points do not count."""
    state = salerno()
    _to_defensive_assault(state)
    act(state, "axis", "no_defensive_assault")
    assert step(state) == "invasion_attack"
    state.rng.force([1])
    act(state, "allied", "assault")
    assert step(state) == "losses"
    assert state.flow[-1]["count"] == 2


@pytest.mark.rules("F3.5", "E1.8")
@pytest.mark.parametrize(("die", "lands"), [(2, True), (3, False)])
def test_the_invasion_advance_counts_amphibious_points_and_as_many_others(die: int, lands: bool) -> None:
    """Invasion Advance 1-3 (the Avalanche example played through): after one amphibious
    loss to the defensive assault, four amphibious points and
    four of the infantry and mechanized ones make eight against a defence of six, which
    advances on a 1 or 2. A landing displaces the defender; a failure leaves the army in
    its port."""
    state = salerno()
    _to_defensive_assault(state)
    state.rng.force([4])  # Army Group C's defensive assault: one loss
    act(state, "axis", "defensive_assault", "agC")
    act(state, "allied", "lose", "5a", "amphibious")
    assert defence(state.data, "1737") == 6
    state.rng.force([6, die])  # no effect from the four-point assault, then the advance
    act(state, "allied", "assault")
    if lands:
        assert state.data["armies"]["5a"]["at"] == "1737"
        assert state.data["owner"]["1737"] == "allied"
        assert step(state) == "retreat"
    else:
        assert state.data["armies"]["5a"]["at"] == "2038"
        assert state.data["owner"]["1737"] == "axis"
        assert step(state) == "assaults"


@pytest.mark.rules("F3.5")
def test_a_landed_invader_may_exploit_and_a_failed_one_may_not() -> None:
    """Invasion Advance 4; Making Attacks 3: only the army that got ashore attacks again
    in the exploitation; neither takes part in the initial assaults or advances."""
    state = salerno()
    put(state, "7a", "1934", infantry=2, mechanized=1, amphibious=3)
    put(state, "agE", "2040", mechanized=6)  # no infantry: no coastal air in 2040
    act(state, "allied", "invade", "5a", "1737")
    act(state, "allied", "invade", "7a", "2040")
    act(state, "allied", "end_announce")
    act(state, "allied", "invasion", "5a")
    act(state, "axis", "no_defensive_assault")
    state.rng.force([1])  # the advance lands
    act(state, "allied", "no_assault")
    state.apply("axis", legal(state, "axis")[0])  # Army Group C retreats
    assert step(state) == "invasions"
    act(state, "allied", "invasion", "7a")
    act(state, "axis", "no_defensive_assault")
    state.rng.force([6])  # the Seventh Army fails
    act(state, "allied", "no_assault")
    assert step(state) == "assaults"
    assert legal(state) == [("to_advances",)]
    act(state, "allied", "to_advances")
    assert legal(state) == [("to_exploitation",)]
    act(state, "allied", "to_exploitation")
    exploiting = {a[1] for a in legal(state) if a[0] == "exploit"}
    assert exploiting == {"5a"}
    assert state.data["armies"]["7a"]["at"] == "1934"


@pytest.mark.rules("F3.5")
def test_an_invasion_of_a_friendly_hex_lands_without_a_roll() -> None:
    """Invading Friendly Coastal Hexes: no defensive assault, assault or advance roll."""
    state = salerno()
    act(state, "allied", "invade", "5a", "1938")
    act(state, "allied", "end_announce")
    draws = state.rng.draws
    act(state, "allied", "invasion", "5a")
    assert state.data["armies"]["5a"]["at"] == "1938"
    assert state.rng.draws == draws
    assert step(state) == "assaults"
