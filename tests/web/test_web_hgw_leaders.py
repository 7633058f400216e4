"""Optional rule Leaders in the browser (O1.6, O1.7): a face-down leader marker shows on
its army (record sheet and map) as a marker, never as a leader's name, to every seat."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import serving_rulesets, start_game, until_alone_to_act

from grognard.games.hgw.leaders import load_leaders


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-leaders", HGW) as address:
        yield address


@pytest.mark.rules("O1.6", "O1.7")
def test_the_opponent_sees_a_face_down_marker_and_no_leader_name(page: Page) -> None:
    page.set_viewport_size({"width": 1500, "height": 950})
    seats = {"axis": "ai:heuristic", "soviet": "me", "allied": "ai:heuristic"}
    game_id = start_game(page, ruleset="hgw", scenario="campaign_3", seats=seats, seed=2)
    # the Axis's first turn ends with its production and its leader markers, face down
    game = until_alone_to_act(page, game_id, "soviet")
    markers = game["views"]["soviet"]["board"]["leaders"]["armies"]
    axis = {a["id"] for a in game["views"]["soviet"]["board"]["armies"] if a["side"] == "axis"}
    down = sorted(a for a, name in markers.items() if a in axis and name == "face down")
    assert down, markers
    page.reload()
    for army in down:
        tag = page.locator(f'.hgw-sheet tr[data-army="{army}"] .hgw-leader-tag')
        expect(tag).to_have_text(" ★ leader (face down)")
        expect(page.locator(f'.hgw-army[data-uid="{army}"] .hgw-leader-mark.face-down')).to_have_count(1)
    text = page.locator("body").inner_text()
    assert not [x.name for x in load_leaders().leaders.values() if x.name in text]
