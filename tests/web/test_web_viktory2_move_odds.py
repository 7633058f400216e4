"""Viktory II: a move into a hex another player holds says, before the move, that it
starts a battle and what its odds are (issue 26, item 18): the hex is lit as a
battle, the selection card gives the battle's odds (12.0, 12.3), and the move asks
first with the sides and the odds of the battle as it stands once the unit is in;
"Not now" moves nothing. The game is advanced through the HTTP API by the heuristic
agents (test_web_clicks.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_clicks import named
from webkit import ApiDriver, advance, modal, target

from grognard.core.game import State
from grognard.games.viktory2 import RULESET as VIKTORY2
from grognard.games.viktory2.engagement import defender_at

SEED = 3


def _move_into_battle(state: State) -> tuple[str, str, Any] | None:
    """(role, hex, move) for a legal move of the active player into a hex another
    player holds, if any."""
    role = state.active_roles()[0]
    for action in state.legal_actions(role):
        if action[0] == "move" and defender_at(state, action[2], role) is not None:  # type: ignore[arg-type]
            return role, str(action[2]), action
    return None


@pytest.mark.rules("12.0", "12.1")
def test_a_move_into_a_held_hex_shows_its_battle_and_odds_first(page: Page) -> None:
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver = ApiDriver(page)
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": SEED}
    )
    state = VIKTORY2.new_game(None, {}, SEED)
    advance(driver, game, state, lambda st: _move_into_battle(st) is not None)
    found = _move_into_battle(state)
    assert found is not None
    role, where, move = found
    mover = str(move[1])
    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".seat-tab.current")).to_have_text(role)
    page.locator(f'.board-svg .counter[data-uids~="{mover}"]').first.click()
    expect(page.locator(".selection-card")).to_contain_text(named(state, mover))
    # lit as a battle, not as a move into an empty hex
    expect(page.locator(f'.board-svg [data-hex="{where}"].target.hl-battle')).to_have_count(1)
    described = VIKTORY2.battle_at(state, role, where, move)
    assert described is not None
    odds = VIKTORY2.odds(described)
    line = page.locator(f'.selection-card .attack-odds li[data-hex="{where}"]', has_text="starts a battle")
    expect(line).to_contain_text(f"{role} wins {round(odds.attacker_wins * 100)}%")
    # the move asks first, with the odds of the battle it starts
    log_lines = page.locator(".log-card .log-lines li").count()
    target(page, where).click(position={"x": 8, "y": 30})
    menu = page.locator(".action-menu[role=menu]")
    if menu.is_visible():  # the hex offers more than the move (an artillery's bombardment)
        menu.locator("button[role=menuitem]", has_text="starts a battle").click()
    dialog = modal(page)
    expect(dialog).to_contain_text(f"Start the battle at {where}?")
    block = dialog.locator(".odds-block")
    expect(block).to_have_attribute("data-win", f"{odds.attacker_wins:.4f}")
    dialog.get_by_role("button", name="Not now").click()
    expect(dialog).to_have_count(0)
    expect(page.locator(".log-card .log-lines li")).to_have_count(log_lines)
    assert driver.get(f"/api/games/{game['id']}")["version"] == game["version"]  # nothing was sent
