"""Hitler's Global War in the browser (issue 12, section 3): the Barbarossa scenario on
the board module games/hgw.js. The whole world map is painted (hexes of several
theaters, far from the one in play); the Axis plays a turn against the AI by clicks:
strategic redeployment between armies, announcing initial attacks, assaults, advances
and an exploitation chain, production; the record sheets are open information."""

from __future__ import annotations

import base64
import json
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    assert_first_screen,
    axe_problems,
    board_scale,
    button,
    counter,
    end_phase,
    expect_board_covers_its_box,
    hgw_screen_xy,
    modal,
    prompt,
    shot,
    start_game,
    the_page_shows,
    until_alone_to_act,
    until_legal,
    until_the_server_has_it,
    which_one_if_asked,
)

from grognard.games.hgw.ai import make_heuristic


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own app on 127.0.0.1, with Hitler's Global War registered (the
    shared one of conftest.py keeps its rulesets, so that its lobby's default game
    does not change for the other tests), on a fresh SQLite database."""
    import uvicorn

    from grognard.core.registry import Registry
    from grognard.games.hgw import RULESET as HGW
    from grognard.server import create_app
    from grognard.server.protocol import uvicorn_options

    registry = Registry()
    registry.register(HGW)
    database = tmp_path_factory.mktemp("web-hgw") / "grognard.db"
    app = create_app(f"sqlite:///{database}", registry=registry, ai_move_budget=30.0)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", lifespan="on", **uvicorn_options()
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="grognard-web-hgw-server", daemon=True)
    thread.start()
    ready = threading.Event()
    while thread.is_alive() and not server.started:
        ready.wait(0.05)
    if not server.started:
        raise RuntimeError("the test server did not start")
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)
    app.state.server.engine.dispose()


SEED = 5
MAP = Path(__file__).resolve().parents[2] / "src" / "grognard" / "games" / "hgw" / "data" / "map.json"


def _view(driver: ApiDriver, game_id: str, role: str = "axis") -> dict[str, Any]:
    view: dict[str, Any] = driver.get(f"/api/games/{game_id}")["views"][role]
    return view


def _start(page: Page, scenario: str | None = None, seats: dict[str, str] | None = None) -> str:
    """A game of `scenario` (Barbarossa unless told), the Axis played in the page
    against the AI unless `seats` says otherwise."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    return start_game(
        page,
        ruleset="hgw",
        scenario=scenario,
        seats=seats or {"axis": "me", "soviet": "ai:heuristic"},
        seed=SEED,
    )


def _screen_xy(page: Page, hex_id: str) -> tuple[float, float]:
    """Where the centre of a hex is on the screen (it must be inside the board)."""
    x, y = hgw_screen_xy(page, hex_id)
    area = page.locator(".board-svg").bounding_box()
    assert area is not None
    assert area["x"] <= x < area["x"] + area["width"] and area["y"] <= y < area["y"] + area["height"], hex_id
    return x, y


def _pixel(page: Page, hex_id: str) -> list[int]:
    """The colour the screen shows at the centre of a hex (RGB), from a screenshot of
    that one pixel: whatever paints the map, this is what a player sees."""
    x, y = _screen_xy(page, hex_id)
    png = page.screenshot(clip={"x": round(x), "y": round(y), "width": 1, "height": 1})
    rgb: list[int] = page.evaluate(
        """async (b64) => {
            const img = new Image();
            img.src = 'data:image/png;base64,' + b64;
            await img.decode();
            const canvas = document.createElement('canvas');
            canvas.width = img.width;
            canvas.height = img.height;
            const ctx = canvas.getContext('2d');
            ctx.drawImage(img, 0, 0);
            const data = ctx.getImageData(0, 0, 1, 1).data;
            return [data[0], data[1], data[2]];
        }""",
        base64.b64encode(png).decode("ascii"),
    )
    return rgb


