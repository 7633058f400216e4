"""Stepping through the other players' moves on the board (issue 9, section 3): from
the board as this seat left it, one action at a time, with its log lines and the
hexes they name outlined, then back to the game as it is now."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from webkit import ApiDriver, hex_at, prompt, shot, start_game, target, until_alone_to_act

#: With this seed red plays first and may build its capital at 1,-1 (test_web_play.py).
SEED = 30


def test_step_through_the_ai_turn_and_come_back(page: Page) -> None:
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:heuristic"}, seed=SEED)
    target(page, "1,-1").click()
    until_alone_to_act(page, game_id, "red")  # the AI's turn, as long as it takes
    expect(prompt(page)).to_contain_text("Build a town")  # the AI has placed its capital
    yellow_town = page.locator('.board-svg .town[data-owner="yellow"]')
    expect(yellow_town).to_have_count(1)
    game = ApiDriver(page).get(f"/api/games/{game_id}")
    since_red = game["plies"] - game["last_acted"]["red"]
    assert since_red >= 1

    since = page.locator(".since-card")
    since.locator("summary").click()
    since.get_by_role("button", name="Step through on the board").click()
    stepper = page.locator(".stepper")
    expect(stepper).to_be_visible()
    plural = "" if since_red == 1 else "s"
    expect(stepper.locator(".stepper-counter")).to_have_text(
        f"The board as you left it · {since_red} action{plural} since"
    )
    # the board is back where red left it: no yellow capital yet, nothing to click
    expect(yellow_town).to_have_count(0)
    expect(page.locator(".board-svg .hex.target")).to_have_count(0)
    expect(stepper.get_by_role("button", name="Previous")).to_be_disabled()
    # a click on the board says why nothing happens
    hex_at(page, "1,-1").click()
    expect(page.locator(".prompt-card .click-hint")).to_contain_text("press Done")

    seen: list[str] = []
    for step in range(1, since_red + 1):
        stepper.get_by_role("button", name="Next").click()
        expect(stepper.locator(".stepper-counter")).to_have_text(f"Action {step} of {since_red}")
        seen += stepper.locator(".stepper-lines li").all_inner_texts()
    expect(stepper.get_by_role("button", name="Next")).to_be_disabled()
    built = next(line for line in seen if "yellow builds its capital at" in line)
    capital = re.search(r"-?\d+,-?\d+", built)
    assert capital is not None
    expect(yellow_town).to_have_count(1)
    shot(page, "step-through")
    # the hexes of the last action's lines are outlined (the log names them)
    last_lines = " ".join(stepper.locator(".stepper-lines li").all_inner_texts())
    for hex_id in re.findall(r"-?\d+,-?\d+", last_lines):
        expect(hex_at(page, hex_id)).to_have_class(re.compile(r"\brecent\b"))

    # back to the start with the keyboard, then Done: the game as it is now
    stepper.get_by_role("button", name="Start").click()
    expect(yellow_town).to_have_count(0)
    stepper.get_by_role("button", name="Next").focus()
    page.keyboard.press("ArrowRight")
    expect(stepper.locator(".stepper-counter")).to_have_text(f"Action 1 of {since_red}")
    stepper.get_by_role("button", name="Done").click()
    expect(stepper).to_be_hidden()
    expect(yellow_town).to_have_count(1)
    expect(page.locator(".board-svg .hex.target").first).to_be_visible()
    expect(prompt(page)).to_contain_text("Build a town")
