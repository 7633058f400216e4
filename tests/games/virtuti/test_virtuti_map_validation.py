"""The map validator and loader catch broken maps (each check can fail)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from grognard.games.virtuti.map import parse_map, read_map
from grognard.games.virtuti.map_validation import validate_map

Raw = dict[str, Any]


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return resources.files("grognard.games.virtuti").joinpath("data", "map.json").read_bytes()


def problems_after(shipped: bytes, change: Callable[[Raw], None]) -> list[str]:
    data: Raw = json.loads(shipped)
    change(data)
    return validate_map(parse_map(json.dumps(data).encode()))


def land(data: Raw, area: str) -> Raw:
    return next(a for a in data["land_areas"] if a["id"] == area)


def drop_border(data: Raw, a: str, b: str) -> None:
    data["borders"] = [x for x in data["borders"] if {x["a"], x["b"]} != {a, b}]


def test_read_map_loads_a_file(tmp_path: Any, shipped: bytes) -> None:
    path = tmp_path / "map.json"
    path.write_bytes(shipped)
    assert len(read_map(path).land_ids) == 181


@pytest.mark.rules("P1.1")
def test_a_wrong_climate_is_reported(shipped: bytes) -> None:
    problems = problems_after(shipped, lambda d: land(d, "paris").update(climate="subpolar"))
    assert "112 temperate land areas, the rulebook counts 113" in problems
    assert "17 subpolar land areas, the rulebook counts 16" in problems


@pytest.mark.rules("P10.6")
def test_a_lost_victory_point_is_reported(shipped: bytes) -> None:
    problems = problems_after(shipped, lambda d: land(d, "rome").update(vp=0))
    assert "the map holds 24 VP, the rulebook says 26" in problems
    assert "decisive-victory area rome is missing or worth no VP" in problems


@pytest.mark.rules("P1.1")
def test_serov_must_hold_the_north_east_corner(shipped: bytes) -> None:
    def move_perm(data: Raw) -> None:
        land(data, "perm")["shapes"][0].append([10_000.0, -10_000.0])

    problems = problems_after(shipped, move_perm)
    assert "the north-east corner of the map belongs to perm, not Serov" in problems


@pytest.mark.rules("P7.7")
def test_a_broken_example_chain_is_reported(shipped: bytes) -> None:
    # Without the Channel-South Atlantic link neither Cardiff-Caen by the south nor
    # Manchester-Gibraltar works.
    problems = problems_after(shipped, lambda d: drop_border(d, "english_channel", "south_atlantic"))
    assert "Cardiff to Caen fails with fleets in the North Atlantic, South Atlantic and Channel" in problems
    assert any(p.startswith("Manchester to Gibraltar fails") for p in problems)


@pytest.mark.rules("P7.7")
def test_a_shortcut_around_the_example_is_reported(shipped: bytes) -> None:
    """If Cardiff's port also opened on the Channel, the example's fleets would not all be needed."""

    def open_cardiff_on_channel(data: Raw) -> None:
        data["borders"].append({"a": "cardiff_port", "b": "english_channel", "kind": "sea"})

    problems = problems_after(shipped, open_cardiff_on_channel)
    assert "Cardiff to Caen should need a fleet in north_atlantic" in problems
    assert "cardiff_port opens on 2 sea zones, not 1" in problems


@pytest.mark.rules("P7.5", "P8.2")
def test_a_port_bypassing_a_strait_is_reported(shipped: bytes) -> None:
    """A Kiel-like port on both the North Sea and the Baltic would make Copenhagen useless."""

    def kiel_canal(data: Raw) -> None:
        data["borders"].append({"a": "hamburg_port", "b": "baltic_sea", "kind": "sea"})

    problems = problems_after(shipped, kiel_canal)
    assert "baltic_sea and north_sea are joined by water without passing copenhagen" in problems


@pytest.mark.rules("P7.5", "P8.2")
def test_a_missing_strait_is_reported(shipped: bytes) -> None:
    def plain_sea(data: Raw) -> None:
        for border in data["borders"]:
            if {border["a"], border["b"]} == {"east_mediterranean", "black_sea"}:
                border["kind"] = "sea"

    problems = problems_after(shipped, plain_sea)
    assert "the border black_sea-east_mediterranean must be a strait" in problems


def test_bad_border_kinds_and_lonely_areas_are_reported(shipped: bytes) -> None:
    def damage(data: Raw) -> None:
        for border in data["borders"]:
            if {border["a"], border["b"]} == {"paris", "caen"}:
                border["kind"] = "coast"
        land(data, "berlin")["supply_source"] = False
        land(data, "essen")["supply_source"] = False
        data["borders"] = [b for b in data["borders"] if "nicosia" not in (b["a"], b["b"])]
        land(data, "nicosia")["coasts"] = []
        land(data, "nicosia")["port"] = None
        data["ports"] = [p for p in data["ports"] if p["id"] != "nicosia_port"]
        data["borders"] = [b for b in data["borders"] if "nicosia_port" not in (b["a"], b["b"])]

    problems = problems_after(shipped, damage)
    assert "coast border caen-paris joins land and land" in problems
    assert "germany has no supply source" in problems
    assert "the map falls apart into separate pieces" in problems
    assert "land mass ['nicosia']... has no coast: it can never be reached by sea" in problems


def test_a_missing_named_place_is_reported(shipped: bytes) -> None:
    def rename(data: Raw) -> None:
        old = "danzig"
        land(data, old)["id"] = "gdansk"
        for border in data["borders"]:
            for end in ("a", "b"):
                if border[end] == old:
                    border[end] = "gdansk"
        for port in data["ports"]:
            if port["land"] == old:
                port["land"] = "gdansk"

    assert "the rulebook's danzig is not on the map" in problems_after(shipped, rename)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: land(d, "paris").update(climate="tropical"), "does not fit its schema"),
        (lambda d: land(d, "paris").update(colour="blue"), "does not fit its schema"),
        (lambda d: d["borders"].append({"a": "paris", "b": "atlantis", "kind": "land"}), "unknown area"),
        (
            lambda d: d["borders"].append({"a": "paris", "b": "london", "kind": "tunnel"}),
            "does not fit its schema",
        ),
        (lambda d: d["ports"].append(dict(d["ports"][0])), "used twice"),
    ],
)
def test_loader_rejects_bad_data_with_a_reason(
    shipped: bytes, change: Callable[[Raw], None], message: str
) -> None:
    data: Raw = json.loads(shipped)
    change(data)
    with pytest.raises(ValueError, match=message):
        parse_map(json.dumps(data).encode())


def test_loader_rejects_what_is_not_json() -> None:
    with pytest.raises(ValueError, match="not valid JSON"):
        parse_map(b"{not json")
