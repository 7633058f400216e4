"""Issue 23: the browser's Hitler's Global War map goes round the world. Panning east past
the map's east edge (column 112, the U.S. interior) shows its west edge (column 0) beyond
it, the picture continuing across the seam (games/hgw-echo.js, roundTheWorld and place)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect
from webkit import hgw_screen_xy, prompt, serving_rulesets, shot, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-wrap", HGW) as address:
        yield address


def _go_to(page: Page, hex_id: str) -> None:
    goto = page.locator(".hgw-goto")
    goto.get_by_label("Go to a hex number or a place name").fill(hex_id)
    goto.get_by_role("button", name="Go").click()
    expect(goto.locator(".hgw-goto-said")).to_have_text(f"Hex {hex_id}")


def test_the_pacific_places_carry_their_numbers_and_names(page: Page) -> None:
    """Beyond the European theater the board writes the number and name of every place
    the rules cite (hgw-labels.js)."""
    page.set_viewport_size({"width": 1400, "height": 900})
    seats = {"axis": "me", "soviet": "ai:heuristic"}
    start_game(page, ruleset="hgw", scenario="barbarossa", seats=seats, seed=2)
    expect(prompt(page)).to_contain_text("redeploys")
    for hex_id, name in (("25106", "Hawaii"), ("2280", "Midway"), ("3679", "Port Moresby")):
        expect(page.locator(f'.hgw-hexnum[data-num="{hex_id}"]')).to_have_count(1)
        expect(page.locator(f'.hgw-name[data-name-hex="{hex_id}"]')).to_have_text(name)
    expect(page.locator('.hgw-hexnum[data-num="1237"]')).to_have_count(1)  # Berlin, in play


def test_panning_east_past_the_edge_shows_the_west_edge(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    seats = {"axis": "me", "soviet": "ai:heuristic"}
    start_game(page, ruleset="hgw", scenario="barbarossa", seats=seats, seed=2)
    expect(prompt(page)).to_contain_text("redeploys")
    _go_to(page, "18110")  # near the east edge, Colorado's row
    east_x, east_y = hgw_screen_xy(page, "18110")
    one_hex = hgw_screen_xy(page, "18111")[0] - east_x
    assert hgw_screen_xy(page, "1800")[0] < 0  # column 0 is a whole world away to the west
    # drag the board 300 px to the left: the view moves east, past the edge
    page.mouse.move(east_x, east_y + 40)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(east_x - 30 * step, east_y + 40)
    page.mouse.up()
    # column 0 is now on screen, three columns east of where column 110 was dragged to
    shot(page, "hgw-map-across-the-seam")
    west_x, west_y = hgw_screen_xy(page, "1800")
    assert west_x == pytest.approx(east_x - 300 + 3 * one_hex, abs=2)
    assert west_y == pytest.approx(east_y, abs=1)
    box = page.locator(".board-svg").bounding_box()
    assert box is not None and box["x"] < west_x < box["x"] + box["width"]
    # the copy of the picture (column 112 and what lies west of it) is drawn west of the seam
    echo = page.locator(".hgw-echo-canvas")
    expect(echo).to_be_visible()
    assert echo.evaluate("(c) => c.style.clipPath").startswith("polygon(0px 0px")  # clipped on the seam

    # and the copy of the numbers and names, one ring west of the board's own, readable
    # (an <svg> of its own that a pan moves whole, its zoom band set on it too): Hawaii's
    def centre_x(locator: Locator) -> float:
        found = locator.bounding_box()
        assert found is not None
        return float(found["x"] + found["width"] / 2)

    own = page.locator('.board-svg .hgw-hexnum[data-num="25106"]')
    copy = page.locator(".hgw-echo .hgw-hexnum", has_text=re.compile(r"^25106$"))
    expect(copy).to_be_visible()
    assert centre_x(copy) == pytest.approx(centre_x(own) - 113 * one_hex, abs=2)
    assert page.locator('.hgw-hexnum[data-num="25106"]').count() == 1  # the copy names no place
