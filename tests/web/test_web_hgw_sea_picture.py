"""Hitler's Global War, Campaign Game III's war at sea on the page (issue 22, the browser):
every fleet of the view on the map in its nation's colour with its nation's code, listed
by nation in the record sheets and explained by nation in the legend (N1.3); a patrol
tied to its base (K16.3); the raiders marked (N6.1); every declared shipping route drawn
hex by hex and listed with its escort and losses (K16.4) (games/hgw-sea.js, hgw-forces.js).

The position is a saved game (POST /api/games with its moves): seed 3's moves, the three
heuristics playing, up to the Allied naval movement of Winter 1939 (65 moves today; the
count follows the heuristics, so the game is played to that step, not to a fixed count), with the
U-boat Arm on patrol and three fleets declared raiders.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, modal, open_saved_game, serving_rulesets, which_one_if_asked

from grognard.agents import make_agent
from grognard.core.game import State
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.coastal_air import apply as apply_coastal_air
from grognard.games.hgw.coastal_air import hosts, record_loss
from grognard.games.hgw.fleet_nations import load_counters
from grognard.games.hgw.leaders import assign
from grognard.games.hgw.odds import battle_at, odds
from grognard.games.hgw.port_attacks import record_hits
from grognard.games.hgw.strategic import set_bombers, set_points


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-sea-picture", HGW) as address:
        yield address


SEED, MOST = 3, 200
SEATS = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}
# the code each nation's counters carry for its flag (hgw-sea.js NATION_CODES)
ROLE_COLORS = {"axis": "#46505a", "allied": "#2b5bb5"}  # hgw-view.js ROLE_COLORS
CODES = {"britain": "GB", "france": "FR", "germany": "DE", "italy": "IT", "japan": "JP", "soviet_union": "SU"}


@cache
def _saved_game() -> tuple[list[list[Any]], dict[str, Any], State]:
    state = HGW.new_game(seed=SEED, scenario="campaign_3")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    while not (state.active_roles() == ["allied"] and state.data["flow"][-1]["state"] == "naval_movement"):
        assert len(moves) < MOST, "the Allies never reached their naval movement"
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        moves.append([role, list(action)])
    assert state.active_roles() == ["allied"]
    board: dict[str, Any] = state.view("allied")["board"]
    return moves, board, state


def _open(page: Page) -> str:
    moves = _saved_game()[0]
    body = {"ruleset": "hgw", "scenario": "campaign_3", "seats": SEATS, "seed": SEED, "moves": moves}
    return open_saved_game(page, body, "allied")[0]


@pytest.mark.rules("N1.3", "K16.3", "K16.4", "N6.1", "K20.1", "K26.2")
def test_fleets_by_nation_patrols_raiders_shipping_routes_and_the_strategic_war_sheets(page: Page) -> None:
    board = _saved_game()[1]
    _open(page)
    nations = load_counters().nations
    fleets = board["fleets"]
    drawn = {fid for fid, fleet in fleets.items() if fleet["at"] and fleet["sp"]}
    assert len(drawn) >= 8
    expect(page.locator(".board-svg .hgw-fleet")).to_have_count(len(drawn))
    sheet = page.locator(".hgw-record table.hgw-fleets")
    for fid, fleet in fleets.items():
        nation = nations[fleet["nation"]]
        code = CODES[fleet["nation"]]
        # the record sheets name every fleet's nation and its code, on the map or not
        expect(sheet.locator(f'tr[data-fleet="{fid}"] td.hgw-fleet-nation')).to_have_text(
            f"{fleet['side'].title()} {nation.name} ({code})"
        )
        if fid not in drawn:
            continue
        counter = page.locator(f'.board-svg .hgw-fleet[data-fleet="{fid}"]')
        expect(counter.locator(".hgw-fleet-code")).to_have_text(code)
        expect(counter.locator(".hgw-fleet-sp")).to_have_text(str(fleet["sp"]))
        expect(counter.locator(".hgw-fleet-hull")).to_have_attribute("fill", nation.colour)
        owner = f"{fleet['name']} ({nation.name} fleet, {fleet['side']})"
        expect(counter.locator("title")).to_contain_text(owner)
    # a patrol at sea, tied to its base (K16.3)
    patrols = [fid for fid in drawn if fleets[fid].get("patrol") not in (None, fleets[fid]["at"])]
    assert patrols == ["uboats"]
    expect(page.locator(".board-svg .hgw-patrol-line")).to_have_count(1)
    expect(page.locator('.board-svg .hgw-patrol-line[data-patrol="uboats"]')).to_have_attribute(
        "stroke", nations["germany"].colour
    )
    # the declared raiders (N6.1), on the map and in the sheets
    raiders = [fid for fid in board["raiders"] if fid in drawn]
    assert raiders
    expect(page.locator(".board-svg .hgw-fleet.raider")).to_have_count(len(raiders))
    for fid in raiders:
        expect(sheet.locator(f'tr[data-fleet="{fid}"] td.hgw-army-note')).to_contain_text("raider (N6.1)")
    # every declared route, hex by hex on the map and a row of its sheet (K16.4)
    routes = board["sea_routes"]
    assert routes
    expect(page.locator(".board-svg .hgw-route")).to_have_count(len(routes))
    table = page.locator(".hgw-record table.hgw-routes")
    for rid, route in routes.items():
        line = page.locator(f'.board-svg .hgw-route[data-route="{rid}"]')
        d = line.locator(".hgw-route-line").get_attribute("d") or ""
        assert len(re.findall(r"[ML]", d)) == len(route["path"]), (rid, d)
        expect(line.locator(".hgw-route-line")).to_have_attribute("stroke", ROLE_COLORS[route["side"]])
        expect(line.locator("title")).to_contain_text(f"({route['side']}): from {route['origin']}")
        row = table.locator(f'tr[data-route="{rid}"]')
        expect(row.locator("td.total")).to_have_text(str(len(route["path"])))
        expect(row).to_contain_text(f"{route['origin']}")
        escort = (board.get("route_escorts") or {}).get(rid)
        if escort:
            expect(row.locator("td.hgw-route-state")).to_contain_text(f"escorted by {fleets[escort]['name']}")
    # national morale and the strategic points, boxes of the record sheets
    strategic = page.locator(".hgw-record.hgw-strategic-war")
    assert board["morale"].keys() == {"germany", "britain", "japan", "united_states"}
    for country, value in board["morale"].items():
        cell = strategic.locator(f'tr[data-morale="{country}"] td.total')
        expect(cell).to_have_text(f"+{value}" if value > 0 else str(value))
    for side in ("axis", "soviet", "allied"):
        row = strategic.locator(f'table.hgw-strategic tr[data-side="{side}"]')
        bombers = board["strategic"]["bombers"][side]
        expect(row.locator('td[data-kind="bombers"]')).to_contain_text(
            next((f"{place} " for place in bombers), "—")
        )
    # the legend: each nation's counter with its code and flag
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    texts = legend.locator(".legend-items li").all_inner_texts()
    for nation_id, nation in nations.items():
        wanted = f'{nation.name}\'s fleet ({nation.side}): "{CODES[nation_id]}"'
        assert any(wanted in text for text in texts), (wanted, texts)
    assert any("Shipping route a side declared" in text for text in texts), texts
    assert any("Submarine fleet" in text for text in texts), texts


@pytest.mark.rules("N8.5")
def test_a_naval_base_attack_is_asked_first_with_the_engines_odds(page: Page) -> None:
    """The Home Fleet's carriers may attack the Kiel naval base: a click on Kiel offers
    it (with the morale strike), and the page asks first with the odds the engine's own
    rolls give (odds_base.py); before, the page named no odds for a base attack."""
    state = _saved_game()[2]
    action = ("port_attack", "home", "1236")
    assert action in state.legal_actions("allied")
    game_id = _open(page)
    version = int(ApiDriver(page).get(f"/api/games/{game_id}")["version"])
    page.locator("input.hgw-goto-input").fill("1236")
    page.locator("button.hgw-goto-button").click()
    expect(page.locator(".hgw-goto-said")).to_contain_text("1236")
    lit = page.locator('.board-svg .hex.target[data-hex="1236"]')
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)
    which_one_if_asked(page, game_id, version, "port_attack")
    dialog = modal(page)
    expected = odds(battle_at(state, "allied", "1236", action) or {})
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    carriers = state.data["fleets"]["home"]["ships"]["carrier"]
    strike = f"{3 * carriers} strike points (carrier points, tripled)"
    expect(dialog.locator(".battle-summary")).to_contain_text(strike)


@pytest.mark.rules("N11.3", "N9.1", "N9.5")
def test_naval_base_hits_and_coastal_air_are_marked_and_listed(page: Page) -> None:
    """Two hits on the Kiel naval base this game turn (port_attacks.record_hits), six
    coastal air points bought for an Allied army (coastal_air.apply) and three lost at
    the Clyde (coastal_air.record_loss): the view's records as the map and the sheets
    show them (hgw-sea.js drawBaseHits, navalSheets)."""
    state = HGW.new_game(seed=SEED, scenario="campaign_3")
    record_hits(state, "1236", 2)
    army = hosts(state.data, "allied")[0]
    apply_coastal_air(state, "allied", ("build_coastal_air", army))
    record_loss(state, "1131", 3)
    board = state.view("allied")["board"]
    page.goto("/")
    shown = page.evaluate(
        """async (board) => {
            const sea = await import('/games/hgw-sea.js');
            const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
            sea.drawBaseHits(layer, board, { where: () => [0, 0], placeWords: (p) => p });
            const at = (id) => board.armies.find((a) => a.id === id)?.at;
            const words = { placeWords: (p) => p, armyName: (id) => `army ${id}`, armyAt: at };
            const sheets = sea.navalSheets(board, words);
            const rows = (sel) =>
                sheets.flatMap((t) => [...t.querySelectorAll(sel)].map((r) => r.textContent));
            return {
                marks: [...layer.querySelectorAll('[data-base-hits] title')].map((t) => t.textContent),
                hits: rows('tr[data-base-hits]'),
                bought: rows('tr[data-coastal-army]'),
                lost: rows('tr[data-coastal-lost]'),
            };
        }""",
        board,
    )
    assert shown["marks"] == [
        "1236: 2 hits on its naval base this game turn (four reduce it to a port, N11.3)"
    ]
    assert shown["hits"] == ["12362"]
    where = state.data["armies"][army]["at"]
    assert shown["bought"] == [f"army {army}{where}6"]
    assert shown["lost"] == ["lost1131−3"]


FLEET_AS_DRAWN = """async ([board, fleet]) => {
    const forces = await import('/games/hgw-forces.js');
    const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    const colour = () => '#777';
    const where = () => [0, 0];
    const words = { where, placeWords: (p) => p, roleColor: colour, fleetColor: colour };
    forces.drawForces(layer, board, words);
    const counter = layer.querySelector(`.hgw-fleet[data-fleet="${fleet}"]`);
    const sheets = forces.forcesSheets(board, { placeWords: (p) => p, roleChip: (r) => r });
    const note = `tr[data-fleet="${fleet}"] td.hgw-army-note`;
    const row = sheets.map((t) => t.querySelector(note)).find(Boolean);
    return {
        title: counter.querySelector('title').textContent,
        mark: counter.querySelector('.hgw-fleet-leader.face-down > rect') !== null,
        disc: counter.querySelector('.hgw-fleet-leader:not(.face-down) > circle') !== null,
        note: row.textContent,
    };
}"""


def fleet_as_drawn(page: Page, board: dict[str, Any], fleet: str) -> dict[str, Any]:
    """How the page's own drawing code shows `fleet` of a view's `board`: its counter's
    title, its leader's face-down mark or revealed disc, and its record-sheet note."""
    shown: dict[str, Any] = page.evaluate(FLEET_AS_DRAWN, [board, fleet])
    return shown


