"""Lit places outside a phone's first view are named, with a way to them (issue 26,
"Scripted new-player sessions": Victory's phone dead end). A phone's first view of a
board shows a part of the map at a size a finger can tap; once a block is picked from
Victory's deployment tray, the cities it may deploy to (5.1) were lit beyond that view
with nothing saying so. The page (game-board.js `renderLitNote`, board.js PanZoom
`litOutside`/`showLit`) now says how many lit places lie outside the view, and its
button pans the board to them; a tap on one then deploys there."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, expect
from webkit import ApiDriver, prompt, start_game, until_alone_to_act

#: The lit places whose middle lies inside the board's frame, by their data-hex.
LIT_ON_SCREEN = """() => {
  const frame = document.querySelector('.board-svg').getBoundingClientRect();
  return [...document.querySelectorAll('.board-svg .hex.target')].filter((g) => {
    const r = g.querySelector('.tile').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
  }).map((g) => g.dataset.hex);
}"""


def _tray_block_lighting_beyond_the_view(tray: Locator, page: Any) -> tuple[int, list[str], list[str]]:
    """The first tray block whose lit cities are not all in the first view: its index,
    the lit hexes on screen, and all lit hexes."""
    for i in range(tray.count()):
        tray.nth(i).tap()
        lit = page.locator(".board-svg .hex.target")
        expect(lit.first).to_be_attached()
        every = lit.evaluate_all("(all) => all.map((g) => g.dataset.hex)")
        seen = page.evaluate(LIT_ON_SCREEN)
        if len(seen) < len(every):
            return i, seen, every
    raise AssertionError("no block of the tray lights a city beyond the phone's first view")


@pytest.mark.rules("5.1")
def test_lit_places_outside_a_phone_view_are_named_and_reached(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=5
    )
    before = until_alone_to_act(page, game_id, "blue", reload=True)
    expect(prompt(page)).to_contain_text("Deploy")
    note = page.locator(".board-area .lit-outside")
    expect(note).to_be_hidden()  # nothing chosen, nothing lit beyond the view
    tray = page.locator(".tray .tray-unit")
    _, seen, every = _tray_block_lighting_beyond_the_view(tray, page)
    outside = len(every) - len(seen)
    word = "place" if outside == 1 else "places"
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"{outside} lit {word} outside the view")
    # its button brings a lit city that was beyond the view on screen
    note.get_by_role("button", name="Show").tap()
    page.wait_for_function(f"() => ({LIT_ON_SCREEN})().some((hex) => !{seen!r}.includes(hex))")
    now = page.evaluate(LIT_ON_SCREEN)
    brought = next(hex for hex in now if hex not in seen)
    # and the note counts what is still beyond it
    if len(now) == len(every):
        expect(note).to_be_hidden()
    else:
        expect(note).to_contain_text(f"{len(every) - len(now)} lit")
    # a tap on it deploys the block there (a crowded city asks which: the first choice)
    tile = page.locator(f'.board-svg .hex.target[data-hex="{brought}"]')
    box = tile.bounding_box()
    assert box is not None
    tile.tap(position={"x": box["width"] / 2, "y": box["height"] * 0.12})
    menu = page.locator(".action-menu[role=menu]")
    if menu.is_visible():
        menu.locator("button[role=menuitem][data-verb=deploy]").first.tap()
    driver = ApiDriver(page)
    for _ in range(120):
        game = driver.get(f"/api/games/{game_id}")
        if game["version"] > before["version"]:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the tap on the lit city sent nothing")
    board = driver.view(game_id, "blue")["board"]
    placed = [b for b in board["blocks"] if b.get("at") == brought and b["side"] == "blue"]
    assert placed, f"no blue block at {brought} after the tap"
