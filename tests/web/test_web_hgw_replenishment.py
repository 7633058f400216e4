"""Naval Action's fleet replenishment in the browser (N13.1): an amphibious point sent to
sea is drawn in its hex with its chain's fleet and points (games/hgw-forces.js), and the
action is named for what it does (games/hgw-describe.js)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, play_until, serving_rulesets, start_game, the_page_shows

from grognard.games.hgw.map import hex_distance

ENDINGS = ("end", "done", "pass", "finish")
LONDON = "1333"
TO_LONDON = ["change_base", "home", LONDON]  # where the British army holds its amphibious point


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-replenishment", HGW) as address:
        yield address


def _allied(legal: list[list[Any]]) -> list[Any]:
    """The Home Fleet goes to London; otherwise every phase is ended at once."""
    if TO_LONDON in legal:
        return TO_LONDON
    return next((a for a in legal if str(a[0]).startswith(ENDINGS)), legal[0])


def _may_replenish(game: dict[str, Any]) -> bool:
    return game["active"] == ["allied"] and any(a[0] == "replenish" for a in game["views"]["allied"]["legal"])


def _point_out(game: dict[str, Any]) -> bool:
    """Allied alone to act again, the point at sea (not met on its way: no Axis spotter
    reaches the Thames estuary's waters)."""
    return game["active"] == ["allied"] and "replenishment" in game["views"]["allied"]["board"]


@pytest.mark.rules("N13.1")
def test_a_replenishment_unit_is_drawn_at_sea(page: Page) -> None:
    page.set_viewport_size({"width": 1500, "height": 950})
    seats = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}
    game_id = start_game(page, ruleset="hgw", scenario="campaign_3", seats=seats, seed=4)
    game = play_until(page, game_id, "allied", _may_replenish, _allied)
    sends = [a for a in game["views"]["allied"]["legal"] if a[0] == "replenish" and a[1] == "home"]
    action = min(sends, key=lambda a: (hex_distance(LONDON, a[2]), a[2]))  # the nearest sea hex
    driver = ApiDriver(page)
    body = {"seat": "allied", "action": action, "expected_version": game["version"]}
    driver.post(f"/api/games/{game_id}/actions", body)
    game = play_until(page, game_id, "allied", _point_out)
    assert game["views"]["allied"]["board"]["replenishment"]["home"]["units"] == [{"hex": action[2], "sp": 1}]
    the_page_shows(page, game)
    unit = page.locator('.board-svg .hgw-replenishment[data-replenishment="home"]')
    expect(unit).to_have_count(1)
    expect(unit.locator("title")).to_contain_text(
        "unit 1 of Home Fleet's replenishment chain, 1 amphibious point"
    )
    expect(unit.locator("text")).to_have_text("1")
    # and in the record sheets (every naval unit listed: issue 22)
    row = page.locator('.hgw-record table.hgw-replenishment-sheet tr[data-replenishment="home"]')
    expect(row.locator("th")).to_have_text("Home Fleet")
    expect(row.locator("td.hgw-replenishment-units")).to_have_text(re.compile(rf"^{action[2]}\b.*: 1$"))
