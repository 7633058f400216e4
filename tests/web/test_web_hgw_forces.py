"""Issue 26, item 7: Hitler's Global War's forts and fleets are drawn on the map, listed
in the record sheets and the legend, and every odds and fight dialog names the fort
that defends a battle's hex (games/hgw-forces.js; Effect Of Forts On Combat 1-3)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    counter,
    modal,
    play_until,
    prompt,
    serving_rulesets,
    shot,
    start_game,
    target,
    until_legal,
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-forces", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}


def _start(page: Page, scenario: str) -> str:
    page.set_viewport_size({"width": 1500, "height": 950})
    # the Axis moves first in both scenarios: nothing changes until the test acts
    game_id = start_game(page, ruleset="hgw", scenario=scenario, seats=SEATS, seed=4)
    expect(prompt(page)).to_contain_text("redeploys")
    return game_id


def test_fall_of_germany_forts_and_fleets_on_the_map_sheets_and_legend(page: Page) -> None:
    _start(page, "fall_of_germany")
    # Fall of Germany set-up: Fort No. 3 at Florence 1736, the Home Fleet at the Clyde
    fort = page.locator('.board-svg .hgw-fort[data-fort="1736"]')
    expect(fort).to_have_count(1)
    expect(fort.locator("title")).to_have_text("1736 Florence: axis fort of 2 points")
    expect(page.locator(".board-svg .hgw-fort")).to_have_count(7)
    fleet = page.locator('.board-svg .hgw-fleet[data-fleet="home"]')
    expect(fleet.locator("title")).to_have_text("Home Fleet (allied fleet) at 1131 The Clyde: 4 fleet points")
    expect(page.locator(".board-svg .hgw-fleet")).to_have_count(4)
    forts = page.locator(".hgw-record table.hgw-forts")
    expect(forts.locator('tr[data-fort="1736"]')).to_contain_text("1736 Florence")
    expect(forts.locator('tr[data-fort="1736"] td.total')).to_have_text("2")
    expect(page.locator('.hgw-record table.hgw-fleets tr[data-fleet="kriegsmarine"]')).to_contain_text(
        "1236 Kiel"
    )
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    texts = legend.locator(".legend-items li").all_inner_texts()
    for wanted in (
        "Fort and its points",
        "Fleet in its port",
        "Mountains",
        "Port",
        "Crossing arrow",
        "1941 borders",
        "Germany (light grey)",
        "Soviet Union (red)",
        "Army out of supply",
    ):
        assert any(wanted in text for text in texts), (wanted, texts)
    expect(legend.locator(".legend-items li svg")).to_have_count(len(texts))
    shot(page, "hgw-forts-and-fleets")


def test_an_attack_on_the_maginot_line_names_its_fort_in_the_odds_and_the_fight_dialog(page: Page) -> None:
    game_id = _start(page, "campaign_1")
    expect(page.locator('.board-svg .hgw-fort[data-fort="1435"] title')).to_have_text(
        "1435 Metz: allied fort of 7 points"
    )
    driver = ApiDriver(page)
    driver.act(game_id, "axis", ["end_movement"])
    until_legal(page, game_id, "axis", "attack")
    page.reload()
    counter(page, "agw").click(force=True)
    odds = page.locator(".attack-odds li", has_text="1435 Metz")
    expect(odds).to_contain_text("defended by the allied fort of 7 points")
    expect(odds).to_contain_text("%")
    driver.act(game_id, "axis", ["attack", "agw", "1435"])
    driver.act(game_id, "axis", ["end_announce"])
    # the Allied fort may fire first (a defensive assault): the Axis takes its losses
    play_until(
        page,
        game_id,
        "axis",
        lambda game: (
            game["active"] == ["axis"] and any(a[0] == "assault" for a in game["views"]["axis"]["legal"])
        ),
        choose=lambda legal: next(a for a in legal if a[0] == "lose"),
    )
    page.reload()
    target(page, "1435").click(force=True)
    dialog = modal(page)
    expect(dialog.locator(".battle-summary")).to_contain_text("fort of 7 points")
    expect(dialog.locator(".odds-fort")).to_contain_text("Defended by the allied fort of 7 points")
    shot(page, "hgw-fort-in-the-fight-dialog")
    dialog.get_by_role("button", name="Not now").click()
