"""Accounts, guest players and cookie sessions.

A session is a random token in an HttpOnly cookie; the database keeps its SHA-256
only. The CSRF token (readable cookie `grognard_csrf`, also in the JSON answer) is
derived from it; `CsrfMiddleware` checks it on every state-changing request.
"""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from datetime import timedelta

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from .context import Server, server_of
from .db import as_utc, utcnow
from .guards import Guards, guards_of
from .inputs import BadInput, clean_name
from .models import LoginSession, User
from .notify import PlayerRenamed, SessionEnded, UserSessionsEnded
from .problems import ERROR_RESPONSES
from .ratelimit import client_address
from .security import (
    CSRF_COOKIE,
    CSRF_HEADER,
    PASSWORD_MAX,
    PASSWORD_MIN,
    SESSION_COOKIE,
    USERNAME_PATTERN,
    csrf_token_for,
    hash_password,
    hash_token,
    is_csrf_valid,
    new_token,
    password_needs_rehash,
    verify_password,
)

router = APIRouter(prefix="/api", tags=["accounts"], responses=ERROR_RESPONSES)

#: Paths that decide for themselves whether to use the caller's session (see CsrfMiddleware).
CSRF_EXEMPT = frozenset({"/api/guest", "/api/login", "/api/register"})


@functools.cache
def dummy_hash() -> str:
    """The hash a login verifies against when the username is unknown, so that both cases
    take as long. Made once, on first use rather than at import: every process that
    imports the server paid 0.3 s of CPU for it, its spawned workers for odds, replays and
    searches too. The app makes it while it starts (`create_app`'s lifespan), so that no
    login's answer pays for it."""
    return hash_password(secrets.token_urlsafe(16))


@dataclass(frozen=True)
class Account:
    """The signed-in user, detached from any database session."""

    id: int
    name: str
    username: str | None
    guest: bool

    @classmethod
    def from_row(cls, user: User) -> Account:
        return cls(user.id, user.display_name, user.username, user.is_guest)

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "name": self.name, "username": self.username, "guest": self.guest}


class GuestRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, min_length=1, max_length=32)


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=PASSWORD_MAX)


# ----- looking up the caller -------------------------------------------------------------
def _session_token(conn: HTTPConnection) -> str | None:
    return conn.cookies.get(SESSION_COOKIE) or None


def lookup_account(server: Server, token: str | None) -> Account | None:
    """The account of a session token, from the database (and remembered a moment)."""
    if not token:
        return None
    token_hash = hash_token(token)
    since = server.callers.generation  # a logout heard meanwhile: do not remember the old answer
    with server.sessions() as db:
        row = db.execute(
            select(LoginSession.expires_at, User)
            .join(User, User.id == LoginSession.user_id)
            .where(LoginSession.token_hash == token_hash)
        ).first()
        if row is None:
            return None
        left = (as_utc(row[0]) - utcnow()).total_seconds()
        if left <= 0:
            return None
        account = Account.from_row(row[1])
    # remembered a moment: every request asks who its caller is (see Server.callers)
    server.callers.put(token_hash, account, at_most=left, since=since)
    return account


async def optional_account(conn: HTTPConnection) -> Account | None:
    """The caller's account, or None (no cookie, unknown or expired session). A
    session seen in the last seconds is answered at once, without a worker thread."""
    server, token = server_of(conn), _session_token(conn)
    if not token:
        return None
    known = server.callers.get(hash_token(token))
    if known is not None:
        return known
    return await run_in_threadpool(lookup_account, server, token)


async def require_account(conn: HTTPConnection) -> Account:
    account = await optional_account(conn)
    if account is None:
        raise HTTPException(401, "not signed in: sign in, or start a guest session with POST /api/guest")
    return account


def _forget_sessions(server: Server, *, token: str | None = None, user_id: int | None = None) -> None:
    """After a session or a user's sessions ended in the database (this process
    forgets at once; the others on hearing the notice: notify.py)."""
    if token:
        server.callers.drop(hash_token(token))
        server.feed.publish(SessionEnded(hash_token(token)))
    if user_id is not None:
        server.callers.drop_where(lambda account: account.id == user_id)
        server.feed.publish(UserSessionsEnded(user_id))


def _existing_account(request: Request) -> Account | None:
    """The caller's session, for the CSRF-exempt paths: used only with a valid CSRF header."""
    token = _session_token(request)
    if token is None or not is_csrf_valid(token, request.headers.get(CSRF_HEADER)):
        return None
    return lookup_account(server_of(request), token)


# ----- sessions -----------------------------------------------------------------------------
def _start_session(server: Server, db: Session, user: User, response: Response) -> dict[str, object]:
    token = new_token()
    now = utcnow()
    lifetime = timedelta(days=server.settings.session_days)
    db.add(
        LoginSession(token_hash=hash_token(token), user_id=user.id, created_at=now, expires_at=now + lifetime)
    )
    csrf = csrf_token_for(token)
    secure = server.settings.secure_cookies
    max_age = int(lifetime.total_seconds())
    response.set_cookie(
        SESSION_COOKIE, token, max_age=max_age, httponly=True, samesite="strict", secure=secure, path="/"
    )
    response.set_cookie(
        CSRF_COOKIE, csrf, max_age=max_age, httponly=False, samesite="strict", secure=secure, path="/"
    )
    return {"user": Account.from_row(user).to_json(), "csrf_token": csrf}


def _answer(account: Account, request: Request) -> dict[str, object]:
    token = _session_token(request) or ""
    return {"user": account.to_json(), "csrf_token": csrf_token_for(token)}


