"""Reserve Placement (13.0-13.5), the lost-capital penalty on placement (14.0) and the
sequence of play (6.0)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.viktory2 import battle, position, reserves
from grognard.games.viktory2.state import Viktory2State

# A plains capital town for red far to the west, with only land around it, so that
# the capital never offers anything the test is not about.
CAPITAL = "-2,0"
CAPITAL_RING = {"-1,0": "plains", "-1,-1": "plains", "-2,-1": "plains", "-3,0": "plains",
                "-3,1": "plains", "-2,1": "plains", CAPITAL: "plains"}


def red_position(
    tiles: dict[str, str] | None = None,
    towns: dict[str, tuple[str, str]] | None = None,
    units: list[tuple[str, str, Any]] | None = None,
    capital_owner: str = "red",
    **kw: Any,
) -> Viktory2State:
    all_tiles = {**CAPITAL_RING, **(tiles or {})}
    all_towns = {CAPITAL: (capital_owner, "town"), **(towns or {})}
    return position.build(
        tiles=all_tiles, towns=all_towns, capitals={"red": CAPITAL}, units=units or [],
        player="red", step="reserves", **kw,
    )


def reserve(*kinds: str) -> list[tuple[str, str, Any]]:
    return [("red", k, None) for k in kinds]


def targets(st: Viktory2State, kind: str, role: str = "red") -> list[str]:
    """Hexes where a Reserve unit of this type may be placed now."""
    return sorted(
        a[2] for a in st.legal_actions(role) if a[0] == "place" and st.units[a[1]]["type"] == kind
    )


def first(st: Viktory2State, kind: str, role: str = "red") -> str:
    return next(u for u in st.reserve_of(role) if st.units[u]["type"] == kind)


def place(st: Viktory2State, kind: str, hex_: str, role: str = "red") -> None:
    uid = next(a[1] for a in st.legal_actions(role)
               if a[0] == "place" and st.units[a[1]]["type"] == kind)
    st.apply(role, ("place", uid, hex_))


# ----- 13.0 ---------------------------------------------------------------------------
@pytest.mark.rules("13.0")
def test_units_may_stay_in_the_reserve() -> None:
    st = red_position(units=reserve("infantry", "infantry"))
    assert ("end_turn",) in st.legal_actions("red")
    st.apply("red", ("end_turn",))
    assert len(st.reserve_of("red")) == 2
    assert st.data["turn"]["player"] == "yellow"


@pytest.mark.rules("13.0")
def test_one_representative_unit_per_type_is_offered() -> None:
    st = red_position(units=reserve("infantry", "infantry", "infantry", "cavalry"))
    placing = [a for a in st.legal_actions("red") if a[0] == "place"]
    assert {a[1] for a in placing} == {"red-i1", "red-c4"}


@pytest.mark.rules("13.0")
def test_placing_puts_the_unit_on_the_map() -> None:
    st = red_position(units=reserve("infantry"))
    st.apply("red", ("place", "red-i1", CAPITAL))
    assert st.units["red-i1"]["hex"] == CAPITAL
    assert st.reserve_of("red") == []
    assert "red places an infantry at -2,0" in st.log_for("red")  # its type, not its id (issue 26)


# ----- 13.1, 13.11 capacities ---------------------------------------------------------
@pytest.mark.rules("13.1", "13.11")
def test_a_town_takes_one_infantry_per_phase() -> None:
    st = red_position(tiles={"1,0": "plains"}, towns={"1,0": ("red", "town")},
                      units=reserve("infantry", "infantry"))
    assert "1,0" in targets(st, "infantry")
    place(st, "infantry", "1,0")
    assert "1,0" not in targets(st, "infantry")
    assert targets(st, "infantry") == [CAPITAL]


@pytest.mark.rules("13.11", "13.12")
def test_a_cavalry_cannot_be_placed_in_a_grassland_town() -> None:
    st = red_position(tiles={"1,0": "grassland"}, towns={"1,0": ("red", "town")},
                      units=reserve("cavalry", "infantry"))
    assert targets(st, "cavalry") == [CAPITAL]
    assert "1,0" in targets(st, "infantry")


@pytest.mark.rules("13.11")
def test_a_plains_city_takes_two_infantry_not_three() -> None:
    st = red_position(tiles={"1,0": "plains"}, towns={"1,0": ("red", "city")},
                      units=reserve("infantry", "infantry", "infantry"))
    place(st, "infantry", "1,0")
    assert "1,0" in targets(st, "infantry")
    place(st, "infantry", "1,0")
    assert "1,0" not in targets(st, "infantry")


@pytest.mark.rules("13.11")
def test_a_grassland_city_takes_one_infantry_and_one_cavalry() -> None:
    st = red_position(tiles={"1,0": "grassland"}, towns={"1,0": ("red", "city")},
                      units=reserve("cavalry", "cavalry", "infantry", "infantry"))
    place(st, "cavalry", "1,0")
    assert "1,0" not in targets(st, "cavalry")  # a second cavalry: no
    assert "1,0" in targets(st, "infantry")     # the infantry place is still free
    place(st, "infantry", "1,0")
    assert "1,0" not in targets(st, "infantry")


@pytest.mark.rules("13.11")
def test_a_second_infantry_cannot_go_into_a_mountain_city_in_one_phase() -> None:
    st = red_position(tiles={"1,0": "mountain"}, towns={"1,0": ("red", "city")},
                      units=reserve("infantry", "infantry", "artillery", "artillery"))
    place(st, "infantry", "1,0")
    assert "1,0" not in targets(st, "infantry")
    assert "1,0" in targets(st, "artillery")
    place(st, "artillery", "1,0")
    assert "1,0" not in targets(st, "artillery")


@pytest.mark.rules("13.11", "13.3")
def test_a_forest_city_takes_one_infantry_and_one_frigate_at_sea() -> None:
    st = red_position(
        tiles={"1,0": "forest", "2,0": "water", "2,-1": "plains", "1,-1": "plains", "0,0": "plains",
               "0,1": "plains", "1,1": "plains"},
        towns={"1,0": ("red", "city")},
        units=reserve("infantry", "infantry", "frigate", "frigate"),
    )
    assert targets(st, "frigate") == ["2,0"]  # at sea, not in the city hex
    place(st, "frigate", "2,0")
    assert targets(st, "frigate") == []
    place(st, "infantry", "1,0")
    assert "1,0" not in targets(st, "infantry")


@pytest.mark.rules("13.11")
def test_capacities_are_per_phase_not_per_stack() -> None:
    """Units already standing in a town do not use up this phase's place."""
    st = red_position(tiles={"1,0": "plains"}, towns={"1,0": ("red", "town")},
                      units=[("red", "infantry", "1,0"), ("red", "infantry", "1,0"), *reserve("infantry")])
    assert "1,0" in targets(st, "infantry")


