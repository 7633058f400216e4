"""Issue 26, item 6: a Hitler's Global War player can read the map as the rulebook
speaks of it, by hex number ("Berlin 1237") and by name, and find a hex or a place
(games/hgw-labels.js; the names come from scripts/build_hgw_webmap.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import board_scale, prompt, serving_rulesets, shot, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-reading", HGW) as address:
        yield address


def _start(page: Page, scenario: str = "barbarossa") -> str:
    page.set_viewport_size({"width": 1400, "height": 900})
    # the Axis moves first: nothing changes on the board until the test acts
    game_id = start_game(
        page, ruleset="hgw", scenario=scenario, seats={"axis": "me", "soviet": "ai:heuristic"}, seed=3
    )
    expect(prompt(page)).to_be_visible()
    expect(page.locator(".board-svg .hgw-hexnum").first).to_be_attached()
    return game_id


def _on_board(page: Page, selector: str) -> dict[str, float]:
    """The box of a board element, which must lie inside the board's box."""
    element = page.locator(selector)
    expect(element).to_be_visible()
    box = element.bounding_box()
    frame = page.locator(".board-svg").bounding_box()
    assert box is not None and frame is not None
    assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"], (box, frame)
    assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"], (box, frame)
    return box


def test_go_to_a_place_centres_it_with_its_hex_number_readable(page: Page) -> None:
    _start(page)
    goto = page.locator(".hgw-goto")
    goto.get_by_label("Go to a hex number or a place name").fill("Berlin")
    goto.get_by_role("button", name="Go").click()
    expect(goto.locator(".hgw-goto-said")).to_have_text("1237: Berlin")
    expect(page.locator('.board-svg .hgw-found[data-found="1237"]')).to_have_count(1)
    # at reading zoom the hex number is written, at least 9 px high, on the board
    number = _on_board(page, '.board-svg .hgw-hexnum[data-num="1237"]')
    assert number["height"] >= 9, number
    assert board_scale(page) >= 3.6
    expect(page.locator('.board-svg .hgw-name[data-name-hex="1237"]')).to_have_text("Berlin")
    _on_board(page, '.board-svg .hgw-name[data-name-hex="1237"]')
    # its neighbours' numbers too: the rulebook's Smolensk 1143 by number
    goto.get_by_label("Go to a hex number or a place name").fill("1143")
    goto.get_by_role("button", name="Go").click()
    expect(goto.locator(".hgw-goto-said")).to_have_text("1143: Smolensk")
    _on_board(page, '.board-svg .hgw-hexnum[data-num="1143"]')
    _on_board(page, '.board-svg .hgw-hexnum[data-num="1144"]')
    _on_board(page, '.board-svg .hgw-name[data-name-hex="1144"]')  # Moscow
    shot(page, "hgw-go-to-smolensk")
    # a name that is not on the map says so, and how hexes are numbered
    goto.get_by_label("Go to a hex number or a place name").fill("Atlantis")
    goto.get_by_role("button", name="Go").click()
    expect(goto.locator(".hgw-goto-said")).to_contain_text('No hex or place called "Atlantis"')


def test_zoomed_out_the_numbers_give_way_to_capitals_and_seas(page: Page) -> None:
    _start(page)
    # the first view of Barbarossa's front is already at reading zoom
    expect(page.locator('.board-svg .hgw-hexnum[data-num="1143"]')).to_be_visible()
    zoom_out = page.locator(".zoom-controls").get_by_role("button", name="Zoom out")
    while board_scale(page) >= 2.0:
        zoom_out.click()
    assert board_scale(page) >= 1.6
    expect(page.locator('.board-svg .hgw-hexnum[data-num="1237"]')).to_be_hidden()
    expect(page.locator('.board-svg .hgw-name[data-name-hex="1237"]')).to_be_visible()  # capital
    expect(page.locator('.board-svg .hgw-name[data-name-hex="1143"]')).to_be_hidden()  # a city
    expect(page.locator(".board-svg .hgw-name-sea", has_text="Baltic Sea")).to_be_visible()