def _land(country: str, terrain: str = "clear") -> str:
    """A land hex of a country (by map.json), away from the country's borders' edges."""
    hexes = json.loads(MAP.read_text(encoding="utf-8"))["hexes"]
    found = [
        h
        for h, x in sorted(hexes.items())
        if x["kind"] == "land"
        and x.get("country") == country
        and x.get("terrain", "clear") == terrain
        and not x.get("annexed")
        and not x.get("features")
        and not x.get("production")
    ]
    assert found, country
    return found[len(found) // 2]


def test_the_whole_world_map_is_painted(page: Page) -> None:
    """Every hex of map.json is painted, and hexes of theaters far from Barbarossa's
    (the Americas, the Pacific, Africa, Asia) show their country's land colour, each
    country its own, while a mid-ocean hex shows the sea."""
    _start(page)
    board = page.locator(".board-svg")
    hexes = json.loads(MAP.read_text(encoding="utf-8"))["hexes"]
    expect(board).to_have_attribute("data-painted", str(len(hexes)))
    # the game opens on the front; zoom out to the whole world
    for _ in range(12):
        page.get_by_role("button", name="Zoom out").click()
    shot(page, "hgw-world")
    sea = _pixel(page, "3095")  # the middle of the Pacific
    assert hexes["3095"]["kind"] == "sea"
    colours = {}
    for country in ("united_states", "japan", "australia", "brazil", "china", "french_west_africa"):
        colours[country] = tuple(_pixel(page, _land(country)))
        assert colours[country] != tuple(sea), country
    assert len(set(colours.values())) == len(colours), colours
    # the capitals, ports and production points of the whole map are drawn above it
    capitals = [h for h, x in hexes.items() if "capital" in x.get("features", [])]
    expect(board.locator(".hgw-capital")).to_have_count(len(capitals))


def test_record_sheets_are_open(page: Page) -> None:
    """Prepare for Play 4: both sides' record sheets are open to inspection: the page
    shows every army of both sides with its strength points by kind."""
    game_id = _start(page)
    view = until_legal(page, game_id, "axis", {"move", "end_movement"})
    sheets = page.locator(".hgw-record")
    for army in view["board"]["armies"]:
        row = sheets.locator(f'tr[data-army="{army["id"]}"]')
        expect(row).to_have_count(1)
        expect(row.locator("td.total")).to_have_text(str(army["strength"]))
    expect(prompt(page)).to_contain_text("redeploys")
    assert button(page, "end_movement").count() == 1
    expect(counter(page, "agn")).to_be_visible()
    # each counter shows its make-up: one bar segment per kind, as long as its points
    for army in view["board"]["armies"]:
        if army["at"] is None:
            expect(counter(page, army["id"])).to_have_count(0)
            continue
        segments = counter(page, army["id"]).locator(".hgw-kind")
        kinds = [k for k, n in army["sp"].items() if n]
        expect(segments).to_have_count(len(kinds))
        for i, kind in enumerate(kinds):
            segment = segments.nth(i)
            assert segment.get_attribute("data-kind") == kind
            width = float(segment.get_attribute("width") or 0) + 0.25
            assert abs(width - 13 * army["sp"][kind] / army["strength"]) < 0.02, (army["id"], kind)
    # a click on an enemy army says what it is made of (its record sheet is open)
    bmd = next(a for a in view["board"]["armies"] if a["id"] == "bmd")
    counter(page, "bmd").click(force=True)
    hint = page.locator(".prompt-card .click-hint")
    expect(hint).to_contain_text(f"{bmd['sp']['infantry']} inf")
    # a click on the map where no piece stands finds the hex under the pointer: a
    # Swedish hex is out of play for the whole Barbarossa game (special rule 1)
    sweden = _land("sweden")
    assert sweden not in view["board"]["owner"]
    page.mouse.click(*_screen_xy(page, sweden))
    expect(hint).to_contain_text(f"{sweden} is not in play")
    # pointing at a move's button outlines the army's hex on the map
    counter(page, "agn").click(force=True)
    move = page.locator('button[data-verb="move"]:visible').first
    expect(move).to_contain_text("Army Group North")
    move.hover()
    agn = next(a for a in view["board"]["armies"] if a["id"] == "agn")
    expect(page.locator(".board-svg .hgw-hover")).to_have_count(1)
    outlined = page.locator(".board-svg .hgw-hover").get_attribute("data-hover")
    assert outlined == agn["at"]
    problems = axe_problems(page)
    assert not problems, problems


# ----- playing by clicks ---------------------------------------------------------------
def _army_at(view: dict[str, Any], army_id: str) -> str | None:
    for army in view["board"]["armies"]:
        if army["id"] == army_id:
            at: str | None = army["at"]
            return at
    return None


def _army_name(view: dict[str, Any], army_id: str) -> str:
    return str(next(a["name"] for a in view["board"]["armies"] if a["id"] == army_id))


def _click_place(page: Page, place: str) -> None:
    """Click a lit place beside the counters standing in it (a click on a counter of
    one's own that can act selects that army instead, as in every board module)."""
    lit = page.locator(f'.board-svg .hex.target[data-hex="{place}"]')
    expect(lit).to_have_count(1)
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)


