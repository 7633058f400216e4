"""Opt-in turn e-mails: the SMTP server (given by URL), the messages, and the routes
to opt in and to unsubscribe.

    smtp://[user:password@]host[:port][?from=address&starttls=1]
    smtps://[user:password@]host[:port][?from=address]          (TLS from the start)

The URL comes from `--smtp-url` or GROGNARD_SMTP_URL; without one no e-mail is sent.
Links in the messages start with the server's public address (`--public-url` /
GROGNARD_PUBLIC_URL). Every message has a link to the game and an unsubscribe link
(also as a List-Unsubscribe header) that works without signing in: it carries a
random token of the account's own, not its session.
"""

from __future__ import annotations

import email.policy
import html
import os
import secrets
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, quote, urlsplit

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select, update
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse

from grognard.core.errors import BadSetting

from .api_games import Caller
from .context import server_of
from .models import EXPIRY_FORFEIT, User
from .problems import ERROR_RESPONSES

if TYPE_CHECKING:
    from datetime import datetime

    from .deadlines import Notice

SMTP_URL_ENV = "GROGNARD_SMTP_URL"
PUBLIC_URL_ENV = "GROGNARD_PUBLIC_URL"
DEFAULT_PUBLIC_URL = "http://localhost:8000"
UNSUBSCRIBE_PATH = "/api/mail/unsubscribe"
#: Seconds to wait on the SMTP server before giving up on one message.
SMTP_TIMEOUT = 15.0


class BadSmtpUrl(ValueError):
    """An SMTP URL that cannot be used, with the reason."""


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    sender: str
    tls: bool = False
    starttls: bool = False
    username: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpTarget:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise BadSmtpUrl(f"SMTP URL {url!r}: use smtp://host[:port] or smtps://host[:port]")
        if not parts.hostname:
            raise BadSmtpUrl(f"SMTP URL {url!r} names no host")
        try:
            port = parts.port
        except ValueError:
            raise BadSmtpUrl(f"SMTP URL {url!r}: the port is not a number from 1 to 65535") from None
        query = parse_qs(parts.query)
        unknown = sorted(set(query) - {"from", "starttls"})
        if unknown:
            raise BadSmtpUrl(f"SMTP URL {url!r}: unknown parameter {', '.join(unknown)} (from, starttls)")
        sender = query.get("from", [f"grognard@{parts.hostname}"])[0]
        if "@" not in sender:
            raise BadSmtpUrl(f"SMTP URL {url!r}: from={sender!r} is not an e-mail address")
        tls = parts.scheme == "smtps"
        return cls(
            host=parts.hostname,
            port=port or (465 if tls else 25),
            sender=sender,
            tls=tls,
            starttls=query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
            username=parts.username,
            password=parts.password,
        )


def make_mailer(smtp_url: str | None, public_url: str | None) -> Mailer | None:
    """The mailer the arguments (else the environment) ask for; None without an SMTP
    URL. A bad URL raises BadSetting with the reason."""
    url = smtp_url or os.environ.get(SMTP_URL_ENV) or None
    if url is None:
        return None
    try:
        target = SmtpTarget.parse(url)
    except BadSmtpUrl as exc:
        raise BadSetting(str(exc)) from None
    base = public_url or os.environ.get(PUBLIC_URL_ENV) or DEFAULT_PUBLIC_URL
    if urlsplit(base).scheme not in ("http", "https"):
        raise BadSetting(f"public URL {base!r}: give the address players open, e.g. https://example.org")
    return Mailer(target, base)


def _when(due: datetime | None) -> str:
    return due.strftime("%Y-%m-%d %H:%M UTC") if due else "soon"


def _after_time(on_expiry: str) -> str:
    """What happens to a seat whose time runs out, as the game's creator chose."""
    if on_expiry == EXPIRY_FORFEIT:
        return "you forfeit and the game is lost"
    return "a computer player takes over your seat"


def _wording(notice: Notice) -> tuple[str, str]:
    """The subject and the first paragraph of a notice's e-mail."""
    game, seats = notice.ruleset, notice.seats_text
    if notice.kind == "forfeit":
        if notice.ran_out in notice.roles:
            lead = f"Your time as {notice.ran_out} ran out: you forfeit, and the game is lost."
        else:
            lead = f"{notice.ran_out} ran out of time and forfeits: the game is over, and you win."
        return f"Game over in {game}: {notice.ran_out} ran out of time", lead
    when = _when(notice.due_at)
    if notice.kind == "reminder":
        lead = (
            f"Your time for this move as {seats} runs out at {when}. "
            f"If you have not moved by then, {_after_time(notice.on_expiry)}."
        )
        return f"Reminder: your move in {game} is due {when}", lead
    lead = f"It is your turn to play {seats}."
    if notice.due_at is not None:
        lead += f" You have until {when}; after that, {_after_time(notice.on_expiry)}."
    return f"Your turn in {game} ({seats})", lead


