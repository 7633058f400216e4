"""The new-game form's time control in the browser (issue 9, section 4): days per
move and what happens on expiry reach the server, and the game page shows the
deadline of the seat to move."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from playwright.sync_api import expect
from webkit import GAME_URL, ApiDriver


def test_the_time_control_form_creates_a_game_with_its_clock(profiles: Any) -> None:
    page = profiles.new_page()
    page.goto("/")
    form = page.locator("form.new-game")
    expect(form.locator("button[type=submit]")).to_be_visible()
    form.locator("select[name=ruleset]").select_option("viktory2")
    clock, expiry = form.locator("select[name=move-days]"), form.locator("select[name=on-expiry]")
    # no clock by default, and nothing to choose about an expiry that cannot happen
    expect(clock).to_have_value("")
    expect(expiry).to_be_disabled()
    clock.select_option("3")
    expect(expiry).to_be_enabled()
    expiry.select_option("forfeit")
    form.locator("select[name='seat-red']").select_option("me")
    form.locator("select[name='seat-yellow']").select_option("hotseat")  # both seats mine
    before = datetime.now(UTC)
    form.locator("button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    game_id = page.url.rsplit("/", 1)[-1]

    game = ApiDriver(page).get(f"/api/games/{game_id}")
    assert game["time_control"] == {"move_days": 3, "on_expiry": "forfeit"}
    [first] = game["active"]
    assert list(game["deadlines"]) == [first]
    due = datetime.fromisoformat(game["deadlines"][first])
    assert before + timedelta(days=3) - timedelta(minutes=5) <= due <= datetime.now(UTC) + timedelta(days=3)
    expect(page.locator(".prompt-card .deadline")).to_contain_text("Your move is due by")

    # the lobby's list of your games says when your move is due
    page.goto("/")
    row = page.locator(f'.game-row[data-game="{game_id}"]')
    expect(row.locator(".state.your-turn")).to_have_text("your turn")
    expect(row.locator(".state.deadline")).to_have_text(re.compile(r"^move due in (2 days|3 days)$"))


def test_no_clock_sends_no_time_control(profiles: Any) -> None:
    page = profiles.new_page()
    page.goto("/")
    form = page.locator("form.new-game")
    expect(form.locator("button[type=submit]")).to_be_visible()
    form.locator("select[name=ruleset]").select_option("viktory2")
    clock = form.locator("select[name=move-days]")
    clock.select_option("7")
    clock.select_option("")  # changed one's mind: the expiry choice is off again
    expect(form.locator("select[name=on-expiry]")).to_be_disabled()
    form.locator("select[name='seat-red']").select_option("me")
    form.locator("select[name='seat-yellow']").select_option("ai:random")
    form.locator("button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    game = ApiDriver(page).get(f"/api/games/{page.url.rsplit('/', 1)[-1]}")
    assert game["time_control"] is None and "deadlines" not in game
    expect(page.locator(".prompt-card .deadline")).to_be_hidden()
    page.goto("/")
    row = page.locator(f'.game-row[data-game="{game["id"]}"]')
    expect(row).to_be_visible()
    expect(row.locator(".state.deadline")).to_have_count(0)
