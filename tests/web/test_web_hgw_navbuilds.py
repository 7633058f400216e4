"""Naval Action's builds in the browser (games/hgw-*.js): the buttons say what each
instalment pays for, the Development Track is a record sheet, and built ports, major
naval ports and supply roads are drawn on the map (N7.2, N10-N12)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-navbuilds", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}


def _describe(page: Page, action: list[Any], view: dict[str, Any]) -> str:
    return str(
        page.evaluate(
            "async ([action, view]) => { const module = await import('/games/hgw.js');"
            " await module.loadMap(); return module.default.describe(action, view).label; }",
            [action, view],
        )
    )


@pytest.mark.rules("N7.2")
def test_instalments_are_described_and_the_development_track_is_shown(page: Page) -> None:
    page.set_viewport_size({"width": 1500, "height": 950})
    start_game(page, ruleset="hgw", scenario="campaign_3", seats=SEATS, seed=2)
    sheet = page.locator(".hgw-ship-track")
    expect(sheet).to_contain_text("capital ship (6)")
    view = {
        "board": {
            "frame": {"role": "allied"},
            "fleets": {"home": {"name": "Home Fleet"}},
            "ship_track": {"allied": [{"kind": "carrier", "left": 1}, {"kind": "capital", "left": 4}]},
        }
    }
    assert _describe(page, ["pay_ship", 1], view) == "Pay 1 point on the capital ship being built (4 left)"
    label = _describe(page, ["finish_ship", 0, "home", "1131"], view)
    assert label.startswith("Pay the last point on the carrier: it joins Home Fleet at")
    assert _describe(page, ["lay_ship", "carrier"], view).startswith("Lay down a carrier point")


@pytest.mark.rules("N10.3", "N11.1", "N12.0")
def test_built_ports_anchors_and_roads_are_drawn(page: Page) -> None:
    page.set_viewport_size({"width": 1500, "height": 950})
    start_game(page, ruleset="hgw", scenario="campaign_3", seats=SEATS, seed=2)
    drawn = page.evaluate(
        "async (board) => { const m = await import('/games/hgw-forces.js');"
        " const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');"
        " m.drawForces(layer, board, { where: () => [0, 0], placeWords: (p) => p, roleColor: () => '#000' });"
        " return [...layer.querySelectorAll('.hgw-built')].map((g) => g.getAttribute('class')); }",
        {
            "ports": {"1233": "port", "1434": "naval_port"},
            "anchors_building": {"1032": {}},
            "supply_roads": ["1151"],
        },
    )
    expected = ["hgw-built port", "hgw-built anchor", "hgw-built anchor building", "hgw-built road"]
    assert sorted(drawn) == sorted(expected)
