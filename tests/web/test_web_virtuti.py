"""Virtuti Militari in the browser (issue 13, section 4): the area map drawn from the
board data (games/virtuti/board_data.py) by web/games/virtuti.js, its four map modes,
the side panels, a Full Campaign turn played against the heuristic AI through every
phase, a battle with its secret card and air support choices, and the secret orders
of the other player kept out of the page until their reveal (General Rules, Access
To Information; Planning Phase)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    axe_problems,
    button,
    open_saved_game,
    shot,
    start_game,
    the_page_has_settled,
    until_alone_to_act,
    until_the_server_has_it,
)

from grognard.agents import make_agent
from grognard.games.virtuti import RULESET as VIRTUTI
from grognard.games.virtuti.board_data import board_data

#: Enough polls of the game for the server's AI to answer (each poll waits 250 ms).
POLLS = 240


def _view(driver: ApiDriver, game_id: str, seat: str) -> dict[str, Any]:
    view: dict[str, Any] = driver.get(f"/api/games/{game_id}")["views"][seat]
    return view


def _start(page: Page, seat: str = "axis", seed: int = 5) -> str:
    other = "allies" if seat == "axis" else "axis"
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={seat: "me", other: "ai:heuristic"},
        seed=seed,
    )
    expect(page.locator(".vm-area")).to_have_count(len(board_data()["map"]["land_areas"]))
    return game_id


def test_map_painted_with_sea_zones_ports_and_units(page: Page) -> None:
    """The whole area map: every land area, the sea zones and the ports are drawn, with
    the units of the Full Campaign set-up and the map's fortifications; the page logs no
    error (the client asks for Virtuti's odds form, which exists: no 404), and the
    rules help names the rules of the phase being played (web/games/help/virtuti.json)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    _start(page)
    expect(page.locator(".rules-help")).to_be_visible()
    expect(page.locator(".rules-help summary")).to_contain_text("Rules for this step: P")
    data = board_data()["map"]
    expect(page.locator(".vm-sea")).to_have_count(len(data["sea_zones"]))
    expect(page.locator(".vm-port")).to_have_count(len(data["ports"]))
    assert page.locator(".vm-unit").count() > 50
    expect(page.locator(".vm-area[data-area=berlin]")).to_have_count(1)
    expect(page.locator(".vm-fort")).not_to_have_count(0)
    for _ in range(2):
        page.get_by_role("button", name="Zoom in").click()
    shot(page, "virtuti-map-start")
    # every panel open: nothing serious for a screen reader or the contrast checker
    closed = page.locator(".vm-section:not([open]) > summary")
    while closed.count():
        closed.first.click()
    assert axe_problems(page) == []
    assert errors == []


def _post(driver: ApiDriver, game_id: str, seat: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": action, "expected_version": version}
    )


def _wait_for(
    page: Page, driver: ApiDriver, game_id: str, seat: str, ready: Any, settle: bool = True
) -> dict[str, Any]:
    """The seat's view once it alone is to act and `ready(view)` holds (the AI plays the
    other seat meanwhile, and its simultaneous choices could change what was read)."""
    game = until_alone_to_act(page, game_id, seat, lambda g: bool(ready(g["views"][seat])), settle=settle)
    view: dict[str, Any] = game["views"][seat]
    return view


def _name(area: str) -> str:
    names = {
        a["id"]: a["name"] for key in ("land_areas", "ports", "sea_zones") for a in board_data()["map"][key]
    }
    return names[area]


def _mine(view: dict[str, Any]) -> bool:
    return bool(view["legal"])


def _fill(page: Page, area: str) -> str | None:
    value: str | None = page.locator(f".vm-area[data-area={area}] .tile").get_attribute("fill")
    return value


def test_map_modes_colour_the_areas_by_faction_weather_politics_and_supply(page: Page) -> None:
    """The four view modes: faction (who holds an area), weather (the mud areas of the
    first turn), political (countries and their status) and supply (own areas in supply)."""
    game_id = _start(page)
    driver = ApiDriver(page)
    board = _view(driver, game_id, "axis")["board"]
    mud = next(a for a, w in board["weather"].items() if w == "mud")
    neutral = next(a for a in board["weather"] if a not in board["control"])
    assert _fill(page, "berlin") == "#9a9a9a"  # Axis-held
    assert _fill(page, "paris") == "#8fb0dd"  # Western Allied
    assert _fill(page, neutral) == "#d8cfb2"
    page.locator(".vm-mode[data-mode=weather]").click()
    expect(page.locator(".board-svg[data-mode=weather]")).to_have_count(1)
    assert _fill(page, mud) == "#9c7a4c"
    clear = next(a for a, w in board["weather"].items() if w == "clear")
    assert _fill(page, clear) == "#e6dfbf"
    page.locator(".vm-mode[data-mode=political]").click()
    expect(page.locator(".board-svg[data-mode=political]")).to_have_count(1)
    # each country its colour (test_web_virtuti_screens.py), its status in the area's tip
    spain = page.locator(".vm-area[data-area=madrid] > title")
    expect(spain).to_contain_text("Spain: neutral")  # Spain starts neutral
    poland = page.locator(".vm-area[data-area=warsaw] > title")
    expect(poland).to_contain_text("Poland: active (Western Allies)")  # Poland fights with them
    page.locator(".vm-mode[data-mode=supply]").click()
    expect(page.locator(".board-svg[data-mode=supply]")).to_have_count(1)
    assert _fill(page, "berlin") == "#8cc56f"  # the Axis's own, in supply
    expect(page.locator(".vm-mode[data-mode=supply]")).to_have_attribute("aria-pressed", "true")
    # the diplomacy screen: key areas and when a country surrenders
    page.locator(".vm-section[data-section=diplomacy] summary").click()
    poland = page.locator(".vm-diplomacy tr[data-country=poland]")
    expect(poland).to_contain_text("Warsaw")
    expect(poland).to_contain_text("surrenders when enemies of the Western Allies hold all")


def _to_planning(page: Page, driver: ApiDriver, game_id: str) -> dict[str, Any]:
    """Axis plays its strategic cards and ends production through the API, and waits
    for the planning phase with the AI's Allied orders already confirmed."""
    for _ in range(12):
        view = _wait_for(page, driver, game_id, "axis", _mine)
        if view["board"]["phase"] == "planning":
            break
        _post(driver, game_id, "axis", view["legal"][0] if view["legal"][0][0] != "done" else ["done"])
    return _wait_for(
        page,
        driver,
        game_id,
        "axis",
        lambda v: v["board"]["phase"] == "planning" and v["board"]["secret"]["waiting_for"] == ["axis"],
    )


@pytest.mark.rules("G1.1", "P6.0")
def test_secret_allied_orders_are_not_in_the_page_before_the_reveal(page: Page) -> None:
    """Planning Phase (orders placed in secret, revealed together): while the Axis
    player still places its orders, the Allied orders the AI has placed and confirmed
    are nowhere in the page (no token, no log line); once the Axis confirms, they
    appear on the map. The Axis places one order by clicking an area."""
    game_id = _start(page, seed=7)
    driver = ApiDriver(page)
    view = _to_planning(page, driver, game_id)
    # the Axis alone plans now: the page drawn again and settled, so that no redraw
    # (its websocket's first view) takes an area away under a click
    until_alone_to_act(page, game_id, "axis", reload=True)
    expect(page.locator(".vm-area")).not_to_have_count(0)
    # a click where no order may go says why (Planning Phase: orders go on own units)
    page.locator(".vm-area[data-area=madrid]").click()
    expect(page.locator(".prompt-card")).to_contain_text("Orders go where your units are: Madrid has none")
    shot(page, "virtuti-planning")
    order = next(a for a in view["legal"] if a[0] == "order" and a[2] == "move")
    area = order[3]
    # (forced: the area's middle is under its own units, a click there is the area's)
    page.locator(f".vm-area[data-area={area}]").click(force=True)
    menu = page.locator(".action-menu:not([hidden])")
    if menu.count():
        menu.locator("button[data-verb=order]", has_text="Move order").first.click()
    expect(page.locator(f".vm-order[data-order={area}]")).to_have_count(1)
    expect(page.locator(".vm-order circle[fill='#2b5bb5'], .vm-order circle[fill='#b52a24']")).to_have_count(
        0
    )
    before = page.content()
    button(page, "done").click()
    view = _wait_for(page, driver, game_id, "axis", lambda v: v["board"]["phase"] != "planning")
    allied = [a for a, o in view["board"]["orders"].items() if o["f"] != "axis"]
    assert allied, "the AI placed no orders"
    for where in allied:
        assert f'data-order="{where}"' not in before
    # every secret line in the page was one of the Axis's own
    own = {int(n) for line in view["log"] for n in re.findall(r"^\(secret (\d+)\)", line)}
    shown = {int(n) for n in re.findall(r"\(secret (\d+)\)", before)}
    assert shown and shown <= own, shown - own
    expect(
        page.locator(".vm-order circle[fill='#2b5bb5'], .vm-order circle[fill='#b52a24']")
    ).not_to_have_count(0)


#: Verbs whose last argument is the area to click on the map (after the unit, for send).
AREA_VERBS = {"execute": 1, "remove": 1, "retreat": 1, "send": 2, "deploy": 4, "deploy_sub": 2}


def _click_action(page: Page, driver: ApiDriver, game_id: str, action: list[Any]) -> None:
    """Play a legal action as a player would: its button (in the prompt, or in "All N
    choices"), or for an action about an area that has no button, a click on the map
    (the unit first for a move); then wait for the server to take it."""
    game = driver.get(f"/api/games/{game_id}")
    version = game["version"]
    # the page drawn up to here: a push still on its way would redraw it and take the
    # keyboard focus (the map's way below) from the element it was given to
    the_page_has_settled(page, game)
    js = json.dumps(action, separators=(",", ":"))
    target = page.locator(f".prompt-card button[data-action='{js}']").first
    if action[0] in AREA_VERBS and not target.is_visible():
        # the keyboard way (a lit area or a selectable unit takes the focus; Enter acts):
        # small areas hide under their neighbours' labels at the fitted zoom
        if action[0] == "send":
            page.locator(f".vm-unit[data-uid={action[1]}]").focus()
            page.keyboard.press("Enter")
        area = action[AREA_VERBS[action[0]]]
        page.locator(f".target[data-area={area}]").first.focus()
        page.keyboard.press("Enter")
        menu = page.locator(".action-menu:not([hidden])")
        if menu.count():
            menu.locator(f"button[data-verb={action[0]}]").first.click()
        until_the_server_has_it(page, game_id, version, action)
        return
    target.wait_for(state="attached")  # the page may not have drawn the newest view yet
    if not target.is_visible():
        page.locator(".prompt-card details.all-choices summary").click()
    target.click()
    if action == ["go"]:  # a Go that starts a battle asks first (test_web_virtuti_go.py)
        fight = page.locator(".modal-backdrop .modal button.primary")
        for _ in range(POLLS):
            if fight.count() or driver.get(f"/api/games/{game_id}")["version"] != version:
                break
            page.wait_for_timeout(100)
        if fight.count():
            fight.first.click()
    until_the_server_has_it(page, game_id, version, action)


def _in_battle_choice(view: dict[str, Any]) -> bool:
    board = view["board"]
    return board["battle"] is not None and any(a[0] in ("card", "air") for a in view["legal"])


BATTLE_SEATS = {"axis": "me", "allies": "ai:heuristic"}


def _to_a_dry_land_battle_choice() -> list[list[Any]]:
    """The moves of a Full Campaign game (seed 5) played by the heuristic on both sides
    until the Axis first chooses a battle card in a battle on dry land (step 3, air
    support, is skipped at sea and in mud). Played here rather than through the server,
    then opened as a saved game: the page is only needed for the battle itself."""
    state = VIRTUTI.new_game("full_campaign", seed=5)
    agents = {"axis": make_agent("heuristic", "virtuti", 11), "allies": make_agent("heuristic", "virtuti", 3)}
    moves: list[list[Any]] = []
    for _ in range(3000):
        roles = state.active_roles()
        if "axis" in roles:
            view = {**state.view("axis"), "legal": [list(a) for a in state.legal_actions("axis")]}
            board = view["board"]
            if (
                board["phase"] == "operations"
                and _in_battle_choice(view)
                and not board["battle"]["sea"]
                and board["weather"].get(board["battle"]["area"]) != "mud"
            ):
                return moves
        role = roles[0]
        view, legal = state.view(role), state.legal_actions(role)
        if role == "axis" and view["board"]["phase"] == "strategic_air":
            # the card with the most air support, so that the Axis has tokens to commit
            action = max(legal, key=lambda a: board_data()["cards"].get(a[2], {}).get("air", -1))
        else:
            action = agents[role].act(view, legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("no dry-land battle for the Axis")


@pytest.mark.rules("B1.2", "B1.3")
def test_battle_with_secret_card_and_air_support_choices(page: Page) -> None:
    """Battle steps 2 and 3: the Axis player picks its battle card and commits an air
    support token with the buttons of the battle prompt; the other side's card is not
    in the page until both have chosen, then the battle panel shows both cards."""
    moves = _to_a_dry_land_battle_choice()
    body = {"ruleset": "virtuti", "scenario": "full_campaign", "seats": BATTLE_SEATS, "seed": 5}
    game_id, _ = open_saved_game(page, {**body, "moves": moves}, "axis")
    driver = ApiDriver(page)
    view = _view(driver, game_id, "axis")
    assert _in_battle_choice(view), view["board"]["step"]
    battle = view["board"]["battle"]
    expect(page.locator(".vm-section[data-section=battle] summary")).to_contain_text(_name(battle["area"]))
    expect(page.locator(".vm-area.battle-area, .vm-sea.battle-area, .vm-port.battle-area")).to_have_count(1)
    # the other side may have chosen already: nothing of its card is in the battle panel
    expect(page.locator(".vm-section[data-section=battle]")).to_contain_text("chosen in secret")
    expect(page.locator(".vm-revealed")).to_have_count(0)
    card = next(a for a in view["legal"] if a[0] == "card")
    _click_action(page, driver, game_id, card)
    view = _wait_for(
        page,
        driver,
        game_id,
        "axis",
        lambda v: v["board"]["battle"] is None or "cards" in v["board"]["battle"],
    )
    assert view["board"]["battle"] is not None, "the battle ended before its air support step"
    fought = view["board"]["battle"]
    names = board_data()["cards"]
    mine = "attack" if fought["att"] == "axis" else "defence"
    assert fought["cards"][mine] == card[2]
    other = fought["cards"]["defence" if mine == "attack" else "attack"]
    revealed = page.locator(".vm-revealed")
    expect(revealed).to_contain_text(names[card[2]]["name"])
    if other:
        expect(revealed).to_contain_text(names[other]["name"])
    for _ in range(2):
        page.get_by_role("button", name="Zoom in").click()
    shot(page, "virtuti-board")
    air = [a for a in view["legal"] if a[0] == "air"]
    assert air, "the Axis drew air support tokens with its strategic card"
    _click_action(page, driver, game_id, air[0])
    if ["done"] in _view(driver, game_id, "axis")["legal"]:
        _click_action(page, driver, game_id, ["done"])
    view = _wait_for(
        page, driver, game_id, "axis", lambda v: any("axis commits air support" in line for line in v["log"])
    )
    committed = next(line for line in view["log"] if "axis commits air support" in line)
    assert f"'{air[0][2]}'" in committed
    expect(page.locator(".log-box").get_by_text(committed)).not_to_have_count(0)


def _order_by_map(page: Page, driver: ApiDriver, game_id: str, action: list[Any]) -> None:
    """Place an order the natural way: click its area on the map, then pick the order
    in the menu when the area takes several."""
    _, _, order, area = action
    game = driver.get(f"/api/games/{game_id}")
    version = game["version"]
    selector = f".vm-area[data-area={area}], .vm-port[data-area={area}]"
    # the page drawn after the last order, and nothing moves until the Axis does: what
    # is found now is what is clicked
    the_page_has_settled(page, game)
    # a point of the area that is on top there (a small area's centre may lie under a
    # neighbour's label or marker): where a player would click
    point = page.evaluate(
        """(sel) => {
            const box = document.querySelector(sel)?.getBoundingClientRect();
            if (!box || !box.width) return null;
            for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
                const x = box.x + (box.width * i) / 12, y = box.y + (box.height * j) / 12;
                const el = document.elementFromPoint(x, y);
                if (el && el.closest(sel)) return [x, y];
            }
            return null;
        }""",
        selector,
    )
    assert point is not None, f"no visible point of {area} to click"
    page.mouse.click(point[0], point[1])
    known = board_data()["orders"][order]  # the order by its name: "Move +2", not "move_plus_2"
    words = str(known["kind"]).replace("_", " ")
    bonus = f" +{known['bonus']}" if known["bonus"] else ""
    label = f"Axis: {words[0].upper()}{words[1:]}{bonus} order in {_name(area)}"
    menu = page.locator(".action-menu:not([hidden])")
    if menu.count():
        menu.get_by_role("menuitem", name=label, exact=True).click()
    until_the_server_has_it(page, game_id, version, action)


@pytest.mark.rules("P1.0")
def test_full_campaign_turn_against_the_ai_through_every_phase(page: Page) -> None:
    """A whole Full Campaign turn played in the page against the heuristic AI: the
    strategic cards, production, orders placed by clicking areas, the operations and
    their battles, diplomacy; events, supply and the summary run by themselves, and
    the page then shows Autumn 1939."""
    game_id = _start(page, seed=9)
    driver = ApiDriver(page)
    agent = make_agent("heuristic", "virtuti", 3)
    played: set[str] = set()
    by_map = 0
    for _ in range(600):
        view = _wait_for(
            page, driver, game_id, "axis", lambda v: bool(v["legal"]) or v["board"]["turn_no"] > 1
        )
        if view["board"]["turn_no"] > 1:
            break
        played.add(view["board"]["phase"])
        action = list(agent.act(view, [tuple(a) for a in view["legal"]]))
        if action[0] == "order" and by_map < 3:
            _order_by_map(page, driver, game_id, action)
            by_map += 1
        else:
            _click_action(page, driver, game_id, action)
    else:
        raise AssertionError("the first turn did not end")
    assert {"strategic_pp", "strategic_air", "production", "planning", "operations", "diplomacy"} <= played
    assert by_map == 3
    expect(page.locator(".prompt-card")).to_contain_text("Autumn 1939", ignore_case=True)
    assert "--- Autumn 1939 (turn 2) ---" in view["log"]
    shot(page, "virtuti-turn-2")
    # the replay page draws the same board, here as the Axis saw its first decision
    page.goto(f"/#/replay/{game_id}?step=1&seat=axis")
    expect(page.locator(".vm-area")).to_have_count(len(board_data()["map"]["land_areas"]))
    expect(page.locator(".vm-unit")).not_to_have_count(0)
