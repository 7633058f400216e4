"""`last_acted` in a game's payload: where each of the caller's seats last acted, so
that the game page can step through what the others did since (issue 9, section 3)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import Player, create


def test_last_acted_names_the_step_after_each_own_seats_last_action(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest("Host"), Player(tiny_client).guest("Guest")
    watcher = Player(tiny_client).guest("Watcher")
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    url = f"/api/games/{game['id']}"
    assert host.ok("GET", url)["last_acted"] == {}  # nobody has acted yet

    def pick(player: Player, seat: str) -> None:
        version = player.ok("GET", url)["version"]
        body = {"seat": seat, "action": ["pick", 1], "expected_version": version}
        player.ok("POST", f"{url}/actions", body)

    pick(guest, "east")   # step 1
    pick(host, "north")   # step 2
    pick(host, "south")   # step 3
    assert host.ok("GET", url)["last_acted"] == {"north": 2, "south": 3}
    assert guest.ok("GET", url)["last_acted"] == {"east": 1}
    # a spectator has no seat, so nothing of its own to step from
    assert watcher.ok("GET", url)["last_acted"] == {}
