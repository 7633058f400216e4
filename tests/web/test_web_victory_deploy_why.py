"""Victory deployment's "why not" names the deployment's rule (issue 26, item 4): a
third air unit chosen in the tray for a city already holding two of the seat's air
units is refused by stacking (5.2), in the server's words, not with a move-phase
reason (the page used to ask about a move)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, start_game, until_alone_to_act

SEED = 0  # blue's Quick Start units include three air units (1.4, 10.1)


@pytest.mark.rules("1.4", "5.2")
def test_a_third_air_unit_is_refused_by_stacking_in_deployment(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=SEED
    )
    driver = ApiDriver(page)
    view = driver.view(game_id, "blue")
    air_types = {"FA", "FA+", "JF", "DB", "TB", "MB", "HB", "NB"}
    air = sorted(
        b["id"] for b in view["board"]["blocks"] if b.get("side") == "blue" and b.get("short") in air_types
    )
    assert len(air) >= 3, air
    city = next(a[2] for a in view["legal"] if a[0] == "deploy" and a[1] == air[0])
    for bid in air[:2]:
        driver.act(game_id, "blue", ["deploy", bid, city])
    assert ["deploy", air[2], city] not in driver.view(game_id, "blue")["legal"]
    # the page was left behind by the placements made through the API; both sides
    # deploy at once: drawn again once red has placed its blocks, so that none of its
    # placements redraws the board between the two clicks
    until_alone_to_act(page, game_id, "blue", reload=True)
    page.locator(f'.tray .tray-unit[data-uid="{air[2]}"]').click()
    page.locator(f'.board-svg [data-stack="{city}"] .vi-block').first.click()  # the city, on its blocks
    hint = page.locator(".click-hint")
    expect(hint).to_have_attribute("data-source", "server")
    expect(hint).to_contain_text(re.compile(r"already holds 2 of your air units, .*\(5\.2\)"))
    expect(hint).not_to_contain_text("move phase")
