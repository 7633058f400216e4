"""What the board-redraw tests watch in the page (test_web_victory_redraws.py,
test_web_board_redraws.py): the board's terrain nodes (do they survive a step, or is
the board rebuilt whole?), how many nodes a step adds to the board, and whether the
board updated in place equals a fresh drawing of the same view (nothing left stale)."""

from __future__ import annotations

from playwright.sync_api import Page

#: From now on: remember the board's terrain nodes (`selector`) and count the nodes
#: put into the board (each with its descendants); the terrain nodes' number.
WATCH = """(selector) => {
    const content = document.querySelector('.board-svg .board-content');
    window.__terrain = [...content.querySelectorAll(selector)];
    window.__added = 0;
    const size = (node) => 1 + (node.querySelectorAll ? node.querySelectorAll('*').length : 0);
    window.__watch?.disconnect();
    window.__watch = new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) window.__added += size(node);
    });
    window.__watch.observe(content, { childList: true, subtree: true });
    return window.__terrain.length;
}"""


def watch(page: Page, terrain: str) -> int:
    """Start watching the board (WATCH); the number of its terrain nodes."""
    count: int = page.evaluate(WATCH, terrain)
    return count


def terrain_taken_off(page: Page) -> int:
    """How many of the terrain nodes seen by `watch` have left the page since."""
    gone: int = page.evaluate("() => window.__terrain.filter((node) => !node.isConnected).length")
    return gone


def nodes_added(page: Page) -> int:
    """The nodes put into the board since the last call (or `watch`)."""
    added: int = page.evaluate("() => { const n = window.__added; window.__added = 0; return n; }")
    return added


def board_nodes(page: Page) -> int:
    count: int = page.evaluate("() => document.querySelectorAll('.board-svg .board-content *').length")
    return count


def assert_drawn_as_fresh(page: Page) -> None:
    """The board as it stands equals what a new board module draws from the same view
    and page state (`wholeDrawing`, web/board.js): no mark, counter or tip left stale."""
    shown, fresh = page.evaluate(
        """() => {
            const svg = document.querySelector('.board-svg');
            return [svg.board.drawingText(), svg.board.wholeDrawing()];
        }"""
    )
    assert len(shown) > 1000
    if shown != fresh:
        same = (i for i, (a, b) in enumerate(zip(shown, fresh, strict=False)) if a != b)
        at = next(same, min(len(shown), len(fresh)))
        raise AssertionError(
            f"the board differs from a fresh drawing at {at}: {shown[at - 200 : at + 200]!r} "
            f"vs {fresh[at - 200 : at + 200]!r}"
        )
