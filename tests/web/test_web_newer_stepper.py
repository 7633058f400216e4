"""Issue 9, section 3 on the newer boards (Victory and Virtuti; HGW's in
test_web_hgw_seeing.py): "since your last move" and stepping through the other
player's actions on the board, the places each action names outlined; and section 4:
a finished game's Rematch button starts the next game with the same players."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from webkit import ApiDriver, modal, prompt, start_game

#: Polls of the game while the server's AI plays (each waits 250 ms).
POLLS = 480
ENDINGS = ("end", "done", "pass", "finish")


def _pick(legal: list[list[Any]], endings: bool = True) -> list[Any]:
    """An ending action when there is one (the turn passes quickly), else the first."""
    for action in legal if endings else ():
        if str(action[0]).startswith(ENDINGS):
            return action
    return legal[0]


def _lines_since(driver: ApiDriver, game_id: str, acted: int, plies: int) -> list[str]:
    """The log lines written from replay step `acted` to `plies` (what the stepper shows)."""
    before = driver.get(f"/api/games/{game_id}/replay/{acted}")["view"]["log"]
    after: list[str] = driver.get(f"/api/games/{game_id}/replay/{plies}")["view"]["log"]
    return after[len(before) :]


def until_the_other_side_has_moved(
    page: Page, game_id: str, me: str, endings: bool = True, wanted: Callable[[list[str]], bool] = bool
) -> dict[str, Any]:
    """Play `me` through the API (endings first, or the first legal action) until the
    AI has acted since `me`'s last action, writing lines in the log (a hidden
    deployment or a secret order writes none), and `me` is to play again; the game
    payload then."""
    driver = ApiDriver(page)
    for _ in range(POLLS):
        game = driver.get(f"/api/games/{game_id}")
        assert game["status"] != "finished", "the game ended before the AI moved"
        acted = game["last_acted"].get(me, 0)
        if me in game["active"]:
            if acted and game["plies"] - acted >= 2 and wanted(_lines_since(driver, game_id, acted, game["plies"])):
                return game
            action = _pick(game["views"][me]["legal"], endings)
            driver.post(
                f"/api/games/{game_id}/actions",
                {"seat": me, "action": action, "expected_version": game["version"]},
            )
        else:
            page.wait_for_timeout(250)
    raise AssertionError("the AI never moved")


def step_to_the_end(page: Page, at_least: int) -> tuple[int, list[list[str]]]:
    """Open "since your last move", step through every action: how many there were
    (at least `at_least`: the AI may have moved on meanwhile), each one's lines."""
    since = page.locator(".since-card")
    expect(since).to_be_visible()
    since.locator("summary").click()
    since.get_by_role("button", name="Step through on the board").click()
    stepper = page.locator(".stepper")
    expect(stepper.locator(".stepper-counter")).to_have_text(
        re.compile(r"^The board as you left it · \d+ actions? since$")
    )
    found = re.search(r"(\d+) action", stepper.locator(".stepper-counter").inner_text())
    assert found is not None
    total = int(found.group(1))
    assert total >= at_least
    expect(stepper.get_by_role("button", name="Previous")).to_be_disabled()
    seen = []
    for step in range(1, total + 1):
        stepper.get_by_role("button", name="Next").click()
        expect(stepper.locator(".stepper-counter")).to_have_text(f"Action {step} of {total}")
        seen.append(stepper.locator(".stepper-lines li").all_inner_texts())
    expect(stepper.get_by_role("button", name="Next")).to_be_disabled()
    return total, seen


def _go_to_step(page: Page, step: int, total: int) -> None:
    stepper = page.locator(".stepper")
    start = stepper.get_by_role("button", name="Start")
    if start.is_enabled():
        start.click()
    expect(stepper.locator(".stepper-counter")).to_contain_text("The board as you left it")
    for _ in range(step):
        stepper.get_by_role("button", name="Next").click()
    expect(stepper.locator(".stepper-counter")).to_have_text(f"Action {step} of {total}")


#: Where the blocks stand on Victory's board: "hex:count" per stack drawn.
BLOCKS_BY_HEX = """() => [...document.querySelectorAll('.board-svg [data-stack]')]
  .map((g) => g.dataset.stack + ':' + g.querySelectorAll('.vi-block').length).sort().join(' ')"""


