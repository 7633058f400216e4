"""Viktory II on a phone (issue 26 item 19): the first view draws counters a finger can
find (24 px, not 13) centred on the seat's capital, and a tap on a counter of yours in
a hex the selected unit could move to selects it, as a click does on a desktop; it
moves nothing (9.0: moving is a separate choice). The position is reached through the
HTTP API by the heuristic agents (test_web_clicks.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from test_web_clicks import _friendly_in_reach, _game_at, _stack, named, selecting
from webkit import hex_at

#: The least width of a counter on a phone's first view (web/games/viktory2-look.js).
PHONE_COUNTER_PX = 24


def _into_view(page: Page, piece: Locator) -> None:
    """Drag the board (a pan, as a finger does) until `piece` is in its middle."""
    board = page.locator(".board-svg").bounding_box()
    box = piece.bounding_box()
    assert board is not None and box is not None
    centre = (board["x"] + board["width"] / 2, board["y"] + board["height"] / 2)
    here = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre)
    page.mouse.down()
    page.mouse.move(centre[0] * 2 - here[0], centre[1] * 2 - here[1], steps=12)
    page.mouse.up()
    box = piece.bounding_box()
    assert box is not None and _inside(board, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))


def _inside(box: dict[str, float], point: tuple[float, float]) -> bool:
    return box["x"] < point[0] < box["x"] + box["width"] and box["y"] < point[1] < box["y"] + box["height"]


@pytest.mark.rules("9.0")
def test_a_phone_draws_counters_a_finger_finds_and_a_tap_on_one_selects_it(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    _, state = _game_at(page, lambda st: _friendly_in_reach(st) is not None)
    found = _friendly_in_reach(state)
    assert found is not None
    mover, where, other = found
    start = state.units[mover]["hex"]  # type: ignore[attr-defined]
    # the first view: every counter at least 24 px wide (13 px when the board was fitted)
    expect(page.locator(".board-svg .counter .body").first).to_be_visible()
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.board-svg .counter .body')]"
        ".map((r) => { const b = r.getBoundingClientRect(); return Math.min(b.width, b.height); })"
    )
    assert sizes and min(sizes) >= PHONE_COUNTER_PX, min(sizes)
    # the mover selected by a tap on its counter
    menu = page.locator(".action-menu")
    piece = _stack(page, mover)
    _into_view(page, piece)
    piece.tap()
    if menu.is_visible():  # its own hex holds another unit that can act: it asks which
        menu.get_by_role("menuitem", name=selecting(state, mover)).tap()
    expect(page.locator(".selection-card")).to_contain_text(named(state, mover))
    expect(hex_at(page, where)).to_have_class(re.compile(r"\btarget\b"))  # lit: it may go there
    # a tap on the other unit's counter in that lit hex selects it: no menu, no move
    log_lines = page.locator(".log-card .log-lines li").count()
    piece = _stack(page, other)
    _into_view(page, piece)
    piece.tap()
    expect(page.locator(".selection-card")).to_contain_text(named(state, other))
    expect(menu).to_be_hidden()
    expect(page.locator(".log-card .log-lines li")).to_have_count(log_lines)
    expect(hex_at(page, start).locator(f'.counter[data-uids~="{mover}"]')).to_have_count(1)
