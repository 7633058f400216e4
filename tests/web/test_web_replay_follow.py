"""The replay's action list keeps the current action in view (issue 26, item 17): at
every step the highlighted line is inside the list's scrolling box. (The scroll was
worked out from the line's offset parent, not the box, and left the line about ten
lines out of view.)"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from webkit import ApiDriver, start_game

#: the deployment (1.4) of both sides, about 42 actions: a list taller than its box
PLIES = 30


def _inside(page: Page) -> tuple[bool, dict[str, float]]:
    """Whether the current line is wholly inside the list's scrolling box."""
    boxes = page.evaluate(
        """() => {
            const li = document.querySelector('.action-list li.current').getBoundingClientRect();
            const box = document.querySelector('.list-box').getBoundingClientRect();
            return {top: li.top, bottom: li.bottom, boxTop: box.top, boxBottom: box.bottom};
        }"""
    )
    return boxes["top"] >= boxes["boxTop"] - 0.5 and boxes["bottom"] <= boxes["boxBottom"] + 0.5, boxes


def test_the_action_list_follows_every_step(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=4
    )
    driver = ApiDriver(page)
    for i in range(400):
        game = driver.get(f"/api/games/{game_id}")
        deploys = [a for a in game["views"]["blue"]["legal"] if a[0] == "deploy"]
        if game["plies"] >= PLIES and not deploys:
            break
        if deploys and "blue" in game["active"]:
            body = {
                "seat": "blue",
                "action": deploys[(i * 7) % len(deploys)],
                "expected_version": game["version"],
            }
            driver.post_unless_stale(f"/api/games/{game_id}/actions", body)
        else:
            page.wait_for_timeout(250)
    else:
        raise AssertionError("the deployment did not end")
    # the list is a finished game's: blue resigns
    for _ in range(5):
        game = driver.get(f"/api/games/{game_id}")
        body = {"seat": "blue", "expected_version": game["version"]}
        if driver.post_unless_stale(f"/api/games/{game_id}/resign", body):
            break
    page.goto(f"/#/replay/{game_id}")
    counter = page.locator(".step-counter")
    expect(counter).to_have_text(re.compile(r"Step 0 / \d+"))
    steps = int(counter.inner_text().split("/")[1])
    assert steps >= PLIES
    box = page.locator(".list-box")
    assert box.evaluate("(b) => b.scrollHeight > b.clientHeight + 100"), (
        "the list fits its box: nothing to follow"
    )
    following = page.get_by_role("button", name="Next step")
    current = page.locator(".action-list li.current")
    for step in range(1, steps + 1):
        following.click()
        expect(current).to_have_attribute("data-step", str(step))
        inside, boxes = _inside(page)
        assert inside, f"step {step}: the current line is out of the list's view {boxes}"
    # and from the start to the end at once
    page.get_by_role("button", name="First step").click()
    page.get_by_role("button", name="Last step").click()
    expect(current).to_have_attribute("data-step", str(steps))
    assert _inside(page)[0]