def _select(page: Page, army_id: str) -> None:
    piece = counter(page, army_id)
    if piece.get_attribute("aria-pressed") != "true":  # a second click would drop it
        piece.click(force=True)
    expect(piece).to_have_attribute("aria-pressed", "true")


def _click_button(page: Page, action: list[Any]) -> None:
    wanted = json.dumps(action, separators=(",", ":"))
    buttons = page.locator("button[data-action]")
    for i in range(buttons.count()):
        candidate = buttons.nth(i)
        if json.loads(candidate.get_attribute("data-action") or "null") == action and candidate.is_visible():
            candidate.click()
            return
    # the full list of choices, for anything the board and the prompt do not show
    page.locator("details.all-choices > summary, .all-choices summary").first.click()
    for i in range(buttons.count()):
        candidate = buttons.nth(i)
        if json.loads(candidate.get_attribute("data-action") or "null") == action and candidate.is_visible():
            candidate.click()
            return
    raise AssertionError(f"no button for {wanted}")


def _play_by_clicks(page: Page, game_id: str, before: int, view: dict[str, Any], action: list[Any]) -> str:
    """Make one Axis action the way a player does: the counter, then the lit place for
    moves, attacks, advances and exploits; the lit place for destinations, retreats,
    builds in new armies, repairs and assaults (an assault is confirmed in the battle
    dialog); a button for the rest. Returns how it was made."""
    verb = action[0]
    if verb in ("attack", "exploit", "invade", "amphibious_advance"):
        _select(page, action[1])
        if verb == "attack" and not page.locator(".board-svg .hgw-army.committed").count():
            # the first attack: the selection card gives the odds of each lit target
            # (from the ruleset's battle_at and odds, through the server)
            odds = page.locator(".attack-odds li")
            expect(odds.first).to_be_visible()
            for i in range(odds.count()):
                expect(odds.nth(i)).not_to_have_text(re.compile(r"…$"))
            expect(odds.first).to_contain_text("%")
            shot(page, "hgw-board")
        _click_place(page, action[2])
        which_one_if_asked(page, game_id, before, verb, "")
        if verb == "exploit":
            # an exploitation attack is asked first, with its odds, as an assault is
            dialog = page.locator("dialog[open], .modal:visible").first
            dialog.locator("button", has_text="Fight").click()
        return "map"
    if verb == "advance":
        target = next(a for a in view["board"]["armies"] if a["id"] == action[1])["status"]["target"]
        _select(page, action[1])
        _click_place(page, target)
        which_one_if_asked(page, game_id, before, verb, "")
        return "map"
    if verb in ("move", "eliminate", "lose", "invasion") or (verb == "build" and action[2] == "army"):
        _select(page, action[3] if verb == "build" else action[1])
        _click_button(page, action)
        return "counter+button"
    if verb in ("to_place", "to_army", "retreat", "repair") or (verb == "build" and action[2] == "place"):
        if verb == "to_army":
            place, hint = _army_at(view, action[1]), _army_name(view, action[1])
        elif verb == "build":
            place, hint = action[3], action[1]
        else:
            place, hint = action[1], ""
        assert place is not None
        if place == "siberia":
            _click_button(page, action)
            return "button"
        _click_place(page, place)
        which_one_if_asked(page, game_id, before, verb, hint)
        return "map"
    if verb == "assault" and len(action) > 1:
        _click_place(page, action[2])
        which_one_if_asked(page, game_id, before, verb, f"from {action[1]}")
        dialog = page.locator("dialog[open], .modal:visible").first
        dialog.locator("button", has_text="Fight").click()
        return "map+confirm"
    _click_button(page, action)
    return "button"