class Mailer:
    """Sends the turn e-mails through one SMTP server (blocking: call from a thread)."""

    def __init__(self, target: SmtpTarget, public_url: str) -> None:
        self.target = target
        self.public_url = public_url.rstrip("/")

    def game_link(self, game_id: str) -> str:
        return f"{self.public_url}/#/game/{quote(game_id)}"

    def unsubscribe_link(self, token: str) -> str:
        return f"{self.public_url}{UNSUBSCRIBE_PATH}?token={quote(token)}"

    def message(self, notice: Notice) -> EmailMessage:
        link = self.game_link(notice.game_id)
        subject, lead = _wording(notice)
        unsubscribe = self.unsubscribe_link(notice.unsubscribe_token)
        # RFC 5322 allows 998 characters a line: the default 78 would fold the
        # List-Unsubscribe URL into RFC 2047 encoded-words, which RFC 2369 forbids
        message = EmailMessage(policy=email.policy.SMTP.clone(max_line_length=998))
        message["From"] = self.target.sender
        message["To"] = notice.email
        message["Subject"] = subject
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058
        message.set_content(
            f"{lead}\n\nPlay: {link}\n(Sign in first with the account that holds your seat: "
            f"signed out, the link shows the game as a spectator.)\n\n"
            f"No more turn e-mails: {unsubscribe}\n",
        )
        return message

    def send_notice(self, notice: Notice) -> None:
        self.send(self.message(notice))

    def send(self, message: EmailMessage) -> None:
        target = self.target
        smtp_class = smtplib.SMTP_SSL if target.tls else smtplib.SMTP
        with smtp_class(target.host, target.port, timeout=SMTP_TIMEOUT) as smtp:
            if target.starttls and not target.tls:
                smtp.starttls()
            if target.username:
                smtp.login(target.username, target.password or "")
            smtp.send_message(message)


# ----- routes: opting in and out ------------------------------------------------------------
router = APIRouter(prefix="/api", tags=["mail"], responses=ERROR_RESPONSES)


class EmailSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    #: the address turn e-mails go to; null forgets it
    email: str | None = Field(default=None, max_length=254, pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
    #: send an e-mail when it is this account's turn (and a reminder before a deadline)
    turns: bool = False


@router.get("/me/email")
async def get_email(request: Request, caller: Caller) -> dict[str, object]:
    def read() -> dict[str, object]:
        with server_of(request).sessions() as db:
            user = db.get(User, caller.id)
            assert user is not None  # the caller's session names it
            return {"email": user.email, "turns": user.email_turns}

    return await run_in_threadpool(read)


@router.put("/me/email")
async def set_email(body: EmailSettings, request: Request, caller: Caller) -> dict[str, object]:
    """Opt in to (or out of) turn e-mails."""
    if body.turns and body.email is None:
        raise HTTPException(422, "turn e-mails need an address: give email")
    server = server_of(request)

    def write() -> dict[str, object]:
        with server.sessions() as db, server.write_gate:
            user = db.get(User, caller.id)
            assert user is not None
            user.email = body.email
            user.email_turns = body.turns
            if user.unsubscribe_token is None:
                user.unsubscribe_token = secrets.token_urlsafe(24)
            db.commit()
            return {"email": user.email, "turns": user.email_turns}

    return await run_in_threadpool(write)


_CONFIRM = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Unsubscribe</title>
<body><p>Stop the turn e-mails of grognard to this account?</p>
<form method="post" action="{action}"><button type="submit">Unsubscribe</button></form></body></html>"""


_DONE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Unsubscribed</title>
<body><p>Done: grognard sends this account no more turn e-mails. You can turn them on again
in your account settings.</p></body></html>"""


@router.get(UNSUBSCRIBE_PATH.removeprefix("/api"), response_class=HTMLResponse)
async def unsubscribe_page(token: str = Query(min_length=8, max_length=64)) -> HTMLResponse:
    """A page that asks before unsubscribing: mail scanners open links, and must not
    unsubscribe anyone by doing so (the POST does it, also RFC 8058 one-click)."""
    action = html.escape(f"{UNSUBSCRIBE_PATH}?token={quote(token)}")
    return HTMLResponse(_CONFIRM.format(action=action))


@router.post(UNSUBSCRIBE_PATH.removeprefix("/api"), response_model=None)
async def unsubscribe(
    request: Request, token: str = Query(min_length=8, max_length=64)
) -> dict[str, object] | HTMLResponse:
    server = server_of(request)

    def write() -> int:
        with server.sessions() as db, server.write_gate:
            found = db.scalar(select(User.id).where(User.unsubscribe_token == token))
            if found is None:
                return 0
            db.execute(update(User).where(User.id == found).values(email_turns=False))
            db.commit()
            return 1

    if not await run_in_threadpool(write):
        raise HTTPException(404, "no such unsubscribe link: it may be from an account that no longer exists")
    if "text/html" in request.headers.get("accept", ""):  # our confirmation page's form
        return HTMLResponse(_DONE)
    return {"unsubscribed": True}
