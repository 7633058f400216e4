"""Accounts and sessions under abuse (issue 8, sections 2 and 3): sign-in rate
limits and the bound on concurrent argon2 hashes, usernames that cannot be told
apart, one seat per account, and a logout that ends the session's websockets."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create
from starlette.websockets import WebSocketDisconnect

from grognard.core.registry import Registry
from grognard.server import accounts
from grognard.server.guards import Guards, Limits
from grognard.server.ratelimit import Rate, RateLimiter

PASSWORD = "correct horse"


def guards(client: TestClient) -> Guards:
    kept: Guards = client.app.state.guards  # type: ignore[attr-defined]
    return kept


def login(player: Player, username: str, password: str = "wrong password") -> Any:
    return player.post("/api/login", {"username": username, "password": password})


# ----- rate limits ---------------------------------------------------------------------------------
def test_a_token_bucket_refills_at_its_rate() -> None:
    limiter = RateLimiter(Rate(burst=2, per=10.0), "tries", max_keys=2)
    assert limiter.wait_for("a", now=0.0) == 0.0
    assert limiter.wait_for("a", now=0.0) == 0.0
    assert limiter.wait_for("a", now=0.0) == 10.0  # empty: a token in 10 s
    assert limiter.wait_for("a", now=5.0) == 5.0
    assert limiter.wait_for("a", now=10.0) == 0.0
    assert limiter.wait_for("b", now=10.0) == 0.0  # each key has its own bucket
    limiter.wait_for("c", now=10.0)  # a third key: the least recent ("a") is forgotten
    assert limiter.wait_for("a", now=10.0) == 0.0


def test_sign_ins_from_one_address_are_rate_limited(make_app: AppFactory, tiny_registry: Registry) -> None:
    limits = Limits(sign_in_per_address=Rate(burst=3, per=3600.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        guesser = Player(client)
        for name in ("ann", "bob", "cid"):  # different accounts: the address is what counts
            assert login(guesser, name).status_code == 401
        limited = login(guesser, "dan")
        assert limited.status_code == 429 and "this address" in limited.json()["detail"]
        assert int(limited.headers["Retry-After"]) >= 3000
        registering = guesser.post("/api/register", {"username": "newbie", "password": PASSWORD})
        assert registering.status_code == 429


def test_sign_ins_on_one_account_are_rate_limited(make_app: AppFactory, tiny_registry: Registry) -> None:
    limits = Limits(sign_in_per_account=Rate(burst=2, per=3600.0))
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        Player(client).register("dave", PASSWORD)  # the first attempt on "dave"
        guesser = Player(client)
        assert login(guesser, "dave").status_code == 401
        limited = login(guesser, "DAVE")  # case does not make a new bucket
        assert limited.status_code == 429 and "this account" in limited.json()["detail"]
        assert int(limited.headers["Retry-After"]) >= 1
        assert login(Player(client), "dave", PASSWORD).status_code == 429  # even with the password
        assert login(guesser, "erin").status_code == 401  # another account is not limited


def test_concurrent_hashes_are_bounded(make_app: AppFactory, tiny_registry: Registry) -> None:
    """argon2 takes 64 MiB a hash: past `concurrent_hashes` at once a sign-in is
    answered 503 with Retry-After instead of adding another."""
    limits = Limits(concurrent_hashes=1, hash_patience=0.05)
    with TestClient(make_app(registry=tiny_registry, limits=limits)) as client:
        Player(client).register("erin", PASSWORD)
        gate = guards(client).hashing
        assert gate.try_take()  # another sign-in is hashing
        try:
            busy = login(Player(client), "erin", PASSWORD)
            assert busy.status_code == 503 and busy.headers["Retry-After"] == "1"
            assert "busy" in busy.json()["detail"]
            busy = Player(client).post("/api/register", {"username": "fred", "password": PASSWORD})
            assert busy.status_code == 503
        finally:
            gate.give_back()
        assert login(Player(client), "erin", PASSWORD).status_code == 200


# ----- names -----------------------------------------------------------------------------------------
def test_a_username_with_a_trailing_newline_is_refused(tiny_client: TestClient) -> None:
    for bad in ("dave\n", "dave\r\n", "da\u200bve", "dave\u2028"):
        answer = Player(tiny_client).post("/api/register", {"username": bad, "password": PASSWORD})
        assert answer.status_code == 422, bad


def test_usernames_are_nfkc_normalized(tiny_client: TestClient) -> None:
    """Full-width "ｄａｖｅ" is the account "dave", not a second one that looks alike."""
    wide = "\uff44\uff41\uff56\uff45"
    first = Player(tiny_client).register(wide, PASSWORD)
    assert first.user is not None and first.user["username"] == "dave"
    taken = Player(tiny_client).post("/api/register", {"username": "dave", "password": PASSWORD})
    assert taken.status_code == 409
    assert login(Player(tiny_client), "dave", PASSWORD).status_code == 200
    assert login(Player(tiny_client), wide, PASSWORD).status_code == 200


def test_guest_names_refuse_invisible_characters(tiny_client: TestClient) -> None:
    for bad in ("ana\u200b", "\u202eana", "ana\x07", " ana"):
        assert Player(tiny_client).post("/api/guest", {"name": bad}).status_code == 422, repr(bad)
    guest = Player(tiny_client).guest("\ufb01sh")
    assert guest.user is not None and guest.user["name"] == "fish"


# ----- seats ----------------------------------------------------------------------------------------
def test_one_account_takes_one_seat_of_a_public_game(tiny_client: TestClient) -> None:
    host, greedy = Player(tiny_client).guest(), Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "invite"}, public=True)
    url = f"/api/games/{game['id']}/join"
    assert greedy.ok("POST", url)["my_seats"] == ["east"]
    second = greedy.post(url, {"seat": "south"})
    assert second.status_code == 409 and "one seat" in second.json()["detail"]
    assert host.post(url).status_code == 409  # the creator too, without hot-seat seats
    assert Player(tiny_client).guest().ok("POST", url)["my_seats"] == ["south"]


def test_the_creator_of_a_hot_seat_game_may_take_more_seats(tiny_client: TestClient) -> None:
    host = Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "invite"}, public=True)
    assert host.ok("POST", f"/api/games/{game['id']}/join")["my_seats"] == ["north", "east", "south"]


# ----- sessions --------------------------------------------------------------------------------------
def test_logout_closes_that_sessions_websockets(tiny_client: TestClient) -> None:
    host, other = Player(tiny_client).guest(), Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
    with host.websocket(game["id"], "north") as mine, other.websocket(game["id"]) as watching:
        assert mine.receive_json()["type"] == "state"
        assert watching.receive_json()["type"] == "state"
        host.ok("POST", "/api/logout")
        with pytest.raises(WebSocketDisconnect) as closed:
            mine.receive_json()
        assert closed.value.code == 4401
        watching.send_json({"type": "ping", "id": 1})  # another session's socket stays open
        assert watching.receive_json() == {"type": "pong", "id": 1}


def test_signing_in_again_closes_the_old_sessions_websockets(tiny_client: TestClient) -> None:
    user = Player(tiny_client).register("gina", PASSWORD)
    game = create(user, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"})
    with user.websocket(game["id"], "north") as socket:
        assert socket.receive_json()["type"] == "state"
        user.ok("POST", "/api/login", {"username": "gina", "password": PASSWORD})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4401


def test_a_process_that_imports_the_server_hashes_no_password() -> None:
    """The hash a login with an unknown name is verified against (so that it takes as long
    as a known one) is made when the app starts, not when the server is imported: the
    server's spawned workers for odds, replays and searches import it too, and each paid
    0.3 s of CPU for a hash it never used."""
    probe = (
        "import argon2\n"
        "made = []\n"
        "hash_ = argon2.PasswordHasher.hash\n"
        "argon2.PasswordHasher.hash = lambda self, *a, **k: made.append(1) or hash_(self, *a, **k)\n"
        "import grognard.server.app\n"
        "print(len(made))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "0"


def test_the_app_makes_the_unknown_names_hash_as_it_starts(tiny_client: TestClient) -> None:
    assert accounts.dummy_hash.cache_info().currsize == 1  # made by the app's start
    answer = tiny_client.post("/api/login", json={"username": "nobody-here", "password": "a password"})
    assert answer.status_code == 401
    assert answer.json() == {"detail": "wrong username or password"}
