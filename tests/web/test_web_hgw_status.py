"""Hitler's Global War's status panel (issue 9, section 3: every player's forces, places
and score, and who is to play, always on screen): a row per side whose figures are the
record sheets' and the map's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, prompt, serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-status", HGW) as address:
        yield address


def test_the_status_panel_counts_each_sides_armies_points_and_places(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=3)
    expect(prompt(page)).to_contain_text("redeploys")
    board = ApiDriver(page).get(f"/api/games/{game_id}")["views"]["axis"]["board"]
    for side in ("axis", "soviet"):
        armies = [a for a in board["armies"] if a["side"] == side]
        on_map = [a for a in armies if a["at"]]
        points = sum(a["strength"] for a in on_map)
        mech = sum(a["sp"]["mechanized"] for a in on_map)
        held = sum(1 for owner in board["owner"].values() if owner == side)
        row = page.locator(f'.status-row[data-role="{side}"]')
        expect(row.locator(".status-score")).to_have_text(f"strength points: {points}")
        for fact in (
            f"{len(on_map)} of {len(armies)}",
            f"{points} ({mech} mechanized)",
            f"Places held{held}",
        ):
            expect(row).to_contain_text(fact)
    expect(page.locator('.status-row[data-role="axis"] .to-play')).to_have_text("to play")
    expect(page.locator('.status-row[data-role="soviet"] .to-play')).to_have_count(0)
