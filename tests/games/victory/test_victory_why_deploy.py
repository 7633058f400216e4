"""Why a block may not be placed in deployment (issue 26, item 4): the answer names
the deployment's own rules (1.4: the seat's starting places; 5.2: stacking), never a
move's, and an illegal placement changes nothing."""

from __future__ import annotations

import pytest

from grognard.games.victory import RULESET
from grognard.games.victory.control import AIR_STACK, COASTAL_NAVAL_STACK, arm, gmap
from grognard.games.victory.setup import home_sites
from grognard.games.victory.state import VictoryState

BLUE, RED = "blue", "red"


def _deploying() -> tuple[VictoryState, list[str]]:
    """Quick Start, seed 0: blue deals three air units (two medium bombers) and five
    ships; its starting cities, ports first."""
    state = RULESET.new_game("quick-start", {}, 0)
    assert isinstance(state, VictoryState)
    the_map = gmap(state.data)
    cities = [h for h in home_sites(state.data, BLUE) if the_map.hexes[h].city]
    return state, sorted(cities, key=lambda h: not the_map.hexes[h].port)


def _blocks(state: VictoryState, kind: str) -> list[str]:
    blocks = state.data["blocks"]
    return sorted(b for b, x in blocks.items() if x["owner"] == BLUE and x["at"] is None and arm(x) == kind)


@pytest.mark.rules("1.4", "5.2")
def test_a_third_air_unit_in_a_city_is_refused_by_stacking_5_2() -> None:
    state, cities = _deploying()
    air = _blocks(state, "air")
    assert len(air) > AIR_STACK
    city = cities[-1]
    for bid in air[:AIR_STACK]:
        state.apply(BLUE, ("deploy", bid, city))
    third = ("deploy", air[AIR_STACK], city)
    assert third not in state.legal_actions(BLUE)
    before = state.to_json()
    reason = state.why_illegal(BLUE, third)
    assert reason is not None
    assert f"already holds {AIR_STACK} of your air units" in reason and "(5.2)" in reason
    assert "move" not in reason
    assert state.to_json() == before


@pytest.mark.rules("1.4", "5.2")
def test_a_third_ship_in_a_port_is_refused_by_stacking_and_a_ship_inland_by_1_4() -> None:
    state, cities = _deploying()
    ships = _blocks(state, "naval")
    port = cities[0]
    assert gmap(state.data).hexes[port].port
    for bid in ships[:COASTAL_NAVAL_STACK]:
        state.apply(BLUE, ("deploy", bid, port))
    reason = state.why_illegal(BLUE, ("deploy", ships[COASTAL_NAVAL_STACK], port))
    assert reason is not None and f"already holds {COASTAL_NAVAL_STACK} of your ships" in reason
    assert "(5.2)" in reason
    inland = [c for c in cities if not gmap(state.data).hexes[c].port]
    if inland:
        reason = state.why_illegal(BLUE, ("deploy", ships[-1], inland[0]))
        assert reason is not None and "ships start only in a port" in reason


@pytest.mark.rules("1.4")
def test_a_block_starts_only_in_its_own_places_and_only_once_1_4() -> None:
    state, cities = _deploying()
    ground = _blocks(state, "ground")
    theirs = next(h for h in home_sites(state.data, RED) if gmap(state.data).hexes[h].city)
    reason = state.why_illegal(BLUE, ("deploy", ground[0], theirs))
    assert reason is not None and "not one of your starting cities or towns" in reason and "(1.4)" in reason
    state.apply(BLUE, ("deploy", ground[0], cities[0]))
    reason = state.why_illegal(BLUE, ("deploy", ground[0], cities[1]))
    assert reason is not None and "placed once" in reason
    # another seat's block, or none at all: the same answer, nothing about them
    red = next(b for b, x in state.data["blocks"].items() if x["owner"] == RED)
    assert state.why_illegal(BLUE, ("deploy", red, cities[0])) == (
        f"{red} is not one of your blocks: each player deploys only his own (1.4)"
    )
