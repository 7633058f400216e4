"""The optional rule Unaligned Forces in the browser (O2.2): Poland's home forces,
placed when the Axis names its first attack on Poland, are drawn as number markers in
their hexes, each with its words (nation, side, points) as its title."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, reload_and_settle, serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-home-forces", HGW) as address:
        yield address


def _post(driver: ApiDriver, game_id: str, seat: str, *action: Any) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": list(action), "expected_version": version}
    )


@pytest.mark.rules("O2.2")
def test_home_forces_are_number_markers_listed_in_their_hexes(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="hgw",
        scenario="campaign_2",
        options={"unaligned_forces": True},
        seats={"axis": "me", "soviet": "hotseat", "allied": "hotseat"},
        seed=1,
    )
    driver = ApiDriver(page)
    _post(driver, game_id, "axis", "end_naval_movement")
    _post(driver, game_id, "axis", "end_movement")
    _post(driver, game_id, "axis", "attack", "agn", "1340")
    for where in ("1339", "1339", "1340", "1441"):
        _post(driver, game_id, "allied", "place", "infantry", where)
    reload_and_settle(page, game_id)
    marker = page.locator('.board-svg .hgw-home[data-home="1339"]')
    expect(marker).to_have_count(1)
    expect(marker.locator("text")).to_have_text("2")
    expect(marker.locator("title")).to_contain_text("Poland's home forces (allied): 2 infantry points")
    expect(page.locator('.board-svg .hgw-home[data-home="1441"] text')).to_have_text("1")
