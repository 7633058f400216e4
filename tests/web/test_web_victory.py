"""Victory in the browser (issue 10, "Playing it in the browser"): a Quick Start game
against the heuristic AI on the board module games/victory.js. Blue deploys a block
by clicking it in the tray and then a lit hex (1.4), moves one and attacks with
another by clicking, fires in the battle (6.3, 6.4) and retreats by clicking (6.5);
its blocks are turned to their strength (4.0, 6.2). Red's blocks stay blank: no red
block id reaches the page unless the battle shows it, and a blank block carries no
text, title or data attribute (the Fog of War sidebar)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    button,
    end_phase,
    modal,
    prompt,
    reload_and_settle,
    shot,
    start_game,
    until_legal,
    which_one_if_asked,
)

from grognard.games.victory import RULESET as VICTORY

SEED = 3
ATTRIBUTE_NAMES = "g => [g, ...g.querySelectorAll('*')].flatMap(n => [...n.attributes].map(a => a.name))"


def _red_secrets() -> dict[str, str]:
    """Red's block ids and unit types, as dealt by the seed (1.4: random Quick Start units)."""
    state = VICTORY.new_game("quick-start", {}, SEED)
    return {bid: b["type"] for bid, b in state.data["blocks"].items() if b["owner"] == "red"}


def _assert_red_blank(page: Page, shown: set[str]) -> None:
    """Blank red blocks carry no text, title or data attribute, and no red block id is
    in the page but those the battle has shown."""
    blanks = page.locator(".board-svg .block-hidden")
    assert blanks.count() > 0
    for i in range(min(blanks.count(), 12)):
        blank = blanks.nth(i)
        assert blank.text_content() == ""
        assert blank.locator("text, title").count() == 0
        names = blank.evaluate(ATTRIBUTE_NAMES)
        assert not [n for n in names if n.startswith("data-")], names
        holder = blank.locator("xpath=..")
        assert holder.get_attribute("data-uid") is None
    html = page.content()
    leaked = [bid for bid in _red_secrets() if bid not in shown and bid in html]
    assert not leaked, leaked


def _reach(view: dict[str, Any], attack: list[Any]) -> tuple[int, int]:
    """How sure an attack is to give its block something to fire at: onto land, with
    fire against as many target groups (A-N-G, 6.4) as may be."""
    block = next(b for b in view["board"]["blocks"] if b.get("id") == attack[1])
    land = next(x["terrain"] != "sea" for x in view["board"]["hexes"] if x["id"] == attack[2])
    return int(land), sum(1 for n in str(block["firepower"]).split("-") if n != "0")


def _click_hex(page: Page, hex_id: str) -> None:
    """Click a hex: on its stack of blocks when it has one, else on the hex itself."""
    stack = page.locator(f'.board-svg [data-stack="{hex_id}"]')
    if stack.count():
        stack.locator(".vi-block").first.click()
    else:
        page.locator(f'.board-svg .hex[data-hex="{hex_id}"]').click()


