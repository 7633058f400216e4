"""Virtuti's Operations Phase and its words in the browser (issue 26 items 13 and 14): the
prompt "executes one of its orders" lists the orders as buttons, each named by its order
and its area (P7.1: each faction in turn executes one order of its choice), and nothing
on screen is a raw identifier: the log names areas, orders, factions and the air support
tokens drawn in words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, play_until, start_game, the_page_shows

from grognard.games.virtuti.board_data import board_data


def _orders_first(legal: list[list[Any]]) -> list[Any]:
    """An order wherever one may go, then Done; else the first choice (a card, a purchase)."""
    for action in legal:
        if action[0] == "order":
            return action
    return ["done"] if ["done"] in legal else legal[0]


def _order_name(order: str) -> str:
    known = board_data()["orders"][order]
    words = str(known["kind"]).replace("_", " ")
    return f"{words[0].upper()}{words[1:]}{' +' + str(known['bonus']) if known['bonus'] else ''}"


def _area_name(area: str) -> str:
    data = board_data()["map"]
    return str(
        next(a["name"] for key in ("land_areas", "ports", "sea_zones") for a in data[key] if a["id"] == area)
    )


def _to_operations(page: Page, game_id: str) -> dict[str, Any]:
    def ready(game: dict[str, Any]) -> bool:
        legal = game["views"]["axis"]["legal"]
        return game["active"] == ["axis"] and any(a[0] == "execute" for a in legal)

    return play_until(page, game_id, "axis", ready, _orders_first, polls=2000)


@pytest.mark.rules("P7.1")
def test_the_orders_to_execute_are_buttons_and_the_log_speaks_words(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        seed=5,
    )
    game = _to_operations(page, game_id)  # axis alone to act: the page is read on a still game
    page.reload()
    the_page_shows(page, game)
    view = game["views"]["axis"]
    expect(page.locator(".prompt-card .prompt")).to_contain_text("executes one of its orders")
    executes = [a for a in view["legal"] if a[0] == "execute"]
    buttons = page.locator(".prompt-card .action-buttons button[data-verb=execute]")
    expect(buttons).to_have_count(len(executes))
    for action in executes:
        order = view["board"]["orders"][action[1]]["o"]
        label = f"Execute the {_order_name(order)} order in {_area_name(action[1])}"
        expect(page.locator(".prompt-card .action-buttons").get_by_role("button", name=label)).to_be_visible()

    # the log: names, not ids
    log = page.locator(".log-card .log-lines")
    text = log.inner_text()
    assert "draws [" not in text and "western_allies" not in text, text
    assert re.search(r"draws (an air support token|\d+ air support tokens) of level", text), text
    for order_id in board_data()["orders"]:
        if "_" in order_id:
            assert order_id not in text, order_id
    revealed = next(line for line in view["log"] if line.startswith("Order revealed: axis"))
    area = revealed.rsplit(" in ", 1)[1]
    assert f" in {_area_name(area)}" in text
    expect(log.locator(".hexref", has_text=_area_name(area)).first).to_be_visible()

    # the first button carries the order out, as the lit area does
    version = game["version"]
    buttons.first.click()
    driver = ApiDriver(page)
    expect(page.locator(".game-id")).not_to_have_text(re.compile(rf"· v{version}$"))
    assert driver.get(f"/api/games/{game_id}")["version"] > version
