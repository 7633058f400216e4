"""Bombard attacks: 10.1, 10.4-10.7, 11.0-11.3, 9.44, 9.45, 15.1, 15.63-15.65."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.games.viktory2 import bombard, position, vassals
from grognard.games.viktory2.state import Viktory2State


def full_tiles(named: dict[str, str] | None = None, default: str = "plains") -> dict[str, str]:
    """Every interior tile face up (so no move reveals a tile and draws from the RNG)."""
    tiles = {hexgrid.hex_id(h): default for h in hexgrid.disk((0, 0), 3)}
    tiles.update(named or {})
    return tiles


def make(tiles: dict[str, str], units: list[Any], **kw: Any) -> Viktory2State:
    return position.build(tiles=tiles, units=units, **kw)


def bombards(st: Viktory2State, role: str = "red") -> list[tuple[Any, ...]]:
    return [a for a in st.legal_actions(role) if a[0] == "bombard"]


def in_reserve(st: Viktory2State, uid: str) -> bool:
    return uid in st.reserve_of(st.units[uid]["owner"])


# ----- 10.4, 11.0: who fires, at what, how far ----------------------------------------------------
@pytest.mark.rules("10.4", "11.0")
def test_only_artillery_and_frigates_bombard() -> None:
    st = make(full_tiles(), [
        ("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("red", "artillery", "0,0"),
        ("yellow", "infantry", "2,0"),
    ])
    assert {a[1] for a in bombards(st)} == {"red-a3"}


@pytest.mark.rules("11.0")
def test_range_is_one_or_two_hexes() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"),
        ("yellow", "infantry", "1,0"), ("yellow", "infantry", "2,0"), ("yellow", "infantry", "3,0"),
    ])
    assert bombards(st) == [("bombard", "red-a1", "1,0"), ("bombard", "red-a1", "2,0")]


@pytest.mark.rules("11.0", "10.5")
def test_targets_are_other_players_units_not_towns_or_empty_hexes() -> None:
    st = make(
        full_tiles({"-1,0": "water"}),
        [("red", "artillery", "0,0"), ("red", "infantry", "1,0"), ("yellow", "frigate", "-1,0")],
        towns={"0,2": ("yellow", "town")},
    )
    # own units (1,0), an empty enemy town (0,2) and empty hexes are no targets; a frigate is
    assert bombards(st) == [("bombard", "red-a1", "-1,0")]


@pytest.mark.rules("11.0", "10.1", "10.2", "11.1")
def test_one_die_hit_on_three_or_less_sends_unit_to_reserve_without_return_fire() -> None:
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    draws = st.rng.draws
    st.rng.force([3])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert in_reserve(st, "yellow-i2")
    assert st.units["red-a1"]["hex"] == "0,0"  # 11.1 nothing fires back
    assert st.rng.draws == draws + 1  # one die, one shot
    assert "red rolls 3 (bombard)" in st.log_for(None)
    assert st.frame()["state"] == "move"


@pytest.mark.rules("11.0", "10.1")
def test_four_or_more_misses() -> None:
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    st.rng.force([4])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert st.units["yellow-i2"]["hex"] == "2,0"


@pytest.mark.rules("10.1")
def test_a_one_lets_the_firing_player_pick_the_casualty() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("yellow", "infantry", "2,0"), ("yellow", "cavalry", "2,0"),
    ])
    st.rng.force([1])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert st.active_roles() == ["red"]
    assert st.legal_actions("red") == [("hit", "yellow-c3"), ("hit", "yellow-i2")]
    st.apply("red", ("hit", "yellow-c3"))
    assert in_reserve(st, "yellow-c3") and st.units["yellow-i2"]["hex"] == "2,0"
    assert st.frame()["state"] == "move" and st.active_roles() == ["red"]


@pytest.mark.rules("10.1")
def test_a_two_or_three_lets_the_target_player_pick() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("yellow", "infantry", "2,0"), ("yellow", "cavalry", "2,0"),
    ])
    st.rng.force([2])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert st.active_roles() == ["yellow"]
    st.apply("yellow", ("hit", "yellow-i2"))
    assert in_reserve(st, "yellow-i2")
    assert st.active_roles() == ["red"]


@pytest.mark.rules("10.1")
def test_no_question_when_the_units_are_alike() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("yellow", "infantry", "2,0"), ("yellow", "infantry", "2,0"),
    ])
    st.rng.force([2])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert st.active_roles() == ["red"] and st.frame()["state"] == "move"
    assert in_reserve(st, "yellow-i2") and st.units["yellow-i3"]["hex"] == "2,0"


@pytest.mark.rules("11.0")
def test_bombardment_never_harms_a_town() -> None:
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")],
              towns={"2,0": ("yellow", "city")})
    # the city itself blocks no line to its own hex (only hexes in between block)
    st.rng.force([1])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert in_reserve(st, "yellow-i2")
    assert st.town_at("2,0") == {"owner": "yellow", "city": True, "built": 0}
    assert bombards(st) == []  # an empty city is no target


@pytest.mark.rules("9.45", "11.0")
def test_a_sunk_frigate_takes_its_cargo_to_the_reserve() -> None:
    st = make(full_tiles({"1,0": "water"}), [
        ("red", "artillery", "0,0"), ("yellow", "frigate", "1,0"), ("yellow", "infantry", ("aboard", "1,0")),
    ])
    st.rng.force([2])
    st.apply("red", ("bombard", "red-a1", "1,0"))
    assert in_reserve(st, "yellow-f2") and in_reserve(st, "yellow-i3")


@pytest.mark.rules("12.2")
def test_no_limit_on_bombardments_of_one_hex() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("red", "artillery", "1,-1"),
        ("yellow", "infantry", "2,0"), ("yellow", "infantry", "2,0"),
    ])
    st.rng.force([6])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert ("bombard", "red-a2", "2,0") in bombards(st)
    st.rng.force([2])
    st.apply("red", ("bombard", "red-a2", "2,0"))
    assert in_reserve(st, "yellow-i3")


# ----- 10.6, 10.7: one attack, then no more movement ----------------------------------------------
@pytest.mark.rules("10.6", "10.7")
def test_bombarding_ends_movement_and_is_the_units_one_attack() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "-1,0"), ("yellow", "infantry", "2,0"), ("yellow", "infantry", "1,1"),
    ])
    st.apply("red", ("move", "red-a1", "0,0"))
    st.rng.force([6])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    legal = st.legal_actions("red")
    assert not [a for a in legal if a[1:2] == ("red-a1",)]
    assert st.data["turn"]["attacked"] == {"red-a1": "bombard"}


@pytest.mark.rules("10.6")
def test_units_in_an_enemy_hex_are_committed_to_the_battle() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("yellow", "infantry", "0,0"), ("yellow", "infantry", "2,0"),
    ])
    assert bombards(st) == []
    assert ("battle", "0,0") in st.legal_actions("red")


# ----- 11.2 line of sight -------------------------------------------------------------------------
@pytest.mark.rules("11.2")
@pytest.mark.parametrize(("middle", "clear"), [
    ("plains", True), ("grassland", True), ("water", True),
    ("forest", False), ("mountain", False),
])
def test_forest_and_mountain_block_sight(middle: str, clear: bool) -> None:
    st = make(full_tiles({"1,0": middle}), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    assert (("bombard", "red-a1", "2,0") in bombards(st)) is clear


@pytest.mark.rules("11.2")
def test_a_town_blocks_sight_and_adjacent_fire_needs_no_sight() -> None:
    st = make(full_tiles(), [
        ("red", "artillery", "0,0"), ("yellow", "infantry", "2,0"), ("yellow", "infantry", "1,0"),
    ], towns={"1,0": ("yellow", "town")})
    assert bombards(st) == [("bombard", "red-a1", "1,0")]


@pytest.mark.rules("11.2")
def test_a_face_down_hex_blocks_sight() -> None:
    tiles = full_tiles()
    del tiles["1,0"]
    st = make(tiles, [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    assert bombards(st) == []


@pytest.mark.rules("11.2")
@pytest.mark.parametrize(("left", "right", "clear"), [
    ("mountain", "plains", True), ("forest", "grassland", True), ("mountain", "forest", False),
])
def test_along_a_hexside_either_clear_hex_suffices(left: str, right: str, clear: bool) -> None:
    # 0,0 -> 1,1 runs along the hexside between 1,0 and 0,1
    units = [("red", "artillery", "0,0"), ("yellow", "infantry", "1,1")]
    st = make(full_tiles({"1,0": left, "0,1": right}), units)
    assert (("bombard", "red-a1", "1,1") in bombards(st)) is clear


@pytest.mark.rules("15.1", "11.2")
def test_terrain_leveling_lifts_terrain_blocking_but_not_towns() -> None:
    units = [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0"), ("yellow", "infantry", "0,2")]
    tiles = full_tiles({"1,0": "mountain", "0,1": "plains"})
    st = make(tiles, units, towns={"0,1": ("blue", "town")}, players=3, options={"terrain_leveling": True})
    assert bombards(st) == [("bombard", "red-a1", "2,0")]


# ----- 11.3, 9.32, 9.44, 9.45: frigates and transported artillery ---------------------------------
@pytest.mark.rules("11.3", "11.0")
def test_a_frigate_with_cargo_bombards_then_may_still_drop_off() -> None:
    st = make(full_tiles({"1,0": "water", "2,0": "water"}), [
        ("red", "frigate", "1,0"), ("red", "infantry", ("aboard", "1,0")), ("yellow", "infantry", "3,0"),
    ])
    assert ("bombard", "red-f1", "3,0") in bombards(st)
    st.rng.force([6])
    st.apply("red", ("bombard", "red-f1", "3,0"))
    legal = st.legal_actions("red")
    assert ("disembark", "red-f1", "red-i2", "1,-1") in legal
    assert not [a for a in legal if a[0] == "move" and a[1] == "red-f1"]


@pytest.mark.rules("9.32")
def test_no_bombardment_from_a_port() -> None:
    st = make(full_tiles(), [("red", "frigate", "0,0"), ("yellow", "infantry", "2,0")],
              towns={"0,0": ("red", "town")})
    assert bombards(st) == []


@pytest.mark.rules("9.44", "9.45")
def test_transported_artillery_never_bombards_that_turn() -> None:
    st = make(full_tiles({"1,0": "water"}), [
        ("red", "frigate", "1,0"), ("red", "artillery", "0,0"), ("yellow", "infantry", "2,-2"),
    ])
    assert ("bombard", "red-a2", "2,-2") in bombards(st)
    st.apply("red", ("embark", "red-f1", "red-a2"))
    assert not [a for a in bombards(st) if a[1] == "red-a2"]  # as cargo (9.45)
    st.apply("red", ("disembark", "red-f1", "red-a2", "2,-1"))
    assert st.units["red-a2"]["hex"] == "2,-1"
    assert not [a for a in bombards(st) if a[1] == "red-a2"]  # after being carried (9.44)


@pytest.mark.rules("9.44")
def test_artillery_that_bombarded_may_not_then_be_transported() -> None:
    st = make(full_tiles({"1,0": "water"}), [
        ("red", "frigate", "1,0"), ("red", "artillery", "0,0"), ("yellow", "infantry", "2,-2"),
    ])
    st.rng.force([6])
    st.apply("red", ("bombard", "red-a2", "2,-2"))
    assert ("embark", "red-f1", "red-a2") not in st.legal_actions("red")


# ----- 15.63-15.65 alliances ----------------------------------------------------------------------
@pytest.mark.rules("15.63", "15.64")
def test_alliance_rules_may_forbid_an_attack(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vassals, "may_attack", lambda st, a, d: False)
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    assert bombards(st) == []


@pytest.mark.rules("15.63")
def test_a_reorganizing_player_does_not_bombard() -> None:
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    st.data["turn"]["no_attack"] = True
    st._after_change(None, None)
    assert bombards(st) == []


@pytest.mark.rules("15.65")
def test_bombarding_reports_the_attack_to_the_alliance_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(vassals, "on_attack", lambda st, a, d: calls.append((a, d)))
    st = make(full_tiles(), [("red", "artillery", "0,0"), ("yellow", "infantry", "2,0")])
    st.rng.force([6])
    st.apply("red", ("bombard", "red-a1", "2,0"))
    assert calls == [("red", "yellow")]


@pytest.mark.rules("11.2")
def test_line_of_sight_helper_is_symmetric_on_a_mixed_board() -> None:
    tiles = full_tiles({"1,0": "mountain", "0,1": "forest", "-1,1": "plains"})
    st = make(tiles, [])
    for a in ("0,0", "1,1", "-1,2", "2,0"):
        for b in ("0,0", "1,1", "-1,2", "2,0"):
            if st.distance(a, b) <= 2:
                assert bombard.has_line_of_sight(st, a, b) == bombard.has_line_of_sight(st, b, a)