def _version(driver: ApiDriver, game_id: str) -> int:
    return int(driver.get(f"/api/games/{game_id}")["version"])


def _take(page: Page, driver: ApiDriver, game_id: str, view: dict[str, Any], action: list[Any]) -> str:
    before = _version(driver, game_id)
    how = _play_by_clicks(page, game_id, before, view, action)
    until_the_server_has_it(page, game_id, before, f"{action} made by {how}")
    return how


def _policy(agent: Any, view: dict[str, Any], chain: dict[str, Any]) -> list[Any]:
    """The heuristic's choice, except in exploitation: keep exploiting with the army
    that exploited last while it may (an exploitation chain), else with the first."""
    legal = [tuple(a) for a in view["legal"]]
    if view["board"]["step"] == "exploitation":
        exploits = [a for a in legal if a[0] == "exploit"]
        same = [a for a in exploits if a[1] == chain.get("army")]
        if same or (exploits and chain.get("army") is None):
            choice = (same or exploits)[0]
            chain["army"] = choice[1]
            return list(choice)
    return list(agent.act(view, legal))


def test_a_barbarossa_turn_against_the_ai_with_an_exploitation_chain(page: Page) -> None:
    """The Axis player turn of Summer 1941 played by clicks (Player Turn Sequence):
    strategic redeployment between armies (Movement), initial attacks named by army and
    target hex (Initial Attack 1-3), assaults confirmed with their odds, advances
    (Advance Resolution), an exploitation chain of one army that advances again and
    again (Exploitation Attacks 1-4), and production; then the Soviet AI plays its turn
    and the Axis has its second turn."""
    game_id = _start(page)
    driver = ApiDriver(page)
    agent = make_heuristic(11)
    chain: dict[str, Any] = {}
    made: dict[str, set[str]] = {}
    view = until_legal(page, game_id, "axis", {"move", "end_movement"})
    first_turn = view["board"]["turn_index"]
    for _ in range(400):
        # the Axis alone to act and the page drawn there: the clicks below find what
        # they click (a redraw in between would take a counter or a hex from under them)
        view = until_alone_to_act(page, game_id, "axis")["views"]["axis"]
        if view["board"]["turn_index"] > first_turn and view["board"]["player"] == "axis":
            break
        expect(page.locator(".board-svg")).to_have_attribute("data-painted", "5650")
        action = _policy(agent, view, chain)
        how = _take(page, driver, game_id, view, action)
        made.setdefault(action[0], set()).add(how)
    else:
        raise AssertionError("the Axis never reached its second turn")
    log = view["log"]
    assert made["move"] == {"counter+button"}
    assert made["to_army"] == {"map"}  # points redeployed into another army
    assert made["attack"] == {"map"}
    assert made["assault"] & {"map+confirm"}
    assert made["advance"] == {"map"}
    assert made["end_production"] == {"button"}
    assert made.get("build"), made  # production: points built in an army or a new one
    # the exploitation chain: one army exploited, advanced, and exploited again
    army = chain["army"]
    name = _army_name(view, army)
    exploits = [line for line in log if line.startswith(f"{name} exploits against")]
    assert len(exploits) >= 2, exploits
    # the Soviet AI played its turn in between
    assert "Summer 1941: soviet player turn" in log


