""" "Since your last move" when the other side's actions write nothing a seat may read
(issue 9, section 3): Virtuti's AI places its orders in secret. The card still says
what happened, who did it and how many actions, counted from the same point as the
stepper (the server's `acted_since` and `last_acted`), and tells nothing of the secret
orders themselves before their reveal."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, play_until, reload_and_settle, start_game

POLLS = 240


def _game(driver: ApiDriver, game_id: str) -> dict[str, Any]:
    game: dict[str, Any] = driver.get(f"/api/games/{game_id}")
    return game


def _post(driver: ApiDriver, game_id: str, action: list[Any]) -> None:
    version = _game(driver, game_id)["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": "axis", "action": action, "expected_version": version}
    )


def _until_the_allies_have_planned(page: Page, game_id: str) -> dict[str, Any]:
    """The Axis plays its first choices up to the Planning Phase, where the AI's Allied
    orders are placed and confirmed, in secret, before the Axis places any."""

    def planned(game: dict[str, Any]) -> bool:
        board = game["views"]["axis"]["board"]
        waiting = board["phase"] == "planning" and board["secret"] and board["secret"]["waiting_for"]
        return bool(waiting == ["axis"] and game["active"] == ["axis"])

    # in the Planning Phase the Axis is alone to act only once the Allies have confirmed
    return play_until(page, game_id, "axis", planned)


@pytest.mark.rules("G1.1", "P6.0")
def test_secret_orders_are_counted_by_who_made_them_and_nothing_more(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        seed=7,
    )
    driver = ApiDriver(page)
    game = _until_the_allies_have_planned(page, game_id)
    span = game["plies"] - game["last_acted"].get("axis", 0)
    assert game["acted_since"]["axis"].get("allies", 0) >= 1  # its orders and its "done"
    assert sum(game["acted_since"]["axis"].values()) == span
    reload_and_settle(page, game_id)
    since = page.locator(".since-card")
    expect(since).to_be_visible()
    summary = since.locator("summary")
    counted = ", ".join(f"{role.title()} {n}" for role, n in game["acted_since"]["axis"].items() if n)
    expect(summary).to_have_text(f"Since your last move: {span} action{'' if span == 1 else 's'} ({counted})")
    summary.click()
    expect(since.get_by_role("button", name="Step through on the board")).to_be_visible()
    card = since.inner_text()
    # what happened, in words that name no order: the Allies have chosen theirs
    hidden = since.locator(".since-hidden")
    expect(hidden).to_have_text("Allies: orders chosen in secret, shown at the reveal.")
    # the stepper counts the same span
    since.get_by_role("button", name="Step through on the board").click()
    expect(page.locator(".stepper .stepper-counter")).to_have_text(
        f"The board as you left it · {span} action{'' if span == 1 else 's'} since"
    )
    page.locator(".stepper").get_by_role("button", name="Done").click()
    # once the Axis confirms, the Allied orders are revealed: none of them was in the card
    _post(driver, game_id, ["done"])
    revealed: dict[str, Any] = {}
    for _ in range(POLLS):
        board = _game(driver, game_id)["views"]["axis"]["board"]
        revealed = {a: o for a, o in board["orders"].items() if o["f"] != "axis"}
        if revealed:
            break
        page.wait_for_timeout(250)
    assert revealed, "the Allies placed no orders"
    for area, order in revealed.items():
        assert not re.search(rf"\b{area}\b", card), (area, card)
        assert not re.search(rf"\b{order['o']}\b", card.replace("last move", "")), (order, card)
    assert "(secret" not in card
