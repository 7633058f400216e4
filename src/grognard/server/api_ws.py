"""`/ws/games/{id}?seat=ROLE`: live updates for one seat of a game (or, without a
seat or with `seat=observer`, the observer's view).

The server speaks first and alone: a `{"type": "state", ...}` message with the
seat's own view at once and after every change, and `{"type": "chat", ...}` for chat.
A client may send `{"type": "ping", "id": ...}` and gets `{"type": "pong", "id": ...}`
after every message queued before it; anything else gets `{"type": "error",
"detail": ...}`. Refusals open the socket and close it at once with code 4000 + the
HTTP status (4400 bad URL, 4401 not signed in, 4403 not your seat or a cross-site
page, 4404 no such game): a close before the opening handshake would reach a
browser as a bare HTTP 403.

Every message for a socket, pongs included, waits in one queue capped at
`Settings.ws_max_pending` messages and `hub.MAX_PENDING_CHARS` characters; a client
that falls that far behind (or floods pings without reading the pongs) is closed
with 1013. A session that ends (logout, a new
sign-in) closes its sockets with 4401.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from .accounts import optional_account
from .clients import Refused
from .context import Server, server_of
from .guards import guards_of
from .hub import CLOSE, CLOSE_TOO_SLOW, Connection
from .inputs import BadInput, decode_json, has_surrogate
from .payloads import encode
from .ratelimit import client_address
from .refusals import Refusal
from .security import SESSION_COOKIE, hash_token

router = APIRouter()


MAX_CLIENT_MESSAGE = 4096
#: Longest ping id echoed back.
MAX_PING_ID = 128
#: Seconds a close may take to reach a client that does not read.
CLOSE_PATIENCE = 2.0


def is_same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin with every websocket; a page from another site may not
    open one with our cookies. Clients that send no Origin are not browsers."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


async def _refuse(websocket: WebSocket, code: int, reason: str) -> None:
    await websocket.accept()
    await websocket.close(code=code, reason=reason[:120])


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str, seat: str | None = None) -> None:
    server = server_of(websocket)
    if not is_same_origin(websocket):
        await _refuse(websocket, 4403, "cross-site websocket refused")
        return
    account = await optional_account(websocket)
    role = None if seat in (None, "", "observer") else seat
    if role is not None and account is None:
        await _refuse(websocket, 4401, "not signed in")
        return
    token = websocket.cookies.get(SESSION_COOKIE)
    session = hash_token(token) if account is not None and token else None
    holdings = guards_of(websocket).sockets
    held = (client_address(websocket), session, game_id, role is None)
    try:
        holdings.open_socket(*held)
    except Refused as exc:
        await _refuse(websocket, exc.code, exc.reason)
        return
    try:
        await _serve(websocket, server, game_id, role, account.id if account else None, session)
    finally:
        holdings.close_socket(*held)


async def _serve(
    websocket: WebSocket,
    server: Server,
    game_id: str,
    role: str | None,
    user_id: int | None,
    session: str | None,
) -> None:
    sender: asyncio.Task[None] | None = None
    closer: asyncio.Task[None] | None = None

    def dropped() -> None:  # on this loop, when the queue overflows
        nonlocal closer
        if sender is not None and closer is None:
            closer = asyncio.create_task(_close_slow(websocket, sender))

    connection = Connection(
        game_id=game_id,
        role=role,
        user_id=user_id,
        loop=asyncio.get_running_loop(),
        max_pending=server.settings.ws_max_pending,
        session=session,
        on_drop=dropped,
    )
    try:
        await run_in_threadpool(server.games.attach, connection)
    except Refusal as exc:
        await _refuse(websocket, 4000 + exc.status, exc.reason)
        return
    try:
        await websocket.accept()
        sender = asyncio.create_task(_send(websocket, connection))
        await _receive(websocket, connection)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        server.hub.remove(connection)
        connection.dropped = True
        if sender is not None:
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)
        if closer is not None:  # let the close frame go out (it gives up by itself)
            await asyncio.gather(closer, return_exceptions=True)


async def _close_slow(websocket: WebSocket, sender: asyncio.Task[None]) -> None:
    """A client fell too far behind: its sender may be stuck writing to it, so stop
    that and send the close frame, within CLOSE_PATIENCE (after which the server
    drops the connection without one)."""
    sender.cancel()
    await asyncio.gather(sender, return_exceptions=True)
    with contextlib.suppress(TimeoutError, RuntimeError, WebSocketDisconnect):
        await asyncio.wait_for(websocket.close(code=CLOSE_TOO_SLOW, reason="too far behind"), CLOSE_PATIENCE)


async def _send(websocket: WebSocket, connection: Connection) -> None:
    while True:
        text = await connection.next_message()
        if text is CLOSE:
            await websocket.close(code=connection.close_code)
            return
        await websocket.send_text(text)


def answer_to(text: str | None) -> dict[str, object]:
    """The reply to one client message: a pong, or an error with the reason."""
    try:
        if text is None or len(text) > MAX_CLIENT_MESSAGE:
            raise BadInput(f"send JSON text messages of at most {MAX_CLIENT_MESSAGE} characters")
        data = decode_json(text, "the message")
        if not isinstance(data, dict) or data.get("type") != "ping":
            raise BadInput('the only message a client sends is {"type": "ping", "id": ...}')
        ping_id = data.get("id")
        if isinstance(ping_id, bool) or not isinstance(ping_id, (str, int, type(None))):
            raise BadInput("a ping id is a string, an integer or null")
        if isinstance(ping_id, int) and not -(2**63) <= ping_id < 2**63:
            raise BadInput("a ping id integer fits in 64 bits")
        if isinstance(ping_id, str) and (len(ping_id) > MAX_PING_ID or has_surrogate(ping_id)):
            raise BadInput(f"a ping id is at most {MAX_PING_ID} characters of valid Unicode")
        return {"type": "pong", "id": ping_id}
    except BadInput as exc:
        return {"type": "error", "detail": str(exc)}


async def _receive(websocket: WebSocket, connection: Connection) -> None:
    """Answer the client's messages until it leaves, or until it has fallen too far
    behind (its socket is being closed: nothing more is read or answered)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect" or connection.dropped:
            return
        connection.offer(encode(answer_to(message.get("text"))).decode())
