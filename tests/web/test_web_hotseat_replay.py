"""The hot-seat curtain for a game with secrets, a game played to its end, and its
replay stepped through."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from webkit import REPLAY_URL, button, end_phase, prompt, shot, start_game, target, until_alone_to_act

SEED = 30


def _pick(page: Page, role: str, number: int) -> None:
    """Hand the screen to `role` (the curtain must ask for it), then pick."""
    curtain = page.locator(".curtain")
    expect(curtain).to_be_visible()
    expect(curtain.locator("h2")).to_have_text(f"Pass the screen to {role}")
    # nothing of the next seat's view is on the page while the curtain is down
    expect(page.locator(".data-board")).not_to_contain_text("card:")
    expect(page.locator(".log-card .log-lines li")).to_have_count(0)
    curtain.locator("button").click()
    expect(curtain).to_be_hidden()
    expect(page.locator(".seat-tab.current")).to_have_text(role)
    expect(page.locator(".data-board")).to_contain_text("card:")
    expect(prompt(page)).to_contain_text("Pick 1, 2 or 3")
    page.locator(f".action-buttons button[data-action='[\"pick\",{number}]']").click()


def test_hot_seat_with_secrets_passes_the_screen(moving_page: Page) -> None:
    """The tiny test ruleset deals each seat a secret card: its seats' views differ,
    so every change of seat on one screen goes through the curtain. The generic board
    (no board module for this ruleset) still offers every legal action as a button."""
    page = moving_page  # the dice's tumble is checked: the animations as most players see them
    start_game(
        page,
        ruleset="tiny",
        scenario="sprint",
        seats={"north": "me", "east": "hotseat", "south": "hotseat"},
        seed=3,
    )
    expect(page.locator(".seat-tabs .seat-tab")).to_have_count(3)
    expect(page.locator(".curtain")).to_be_visible()
    shot(page, "hotseat-curtain")
    _pick(page, "north", 3)
    _pick(page, "east", 1)
    _pick(page, "south", 1)
    # north picked highest: it rolls; the screen goes back to north, through the curtain
    curtain = page.locator(".curtain")
    expect(curtain.locator("h2")).to_have_text("Pass the screen to north")
    curtain.locator("button").click()
    button(page, "roll").click()
    expect(page.locator(".log-card .log-lines li.dice").last).to_contain_text("north rolls")
    expect(page.locator(".log-card .log-lines li.dice .die")).to_have_count(1)
    # a die that just fell tumbles in
    expect(page.locator(".log-card .log-lines li.dice.fresh .die")).to_have_css("animation-name", "tumble")


def test_a_short_game_to_the_end_and_its_replay(page: Page) -> None:
    game_id = start_game(
        page, seats={"red": "me", "yellow": "ai:random"}, options={"turn_limit": 1}, seed=SEED
    )
    target(page, "1,-1").click()
    until_alone_to_act(page, game_id, "red")  # the AI places its capital
    button(page, "skip_build").click()
    end_phase(page, "end_moves")
    end_phase(page, "end_turn")
    # yellow (the AI) plays its turn; one round is the whole game
    until_alone_to_act(page, game_id, "red", or_finished=True)
    banner = page.locator(".banner")
    expect(banner).to_be_visible()
    verdict = re.compile(r"You win!|You lose|You share the win|A draw")
    expect(banner.locator(".banner-title")).to_have_text(verdict)
    expect(page.locator(".player.to-move")).to_have_count(0)
    # the final screen names the winner and the reason, labels the scores and plots
    # the game over time, from its replay (a line per player in each chart)
    expect(banner.locator(".banner-winner")).to_contain_text(re.compile(r"Winners?: |No winner"))
    # the reason is the rules' own: here the turn limit of one round
    expect(banner.locator(".banner-reason")).to_contain_text("Reason: turn limit of 1")
    # the prompt card gives the same reason, not the server's bare "(the game is over)"
    expect(prompt(page)).to_contain_text(". Turn limit of 1")
    expect(prompt(page)).not_to_contain_text("the game is over")
    expect(page.locator(".turn-line")).to_contain_text("Round 1 of 1 · game over")
    expect(banner.locator(".final-score")).to_contain_text("Final empire points:")
    charts = banner.locator(".game-charts .chart")
    expect(charts).to_have_count(3)
    expect(charts.first.locator("polyline")).to_have_count(2)
    expect(banner.locator(".game-charts figcaption").first).to_contain_text("Empire points")
    shot(page, "game-over")

    banner.get_by_role("link", name="Watch the replay").click()
    page.wait_for_url(REPLAY_URL)
    counter = page.locator(".step-counter")
    expect(counter).to_have_text(re.compile(r"Step 0 / \d+"))
    steps = int(counter.inner_text().split("/")[1])
    assert steps >= 6
    expect(page.locator(".replay-action")).to_contain_text("start of the game")
    # face-down tiles at the start: the starting hexes only are revealed
    assert page.locator('.board-svg .hex[data-terrain="unknown"]').count() > 0

    page.get_by_role("button", name="Next step").click()
    expect(counter).to_have_text(f"Step 1 / {steps}")
    expect(page.locator(".replay-action")).to_contain_text("capital at 1,-1")
    expect(page.locator('.board-svg [data-hex="1,-1"] .town[data-owner="red"]')).to_be_visible()
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", "1")

    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Step 2 / {steps}")
    page.get_by_role("button", name="Previous step").click()
    expect(counter).to_have_text(f"Step 1 / {steps}")

    page.get_by_label("Seen by").select_option("yellow")
    expect(counter).to_have_text(f"Step 1 / {steps}")
    page.get_by_role("button", name="Last step").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}")
    expect(page.locator(".replay-page .prompt")).to_contain_text(re.compile(r"wins|draw|share", re.I))
    assert "seat=yellow" in page.url

    # turn jumps: back to the start of the last turn, then to the one before; the
    # starts are the steps after each end_turn of the replay's actions
    game_id = REPLAY_URL.match(page.url)
    assert game_id is not None
    actions = page.context.request.get(f"/api/games/{game_id.group(1)}/replay").json()["actions"]
    starts = [0] + [i + 1 for i, (_, action) in enumerate(actions) if action[0] == "end_turn"]
    earlier = sorted({s for s in starts if s < steps}, reverse=True)
    page.get_by_role("button", name="Back to the start of this turn, or the one before").click()
    expect(counter).to_have_text(f"Step {earlier[0]} / {steps}")
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", str(earlier[0]))
    page.keyboard.press("PageUp")
    expect(counter).to_have_text(f"Step {earlier[1]} / {steps}")
    page.keyboard.press("PageDown")
    expect(counter).to_have_text(f"Step {earlier[0]} / {steps}")
    # a faster speed while playing: it keeps playing
    page.get_by_label("Play speed").select_option("4")
    page.get_by_role("button", name="Play").click()
    page.get_by_label("Play speed").select_option("2")
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(counter).to_have_text(f"Step {steps} / {steps}", timeout=30_000)
