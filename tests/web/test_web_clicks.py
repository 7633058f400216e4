"""Click semantics that never surprise (issue 9, section 2), and the battle odds shown
where the decision is made (section 1): a hot-seat Viktory II game advanced through
the HTTP API by the heuristic agents to the position each test needs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, Route, expect
from webkit import (
    ApiDriver,
    advance,
    button,
    hex_at,
    modal,
    prompt,
    shot,
    target,
    the_page_has_settled,
)

from grognard.core.game import State
from grognard.games.viktory2 import RULESET as VIKTORY2

#: With this seed the heuristic game soon has a unit that may move into a hex where
#: another unit of its side can act, a battle to start, and a turn where starting a
#: battle is the only legal action (found by playing it; the tests check each).
SEED = 3


def _game_at(page: Page, stop: Callable[[State], bool]) -> tuple[dict[str, Any], State]:
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver = ApiDriver(page)
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": SEED}
    )
    state = VIKTORY2.new_game(None, {}, SEED)
    advance(driver, game, state, stop)
    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".seat-tab.current")).to_have_text(state.active_roles()[0])
    # (hot seat: nothing moves meanwhile) drawn from its websocket too, before any click
    the_page_has_settled(page, game)
    return game, state


def _legal(state: State) -> list[Any]:
    return state.legal_actions(state.active_roles()[0])


def _friendly_in_reach(state: State) -> tuple[str, str, str] | None:
    """(mover, hex it may move to, another unit of its side that can act there)."""
    legal = _legal(state)
    movers = {a[1] for a in legal if a[0] == "move"}
    for a in legal:
        if a[0] != "move":
            continue
        others = sorted(u for u in movers if u != a[1] and state.units[u]["hex"] == a[2])  # type: ignore[attr-defined]
        if others:
            return a[1], a[2], others[0]
    return None


def named(state: State, uid: str) -> re.Pattern[str]:
    """How the page names a unit (viktory2.js `unitName`): its owner, type and hex, never
    its id (issue 26, 15)."""
    unit = state.units[uid]  # type: ignore[attr-defined]
    return re.compile(rf"{unit['owner']} {unit['type']} at {re.escape(unit['hex'])}", re.IGNORECASE)


def selecting(state: State, uid: str) -> re.Pattern[str]:
    """The pop-up's item that selects a unit: "Select red infantry at 2,-1"."""
    return re.compile(rf"^Select {named(state, uid).pattern}$", re.IGNORECASE)


def _stack(page: Page, uid: str) -> Any:
    """The counter that stands for uid on the board (alone, or in a stack of its kind)."""
    return page.locator(f'.board-svg .counter[data-uids~="{uid}"]')


def test_a_click_on_a_friendly_unit_selects_it_and_moves_nothing(page: Page) -> None:
    _, state = _game_at(page, lambda st: _friendly_in_reach(st) is not None)
    found = _friendly_in_reach(state)
    assert found is not None
    mover, where, other = found
    start = state.units[mover]["hex"]  # type: ignore[attr-defined]
    _stack(page, mover).click()
    expect(page.locator(".selection-card")).to_contain_text(named(state, mover))
    expect(target(page, where)).to_have_count(1)  # the hex is lit: the unit could go there
    log_lines = page.locator(".log-card .log-lines li").count()
    _stack(page, other).click()
    # the clicked unit is selected; the first one stayed where it was
    expect(page.locator(".selection-card")).to_contain_text(named(state, other))
    expect(page.locator(".log-card .log-lines li")).to_have_count(log_lines)
    expect(hex_at(page, start).locator(f'.counter[data-uids~="{mover}"]')).to_have_count(1)
    # a click on the hex itself, beside the counters, is still a move: by the keyboard
    _stack(page, mover).click()
    expect(page.locator(".selection-card")).to_contain_text(named(state, mover))
    target(page, where).focus()
    page.keyboard.press("Enter")
    expect(hex_at(page, where).locator(f'.counter[data-uids~="{mover}"]')).to_have_count(1)
    # keyboard shortcuts: u takes the move back, e asks to end the phase (u works
    # once the move is in and Undo is offered, as its button shows)
    expect(page.locator("button.undo")).to_be_visible()
    expect(page.locator("button.undo")).to_be_enabled()
    page.locator("body").press("u")
    expect(hex_at(page, start).locator(f'.counter[data-uids~="{mover}"]')).to_have_count(1)
    page.locator("body").press("e")
    expect(modal(page)).to_contain_text("can still act")
    modal(page).get_by_role("button", name="Go back").click()


