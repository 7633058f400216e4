"""Viktory II's, Hitler's Global War's and Virtuti Militari's boards redraw only what
changed (Victory's: test_web_victory_redraws.py). Each rebuilt its whole SVG on every
step, three or four times a move (the page busy, the server's answer, the page not
busy, the websocket's copy of the same version; issue 26, docs/player-experience.md):
now a position drawn already is not drawn again (web/board.js `HexBoard.render`), a
step keeps the terrain nodes (Viktory II's tiles, Virtuti's area and sea outlines; HGW's
world is painted once per scenario), and the board then equals a fresh drawing of the
same view and page state (`wholeDrawing`): nothing left stale."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from redraws import assert_drawn_as_fresh, board_nodes, nodes_added, terrain_taken_off, watch
from test_web_clicks import _game_at
from webkit import (
    ApiDriver,
    confirm_if_asked,
    serving_rulesets,
    start_game,
    the_page_has_settled,
    until_alone_to_act,
    until_legal,
)

from grognard.core.game import State


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW
    from grognard.games.viktory2 import RULESET as VIKTORY2
    from grognard.games.virtuti import RULESET as VIRTUTI

    with serving_rulesets(tmp_path_factory, "web-board-redraws", VIKTORY2, HGW, VIRTUTI) as address:
        yield address


def _plain_move(state: State) -> tuple[str, str] | None:
    """(unit, hex) of a move whose hex offers that unit nothing else (one click, no menu)."""
    role = state.active_roles()[0]
    legal = state.legal_actions(role)
    for action in legal:
        if action[0] != "move":
            continue
        same = [a for a in legal if len(a) > 2 and a[1] == action[1] and a[2] == action[2]]
        if len(same) == 1:
            return str(action[1]), str(action[2])
    return None


def test_viktory2_a_unit_selected_and_moved_keeps_the_tiles(page: Page) -> None:
    game, state = _game_at(page, lambda st: _plain_move(st) is not None)
    found = _plain_move(state)
    assert found is not None
    mover, where = found
    terrain = watch(page, ".hexes .hex > .tile, .hexes .hex > .texture, .hexes .hex > .coord")
    assert terrain >= 3 * page.locator(".board-svg .hex").count() > 0
    whole = board_nodes(page)
    page.locator(f'.board-svg .counter[data-uids~="{mover}"]').click()
    lit = page.locator(f'.board-svg .hex.target[data-hex="{where}"]')
    expect(lit).to_have_count(1)
    assert terrain_taken_off(page) == 0
    assert 0 < nodes_added(page) < whole / 2
    assert_drawn_as_fresh(page)
    lit.focus()
    page.keyboard.press("Enter")
    expect(page.locator(f'.board-svg [data-hex="{where}"] .counter[data-uids~="{mover}"]')).to_have_count(1)
    # a hot seat: nothing else moves
    the_page_has_settled(page, ApiDriver(page).get(f"/api/games/{game['id']}"))
    assert terrain_taken_off(page) == 0
    assert 0 < nodes_added(page) < whole / 2
    assert_drawn_as_fresh(page)


#: Counts the army counters HGW's board takes off (a drawing of its overlay takes every
#: one off): `window.__armiesTakenOff`.
COUNT_ARMIES = """() => {
    window.__armiesTakenOff = 0;
    new MutationObserver((records) => {
        for (const record of records)
            for (const node of record.removedNodes)
                if (node.querySelectorAll)
                    window.__armiesTakenOff += node.querySelectorAll('.hgw-army').length;
    }).observe(document.querySelector('.board-svg .hgw-armies'), { childList: true });
    return document.querySelectorAll('.board-svg .hgw-army').length;
}"""


def test_hgw_a_move_draws_the_overlay_twice_and_keeps_the_world(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=5)
    view = until_legal(page, game_id, "axis", {"move"})
    move = next(a for a in view["legal"] if a[0] == "move")  # M1.1: an army sets out
    army = str(move[1])
    terrain = watch(page, ".hgw-features > *, .hgw-labels > *, .hgw-world > *")
    assert terrain > 100
    piece = page.locator(f'.board-svg .counter[data-uid="{army}"]')
    piece.click(force=True)
    expect(piece).to_have_attribute("aria-pressed", "true")
    armies: int = page.evaluate(COUNT_ARMIES)
    assert armies > 5
    before = ApiDriver(page).get(f"/api/games/{game_id}")["version"]
    wanted = json.dumps(move, separators=(",", ":"))
    page.locator(f"button[data-action='{wanted}'] >> visible=true").first.click()
    confirm_if_asked(page, game_id, before)
    until_alone_to_act(page, game_id, "axis", lambda g: g["version"] > before)
    # where it goes is lit now (M1.1)
    expect(page.locator(".board-svg .hex.target").first).to_be_attached()
    # the lit places out while the move is on its way, then the new position: not the
    # same position again (the page not busy, the websocket's copy of the version)
    taken: int = page.evaluate("() => window.__armiesTakenOff")
    assert taken <= 2 * (armies + 1), (taken, armies)
    assert terrain_taken_off(page) == 0
    assert_drawn_as_fresh(page)


def _virtuti_fill(page: Page, area: str) -> str | None:
    fill: str | None = page.locator(f".vm-area[data-area={area}] .tile").get_attribute("fill")
    return fill


def test_virtuti_a_map_mode_and_a_step_keep_the_area_outlines(page: Page) -> None:
    seats = {"axis": "me", "allies": "ai:heuristic"}
    game_id = start_game(page, ruleset="virtuti", scenario="full_campaign", seats=seats, seed=5)
    mine = lambda g: bool(g["views"]["axis"]["legal"])  # noqa: E731
    game: dict[str, Any] = until_alone_to_act(page, game_id, "axis", mine)
    expect(page.locator(".vm-area").first).to_be_attached()
    terrain = watch(page, ".vm-frame > *, .vm-seas .tile, .vm-areas .tile")
    assert terrain > 100
    whole = board_nodes(page)
    faction = _virtuti_fill(page, "berlin")
    page.locator(".vm-mode[data-mode=weather]").click()
    expect(page.locator(".board-svg[data-mode=weather]")).to_have_count(1)
    # every area coloured anew, no outline rebuilt (its path is most of the map's weight)
    assert _virtuti_fill(page, "berlin") != faction
    assert terrain_taken_off(page) == 0
    assert nodes_added(page) < whole
    assert_drawn_as_fresh(page)
    page.locator(".vm-mode[data-mode=faction]").click()
    expect(page.locator(".board-svg[data-mode=faction]")).to_have_count(1)
    assert _virtuti_fill(page, "berlin") == faction
    # a step of the game: the first action the page offers as a button
    before = game["version"]
    page.locator(".prompt-card button.action").first.click()
    confirm_if_asked(page, game_id, before)
    until_alone_to_act(page, game_id, "axis", lambda g: g["version"] > before)
    assert terrain_taken_off(page) == 0
    assert_drawn_as_fresh(page)
