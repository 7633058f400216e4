"""Campaign Game I's arriving forces placed in the browser (Nations Inclined toward Axis
5): a Soviet attack on Finland that does not conquer it brings Finland in on the Axis
side in the middle of the Soviet turn, and the Axis player places its three infantry
points by clicking lit Finnish hexes; then the Soviet turn goes on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    prompt,
    reload_and_settle,
    serving_rulesets,
    start_game,
    until_legal,
    until_the_server_has_it,
)

POLLS = 160


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-arrivals", HGW) as address:
        yield address


def _game(driver: ApiDriver, game_id: str) -> dict[str, Any]:
    return driver.get(f"/api/games/{game_id}")


def _post(driver: ApiDriver, game_id: str, seat: str, *action: Any) -> None:
    version = _game(driver, game_id)["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": list(action), "expected_version": version}
    )


def _legal(driver: ApiDriver, game_id: str, seat: str) -> list[list[Any]]:
    return [list(a) for a in _game(driver, game_id)["views"][seat]["legal"]]


def _play_until_placement(driver: ApiDriver, game_id: str) -> None:
    """The Axis passes its first turn; the Soviets' Leningrad District moves to 0843 on
    the Finnish border and attacks Finland; whatever the dice, Helsinki stands, so
    Finland joins the Axis at the end of the Soviet combat phase."""
    for verb in (
        "end_movement",
        "end_announce",
        "to_advances",
        "to_exploitation",
        "end_combat",
        "end_production",
    ):
        _post(driver, game_id, "axis", verb)
    _post(driver, game_id, "soviet", "move", "len", "army", 3)
    _post(driver, game_id, "soviet", "to_place", "0843")
    _post(driver, game_id, "soviet", "end_movement")
    assert ["attack", "len", "0842"] in _legal(driver, game_id, "soviet")  # 0842: Finnish Karelia
    _post(driver, game_id, "soviet", "attack", "len", "0842")
    _post(driver, game_id, "soviet", "end_announce")
    for _ in range(POLLS):
        views = _game(driver, game_id)["views"]
        if any(a[0] == "place" for a in views["axis"]["legal"]):
            return
        for seat in ("soviet", "axis"):
            legal = [list(a) for a in views[seat]["legal"]]
            if legal:
                steps = ("no_defensive_assault", "to_advances", "to_exploitation", "end_combat")
                _post(driver, game_id, seat, *next((a for a in legal if a[0] in steps), legal[0]))
                break
    raise AssertionError("Finland never joined the Axis")


def test_the_axis_places_finlands_points_by_clicking_finnish_hexes(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="hgw",
        scenario="campaign_1",
        seats={"axis": "me", "soviet": "hotseat", "allied": "ai:heuristic"},
        seed=5,
    )
    driver = ApiDriver(page)
    _play_until_placement(driver, game_id)
    until_legal(page, game_id, "axis", "place")  # the Allied AI has nothing left to do
    reload_and_settle(page, game_id)
    expect(prompt(page)).to_contain_text("Finnish Army")
    # two seats on one screen: it may ask to be passed to the Axis player first
    curtain = page.locator(".curtain")
    if curtain.is_visible():
        curtain.locator("button").click()
    expect(curtain).to_be_hidden()
    places = sorted({a[2] for a in _legal(driver, game_id, "axis") if a[0] == "place"})
    where = places[-1]  # the southernmost, in the first view (the north is off screen)
    for placed in range(1, 4):
        lit = page.locator(f'.board-svg .hex.target[data-hex="{where}"]')
        expect(lit).to_have_count(1)
        box = None
        for _ in range(POLLS):  # the board redraws as the game changes: measure a settled hex
            box = lit.bounding_box()
            if box is not None:
                break
            page.wait_for_timeout(100)
        assert box is not None
        before = _game(driver, game_id)["version"]
        lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)
        until_the_server_has_it(page, game_id, int(before), f"the Finnish point placed at {where}")
        army = next(
            a
            for a in _game(driver, game_id)["views"]["axis"]["board"]["armies"]
            if a["name"] == "Finnish Army"
        )
        assert (army["side"], army["at"], army["sp"]["infantry"]) == ("axis", where, placed)
    views = _game(driver, game_id)["views"]
    assert not any(a[0] == "place" for a in views["axis"]["legal"])
    assert views["soviet"]["board"]["step"] == "production"  # the Soviet turn goes on
