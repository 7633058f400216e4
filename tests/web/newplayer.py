"""One driver for every scripted new player (issue 9 and 26, "Done when"): a seat
played by what the page shows only (lit places, ringed counters, buttons and the
questions it asks), on a desktop or on a phone, noting every question and hint met.
tests/web/test_web_new_player_newer.py and test_web_new_player_scenarios.py use it."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from webkit import modal, prompt, until_the_page_is_mine

#: Steps a game takes at most (a step: one tap, or a wait for the AI).
MOST = 500
#: Verbs of the buttons that move the game on (the ending of a step, a secret choice done).
ONWARD = re.compile(r"^(end|done|go|skip|to_|no_)")


#: The page's own marks that it waits for its player (game.js): no move of its own on
#: its way (`aria-busy`), its connection live and its title saying "your turn"; or a
#: question on screen, or the game-over banner. Waited for in the page before the
#: server is asked whether the seat alone is to act (until_the_page_is_mine): while
#: the AI plays, the driver does not poll the server (each poll a whole game's JSON,
#: CPU taken from the AI it waits for).
PAGE_WAITS_FOR_ME = """() => {
    if (document.querySelector('.modal-backdrop, .banner:not([hidden])')) return true;
    const page = document.querySelector('.game-page');
    return Boolean(page) && page.getAttribute('aria-busy') !== 'true'
        && document.querySelector('.conn')?.dataset.state === 'live'
        && document.title.startsWith('\u25cf');
}"""
#: How long the page may take to come back to its player (the AI's whole turn).
AI_TURN_MS = 600_000


def visible(loc: Locator) -> Locator | None:
    """The first of `loc` a player can see: shown, and, on the board, its middle inside
    the board's visible frame (a lit hex panned out of a phone's view, or under the
    prompt below the board, is not tapped until the player pans to it); off the board,
    the page scrolls to it (a tray below a phone's first screen)."""
    # one call into the page for them all (a call per element and per test, as before,
    # was two round trips for each of up to 40 lit hexes, at every step)
    index: int = loc.evaluate_all(FIRST_IN_VIEW)
    return loc.nth(index) if index >= 0 else None


#: True for an element off the board, or on it with its middle inside the board's
#: frame (the svg's box: the board area clips the rest; the page may scroll).
IN_VIEW = """(el) => {
    const svg = el.closest('.board-svg');
    if (!svg) return true;
    const frame = svg.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
}"""
#: The index of the first of the elements (40 at most) that is visible as Playwright's
#: is_visible has it (a box of some size, not `visibility: hidden`) and IN_VIEW; -1 if none.
FIRST_IN_VIEW = """(all) => all.slice(0, 40).findIndex((el) => {
    const r = el.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    return shown && (IN_VIEW)(el);
})""".replace("IN_VIEW", IN_VIEW)


#: What a player may pick to see what it can do: the counters the page rings, and the
#: blocks waiting off the board in Victory's tray (its deployment).
RINGED = ".board-svg .counter.selectable:not(.selected)"
RINGED_AND_TRAY = f"{RINGED}, .tray .tray-unit:not(.selected)"


def play_by_the_page(
    page: Page,
    game_id: str,
    seat: str,
    touch: bool,
    notes: list[str],
    done: Callable[[], bool],
    *,
    ringed_by: str = RINGED,
    taps_per_question: int = 2,
) -> None:
    """`seat`'s side by the page alone, until `done()` or the game is over. The page is
    read only once `seat` alone is to act and it has drawn that position
    (until_the_page_is_mine): read while the AI plays or a move is on its way, what
    was found a moment ago may be redrawn or gone when it is tapped. Under one prompt
    it taps lit places and ringed pieces (`ringed_by`) `taps_per_question` times, then
    the button that moves the game on."""

    def press(loc: Locator, edge: bool = False) -> None:
        # a lit hex is tapped by its top edge, beside the counters standing in it (a tap on
        # a counter of one's own selects that army, as on every board); forced, as a
        # player's tap lands on whatever is on top there
        box = loc.bounding_box() if edge else None
        where = {"position": {"x": box["width"] / 2, "y": box["height"] * 0.12}} if box else {}
        if touch:
            loc.scroll_into_view_if_needed()  # a player scrolls the page to what it taps
            loc.tap(force=True, **where)
        else:
            loc.click(force=True, **where)

    tried: dict[str, int] = {}
    shown_to: dict[str, int] = {}  # presses of "Show" (lit places outside the view) under a prompt
    for _ in range(MOST):
        with suppress(PlaywrightTimeoutError):  # the server's answer (below) says what is wrong
            page.wait_for_function(PAGE_WAITS_FOR_ME, timeout=AI_TURN_MS, polling=100)
        if until_the_page_is_mine(page, game_id, seat) is None or done():
            return
        dialog = visible(modal(page))
        if dialog is not None:
            notes.append(f"asked: {dialog.inner_text().splitlines()[0]}")
            press(dialog.locator("button.primary"))
            continue
        menu = visible(page.locator(".action-menu"))
        if menu is not None:
            press(menu.locator("button.action").first)
            continue
        text = prompt(page).inner_text()
        tries = tried.get(text, 0)
        buttons = page.locator(".prompt-card .action-buttons button")
        lit = visible(page.locator(".board-svg .hex.target, .board-svg .vm-area.target, .board-svg .target"))
        hint = page.locator(".prompt-card .click-hint")
        if tries < taps_per_question and lit is not None:
            tried[text] = tries + 1
            # an attack, an order, a place: what the page lights first
            press(lit, edge="hgw-hex" in (lit.get_attribute("class") or ""))
            if hint.is_visible():
                notes.append(f"hint: {hint.inner_text()}")
            continue
        beyond = page.locator(".board-area .lit-outside:not([hidden]) button")
        if (
            tries < taps_per_question
            and lit is None
            and beyond.count()
            and shown_to.get(text, 0) < taps_per_question
        ):
            # lit places only outside the view (a phone's): the page says so; its button pans there
            shown_to[text] = shown_to.get(text, 0) + 1
            notes.append(f"hint: {page.locator('.board-area .lit-outside span').inner_text()}")
            press(beyond.first)
            continue
        ringed = visible(page.locator(ringed_by)) if tries < taps_per_question else None
        if ringed is not None:
            tried[text] = tries + 1
            press(ringed)  # a piece that can act: what does it offer?
            if hint.is_visible():
                notes.append(f"hint: {hint.text_content()}")
            continue
        verbs = buttons.evaluate_all("(all) => all.map((b) => [b.dataset.verb || '', b.checkVisibility()])")
        onward = [i for i, (verb, seen) in enumerate(verbs) if seen and ONWARD.match(verb)]
        shown = onward or [i for i, (_, seen) in enumerate(verbs) if seen]
        own = visible(page.locator(".selection-card .action-buttons button"))
        if not shown and own is not None:
            # what the selected piece offers on its card, with no place to tap (HGW's
            # leader markers, O1.4: "Place a leader marker on Eleventh Army")
            notes.append(f"pressed on the selected piece's card: {own.inner_text()}")
            tried.pop(text, None)
            press(own)
            continue
        if not shown:
            raise AssertionError(f"a dead end: {seat} is to act, the page offers nothing; prompt {text!r}")
        tried.pop(text, None)
        shown_to.pop(text, None)
        press(buttons.nth(shown[0]))
    raise AssertionError(f"stuck after {MOST} steps; last prompt: {prompt(page).inner_text()!r}")


def open_page(profiles: Any, screen: str) -> tuple[Page, list[str]]:
    page = profiles.new_page(390, 844, touch=True) if screen == "phone" else profiles.new_page(1366, 820)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page, errors
