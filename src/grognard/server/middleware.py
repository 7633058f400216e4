"""ASGI middleware: the checks every request passes before any route runs.

- `BodyLimitMiddleware`: a request body limit (413).
- `UrlGuardMiddleware`: no control character (NUL above all) in a path or query.
- `JsonGuardMiddleware`: every JSON body decodes, is nested at most
  `inputs.MAX_JSON_DEPTH` levels and holds no NUL (422 with the reason).
- `CsrfMiddleware`: state-changing requests must come from this site's own pages
  (Origin / Sec-Fetch-Site), and with a session cookie echo its CSRF token.
- `SecurityHeadersMiddleware`: CSP, frame-ancestors, nosniff, Referrer-Policy.

All are plain ASGI (no BaseHTTPMiddleware) and answer errors as `{"detail": reason}`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from email.message import Message as MimeMessage
from urllib.parse import unquote_to_bytes, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .inputs import BadInput, decode_json
from .security import CSRF_HEADER, SESSION_COOKIE, is_csrf_valid

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})

#: Close code of a websocket refused for its URL (4000 + the HTTP status).
CLOSE_BAD_URL = 4400


async def send_error(send: Send, status: int, detail: str, headers: Mapping[str, str] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def refuse_websocket(receive: Receive, send: Send, code: int, reason: str) -> None:
    """Open the socket and close it at once with `code`: a close before the opening
    handshake reaches a browser as a bare HTTP 403, whatever the reason was."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": code, "reason": reason[:120]})


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


def _control_byte_in(data: bytes) -> int | None:
    for byte in data:
        if byte < 0x20 or byte == 0x7F:
            return byte
    return None


class UrlGuardMiddleware:
    """No control character in a path or a query string (percent-decoded): a NUL in
    a game id or an invite token would reach the database, where PostgreSQL refuses
    it with an error and SQLite looks it up; both now answer 400 (4400 on a socket)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            path = str(scope["path"]).encode("utf-8", "surrogateescape")
            query = unquote_to_bytes(bytes(scope.get("query_string", b"")).replace(b"+", b" "))
            bad = _control_byte_in(path)
            where = "path"
            if bad is None:
                bad, where = _control_byte_in(query), "query"
            if bad is not None:
                reason = f"the URL's {where} holds the control character U+{bad:04X}"
                if scope["type"] == "http":
                    await send_error(send, 400, reason)
                else:
                    await refuse_websocket(receive, send, CLOSE_BAD_URL, reason)
                return
        await self.app(scope, receive, send)


def _is_json_body(headers: Headers) -> bool:
    """Whether FastAPI would parse this body as JSON (no content type, or a JSON one)."""
    content_type = headers.get("content-type")
    if not content_type:
        return True
    mime = MimeMessage()
    mime["content-type"] = content_type
    subtype = mime.get_content_subtype()
    return subtype == "json" or subtype.endswith("+json")


class JsonGuardMiddleware:
    """Read a JSON body (already bounded by BodyLimitMiddleware, which runs first),
    refuse it when it is too deep or holds a NUL, else hand the same bytes on. The
    routes then parse only what a bounded walk has accepted."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] in SAFE_METHODS
            or not _is_json_body(Headers(scope=scope))
        ):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        messages: list[Message] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            try:
                decode_json(body, "the request body")
            except BadInput as exc:
                await send_error(send, 422, str(exc))
                return
        replay: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]
        replay += [m for m in messages if m["type"] != "http.request"]

        async def replaying_receive() -> Message:
            if replay:
                return replay.pop(0)
            return await receive()

        await self.app(scope, replaying_receive, send)


def is_same_site_request(headers: Headers) -> bool:
    """Whether a request comes from this site's own pages, or from no browser page.

    Browsers send `Sec-Fetch-Site` (modern ones) and `Origin` (on every POST); a
    page of another site cannot forge either. Clients that are not browsers send
    neither, and hold no visitor's cookies to abuse."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == headers.get("host", "").lower()


class CsrfMiddleware:
    """Every state-changing request must come from this site (see
    `is_same_site_request`): 403 otherwise, on every path, so that a cross-site
    form cannot even start a guest session over a visitor's. One that carries a
    session cookie must also echo the session's CSRF token in `X-CSRF-Token`, except
    on the paths in `exempt` (sign-in and guest sessions, which decide for
    themselves whether to use an existing session).

    The paths in `by_secret` are authorised by a secret in their own URL, never by a
    cookie (the unsubscribe link of a turn e-mail): they are posted from a mail
    client's one-click (RFC 8058) or from our confirmation page, which the browser
    sends with `Origin: null` under our no-referrer policy. A cross-site page
    cannot use them without the secret, so they skip the same-site check too."""

    def __init__(self, app: ASGIApp, exempt: frozenset[str], by_secret: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.exempt = exempt
        self.by_secret = by_secret

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        changes = scope["type"] == "http" and scope["method"] not in SAFE_METHODS
        if changes and scope["path"] not in self.by_secret:
            headers = Headers(scope=scope)
            if not is_same_site_request(headers):
                await send_error(send, 403, "cross-site request refused: use this site's own pages")
                return
            token = cookie_parser(headers.get("cookie", "")).get(SESSION_COOKIE)
            if (
                scope["path"] not in self.exempt
                and token
                and not is_csrf_valid(token, headers.get(CSRF_HEADER))
            ):
                await send_error(
                    send,
                    403,
                    "missing or wrong CSRF token: send the grognard_csrf cookie's value "
                    "in the X-CSRF-Token header",
                )
                return
        await self.app(scope, receive, send)


#: The web client is static files of this origin: no inline script or style, no
#: other host; no page may frame it (clickjacking on the move buttons).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: The API browser (`/api/docs`, server/apidocs.py) runs Swagger UI from this
#: server's own files with no inline script; Swagger UI sets inline styles on what it
#: draws, so only styles are relaxed, and only here.
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    # invite links carry their token in the URL: never hand it to another site
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class SecurityHeadersMiddleware:
    """Add the security headers to every HTTP answer (a route's own win)."""

    def __init__(self, app: ASGIApp, docs_prefix: str = "/api/docs") -> None:
        self.app = app
        self.docs_prefix = docs_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_docs = str(scope["path"]).startswith(self.docs_prefix)
        policy = DOCS_CONTENT_SECURITY_POLICY if is_docs else CONTENT_SECURITY_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in {"content-security-policy": policy, **SECURITY_HEADERS}.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