@pytest.mark.rules("O1.6", "O1.7")
def test_a_fleets_face_down_leader_shows_as_a_marker_to_every_seat(page: Page) -> None:
    """Optional rule Leaders on a fleet: the marker the Allies place on the Home Fleet
    (leaders.assign) is a blank marker on its counter and "leader (face down)" in its
    title and sheet row, to the Axis as to the Allies (Europe's Allied naval markers are
    all blanks: no revealed naval leader to draw here)."""
    state = HGW.new_game(seed=SEED, scenario="campaign_3")
    assign(state, "allied", "naval", "home")
    page.goto("/")
    for seat in ("axis", "allied"):
        shown = fleet_as_drawn(page, state.view(seat)["board"], "home")
        assert shown["title"].endswith("; leader (face down)"), shown
        assert shown["mark"] and not shown["disc"]
        assert shown["note"] == "leader (face down)"


@pytest.mark.rules("K20.1")
def test_strategic_points_are_drawn_where_they_stand_and_listed(page: Page) -> None:
    """Three Axis bomber points with an atomic bomb at Berlin and two Allied escort points
    at London (strategic.set_bombers, set_points), as the map and the sheets show them."""
    state = HGW.new_game(seed=SEED, scenario="campaign_3")
    strategic = state.data["strategic"]
    set_bombers(strategic, "axis", "1237", {"sp": 3, "atomic": 1})
    set_points(strategic, "escorts", "allied", "1431", 2)
    board = state.view("allied")["board"]
    page.goto("/")
    shown = page.evaluate(
        """async (board) => {
            const war = await import('/games/hgw-strategic.js');
            const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
            const words = { where: () => [0, 0], placeWords: (p) => p, roleColor: () => '#777' };
            war.drawStrategic(layer, board, words);
            const sides = ['axis', 'soviet', 'allied'];
            const sheet = war.strategicSheets(board, { placeWords: (p) => p, roleChip: (r) => r, sides });
            const cell = (side, kind) =>
                sheet.querySelector(`tr[data-side="${side}"] td[data-kind="${kind}"]`);
            return {
                marks: [...layer.querySelectorAll('.hgw-strategic-mark')].map((g) => [
                    g.dataset.strategic, g.dataset.side, g.querySelector('text').textContent,
                    g.querySelector('title').textContent, g.classList.contains('atomic'),
                ]),
                bombers: cell('axis', 'bombers').textContent,
                escorts: cell('allied', 'escorts').textContent,
            };
        }""",
        board,
    )
    assert shown["marks"] == [
        ["bombers", "axis", "B3", "1237: axis bomber 3 points with 1 atomic bomb", True],
        ["escorts", "allied", "E2", "1431: allied escort 2 points", False],
    ]
    assert shown["bombers"] == "1237: 3 (1 atomic)"
    assert shown["escorts"] == "1431: 2"