INVADER = "7a"  # The Fall of Germany: the Seventh Army, half amphibious, in the port 1934


def test_an_amphibious_invasion_by_clicks(page: Page) -> None:
    """The Fall of Germany with the Allies played in the page and the Axis and Soviets by
    the AI: in the first Allied combat phase the Seventh Army (three amphibious points of
    six, in the port 1934) is named against an Axis coastal hex by a click on the army and
    one on the hex (Invasion Procedure 1-3), the invasion is resolved before any other
    attack (Invasion Procedure 5), with the escort and the invasion assault chosen by
    buttons (Invasion Resolution 1; Invasion Assault 1-2), any loss taken on the army's
    amphibious points (Defensive Assault against invaders 1-3); the Invasion Advance roll
    decides, and the board and the log agree on where the army ends."""
    seats = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}
    game_id = _start(page, "fall_of_germany", seats)
    driver = ApiDriver(page)
    view = until_legal(page, game_id, "allied", {"end_movement"})
    assert view["scenario"] == "fall_of_germany"
    assert _army_at(view, INVADER) == "1934"
    # the AI's turns came to the page by pushes, which a loaded machine delays
    the_page_shows(page, driver.get(f"/api/games/{game_id}"))
    expect(button(page, "end_movement")).to_be_visible()
    end_phase(page, "end_movement")  # no redeployment: the army invades from where it stands
    view = until_legal(page, game_id, "allied", {"invade"})
    targets = [a[2] for a in view["legal"] if a[0] == "invade" and a[1] == INVADER]
    enemy = [t for t in targets if view["board"]["owner"].get(t) == "axis"]
    # 1634, French coast three sea steps from Algiers: no extension, out of the
    # Kriegsmarine's reach (Kiel) and of any coastal air
    target = "1634" if "1634" in enemy else enemy[0]
    # the army selected, its invasion targets are lit on the map, beyond its neighbours
    _select(page, INVADER)
    for place in (target, *enemy[:3]):
        expect(page.locator(f'.board-svg .hex.target[data-hex="{place}"]')).to_have_count(1)
    assert _take(page, driver, game_id, view, ["invade", INVADER, target]) == "map"
    log = page.locator(".log-card .log-lines")
    expect(log).to_contain_text(f"allied announces Seventh Army's invasion of {target}")
    expect(counter(page, INVADER)).to_have_class(re.compile(r"\bcommitted\b"))
    # the counter's tooltip says what the army will do: invade, not attack
    expect(counter(page, INVADER).locator("title")).to_contain_text(f"invading {target}")
    expect(button(page, "end_announce")).to_be_visible()
    end_phase(page, "end_announce")
    made: list[str] = []
    for _ in range(60):
        view = until_alone_to_act(page, game_id, "allied")["views"]["allied"]
        step = view["board"]["step"]
        if step not in ("invasions", "invasion_attack", "losses", "def_assault"):
            break
        legal = [list(a) for a in view["legal"]]
        choice = next(
            (a for a in legal if a[0] in ("invasion", "no_escort", "assault")),
            # losses: Defensive Assault against invaders 2 wants amphibious points first
            next((a for a in legal if a[:3] == ["lose", INVADER, "amphibious"]), legal[0]),
        )
        _take(page, driver, game_id, view, choice)
        made.append(choice[0])
    else:
        raise AssertionError(f"the invasion never ended; last step {view['board']['step']!r}")
    assert made[0] == "invasion"  # the declared invasion resolved by the player's choice
    assert "assault" in made  # the invasion assault, chosen in the page
    lines = [line for line in view["log"] if " invading vs " in line]  # Invasion Advance 1
    assert lines, view["log"][-12:]
    landed = lines[-1].endswith("advances")
    at = _army_at(view, INVADER)
    if landed:  # Invasion Advance 1-3: ashore, and the hex is the Allies'
        assert at == target
        assert view["board"]["owner"][target] == "allied"
        assert view["board"]["beachheads"][target]["side"] == "allied"  # Invasion Procedure 4
    else:  # Invasion Advance 3: a failed invader stays in its port
        assert at in ("1934", None)
    stack = page.locator(f'.board-svg .hgw-stack[data-stack="{at}"] .counter[data-uid="{INVADER}"]')
    if at is not None:
        expect(stack).to_have_count(1)
    expect(log).to_contain_text(lines[-1])
    shot(page, "hgw-invasion")


