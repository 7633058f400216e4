"""Virtuti Militari in the browser (issue 13, section 4): the area map drawn from the
board data (games/virtuti/board_data.py) by web/games/virtuti.js, its four map modes,
the side panels, a Full Campaign turn played against the heuristic AI through every
phase, a battle with its secret card and air support choices, and the secret orders
of the other player kept out of the page until their reveal (General Rules, Access
To Information; Planning Phase)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, button, shot, start_game

from grognard.games.virtuti.board_data import board_data

#: Enough polls of the game for the server's AI to answer (each poll waits 250 ms).
POLLS = 240


def _view(driver: ApiDriver, game_id: str, seat: str) -> dict[str, Any]:
    view: dict[str, Any] = driver.get(f"/api/games/{game_id}")["views"][seat]
    return view


def _start(page: Page, seat: str = "axis", seed: int = 5) -> str:
    other = "allies" if seat == "axis" else "axis"
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={seat: "me", other: "ai:heuristic"},
        seed=seed,
    )
    expect(page.locator(".vm-area")).to_have_count(len(board_data()["map"]["land_areas"]))
    return game_id


def test_map_painted_with_sea_zones_ports_and_units(page: Page) -> None:
    """The whole area map: every land area, the sea zones and the ports are drawn, with
    the units of the Full Campaign set-up and the map's fortifications."""
    _start(page)
    data = board_data()["map"]
    expect(page.locator(".vm-sea")).to_have_count(len(data["sea_zones"]))
    expect(page.locator(".vm-port")).to_have_count(len(data["ports"]))
    assert page.locator(".vm-unit").count() > 50
    expect(page.locator(".vm-area[data-area=berlin]")).to_have_count(1)
    expect(page.locator(".vm-fort")).not_to_have_count(0)
    shot(page, "virtuti-board")


def _post(driver: ApiDriver, game_id: str, seat: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": action, "expected_version": version}
    )


def _wait_for(page: Page, driver: ApiDriver, game_id: str, seat: str, ready: Any) -> dict[str, Any]:
    """The seat's view once `ready(view)` holds (the AI plays the other seat meanwhile)."""
    view = _view(driver, game_id, seat)
    for _ in range(POLLS):
        if ready(view):
            return view
        assert view["result"] is None, "the game ended"
        page.wait_for_timeout(250)
        view = _view(driver, game_id, seat)
    raise AssertionError(f"{seat} never got there; last prompt: {view['prompt']!r}")


def _mine(view: dict[str, Any]) -> bool:
    return bool(view["legal"])


def _fill(page: Page, area: str) -> str | None:
    value: str | None = page.locator(f".vm-area[data-area={area}] .tile").get_attribute("fill")
    return value


def test_map_modes_colour_the_areas_by_faction_weather_politics_and_supply(page: Page) -> None:
    """The four view modes: faction (who holds an area), weather (the mud areas of the
    first turn), political (neutral countries) and supply (areas out of supply)."""
    game_id = _start(page)
    driver = ApiDriver(page)
    board = _view(driver, game_id, "axis")["board"]
    mud = next(a for a, w in board["weather"].items() if w == "mud")
    neutral = next(a for a in board["weather"] if a not in board["control"])
    assert _fill(page, "berlin") == "#9a9a9a"  # Axis-held
    assert _fill(page, "paris") == "#8fb0dd"  # Western Allied
    assert _fill(page, neutral) == "#d8cfb2"
    page.locator(".vm-mode[data-mode=weather]").click()
    expect(page.locator(".board-svg[data-mode=weather]")).to_have_count(1)
    assert _fill(page, mud) == "#9c7a4c"
    clear = next(a for a, w in board["weather"].items() if w == "clear")
    assert _fill(page, clear) == "#e6dfbf"
    page.locator(".vm-mode[data-mode=political]").click()
    expect(page.locator(".board-svg[data-mode=political]")).to_have_count(1)
    assert _fill(page, "madrid") == "#d8cfb2"  # Spain starts neutral
    assert _fill(page, "warsaw") == "#8fb0dd"  # Poland fights with the Western Allies
    page.locator(".vm-mode[data-mode=supply]").click()
    expect(page.locator(".board-svg[data-mode=supply]")).to_have_count(1)
    assert _fill(page, "berlin") == "#d9e8c9"
    expect(page.locator(".vm-mode[data-mode=supply]")).to_have_attribute("aria-pressed", "true")
    # the diplomacy screen: key areas and when a country surrenders
    page.locator(".vm-section[data-section=diplomacy] summary").click()
    poland = page.locator(".vm-diplomacy tr[data-country=poland]")
    expect(poland).to_contain_text("Warsaw")
    expect(poland).to_contain_text("surrenders when enemies of the Western Allies hold all")


def _to_planning(page: Page, driver: ApiDriver, game_id: str) -> dict[str, Any]:
    """Axis plays its strategic cards and ends production through the API, and waits
    for the planning phase with the AI's Allied orders already confirmed."""
    for _ in range(12):
        view = _wait_for(page, driver, game_id, "axis", _mine)
        if view["board"]["phase"] == "planning":
            break
        _post(driver, game_id, "axis", view["legal"][0] if view["legal"][0][0] != "done" else ["done"])
    return _wait_for(
        page,
        driver,
        game_id,
        "axis",
        lambda v: v["board"]["phase"] == "planning" and v["board"]["secret"]["waiting_for"] == ["axis"],
    )


@pytest.mark.rules("G1.1", "P6.0")
def test_secret_allied_orders_are_not_in_the_page_before_the_reveal(page: Page) -> None:
    """Planning Phase (orders placed in secret, revealed together): while the Axis
    player still places its orders, the Allied orders the AI has placed and confirmed
    are nowhere in the page (no token, no log line); once the Axis confirms, they
    appear on the map. The Axis places one order by clicking an area."""
    game_id = _start(page, seed=7)
    driver = ApiDriver(page)
    view = _to_planning(page, driver, game_id)
    page.reload()
    expect(page.locator(".vm-area")).not_to_have_count(0)
    order = next(a for a in view["legal"] if a[0] == "order" and a[2] == "move")
    area = order[3]
    page.locator(f".vm-area[data-area={area}]").click(force=True)
    menu = page.locator(".action-menu:not([hidden])")
    if menu.count():
        menu.locator("button[data-verb=order]", has_text="Move order").first.click()
    expect(page.locator(f".vm-order[data-order={area}]")).to_have_count(1)
    expect(page.locator(".vm-order circle[fill='#2b5bb5'], .vm-order circle[fill='#b52a24']")).to_have_count(
        0
    )
    before = page.content()
    button(page, "done").click()
    view = _wait_for(page, driver, game_id, "axis", lambda v: v["board"]["phase"] != "planning")
    allied = [a for a, o in view["board"]["orders"].items() if o["f"] != "axis"]
    assert allied, "the AI placed no orders"
    for where in allied:
        assert f'data-order="{where}"' not in before
    # every secret line in the page was one of the Axis's own
    own = {int(n) for line in view["log"] for n in re.findall(r"^\(secret (\d+)\)", line)}
    shown = {int(n) for n in re.findall(r"\(secret (\d+)\)", before)}
    assert shown and shown <= own, shown - own
    expect(
        page.locator(".vm-order circle[fill='#2b5bb5'], .vm-order circle[fill='#b52a24']")
    ).not_to_have_count(0)
