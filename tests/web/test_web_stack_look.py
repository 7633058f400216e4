"""How stacks and highlights look (issue 9, section 3: "stacks drawn compactly with
readable counts; highlights that keep terrain recognisable"), on Viktory II's board:
a hex with more than four units shows one counter per owner and type with its count
in a badge, and a lit hex is tinted over its terrain, not painted over it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from webkit import ApiDriver, prompt, start_game

SEED = 11

#: Draws the page's own view with `units` put on the board, on a board of its own
#: (the module's createBoard), and reports each counter's members and badge.
DRAW = """async ({view, units}) => {
    const mod = (await import('/games/viktory2.js')).default;
    const host = document.createElement('div');
    host.style.cssText = 'position:fixed;left:0;top:0;width:700px;height:700px;background:#fff;z-index:99';
    host.className = 'stack-look-test';
    document.body.append(host);
    const board = mod.createBoard(host, {onHex() {}});
    const drawn = {...view, board: {...view.board, units}};
    board.render(drawn, {selectable: new Set(), targets: new Map(), hexTargets: new Map(),
                         labels: new Map(), hover: [], recent: new Set()});
    await new Promise((done) => requestAnimationFrame(done));
    return [...host.querySelectorAll('.counter')].map((c) => {
        const badge = c.querySelector('text.badge');
        const disc = c.querySelector('.badge-disc');
        const letter = c.querySelector('text.letter');
        const px = (el) => parseFloat(getComputedStyle(el).fontSize);
        return {uids: (c.dataset.uids || '').split(' ').filter(Boolean), type: c.dataset.type,
                badge: badge ? badge.textContent : null,
                figure: badge ? px(badge) / px(letter) : 0,
                disc: disc ? (2 * disc.r.baseVal.value) / px(badge) : 0,
                };
    });
}"""


def _units(hex_id: str, counts: dict[str, int]) -> dict[str, Any]:
    units: dict[str, Any] = {}
    for kind, n in counts.items():
        for i in range(n):
            units[f"r-{kind[0]}{i}"] = {"owner": "red", "type": kind, "hex": hex_id}
    return units


def test_a_crowded_hex_shows_a_counter_per_type_with_its_count(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:heuristic"}, seed=SEED)
    expect(prompt(page)).to_be_visible()
    view = ApiDriver(page).get(f"/api/games/{game_id}")["views"]["red"]
    land = next(t for t, terrain in view["board"]["tiles"].items() if terrain not in (None, "water"))
    # six infantry and two cavalry: more than four, so one counter per type with a count
    counters = page.evaluate(DRAW, {"view": view, "units": _units(land, {"infantry": 6, "cavalry": 2})})
    by_type = {c["type"]: c for c in counters}
    assert set(by_type) == {"infantry", "cavalry"}
    assert (len(by_type["infantry"]["uids"]), by_type["infantry"]["badge"]) == (6, "6")
    assert (len(by_type["cavalry"]["uids"]), by_type["cavalry"]["badge"]) == (2, "2")
    # the count is legible whatever the zoom: its figure at least 80 % of the unit's
    # letter, on a white disc taller than the figure, the disc within half the counter
    for c in by_type.values():
        assert c["figure"] >= 0.8 and c["disc"] >= 1.3, c
    # four or fewer: each unit its own counter, no badge
    page.evaluate("() => document.querySelector('.stack-look-test').remove()")
    few = page.evaluate(DRAW, {"view": view, "units": _units(land, {"infantry": 3, "cavalry": 1})})
    assert len(few) == 4 and all(c["badge"] is None and len(c["uids"]) == 1 for c in few)


def test_a_lit_hex_is_tinted_over_its_terrain(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    start_game(page, seats={"red": "me", "yellow": "ai:heuristic"}, seed=SEED)
    lit = page.locator(".board-svg .hex.target").first
    expect(lit).to_be_visible()
    look: dict[str, Any] = {}
    for _ in range(40):  # the board may be drawn again meanwhile: read a hex that stays
        page.wait_for_timeout(100)
        look = lit.evaluate(LOOK)
        if look["connected"]:
            break
    # a translucent tint above the terrain's own colour, edged by a dashed line
    assert 0.2 <= look["opacity"] <= 0.5, look
    assert look["order"] and look["tint"] != look["terrain"] and look["tileOpacity"] == 1, look
    assert look["dashes"] not in ("none", ""), look


LOOK = """(g) => {
            const fill = g.querySelector('.hl-fill');
            const edge = g.querySelector('.hl-edge');
            const tile = g.querySelector('.tile');
            const css = (el, name) => getComputedStyle(el).getPropertyValue(name);
            return {
                connected: g.isConnected,
                opacity: parseFloat(css(fill, 'fill-opacity')),
                tint: css(fill, 'fill'),
                terrain: css(tile, 'fill'),
                tileOpacity: parseFloat(css(tile, 'fill-opacity')),
                dashes: css(edge, 'stroke-dasharray'),
                order: [...g.children].indexOf(fill) > [...g.children].indexOf(tile),
            };
        }"""