@pytest.mark.rules("1.4", "4.0", "6.2", "6.3", "6.4", "6.5")
def test_quick_start_against_the_ai_deploy_move_attack_fire_retreat(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        seats={"blue": "me", "red": "ai:heuristic"},
        seed=SEED,
    )
    driver = ApiDriver(page)
    board = page.locator(".board-svg")
    # the assembled map: every hex of the view, with its cities' PP values and hexsides
    view = until_legal(page, game_id, "blue", {"deploy"})
    hexes = view["board"]["hexes"]
    expect(board.locator(".hex")).to_have_count(len(hexes))
    cities = [x for x in hexes if x["city"]]
    expect(board.locator(".vi-city")).to_have_count(len(cities))
    for city in cities:
        expect(board.locator(f'.hex[data-hex="{city["id"]}"] .vi-pp')).to_have_text(str(city["city"]))
    features = {f for fs in view["board"]["hexsides"].values() for f in fs}
    for feature in {"river", "road", "bridge", "alpine"} & features:
        assert board.locator(f'[data-feature="{feature}"]').count() > 0, feature
    expect(board.locator(".vi-port")).to_have_count(sum(1 for x in hexes if x["port"]))

    # 1.4 deployment: a block from the tray onto a lit city
    deploy = next(a for a in view["legal"] if a[0] == "deploy")
    bid, city_hex = deploy[1], deploy[2]
    page.locator(f'.tray .tray-unit[data-uid="{bid}"]').click()
    lit = board.locator(".hex.target")
    expect(lit.first).to_be_visible()
    lit_ids = {lit.nth(i).get_attribute("data-hex") for i in range(lit.count())}
    assert lit_ids == {a[2] for a in view["legal"] if a[0] == "deploy" and a[1] == bid}
    _click_hex(page, city_hex)
    placed = board.locator(f'[data-stack="{city_hex}"] .counter[data-uid="{bid}"] .block-shown')
    expect(placed).to_be_visible()
    mine = next(b for b in view["board"]["blocks"] if b.get("id") == bid)
    expect(placed).to_have_attribute("data-steps", str(mine["steps"]))
    # 4.0, 6.2: turned so that its strength reads on the top edge
    turn = (mine["steps"] - mine["max_steps"]) * 90
    expect(placed.locator(".block-steps")).to_have_attribute("transform", f"rotate({turn})")
    # the rest of blue's deployment through the API, spread over the cities
    for i in range(200):
        view = driver.view(game_id, "blue")
        if not any(a[0] == "deploy" for a in view["legal"]):
            break
        deploys = [a for a in view["legal"] if a[0] == "deploy"]
        driver.act(game_id, "blue", deploys[(i * 7) % len(deploys)])

    # blue's move phase: move a block to an empty hex, then attack with another
    view = until_legal(page, game_id, "blue", {"end_moves"})
    expect(prompt(page)).to_contain_text("Move your blocks")
    occupied = {b["at"] for b in view["board"]["blocks"] if b["at"]}
    moves = [a for a in view["legal"] if a[0] == "move" and a[2] not in occupied]
    attacks = [a for a in view["legal"] if a[0] == "attack"]
    assert moves and attacks
    mover, dest = moves[0][1], moves[0][2]
    attacker = max((a for a in attacks if a[1] != mover), key=lambda a: _reach(view, a))
    board.locator(f'.counter[data-uid="{mover}"]').click()
    expect(board.locator(f'.counter[data-uid="{mover}"]')).to_have_class(re.compile(r"\bselected\b"))
    expect(board.locator(f'.hex[data-hex="{dest}"]')).to_have_class(re.compile(r"\btarget hl-move\b"))
    before = int(driver.get(f"/api/games/{game_id}")["version"])
    _click_hex(page, dest)
    which_one_if_asked(page, game_id, before, "")
    expect(board.locator(f'[data-stack="{dest}"] .counter[data-uid="{mover}"]')).to_be_visible()

    # a click on the enemy's blocks with nothing selected says what is seen of them
    _click_hex(page, attacker[2])
    expect(page.locator(".click-hint")).to_contain_text("standing upright: you see only whose they are")
    board.locator(f'.counter[data-uid="{attacker[1]}"]').click()
    expect(board.locator(f'.hex[data-hex="{attacker[2]}"].target.hl-battle')).to_be_visible()
    before = int(driver.get(f"/api/games/{game_id}")["version"])
    _click_hex(page, attacker[2])
    which_one_if_asked(page, game_id, before, "")
    expect(board.locator(f'[data-stack="{attacker[2]}"] .counter[data-uid="{attacker[1]}"]')).to_be_visible()
    _assert_red_blank(page, set())
    hidden = sum(1 for b in driver.view(game_id, "blue")["board"]["blocks"] if b.get("hidden"))
    expect(board.locator(".block-hidden")).to_have_count(hidden)
    end_phase(page, "end_moves")

    # combat: blue starts a battle it may choose (6.0) and fires (6.4)
    fired = False
    for _ in range(40):
        view = until_legal(
            page, game_id, "blue", {"fight", "fire", "take_hit", "retreat", "land", "build", "done"}
        )
        verbs = {a[0] for a in view["legal"]}
        if "fire" in verbs:
            panel = page.locator(".side .block-battle")
            expect(panel).to_be_visible()
            shown = {
                b
                for side in view["board"]["battle"]["sides"].values()
                for b in (x.get("id") for x in side)
                if b
            }
            _assert_red_blank(page, shown)
            firer = view["board"]["battle"]["firing"]["id"]
            expect(panel.locator(f'.battle-now .block[data-block="{firer}"]')).to_be_visible()
            red_side = view["board"]["battle"]["sides"]["red"]
            # 6.1: the players in a battle see its blocks face up while it is fought
            expect(panel.locator('[data-side="red"] .block-shown')).to_have_count(
                sum(1 for b in red_side if not b.get("hidden"))
            )
            button(page, "fire").first.click()
            # the dice as they fell (the log) and the battle as the server now has it
            expect(
                page.locator(".log-card .log-lines li.dice").filter(has_text="blue rolls").first
            ).to_be_attached()
            after = until_legal(
                page, game_id, "blue", {"fire", "pass", "retreat", "take_hit", "land", "build", "done"}
            )
            battle = after["board"]["battle"]
            if battle is not None:
                expect(panel.locator(".battle-round")).to_contain_text(
                    f"Round {battle['round']} of {battle['rounds']}"
                )
                expect(panel.locator(".battle-fires li")).to_have_count(len(battle["fires"]))
                expect(panel.locator(".battle-losses li")).to_have_count(len(battle["casualties"]))
            mine = next((b for b in after["board"]["blocks"] if b.get("id") == firer), None)
            if mine is not None:  # still on the map: turned to its strength now
                shown_block = board.locator(f'.counter[data-uid="{firer}"] .block-shown')
                expect(shown_block).to_have_attribute("data-steps", str(mine["steps"]))
                turn = (mine["steps"] - mine["max_steps"]) * 90
                expect(shown_block.locator(".block-steps")).to_have_attribute("transform", f"rotate({turn})")
            fired = True
            shot(page, "victory-board")
            break
        if "fight" in verbs:
            hex_id = next(a[1] for a in view["legal"] if a[0] == "fight")
            _click_hex(page, hex_id)
            confirm = modal(page).locator("button.primary")
            confirm.click()
            expect(page.locator(".side .block-battle h3")).to_contain_text("Battle at")
            continue
        if verbs == {"pass", "retreat"}:  # nothing in the battle it can fire at
            button(page, "pass").first.click()
            continue
        if "take_hit" in verbs:
            button(page, "take_hit").first.click()
            continue
        if verbs & {"build", "done"}:
            break  # the battles are over without a turn of blue's to fire
        entry = next(a for a in view["legal"] if a[0] in ("retreat", "land"))
        driver.act(game_id, "blue", entry)
    assert fired, "blue never had a combat turn"

    # a retreat by clicking (6.5): the block, then one of the lit hexes
    view = until_legal(page, game_id, "blue", {"retreat", "build", "done"})
    retreats = [a for a in view["legal"] if a[0] == "retreat"]
    assert retreats, f"blue's block got no other combat turn: {view['prompt']!r}"
    runner = retreats[0][1]
    board.locator(f'.counter[data-uid="{runner}"]').click()
    lit = board.locator(".hex.target")
    expect(lit.first).to_be_visible()
    assert {lit.nth(i).get_attribute("data-hex") for i in range(lit.count())} == {a[2] for a in retreats}
    to = retreats[0][2]
    before = int(driver.get(f"/api/games/{game_id}")["version"])
    _click_hex(page, to)
    which_one_if_asked(page, game_id, before, "")
    expect(board.locator(f'[data-stack="{to}"] .counter[data-uid="{runner}"]')).to_be_visible()


