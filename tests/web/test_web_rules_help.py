"""In-game rules help and "why can't I?" in the browser (issue 9, section 5): the
prompt lists the rules of the step being played with our summaries, and a click the
rules do not allow says which rule stands in the way."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from webkit import axe_problems, button, counter, hex_at, prompt, shot, start_game, target, until_alone_to_act

#: With this seed red plays first, builds its capital at 1,-1 (3,-3 next to it is
#: water, 3,0 is plains) and gets red-i1 there (test_web_play.py).
SEED = 30


def test_the_prompt_names_its_rules_and_illegal_clicks_cite_theirs(page: Page) -> None:
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:heuristic"}, seed=SEED)
    help_ = page.locator(".prompt-card .rules-help")
    expect(prompt(page)).to_contain_text("capital")
    expect(help_.locator("summary")).to_have_text("Rules for this step: 4.0, 3.3, 7.3")
    help_.locator("summary").click()
    expect(help_.locator('li[data-rule="4.0"]')).to_contain_text("Starting the game")
    expect(help_.locator('li[data-rule="7.3"]')).to_be_visible()
    assert axe_problems(page) == []

    target(page, "1,-1").click()
    until_alone_to_act(page, game_id, "red")  # the AI's turn, as long as it takes
    expect(prompt(page)).to_contain_text("Build a town")
    expect(help_.locator("summary")).to_contain_text("7.2")
    expect(help_.locator('li[data-rule="7.21"]')).to_contain_text("two or three hexes")

    button(page, "skip_build").click()
    expect(prompt(page)).to_contain_text("move a unit")
    expect(help_.locator("summary")).to_contain_text("9.0")
    counter(page, "red-i1").click()
    expect(page.locator(".selection-card")).to_contain_text("Red infantry at 1,-1")  # not its id
    hint = page.locator(".prompt-card .click-hint")
    # water: land units cross it only aboard a frigate
    hex_at(page, "3,-3").click()
    expect(hint).to_contain_text("cannot enter water")
    expect(hint).to_contain_text("9.4")
    # too far for an infantry's two movement points (the click above let it go)
    counter(page, "red-i1").click()
    expect(page.locator(".selection-card")).to_contain_text("Red infantry at 1,-1")  # not its id
    hex_at(page, "3,0").click()
    expect(hint).to_contain_text(
        "3,0 is 3 hexes from your infantry at 1,-1, which has 2 movement points left (9.11)"
    )
    # "why can't I?" from the ruleset (GET /why, Ruleset.explain_illegal): 2,0 is within
    # two hexes, but water (1,0 and 2,-1) lies between; the page alone could only guess
    counter(page, "red-i1").click()
    expect(page.locator(".selection-card")).to_contain_text("Red infantry at 1,-1")  # not its id
    hex_at(page, "2,0").click()
    expect(hint).to_have_attribute("data-source", "server")
    expect(hint).to_have_text(
        "No way of 2 hexes takes your infantry at 1,-1 to 2,0: water (9.1), forest and mountain that stop it"
        " (9.12) or enemy hexes (9.0) are in the way; roads (9.13) join only your towns 2 or 3 hexes apart."
    )
    shot(page, "rules-help")


def test_the_same_help_serves_another_ruleset(page: Page) -> None:
    """Nothing per game in the page: Victory's help file is keyed on its phase."""
    start_game(page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"})
    help_ = page.locator(".prompt-card .rules-help")
    expect(prompt(page)).to_contain_text("Deploy")
    expect(help_.locator("summary")).to_have_text("Rules for this step: 1.4, 5.2")
    help_.locator("summary").click()
    expect(help_.locator('li[data-rule="1.4"]')).to_contain_text("at least two in every city")