def test_victory_step_through_the_ais_moves(page: Page) -> None:
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=5
    )
    game = until_the_other_side_has_moved(page, game_id, "blue")
    total = game["plies"] - game["last_acted"]["blue"]
    page.reload()
    expect(prompt(page)).to_be_visible()
    now = page.evaluate(BLOCKS_BY_HEX)
    assert re.search(r":[1-9]", now), now
    total, seen = step_to_the_end(page, total)
    # the board as blue left it differs from the board after red's moves
    page.locator(".stepper").get_by_role("button", name="Start").click()
    expect(page.locator(".stepper .stepper-counter")).to_contain_text("The board as you left it")
    assert page.evaluate(BLOCKS_BY_HEX) != now
    # an action that moved a block: both hexes it names are outlined (dashed), no other
    moved = next(i for i, lines in enumerate(seen) if any(" moves a block from " in line for line in lines))
    _go_to_step(page, moved + 1, total)
    named = set(re.findall(r"-?\d+,-?\d+", " ".join(seen[moved])))
    assert named
    for hex_id in named:
        expect(page.locator(f'.board-svg [data-hex="{hex_id}"] .recent-mark')).to_have_count(1)
    expect(page.locator(".board-svg .recent-mark")).to_have_count(len(named))
    # Done: the game as it is now, blue to play
    page.locator(".stepper").get_by_role("button", name="Done").click()
    expect(page.locator(".stepper")).to_be_hidden()
    assert page.evaluate(BLOCKS_BY_HEX) == now


def test_virtuti_step_through_the_ais_moves_outlines_the_areas(page: Page) -> None:
    game_id = start_game(page, ruleset="virtuti", seats={"axis": "me", "allies": "ai:random"}, seed=5)
    board = ApiDriver(page).get("/api/rulesets/virtuti/board-data")
    land = {area["id"] for area in board["map"]["land_areas"]}

    def names_land(lines: list[str]) -> bool:
        return any(word in land for word in re.findall(r"[a-z][a-z_]*[a-z]", " ".join(lines)))

    game = until_the_other_side_has_moved(page, game_id, "axis", endings=False, wanted=names_land)
    total = game["plies"] - game["last_acted"]["axis"]
    page.reload()
    expect(prompt(page)).to_be_visible()
    # the board data (area names) is in before the lines are read for areas
    expect(page.locator(".board-svg [data-area]").first).to_be_attached()
    total, seen = step_to_the_end(page, total)
    # land areas (the ones outlined; a sea zone or a port is not)
    areas = set(page.evaluate("() => [...document.querySelectorAll('.board-svg .vm-area[data-area]')].map((g) => g.dataset.area)"))
    naming = [
        (i, {word for word in re.findall(r"[a-z][a-z_]*[a-z]", " ".join(lines)) if word in areas})
        for i, lines in enumerate(seen)
    ]
    with_areas = [(i, named) for i, named in naming if named]
    assert with_areas, f"no action of the AI named an area: {seen}"
    step, named = with_areas[-1]
    _go_to_step(page, step + 1, total)
    for area in named:
        expect(page.locator(f'.board-svg .vm-area[data-area="{area}"]')).to_have_class(re.compile(r"\brecent\b"))
    # only those: the outlines follow the step
    expect(page.locator(".board-svg .vm-area.recent")).to_have_count(len(named))
    page.locator(".stepper").get_by_role("button", name="Done").click()
    expect(page.locator(".stepper")).to_be_hidden()


def test_a_finished_games_rematch_button_starts_the_next_game(page: Page) -> None:
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=5
    )
    expect(prompt(page)).to_be_visible()
    page.get_by_role("button", name="Resign blue").click()
    modal(page).get_by_role("button", name="Resign blue").click()
    banner = page.locator(".banner")
    expect(banner.locator(".banner-title")).to_have_text("You lose — red wins")
    banner.get_by_role("button", name="Rematch").click()
    page.wait_for_url(re.compile(r".*#/game/(?!" + re.escape(game_id) + r"$)[\w-]+$"))
    new_id = page.url.rsplit("/", 1)[1]
    driver = ApiDriver(page)
    old = driver.get(f"/api/games/{game_id}")
    new = driver.get(f"/api/games/{new_id}")
    assert old["rematch"] == new_id and new["rematch_of"] == game_id
    assert (new["ruleset"], new["scenario"]) == ("victory", "quick-start")
    assert new["status"] != "finished"
    # the same players, moved one seat on: the AI plays blue, this player red
    seats = {seat["role"]: (seat["kind"], seat["agent"], seat["you"]) for seat in new["seats"]}
    before = {seat["role"]: (seat["kind"], seat["agent"], seat["you"]) for seat in old["seats"]}
    assert seats == {"blue": before["red"], "red": before["blue"]}
    assert new["my_seats"] == ["red"]
    # the page is the new game's, played from red's seat, with no result banner
    expect(page.get_by_role("button", name="Resign red")).to_be_visible()
    expect(page.locator(".banner .banner-title")).to_have_count(0)
