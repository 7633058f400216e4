"""Virtuti's Go asks before it starts a battle (issue 9 section 2: starting a battle
asks for confirmation with the sides and the odds): a Move order's units sent into an
enemy area fight when the order is carried out (P7.3), so Go is that start."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from test_web_virtuti_odds import _position, _post
from webkit import ApiDriver, modal, reload_and_settle, start_game


def test_go_into_an_enemy_area_asks_with_the_odds_and_not_now_changes_nothing(
    page: Page, web_app: tuple[str, Any]
) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page, ruleset="virtuti", scenario="full_campaign", seats={"axis": "me", "allies": "hotseat"}, seed=5
    )
    driver = ApiDriver(page)
    _, sent = _position(web_app[1], game_id)
    _post(driver, game_id, "axis", ["execute", "breslau"])
    for uid in sent:
        _post(driver, game_id, "axis", ["send", uid, "warsaw"])
    reload_and_settle(page, game_id)  # hot seat: nothing moves meanwhile
    go = page.get_by_role("button", name="Go: carry out the order and attack Warsaw")
    expect(go).to_be_visible()
    version = driver.get(f"/api/games/{game_id}")["version"]
    go.click()
    dialog = modal(page)
    expect(dialog).to_contain_text("Start the battle at Warsaw?")
    expect(dialog.locator(".odds-block")).to_contain_text("axis wins")
    # the sides in words (issue 26 item 14: not "1 army_1, 1 order"), and the hit points a
    # side loses beside the units it loses (a reduced unit stays: not "0.0 units" alone)
    sides = dialog.locator(".battle-summary")
    expect(sides).to_contain_text("1 × Army (level 1), 1 × Armored Corps (level 1), order bonus +1")
    expect(sides).to_contain_text("1 × Army (level 1), fortification level 3")
    expect(sides).not_to_contain_text("_")
    expect(dialog.locator(".odds-losses")).to_contain_text(
        re.compile(r"allies [\d.]+ units eliminated, [\d.]+ HP lost")
    )
    expect(dialog.locator(".odds-how")).not_to_contain_text("HP absorbed")
    dialog.get_by_role("button", name="Not now").click()
    expect(dialog).to_have_count(0)
    assert driver.get(f"/api/games/{game_id}")["version"] == version  # nothing was sent
    go.click()
    modal(page).get_by_role("button", name="Fight at Warsaw").click()
    expect(page.locator(".log-card .log-lines")).to_contain_text("Warsaw")
    assert driver.get(f"/api/games/{game_id}")["version"] > version


def test_the_move_under_way_is_open_to_both_players(page: Page, web_app: tuple[str, Any]) -> None:
    """The units a Move order has sent so far are open information, as moves are (the
    rulebook hides only the secret choices): both seats' views carry them, so a hot-seat
    screen raises no curtain for them."""
    game_id = start_game(
        page, ruleset="virtuti", scenario="full_campaign", seats={"axis": "me", "allies": "hotseat"}, seed=5
    )
    driver = ApiDriver(page)
    _, sent = _position(web_app[1], game_id)
    _post(driver, game_id, "axis", ["execute", "breslau"])
    _post(driver, game_id, "axis", ["send", sent[0], "warsaw"])
    views = driver.get(f"/api/games/{game_id}")["views"]
    expected = {"f": "axis", "area": "breslau", "plan": {sent[0]: "warsaw"}}
    assert views["axis"]["board"]["move"] == views["allies"]["board"]["move"] == expected
