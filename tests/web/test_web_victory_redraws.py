"""Victory's board redraws only what changed. A step rebuilt the whole board (504 hexes,
about 3,000 nodes on the three-map boards: a quarter of a second of the page's main
thread on the loaded test machine, some 240 steps in a first turn; the new-player
sessions of issue 26, docs/player-experience.md). The terrain (tiles, textures, coasts,
hex numbers, hexsides, seams) is drawn once per set of maps; a step redraws the hexes
whose marks, city, town or blocks changed, and the board then equals a fresh drawing
of the same view."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from redraws import assert_drawn_as_fresh, board_nodes, nodes_added, terrain_taken_off, watch
from webkit import serving_rulesets, start_game, until_the_page_is_mine


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.victory import RULESET as VICTORY

    with serving_rulesets(tmp_path_factory, "web-victory-redraws", VICTORY) as address:
        yield address


#: The terrain nodes of Victory's board: each hex's tile, texture, coast and number,
#: and the hexside features and seams.
TERRAIN = ".vi-hexes .hex > .tile, .vi-hexes .hex > .texture, .vi-hexes .hex > .coord, .vi-hexsides > *"

def test_a_block_picked_and_placed_redraws_only_the_hexes_it_changed(page: Page) -> None:
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:heuristic"}, seed=5
    )
    until_the_page_is_mine(page, game_id, "blue")
    terrain = watch(page, TERRAIN)
    hexes = page.locator(".board-svg .vi-hexes .hex").count()
    assert hexes > 300  # the quick start's board
    assert terrain > 2 * hexes
    whole = board_nodes(page)
    block = page.locator(".tray .tray-unit").first
    uid = block.get_attribute("data-uid")
    block.click()  # its places lit: only those hexes are drawn again
    lit = page.locator(".board-svg .hex.target")
    expect(lit.first).to_be_visible()
    assert terrain_taken_off(page) == 0
    added = nodes_added(page)
    assert 0 < added < whole / 4, (added, whole)
    assert_drawn_as_fresh(page)
    where = lit.first.get_attribute("data-hex")
    lit.first.click(force=True)  # the block goes there: one move
    until_the_page_is_mine(page, game_id, "blue")
    expect(page.locator(f'.board-svg [data-stack="{where}"] .counter[data-uid="{uid}"]')).to_be_visible()
    # the lit places went out, the block is on its hex; no terrain node was rebuilt
    assert terrain_taken_off(page) == 0
    assert nodes_added(page) < whole / 4
    assert_drawn_as_fresh(page)

