"""No tap acts on what the finger did not see (issue 26, item 1). On a phone the
browser sends its click after the finger lifts, to whatever is under it by then; the
board acts on the lift, so a tap on a Victory city in production opened the choices
pop-up right under the finger and the follow-up click built the unit under it at
once (8.0). The page (ui.js `shownNow`, the tap guard) drops a click inside a pop-up
shown after its finger went down: the pop-up stays, and a second tap on the same spot
builds."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from webkit import ApiDriver, prompt, reload_and_settle, start_game, victory_to_production

SEED = 3
POLLS = 240
#: the text of the pop-up button under a point, if any
UNDER = "([x, y]) => document.elementFromPoint(x, y)?.closest('.action-menu button')?.textContent"


def _inside(box: dict[str, float] | None, x: float, y: float) -> bool:
    if box is None:
        return False
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


@pytest.mark.rules("8.0")
def test_a_tap_that_opens_a_pop_up_does_not_choose_in_it(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        seats={"blue": "me", "red": "ai:heuristic"},
        seed=SEED,
    )
    driver = ApiDriver(page)
    view = victory_to_production(page, game_id)
    spent = sum(view["board"]["production"].values())
    builds: dict[str, int] = {}
    for action in view["legal"]:
        if action[0] == "build":
            builds[action[1]] = builds.get(action[1], 0) + 1
    reload_and_settle(page, game_id)  # the page was left behind by the moves made through the API
    expect(prompt(page)).to_contain_text("roduc")
    board = page.locator(".board-svg").bounding_box()
    assert board is not None
    # a city with several builds, dragged (the board pans) near the bottom of the board,
    # where the choices pop-up opens over it, under the finger that tapped it
    city = max(sorted(builds), key=lambda c: builds[c])
    assert builds[city] >= 2, builds
    tile = page.locator(f'.board-svg .hex.target[data-hex="{city}"] .tile')
    box = tile.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    grab = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    to = (grab[0] + board["x"] + board["width"] / 2 - x, grab[1] + board["y"] + board["height"] - 40 - y)
    page.mouse.move(*grab)
    page.mouse.down()
    page.mouse.move(*to, steps=12)
    page.mouse.up()
    box = tile.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert _inside(board, x, y), (board, box)
    # where the pop-up opens (a mouse click, which sends no click after the fact): the
    # spot to tap is on the city and on one of the pop-up's buttons
    menu = page.locator(".action-menu[role=menu]")
    page.mouse.click(x, y)
    expect(menu).to_be_visible()
    spot = None
    for choice in menu.locator("button[role=menuitem]").all():
        face = choice.bounding_box()
        assert face is not None
        top = max(face["y"], box["y"] + box["height"] / 4)
        bottom = min(face["y"] + face["height"], box["y"] + box["height"] * 3 / 4)
        if bottom - top > 4 and face["x"] + 4 < x < face["x"] + face["width"] - 4:
            spot = (x, (top + bottom) / 2)
            break
    assert spot is not None, "the pop-up does not cover the city"
    menu.get_by_role("button", name="cancel").click()
    expect(menu).to_be_hidden()
    x, y = spot
    page.touchscreen.tap(x, y)
    # the follow-up click fell on a button of the pop-up and was dropped: nothing was
    # built, the pop-up waits for a choice
    page.wait_for_timeout(600)  # the build's request would have gone by now
    assert sum(driver.view(game_id, "blue")["board"]["production"].values()) == spent
    expect(menu).to_be_visible()
    expect(menu).to_contain_text(city)
    under = page.evaluate(UNDER, [x, y])
    assert under, "the pop-up did not open under the finger"
    # a tap the player means, on the button now seen, builds
    page.touchscreen.tap(x, y)
    expect(menu).to_be_hidden()
    for _ in range(POLLS):
        if sum(driver.view(game_id, "blue")["board"]["production"].values()) < spent:
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError(f"a tap on {under!r} built nothing")