def _post_as(driver: ApiDriver, game_id: str, seat: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": action, "expected_version": version}
    )


def _ids(view: dict[str, Any]) -> set[str]:
    return {b["id"] for b in view["board"]["blocks"] if "id" in b}


@pytest.mark.rules("1.4", "O1.1")
def test_hot_seat_curtain_keeps_the_next_seats_blocks_off_the_page(page: Page) -> None:
    """Two seats on one screen: each seat's blocks reach the page only after its
    player says he holds the screen; the other seat's never do while he looks."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "hotseat"}, seed=SEED
    )
    driver = ApiDriver(page)
    views = driver.get(f"/api/games/{game_id}")["views"]
    secrets = {seat: _ids(views[seat]) for seat in ("blue", "red")}
    assert secrets["blue"] and secrets["red"] and not secrets["blue"] & secrets["red"]
    curtain = page.locator(".curtain")
    expect(curtain).to_be_visible()
    expect(curtain.locator("h2")).to_have_text(re.compile(r"^Pass the screen to (blue|red)$"))
    first = "blue" if "blue" in (curtain.locator("h2").text_content() or "") else "red"
    second = "red" if first == "blue" else "blue"
    expect(curtain.locator("h2")).to_have_text(f"Pass the screen to {first}")
    html = page.content()
    assert not [b for b in secrets["blue"] | secrets["red"] if b in html]  # nothing before the click
    curtain.locator("button").click()
    expect(curtain).to_be_hidden()
    expect(page.locator(f'.tray .tray-unit[data-uid="{sorted(secrets[first])[0]}"]')).to_be_attached()
    html = page.content()
    assert not [b for b in secrets[second] if b in html]  # the other seat's stay off the page
    # the first seat deploys everything; the screen must pass behind the curtain again
    for i in range(200):
        legal = driver.get(f"/api/games/{game_id}")["views"][first]["legal"]
        deploys = [a for a in legal if a[0] == "deploy"]
        if not deploys:
            break
        _post_as(driver, game_id, first, deploys[(i * 7) % len(deploys)])
    expect(curtain.locator("h2")).to_have_text(f"Pass the screen to {second}", timeout=30_000)
    html = page.content()
    assert not [b for b in secrets["blue"] | secrets["red"] if b in html]  # neither seat's, now
    curtain.locator("button").click()
    expect(page.locator(f'.tray .tray-unit[data-uid="{sorted(secrets[second])[0]}"]')).to_be_attached()
    html = page.content()
    assert not [b for b in secrets[first] if b in html]  # the first seat's blocks are blank now
    shot(page, "victory-hotseat")


@pytest.mark.rules("8.0", "8.1", "8.2")
def test_the_production_panel_lists_each_citys_pp_and_builds(page: Page) -> None:
    """Play one turn through the API against the AI; at production the side panel lists
    the PP each of blue's cities has left and what it may raise there, and follows a
    build."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        seats={"blue": "me", "red": "ai:heuristic"},
        seed=SEED,
    )
    driver = ApiDriver(page)
    for i in range(400):
        view = until_legal(
            page,
            game_id,
            "blue",
            {
                "deploy",
                "end_moves",
                "build",
                "done",
                "fight",
                "fire",
                "pass",
                "take_hit",
                "retreat",
                "land",
                "end_battles",
                "blockade",
            },
        )
        verbs = {a[0] for a in view["legal"]}
        if verbs & {"build", "done"}:
            break
        if "deploy" in verbs:
            deploys = [a for a in view["legal"] if a[0] == "deploy"]
            driver.act(game_id, "blue", deploys[(i * 7) % len(deploys)])
            continue
        order = ("end_moves", "fight", "pass", "take_hit", "retreat", "land", "end_battles", "blockade")
        driver.act(game_id, "blue", next(a for verb in order for a in view["legal"] if a[0] == verb))
    else:
        raise AssertionError("blue never reached production")
    left = view["board"]["production"]
    assert left
    reload_and_settle(page, game_id)  # the page was left behind by the moves made through the API
    expect(page.locator(".turn-line")).to_contain_text("production", timeout=20_000)
    panel = page.locator(".side .production-card")
    expect(panel).to_be_visible()
    expect(panel.locator("tbody tr")).to_have_count(len(left))
    for city, pp in left.items():
        row = panel.locator(f'tr[data-city="{city}"]')
        expect(row.locator(".pp-left")).to_have_text(str(pp))
        raised = sorted({a[2] for a in view["legal"] if a[0] == "build" and a[1] == city})
        expect(row.locator(".raises")).to_have_text(", ".join(raised) or "—")
    expect(panel.locator(".production-total")).to_contain_text(f"{sum(left.values())} PP to spend")
    build = next(a for a in view["legal"] if a[0] == "build")
    driver.act(game_id, "blue", build)
    after = driver.view(game_id, "blue")["board"]["production"]
    assert after[build[1]] < left[build[1]]  # the build was paid for in that city
    expect(panel.locator(f'tr[data-city="{build[1]}"] .pp-left')).to_have_text(str(after[build[1]]))
