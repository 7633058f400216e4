"""The new-game form offers the AI difficulty levels with readable labels (in the
order of their measured strength: test_web_ladder.py), and a game against the
quick search level is played in the browser."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from webkit import prompt, start_game, target

#: With this seed red plays first and may build its capital at 1,-1 (test_web_play).
SEED = 30


def test_the_seat_select_offers_every_difficulty_level_with_its_label(page: Page) -> None:
    page.goto("/")
    form = page.locator("form.new-game")
    form.locator("select[name=ruleset]").select_option("viktory2")
    seat = form.locator("select[name=seat-yellow]")
    ai = seat.locator("option[value^='ai:']")
    expect(ai).to_have_count(4)
    # in the order of their measured strength (test_web_ladder.py)
    assert sorted(ai.nth(i).get_attribute("value") or "" for i in range(4)) == [
        "ai:heuristic",
        "ai:random",
        "ai:search-fast",
        "ai:search-strong",
    ]
    expect(seat.locator("option[value='ai:heuristic']")).to_contain_text("at once")
    expect(seat.locator("option[value='ai:search-strong']")).to_contain_text("1 s a move")
    expect(seat.locator("option[value='ai:search-fast']")).to_contain_text("1/4 s a move")
    expect(seat.locator("option[value='ai:random']")).to_contain_text("weakest")
    # the default AI stays the heuristic, which answers at once
    expect(seat).to_have_value("ai:heuristic")


def test_a_game_against_the_quick_search_level_goes_on_after_its_move(page: Page) -> None:
    start_game(page, seats={"red": "me", "yellow": "ai:search-fast"}, seed=SEED)
    expect(prompt(page)).to_contain_text("capital")
    target(page, "1,-1").click()
    # the search seat places yellow's capital, then it is red's turn again
    expect(page.locator('.board-svg .hex:has(.town[data-owner="yellow"])')).to_have_count(1, timeout=30_000)
    expect(prompt(page)).to_contain_text("Build a town", timeout=30_000)
