"""Viktory II's turn in words a player reads (issue 26 item 19): the reserve tray gives
how many units of each type the reserve holds (not one button per unit id), ending the
turn warns of the reserve not placed (not of units that "can still act"), a battle that
must be fought says so without the step's other choices and without "Not now", and a
battle one side of which has nothing left to fight with asks the server for no odds (it
would refuse them with a 422 and the console would log it). Positions are reached
through the HTTP API by the heuristic agents (test_web_clicks.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_clicks import _game_at
from webkit import ApiDriver, advance, button, modal, prompt, the_page_shows

from grognard.core.game import State
from grognard.core.odds import BadBattle
from grognard.games.viktory2 import RULESET as VIKTORY2


def _legal(state: State) -> list[Any]:
    return state.legal_actions(state.active_roles()[0])


@pytest.mark.rules("13.0")
def test_the_reserve_tray_counts_by_type_and_ending_warns_of_the_units_not_placed(
    page: Page, web_app: tuple[str, Any]
) -> None:
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver = ApiDriver(page)
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": 1}
    )
    state = VIKTORY2.new_game(None, {}, 1)
    advance(driver, game, state, lambda st: any(a[0] == "place" for a in _legal(st)))
    role = state.active_roles()[0]
    live = web_app[1].state.server.games.cached_state(game["id"])
    # three more units in the reserve: the rules offer one placement per type (13.0)
    for uid, kind in ((f"{role}-c90", "cavalry"), (f"{role}-c91", "cavalry"), (f"{role}-i92", "infantry")):
        live.units[uid] = {"owner": role, "type": kind, "hex": None, "aboard": None}
    live._after_change(None, None)
    reserve = [u for u in live.units.values() if u["owner"] == role and not u["hex"] and not u["aboard"]]
    cavalry = sum(1 for u in reserve if u["type"] == "cavalry")
    infantry = sum(1 for u in reserve if u["type"] == "infantry")
    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".seat-tab.current")).to_have_text(role)
    tray = page.locator(".tray .tray-unit")
    expect(tray).to_have_count(2)
    expect(tray.nth(0)).to_contain_text(f"Infantry × {infantry}")
    expect(tray.nth(0)).to_have_attribute("aria-label", f"Infantry: {infantry} in the reserve")
    expect(tray.nth(1)).to_contain_text(f"Cavalry × {cavalry}")
    expect(page.locator(".tray")).not_to_contain_text(f"{role}-")
    # ending the turn names what stays in the reserve
    button(page, "end_turn").click()
    obligations = modal(page).locator(".obligations")
    expect(obligations).to_have_text(
        f"{len(reserve)} units of your reserve not placed ({infantry} infantry, {cavalry} cavalry): "
        "they stay in the reserve"
    )
    modal(page).get_by_role("button", name="Go back").click()
    expect(modal(page)).to_have_count(0)


@pytest.mark.rules("12.0")
def test_a_battle_that_must_be_fought_says_so_and_offers_no_not_now(page: Page) -> None:
    def only_battles(st: State) -> bool:
        legal = _legal(st)
        return bool(legal) and all(a[0] == "battle" for a in legal)

    game, state = _game_at(page, only_battles)
    where = next(str(a[1]) for a in _legal(state) if a[0] == "battle")
    expect(prompt(page)).to_have_text(
        f"Fighting is your only choice now: the battle at {where} must be fought before anything else."
    )
    page.locator(".prompt-card button.action.fight").click()
    dialog = modal(page)
    expect(dialog).to_contain_text("This battle must be fought before anything else.")
    expect(dialog.get_by_role("button", name="Not now")).to_have_count(0)
    dialog.get_by_role("button", name="Look at the board first").click()
    expect(dialog).to_have_count(0)
    assert ApiDriver(page).get(f"/api/games/{game['id']}")["version"] == game["version"]  # nothing sent


def _one_side_empty(state: State) -> bool:
    """A battle under way whose odds the engine refuses: a side has nothing left."""
    fight = next((f for f in reversed(state.flow) if f["state"] == "battle"), None)  # type: ignore[attr-defined]
    if fight is None:
        return False
    described = VIKTORY2.battle_at(state, state.active_roles()[0], fight["hex"])
    if described is None:
        return False
    try:
        VIKTORY2.odds(described)
    except BadBattle:
        return True
    return False


@pytest.mark.rules("12.3")
def test_a_battle_with_one_side_empty_asks_for_no_odds(page: Page) -> None:
    errors: list[str] = []
    refused: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    game, _ = _game_at(page, _one_side_empty)
    the_page_shows(page, game)
    expect(page.locator(".battle-card")).to_be_visible()  # the battle is on screen, its hits to take
    page.wait_for_timeout(1000)  # an odds call would have been made when the page drew the battle
    asked = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [url for url in asked if "/api/games/" in url and "/odds" in url], asked
    assert refused == [] and errors == [], (refused, errors)