def _battle_to_start(state: State) -> str | None:
    return next((a[1] for a in _legal(state) if a[0] == "battle"), None)


def test_starting_a_battle_asks_first_with_sides_and_odds(page: Page) -> None:
    _, state = _game_at(page, lambda st: _battle_to_start(st) is not None)
    where = _battle_to_start(state)
    assert where is not None
    role = state.active_roles()[0]
    log_lines = page.locator(".log-card .log-lines li").count()
    target(page, where).click()
    dialog = modal(page)
    expect(dialog).to_contain_text(f"Start the battle at {where}?")
    expect(dialog.locator(".battle-summary")).to_contain_text(role)
    odds = dialog.locator(".odds-block")
    expect(odds).to_contain_text("Expected losses")
    shot(page, "battle-confirm")
    win = float(str(odds.get_attribute("data-win")))
    assert 0 <= win <= 1
    # the same odds as the ruleset's own calculator for this battle
    battle = VIKTORY2.battle_at(state, role, where)
    assert battle is not None
    assert abs(VIKTORY2.odds(battle).attacker_wins - win) < 1e-3
    # "Not now": nothing happened
    dialog.get_by_role("button", name="Not now").click()
    expect(dialog).to_have_count(0)
    expect(page.locator(".log-card .log-lines li")).to_have_count(log_lines)
    # and now for real: the battle is fought
    target(page, where).click()
    modal(page).get_by_role("button", name=f"Fight at {where}").click()
    expect(page.locator(".log-card .log-lines")).to_contain_text(f"{role} attacks")


def test_the_page_is_busy_while_a_battles_question_waits_for_its_odds(page: Page) -> None:
    """A battle is asked first, with its odds, which the server may be slow to work
    out: until the question is on screen the page says it is busy (`aria-busy`, its
    buttons disabled) and a second click on the battle asks nothing more; the question
    comes once, and "Not now" leaves the page as it was."""
    _, state = _game_at(page, lambda st: _battle_to_start(st) is not None)
    where = _battle_to_start(state)
    assert where is not None
    held: list[Route] = []
    odds = re.compile(r"/api/games/[\w-]+/odds\?")
    page.route(odds, lambda route: held.append(route))  # the odds held back
    target(page, where).click()
    busy = page.locator(".game-page")
    expect(busy).to_have_attribute("aria-busy", "true")
    for choice in page.locator(".prompt-card .action-buttons button").all():
        expect(choice).to_be_disabled()
    target(page, where).click()  # again, before the question has come
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute(odds)
    dialog = modal(page)
    expect(dialog).to_contain_text(f"Start the battle at {where}?")
    expect(dialog).to_have_count(1)
    dialog.get_by_role("button", name="Not now").click()
    expect(dialog).to_have_count(0)
    expect(busy).to_have_attribute("aria-busy", "false")
    expect(target(page, where)).to_have_count(1)  # nothing was played


def _battle_frame(state: State) -> dict[str, Any] | None:
    return next((f for f in reversed(state.data["flow"]) if f["state"] == "battle"), None)


def test_the_odds_follow_a_battle_round_by_round(page: Page) -> None:
    def asked_to_retreat(st: State) -> bool:
        return st.data["flow"][-1]["state"] == "retreat" and st.data["turns"] >= 10

    _, state = _game_at(page, asked_to_retreat)
    fight = _battle_frame(state)
    assert fight is not None
    where = fight["hex"]
    role = state.active_roles()[0]

    def expect_engine_odds() -> None:
        battle = VIKTORY2.battle_at(state, role, where)
        assert battle is not None and battle["pre_fire"] is False
        block = page.locator(".battle-odds .odds-block")
        expect(block).to_contain_text(f"Odds from here at {where}")
        expected = f"{VIKTORY2.odds(battle).attacker_wins:.4f}"
        expect(block).to_have_attribute("data-win", expected)

    expect_engine_odds()
    shot(page, "battle-odds")
    rounds = 0
    # fight on round after round (choosing casualties as the page offers them first)
    while _battle_frame(state) is not None and rounds < 6:
        legal = _legal(state)
        action = ("fight_on",) if ("fight_on",) in legal else legal[0]
        version = page.locator(".side-footer .game-id").inner_text()
        page.locator(f".prompt-card .action-buttons button[data-action='{_json(action)}']").first.click()
        state.apply(state.active_roles()[0], action)
        expect(page.locator(".side-footer .game-id")).not_to_have_text(version)
        if _battle_frame(state) is None:
            break
        if action == ("fight_on",):
            rounds += 1
            expect_engine_odds()
    # when the battle is over its odds leave the page
    if _battle_frame(state) is None:
        expect(page.locator(".battle-odds .odds-block")).to_have_count(0)
    assert rounds >= 1 or _battle_frame(state) is None


