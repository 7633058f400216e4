"""Optional rule Leaders in the browser (O1.6, O1.7): a face-down leader marker shows on
its army (record sheet and map) as a marker, never as a leader's name, to every seat;
the markers are placed from buttons under the prompt (O1.4)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import open_saved_game, serving_rulesets, start_game, until_alone_to_act, until_the_server_has_it

from grognard.agents import make_agent
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


def _at_the_leader_step() -> list[list[Any]]:
    """Campaign Game IV, seed 5: the heuristics' moves until the Axis is to place its
    leader markers (O1.4: 46 moves)."""
    from grognard.games.hgw import RULESET as HGW

    state = HGW.new_game(seed=5, scenario="campaign_4")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    while not any(a[0] == "leader" for a in state.legal_actions(state.active_roles()[0])):
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        moves.append([role, list(action)])
        assert len(moves) < 200, "the Axis places its leaders in its first turn"
    assert state.active_roles() == ["axis"]
    return moves


@pytest.mark.rules("O1.4", "O1.6")
def test_the_leader_markers_are_placed_from_buttons_under_the_prompt(page: Page) -> None:
    """Issue 26 item 9: the prompt "place 4 land and 2 naval leader markers" offers every
    placement as a button of its own (the land ones were only on each army's card)."""
    seats = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
    moves = _at_the_leader_step()
    body = {"ruleset": "hgw", "scenario": "campaign_4", "seats": seats, "seed": 5, "moves": moves}
    game_id, game = open_saved_game(page, body, "axis")
    legal = game["views"]["axis"]["legal"]
    land = [a for a in legal if a[0] == "leader"]
    assert land and any(a[0] == "naval_leader" for a in legal)
    buttons = page.locator('.prompt-card .action-buttons button[data-verb="leader"]')
    expect(buttons).to_have_count(len(land))
    first = buttons.first
    expect(first).to_have_text(re.compile(r"^Place a leader marker on .+"))
    before = int(game["version"])
    first.click()
    after = until_the_server_has_it(page, game_id, before, "a leader marker placed from its button")
    placed = after["views"]["axis"]["board"]["leaders"]["armies"]
    assert sum(1 for a in land if a[1] in placed) == 1