def test_an_army_redeploys_by_sea_into_the_us_box(page: Page) -> None:
    """The sea boxes as places (Barbarossa special rule 6; Off-Map Combat 1): in The Fall
    of Germany the Allied player moves a whole army of three points or fewer by its
    counter and the buttons over the seas into the U.S. box (hex 1909), which the
    three-point lane to and from the U.S. and Canada allows (Strength Point Movement
    Across Seas 1); the counter is then drawn on the box's hex and the log names the
    lane."""
    seats = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}
    game_id = _start(page, "fall_of_germany", seats)
    driver = ApiDriver(page)
    view = until_legal(page, game_id, "allied", {"end_movement"})
    legal = [list(a) for a in view["legal"]]
    small = [
        ["move", a["id"], "army", a["strength"]]
        for a in view["board"]["armies"]
        if a["side"] == "allied" and a["at"] and a["strength"] <= 3
    ]
    move = next(a for a in small if a in legal)
    army = move[1]
    assert _take(page, driver, game_id, view, move) == "counter+button"
    view = _view(driver, game_id, "allied")
    assert ["to_place", "1909"] in [list(a) for a in view["legal"]]
    before = _version(driver, game_id)
    _click_button(page, ["to_place", "1909"])
    until_the_server_has_it(page, game_id, before, "the U.S. army's move to its box")
    view = _view(driver, game_id, "allied")
    assert _army_at(view, army) == "1909"
    stack = page.locator(f'.board-svg .hgw-stack[data-stack="1909"] .counter[data-uid="{army}"]')
    expect(stack).to_have_count(1)
    expect(page.locator(".log-card .log-lines")).to_contain_text("U.S. and Canada")


