"""Campaign Game II's shipping (shipping.py, shipping_tables.py over data/shipping.json):
the supply source areas, their legs and lengths, the example of supply routes, what a
route's capacity delivers, and the route checks the U-boat rules need. Shipping is not
played in a game yet (Campaign Game II's turn sequence is later work), so the tests call
the rules functions with the ports a side holds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.map import load_map
from grognard.games.hgw.shipping import (
    australia_loss,
    delivered,
    fixed_delivery,
    fixed_route,
    is_base,
    lane,
    leg_limit,
    may_escort,
    patrol_covers,
    shipping_cost,
    supply_route_loss,
    trace,
    transport_losses,
    us_seasonal_shipping,
    why_not_reallocate,
    why_not_route,
    why_not_us_placement,
)
from grognard.games.hgw.shipping_tables import (
    DATA_PATH,
    ShippingAreas,
    ShippingTablesError,
    load_shipping,
    load_shipping_from,
)
from grognard.games.hgw.uboats import route_attack

ALLIED = frozenset(
    {
        "united_states",
        "australia",
        "britain",
        "india",
        "ceylon",
        "canada",
        "papua",
        "aden",
        "egypt",
        "gibraltar",
    }
)
AXIS = frozenset({"japan", "germany", "france", "india", "ceylon"})  # Japan's dream of Europe


def holds(countries: frozenset[str]) -> Callable[[str], bool]:
    hmap = load_map()
    return lambda h: hmap.hex(h).country in countries


@pytest.mark.rules("K19.11", "K19.5", "K19.6")
def test_example_the_us_supplies_port_moresby_through_sydney_for_two_points() -> None:
    # the west coast area alone: San Francisco (a naval yard) to Port Moresby (no base)
    direct = lane("us_west", "19107", "3679")
    assert direct is not None and direct.length == 37 and direct.limit == 27  # the rules say 38
    route = trace("19107", "3679", usable=holds(ALLIED))
    assert route is not None and route.shipping_points == 2
    to_sydney, to_moresby = route.legs
    assert to_sydney.end == "4580" and to_sydney.limit == 55 and to_sydney.length == 40
    assert (to_moresby.area, to_moresby.length) == ("australia_north", 9)
    # the example's own first area, run from San Francisco back to its source, costs the same
    back = lane("australia_east", "4580", "19107")
    assert back is not None and (back.length, back.limit) == (40, 55)
    assert why_not_route("19107", "3679", 1, usable=holds(ALLIED)) == (
        "the route through United States west coast, Australia north needs 2 shipping points, not 1"
    )
    assert why_not_route("19107", "3679", 2, usable=holds(ALLIED)) is None


@pytest.mark.rules("K19.11", "K19.5")
def test_example_japan_reaches_europe_through_three_areas() -> None:
    route = trace("2077", "1532", usable=holds(AXIS))
    assert route is not None
    assert [(leg.area, leg.end) for leg in route.legs] == [
        ("japan", "2560"),  # Calcutta, on the Japan area's column 60
        ("east_india", "3058"),  # to a western Indian hex, Colombo
        ("west_india", "1532"),  # through the Mediterranean to France
    ]
    assert route.shipping_points == 3
    assert route.path[0] == "2077" and route.path[-1] == "1532"


@pytest.mark.rules("K19.5")
def test_each_area_reaches_what_the_rules_name_and_no_further() -> None:
    areas = load_shipping()
    reach = areas.reach
    assert {"4816", "4639", "0350"} <= reach["us_east"]  # Montevideo, Cape Town, the Barents Sea
    assert "3058" not in reach["us_east"] and "3058" in reach["europe"]  # Colombo via the Med
    assert "3058" not in reach["west_india"] and "3058" in areas.sources["west_india"]
    assert "2560" in reach["japan"] and "3058" not in reach["japan"]  # to column 60 only
    assert {"2280", "25106"} <= reach["australia_north"]  # Midway and Hawaii
    assert "3064" in reach["us_west"] and "2560" not in reach["us_west"]
    assert areas.sources["australia_east"] == frozenset({"4580"})
    assert {"2847", "4639"} <= reach["australia_west"]  # Aden and Cape Town, both included
    assert "2685" in reach["japan"] and "42105" in reach["australia_north"]  # Wake, Pitcairn
    assert "2828" in reach["west_india"] and "2568" in reach["east_india"]  # Dakar, Hong Kong


@pytest.mark.rules("K19.6")
def test_leg_lengths_are_55_between_bases_and_27_otherwise() -> None:
    assert is_base("4639") and is_base("4816")  # counted as bases for supply routes only
    assert is_base("1131") and not is_base("2560")
    assert leg_limit("1810", "4816") == 55 and leg_limit("1810", "2560") == 27
    assert leg_limit("2560", "3058") == 27  # from a lesser port


@pytest.mark.rules("K19.5", "K19.7")
def test_a_closed_suez_sends_the_route_round_the_cape_by_way_of_cape_town() -> None:
    allied = holds(ALLIED)
    open_route = trace("1131", "2847", usable=allied)
    assert open_route is not None and open_route.shipping_points == 1 and "2243" in open_route.path
    # Suez closed: round the Cape, calling at Cape Town, a base for supply routes only
    shut = trace("1131", "2847", closed=frozenset({"2243"}), usable=allied)
    assert shut is not None and shut.shipping_points == 1 and "2243" not in shut.path
    (leg,) = shut.legs
    assert leg.length == 59 and leg.path.index("4639") == 37  # 37 to Cape Town, 22 on
    # Cape Town hostile too: the long way calls at Montevideo, 38 out and 45 to Aden
    far = trace("1131", "2847", closed=frozenset({"2243", "4639"}), usable=allied)
    assert far is not None and far.legs[0].length == 83 and far.path.index("4816") == 38
    assert trace("1131", "2847", closed=frozenset({"2243", "4639", "4816"}), usable=allied) is None


@pytest.mark.rules("K19.1", "K19.2", "K19.9")
def test_shipping_costs_and_capacity() -> None:
    assert shipping_cost(4) == 4
    with pytest.raises(ValueError, match="fewer than no"):
        shipping_cost(-1)
    assert delivered(1, 3) == 1 and delivered(0, 3) == 0
    assert supply_route_loss(5, 3) == 3 and supply_route_loss(2, 3) == 2
    assert us_seasonal_shipping(2) == (5, 2)
    with pytest.raises(IllegalAction):
        us_seasonal_shipping(-1)


@pytest.mark.rules("K19.3")
def test_shipping_moves_between_counters_only_along_a_friendly_route() -> None:
    assert why_not_reallocate("1810", "1131", usable=holds(ALLIED)) is None
    why = why_not_reallocate("1810", "2077", usable=holds(ALLIED))
    assert why == "no friendly shipping route from 1810 to 2077"


@pytest.mark.rules("K19.8")
def test_the_first_six_points_built_go_to_the_united_states() -> None:
    assert why_not_us_placement(9, 6) is None and why_not_us_placement(4, 4) is None
    assert why_not_us_placement(9, 5) == "the first 6 points built for armies go to the United States, not 5"


@pytest.mark.rules("K19.10", "K18.2")
def test_escorts_sail_from_the_routes_port_and_take_the_hits_first() -> None:
    route = trace("1810", "1131", usable=holds(ALLIED))
    assert route is not None and may_escort("1810", route) and not may_escort("0932", route)
    assert transport_losses(3, 2, 4) == (2, 1)
    assert transport_losses(9, 2, 4) == (2, 4)  # excess ignored
    assert transport_losses(1, 2, 4) == (1, 0)


@pytest.mark.rules("K16.3", "K16.4")
def test_a_declared_route_is_open_to_a_patrol_within_one_hex() -> None:
    route = trace("1532", "1131", usable=holds(AXIS | ALLIED))
    assert route is not None
    middle = route.path[len(route.path) // 2]
    assert patrol_covers(route, middle)
    hmap = load_map()
    beside = next(n for n in hmap.neighbours(middle) if n not in route.path)
    assert patrol_covers(route, beside)
    assert not patrol_covers(route, "4639")


@pytest.mark.rules("K17.1", "K17.2", "K16.6")
def test_britains_route_to_the_us_and_its_losses() -> None:
    route = fixed_route("britain_us", usable=holds(ALLIED))
    assert route is not None and route.shipping_points == 1
    state = new_game()
    state.rng.force([1, 1])  # ten U-boats, doubled: twenty fire, two rolls of 1
    attack = route_attack(state, "axis", 10, "britain", fixed_delivery("britain_us", 8))
    assert attack.loss == 8


@pytest.mark.rules("K19.2")
def test_fixed_routes_deliver_what_their_capacity_carries() -> None:
    assert fixed_delivery("swedish_ore", 1) == 1 and fixed_delivery("swedish_ore", 5) == 2
    assert fixed_delivery("us_gulf", 3) == 3 and fixed_delivery("us_bombay", 0) == 0
    assert fixed_route("us_gulf", usable=holds(ALLIED)) is not None
    # the ore reaches Kiel by the Baltic from the Swedish port, by the North Sea from Narvik
    ore = holds(frozenset({"germany", "sweden", "norway"}))
    baltic, narvik = fixed_route("swedish_ore", usable=ore), fixed_route("swedish_ore_narvik", usable=ore)
    assert baltic is not None and narvik is not None
    assert (baltic.shipping_points, narvik.shipping_points) == (1, 1)
    assert "1236" == baltic.path[-1] == narvik.path[-1]
    assert australia_loss(7, 4) == 4
    with pytest.raises(KeyError, match="no fixed shipping route"):
        fixed_delivery("suez", 1)


@pytest.mark.rules("K19.5")
def test_the_shipping_file_is_validated(tmp_path: Path) -> None:
    raw = json.loads(DATA_PATH.read_text())
    raw["named"]["2280"]["kind"] = "sea"  # Midway read as open water
    bad = tmp_path / "shipping.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(ShippingTablesError, match=r"2280 \(Midway\) is land on the map, not sea"):
        ShippingAreas(load_shipping_from(bad), load_map())
    raw = json.loads(DATA_PATH.read_text())
    raw["areas"]["japan"]["reach"][0]["seas"] = ["Pacific"]
    bad.write_text(json.dumps(raw))
    with pytest.raises(ShippingTablesError, match="unknown seas"):
        load_shipping_from(bad)
