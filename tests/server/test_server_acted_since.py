"""`acted_since` in a game's payload and in the answers to actions: for each of the
caller's seats, how many actions each role played since that seat's last one, the
span the game page's "since your last move" card and its stepper both count (issue 9,
section 3). Who acted when is public; the actions themselves are not in it."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import Player, create


def test_acted_since_counts_each_roles_actions_after_the_seats_last(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest("Host"), Player(tiny_client).guest("Guest")
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    url = f"/api/games/{game['id']}"
    assert host.ok("GET", url)["acted_since"] == {"north": {}, "south": {}}

    def pick(player: Player, seat: str) -> dict[str, object]:
        version = player.ok("GET", url)["version"]
        body = {"seat": seat, "action": ["pick", 1], "expected_version": version}
        answer: dict[str, object] = player.ok("POST", f"{url}/actions", body)
        return answer

    pick(guest, "east")  # step 1
    pick(host, "north")  # step 2
    answer = pick(host, "south")  # step 3
    # the answer to an action carries them too: the page's card is right at once
    assert answer["acted_since"] == {"north": {"south": 1}, "south": {}}
    assert answer["plies"] == 3
    assert guest.ok("GET", url)["acted_since"] == {"east": {"north": 1, "south": 1}}
    # the sum is the stepper's span: plies after the seat's last action
    last = guest.ok("GET", url)["last_acted"]["east"]
    assert sum(guest.ok("GET", url)["acted_since"]["east"].values()) == 3 - last
