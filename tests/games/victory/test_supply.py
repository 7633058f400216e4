"""Victory supply (7.0-7.5, 6.71 beachheads, 6.8 blockade, 9.5 destroyed bridges, 9.7 mulberries)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

import pytest
from victory_positions import BLUE, RED, empty_game, hexes, home_board, put

from grognard.core import hexgrid
from grognard.games.victory import VictoryState, boards, control, supply
from grognard.games.victory.supply_map import supply_map


def _named(gmap: boards.GameMap, name: str) -> str:
    return next(h for h, info in gmap.hexes.items() if info.name == name)


def _home_control(gmap: boards.GameMap, owner: str = BLUE) -> dict[str, str | None]:
    """5.4: vacant hexes are neutral, but a player holds every city and town of his own map."""
    return {h: owner if (info.city or info.town) else None for h, info in gmap.hexes.items()}


def _network(
    gmap: boards.GameMap,
    control: Mapping[str, str | None],
    enemy_at: Collection[str] = (),
    **extra: Collection[str],
) -> supply.SupplyNetwork:
    sources = [h for h in gmap.cities() if control.get(h) == BLUE]
    occupied: Callable[[str], bool] = lambda h: h in enemy_at  # noqa: E731
    return supply.supply_network(gmap, BLUE, control, occupied, sources, **extra)


def _road_hexes(gmap: boards.GameMap) -> set[str]:
    return {h for side, f in gmap.sides().items() if "road" in f for h in side.split("|")}


@pytest.mark.rules("7.0", "7.2", "7.3")
def test_units_on_or_next_to_a_road_line_are_supplied_and_others_are_not() -> None:
    gmap = boards.game_map("1map:A0")
    net = _network(gmap, _home_control(gmap))
    assert net.bases == frozenset(gmap.cities())  # every city is linked to another one
    roads = _road_hexes(gmap)
    assert roads <= net.line
    expected = set(roads) | {n for h in roads for n in gmap.neighbors(h)}
    assert net.supplied == expected
    # Fenwick, a town in the marshes two hexes from the nearest road, is out of supply
    assert _named(gmap, "Fenwick") not in net.supplied
    assert _named(gmap, "Highcairn") in net.supplied
    assert supply.is_supplied(net, _named(gmap, "Arvon"))
    assert (
        supply.supplied_hexes(gmap, BLUE, _home_control(gmap), lambda h: False, gmap.cities()) == net.supplied
    )


@pytest.mark.rules("7.2", "7.3")
def test_an_enemy_road_hex_cuts_the_line_and_a_lone_city_is_no_base() -> None:
    gmap = boards.game_map("1map:A0")
    sandry = _named(gmap, "Sandry")
    control = _home_control(gmap)
    control[boards.hex_at(3, 10)] = RED  # on the only road from Sandry to the rest
    net = _network(gmap, control)
    assert sandry not in net.bases
    assert sandry not in net.supplied
    assert _named(gmap, "Arvon") in net.bases
    assert boards.hex_at(2, 10) not in net.line


@pytest.mark.rules("7.1", "7.2")
def test_enemy_units_cut_a_neutral_road_only_when_they_can_cut_supply() -> None:
    gmap = boards.game_map("1map:A0")
    sandry = _named(gmap, "Sandry")
    blocked = _network(gmap, _home_control(gmap), enemy_at={boards.hex_at(3, 10)})
    assert sandry not in blocked.bases
    # 7.1: an enemy unit that is itself out of supply cuts nothing; the engine leaves it out
    free = _network(gmap, _home_control(gmap), enemy_at=set())
    assert sandry in free.bases


@pytest.mark.rules("7.3")
def test_a_single_friendly_city_is_no_supply_base() -> None:
    gmap = boards.game_map("1map:A0")
    control: dict[str, str | None] = dict.fromkeys(gmap.hexes)
    control[_named(gmap, "Arvon")] = BLUE
    net = _network(gmap, control)
    assert net.bases == frozenset() and net.supplied == frozenset()


@pytest.mark.rules("7.2")
def test_allied_hexes_carry_the_line() -> None:
    gmap = boards.game_map("1map:A0")
    control = _home_control(gmap)
    control[boards.hex_at(3, 10)] = "green"
    sandry = _named(gmap, "Sandry")
    assert sandry not in _network(gmap, control).bases
    sources = [h for h in gmap.cities() if control[h] == BLUE]
    net = supply.supply_network(gmap, BLUE, control, lambda h: False, sources, allies=("green",))
    assert sandry in net.bases


@pytest.mark.rules("7.4", "6.8")
def test_sea_supply_links_ports_unless_blockaded() -> None:
    gmap = boards.game_map("1map:B0")
    corvin = _named(gmap, "Corvin")
    control = _home_control(gmap)
    for col, row in ((7, 4), (8, 4)):  # every road into Corvin
        control[boards.hex_at(col, row)] = RED
    net = _network(gmap, control)
    assert corvin in net.bases and corvin in net.linked_ports
    assert {_named(gmap, "Bressa"), _named(gmap, "Ostra")} <= net.linked_ports
    blockaded = _network(gmap, control, blockaded={corvin})
    assert corvin not in blockaded.bases and corvin not in blockaded.supplied


@pytest.mark.rules("7.4", "7.5")
def test_enemy_ships_cut_sea_supply_in_their_hexes() -> None:
    gmap = boards.game_map("1map:B0")
    corvin = _named(gmap, "Corvin")
    control = _home_control(gmap)
    for col, row in ((7, 4), (8, 4)):
        control[boards.hex_at(col, row)] = RED
    water = [n for n in gmap.neighbors(corvin) if gmap.hexes[n].terrain == "sea"]
    assert water
    net = _network(gmap, control, enemy_at=set(water))
    assert corvin not in net.bases


@pytest.mark.rules("6.71", "7.4")
def test_a_beachhead_supplies_only_its_own_and_adjacent_hexes() -> None:
    gmap = boards.game_map("1map:B0")
    control: dict[str, str | None] = dict.fromkeys(gmap.hexes)
    for name in ("Bressa", "Corvin"):
        control[_named(gmap, name)] = BLUE
    base = _network(gmap, control)
    assert len(base.bases) == 2  # linked by sea across the inland sea
    candidates = [
        h
        for h, info in gmap.hexes.items()
        if info.terrain == "coastal" and not info.port and h not in base.supplied
        and any(gmap.hexes[n].terrain == "sea" and gmap.is_coastal_side(h, n) for n in gmap.neighbors(h))
    ]  # fmt: skip
    assert candidates
    for beachhead in candidates:
        control[beachhead] = BLUE
        net = _network(gmap, control, beachheads={beachhead})
        control[beachhead] = None
        if beachhead not in net.linked_ports:
            continue  # this coast faces a different body of water
        area = {beachhead, *gmap.neighbors(beachhead)}
        assert area <= net.supplied
        assert beachhead not in net.line  # 7.4 exception: it never joins the roads
        assert net.supplied == base.supplied | area
        return
    raise AssertionError("no coastal hex on the inland sea to test a beachhead on")


@pytest.mark.rules("9.7")
def test_a_mulberry_joins_the_roads_next_to_it_by_sea() -> None:
    gmap = boards.game_map("1map:B0")
    control: dict[str, str | None] = dict.fromkeys(gmap.hexes)
    for name in ("Bressa", "Corvin"):
        control[_named(gmap, name)] = BLUE
    for name in ("Ostra", "Velt", "Harn", "Saltmarsh"):
        control[_named(gmap, name)] = RED  # red cities cut the roads through them
    base = _network(gmap, control)
    roads = {h for h in _road_hexes(gmap) if control[h] != RED}
    for mulberry, info in gmap.hexes.items():
        if info.terrain != "coastal" or info.port:
            continue
        cut_roads = [n for n in gmap.neighbors(mulberry) if n in roads and n not in base.line]
        if not cut_roads:
            continue
        net = _network(gmap, control, mulberries={mulberry})
        if mulberry not in net.linked_ports:
            continue
        assert mulberry in net.line
        assert set(cut_roads) <= net.line  # 9.7 traced to an adjacent hex and on by road
        return
    raise AssertionError("no coastal hex beside a cut road to test a mulberry on")


@pytest.mark.rules("9.5", "6.8", "7.4")
def test_a_destroyed_bridge_carries_no_supply() -> None:
    gmap = boards.game_map("1map:A0")
    marrow = _named(gmap, "Marrow")
    bridge = hexgrid.hexside(
        hexgrid.parse_hex_id(boards.hex_at(9, 6)), hexgrid.parse_hex_id(boards.hex_at(8, 7))
    )
    assert "bridge" in gmap.sides()[bridge]
    control = _home_control(gmap)
    # Marrow is linked by road over the bridge and by sea to Port Kell; cut both
    assert marrow in _network(gmap, control, blockaded={marrow}).bases
    assert marrow in _network(gmap, control, broken_sides={bridge}).bases
    assert marrow not in _network(gmap, control, blockaded={marrow}, broken_sides={bridge}).bases


@pytest.mark.rules("7.0")
def test_supply_runs_across_the_seams_of_a_layout() -> None:
    gmap = boards.game_map("2map:A0,B3")
    control: dict[str, str | None] = {
        h: (BLUE if info.board == "A" else RED) if (info.city or info.town) else None
        for h, info in gmap.hexes.items()
    }
    net = _network(gmap, control)
    assert net.bases == frozenset(h for h in gmap.cities() if gmap.hexes[h].board == "A")
    seam_roads = [
        s
        for s, f in gmap.sides().items()
        if "road" in f and len({gmap.hexes[h].board for h in s.split("|")}) == 2
    ]
    # both road hexes at each seam crossing are on the line (neutral on B's side until red's towns)
    assert all(any(h in net.line for h in s.split("|")) for s in seam_roads)


# ----- 7.5 submarines in a whole game's supply check -------------------------------------


def _coastal_road_hexes(state: VictoryState, board: str) -> list[str]:
    roads = _road_hexes(control.gmap(state.data))
    return hexes(
        state,
        lambda i: i.terrain == "coastal" and not i.city and not i.town and i.board == board and i.id in roads,
    )


@pytest.mark.rules("7.5", "O1.7", "4.2")
def test_7_5_an_enemy_submarine_on_a_coastal_road_cuts_no_land_supply() -> None:
    state = empty_game()
    board = home_board(state, BLUE)
    before = supply_map(state.data)[BLUE]
    coast = _coastal_road_hexes(state, board)
    assert coast
    for h in coast:
        sub = put(state, RED, "SS", h, 2)
        assert supply_map(state.data)[BLUE] == before, h
        del state.data["blocks"][sub]
    # ... while a cruiser, a ship that is no submarine, on one of them does (7.5)
    assert any(_cut_by(state, h, "CA") for h in coast)


def _cut_by(state: VictoryState, hex_id: str, type_id: str) -> bool:
    before = supply_map(state.data)[BLUE]
    bid = put(state, RED, type_id, hex_id, 2)
    after = supply_map(state.data)[BLUE]
    del state.data["blocks"][bid]
    return after != before


@pytest.mark.rules("7.4", "7.5")
def test_7_5_a_submarine_in_a_port_still_cuts_its_sea_supply() -> None:
    gmap = boards.game_map("1map:A0")
    control_ = _home_control(gmap)
    ports = [h for h in gmap.cities() if gmap.hexes[h].port]
    sources = [h for h in gmap.cities() if control_.get(h) == BLUE]
    free = supply.supply_network(gmap, BLUE, control_, lambda h: False, sources)
    port = next(p for p in ports if p in free.linked_ports)
    net = supply.supply_network(gmap, BLUE, control_, lambda h: False, sources, sea_cut=lambda h: h == port)
    assert port not in net.linked_ports  # no sea supply in or out of it
    assert port in net.bases  # its roads stay open: it is still a supply base
