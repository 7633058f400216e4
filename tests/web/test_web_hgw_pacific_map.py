"""Hitler's Global War's Pacific on the page (issue 23, section 4: "the Pacific drawn with
the care of Europe"): the places the rules and the Pacific scenarios cite carry their
names and hex numbers, found by the "go to" box as Europe's are (hgw-map.json `names`,
scripts/build_hgw_webmap.py; hgw-labels.js); the Pacific's fleets carry their nation's
code (hgw-sea.js); the Pacific's shipping routes (G24.0, G21.3; pacific_routes.py) are
named in words on the map and in the record sheets, as Europe's routes are."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import board_scale, prompt, serving_rulesets, start_game

from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw import pacific_routes, sea_war

WEB = Path(__file__).resolve().parents[2] / "src" / "grognard" / "web" / "games"


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-pacific-map", HGW) as address:
        yield address


#: the Pacific places the rulebook cites (issue 23's list) and the designed scenarios'
#: own (docs/hgw-design.md, "The Pacific War scenario"), by the hex each is placed in
PACIFIC = {
    "2077": "Tokyo",
    "2280": "Midway",
    "2685": "Wake Island",
    "25106": "Hawaii",
    "3683": "Guadalcanal",
    "3679": "Port Moresby",
    "3164": "Singapore",
    "2568": "Hong Kong",
    "4580": "Sydney",
    "3058": "Colombo",
    "2560": "Calcutta",
    "2265": "Chungking",
    "3072": "Manila",
    "2879": "Guam",
    "4680": "Canberra",  # Australia's capital, named by its city as Tokyo is
}


def test_the_web_map_names_the_pacific_places() -> None:
    names = {row[0]: row[1] for row in json.loads((WEB / "hgw-map.json").read_text())["names"]}
    assert {hex_id: names.get(hex_id) for hex_id in PACIFIC} == PACIFIC


def _go_to(page: Page, place: str) -> None:
    goto = page.locator(".hgw-goto")
    goto.get_by_label("Go to a hex number or a place name").fill(place)
    goto.get_by_role("button", name="Go").click()


def test_the_pacific_is_read_by_name_and_number_at_zoom(page: Page) -> None:
    """The Pacific War opened as Japan: "Singapore" typed in the "go to" box brings the
    board to 3164 at reading zoom, where the Pacific's places show their names and numbers
    (not before: from afar only capitals and seas are written); Tokyo is a capital's name,
    and the U.S. and Dutch fleets carry their codes."""
    page.set_viewport_size({"width": 1400, "height": 900})
    seats = {"axis": "me", "allied": "ai:heuristic"}
    start_game(page, ruleset="hgw", scenario="pacific_war", seats=seats, seed=1)
    expect(prompt(page)).to_contain_text("axis")
    singapore = page.locator('.hgw-name[data-name-hex="3164"]')
    expect(singapore).to_have_text("Singapore")
    _go_to(page, "Singapore")
    expect(page.locator(".hgw-goto-said")).to_have_text("3164: Singapore")
    expect(page.locator(".board-svg")).to_have_attribute("data-zoom", "read")
    expect(page.locator('.hgw-found[data-found="3164"]')).to_have_count(1)
    expect(singapore).to_be_visible()
    expect(page.locator('.hgw-hexnum[data-num="3164"]')).to_be_visible()
    box = singapore.bounding_box()
    assert box is not None and box["height"] >= 8  # readable: a name at least 8 px high
    # Tokyo, the capital, by its city's name; Guam, a circular island, by its own
    _go_to(page, "Tokyo")
    expect(page.locator(".hgw-goto-said")).to_have_text("2077: Tokyo")
    expect(page.locator('.hgw-name.hgw-name-capital[data-name-hex="2077"]')).to_be_visible()
    _go_to(page, "Guam")
    expect(page.locator(".hgw-goto-said")).to_have_text("2879: Guam")
    expect(page.locator('.hgw-name[data-name-hex="2879"]')).to_be_visible()
    expect(page.locator('.hgw-hexnum[data-num="2879"]')).to_be_visible()
    # the Allies' Pacific fleets carry their nation's code, as Europe's do
    for fleet, code in (("pacific_fleet", "US"), ("dutch", "NL")):
        drawn = page.locator(f'.board-svg .hgw-fleet[data-fleet="{fleet}"]')
        expect(drawn).to_have_attribute("data-code", code)
    # zoomed out, a city's name is no longer written (only capitals and seas from afar)
    frame = page.locator(".board-svg").bounding_box()
    assert frame is not None
    page.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    reading = board_scale(page)
    for _ in range(6):
        page.mouse.wheel(0, 400)
    page.wait_for_function("() => !document.querySelector('.board-svg[data-zoom=\"read\"]')")
    assert board_scale(page) < reading
    expect(page.locator('.hgw-hexnum[data-num="2879"]')).to_be_hidden()


def _world_board_at_war() -> dict[str, Any]:
    """Campaign Game IV's first Axis naval movement with the United States at war, both
    sides' routes declared afresh (U-Boat Attack 4): the Allied view's board."""
    state: Any = HGW.new_game(seed=1, scenario="campaign_4")
    while state.data["flow"][-1]["state"] == "naval_intercept":
        state.apply(state.data["flow"][-1]["role"], ("no_interception",))
    state.data["politics"]["us_since"] = state.data["turn"]
    sea_war.declare_routes(state, "allied")
    sea_war.declare_routes(state, "axis")
    board: dict[str, Any] = state.view("allied")["board"]
    return board


@pytest.mark.rules("G24.0", "G21.3")
def test_the_pacific_shipping_routes_are_named_in_words(page: Page) -> None:
    """Australia's route and Japan's mainland route, as the engine declares them, drawn
    and listed by hgw-sea.js under names a player reads, not their ids."""
    board = _world_board_at_war()
    assert set(pacific_routes.ROUTES) <= set(board["sea_routes"])
    page.goto("/")
    said = page.evaluate(
        """async (board) => {
            const sea = await import('/games/hgw-sea.js');
            const sheet = sea.routesSheet(board, { placeWords: (p) => p, roleChip: (r) => r });
            const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
            sea.drawSeaLanes(layer, board, {
                where: () => [0, 0], placeWords: (p) => p, roleColor: () => '#000',
                fleetColor: () => '#000', ring: 0 });
            const rows = {};
            for (const tr of sheet.querySelectorAll('tr[data-route]'))
                rows[tr.dataset.route] = tr.querySelector('th').textContent;
            const titles = {};
            for (const g of layer.querySelectorAll('g[data-route]'))
                titles[g.dataset.route] = g.querySelector('title').textContent;
            return { rows, titles };
        }""",
        board,
    )
    expected = {
        "australia": "Australia's shipping route (G24.0)",
        "japan_mainland": "Japan's mainland shipping route (G21.3)",
    }
    for rid, name in expected.items():
        route = board["sea_routes"][rid]
        assert said["rows"][rid] == name
        ends = f"from {route['origin']} to {route['to']}"
        assert said["titles"][rid].startswith(f"{name} ({route['side']}): {ends}")


@pytest.mark.rules("K18.2", "K16.5", "G24.0")
def test_escorting_and_raiding_a_route_name_it_in_words(page: Page) -> None:
    """The buttons of a route's escort and raid (hgw-describe.js) name the route as the
    record sheets do, not by its id ("the australia route")."""
    board = _world_board_at_war()
    fleet = sorted(board["fleets"])[0]
    page.goto("/")
    labels = page.evaluate(
        """async ([board, fleet]) => {
            const { describe } = await import('/games/hgw-describe.js');
            const view = { board, role: 'allied' };
            return [
                describe(['escort_route', fleet, 'australia'], view).label,
                describe(['raid_route', fleet, 'japan_mainland', '2879'], view).label,
            ];
        }""",
        [board, fleet],
    )
    name = board["fleets"][fleet]["name"]
    assert labels[0] == f"{name} escorts shipping (route: Australia's shipping route (G24.0))"
    assert labels[1].startswith(f"{name} intercepts shipping in 2879")
    assert labels[1].endswith("(route: Japan's mainland shipping route (G21.3))")
    assert "australia" not in labels[0] and "japan_mainland" not in labels[1]
