"""The lobby shows, for each of your games under a time control, by when one of your
seats must move (issue 9, section 4; docs/async-play.md listed it as not done)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create

from grognard.core.registry import Registry

#: far from any real time: the server's clock is this fixed one
START = datetime(2031, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def client(make_app: AppFactory, tiny_registry: Registry) -> Iterator[TestClient]:
    app = make_app(registry=tiny_registry, clock=lambda: START, deadline_scan_seconds=3600)
    with TestClient(app) as test_client:
        yield test_client


def mine(player: Player) -> dict[str, Any]:
    return {g["id"]: g for g in player.ok("GET", "/api/lobby")["mine"]}


def test_the_lobby_names_the_deadline_of_your_seats_to_play(client: TestClient) -> None:
    host, guest = Player(client).guest("Host"), Player(client).guest("Guest")
    clocked = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"}, move_days=1)
    guest.ok("POST", f"/api/invites/{clocked['invites']['east']}")
    free = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
    due = (START + timedelta(days=1)).isoformat()
    # every seat picks at once in the tiny game: all three are to play
    assert mine(host)[clocked["id"]]["my_deadline"] == due
    assert mine(guest)[clocked["id"]]["my_deadline"] == due
    assert mine(host)[free["id"]]["my_deadline"] is None  # no time control
    # the host's seats move: only the guest's seat still has a deadline
    for seat in ("north", "south"):
        version = host.ok("GET", f"/api/games/{clocked['id']}")["version"]
        body = {"seat": seat, "action": ["pick", 2], "expected_version": version}
        host.ok("POST", f"/api/games/{clocked['id']}/actions", body)
    assert mine(host)[clocked["id"]]["my_deadline"] is None
    assert mine(guest)[clocked["id"]]["my_deadline"] == due
    # the open-games list is not about anyone's seats
    assert all("my_deadline" not in g for g in host.ok("GET", "/api/lobby")["open"])