# ----- 13.12 any town or city of the right terrain --------------------------------------
@pytest.mark.rules("13.12")
def test_a_unit_may_go_to_any_city_of_its_terrain() -> None:
    st = red_position(
        tiles={"1,0": "grassland", "2,-2": "grassland", "0,2": "plains"},
        towns={"1,0": ("red", "city"), "2,-2": ("red", "city"), "0,2": ("red", "city")},
        units=reserve("cavalry", "cavalry"),
    )
    assert targets(st, "cavalry") == ["-2,0", "1,0", "2,-2"]  # not the plains city
    place(st, "cavalry", "2,-2")
    assert targets(st, "cavalry") == ["-2,0", "1,0"]


# ----- 13.2 adjacent enemy units -------------------------------------------------------
@pytest.mark.rules("13.2")
def test_an_adjacent_enemy_land_unit_forbids_placement() -> None:
    st = red_position(tiles={"1,0": "plains", "2,0": "plains"}, towns={"1,0": ("red", "town")},
                      units=[*reserve("infantry"), ("yellow", "infantry", "2,0")])
    assert targets(st, "infantry") == [CAPITAL]


@pytest.mark.rules("13.2")
def test_an_enemy_two_hexes_away_does_not_forbid_placement() -> None:
    st = red_position(tiles={"1,0": "plains", "3,0": "plains"}, towns={"1,0": ("red", "town")},
                      units=[*reserve("infantry"), ("yellow", "infantry", "3,0")])
    assert "1,0" in targets(st, "infantry")


