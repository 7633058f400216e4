"""A new player against the AI on the newer boards (issue 9, "Done when"), by what the
page shows only: lit places, ringed counters, buttons and the questions it asks. A
Virtuti game of one turn is played to its game-over screen, and a whole Barbarossa
game turn of Hitler's Global War (the Axis turn by clicks, the Soviet AI's reply) until
the Axis redeploys again; on a desktop and on a phone, with no JavaScript error."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from webkit import modal, prompt, serving_rulesets, start_game, until_the_page_is_mine

#: Steps a game takes at most (a step: one tap, or a wait for the AI).
MOST = 500
#: Verbs of the buttons that move the game on (the ending of a step, a secret choice done).
ONWARD = re.compile(r"^(end|done|go|skip|to_|no_)")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW
    from grognard.games.virtuti import RULESET as VIRTUTI

    with serving_rulesets(tmp_path_factory, "web-new-player-newer", HGW, VIRTUTI) as address:
        yield address


def _visible(loc: Locator) -> Locator | None:
    for i in range(min(loc.count(), 40)):
        if loc.nth(i).is_visible():
            return loc.nth(i)
    return None


def _play(
    page: Page, game_id: str, seat: str, touch: bool, notes: list[str], done: Callable[[], bool]
) -> None:
    """`seat`'s side by the page alone, until `done()` or the game is over. The page is
    read only once `seat` alone is to act and it has drawn that position
    (until_the_page_is_mine): read while the AI plays or a move is on its way, what
    was found a moment ago may be redrawn or gone when it is tapped."""

    def press(loc: Locator, edge: bool = False) -> None:
        # a lit hex is tapped by its top edge, beside the counters standing in it (a tap on
        # a counter of one's own selects that army, as on every board); forced, as a
        # player's tap lands on whatever is on top there
        box = loc.bounding_box() if edge else None
        where = {"position": {"x": box["width"] / 2, "y": box["height"] * 0.12}} if box else {}
        if touch:
            loc.tap(force=True, **where)
        else:
            loc.click(force=True, **where)

    tried: dict[str, int] = {}
    for _ in range(MOST):
        if until_the_page_is_mine(page, game_id, seat) is None or done():
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
        text = prompt(page).inner_text()
        tries = tried.get(text, 0)
        buttons = page.locator(".prompt-card .action-buttons button")
        lit = _visible(page.locator(".board-svg .hex.target, .board-svg .vm-area.target, .board-svg .target"))
        ringed = _visible(page.locator(".board-svg .counter.selectable:not(.selected)"))
        hint = page.locator(".prompt-card .click-hint")
        if tries < 2 and lit is not None:
            tried[text] = tries + 1
            # an attack, an order, a place: what the page lights first
            press(lit, edge="hgw-hex" in (lit.get_attribute("class") or ""))
            if hint.is_visible():
                notes.append(f"hint: {hint.inner_text()}")
            continue
        if tries < 2 and ringed is not None:
            tried[text] = tries + 1
            press(ringed)  # a piece that can act: what does it offer?
            if hint.is_visible():
                notes.append(f"hint: {hint.text_content()}")
            continue
        verbs = buttons.evaluate_all("(all) => all.map((b) => [b.dataset.verb || '', b.checkVisibility()])")
        onward = [i for i, (verb, seen) in enumerate(verbs) if seen and ONWARD.match(verb)]
        shown = onward or [i for i, (_, seen) in enumerate(verbs) if seen]
        if not shown:
            raise AssertionError(f"a dead end: {seat} is to act, the page offers nothing; prompt {text!r}")
        tried.pop(text, None)
        press(buttons.nth(shown[0]))
    raise AssertionError(f"stuck after {MOST} steps; last prompt: {prompt(page).inner_text()!r}")


def _open(profiles: Any, screen: str) -> tuple[Page, list[str]]:
    page = profiles.new_page(390, 844, touch=True) if screen == "phone" else profiles.new_page(1366, 820)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page, errors


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_new_player_finishes_a_one_turn_virtuti_game(profiles: Any, screen: str) -> None:
    page, errors = _open(profiles, screen)
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        options={"turns": 1},
        seed=5,
    )
    expect(prompt(page)).not_to_have_text("")
    notes: list[str] = []
    banner = page.locator(".banner .banner-title")
    _play(page, game_id, "axis", screen == "phone", notes, banner.is_visible)
    expect(banner).to_have_text(re.compile(r"You win!|You lose|You share|A draw"))
    expect(page.locator(".banner .game-charts .chart")).to_have_count(3)
    assert not errors, errors
    print(f"\nvirtuti {screen}: {len(notes)} notes", *notes, sep="\n  ")
    print("LOG", *page.locator(".log-box .log-lines li").all_inner_texts()[-80:], sep="\n  ")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_new_player_plays_a_barbarossa_game_turn(profiles: Any, screen: str) -> None:
    page, errors = _open(profiles, screen)
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=5)
    expect(prompt(page)).to_contain_text("redeploys")
    turn = page.locator(".prompt-card .turn-line")
    expect(turn).to_contain_text(re.compile("summer 1941", re.IGNORECASE))
    notes: list[str] = []

    def next_turn() -> bool:
        axis_moves = prompt(page).inner_text().startswith("axis redeploys")
        return axis_moves and "winter 1941" in turn.inner_text().lower()

    _play(page, game_id, "axis", screen == "phone", notes, next_turn)
    assert not errors, errors
    print(f"\nhgw {screen}: {len(notes)} notes", *notes, sep="\n  ")
    print("LOG", *page.locator(".log-box .log-lines li").all_inner_texts()[-60:], sep="\n  ")
