"""A new player's whole game of Viktory II against the AI (issue 9, "Done when"), on a
phone (touch, 390x844) and on a desktop: only what the page shows is used (lit hexes,
ringed counters, buttons, the questions it asks), and every question and hint met on
the way is noted. The game (a turn limit of two rounds) must reach its game-over
screen, with no JavaScript error and no dead end."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from webkit import modal, prompt, start_game, until_the_page_is_mine

#: Actions a new player's game takes at most (two rounds take about 40 of red's).
MOST = 300


def _visible(loc: Locator) -> Locator | None:
    for i in range(loc.count()):
        if loc.nth(i).is_visible():
            return loc.nth(i)
    return None


def _play(page: Page, game_id: str, touch: bool, notes: list[str]) -> None:
    """Red's side of the game by the page alone. The page is read only once red alone
    is to act and it has drawn that position (until_the_page_is_mine): read while the
    AI plays or a move is on its way, a button counted a moment ago may be gone when
    it is pressed, and the next one comes only after the AI's turn."""

    def press(loc: Locator) -> None:
        loc.tap() if touch else loc.click()

    moved = 0
    for _ in range(MOST):
        if until_the_page_is_mine(page, game_id, "red") is None:
            return
        dialog = _visible(modal(page))
        if dialog is not None:
            notes.append(f"asked: {dialog.inner_text().splitlines()[0]}")
            press(dialog.locator("button.primary"))
            continue
        menu = _visible(page.locator(".action-menu"))
        if menu is not None:
            press(menu.locator("button.action").first)
            continue
        buttons = page.locator(".prompt-card .action-buttons button")
        targets = page.locator(".board-svg .hex.target")
        ringed = page.locator(".board-svg .counter.selectable:not(.selected), .tray .tray-unit")
        text = prompt(page).inner_text()
        if "move a unit" in text and moved < 2 and ringed.count():
            # move one unit one hex, twice a turn: select it, tap a lit hex
            press(ringed.first)
            lit = _visible(targets)
            if lit is None:
                card = page.locator(".selection-card")
                notes.append(f"no lit hex after selecting: {card.inner_text() if card.count() else '-'}")
                page.keyboard.press("Escape")
                moved = 2
                continue
            press(lit)
            moved += 1
            continue
        lit = _visible(targets)
        if lit is not None and "move a unit" not in text:
            press(lit)  # a capital, a town, a battle to fight, a retreat
            continue
        if ringed.count() and not buttons.count():
            press(ringed.first)  # a reserve unit to place
            continue
        verbs = buttons.evaluate_all("(all) => all.map((b) => [b.dataset.verb, b.textContent])")
        if not verbs:
            raise AssertionError(f"a dead end: red is to act, the page offers nothing; prompt {text!r}")
        # a battle to fight first, else the step's ending, else the first choice
        order = [i for i, (_, label) in enumerate(verbs) if label.lstrip("⚔ ").startswith("Fight")]
        order += [i for i, (verb, _) in enumerate(verbs) if str(verb).startswith("end")] + [0]
        if str(verbs[order[0]][0]).startswith("end"):
            moved = 0
        press(buttons.nth(order[0]))
    raise AssertionError(f"no game over after {MOST} steps; last prompt: {prompt(page).inner_text()!r}")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_new_player_finishes_a_game_against_the_ai(profiles: Any, screen: str) -> None:
    page = profiles.new_page(390, 844, touch=True) if screen == "phone" else profiles.new_page(1366, 820)
    game_id = start_game(
        page, seats={"red": "me", "yellow": "ai:heuristic"}, options={"turn_limit": 2}, seed=11
    )
    expect(prompt(page)).to_contain_text("capital")
    notes: list[str] = []
    _play(page, game_id, screen == "phone", notes)
    banner = page.locator(".banner")
    expect(banner.locator(".banner-title")).to_have_text(re.compile(r"You win!|You lose|You share|A draw"))
    expect(banner.locator(".banner-reason")).to_contain_text("turn limit of 2")
    expect(banner.locator(".game-charts .chart")).to_have_count(3)
    # the questions asked on the way were the obligations' ("can still act") only
    assert all("end" in n.lower() or "battle" in n.lower() for n in notes if n.startswith("asked")), notes
    print(f"\n{screen}: {len(notes)} notes", *notes, sep="\n  ")