@pytest.mark.rules("13.2", "13.3")
def test_nothing_may_be_placed_next_to_an_enemy_frigate_except_in_the_capital() -> None:
    st = red_position(
        tiles={"1,0": "forest", "2,0": "water", "2,-1": "water", "-3,1": "water"},
        towns={"1,0": ("red", "city")},
        units=[*reserve("infantry", "frigate"), ("yellow", "frigate", "2,-1")],
    )
    assert targets(st, "infantry") == [CAPITAL]
    # the forest city may not launch its frigate either; the capital's coast may (13.4)
    assert targets(st, "frigate") == ["-3,1"]


@pytest.mark.rules("13.2")
def test_own_units_never_forbid_placement() -> None:
    st = red_position(tiles={"1,0": "plains", "2,0": "plains"}, towns={"1,0": ("red", "town")},
                      units=[*reserve("infantry"), ("red", "infantry", "2,0")])
    assert "1,0" in targets(st, "infantry")


# ----- 13.3 frigates -------------------------------------------------------------------
LANDLOCKED = {"0,0": "forest", "1,0": "plains", "1,-1": "plains", "0,-1": "plains", "-1,0": "plains",
              "-1,1": "plains", "0,1": "plains"}


@pytest.mark.rules("13.3")
def test_a_frigate_of_a_landlocked_forest_city_goes_to_the_nearest_water() -> None:
    st = red_position(
        tiles={**LANDLOCKED, "2,0": "water", "0,2": "water", "0,-3": "water"},
        towns={"0,0": ("red", "city")},
        units=reserve("frigate"),
    )
    # two water hexes 2 away: the owner chooses; the one 3 away is not offered
    assert targets(st, "frigate") == ["0,2", "2,0"]


@pytest.mark.rules("13.3")
def test_a_frigate_goes_only_to_water_adjacent_to_the_forest_city_when_there_is_some() -> None:
    st = red_position(
        tiles={"1,0": "forest", "2,0": "water", "3,-1": "water", "2,-1": "plains"},
        towns={"1,0": ("red", "city")},
        units=reserve("frigate"),
    )
    assert targets(st, "frigate") == ["2,0"]


@pytest.mark.rules("13.3", "13.12")
def test_a_frigate_needs_a_forest_city() -> None:
    st = red_position(
        tiles={"1,0": "plains", "2,0": "water"},
        towns={"1,0": ("red", "city")},
        units=reserve("frigate"),
    )
    assert targets(st, "frigate") == []


@pytest.mark.rules("13.3", "13.11")
def test_two_forest_cities_sharing_a_coast_launch_one_frigate_each() -> None:
    st = red_position(
        tiles={"0,0": "forest", "2,-1": "forest", "1,0": "water", "1,-1": "plains", "0,-1": "plains",
               "-1,1": "plains", "0,1": "plains", "3,-1": "plains", "3,-2": "plains", "2,-2": "plains",
               "2,0": "water"},
        towns={"0,0": ("red", "city"), "2,-1": ("red", "city")},
        units=reserve("frigate", "frigate", "frigate"),
    )
    # 0,0 reaches 1,0 only; 2,-1 reaches 1,0 and 2,0
    assert targets(st, "frigate") == ["1,0", "2,0"]
    place(st, "frigate", "1,0")
    # the second frigate may still use 1,0 (0,0 takes the first, 2,-1 the second) or 2,0
    assert targets(st, "frigate") == ["1,0", "2,0"]
    place(st, "frigate", "1,0")
    assert targets(st, "frigate") == []  # two forest cities, two frigates


