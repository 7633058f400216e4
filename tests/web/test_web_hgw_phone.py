"""Hitler's Global War on a phone (issue 9, section 3: tap targets of at least 44 CSS
px): the first view makes every hex, and every lone army's counter, at least 44 px
across; where two armies share a hex (their counters drawn smaller), a tap asks which,
with choices at least 44 px tall."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from webkit import ApiDriver, board_scale, counter, prompt, serving_rulesets, start_game

HEX_WIDTH = math.sqrt(3) * 10  # a pointy-top hex across its flats, in board units (hgw.js SIZE)
TAP_PX = 44


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-phone", HGW) as address:
        yield address


def _post(driver: ApiDriver, game_id: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": "axis", "action": action, "expected_version": version}
    )


def test_hexes_and_lone_counters_are_44_px_and_a_shared_hex_asks_which(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=3)
    expect(prompt(page)).to_contain_text("redeploys")
    expect(counter(page, "agn")).to_be_visible()
    assert HEX_WIDTH * board_scale(page) >= TAP_PX
    area = page.locator(".board-svg").bounding_box()
    assert area is not None
    seen = 0
    for piece in page.locator(".board-svg .counter.selectable").all():
        box = piece.bounding_box()
        assert box is not None
        inside = area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"]
        if inside and area["y"] <= box["y"] and box["y"] + box["height"] <= area["y"] + area["height"]:
            seen += 1
            assert box["width"] >= TAP_PX, (piece.get_attribute("data-uid"), box)
    assert seen >= 2  # the Axis front is in the first view
    # two armies in one hex: a point of AGC becomes a new army beside another army
    driver = ApiDriver(page)
    view = driver.get(f"/api/games/{game_id}")["views"]["axis"]
    armies = {a["id"]: a for a in view["board"]["armies"] if a["side"] == "axis" and a["at"]}
    _post(driver, game_id, ["move", "agc", "infantry", 1])
    legal = driver.get(f"/api/games/{game_id}")["views"]["axis"]["legal"]
    shared, neighbour = next(
        (a["at"], a["id"]) for a in armies.values() if a["id"] != "agc" and ["to_place", a["at"]] in legal
    )
    _post(driver, game_id, ["to_place", shared])
    # their counters are drawn smaller side by side; a tap on one asks which army is meant
    piece = counter(page, neighbour)
    expect(page.locator(".board-svg .counter")).to_have_count(len(view["board"]["armies"]) + 1 - _off(view))
    box = piece.bounding_box()
    assert box is not None and box["width"] < TAP_PX
    piece.tap(force=True)
    menu = page.locator(".action-menu")
    expect(menu).to_be_visible()
    choices = menu.locator("button")
    assert choices.count() >= 2
    for i in range(choices.count()):
        size = choices.nth(i).bounding_box()
        assert size is not None and size["height"] >= TAP_PX, json.dumps(size)


def _off(view: dict[str, Any]) -> int:
    """Armies on the record sheet, not on the map."""
    return sum(1 for a in view["board"]["armies"] if not a["at"])
