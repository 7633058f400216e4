"""The turn e-mail's unsubscribe link in a real browser (issue 26 item 16): the page it
opens asks first, and its button unsubscribes. The page is served with our
`Referrer-Policy: no-referrer`, so Chromium posts the form with `Origin: null`, which
the same-site check answered with a raw 403 (the server tests post without Origin)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Route, expect
from sqlalchemy import select
from webkit import ApiDriver, start_game

from grognard.server.models import User


def _token(app: Any, email: str) -> str:
    with app.state.server.sessions() as db:
        token = db.scalar(select(User.unsubscribe_token).where(User.email == email))
    assert isinstance(token, str)
    return token


def test_the_unsubscribe_button_of_the_mail_link_works_in_a_browser(profiles: Any, web_app: Any) -> None:
    page = profiles.new_page()
    page.goto("/")
    page.locator("details.notices summary").click()  # opt in as a player does, on the lobby card
    form = page.locator("details.notices form.email-turns")
    expect(form).to_have_attribute("aria-busy", "false")  # its settings are in: nothing refills it
    form.get_by_label("E-mail address for turn notices").fill("unsub@example.org")
    form.locator("input[name=email-turns]").check()
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#toast")).to_have_text("Turn e-mails on")
    api = ApiDriver(page)
    token = _token(web_app[1], "unsub@example.org")

    mail_page = profiles.new_page()  # opened from the e-mail: another tab, no session needed
    answer = mail_page.goto(f"/api/mail/unsubscribe?token={token}")
    assert answer is not None and answer.headers.get("referrer-policy") == "no-referrer"
    assert api.get("/api/me/email")["turns"] is True  # opening the link changed nothing
    mail_page.get_by_role("button", name="Unsubscribe").click()
    expect(mail_page.locator("body")).to_contain_text("no more turn e-mails")
    assert api.get("/api/me/email") == {"email": "unsub@example.org", "turns": False}


def test_the_notices_form_waits_for_its_settings_before_it_can_be_typed_in(profiles: Any) -> None:
    """The lobby card's e-mail form is filled from `/api/me/email`, which answers late on
    a loaded machine: the answer overwrote an address typed before it came, and Save
    then said "need an address". Until it comes the form is busy and its fields cannot
    be edited; once it has come, what is typed stays."""
    page = profiles.new_page()
    held: list[Route] = []
    settings = "**/api/me/email"
    page.route(settings, lambda route: held.append(route))  # the settings held back
    page.goto("/")
    # the new-game form above the card fills in when the rulesets come: clicking the
    # card's summary before that could land where the summary was a moment earlier
    # (once, under load, the card stayed shut)
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    page.locator("details.notices summary").click()
    expect(page.locator("details.notices")).to_have_js_property("open", True)
    form = page.locator("details.notices form.email-turns")
    address = form.get_by_label("E-mail address for turn notices")
    expect(form).to_have_attribute("aria-busy", "true")
    expect(address).to_be_disabled()
    expect(form.get_by_role("button", name="Save")).to_be_disabled()
    while not held:
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute(settings)
    expect(form).to_have_attribute("aria-busy", "false")
    address.fill("kept@example.org")
    form.locator("input[name=email-turns]").check()
    form.get_by_role("button", name="Save").click()
    expect(page.locator("#toast")).to_have_text("Turn e-mails on")
    expect(address).to_have_value("kept@example.org")


def test_a_game_link_opened_signed_out_says_to_sign_in(profiles: Any) -> None:
    """Issue 26 item 16: a turn e-mail's link opened in a browser that is not signed in
    lands as a new guest spectator; the page says how to play the seat instead."""
    owner = profiles.new_page()
    game_id = start_game(owner, seats={"red": "me", "yellow": "hotseat"})
    expect(owner.locator(".game-top")).to_be_visible()
    expect(owner.locator(".sign-in-hint")).to_be_hidden()  # a seat of this browser's own
    stranger = profiles.new_page()  # another browser, no session: a guest is made
    stranger.goto(f"/#/game/{game_id}")
    hint = stranger.locator(".sign-in-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("sign in with its account")
