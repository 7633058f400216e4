"""Browsers on one game: an invite link, moves seen live over the websocket by the
players and an observer, a dropped connection that comes back by itself, chat;
and the board's pan and zoom."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from webkit import GAME_URL, hex_at, start_game

WATCH_CONNECTION = """() => {
    const conn = document.querySelector('.conn');
    window.connStates = [];
    new MutationObserver(() => window.connStates.push(conn.dataset.state))
        .observe(conn, {attributes: true, attributeFilter: ['data-state']});
}"""


#: A websocket whose messages are held back until `window.releaseSocket()`: the
#: server's first view of a (re)connection arriving late, as on a loaded machine.
HOLD_SOCKET = """
    window.socketOpened = false;
    const held = [];
    let holding = true;
    const Real = window.WebSocket;
    window.WebSocket = class extends Real {
        constructor(...args) {
            super(...args);
            super.addEventListener("open", () => { window.socketOpened = true; });
        }
        addEventListener(type, listener, ...rest) {
            if (type !== "message") return super.addEventListener(type, listener, ...rest);
            const later = (event) => (holding ? held.push(() => listener(event)) : listener(event));
            return super.addEventListener(type, later, ...rest);
        }
    };
    window.releaseSocket = () => {
        holding = false;
        for (const deliver of held.splice(0)) deliver();
    };
"""


def test_the_connection_reads_live_once_the_servers_view_has_come(page: Page) -> None:
    """An open websocket is not yet "live": the page follows the game only once the
    server's answer to the connection (the seat's view) has come and been drawn, so
    that "live" means that nothing already sent can still redraw the page (the
    browser tests read the page only then: webkit.the_page_has_settled)."""
    page.add_init_script(HOLD_SOCKET)
    start_game(page, seats={"red": "me", "yellow": "invite"})
    page.wait_for_function("() => window.socketOpened")
    conn = page.locator(".conn")
    expect(conn).not_to_have_attribute("data-state", "live")
    expect(conn).not_to_have_text("live")
    page.evaluate("() => window.releaseSocket()")
    expect(conn).to_have_attribute("data-state", "live")
    expect(conn).to_have_text("live")


def _first_capital(page: Page, role: str) -> str:
    site = page.locator(".board-svg .hex.target").first
    where = site.get_attribute("data-hex")
    assert where is not None
    site.click()
    expect(hex_at(page, where).locator(f'.town[data-owner="{role}"]')).to_be_visible()
    return where


def test_two_players_see_each_other_live(profiles: Any, web_app: tuple[str, Any]) -> None:
    _, app = web_app
    alice = profiles.new_page()
    start_game(alice, seats={"red": "me", "yellow": "invite"})
    link = alice.locator(".invite input").input_value()
    assert "#/invite/" in link

    bob = profiles.new_page()
    bob.goto(link)
    bob.wait_for_url(GAME_URL)
    expect(bob.locator('.player[data-role="yellow"]')).to_contain_text("you")
    expect(alice.locator('.player[data-role="yellow"]')).not_to_contain_text("open seat")

    by_role = {"red": alice, "yellow": bob}
    expect(alice.locator(".player.to-move")).to_have_count(1)
    first = str(alice.locator(".player.to-move").get_attribute("data-role"))
    second = "yellow" if first == "red" else "red"

    # the first player's capital appears on the other screen without a reload
    where = _first_capital(by_role[first], first)
    expect(hex_at(by_role[second], where).locator(f'.town[data-owner="{first}"]')).to_be_visible()

    # the server drops every websocket: the pages reconnect on their own
    for page in (alice, bob):
        expect(page.locator(".conn")).to_have_attribute("data-state", "live")
        page.evaluate(WATCH_CONNECTION)
    app.state.server.hub.close_all()
    for page in (alice, bob):
        page.wait_for_function("() => window.connStates.includes('reconnecting')")
        expect(page.locator(".conn")).to_have_attribute("data-state", "live")

    # an observer (no seat in this game) watches along
    carol = profiles.new_page()
    carol.goto(bob.url)
    expect(carol.locator(".board-svg .hex").first).to_be_visible()
    expect(carol.locator(".board-svg .hex.target")).to_have_count(0)
    expect(carol.locator(".conn")).to_have_attribute("data-state", "live")

    # and still follow the game
    where = _first_capital(by_role[second], second)
    for page in (by_role[first], carol):
        expect(hex_at(page, where).locator(f'.town[data-owner="{second}"]')).to_be_visible()

    # chat between the two
    bob.get_by_role("tab", name="Chat").click()
    bob.get_by_label("Chat message").fill("good luck!")
    bob.get_by_role("button", name="Send").click()
    expect(alice.locator(".tab.unread")).to_have_text("Chat")
    alice.get_by_role("tab", name="Chat").click()
    expect(alice.locator(".chat-lines li")).to_contain_text("good luck!")


def test_the_board_pans_and_zooms(profiles: Any) -> None:
    page = profiles.new_page(touch=True)
    start_game(page, seats={"red": "me", "yellow": "ai:random"}, seed=30)
    content = page.locator(".board-svg .board-content")
    expect(page.locator('.board-svg [data-hex="1,-1"].target')).to_be_visible()
    fitted = content.get_attribute("transform")

    box = page.locator(".board-svg").bounding_box()
    assert box is not None
    middle_x, middle_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(middle_x, middle_y)
    page.mouse.wheel(0, -400)
    expect(content).not_to_have_attribute("transform", str(fitted))
    zoomed = content.get_attribute("transform")

    # a drag pans, and it is not a click: nothing is played
    page.mouse.move(middle_x, middle_y)
    page.mouse.down()
    page.mouse.move(middle_x + 60, middle_y + 40, steps=5)
    page.mouse.move(middle_x + 120, middle_y + 80, steps=5)
    page.mouse.up()
    expect(content).not_to_have_attribute("transform", str(zoomed))
    expect(page.locator(".board-svg .town")).to_have_count(0)

    page.get_by_role("button", name="Fit the board").click()
    expect(content).to_have_attribute("transform", str(fitted))
    page.get_by_role("button", name="Zoom in").click()
    expect(content).not_to_have_attribute("transform", str(fitted))

    # a touch screen: a tap is a click
    page.locator('.board-svg [data-hex="1,-1"].target').tap()
    expect(page.locator('.board-svg [data-hex="1,-1"] .town[data-owner="red"]')).to_be_visible()
