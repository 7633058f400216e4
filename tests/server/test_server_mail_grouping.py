"""One turn e-mail per person and game (issue 9, section 4; docs/async-play.md listed
it as not done): a player's seats that fall due together (hot-seat) share one e-mail
naming them all; other players still get their own."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from fastapi import FastAPI
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create
from test_server_mail import PUBLIC, SENDER, HandClock, Inbox, body_of

from grognard.core.registry import Registry
from grognard.server.deadlines import Notice, grouped

WHEN = datetime(2031, 3, 2, 12, 0, tzinfo=UTC)


def notice(role: str, email: str = "ana@example.net", kind: str = "turn", game: str = "g1",
           due: datetime | None = WHEN) -> Notice:
    return Notice(kind, game, "tiny", (role,), email, "token", due)


def test_grouping_joins_one_persons_seats_of_one_game() -> None:
    out = grouped([
        notice("south", due=WHEN + timedelta(hours=1)),
        notice("north"),
        notice("east", email="bob@example.net"),
        notice("west", game="g2"),
        notice("north", kind="reminder"),
    ])
    assert [(n.kind, n.game_id, n.email, n.roles, n.due_at) for n in out] == [
        ("turn", "g1", "ana@example.net", ("north", "south"), WHEN),  # the earliest deadline
        ("turn", "g1", "bob@example.net", ("east",), WHEN),
        ("turn", "g2", "ana@example.net", ("west",), WHEN),
        ("reminder", "g1", "ana@example.net", ("north",), WHEN),
    ]


@pytest.mark.parametrize(("roles", "text"), [
    (("east",), "east"), (("east", "south"), "east and south"),
    (("east", "north", "south"), "east, north and south"),
])
def test_the_seats_read_as_a_list(roles: tuple[str, ...], text: str) -> None:
    assert Notice("turn", "g", "tiny", roles, "a@b.org", "t", None).seats_text == text


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield handler, port
    finally:
        controller.stop()


@pytest.fixture
def client(make_app: AppFactory, tiny_registry: Registry, inbox: tuple[Inbox, int]) -> Iterator[TestClient]:
    app = make_app(registry=tiny_registry, smtp_url=f"smtp://127.0.0.1:{inbox[1]}?from={SENDER}",
                   public_url=PUBLIC, clock=HandClock(), deadline_scan_seconds=3600)
    with TestClient(app) as test_client:
        yield test_client


def test_a_hot_seat_player_gets_one_email_the_other_player_one(
    client: TestClient, inbox: tuple[Inbox, int]
) -> None:
    ana, bob = Player(client).guest("Ana"), Player(client).guest("Bob")
    ana.ok("PUT", "/api/me/email", {"email": "ana@example.net", "turns": True})
    bob.ok("PUT", "/api/me/email", {"email": "bob@example.net", "turns": True})
    game = create(ana, "tiny", {"north": "me", "east": "invite", "south": "hotseat"}, move_days=1)
    bob.ok("POST", f"/api/invites/{game['invites']['east']}")
    app: FastAPI = client.app  # type: ignore[assignment]
    assert app.state.deadlines.scan()["turn"] == 2
    by_address = {m["To"]: m for m in inbox[0].messages}
    assert sorted(by_address) == ["ana@example.net", "bob@example.net"]
    assert by_address["ana@example.net"]["Subject"] == "Your turn in Tiny (test game) (north and south)"
    assert "It is your turn to play north and south." in body_of(by_address["ana@example.net"])
    assert by_address["bob@example.net"]["Subject"] == "Your turn in Tiny (test game) (east)"
    assert app.state.deadlines.scan()["turn"] == 0  # each seat's notice claimed once
