"""Accounts, guest sessions, password hashing, session tokens and CSRF."""

from __future__ import annotations

import hashlib

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create
from sqlalchemy import delete, select

from grognard.server import expiring
from grognard.server.expiring import ExpiringCache
from grognard.server.models import LoginSession, User

PASSWORD = "correct horse battery staple"


def test_passwords_are_stored_as_argon2_hashes_and_tokens_as_digests(tiny_client: TestClient) -> None:
    ana = Player(tiny_client).register("ana", PASSWORD)
    token = ana.jar["grognard_session"]
    with tiny_client.app.state.server.sessions() as db:  # type: ignore[attr-defined]
        user = db.scalar(select(User).where(User.username == "ana"))
        sessions = db.scalars(select(LoginSession)).all()
    assert user is not None and user.password_hash is not None
    assert user.password_hash.startswith("$argon2id$")
    assert PASSWORD not in user.password_hash
    assert [s.token_hash for s in sessions] == [hashlib.sha256(token.encode()).hexdigest()]
    assert all(token not in s.token_hash for s in sessions)


def test_register_login_logout(tiny_client: TestClient) -> None:
    ana = Player(tiny_client).register("ana", PASSWORD)
    assert ana.user is not None
    assert ana.user == {"id": ana.user["id"], "name": "ana", "username": "ana", "guest": False}
    assert ana.ok("GET", "/api/me")["user"]["username"] == "ana"
    assert ana.ok("POST", "/api/logout") == {"user": None}
    assert ana.ok("GET", "/api/me") == {"user": None, "csrf_token": None}
    assert "grognard_session" not in ana.jar

    other = Player(tiny_client)
    wrong = other.post("/api/login", {"username": "ana", "password": "not the password"})
    assert wrong.status_code == 401 and wrong.json() == {"detail": "wrong username or password"}
    nobody = other.post("/api/login", {"username": "bob", "password": PASSWORD})
    assert nobody.status_code == 401 and nobody.json() == wrong.json()
    again = other.ok("POST", "/api/login", {"username": "ana", "password": PASSWORD})
    assert again["user"]["id"] == ana.user["id"]

    taken = Player(tiny_client).post("/api/register", {"username": "ana", "password": PASSWORD})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    short = Player(tiny_client).post("/api/register", {"username": "bob", "password": "short"})
    assert short.status_code == 422 and "8 characters" in short.json()["detail"]
    odd = Player(tiny_client).post("/api/register", {"username": "b b", "password": PASSWORD})
    assert odd.status_code == 422 and "username" in odd.json()["detail"]


def test_a_guest_plays_at_once_and_keeps_the_games_on_registering(tiny_client: TestClient) -> None:
    guest = Player(tiny_client).guest("Visitor")
    assert guest.user is not None and guest.user["guest"] and guest.user["name"] == "Visitor"
    assert guest.ok("POST", "/api/guest")["user"] == guest.user  # the same session again
    game = create(guest, "tiny", {"north": "me", "east": "ai:random", "south": "ai:random"})
    assert game["seats"][0]["player"] == "Visitor"
    member = guest.register("visitor", PASSWORD)
    assert member.user is not None and member.user["id"] == guest.user["id"] and not member.user["guest"]
    again = guest.ok("GET", f"/api/games/{game['id']}")
    assert again["my_seats"] == ["north"] and again["seats"][0]["player"] == "visitor"  # the new name at once
    assert [g["id"] for g in guest.ok("GET", "/api/lobby")["mine"]] == [game["id"]]


def test_cookie_requests_that_change_state_need_the_csrf_header(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    seats = {"north": "me", "east": "invite", "south": "hotseat"}
    body = {"ruleset": "tiny", "seats": seats}
    missing = me.post("/api/games", body, csrf=False)
    assert missing.status_code == 403 and "CSRF" in missing.json()["detail"]
    forged = me.post("/api/games", body, csrf=False, headers={"X-CSRF-Token": "0" * 64})
    assert forged.status_code == 403
    other = Player(tiny_client).guest()
    borrowed = me.post("/api/games", body, csrf=False, headers={"X-CSRF-Token": other.csrf})
    assert borrowed.status_code == 403  # the token is bound to the session
    assert me.post("/api/logout", csrf=False).status_code == 403
    assert me.post("/api/games", body).status_code == 201
    assert me.get("/api/lobby").status_code == 200  # reading needs no token
    # a guest/login request without the header starts afresh instead of using the session
    fresh = me.post("/api/guest", csrf=False).json()
    assert fresh["user"]["id"] != me.user["id"]  # type: ignore[index]


# ----- the session cache ------------------------------------------------------------------------
def _end_sessions_behind_the_servers_back(client: TestClient) -> None:
    """What another server process on the same database does on a logout."""
    with client.app.state.server.sessions() as db, db.begin():  # type: ignore[attr-defined]
        db.execute(delete(LoginSession))


def test_a_session_ended_elsewhere_is_trusted_only_for_the_cache_seconds(make_app: AppFactory) -> None:
    for seconds, still_in in ((0, False), (3600, True)):
        with TestClient(make_app(session_cache_seconds=seconds)) as client:
            ana = Player(client).guest()
            assert ana.ok("GET", "/api/me")["user"] is not None  # looked up: remembered when allowed
            _end_sessions_behind_the_servers_back(client)
            assert (ana.ok("GET", "/api/me")["user"] is not None) is still_in
            ana.ok("POST", "/api/logout")
            assert ana.ok("GET", "/api/me")["user"] is None  # a logout here is at once


def test_registering_drops_the_guest_sessions_at_once(make_app: AppFactory) -> None:
    with TestClient(make_app(session_cache_seconds=3600)) as client:
        guest = Player(client).guest("Visitor")
        old_cookies = guest.cookies
        assert guest.ok("GET", "/api/me")["user"]["guest"] is True
        guest.register("visitor", PASSWORD)
        assert guest.ok("GET", "/api/me")["user"]["guest"] is False
        stale = Player(client)
        stale.cookies = old_cookies  # the guest's session ended when it became an account
        assert stale.ok("GET", "/api/me")["user"] is None


def test_remembered_entries_expire_and_make_room(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(expiring.time, "monotonic", lambda: now[0])
    cache: ExpiringCache[str, str] = ExpiringCache(ttl=10, size=2)
    cache.put("a", "ana")
    cache.put("b", "bob", at_most=4)  # a session that ends before the cache would forget it
    assert (cache.get("a"), cache.get("b")) == ("ana", "bob")
    now[0] += 5
    assert (cache.get("a"), cache.get("b")) == ("ana", None)
    now[0] += 6
    assert cache.get("a") is None
    cache.put("a", "ana")
    cache.put("c", "cy")
    assert cache.get("a") == "ana"  # used last: "c" is now the oldest
    cache.put("d", "di")  # over the size: the least recently used goes
    assert (cache.get("a"), cache.get("c"), cache.get("d")) == ("ana", None, "di")
    cache.drop_where(lambda name: name.startswith("d"))
    assert (cache.get("a"), cache.get("d")) == ("ana", None)
    cache.drop("a")
    assert cache.get("a") is None
    nothing: ExpiringCache[str, str] = ExpiringCache(ttl=0, size=2)
    nothing.put("a", "ana")
    assert nothing.get("a") is None
