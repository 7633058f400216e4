"""Virtuti Militari in the browser (issue 13, section 4): the area map drawn from the
board data (games/virtuti/board_data.py) by web/games/virtuti.js, its four map modes,
the side panels, a Full Campaign turn played against the heuristic AI through every
phase, a battle with its secret card and air support choices, and the secret orders
of the other player kept out of the page until their reveal (General Rules, Access
To Information; Planning Phase)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from webkit import ApiDriver, shot, start_game

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