def _checked_name(text: str, what: str) -> str:
    try:
        return clean_name(text, what)
    except BadInput as exc:
        raise HTTPException(422, str(exc)) from None


def _limit_sign_in(guards: Guards, request: Request, username: str) -> None:
    """429 past the sign-in rate of this address or of this account name (case
    folded, so that "Dave" and "dave" share one bucket)."""
    guards.sign_in_by_address.check(client_address(request))
    guards.sign_in_by_account.check(username.casefold())


@router.post("/guest")
def start_guest(request: Request, response: Response, body: GuestRequest | None = None) -> dict[str, object]:
    """A guest session: play at once, no sign-up. A caller who already has a session
    (and proves it with the CSRF header) keeps it."""
    existing = _existing_account(request)
    if existing is not None:
        return _answer(existing, request)
    guards_of(request).guests_by_address.check(client_address(request))
    server = server_of(request)
    chosen = _checked_name(body.name, "a guest name") if body and body.name else None
    name = chosen or f"guest-{secrets.token_hex(3)}"
    with server.write_gate, server.sessions() as db, db.begin():
        user = User(username=None, display_name=name, password_hash=None, is_guest=True, created_at=utcnow())
        db.add(user)
        db.flush()
        return _start_session(server, db, user, response)


def _check_new_credentials(body: Credentials) -> str:
    """The username to create, NFKC-normalized; 422 with the reason otherwise."""
    username = _checked_name(body.username, "a username")
    if not USERNAME_PATTERN.fullmatch(username):
        raise HTTPException(422, "a username is 3 to 32 letters, digits, dots, dashes or underscores")
    if len(body.password) < PASSWORD_MIN:
        raise HTTPException(422, f"a password has at least {PASSWORD_MIN} characters")
    return username


@router.post("/register")
def register(body: Credentials, request: Request, response: Response) -> dict[str, object]:
    """Create an account. A guest who registers keeps their games: the guest account
    becomes the new account."""
    username = _check_new_credentials(body)
    server, guards = server_of(request), guards_of(request)
    _limit_sign_in(guards, request, username)
    guest = _existing_account(request)
    with guards.hashing.slot():
        password_hash = hash_password(body.password)
    try:
        return _create_account(server, username, password_hash, guest, response)
    except IntegrityError:  # another request took the name meanwhile
        raise HTTPException(409, f"the username {username!r} is taken") from None


def _create_account(
    server: Server, username: str, password_hash: str, guest: Account | None, response: Response
) -> dict[str, object]:
    with server.write_gate, server.sessions() as db, db.begin():
        taken = db.scalar(select(User.id).where(User.username == username))
        if taken is not None:
            raise HTTPException(409, f"the username {username!r} is taken")
        user = db.get(User, guest.id) if guest is not None and guest.guest else None
        if user is None:
            user = User(is_guest=False, created_at=utcnow())
            db.add(user)
        else:
            db.execute(delete(LoginSession).where(LoginSession.user_id == user.id))
        user.username = username
        user.display_name = username
        user.password_hash = password_hash
        user.is_guest = False
        db.flush()
        answer = _start_session(server, db, user, response)
    if guest is not None:
        _forget_sessions(server, user_id=guest.id)
        server.hub.close_where(lambda c: c.user_id == guest.id and c.session is not None)
        server.games.seats.forget_player(guest.id)  # their seats show the new name
        server.feed.publish(PlayerRenamed(guest.id))
    return answer


@router.post("/login")
def login(body: Credentials, request: Request, response: Response) -> dict[str, object]:
    server, guards = server_of(request), guards_of(request)
    username = _checked_name(body.username, "a username")
    _limit_sign_in(guards, request, username)
    # argon2 takes tens of milliseconds and 64 MiB on purpose: verify (and rehash)
    # in a bounded number of slots, and before taking the write gate, which every
    # game's moves wait for on SQLite.
    with server.sessions() as db:
        user = db.scalar(select(User).where(User.username == username))
    stored = user.password_hash if user is not None and user.password_hash else dummy_hash()
    with guards.hashing.slot():
        if not verify_password(stored, body.password) or user is None:
            raise HTTPException(401, "wrong username or password")
        rehashed = hash_password(body.password) if password_needs_rehash(stored) else None
    with server.write_gate, server.sessions() as db, db.begin():
        current = db.get(User, user.id)
        if current is None or current.password_hash != stored:  # changed meanwhile
            raise HTTPException(401, "wrong username or password")
        if rehashed is not None:
            current.password_hash = rehashed
        old = _session_token(request)
        if old:
            db.execute(delete(LoginSession).where(LoginSession.token_hash == hash_token(old)))
        answer = _start_session(server, db, current, response)
    _forget_sessions(server, token=old)
    if old:
        _close_sockets(server, old)
    return answer


def _close_sockets(server: Server, token: str) -> None:
    """Close the websockets opened with a session that has just ended: they would
    go on receiving its seats' views."""
    token_hash = hash_token(token)
    server.hub.close_where(lambda connection: connection.session == token_hash)


@router.post("/logout")
def logout(request: Request, response: Response) -> dict[str, object]:
    token = _session_token(request)
    if token:
        server = server_of(request)
        with server.write_gate, server.sessions() as db, db.begin():
            db.execute(delete(LoginSession).where(LoginSession.token_hash == hash_token(token)))
        _forget_sessions(server, token=token)
        _close_sockets(server, token)
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")
    return {"user": None}


@router.get("/me")
async def me(request: Request) -> dict[str, object]:
    """The signed-in user and the CSRF token, or `{"user": null}`."""
    account = await optional_account(request)
    if account is None:
        return {"user": None, "csrf_token": None}
    return _answer(account, request)
