"""Hitler's Global War, Campaign Game II in the browser: a naval interception (Fleets 7-9;
U-Boat Attack 5; Anti-Submarine Warfare 4). The Axis moves a fleet; the Allied page
offers the interception as a button, asks first with its odds (odds_sea.py: the
interception roll and the fleets' battle, the engine's own functions), and the log
shows the battle's result.

The position is reached as a saved game (POST /api/games with its moves): seed 3's
first 64 moves, the three heuristics playing, until the Axis U-boat Arm sails home in
Spring 1940 within reach of the Home Fleet; the Allies are then the page's seat and the
server's AI plays the Axis and the Soviets.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, modal, prompt, serving_rulesets, the_page_has_settled, until_the_page_is_mine

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-sea", HGW) as address:
        yield address


SEED, PLIES = 3, 64
SEATS = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}


def _saved_game() -> tuple[list[list[Any]], Any]:
    """The moves of the three heuristics until the interception is offered, and the game."""
    state = HGW.new_game(seed=SEED, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(PLIES):
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        moves.append([role, list(action)])
    return moves, state


@pytest.mark.rules("K9.7", "K9.9")
def test_an_interception_is_offered_with_its_odds_and_its_battle_shown(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    moves, state = _saved_game()
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()  # a guest session
    driver = ApiDriver(page)
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS, "seed": SEED, "moves": moves}
    game_id = driver.post("/api/games", body)["id"]
    page.goto(f"/#/game/{game_id}")
    game = until_the_page_is_mine(page, game_id, "allied")
    assert game is not None
    the_page_has_settled(page, game)
    expect(prompt(page)).to_have_text("Allied: intercept U-boat Arm at sea with one of your fleets?")
    intercept = page.locator('.prompt-card .action-buttons button[data-verb="intercept"]')
    expect(intercept).to_have_text("Intercept U-boat Arm at sea with Home Fleet")
    intercept.click()
    # asked first: who fights, and the odds the engine's functions give
    dialog = modal(page)
    expected = odds(battle_at(state, "allied", "1236", ("intercept", "home")) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text(re.compile(r"\d+ U-boat points?"))
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    expect(dialog.locator(".odds-how")).to_contain_text("The interception succeeds")
    dialog.locator("button.primary").click()
    # the battle's result, in the log, once the Allies are to act again
    assert until_the_page_is_mine(page, game_id, "allied") is not None
    lines = page.locator(".log-card .log-lines")
    tried = re.compile(r"Home Fleet tries to intercept U-boat Arm \d+ hexes away: a \d")
    expect(lines).to_contain_text(tried)
    expect(lines).to_contain_text(re.compile(r"A\.S\.W\. battle: Home Fleet .* sinks \d+ points? of U-boats"))
