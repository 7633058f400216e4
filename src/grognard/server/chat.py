"""A game's two chats: the players' and the spectators' (issue 9, section 4).

Who reads what, and why:

- players read their own chat; the spectators' chat only once the game is over,
  so that nobody watching can coach a player while it is being played;
- spectators (anyone signed in, guests too, who holds no seat) read their own chat,
  and the players' chat only while the players let them (`Game.players_chat_public`,
  off by default: a player's talk may be meant for the others at the table only);
- a message goes to the chat of its author's kind: a player cannot post into the
  spectators' chat, nor a spectator into the players'.

Any player may open or close their chat to spectators at any time; spectators then
read or stop reading it, history included (the client asks for the game again).
The rules live here; `GameChat` stores messages and pushes them to the sockets that
may read them, in this process and (through notify.py) in the others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable
from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from .db import utcnow
from .gamerows import GAMES, SeatBook, read_game
from .hub import Connection, Hub
from .models import FINISHED, ChatMessage, Game
from .notify import ChatPosted, ChatShared, Feed
from .payloads import SeatInfo, chat_json, encode, my_roles
from .refusals import NotFound, NotYours

#: The two chats of a game (the `channel` column of a message).
PLAYERS = "players"
SPECTATORS = "spectators"
CHANNELS = (PLAYERS, SPECTATORS)


def readable(is_player: bool, finished: bool, players_public: bool) -> frozenset[str]:
    """The chats a reader may see (see the module's docstring)."""
    if is_player:
        return frozenset(CHANNELS) if finished else frozenset({PLAYERS})
    return frozenset(CHANNELS) if players_public else frozenset({SPECTATORS})


def channel_of(is_player: bool) -> str:
    """The one chat a person may post into."""
    return PLAYERS if is_player else SPECTATORS


def player_ids(seats: Iterable[SeatInfo]) -> frozenset[int]:
    """The users who hold a seat (not AIs): they are the game's players."""
    return frozenset(s.user_id for s in seats if s.user_id is not None and not s.is_ai)


def chat_settings(game: Game, seats: list[SeatInfo], user_id: int | None) -> dict[str, Any]:
    """What the page needs to draw the chat box: which chat the caller posts into
    (None: not signed in yet), which it reads, whether spectators read the players'."""
    is_player = bool(my_roles(seats, user_id))
    public = bool(game.players_chat_public)
    return {
        "post": channel_of(is_player),
        "read": sorted(readable(is_player, game.status == FINISHED, public)),
        "players_public": public,
    }


def history(db: Session, game_id: str, channels: Collection[str], limit: int) -> list[ChatMessage]:
    """The last `limit` messages of these chats of a game, oldest first."""
    rows = db.scalars(
        select(ChatMessage)
        .where(ChatMessage.game_id == game_id, ChatMessage.channel.in_(sorted(channels)))
        .order_by(ChatMessage.id.desc())
        .limit(limit)
    ).all()
    return list(reversed(rows))


class GameChat:
    """Posting, pushing and opening the chats of games (GameService hands it its
    sessions, locks, hub and feed)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        hub: Hub,
        seats: SeatBook,
        lock: Callable[[str], threading.Lock],
        write_gate: AbstractContextManager[object],
        feed: Feed,
    ) -> None:
        self._sessions = sessions
        self._hub = hub
        self._seats = seats
        self._lock = lock
        self._write_gate = write_gate
        self._feed = feed

    def _game(self, db: Session, game_id: str) -> Game:
        game = read_game(db, game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def post(self, game_id: str, user_id: int, author: str, text: str) -> dict[str, Any]:
        """Store a message in the author's chat and push it to whoever may read it."""
        with self._lock(game_id), self._sessions() as db:
            game = self._game(db, game_id)
            seats = self._seats.of(db, game_id)
            message = ChatMessage(
                game_id=game_id,
                user_id=user_id,
                author=author,
                text=text,
                channel=channel_of(bool(my_roles(seats, user_id))),
                created_at=utcnow(),
            )
            with self._write_gate:
                db.add(message)
                if self._feed.shared:
                    db.flush()  # gives the message its id
                    self._feed.publish_in(db, ChatPosted(game_id, message.id, bool(game.players_chat_public)))
                db.commit()
            return self._push(game, seats, message, bool(game.players_chat_public))

    def _push(self, game: Game, seats: list[SeatInfo], message: ChatMessage, public: bool) -> dict[str, Any]:
        """Push `message` to the sockets that may read it, `public` being whether the
        players' chat was shared when it was posted."""
        out = chat_json(message)
        text_out = encode({"type": "chat", "game": game.id, "message": out}).decode()
        players = player_ids(seats)
        finished = game.status == FINISHED
        for connection in self._hub.connections(game.id):
            if message.channel in self._reads(connection, players, finished, public):
                connection.push(text_out)
        return out

    @staticmethod
    def _reads(
        connection: Connection, players: frozenset[int], finished: bool, public: bool
    ) -> frozenset[str]:
        # a player watching through an observer socket is still a player: no coaching
        is_player = connection.role is not None or connection.user_id in players
        return readable(is_player, finished, public)

    def push_posted(self, game_id: str, message_id: int, public: bool) -> None:
        """Another process stored a chat message: push it to this process's readers
        (`public`: whether the players' chat was shared when it was posted; the game's
        row may already say otherwise, the notices being handled out of order)."""
        if not self._hub.connections(game_id):
            return
        with self._sessions() as db:
            message = db.get(ChatMessage, message_id)
            game = read_game(db, game_id)
            if message is None or game is None or message.game_id != game_id:
                return
            seats = self._seats.of(db, game_id)
        self._push(game, seats, message, public)

    def share(self, game_id: str, user_id: int, public: bool) -> dict[str, Any]:
        """A player opens the players' chat to spectators, or closes it."""
        with self._lock(game_id), self._sessions() as db:
            self._game(db, game_id)
            if not my_roles(self._seats.of(db, game_id), user_id):
                raise NotYours("only the players of a game decide who reads their chat")
            with self._write_gate:
                # not a change of the game: its version (the players' concurrency token) stays
                db.execute(update(GAMES).where(GAMES.c.id == game_id).values(players_chat_public=public))
                if self._feed.shared:
                    self._feed.publish_in(db, ChatShared(game_id, public))
                db.commit()
        self.push_shared(game_id, public)
        return {"players_public": public}

    def push_shared(self, game_id: str, public: bool) -> None:
        """Tell every socket of the game (spectators reload the chat they may now read)."""
        text_out = encode({"type": "chat_settings", "game": game_id, "players_public": public}).decode()
        for connection in self._hub.connections(game_id):
            connection.push(text_out)
