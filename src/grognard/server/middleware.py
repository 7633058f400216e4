"""ASGI middleware: a request body limit and CSRF checking for cookie sessions.

Both are plain ASGI (no BaseHTTPMiddleware) and answer errors as `{"detail": reason}`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .security import CSRF_HEADER, SESSION_COOKIE, is_csrf_valid

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})


async def send_error(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(HTTPException):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body too large: the limit is {limit} bytes")


class BodyLimitMiddleware:
    """Refuse bodies over `limit` bytes (or the limit `by_path` gives a path): by
    Content-Length up front, and by counting what is streamed (a chunked body has no
    Content-Length)."""

    def __init__(self, app: ASGIApp, limit: int, by_path: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.by_path = dict(by_path or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.by_path.get(scope["path"], self.limit)
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            if not declared.isdigit():
                await send_error(send, 400, f"bad Content-Length header {declared[:20]!r}")
                return
            if int(declared) > limit:
                await send_error(send, 413, BodyTooLarge(limit).detail)
                return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge as exc:
            if started:
                raise
            await send_error(send, 413, exc.detail)


class CsrfMiddleware:
    """A state-changing request that carries a session cookie must echo the session's
    CSRF token in `X-CSRF-Token`. Paths in `exempt` (sign-in and guest sessions, which
    decide for themselves whether to use an existing session) are let through."""

    def __init__(self, app: ASGIApp, exempt: frozenset[str]) -> None:
        self.app = app
        self.exempt = exempt

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] not in SAFE_METHODS
            and scope["path"] not in self.exempt
        ):
            headers = Headers(scope=scope)
            token = cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE)
            if token and not is_csrf_valid(token, headers.get(CSRF_HEADER)):
                await send_error(
                    send,
                    403,
                    "missing or wrong CSRF token: send the grognard_csrf cookie's value "
                    "in the X-CSRF-Token header",
                )
                return
        await self.app(scope, receive, send)
