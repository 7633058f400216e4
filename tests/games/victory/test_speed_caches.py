"""What the speed measures of issue 25 keep between positions agrees with the rules
asked afresh, at positions of random games: the cached move walks (move_search.py),
the strategic reaches and their ends, the bases and strike targets within a flight,
the move list in the core's order, the survey's closed hexes, the table of who holds
vacant hexes, the airbases with room, the supply map kept from one end-of-turn
question to the next, and the view's hexes kept per control."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grognard.agents import RandomAgent
from grognard.games.victory import RULESET, VictoryState, flight, landings, strategic, view
from grognard.games.victory.control import (
    airbase_sites,
    airbases_with_room,
    controller,
    controllers,
    flight_distance,
    gmap,
    has_enemy,
    has_room,
    occupancy,
)
from grognard.games.victory.move_search import ground_search, naval_search
from grognard.games.victory.movement import move_actions
from grognard.games.victory.strategic import Survey, _open
from grognard.games.victory.supply_map import supply_map
from grognard.games.victory.supply_memo import current_supply

OPTIONS = [{}, {"storms": True, "logistics": True}]
# every cache of the move list keyed by the position's parts (issue 25)
KEPT_BETWEEN_POSITIONS = (
    ground_search,
    naval_search,
    strategic.reach,
    strategic._reach_ending,
    flight.within_flight,
    flight.hexes_within,
    landings._landings_from,
)


def _positions(options: dict[str, bool], seed: int, every: int = 7) -> Iterator[tuple[VictoryState, str]]:
    """Every `every`-th position of a random 3-turn Quick Start game, with the role to act."""
    state = RULESET.new_game("quick-start", {"turn_limit": 3, **options}, seed)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    agent = RandomAgent(seed)
    n = 0
    while not state.is_over():
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        if n % every == 0:
            yield state, role
        state.apply(role, agent.act({}, state.legal_actions(role)))
        n += 1


@pytest.mark.rules("5.6", "5.7")
@pytest.mark.parametrize("options", OPTIONS)
def test_5_7_move_list_is_in_order_and_the_same_without_the_walk_caches(options: dict[str, bool]) -> None:
    checked = 0
    for state, role in _positions(options, 5):
        if state.data["phase"] != "move":
            continue
        listed = move_actions(state.data, role)
        assert listed == sorted(set(listed))  # the core's order, no duplicates
        for kept in KEPT_BETWEEN_POSITIONS:
            kept.cache_clear()
        assert move_actions(state.data, role) == listed  # what was kept was not stale
        checked += 1
    assert checked > 10


@pytest.mark.rules("5.4", "5.9", "N1.1")
@pytest.mark.parametrize("options", OPTIONS)
def test_5_9_survey_closes_the_hexes_control_closes(options: dict[str, bool]) -> None:
    for state, role in _positions(options, 9):
        data = state.data
        occ = occupancy(data)
        asked = set(occ) | set(airbase_sites(data["map"]))
        assert Survey(data, occ, role).closed == {h for h in asked if not _open(data, occ, h, role)}


@pytest.mark.rules("5.4")
def test_5_4_control_table_matches_control_of_each_hex() -> None:
    for state, _ in _positions({}, 13, every=25):
        data = state.data
        occ = occupancy(data)
        table = controllers(data, occ)
        assert list(table) == list(gmap(data).hexes)
        assert table == {h: controller(data, occ, h) for h in gmap(data).hexes}


@pytest.mark.rules("7.0", "7.1")
@pytest.mark.parametrize("options", OPTIONS)
def test_7_0_kept_supply_map_follows_the_position(options: dict[str, bool]) -> None:
    for state, _ in _positions(options, 17, every=11):
        data = state.data
        assert current_supply(data) == supply_map(data)
        assert current_supply(data) == supply_map(data)  # the kept answer
        # a block gone changes what the map reads: the kept answer is not used
        bid = next((b for b in sorted(data["blocks"]) if data["blocks"][b]["at"]), None)
        if bid is None:
            continue  # set-up: nothing on the map yet
        block = data["blocks"].pop(bid)
        try:
            assert current_supply(data) == supply_map(data)
        finally:
            data["blocks"][bid] = block
        assert current_supply(data) == supply_map(data)


@pytest.mark.rules("5.5", "6.6", "9.4")
def test_9_4_the_hexes_within_a_flight_are_those_no_farther_in_a_straight_line() -> None:
    """A flight round the storm is never shorter than the straight line, so the hexes
    within a straight `reach` hold every hex a flight of that length reaches."""
    state = RULESET.new_game("quick-start", {"storms": True}, 3)
    the_map = gmap(state.data)
    for origin in list(the_map.hexes)[::17]:
        for reach in (0, 2, 4):
            within = flight.hexes_within(state.data["map"], origin, reach)
            assert set(within) == {h for h in the_map.hexes if flight._distance(origin, h) <= reach}
            for storm in list(the_map.hexes)[::29]:
                stormy = {**state.data, "storm": storm}
                flown = {h for h in the_map.hexes if flight_distance(stormy, origin, h) <= reach}  # type: ignore[arg-type]
                assert flown <= set(within)


@pytest.mark.rules("5.51")
@pytest.mark.parametrize("options", OPTIONS)
def test_5_51_airbases_with_room_as_each_site_asked_afresh(options: dict[str, bool]) -> None:
    """The vacant sites read from the table of who holds vacant hexes agree with
    control, enemies and stacking asked of each site."""
    checked = 0
    for state, role in _positions(options, 23, every=9):
        data = state.data
        occ = occupancy(data)
        asked = [
            h
            for h in airbase_sites(data["map"])
            if not has_enemy(data, occ, h, role)
            and controller(data, occ, h) == role
            and has_room(data, occ, h, role, "air")
        ]
        fields = [h for h in airbases_with_room(data, occ, role) if h in data.get("airfields", {})]
        assert airbases_with_room(data, occ, role) == sorted(asked + fields)
        # the move list's survey finds them from its own answers (every one within a
        # flight longer than any, round the storm included)
        anywhere = next(iter(gmap(data).hexes))
        assert Survey(data, occ, role).airbases(anywhere, 10 * flight.UNREACHABLE) == sorted(asked + fields)
        checked += bool(asked)
    assert checked > 5


@pytest.mark.rules("5.4", "6.1")
def test_5_4_the_views_kept_hexes_show_each_positions_control() -> None:
    # the view keeps the map's hexes with their control per control (view.py): at every
    # position the hexes a view shows carry that position's controllers, cached or not
    checked = set()
    for state, role in _positions({}, 21, every=9):
        data = state.data
        shown = {h["id"]: h["control"] for h in state.view(role)["board"]["hexes"]}
        owners = controllers(data, occupancy(data)) if data["phase"] != "deploy" else {}
        assert shown == {h: owners.get(h) for h in gmap(data).hexes}
        view._hexes_with_control.cache_clear()
        assert state.view(role)["board"]["hexes"] == [
            {**h, "control": owners.get(h["id"])} for h in view._static_hexes(data["map"])
        ]
        checked.add(tuple(sorted((h, c) for h, c in shown.items() if c)))
    assert len(checked) > 3  # control changed along the game