# ----- 13.4 the capital ----------------------------------------------------------------
@pytest.mark.rules("13.4")
def test_any_unit_type_and_any_number_in_the_capital() -> None:
    st = red_position(units=reserve("infantry", "infantry", "cavalry", "artillery"))
    for kind in ("cavalry", "artillery", "infantry", "infantry"):
        assert targets(st, kind) == [CAPITAL]
        place(st, kind, CAPITAL)
    assert st.reserve_of("red") == []


@pytest.mark.rules("13.4")
def test_the_capital_ignores_adjacent_enemies() -> None:
    st = red_position(units=[*reserve("infantry", "cavalry"), ("yellow", "infantry", "-1,0")])
    assert targets(st, "infantry") == [CAPITAL]
    assert targets(st, "cavalry") == [CAPITAL]


@pytest.mark.rules("13.4")
def test_frigates_go_to_water_next_to_the_capital_whatever_its_terrain() -> None:
    st = red_position(tiles={"-3,1": "water", "-2,1": "water"}, units=reserve("frigate", "frigate"))
    assert targets(st, "frigate") == ["-2,1", "-3,1"]
    place(st, "frigate", "-3,1")
    place(st, "frigate", "-3,1")
    assert st.reserve_of("red") == []


@pytest.mark.rules("13.4", "14.0")
def test_no_capital_placement_without_the_capital() -> None:
    st = red_position(tiles={"1,0": "plains"}, towns={"1,0": ("red", "town")}, capital_owner="yellow",
                      units=reserve("infantry", "cavalry"))
    assert targets(st, "infantry") == ["1,0"]
    assert targets(st, "cavalry") == []


# ----- 13.5 placement naval battles ----------------------------------------------------
def frigate_duel(**kw: Any) -> Viktory2State:
    return red_position(
        tiles={"-3,1": "water"},
        units=[*reserve("frigate", "infantry"), ("yellow", "frigate", "-3,1")],
        **kw,
    )


