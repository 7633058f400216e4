"""A board at rest paints nothing. The lit hexes' edges marched for ever: an SVG stroke
animation is painted by the page's main thread every frame, and on Victory's three-map
board (neutral-ground) 10 lit hexes kept it busy 7.6 s of 10 idle seconds on the loaded
test machine, none once they stood still (the new-player sessions of issue 26, which
took six minutes there). A lit edge now marches three times to draw the eye, then stands
still; only the spinner, shown while another seat thinks, turns on."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from webkit import start_game, until_alone_to_act

#: The page's running animations that never end (CSS animations named, others by id).
ENDLESS = """() => document.getAnimations()
    .filter((a) => a.effect.getComputedTiming().iterations === Infinity)
    .map((a) => a.animationName || a.id)"""

#: Selectors of the page's style rules (media rules included) that animate for ever.
ENDLESS_RULES = """() => {
    const found = [];
    const walk = (rules) => {
        for (const rule of rules) {
            if (rule.cssRules) walk(rule.cssRules);
            const count = rule.style ? rule.style.animationIterationCount : '';
            if (count.includes('infinite')) found.push(rule.selectorText);
        }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules);
    return found;
}"""


def test_lit_hexes_mark_the_way_then_stand_still(moving_page: Page) -> None:
    page = moving_page
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:random"}, seed=30)
    until_alone_to_act(page, game_id, "red")  # red places its capital: hexes are lit
    edge = page.locator(".board-svg .hex.target .hl-edge").first
    expect(edge).to_be_visible()
    expect(edge).to_have_css("animation-name", "march")
    expect(edge).to_have_css("animation-iteration-count", "3")
    assert page.evaluate(ENDLESS) == []
    # nor any other rule: a battle hex's glow ends too; the spinner alone turns (hidden at rest)
    assert page.evaluate(ENDLESS_RULES) == [".spinner"]


def test_a_player_who_asks_for_less_motion_sees_lit_hexes_still(page: Page) -> None:
    """`prefers-reduced-motion: reduce` (the browser tests' `page`): the lit edges and
    the dice do not move at all."""
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:random"}, seed=30)
    until_alone_to_act(page, game_id, "red")
    edge = page.locator(".board-svg .hex.target .hl-edge").first
    expect(edge).to_be_visible()
    expect(edge).to_have_css("animation-name", "none")
