"""Playing Viktory II in the browser: against the AI, clicking the board, undo,
reload, hot-seat."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect
from webkit import (
    GAME_URL,
    ApiDriver,
    advance,
    button,
    counter,
    hex_at,
    modal,
    open_details,
    prompt,
    start_game,
    target,
    until_alone_to_act,
)

from grognard.core.game import State
from grognard.core.replay import make_replay
from grognard.games.viktory2 import RULESET as VIKTORY2

#: With this seed red plays first, may build its capital at 1,-1 and then a town at
#: 2,0, and its first infantry (red-i1) may move to 0,0.
SEED = 30


def test_lobby_offers_the_ruleset_options_and_seats(page: Page) -> None:
    page.goto("/")
    form = page.locator("form.new-game")
    # Viktory II is the lobby's first choice: choosing it again would rebuild the form
    # after an await, and a click on the old form's summary could then be lost
    expect(form.locator("select[name=ruleset]")).to_have_value("viktory2")
    open_details(form.locator("details.options"))
    expect(form.locator("details.options")).to_have_attribute("open", "")
    # one control per option of the schema, by type
    expect(form.locator("input[name=players][type=number]")).to_have_value("2")
    expect(form.locator("input[name=no_exploration][type=checkbox]")).not_to_be_checked()
    expect(form.locator("select[name=victory] option")).to_have_count(5)
    # one seat per role; the roles follow the number of players
    expect(form.locator("select[name^=seat-]")).to_have_count(2)
    form.locator("input[name=players]").fill("3")
    form.locator("input[name=players]").dispatch_event("change")
    expect(form.locator("select[name^=seat-]")).to_have_count(3)
    # settings the ruleset refuses (3.1: 2 to 6 players) are named; the seats stay
    form.locator("input[name=players]").fill("9")
    form.locator("input[name=players]").dispatch_event("change")
    expect(form.locator(".seat-error")).to_contain_text("players")
    expect(form.locator("select[name^=seat-]")).to_have_count(3)
    form.locator("input[name=players]").fill("3")
    form.locator("input[name=players]").dispatch_event("change")
    expect(form.locator(".seat-error")).to_have_text("")
    seat = form.locator("select[name=seat-yellow]")
    for value in ("me", "hotseat", "ai:heuristic", "ai:random", "invite"):
        expect(seat.locator(f"option[value='{value}']")).to_have_count(1)
    expect(page.locator(".user-name")).to_contain_text("guest")


def test_play_against_the_ai_by_clicking_the_board(page: Page) -> None:
    game_id = start_game(page, seats={"red": "me", "yellow": "ai:heuristic"}, seed=SEED)
    expect(prompt(page)).to_contain_text("capital")

    # 4.0: the capital, by clicking a lit hex
    target(page, "1,-1").click()
    expect(hex_at(page, "1,-1").locator('.town[data-owner="red"]')).to_be_visible()
    until_alone_to_act(page, game_id, "red")  # the AI's turn, as long as it takes

    # the AI chooses yellow's capital (marked on red's board as just done); then red
    # builds a town by clicking a lit hex
    expect(prompt(page)).to_contain_text("Build a town")
    yellow_capital = page.locator('.board-svg .hex:has(.town[data-owner="yellow"])')
    expect(yellow_capital).to_have_class(re.compile(r"\brecent\b"))
    # what happened since red's last move, in a card beside the board
    since = page.locator(".since-card")
    expect(since.locator("summary")).to_contain_text("Since your last move")
    since.locator("summary").click()
    expect(since.locator(".since-lines li").first).to_contain_text("yellow")
    target(page, "2,0").click()
    expect(hex_at(page, "2,0").locator('.town[data-owner="red"]')).to_be_visible()

    # move: click the unit, its destinations light up, click one
    expect(prompt(page)).to_contain_text("move a unit")
    counter(page, "red-i1").click()
    expect(page.locator(".selection-card")).to_contain_text("Red infantry at 1,-1")  # not its id
    target(page, "0,0").click()
    expect(hex_at(page, "0,0").locator('.counter[data-uid="red-i1"]')).to_be_visible()

    # a button for the action without a hex; units that could still move are listed
    # in a question first (issue 9: ending with obligations left)
    button(page, "end_moves").click()
    expect(modal(page)).to_contain_text("can still act")
    modal(page).locator("button.primary").click()
    expect(prompt(page)).to_contain_text("Reserve")

    # place the new infantry from the reserve (the tray), then take it back
    page.locator('.tray .tray-unit[data-uid="red-i3"]').click()
    lit = page.locator(".board-svg .hex.target")
    expect(lit.first).to_be_visible()
    where = lit.first.get_attribute("data-hex")
    lit.first.click()
    expect(hex_at(page, str(where)).locator('.counter[data-uid="red-i3"]')).to_be_visible()
    undo = page.locator("button.undo")
    undo.click()
    expect(page.locator('.tray .tray-unit[data-uid="red-i3"]')).to_be_visible()
    expect(page.locator('.board-svg .counter[data-uid="red-i3"]')).to_have_count(0)

    # undo again: back to the move phase, before "end moves"
    undo.click()
    expect(button(page, "end_moves")).to_be_visible()
    expect(hex_at(page, "0,0").locator('.counter[data-uid="red-i1"]')).to_be_visible()
    before = prompt(page).inner_text()
    log_lines = page.locator(".log-card .log-lines li").count()

    # a reload shows the same game
    page.reload()
    expect(prompt(page)).to_have_text(before)
    expect(hex_at(page, "0,0").locator('.counter[data-uid="red-i1"]')).to_be_visible()
    expect(hex_at(page, "2,0").locator('.town[data-owner="red"]')).to_be_visible()
    expect(page.locator(".log-card .log-lines li")).to_have_count(log_lines)
    expect(button(page, "end_moves")).to_be_visible()
    expect(page.locator(".conn")).to_have_attribute("data-state", "live")


def test_hot_seat_without_secrets_has_no_curtain(page: Page) -> None:
    start_game(page, seats={"red": "me", "yellow": "hotseat"}, seed=SEED)
    tabs = page.locator(".seat-tabs .seat-tab")
    expect(tabs).to_have_count(2)
    expect(page.locator(".seat-tab.current")).to_have_text("red")
    target(page, "1,-1").click()
    # yellow's turn on the same screen: Viktory II has no secrets, so no curtain
    expect(page.locator(".seat-tab.current")).to_have_text("yellow")
    expect(page.locator(".curtain")).to_be_hidden()
    expect(prompt(page)).to_contain_text("capital")
    yellow_site = page.locator(".board-svg .hex.target").first
    where = yellow_site.get_attribute("data-hex")
    yellow_site.click()
    expect(hex_at(page, str(where)).locator('.town[data-owner="yellow"]')).to_be_visible()
    expect(page.locator(".seat-tab.current")).to_have_text("red")
    expect(prompt(page)).to_contain_text("Build")
    expect(page.locator(".curtain")).to_be_hidden()


def test_two_actions_on_one_hex_ask_which(page: Page) -> None:
    """An artillery unit next to an enemy may move into its hex or bombard it: the
    click on that hex opens a menu of both."""
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver = ApiDriver(page)
    seats = {"red": "me", "yellow": "hotseat"}
    game = driver.post("/api/games", {"ruleset": "viktory2", "seats": seats, "seed": 3})
    state = VIKTORY2.new_game(None, {}, 3)

    def two_at_one_hex(st: State) -> bool:
        legal = st.legal_actions(st.active_roles()[0])
        bombards = {(a[1], a[2]) for a in legal if a[0] == "bombard"}
        return any(a[0] == "move" and (a[1], a[2]) in bombards for a in legal)

    advance(driver, game, state, two_at_one_hex)
    role = state.active_roles()[0]
    legal = state.legal_actions(role)
    uid, where = next((a[1], a[2]) for a in legal if a[0] == "bombard" and ("move", a[1], a[2]) in legal)

    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".seat-tab.current")).to_have_text(role)
    counter(page, uid).click()
    target(page, where).click()
    menu = page.locator(".action-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("button.action")).to_have_count(2)
    menu.get_by_role("menuitem", name="Bombard").click()
    expect(menu).to_be_hidden()
    expect(page.locator(".log-card .log-lines")).to_contain_text("bombard")


def test_a_saved_game_goes_on_in_the_browser(page: Page) -> None:
    """A replay file from `grognard play --save`, a 3-player game, opened in the lobby:
    the form takes its settings, the game starts where the file stops."""
    state = VIKTORY2.new_game(None, {"players": 3, "luck_averaging": True}, 41)
    for _ in range(150):
        role = state.active_roles()[0]
        state.apply(role, state.legal_actions(role)[-1])
    replay = json.dumps(make_replay(state, digests=[]))

    page.goto("/")
    form = page.locator("form.new-game")
    form.locator("details.advanced summary").click()
    form.locator("input[name=saved-game]").set_input_files(
        files=[{"name": "three.json", "mimeType": "application/json", "buffer": replay.encode()}]
    )
    expect(form.locator(".saved-note")).to_contain_text("three.json after 150 moves")
    expect(form.locator("input[name=seed]")).to_have_value("41")
    expect(form.locator("input[name=seed]")).to_be_disabled()
    expect(form.locator("input[name=luck_averaging]")).to_be_checked()
    expect(form.locator("select[name^=seat-]")).to_have_count(3)
    for role in state.roles:
        form.locator(f"select[name='seat-{role}']").select_option("hotseat")
    form.locator("button[type=submit]").click()
    page.wait_for_url(GAME_URL)
    on_screen = state.active_roles()[0]
    expect(page.locator(".seat-tab.current")).to_have_text(on_screen)
    expect(prompt(page)).to_have_text(state.view(on_screen)["prompt"])


def test_a_file_that_is_no_saved_game_is_named(page: Page) -> None:
    page.goto("/")
    form = page.locator("form.new-game")
    form.locator("details.advanced summary").click()
    form.locator("input[name=saved-game]").set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b'{"hello": 1}'}]
    )
    expect(page.locator("#toast")).to_contain_text("Cannot open notes.json: not a grognard replay file")
    expect(form.locator("input[name=seed]")).to_be_enabled()
