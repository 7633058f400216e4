"""`/ws/games/{id}?seat=ROLE`: live updates for one seat of a game (or, without a
seat or with `seat=observer`, the observer's view).

The server speaks first and alone: a `{"type": "state", ...}` message with the
seat's own view at once and after every change, and `{"type": "chat", ...}` for chat.
A client may send `{"type": "ping", "id": ...}` and gets `{"type": "pong", "id": ...}`
after every message queued before it. Refusals close the socket before it opens,
with code 4000 + the HTTP status (4401 not signed in, 4403 not your seat or a
cross-site page, 4404 no such game).
"""

from __future__ import annotations

import asyncio
import json
from urllib.parse import urlsplit

from fastapi import APIRouter, HTTPException, WebSocket
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketDisconnect

from .accounts import optional_account
from .context import server_of
from .hub import CLOSE, Connection
from .payloads import encode

router = APIRouter()

CLOSE_TOO_SLOW = 1013  # "try again later": the client fell too far behind
MAX_CLIENT_MESSAGE = 4096


def is_same_origin(websocket: WebSocket) -> bool:
    """Browsers send Origin with every websocket; a page from another site may not
    open one with our cookies. Clients that send no Origin are not browsers."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == websocket.headers.get("host", "").lower()


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str, seat: str | None = None) -> None:
    server = server_of(websocket)
    if not is_same_origin(websocket):
        await websocket.close(code=4403, reason="cross-site websocket refused")
        return
    account = await optional_account(websocket)
    role = None if seat in (None, "", "observer") else seat
    if role is not None and account is None:
        await websocket.close(code=4401, reason="not signed in")
        return
    connection = Connection(
        game_id=game_id,
        role=role,
        user_id=account.id if account else None,
        loop=asyncio.get_running_loop(),
        max_pending=server.settings.ws_max_pending,
    )
    try:
        await run_in_threadpool(server.games.attach, connection)
    except HTTPException as exc:
        await websocket.close(code=4000 + exc.status_code, reason=str(exc.detail)[:120])
        return
    sender: asyncio.Task[None] | None = None
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


async def _send(websocket: WebSocket, connection: Connection) -> None:
    while True:
        text = await connection.queue.get()
        if text is CLOSE:
            await websocket.close(code=CLOSE_TOO_SLOW if connection.dropped else 1001)
            return
        await websocket.send_text(text)


async def _receive(websocket: WebSocket, connection: Connection) -> None:
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        reply: dict[str, object]
        try:
            if text is None or len(text) > MAX_CLIENT_MESSAGE:
                raise ValueError("send short JSON text messages")
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("type") != "ping":
                raise ValueError('the only message a client sends is {"type": "ping"}')
            reply = {"type": "pong", "id": data.get("id")}
        except ValueError as exc:
            reply = {"type": "error", "detail": str(exc)}
        connection.queue.put_nowait(encode(reply).decode())
