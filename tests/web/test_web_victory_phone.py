"""Victory on a phone (issue 9, section 3): 44 px tap targets on the board's first
view (a hex is what a finger taps; a crowded one asks which block, test_web_clicks.py),
and the prompt card with no empty band under "Rules for this step" when the step has
no buttons (the deployment is played from the tray and the map)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from webkit import expect_board_covers_its_box, prompt, start_game, until_alone_to_act

#: The text box of an element's contents, and the element's own box (viewport px).
BOXES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const text = range.getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return {text: [text.top, text.bottom], box: [box.top, box.bottom]};
}"""


def test_victory_on_a_phone_taps_44_px_and_leaves_no_empty_band(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=5
    )
    until_alone_to_act(page, game_id, "blue", reload=True)  # red's deployment drawn: the board is measured
    expect(prompt(page)).to_contain_text("Deploy")
    # every hex of the first view is at least 44 CSS px across, and the map still fills its box
    hexes = page.locator(".board-svg g.hex[data-hex]")
    expect(hexes.first).to_be_attached()
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.board-svg g.hex[data-hex] .tile')]"
        ".map((t) => { const r = t.getBoundingClientRect(); return Math.min(r.width, r.height); })"
    )
    assert sizes and min(sizes) >= 44, min(sizes)
    expect_board_covers_its_box(page)
    # a lit city, once a block of the tray is chosen, is as big
    page.locator(".tray .tray-unit").first.tap()
    lit = page.locator(".board-svg .hex.target .tile").first.bounding_box()
    assert lit is not None and min(lit["width"], lit["height"]) >= 44, lit
    # "Rules for this step": a 44 px line with its words in the middle
    summary = page.locator(".prompt-card .rules-help summary")
    expect(summary).to_be_visible()
    boxes = summary.evaluate(BOXES)
    above = boxes["text"][0] - boxes["box"][0]
    below = boxes["box"][1] - boxes["text"][1]
    assert boxes["box"][1] - boxes["box"][0] >= 44
    assert abs(above - below) <= 2, boxes
    # no buttons this step: no empty row under it, the next thing ("All N choices")
    # follows at the card's usual spacing
    expect(page.locator(".prompt-card .action-buttons button")).to_have_count(0)
    expect(page.locator(".prompt-card .choice-row")).to_be_hidden()
    expect(page.locator(".prompt-card .all-choices")).to_be_visible()
    rules = page.locator(".prompt-card .rules-help").bounding_box()
    after = page.locator(".prompt-card .all-choices").bounding_box()
    assert rules is not None and after is not None
    assert after["y"] - (rules["y"] + rules["height"]) <= 12, (rules, after)