@pytest.mark.rules("13.5")
def test_the_placement_battle_comes_after_all_placement(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(battle, "start_placement_battle", lambda st, role, hex_: calls.append((role, hex_)))
    st = frigate_duel()
    assert targets(st, "frigate") == ["-3,1"]  # onto the enemy frigate: allowed
    place(st, "frigate", "-3,1")
    assert calls == []  # not yet: other units may still be placed
    place(st, "infantry", CAPITAL)
    st.apply("red", ("end_turn",))
    assert calls == [("red", "-3,1")]


@pytest.mark.rules("13.5")
def test_a_placement_naval_battle_is_fought_and_casualties_go_to_the_reserve() -> None:
    st = frigate_duel()
    place(st, "frigate", "-3,1")
    st.rng.force([1, 6])  # red hits with a 1, yellow misses
    st.apply("red", ("end_turn",))
    yellow_frigate = next(u for u in st.units_of("yellow"))
    assert st.units[yellow_frigate]["hex"] is None  # in yellow's Reserve
    assert st.units[first_placed(st, "red", "frigate")]["hex"] == "-3,1"
    assert st.data["turn"]["player"] == "yellow"  # then the turn ended


def first_placed(st: Viktory2State, role: str, kind: str) -> str:
    return next(u for u in st.units_of(role) if st.units[u]["type"] == kind)


@pytest.mark.rules("13.5")
def test_no_placement_battle_when_no_enemy_frigate_shares_the_hex(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(battle, "start_placement_battle", lambda st, role, hex_: calls.append(hex_))
    st = red_position(tiles={"-3,1": "water"}, units=reserve("frigate"))
    place(st, "frigate", "-3,1")
    st.apply("red", ("end_turn",))
    assert calls == []


def frigate_places(st: Viktory2State) -> list[tuple[str, str]]:
    return sorted((a[1], a[2]) for a in st.legal_actions("red")
                  if a[0] == "place" and st.units[a[1]]["type"] == "frigate")


@pytest.mark.rules("13.5", "12.2", "10.6")
def test_a_frigate_sunk_in_a_naval_battle_is_not_placed_back_to_fight_again() -> None:
    """Red's frigate attacks yellow's at -3,1 and is sunk. In the Reserve Placement
    Phase neither it (10.6: it made its attack) nor red's other frigate (12.2: -3,1 had
    its battle this turn) may be placed onto yellow's frigate for a second battle."""
    st = red_position(tiles={"-3,1": "water"}, units=[
        ("red", "frigate", "-4,1"), ("red", "frigate", None), ("yellow", "frigate", "-3,1"),
    ])
    st.data["turn"]["phase"] = "move"
    st.data["flow"] = [{"state": "move", "role": "red"}]
    st.apply("red", ("move", "red-f1", "-3,1"))
    st.rng.force([6, 1])  # red misses, yellow sinks red-f1
    st.apply("red", ("battle", "-3,1"))
    assert st.reserve_of("red") == ["red-f1", "red-f2"]
    st.apply("red", ("end_moves",))
    assert st.frame()["state"] == "reserves"
    assert frigate_places(st) == []


@pytest.mark.rules("13.5", "10.6")
def test_a_frigate_that_attacked_this_turn_starts_no_placement_battle_elsewhere() -> None:
    st = red_position(tiles={"-3,1": "water"},
                      units=[*reserve("frigate", "frigate"), ("yellow", "frigate", "-3,1")])
    spent, fresh = st.reserve_of("red")
    st.data["turn"]["attacked"][spent] = "bombard"
    st._after_change(None, None)
    assert frigate_places(st) == [(fresh, "-3,1")]


@pytest.mark.rules("13.5", "12.2", "10.6")
def test_a_placement_battle_is_its_hexs_one_battle_and_its_frigates_one_attack() -> None:
    st = frigate_duel()
    (frigate,) = [u for u in st.reserve_of("red") if st.units[u]["type"] == "frigate"]
    st.units[frigate]["hex"] = "-3,1"
    st.rng.force([6] * 6)  # three rounds, nobody hits
    battle.start_placement_battle(st, "red", "-3,1")
    assert st.data["turn"]["battles"] == ["-3,1"]
    assert st.data["turn"]["attacked"] == {frigate: "battle"}


# ----- 14.0 losing the capital ---------------------------------------------------------
@pytest.mark.rules("14.0")
def test_without_the_capital_a_grassland_city_takes_only_one_infantry() -> None:
    st = red_position(tiles={"1,0": "grassland"}, towns={"1,0": ("red", "city")}, capital_owner="yellow",
                      units=reserve("infantry", "infantry", "cavalry"))
    assert targets(st, "cavalry") == []
    assert targets(st, "infantry") == ["1,0"]
    place(st, "infantry", "1,0")
    assert targets(st, "infantry") == []
    st.apply("red", ("end_turn",))
    assert sorted(st.units[u]["type"] for u in st.reserve_of("red")) == ["cavalry", "infantry"]


@pytest.mark.rules("14.0")
def test_without_the_capital_a_plains_city_takes_one_infantry_not_two() -> None:
    st = red_position(tiles={"1,0": "plains"}, towns={"1,0": ("red", "city")}, capital_owner="yellow",
                      units=reserve("infantry", "infantry"))
    place(st, "infantry", "1,0")
    assert targets(st, "infantry") == []


@pytest.mark.rules("14.0")
def test_recapturing_the_capital_restores_full_placement() -> None:
    st = red_position(tiles={"1,0": "grassland"}, towns={"1,0": ("red", "city")}, capital_owner="yellow",
                      units=reserve("infantry", "cavalry"))
    assert targets(st, "cavalry") == []
    st.data["towns"][CAPITAL]["owner"] = "red"  # retaken
    st._after_change(None, None)
    assert targets(st, "cavalry") == [CAPITAL, "1,0"]


@pytest.mark.rules("14.0", "7.1")
def test_without_the_capital_a_player_cannot_build() -> None:
    st = position.build(
        tiles={**CAPITAL_RING, "1,0": "plains", "2,0": "plains", "3,0": "plains", "3,-1": "plains"},
        towns={CAPITAL: ("yellow", "town"), "1,0": ("red", "town")}, capitals={"red": CAPITAL},
        player="red", step="build",
    )
    st.advance()
    assert st.frame()["state"] == "move"  # the Build step asked nothing
    assert "red cannot build without its capital (7.1)" in st.log_for("red")
    assert st.towns_of("red") == ["1,0"]


# ----- 6.0 the sequence of play ---------------------------------------------------------
def three_players() -> Viktory2State:
    tiles = {"0,0": "plains", "2,-2": "plains", "-2,2": "plains", "3,0": "plains", "1,0": "plains",
             "3,-1": "plains", "2,-1": "plains"}
    return position.build(
        players=3, tiles=tiles,
        towns={"0,0": ("red", "town"), "2,-2": ("yellow", "town"), "-2,2": ("blue", "town")},
        capitals={"red": "0,0", "yellow": "2,-2", "blue": "-2,2"},
        units=[("red", "infantry", "0,0"), ("yellow", "infantry", "2,-2"), ("blue", "infantry", "-2,2")],
        player="red", step="build",
    )


def finish_turn(st: Viktory2State) -> None:
    """Skip building, end moves, end the turn."""
    role = st.data["turn"]["player"]
    if st.frame()["state"] == "build":
        st.apply(role, ("skip_build",))
    assert st.frame()["state"] == "move"
    st.apply(role, ("end_moves",))
    assert st.frame()["state"] == "reserves"
    st.apply(role, ("end_turn",))


@pytest.mark.rules("6.0")
def test_a_player_turn_runs_build_then_move_then_reserves() -> None:
    st = three_players()
    assert st.frame()["state"] == "build"
    st.apply("red", ("skip_build",))
    assert (st.frame()["state"], st.data["turn"]["phase"]) == ("move", "move")
    with pytest.raises(IllegalAction):
        st.apply("red", ("end_turn",))  # no jumping to the end of the turn
    st.apply("red", ("end_moves",))
    assert (st.frame()["state"], st.data["turn"]["phase"]) == ("reserves", "reserves")
    st.apply("red", ("end_turn",))
    assert st.data["turn"]["player"] == "yellow"
    assert st.data["turn"]["number"] == 2


@pytest.mark.rules("6.0")
def test_play_passes_clockwise_and_round_again() -> None:
    st = three_players()
    seen = []
    for _ in range(4):
        seen.append(st.data["turn"]["player"])
        finish_turn(st)
    assert seen == ["red", "yellow", "blue", "red"]


@pytest.mark.rules("6.0", "5.1")
def test_an_eliminated_player_has_no_turn() -> None:
    st = three_players()
    st.data["eliminated"].append("yellow")
    finish_turn(st)
    assert st.data["turn"]["player"] == "blue"


@pytest.mark.rules("6.0")
def test_the_reserve_phase_ends_the_turn_with_a_fresh_record_for_the_next_player() -> None:
    st = three_players()
    finish_turn(st)
    turn = st.data["turn"]
    assert turn["player"] == "yellow" and turn["moving"] is None and turn["battles"] == []
    assert turn["start_hexes"] == ["2,-2"]


def test_every_legal_placement_applies() -> None:
    """Each ("place", ...) offered applies without error, in any order (legal-list contract)."""
    st = red_position(
        tiles={"1,0": "forest", "2,0": "water", "2,-2": "grassland", "0,2": "mountain", "-3,1": "water"},
        towns={"1,0": ("red", "city"), "2,-2": ("red", "city"), "0,2": ("red", "city")},
        units=reserve("infantry", "infantry", "infantry", "cavalry", "artillery", "frigate", "frigate"),
    )
    while len(st.legal_actions("red")) > 1:
        for action in st.legal_actions("red"):
            if action[0] == "place":
                twin = st.clone()
                twin.apply("red", action)
        st.apply("red", st.legal_actions("red")[-1])
    assert reserves.placements(st, "red", st.frame()) == []
