"""The replay of a finished Virtuti game (issue 9, section 3: the action list follows
the step, play speed, jumps to the previous or next turn), as Viktory II's is tested in
test_web_hotseat_replay.py: the same page, through Virtuti's board module."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from webkit import ApiDriver, play_until, start_game


def _finish(page: Page, game_id: str) -> None:
    """The Axis plays its first choices (or "done") through the API to the game's end."""
    play_until(page, game_id, "axis", lambda game: bool(game["status"] == "finished"))


def test_a_finished_virtuti_games_replay_steps_and_jumps(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        options={"turns": 1},
        seed=5,
    )
    driver = ApiDriver(page)
    _finish(page, game_id)
    actions = driver.get(f"/api/games/{game_id}/replay")["actions"]
    page.goto(f"/#/replay/{game_id}")
    counter = page.locator(".step-counter")
    expect(counter).to_have_text(re.compile(r"Step 0 / \d+"))
    steps = int(counter.inner_text().split("/")[1])
    assert steps == len(actions) >= 4
    page.get_by_role("button", name="Next step").click()
    expect(counter).to_have_text(f"Step 1 / {steps}")
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", "1")
    page.get_by_role("button", name="Last step").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}")
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", str(steps))
    expect(page.locator(".vm-area")).not_to_have_count(0)  # Virtuti's own board draws the step
    # back to the start of this turn: the step after the last of Virtuti's turn-ending
    # actions ("done") before the end
    starts = [0] + [i + 1 for i, (_, action) in enumerate(actions) if action[0] == "done"]
    earlier = sorted({s for s in starts if s < steps}, reverse=True)
    page.get_by_role("button", name="Back to the start of this turn, or the one before").click()
    expect(counter).to_have_text(f"Step {earlier[0]} / {steps}")
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", str(earlier[0]))
    # a faster speed while playing: it plays to the end
    page.get_by_label("Play speed").select_option("4")
    page.get_by_role("button", name="Play").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}", timeout=30_000)
