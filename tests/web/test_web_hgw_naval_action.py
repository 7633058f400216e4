"""Naval Action's fleets in the browser (N1.3, N3.1): each fleet in its nation's colour,
named by its nation in the map's title and the record sheet; a patrol drawn at sea in its
hex (games/hgw-forces.js, hgw-view.js's fleetColor over the board data's fleet_nations)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, serving_rulesets, start_game, the_page_shows, until_legal


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-naval-action", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}


@pytest.mark.rules("N1.3", "N3.1")
def test_fleets_by_nation_in_port_and_a_patrol_at_sea(page: Page) -> None:
    page.set_viewport_size({"width": 1500, "height": 950})
    game_id = start_game(page, ruleset="hgw", scenario="campaign_3", seats=SEATS, seed=4)
    view = until_legal(page, game_id, "axis", {"patrol"})
    home = page.locator('.board-svg .hgw-fleet[data-fleet="home"]')
    expect(home.locator("title")).to_have_text(
        "Home Fleet (Great Britain fleet, allied) at 0932 Scapa Flow: 6 fleet points (5 capital + 1 carrier)"
    )
    expect(home.locator(".hgw-fleet-hull")).to_have_attribute("fill", "#8a5a2b")  # Britain's colour
    french = page.locator('.board-svg .hgw-fleet[data-fleet="force_raid"] .hgw-fleet-hull')
    expect(french).to_have_attribute("fill", "#2f5fb3")  # France's, though both are Allied
    row = page.locator('.hgw-record table.hgw-fleets tr[data-fleet="squadra_1"]')
    expect(row).to_contain_text("Italy")
    # the Kriegsmarine sails out on patrol: drawn at sea in its hex, not in Kiel
    patrol = next(a for a in view["legal"] if a[0] == "patrol" and a[1] == "kriegsmarine")
    driver = ApiDriver(page)
    game = driver.get(f"/api/games/{game_id}")
    body = {"seat": "axis", "action": patrol, "expected_version": game["version"]}
    driver.post(f"/api/games/{game_id}/actions", body)
    the_page_shows(page, driver.get(f"/api/games/{game_id}"))
    ship = page.locator('.board-svg .hgw-fleet.at-sea[data-fleet="kriegsmarine"]')
    expect(ship.locator("title")).to_contain_text(f"on patrol in {patrol[2]}")
    expect(ship.locator("title")).to_contain_text("from 1236 Kiel")
