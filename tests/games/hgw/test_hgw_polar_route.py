"""German raiders by the Bering Strait (N6.3), played under Naval Action in Campaign Game
IV: the Northern Sea Route's passage (data/polar_route.json, built by
scripts/build_hgw_map.py) from the Barents Sea along Siberia's Arctic coast to the strait
hexes, open to a German raider in Spring and Summer while Germany is at peace with the
Soviet Union (polar_route.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pacific_positions import world_naval_movement

from grognard.games.hgw import HgwState, naval_phase, polar_route
from grognard.games.hgw.map import load_map
from grognard.games.hgw.polar_route import PolarRoute, load_polar_route, passage_problem

KIEL, TOKYO_BAY = "1236", "2077"
STRAITS = ("05102", "05103")  # printed 0502 and 0503 (test_hgw_map_pacific.py)
KARA_SEA = "0352"


@pytest.mark.rules("N6.3", "N6.0")
def test_the_northern_sea_route_runs_from_the_barents_sea_along_siberia_to_the_strait() -> None:
    route = load_polar_route()
    m = load_map()
    assert route.path[0] == "0351" and route.path[-1] in STRAITS and KARA_SEA in route.path
    assert passage_problem(m, route) is None
    # its ice stays ice: no other ship enters it, and no ordinary sea route passes it
    assert route.ice and not any(m.is_navigable(h) for h in route.ice)
    ordinary = m.sea_route("0351", route.path[-1]) or []
    assert not set(ordinary) & route.ice
    broken = PolarRoute(route.name, route.cite, (route.path[0], *route.path[2:]))
    assert "not neighbours" in str(passage_problem(m, broken))


def game(turn: str) -> HgwState:
    state = world_naval_movement()
    state.data["turn"] = state.data["turns"].index(turn)
    assert state.data["fleets"]["raiders"]["at"] == KIEL and state.data["raiders"] == ["raiders"]
    return state


@pytest.mark.rules("N6.3")
def test_a_german_raider_sails_to_the_pacific_by_the_bering_strait_in_summer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = game("Summer 1940")
    sailed: list[list[str]] = []

    def record(game: Any, mover: str, path: list[str], back_to: Any) -> None:
        sailed.append(path)

    monkeypatch.setattr(naval_phase, "open_interceptions", record)
    assert TOKYO_BAY in polar_route.reach(state.data, "raiders")
    assert ("change_base", "raiders", TOKYO_BAY) in state.legal_actions("axis")
    state.apply("axis", ("change_base", "raiders", TOKYO_BAY))
    (path,) = sailed
    assert state.data["fleets"]["raiders"]["at"] == TOKYO_BAY
    assert path[0] == KIEL and path[-1] == TOKYO_BAY
    assert KARA_SEA in path and set(STRAITS) & set(path)  # by Siberia and the strait


@pytest.mark.rules("N6.3")
@pytest.mark.parametrize("case", ["winter", "at war with the Soviets", "not a raider"])
def test_no_bering_passage_in_winter_at_war_with_the_soviets_or_for_a_fleet_not_raiding(case: str) -> None:
    state = game("Winter 1940" if case == "winter" else "Spring 1941")
    data: dict[str, Any] = state.data
    fleet = "kriegsmarine" if case == "not a raider" else "raiders"
    if case == "at war with the Soviets":
        data["politics"]["soviet_war"] = True
    assert polar_route.reach(data, fleet) == {}
    ordinary = naval_phase.sailing_path(data, fleet, TOKYO_BAY)
    assert polar_route.path(data, fleet, TOKYO_BAY, ordinary) == ordinary
    assert not set(STRAITS) & set(ordinary) and KARA_SEA not in ordinary
    if case != "winter":  # the passage's own season, at peace, for the raider: open
        data["politics"]["soviet_war"] = False
        assert TOKYO_BAY in polar_route.reach(data, "raiders")
