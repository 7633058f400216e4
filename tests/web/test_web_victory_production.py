"""Victory's production: build choices name the unit and its cost per step (8.3), and
"Done" with PP left asks first (issue 26, items 15 and 3): what a
city does not spend in its production is lost (8.1), so ending it with PP that could
still raise or mend a block is a question, as ending the move phase with blocks that
could still move is; "Go back" sends nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, button, modal, prompt, reload_and_settle, start_game, victory_to_production


@pytest.mark.rules("8.1", "8.3")
def test_done_with_pp_left_asks_first_and_go_back_keeps_them(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:heuristic"}, seed=3
    )
    view = victory_to_production(page, game_id)
    left = sum(view["board"]["production"].values())
    assert left > 0
    reload_and_settle(page, game_id)  # the page was left behind by the moves made through the API
    expect(prompt(page)).to_contain_text("roduc")
    # a build names its unit and what a step of it costs (8.3), with the right article
    # (issue 26, item 15: it was "Build a AB at …")
    builds = page.locator(".prompt-card .all-choices button[data-verb=build]")
    expect(builds.first).to_be_attached()
    for label in builds.all_text_contents():
        found = re.match(r"^Build (an?) ([A-Z][\w ]+) \(([A-Z+]+), (\d) PP a step\) at ", label)
        assert found, label
        assert found.group(1) == ("an" if found.group(2)[0] in "AEIOU" else "a"), label
    button(page, "done").click()
    dialog = modal(page)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"{left} PP left to spend")
    expect(dialog).to_contain_text(re.compile(r"lost \(8\.1\)"))
    dialog.get_by_role("button", name="Go back").click()
    expect(dialog).to_have_count(0)
    driver = ApiDriver(page)
    after = driver.view(game_id, "blue")
    assert any(a[0] == "build" for a in after["legal"])  # still blue's production, PP kept
    assert sum(after["board"]["production"].values()) == left
    # asked again, and this time yes: production is over for blue
    button(page, "done").click()
    dialog.locator("button.primary").click()
    expect(dialog).to_have_count(0)
    for _ in range(120):
        if not any(a[0] == "build" for a in driver.view(game_id, "blue")["legal"]):
            break
        page.wait_for_timeout(250)
    else:
        raise AssertionError("Done, confirmed, did not end blue's production")
