"""Opt-in turn e-mails (issue 9 section 4) through a real SMTP server on this machine
(aiosmtpd): the turn notice, the reminder before a deadline, the link to the game and
the unsubscribe link; each sent once; bad SMTP URLs refused with the reason."""

from __future__ import annotations

import email
import email.policy
import re
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi import FastAPI
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create

from grognard.core.errors import BadSetting
from grognard.core.registry import Registry
from grognard.server import run
from grognard.server.mail import SmtpTarget

PUBLIC = "https://play.example.org"
SENDER = "games@example.org"
SEATS = {"north": "me", "east": "hotseat", "south": "hotseat"}


class Inbox:
    """aiosmtpd handler: keeps every message the server delivers."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # the name aiosmtpd calls
        parsed = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"


class HandClock:
    def __init__(self) -> None:
        self.now = datetime(2031, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    with socket.socket() as probe:  # a free port (aiosmtpd's start-up check needs a real one)
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture
def app(make_app: AppFactory, tiny_registry: Registry, inbox: tuple[Inbox, int], clock: HandClock) -> FastAPI:
    smtp = f"smtp://127.0.0.1:{inbox[1]}?from={SENDER}"
    return make_app(
        registry=tiny_registry, smtp_url=smtp, public_url=PUBLIC, clock=clock, deadline_scan_seconds=3600
    )


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def body_of(message: EmailMessage) -> str:
    part = message.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def test_turn_email_and_reminder_with_game_and_unsubscribe_links(
    client: TestClient, app: FastAPI, inbox: tuple[Inbox, int], clock: HandClock
) -> None:
    box = inbox[0]
    me = Player(client).guest("Ana")
    assert me.ok("GET", "/api/me/email") == {"email": None, "turns": False}
    me.ok("PUT", "/api/me/email", {"email": "ana@example.net", "turns": True})
    game = create(me, "tiny", SEATS, move_days=1)
    watch = app.state.deadlines

    sent = watch.scan()
    # the tiny game starts with all three seats to play, all Ana's (hot-seat): one
    # e-mail names them all (test_server_mail_grouping.py)
    assert len(game["active"]) == 3
    assert sent["turn"] == 1 == len(box.messages)
    message = box.messages[0]
    assert message["To"] == "ana@example.net" and message["From"] == SENDER
    assert box.envelopes[0] == (SENDER, ["ana@example.net"])
    # issue 26 item 16: the game's name, and the deadline with what happens after it
    assert message["Subject"] == "Your turn in Tiny (test game) (east, north and south)"
    text = body_of(message)
    assert "You have until 2031-03-02 12:00 UTC; after that, a computer player takes over your seat." in text
    assert f"{PUBLIC}/#/game/{game['id']}" in text
    found = re.search(rf"{re.escape(PUBLIC)}/api/mail/unsubscribe\?token=(\S+)", text)
    assert found is not None
    assert message["List-Unsubscribe"] == f"<{found.group(0)}>"

    assert watch.scan() == {"expired": 0, "turn": 0, "reminder": 0}  # each notice once

    clock.now += timedelta(hours=17)  # a quarter of the day is not yet left
    assert watch.scan()["reminder"] == 0
    clock.now += timedelta(hours=2)
    assert watch.scan()["reminder"] == 1  # one reminder for the three seats
    reminder = box.messages[-1]
    assert reminder["Subject"] == "Reminder: your move in Tiny (test game) is due 2031-03-02 12:00 UTC"
    assert f"{PUBLIC}/#/game/{game['id']}" in body_of(reminder)

    # unsubscribing: the link's page asks first; the POST (no session needed) does it
    path = found.group(0).removeprefix(PUBLIC)
    page = client.get(path)
    assert page.status_code == 200 and '<form method="post"' in page.text
    assert me.ok("GET", "/api/me/email")["turns"] is True  # opening the page changed nothing
    client.cookies.clear()
    assert client.post(path).json() == {"unsubscribed": True}
    assert me.ok("GET", "/api/me/email") == {"email": "ana@example.net", "turns": False}
    before = len(box.messages)
    create(me, "tiny", SEATS, move_days=1)
    assert watch.scan()["turn"] == 0 and len(box.messages) == before


def test_no_email_without_opting_in(client: TestClient, app: FastAPI, inbox: tuple[Inbox, int]) -> None:
    me = Player(client).guest()
    create(me, "tiny", SEATS)
    assert app.state.deadlines.scan()["turn"] == 0
    assert inbox[0].messages == []


def test_opting_in_needs_a_plausible_address(client: TestClient) -> None:
    me = Player(client).guest()
    assert (
        me.request("PUT", "/api/me/email", json={"email": "not-an-address", "turns": True}).status_code == 422
    )
    response = me.request("PUT", "/api/me/email", json={"turns": True})
    assert response.status_code == 422 and "address" in response.json()["detail"]
    unknown = me.post("/api/mail/unsubscribe?token=no-such-token-at-all")
    assert unknown.status_code == 404


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://mail.example.org", "use smtp://"),
        ("smtp://", "names no host"),
        ("smtp://mail.example.org:99999", "port"),
        ("smtp://mail.example.org?from=nobody", "not an e-mail address"),
        ("smtp://mail.example.org?colour=blue", "unknown parameter colour"),
    ],
)
def test_bad_smtp_urls_are_refused_with_the_reason(
    make_app: AppFactory,
    url: str,
    reason: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("GROGNARD_SMTP_URL", raising=False)  # restored after, whatever serve sets
    with pytest.raises(BadSetting, match=re.escape(reason)):
        make_app(smtp_url=url)
    with pytest.raises(SystemExit) as stopped:
        run.main(["--smtp-url", url, "--database-url", "sqlite:///unused.db"])
    assert stopped.value.code == 2
    assert reason in capsys.readouterr().err


def test_smtp_url_parts() -> None:
    target = SmtpTarget.parse("smtps://bot:s3cret@mail.example.org?from=games@example.org")
    assert (target.host, target.port, target.tls, target.username, target.password) == (
        "mail.example.org",
        465,
        True,
        "bot",
        "s3cret",
    )
    assert target.sender == "games@example.org"
    plain = SmtpTarget.parse("smtp://localhost:2525?starttls=1")
    assert (plain.port, plain.tls, plain.starttls, plain.sender) == (2525, False, True, "grognard@localhost")


def test_list_unsubscribe_headers_are_plain_urls_with_one_click(
    client: TestClient, app: FastAPI, inbox: tuple[Inbox, int]
) -> None:
    """Issue 26 item 16: RFC 2369 forbids encoded-words in List-Unsubscribe (the default
    78-character folding produced them), and RFC 8058's one-click needs its Post header."""
    me = Player(client).guest("Ana")
    me.ok("PUT", "/api/me/email", {"email": "ana@example.net", "turns": True})
    create(me, "tiny", SEATS)
    app.state.deadlines.scan()
    raw = inbox[0].messages[0].as_bytes(policy=email.policy.SMTP.clone(max_line_length=998)).decode()
    header = next(line for line in raw.splitlines() if line.startswith("List-Unsubscribe:"))
    assert "=?" not in header and f"<{PUBLIC}/api/mail/unsubscribe?token=" in header
    assert inbox[0].messages[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_unsubscribing_from_the_confirmation_page_as_a_browser_posts_it(
    client: TestClient, app: FastAPI, inbox: tuple[Inbox, int]
) -> None:
    """Issue 26 item 16: our pages are served with no-referrer, so the browser posts the
    confirmation form with `Origin: null` (and Sec-Fetch-Site same-origin); a mail client's
    one-click POST comes from another site. Both unsubscribe: the token is the secret."""
    me = Player(client).guest("Ana")
    me.ok("PUT", "/api/me/email", {"email": "ana@example.net", "turns": True})
    create(me, "tiny", SEATS)
    app.state.deadlines.scan()
    found = re.search(
        rf"{re.escape(PUBLIC)}(/api/mail/unsubscribe\?token=\S+)", body_of(inbox[0].messages[0])
    )
    assert found is not None
    browser = {"origin": "null", "sec-fetch-site": "same-origin", "accept": "text/html,*/*"}
    answer = client.post(found.group(1), headers=browser)
    assert answer.status_code == 200 and "no more turn e-mails" in answer.text
    assert me.ok("GET", "/api/me/email")["turns"] is False
    one_click = {"origin": "https://mail.example.net", "sec-fetch-site": "cross-site"}
    assert client.post(found.group(1), headers=one_click).json() == {"unsubscribed": True}
    # another state-changing path keeps the same-site check
    assert client.post("/api/games", json={}, headers=one_click).status_code == 403


def test_a_forfeit_is_told_to_every_player_and_the_reminder_warns_of_it(
    client: TestClient, app: FastAPI, inbox: tuple[Inbox, int], clock: HandClock
) -> None:
    """Issue 26 item 16: the reminder of a game whose creator chose forfeits says the game
    will be lost; when the time runs out, the players who take e-mails are told."""
    ana, ben = Player(client).guest("Ana"), Player(client).guest("Ben")
    ana.ok("PUT", "/api/me/email", {"email": "ana@example.net", "turns": True})
    ben.ok("PUT", "/api/me/email", {"email": "ben@example.net", "turns": True})
    game = create(
        ana, "tiny", {"north": "me", "east": "hotseat", "south": "invite"}, move_days=1, on_expiry="forfeit"
    )
    ben.ok("POST", f"/api/invites/{game['invites']['south']}")
    watch = app.state.deadlines
    watch.scan()
    clock.now += timedelta(hours=19)
    watch.scan()
    reminders = [m for m in inbox[0].messages if m["Subject"].startswith("Reminder")]
    assert reminders and all("you forfeit and the game is lost" in body_of(m) for m in reminders)
    clock.now += timedelta(days=1)
    assert watch.scan()["expired"] >= 1
    over = {m["To"]: m for m in inbox[0].messages if m["Subject"].startswith("Game over in Tiny (test game)")}
    assert set(over) == {"ana@example.net", "ben@example.net"}
    ran_out = over["ana@example.net"]["Subject"].removeprefix("Game over in Tiny (test game): ").split()[0]
    assert over["ben@example.net"]["Subject"] == over["ana@example.net"]["Subject"]
    loser, winner = (
        ("ben@example.net", "ana@example.net")
        if ran_out == "south"
        else ("ana@example.net", "ben@example.net")
    )
    assert "you forfeit, and the game is lost" in body_of(over[loser])
    assert f"{ran_out} ran out of time and forfeits: the game is over, and you win" in body_of(over[winner])
