"""Issue 9, section 3 on the newer boards (Victory and Virtuti; HGW's in
test_web_hgw_seeing.py): "since your last move" and stepping through the other
player's actions on the board, the places each action names outlined; and section 4:
a finished game's Rematch button starts the next game with the same players."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    modal,
    prompt,
    reload_and_settle,
    start_game,
    step_to_the_end,
    until_alone_to_act,
    until_the_other_side_has_moved,
)


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
    reload_and_settle(page, game_id)
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


LAND_AREAS = (
    "() => [...document.querySelectorAll('.board-svg .vm-area[data-area]')].map((g) => g.dataset.area)"
)


def _areas_named(lines: list[str], names: dict[str, str]) -> set[str]:
    """The areas (`names`: name -> id) the lines name, each as a whole name: "Brest" is
    not named by "Brest-Litovsk", nor by "Brest (port)" (a port is not outlined)."""
    text = " ".join(lines)
    whole = r"(?<![\w-]){}(?![\w-])(?! \(port\))"
    return {area for name, area in names.items() if re.search(whole.format(re.escape(name)), text)}


def test_an_area_is_named_by_its_whole_name_only() -> None:
    """The Virtuti stepper test below read "Brest-Litovsk" in the AI's line as Brest too,
    and then waited for Brest's outline, which the page rightly never drew."""
    names = {"Brest": "brest", "Brest-Litovsk": "brest_litovsk", "Warsaw": "warsaw"}
    line = "ussr moves Army 3 from Brest-Litovsk to Warsaw"
    assert _areas_named([line], names) == {"brest_litovsk", "warsaw"}
    assert _areas_named(["a fleet sails to Brest (port)"], names) == set()
    assert _areas_named(["Brest falls."], names) == {"brest"}


def test_virtuti_step_through_the_ais_moves_outlines_the_areas(page: Page) -> None:
    game_id = start_game(page, ruleset="virtuti", seats={"axis": "me", "allies": "ai:random"}, seed=5)
    board = ApiDriver(page).get("/api/rulesets/virtuti/board-data")
    land = {area["id"] for area in board["map"]["land_areas"]}

    def names_land(lines: list[str]) -> bool:
        return any(word in land for word in re.findall(r"[a-z][a-z_]*[a-z]", " ".join(lines)))

    game = until_the_other_side_has_moved(page, game_id, "axis", endings=False, wanted=names_land)
    total = game["plies"] - game["last_acted"]["axis"]
    reload_and_settle(page, game_id)
    expect(prompt(page)).to_be_visible()
    # the board data (area names) is in before the lines are read for areas
    expect(page.locator(".board-svg [data-area]").first).to_be_attached()
    total, seen = step_to_the_end(page, total)
    # land areas (the ones outlined; a sea zone or a port is not), named in the lines
    areas = set(page.evaluate(LAND_AREAS))
    names = {area["name"]: area["id"] for area in board["map"]["land_areas"] if area["id"] in areas}

    naming = [(i, _areas_named(lines, names)) for i, lines in enumerate(seen)]
    with_areas = [(i, named) for i, named in naming if named]
    assert with_areas, f"no action of the AI named an area: {seen}"
    step, named = with_areas[-1]
    _go_to_step(page, step + 1, total)
    for area in named:
        outlined = page.locator(f'.board-svg .vm-area[data-area="{area}"]')
        expect(outlined).to_have_class(re.compile(r"\brecent\b"))
    # only those: the outlines follow the step
    expect(page.locator(".board-svg .vm-area.recent")).to_have_count(len(named))
    page.locator(".stepper").get_by_role("button", name="Done").click()
    expect(page.locator(".stepper")).to_be_hidden()


def test_a_finished_games_rematch_button_starts_the_next_game(page: Page) -> None:
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:random"}, seed=5
    )
    # red's simultaneous first steps redraw the side panel: click once blue alone is to act
    until_alone_to_act(page, game_id, "blue")
    page.get_by_role("button", name="Resign blue").click()
    modal(page).get_by_role("button", name="Resign blue").click()
    banner = page.locator(".banner")
    expect(banner.locator(".banner-title")).to_have_text("You lose — red wins")
    # the banner shows from the resign's answer; the finished game's header (its reason,
    # its plots, the footer's replay link) comes with the push after it: click once the
    # page has it, so that nothing is redrawn under the click (it once was, under load)
    expect(page.locator(".side-footer").get_by_role("link", name="▶ Replay")).to_be_visible()
    # the plots come after the buttons: drawn later and taller, they must not move them
    expect(banner.locator(".banner-buttons + .game-charts")).to_be_attached()
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