def _json(action: tuple[Any, ...]) -> str:
    return json.dumps(list(action), separators=(",", ":"))


def test_when_fighting_is_the_only_choice_the_prompt_says_so(page: Page) -> None:
    def only_battles(st: State) -> bool:
        legal = _legal(st)
        return bool(legal) and all(a[0] == "battle" for a in legal)

    _, state = _game_at(page, only_battles)
    where = _battle_to_start(state)
    expect(prompt(page)).to_contain_text("Fighting is your only choice now")
    fight = page.locator(".prompt-card button.action.fight")
    expect(fight).to_have_text(f"⚔ Fight at {where}")
    fight.click()
    expect(modal(page)).to_contain_text(f"Start the battle at {where}?")
    modal(page).get_by_role("button", name=f"Fight at {where}").click()
    expect(page.locator(".log-card .log-lines")).to_contain_text("attacks")


def _far_hex(state: State, uid: str) -> str:
    """An empty revealed land hex the unit cannot act on this turn."""
    legal = _legal(state)
    near = {a[2] for a in legal if len(a) > 2 and a[1] == uid}
    tiles = state.data["tiles"]
    taken = {u["hex"] for u in state.data["units"].values()} | set(state.data["towns"])
    free = [h for h in sorted(tiles) if tiles[h] not in (None, "water") and h not in taken]
    return next(h for h in free if h not in near)


def test_a_click_that_does_nothing_says_why_and_ending_asks(page: Page) -> None:
    _, state = _game_at(page, lambda st: _friendly_in_reach(st) is not None)
    found = _friendly_in_reach(state)
    assert found is not None
    mover = found[0]
    _stack(page, mover).click()
    far = _far_hex(state, mover)
    hex_at(page, far).click()
    hint = page.locator(".prompt-card .click-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(far)
    # ending the phase with units that could still move asks, listing them
    button(page, "end_moves").click()
    dialog = modal(page)
    expect(dialog.locator(".obligations")).to_contain_text("can still act")
    expect(dialog.locator(".obligations")).to_contain_text(named(state, mover))
    dialog.get_by_role("button", name="Go back").click()
    expect(dialog).to_have_count(0)
    expect(button(page, "end_moves")).to_be_visible()


#: A point of a hex on the screen that is on no counter (found by sampling the hex's box).
BESIDE = """(hex) => {
  const box = document.querySelector(`.board-svg [data-hex="${hex}"] .tile`).getBoundingClientRect();
  for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) {
    const x = box.x + (box.width * i) / 10, y = box.y + (box.height * j) / 10;
    const el = document.elementFromPoint(x, y);
    if (el?.closest("[data-hex]")?.dataset.hex === hex && !el.closest("[data-uid]")) return [x, y];
  }
  return null;
}"""


def _beside_counters(page: Page, where: str) -> tuple[float, float]:
    point = page.evaluate(BESIDE, where)
    assert point is not None, f"no point of {where} beside its counters"
    return float(point[0]), float(point[1])


def test_on_a_touch_screen_a_crowded_hex_asks_which_with_big_choices(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    _, state = _game_at(page, lambda st: _friendly_in_reach(st) is not None)
    found = _friendly_in_reach(state)
    assert found is not None
    mover, where, other = found
    assert page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    # the whole board (a phone's first view is zoomed on the seat's capital)
    page.get_by_role("button", name="Fit the board").tap()
    menu = page.locator(".action-menu")
    _stack(page, mover).tap()
    # the mover's hex may hold several units that can act: pick it from the pop-up
    if menu.is_visible():
        menu.get_by_role("menuitem", name=selecting(state, mover)).tap()
    expect(page.locator(".selection-card")).to_contain_text(named(state, mover))
    # the tap on a hex where it may go and another unit may act, beside the counters:
    # both are offered (a tap on the unit's counter selects it: test_web_viktory2_phone.py)
    page.touchscreen.tap(*_beside_counters(page, where))
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name=selecting(state, other))).to_be_visible()
    expect(menu.locator('button[data-verb="move"]')).to_have_count(1)
    box = menu.locator("button.action").first.bounding_box()
    assert box is not None and box["height"] >= 44
    menu.get_by_role("menuitem", name=selecting(state, other)).tap()
    expect(page.locator(".selection-card")).to_contain_text(named(state, other))
