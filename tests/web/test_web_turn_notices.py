"""Turn notices in the browser (issue 9, section 4): the lobby's card saves the
opt-in turn e-mails, and a game tab in the background raises a notification when a
seat of yours becomes due (docs/async-play.md listed both as untested)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from webkit import ApiDriver, start_game

#: The browser's Notification, replaced by one that records what the page shows, with
#: the permission granted; `window.__hidden` stands for "this tab is in the background".
FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
class RecordedNotification {
  constructor(title, options) { window.__notes.push({ title, ...options }); }
  close() {}
}
RecordedNotification.permission = "granted";
RecordedNotification.requestPermission = async () => "granted";
Object.defineProperty(window, "Notification", {
  value: RecordedNotification, configurable: true, writable: true,
});
Object.defineProperty(document, "hidden", { get: () => window.__hidden, configurable: true });
"""

#: With this seed red plays first (test_web_play.py) and may build its capital at 1,-1.
SEED = 30


def test_the_lobby_card_saves_turn_emails(profiles: Any) -> None:
    page = profiles.new_page()
    page.goto("/")
    card = page.locator("details.notices")
    card.locator("summary").click()
    form = card.locator("form.email-turns")
    # turn e-mails without an address: the server refuses, the card says why
    form.locator("input[name=email-turns]").check()
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#toast")).to_contain_text("Not saved: turn e-mails need an address")
    assert ApiDriver(page).get("/api/me/email") == {"email": None, "turns": False}

    form.get_by_label("E-mail address for turn notices").fill("ana@example.org")
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#toast")).to_have_text("Turn e-mails on")
    assert ApiDriver(page).get("/api/me/email") == {"email": "ana@example.org", "turns": True}
    page.reload()
    page.locator("details.notices summary").click()
    expect(page.get_by_label("E-mail address for turn notices")).to_have_value("ana@example.org")
    expect(page.locator("input[name=email-turns]")).to_be_checked()


def test_a_background_tab_notifies_when_your_seat_becomes_due(profiles: Any) -> None:
    """Hot-seat, both seats alice's: her moves come through the API, as if made in
    another tab, while this one is in the background (then in front)."""
    alice = profiles.new_page()
    alice.context.add_init_script(FAKE_NOTIFICATIONS)
    alice.goto("/")
    card = alice.locator("details.notices")
    card.locator("summary").click()
    expect(card.locator(".notice-status")).to_contain_text("notifies you when it is your turn")
    game_id = start_game(alice, seats={"red": "me", "yellow": "hotseat"}, seed=SEED)
    expect(alice.locator(".conn")).to_have_attribute("data-state", "live")
    driver = ApiDriver(alice)

    def play(seat: str, action: list[Any]) -> None:
        version = driver.get(f"/api/games/{game_id}")["version"]
        body = {"seat": seat, "action": action, "expected_version": version}
        driver.post(f"/api/games/{game_id}/actions", body)

    alice.evaluate("() => { window.__hidden = true; }")  # alice looks at another tab
    play("red", ["capital", "1,-1"])  # now yellow chooses its capital
    alice.wait_for_function("() => window.__notes.length > 0")
    notes = alice.evaluate("() => window.__notes")
    assert len(notes) == 1
    [note] = notes
    assert note["title"] == "Your turn" and note["body"] == "viktory2: you play yellow"
    assert note["tag"] == f"grognard-{game_id}"

    # a tab in front gets no notification: the page itself shows the turn
    alice.evaluate("() => { window.__hidden = false; window.__notes = []; }")
    yellow = driver.get(f"/api/games/{game_id}")["views"]["yellow"]["legal"][0]
    play("yellow", yellow)
    expect(alice.locator(".prompt-card .prompt")).to_contain_text("Build a town")
    assert alice.evaluate("() => window.__notes.length") == 0
