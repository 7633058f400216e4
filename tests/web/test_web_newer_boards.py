"""Issue 9 on the newer boards (Victory and Virtuti Militari; HGW's are in
test_web_hgw.py): the phone layout, the keyboard, and the game-over screen with its
plots, all through the view conventions and the board modules' hooks."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    assert_first_screen,
    axe_problems,
    board_scale,
    expect_board_covers_its_box,
    modal,
    prompt,
    shot,
    start_game,
    until_alone_to_act,
)

GAMES = {
    "victory": {"scenario": "quick-start", "seats": {"blue": "me", "red": "ai:random"}},
    "virtuti": {"scenario": None, "seats": {"axis": "me", "allies": "ai:random"}},
}
#: The game-over plots each module draws (chartSeries), in order.
CHARTS = {
    "victory": ["PP held", "Cities held", "Blocks on the map"],
    "virtuti": ["Victory points", "Units on the map", "Production points"],
}


def _start(page: Page, ruleset: str) -> str:
    """The game started from the lobby, shown once the AI's simultaneous first steps
    (deployment, card plays) are done: the board is measured and clicked."""
    game = GAMES[ruleset]
    game_id = start_game(page, ruleset=ruleset, scenario=game["scenario"], seats=game["seats"], seed=5)
    me = next(role for role, seat in game["seats"].items() if seat == "me")
    until_alone_to_act(page, game_id, me, reload=True)
    return game_id


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_a_phone_fills_the_board_and_shows_the_prompt(profiles: Any, ruleset: str) -> None:
    page = profiles.new_page(390, 844, touch=True)
    _start(page, ruleset)
    expect(prompt(page)).to_be_visible()
    board = page.locator(".board-svg")
    expect(board.locator("[data-hex], [data-area]").first).to_be_attached()
    # the prompt on the first screen, no sideways scrolling
    assert_first_screen(page, prompt(page), 844)
    # no empty band: the map covers its whole box (a wide map fitted inside a phone's
    # box left bands above and below it, and counters too small to tap)
    expect_board_covers_its_box(page)
    # "Fit the board" still shows the whole map
    page.get_by_role("button", name="Fit the board").tap()
    expect_board_covers_its_box(page, covers=False)
    # 44 px touch targets: the tray's blocks (Victory's deployment) or the buttons
    target = page.locator(".tray .tray-unit, .prompt-card .action-buttons button").first
    expect(target).to_be_visible()
    height = target.bounding_box()
    assert height is not None and height["height"] >= 44
    shot(page, f"{ruleset}-phone")
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)


def test_victory_by_keyboard_deploy_zoom_and_undo(page: Page) -> None:
    _start(page, "victory")
    expect(prompt(page)).to_contain_text("Deploy")
    # a block of the tray, then a lit city, each focused and Enter: no mouse
    block = page.locator(".tray .tray-unit").first
    uid = block.get_attribute("data-uid")
    block.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".selection-card")).to_contain_text(uid or "?")
    lit = page.locator(".board-svg .hex.target").first
    where = lit.get_attribute("data-hex")
    lit.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f'.board-svg [data-stack="{where}"] .counter[data-uid="{uid}"]')).to_be_visible()
    # u undoes it: the block is back in the tray
    page.locator(".board-svg").focus()
    page.keyboard.press("u")
    expect(page.locator(f'.tray .tray-unit[data-uid="{uid}"]')).to_be_visible()
    # + and - zoom the focused board
    before = board_scale(page)
    page.keyboard.press("+")
    assert board_scale(page) > before
    page.keyboard.press("-")
    page.keyboard.press("-")
    assert board_scale(page) < before


def test_virtuti_by_keyboard_a_secret_card_and_zoom(page: Page) -> None:
    _start(page, "virtuti")
    expect(prompt(page)).to_contain_text("pick in secret a card")
    cards = page.locator('.prompt-card .action-buttons button[data-verb="card"]')
    # the card names come with the board data: wait for them before focusing one
    expect(cards.first).to_contain_text("Blitzkrieg")
    cards.first.focus()
    page.keyboard.press("Enter")
    # chosen in secret: the next pick (for air support) once the AI has chosen too
    expect(prompt(page)).to_contain_text(re.compile(r"for air support|waiting for the other player"))
    page.locator(".board-svg").focus()
    before = board_scale(page)
    page.keyboard.press("=")
    assert board_scale(page) > before


#: The status panel's score label and the legend's count of items, per board module.
STATUS = {"victory": ("PP held", 18), "virtuti": ("VP", 14)}  # Virtuti: four supply kinds, countries


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_status_panel_and_legend(page: Page, ruleset: str) -> None:
    _start(page, ruleset)
    expect(prompt(page)).to_be_visible()
    label, items = STATUS[ruleset]
    for role in GAMES[ruleset]["seats"]:
        row = page.locator(f'.status-panel .status-row[data-role="{role}"]')
        expect(row).to_be_visible()
        expect(row.locator(".status-score")).to_contain_text(f"{label}:")
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    expect(legend.locator(".legend-items li")).to_have_count(items)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_game_over_names_the_winner_and_plots_the_game(page: Page, ruleset: str) -> None:
    _start(page, ruleset)
    expect(prompt(page)).to_be_visible()
    me = next(role for role, seat in GAMES[ruleset]["seats"].items() if seat == "me")
    page.get_by_role("button", name=f"Resign {me}").click()
    modal(page).get_by_role("button", name=f"Resign {me}").click()
    banner = page.locator(".banner")
    # "allies win", "red wins": the verb agrees with the side's name
    winner = "allies win" if ruleset == "virtuti" else "red wins"
    expect(banner.locator(".banner-title")).to_have_text(f"You lose — {winner}")
    expect(banner.locator(".banner-winner")).to_contain_text("Winner")
    expect(banner.locator(".banner-reason")).to_contain_text("Reason:")
    # the score labelled as the status panel labels it ("VP", not "vp")
    expect(banner.locator(".final-score")).to_contain_text(f"Final {STATUS[ruleset][0]}:")
    charts = banner.locator(".game-charts .chart")
    expect(charts).to_have_count(len(CHARTS[ruleset]))
    captions = banner.locator(".game-charts figcaption")
    for i, title in enumerate(CHARTS[ruleset]):
        expect(captions.nth(i)).to_contain_text(title)
        expect(charts.nth(i).locator("polyline")).to_have_count(2)
    shot(page, f"{ruleset}-game-over")