def test_campaign_game_i_is_offered_and_its_board_loads(page: Page) -> None:
    """The lobby's new-game form offers Campaign Game I (from the ruleset's scenarios);
    its board loads with the unaligned countries in play: the Axis sees its armies, and
    a click on unaligned Poland says what attacking it means."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto("/")
    form = page.locator("form.new-game")
    expect(form.locator("button[type=submit]")).to_be_visible()
    options = form.locator("select[name=scenario] option")
    expect(options.filter(has_text="Campaign Game I:")).to_have_count(1)
    expect(options.filter(has_text="Campaign Game II:")).to_have_count(1)
    game_id = _start(page, "campaign_1", {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"})
    view = until_legal(page, game_id, "axis", {"move", "end_movement"})
    assert view["scenario"] == "campaign_1"
    assert view["board"]["unaligned"]["1339"] == "poland"
    expect(counter(page, "ags")).to_be_visible()
    expect(counter(page, "it")).to_have_count(0)  # the Italian Army waits for Italy
    expect(prompt(page)).to_contain_text("redeploys")
    hexes = json.loads(MAP.read_text(encoding="utf-8"))["hexes"]
    expect(page.locator(".board-svg")).to_have_attribute("data-painted", str(len(hexes)))


def test_campaign_game_i_france_is_drawn_apart_and_gets_lend_lease_by_button(page: Page) -> None:
    """Activity Limitations 1, 4, 8 (G17.1, G17.8) in the browser: the record sheet
    marks the French armies, a French counter on the map carries its nation; in the
    Allied production phase the prompt counts France's own budget, the lend-lease
    button moves one Allied point to it, and French builds are buttons of their own."""
    game_id = _start(page, "campaign_1", {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"})
    driver = ApiDriver(page)
    view = until_legal(page, game_id, "allied", {"end_movement"})
    french = [a for a in view["board"]["armies"] if a["nation"]]
    assert sorted(a["id"] for a in french) == ["2fa", "afa", "ffa", "levant"]
    for army in french:
        row = page.locator(f'.hgw-record tr[data-army="{army["id"]}"] .hgw-nation-tag')
        expect(row).to_have_text(" Fr")
    for army in (a for a in french if a["at"]):
        expect(counter(page, army["id"])).to_have_attribute("data-nation", "french")
        expect(counter(page, army["id"]).locator(".hgw-nation")).to_have_count(3)
    ending = ("end_movement", "end_announce", "no_defensive_assault", "to_advances", "to_exploitation")
    ending += ("end_combat",)
    for _ in range(20):
        view = _view(driver, game_id, "allied")
        if any(a[0] == "lend_lease_france" for a in view["legal"]):
            break
        action = next((a for a in view["legal"] if a[0] in ending), None)
        if action is None:
            page.wait_for_timeout(250)
            continue
        driver.act(game_id, "allied", action)
    else:
        raise AssertionError("the Allies never reached their production phase")
    french_budget = view["board"]["frame"]["french"]
    expect(prompt(page)).to_contain_text(f"(France: {french_budget})")
    button(page, "lend_lease_france").click()
    expect(prompt(page)).to_contain_text(f"(France: {french_budget + 1})")
    # builds are the map's targets: a French production hex offers France's own builds
    french_builds = page.get_by_role("button", name=re.compile(r"French infantry point in a new French army"))
    expect(french_builds.first).to_be_attached()
    assert french_builds.count() >= 1


# ----- issue 9 on this board: phone, keyboard, game over ---------------------------------------
def test_a_phone_shows_the_front_filled_and_the_prompt(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=SEED)
    until_legal(page, game_id, "axis", {"move", "end_movement"})
    expect(button(page, "end_movement")).to_be_visible()
    assert_first_screen(page, prompt(page), 844)
    expect_board_covers_its_box(page)
    end = button(page, "end_movement").bounding_box()
    assert end is not None and end["height"] >= 44
    shot(page, "hgw-phone")
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)


def test_by_keyboard_select_an_army_zoom_and_end_the_step(page: Page) -> None:
    game_id = _start(page)
    until_legal(page, game_id, "axis", {"move", "end_movement"})
    # an army: focus its counter, Enter selects it, Escape lets it go
    counter(page, "agn").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".selection-card")).to_contain_text("AGN")
    page.keyboard.press("Escape")
    expect(page.locator(".selection-card")).not_to_contain_text("AGN")
    page.locator(".board-svg").focus()
    before = board_scale(page)
    page.keyboard.press("+")
    assert board_scale(page) > before
    # e: the ending button (asking first when armies could still move)
    page.keyboard.press("e")
    dialog = modal(page)
    if dialog.count():
        dialog.locator("button.primary").click()
    expect(prompt(page)).not_to_contain_text("redeploys")


def test_game_over_names_the_winner_and_plots_the_game(page: Page) -> None:
    game_id = _start(page)
    # the Soviet AI's simultaneous steps redraw the side panel: click once the Axis alone is to act
    until_alone_to_act(page, game_id, "axis")
    page.get_by_role("button", name="Resign axis").click()
    modal(page).get_by_role("button", name="Resign axis").click()
    banner = page.locator(".banner")
    expect(banner.locator(".banner-title")).to_have_text("You lose — soviet wins")
    expect(banner.locator(".banner-reason")).to_contain_text("Reason:")
    charts = banner.locator(".game-charts .chart")
    expect(charts).to_have_count(3)
    for i, title in enumerate(["Strength points", "Places held", "Armies on the map"]):
        expect(banner.locator(".game-charts figcaption").nth(i)).to_contain_text(title)
        expect(charts.nth(i).locator("polyline")).to_have_count(2)
