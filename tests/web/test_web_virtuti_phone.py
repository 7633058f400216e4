"""Virtuti Militari on a phone (issue 26 item 11): the areas of the map of Europe are a
median 23 px across at the first view, too small for a finger. The board lists the areas
the player can act on; choosing one zooms the map to it (at least 44 px across) and acts
on it as a tap would; a tap on the area itself then does the same. Planning Phase (P6.0):
an order is placed by a finger, every target of it at least 44 px."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_web_virtuti import _to_planning
from webkit import ApiDriver, start_game, the_page_shows

from grognard.games.virtuti.board_data import board_data

#: A tap target's least size (WCAG 2.5.5; board.js TAP_PX).
TAP = 44


def _size(target: Locator) -> float:
    box = target.bounding_box()
    assert box is not None
    return min(box["width"], box["height"])


def _screen_point(page: Page, area: str) -> tuple[float, float]:
    """Where the label point of `area` (inside it: its counters stand there) is on screen."""
    label = next(a["label"] for a in board_data()["map"]["land_areas"] if a["id"] == area)
    x, y = page.evaluate(
        """([x, y]) => {
            const m = document.querySelector('.board-svg .board-content').getScreenCTM();
            return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
        }""",
        label,
    )
    return float(x), float(y)


def _name(area: str) -> str:
    return str(next(a["name"] for a in board_data()["map"]["land_areas"] if a["id"] == area))


def _order_in(driver: ApiDriver, game_id: str, area: str) -> str | None:
    order = driver.view(game_id, "axis")["board"]["orders"].get(area)
    return None if order is None else str(order["o"])


@pytest.mark.rules("P6.0")
def test_a_phone_places_orders_on_areas_at_44_px(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        seed=7,
    )
    driver = ApiDriver(page)
    view = _to_planning(page, driver, game_id)  # the AI's orders confirmed: nothing moves now
    page.reload()
    the_page_shows(page, driver.get(f"/api/games/{game_id}"))
    areas = sorted({a[3] for a in view["legal"] if a[0] == "order" and a[2] == "move"})
    assert len(areas) >= 2, areas
    first, second = areas[0], areas[1]

    # the list of the areas to act on, by name, a finger's height
    picker = page.locator("select.vm-picker")
    expect(picker).to_be_visible()
    assert _size(picker) >= TAP
    listed = picker.locator("option").all_inner_texts()
    assert _name(first) in listed and _name(second) in listed
    # choosing one zooms the map to it, at least 44 px across, on the screen
    picker.select_option(first)
    tile = page.locator(f".vm-area[data-area={first}] .tile")
    assert _size(tile) >= TAP, tile.bounding_box()
    board = page.locator(".board-svg").bounding_box()
    x, y = _screen_point(page, first)
    assert board is not None and board["x"] < x < board["x"] + board["width"]
    assert board["y"] < y < board["y"] + board["height"]
    # and acts on it as a tap: the orders that may go there, by the area's name, 44 px each
    menu = page.locator(".action-menu:not([hidden])")
    expect(menu.locator(".menu-title")).to_have_text(f"At {_name(first)}:")
    move = menu.locator("button[data-verb=order]", has_text="Axis: Move order in")
    expect(move).to_be_visible()
    assert _size(move) >= TAP
    move.tap()
    expect(page.locator(f".vm-order[data-order={first}]")).to_have_count(1)
    assert _order_in(driver, game_id, first) == "move"

    # a tap on the map itself: the second area, zoomed to, then tapped where its counters stand
    picker.select_option(second)
    expect(menu.locator(".menu-title")).to_have_text(f"At {_name(second)}:")
    menu.get_by_role("button", name="cancel").tap()
    expect(menu).to_have_count(0)
    assert _size(page.locator(f".vm-area[data-area={second}] .tile")) >= TAP
    page.touchscreen.tap(*_screen_point(page, second))
    expect(menu.locator(".menu-title")).to_have_text(f"At {_name(second)}:")
    support = menu.locator("button[data-verb=order]", has_text="Axis: Support order in")
    assert _size(support) >= TAP
    support.tap()
    expect(page.locator(f".vm-order[data-order={second}]")).to_have_count(1)
    assert _order_in(driver, game_id, second) == "support"
