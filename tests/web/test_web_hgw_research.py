"""Hitler's Global War, Campaign Game II: the research sheets in the browser's record
sheets (Item Cost 5-6: each side's tech level, current cost and track marker, open
information like every record sheet)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import prompt, serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-research", HGW) as address:
        yield address


@pytest.mark.rules("K3.5")
def test_the_record_sheets_show_every_sides_research_sheet(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    seats = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
    start_game(page, ruleset="hgw", scenario="campaign_2", seats=seats, seed=3)
    expect(prompt(page)).to_contain_text("naval movement")  # Campaign Game II step 3a opens the turn
    table = page.locator(".hgw-research table")
    expect(table.locator("thead")).to_contain_text("AxisSovietAllied")
    # the Axis starts at infantry level 1 (2 points), the others at level 0 (3 points)
    row = table.locator("tbody tr", has=page.locator("th", has_text="infantry"))
    expect(row.locator("td")).to_have_text(["L1", "2", "", "L0", "3", "", "L0", "3", ""])
    missile = table.locator("tbody tr", has=page.locator("th", has_text="missile"))
    expect(missile.locator("td").nth(1)).to_have_text("P")  # prohibited (Item Cost 3)
