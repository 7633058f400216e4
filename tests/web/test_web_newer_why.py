""" "Why can't I?" on the newer boards (issue 9, section 5): a click on Hitler's Global
War's map or Virtuti's that does nothing gets the ruleset's own reason from the server
(games/hgw/why.py, games/virtuti/why.py through `GET /api/games/<id>/why`), with its
rule numbers, in place of the page's guess (`data-source="server"`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    button,
    counter,
    hgw_screen_xy,
    play_until,
    prompt,
    serving_rulesets,
    start_game,
    until_alone_to_act,
)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW
    from grognard.games.virtuti import RULESET as VIRTUTI

    with serving_rulesets(tmp_path_factory, "web-newer-why", HGW, VIRTUTI) as address:
        yield address


def _view(driver: ApiDriver, game_id: str, seat: str) -> dict[str, Any]:
    view: dict[str, Any] = driver.get(f"/api/games/{game_id}")["views"][seat]
    return view


def _screen_xy(page: Page, hex_id: str) -> tuple[float, float] | None:
    """Where the centre of an HGW hex is on the screen, None when outside the board."""
    x, y = hgw_screen_xy(page, hex_id)
    area = page.locator(".board-svg").bounding_box()
    assert area is not None
    inside = (
        area["x"] + 30 <= x < area["x"] + area["width"] - 30
        and area["y"] + 30 <= y < area["y"] + area["height"] - 30
    )
    return (x, y) if inside else None


@pytest.mark.rules("M1.2")
def test_hgw_a_redeployment_into_an_enemy_hex_is_explained_by_the_server(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=3)
    driver = ApiDriver(page)
    expect(prompt(page)).to_contain_text("redeploys")
    view = _view(driver, game_id, "axis")
    agn = next(a for a in view["board"]["armies"] if a["id"] == "agn")
    counter(page, "agn").click(force=True)
    expect(counter(page, "agn")).to_have_attribute("aria-pressed", "true")
    whole = json.dumps(["move", "agn", "army", agn["strength"]], separators=(",", ":"))
    page.locator(f"button[data-action='{whole}']:visible").first.click()
    expect(prompt(page)).to_contain_text("where does Army Group North go")
    # a Soviet hex with no army, on screen: points never go there (M1.2)
    taken = {a["at"] for a in view["board"]["armies"]}
    soviet = sorted(
        (
            p
            for p, side in view["board"]["owner"].items()
            if side == "soviet" and p not in taken and p != "siberia"
        ),
        key=lambda p: abs(int(p[:2]) - int(agn["at"][:2])) + abs(int(p[2:]) - int(agn["at"][2:])),
    )
    spot = next((p, xy) for p in soviet[:40] if (xy := _screen_xy(page, p)) is not None)
    page.mouse.click(*spot[1])
    hint = page.locator(".prompt-card .click-hint")
    expect(hint).to_have_attribute("data-source", "server")
    expect(hint).to_contain_text(f"{spot[0]} (soviet) is not axis")
    expect(hint).to_contain_text("(M1.2)")
    assert button(page, "cancel").count() == 1  # nothing was played: the question stands
    # the log names hexes by number ("from 1240 to ... in 1239"): pointing at one outlines it
    button(page, "cancel").click()
    expect(prompt(page)).to_contain_text("redeploys")
    _post(driver, game_id, "axis", ["move", "agn", "infantry", 1])
    to = next(a for a in _view(driver, game_id, "axis")["legal"] if a[0] == "to_place" and a[1] != agn["at"])
    _post(driver, game_id, "axis", to)
    ref = page.locator(".log-box .log-lines li").last.locator(".hexref", has_text=to[1])
    expect(ref).to_have_count(1)
    ref.hover()
    expect(page.locator(f'.board-svg .hgw-hover[data-hover="{to[1]}"]')).to_have_count(1)
    page.mouse.move(0, 0)
    expect(page.locator(".board-svg .hgw-hover")).to_have_count(0)


def _post(driver: ApiDriver, game_id: str, seat: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": action, "expected_version": version}
    )


def _to_planning(page: Page, game_id: str) -> dict[str, Any]:
    """The Axis plays its first legal choices through the API up to the Planning Phase."""

    def planning(game: dict[str, Any]) -> bool:
        view = game["views"]["axis"]
        return bool(view["board"]["phase"] == "planning" and view["legal"] and game["active"] == ["axis"])

    view: dict[str, Any] = play_until(page, game_id, "axis", planning)["views"]["axis"]
    return view


@pytest.mark.rules("P6.1")
def test_virtuti_an_order_where_no_unit_stands_is_explained_by_the_server(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        seed=7,
    )
    _to_planning(page, game_id)
    # the Axis alone plans now: the page drawn again from here and settled, so that no
    # redraw (its websocket's first view) takes Madrid away under the click
    view = until_alone_to_act(page, game_id, "axis", reload=True)["views"]["axis"]
    expect(page.locator(".vm-area")).not_to_have_count(0)
    assert not any(u["a"] == "madrid" for u in view["board"]["units"])
    page.locator(".vm-area[data-area=madrid]").click()
    hint = page.locator(".prompt-card .click-hint")
    expect(hint).to_have_attribute("data-source", "server")
    expect(hint).to_have_text(
        re.compile(r"^Orders go where your units are: Madrid has none of the Axis's units \(P6\.1\)\.$")
    )
