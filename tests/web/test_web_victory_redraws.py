"""Victory's board is drawn twice a move, not four times. A block placed from the tray rebuilt the whole
board four times (the page busy, the server's answer, the page not busy, then the
websocket's copy of the same version), each a quarter of a second of the page's main
thread on a three-map board on the loaded test machine (the new-player sessions of issue
26, docs/player-experience.md). The board now redraws only when what it shows changed:
the seat's view of the board, or what the page lights, selects or marks on it (the
lit places go out while a move is on its way: that redraw stays)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import serving_rulesets, start_game, until_the_page_is_mine


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.victory import RULESET as VICTORY

    with serving_rulesets(tmp_path_factory, "web-victory-redraws", VICTORY) as address:
        yield address


#: Counts the hexes taken off the board's hex layer from now on (a whole redraw takes
#: every one of them off, one by one); `window.__hexesTakenOff`.
COUNT_REDRAWS = """() => {
    window.__hexesTakenOff = 0;
    const layer = document.querySelector('.board-svg .vi-hexes');
    new MutationObserver((records) => {
        for (const record of records) window.__hexesTakenOff += record.removedNodes.length;
    }).observe(layer, { childList: true });
    return layer.children.length;
}"""


def _redraws(page: Page, hexes: int) -> float:
    taken: int = page.evaluate(
        "() => { const n = window.__hexesTakenOff; window.__hexesTakenOff = 0; return n; }"
    )
    return taken / hexes


def test_a_block_placed_from_the_tray_redraws_the_board_twice_not_four_times(page: Page) -> None:
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:heuristic"}, seed=5
    )
    until_the_page_is_mine(page, game_id, "blue")
    hexes: int = page.evaluate(COUNT_REDRAWS)
    assert hexes > 300  # the quick start's board
    block = page.locator(".tray .tray-unit").first
    uid = block.get_attribute("data-uid")
    block.click()  # a new choice lit: one redraw
    lit = page.locator(".board-svg .hex.target").first
    expect(lit).to_be_visible()
    assert _redraws(page, hexes) == 1
    lit.click(force=True)  # the block goes there: one move
    until_the_page_is_mine(page, game_id, "blue")
    expect(page.locator(f'.board-svg .counter[data-uid="{uid}"]')).to_be_visible()
    # two redraws: the lit places go out while the move is on its way (the page busy),
    # then the new position; not the same position again, not busy and from the websocket
    assert _redraws(page, hexes) == 2
