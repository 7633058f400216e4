"""The spectators' chat in the browser (issue 9, section 4): an observer gets a chat
of their own instead of an unusable box, the players do not read it during play,
and the players' chat reaches the observer only while a player shares it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from webkit import GAME_URL, axe_problems, shot, start_game


def say(page: Page, text: str) -> None:
    page.get_by_label("Chat message").fill(text)
    page.get_by_role("button", name="Send").click()


def test_spectators_chat_apart_and_the_players_share_theirs(profiles: Any) -> None:
    alice = profiles.new_page()
    start_game(alice, seats={"red": "me", "yellow": "invite"})
    link = alice.locator(".invite input").input_value()
    bob = profiles.new_page()
    bob.goto(link)
    bob.wait_for_url(GAME_URL)
    carol = profiles.new_page()  # no seat: a spectator
    carol.goto(bob.url)
    for page in (alice, bob, carol):
        expect(page.locator(".conn")).to_have_attribute("data-state", "live")

    # the spectator's tab is the spectators' chat, and it says so
    carol.get_by_role("tab", name="Spectators").click()
    expect(carol.locator(".chat-about")).to_contain_text("spectators' chat")
    expect(carol.locator(".chat-share")).to_be_hidden()  # only players share
    say(carol, "red should go east")
    expect(carol.locator(".chat-lines li")).to_contain_text(["red should go east"])

    # the players talk; neither side reads the other's chat
    alice.get_by_role("tab", name="Chat").click()
    say(alice, "good luck bob")
    bob.get_by_role("tab", name="Chat").click()
    expect(bob.locator(".chat-lines li")).to_contain_text(["good luck bob"])
    expect(alice.locator(".chat-lines li")).to_have_count(1)
    expect(carol.locator(".chat-lines li")).to_have_count(1)
    assert "good luck bob" not in carol.content()
    assert "red should go east" not in alice.content() and "red should go east" not in bob.content()

    # alice shares the players' chat: carol reads it, history included, marked as a player's
    alice.locator(".chat-share input").check()
    expect(carol.locator(".chat-lines li")).to_have_count(2)
    expect(carol.locator(".chat-lines li.chat-players")).to_contain_text("good luck bob")
    expect(carol.locator(".chat-lines li.chat-players .chat-from")).to_have_text("player")
    expect(carol.locator(".chat-about")).to_contain_text("share theirs")
    shot(carol, "spectator-chat")
    # bob's page shows the box ticked too after a reload (the setting is the game's)
    bob.reload()
    bob.get_by_role("tab", name="Chat").click()
    expect(bob.locator(".chat-share input")).to_be_checked()
    assert axe_problems(carol) == []

    # closing it again takes it away from the spectator
    bob.locator(".chat-share input").uncheck()
    expect(carol.locator(".chat-lines li")).to_have_count(1)
    expect(carol.locator(".chat-lines li")).to_contain_text(["red should go east"])
