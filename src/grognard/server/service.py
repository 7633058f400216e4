"""Games on the server: create, load, act, undo, resign, invite, chat, rematch.

Every change to a game runs in a worker thread under that game's lock, in one
database transaction: read the game row (FOR UPDATE where the database has it),
take the live `State` from the memory cache when its version matches the row (else
rebuild it from the snapshot), validate and apply, then write the action row and
the new snapshot and bump `version`. Only after the commit is the cache updated and
each connected seat pushed its own view. A killed server therefore loses nothing it
answered "accepted" for, and a restarted one picks the games up from their snapshots.

The rules, the checks and the encoding of the snapshot run under the game's lock
alone; the write gate (one writer at a time on SQLite, see `db.write_gate`) is held
only while the rows are written and committed. So no game waits for another game's
thinking, only for its few milliseconds of writing.

Other processes on the same PostgreSQL database hear of each change through a
notice sent inside its transaction (notify.py); `push_current` (and chat.py's `push_posted`) are
what a process does on hearing one: push its own sockets what they have not seen.

Beside it, each a concept of its own: gamechange.py (one change: what it read, its
checks, recording it in the row), livestates.py (the live states in memory),
aiseats.py (the AI seats' agents), lobby.py, replays.py, and refusals.py (how the game
layer says no without knowing about HTTP).
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from grognard.agents import StateSampler
from grognard.agents.registry import has_heuristic
from grognard.core.errors import IllegalAction, UnknownRuleset
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.registry import Registry
from grognard.core.replay import make_replay

from .aiseats import AgentBook, AiJob
from .chat import GameChat, chat_settings
from .chat import history as chat_history
from .db import as_utc, utcnow
from .gamechange import Change, record, require_no_seat_yet, require_playing, require_seat, require_version
from .gamerows import SeatBook, action_row, insert_actions, read_game, write_game
from .hub import Connection, Hub
from .livestates import LiveStates
from .lobby import lobby_of
from .models import (
    ACTIVE,
    EXPIRY_FORFEIT,
    FINISHED,
    SEAT_AI,
    SEAT_INVITE,
    ActionRecord,
    Game,
    Seat,
    TurnClock,
)
from .newgames import (
    NewGame,
    Replayer,
    SeatSpec,
    game_row,
    insert_game,
    legal_form,
    new_state,
    prepare,
)
from .notify import Feed, GameChanged
from .payloads import (
    SeatInfo,
    SeatViews,
    game_payload,
    last_acted,
    my_roles,
    seat_view,
    view_message,
)
from .refusals import Conflict, NotFound, NotYours, Unavailable
from .replays import ReplayCheckpoints
from .settings import Settings

LOCK_STRIPES = 256


@dataclass
class Outcome:
    """What a change returns to the route: the caller's payload, and whether an AI
    seat must move now."""

    payload: dict[str, Any]
    wants_ai: bool = False


class GameService:
    def __init__(
        self,
        sessions: sessionmaker[Session],
        registry: Registry,
        hub: Hub,
        settings: Settings,
        write_gate: AbstractContextManager[object],
        feed: Feed | None = None,
    ) -> None:
        self._sessions = sessions
        #: tells the other processes on the database of each change (none on SQLite)
        self._feed = feed if feed is not None else Feed()
        self._write_gate = write_gate
        self._registry = registry
        self._hub = hub
        self._settings = settings
        self._locks = [threading.Lock() for _ in range(LOCK_STRIPES)]
        #: the live states of recent games (livestates.py)
        self.live = LiveStates(settings.live_games, self._ruleset)
        #: the AI seats' agents, by game and seat (aiseats.py)
        self.agents = AgentBook(settings)
        #: the seats of recent games (seats are read on every move, changed rarely)
        self.seats = SeatBook()
        #: states every few steps of recently replayed games (`/replay/{step}`)
        self.replays = ReplayCheckpoints()
        #: the players' and the spectators' chats
        self.chats = GameChat(sessions, hub, self.seats, self.lock, write_gate, self._feed)
        #: run in the transaction of every change and new game, under the write gate:
        #: keeps the turn clocks of deadlines.py in step with the game row
        self.on_change: Callable[[Session, Game], None] | None = None

    # ----- locks and the live-state cache ------------------------------------------------
    def lock(self, game_id: str) -> threading.Lock:
        return self._locks[zlib.crc32(game_id.encode()) % LOCK_STRIPES]

    def cached_state(self, game_id: str) -> State | None:
        """The live state in memory, if any (for tests and diagnostics)."""
        return self.live.peek(game_id)

    def forget(self, game_id: str) -> None:
        self.live.forget(game_id)

    def ruleset_title(self, ruleset_id: str) -> str:
        """The game's name as players know it ("Victory"), for e-mails; the id when this
        server does not have the ruleset."""
        try:
            return self._registry.get(ruleset_id).name
        except UnknownRuleset:
            return ruleset_id

    def _ruleset(self, ruleset_id: str) -> Ruleset:
        try:
            return self._registry.get(ruleset_id)
        except UnknownRuleset:
            raise Unavailable(f"this server does not have the ruleset {ruleset_id!r} of that game") from None

    def _state(self, db: Session, game: Game) -> State:
        return self.live.load(db, game)

    # ----- reading --------------------------------------------------------------------------
    @staticmethod
    def _game(db: Session, game_id: str, for_update: bool = False) -> Game:
        """The game's row, transient (see gamerows): changes reach the database
        only through `write_game`."""
        game = read_game(db, game_id, for_update=for_update)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def get(self, game_id: str, user_id: int | None) -> dict[str, Any]:
        with self.lock(game_id), self._sessions() as db:
            game = self._game(db, game_id)
            seats = self.seats.of(db, game_id)
            state = self._state(db, game)
            # only the chats this caller may read (chat.py)
            settings = chat_settings(game, seats, user_id)
            messages = chat_history(db, game_id, settings["read"], self._settings.chat_history)
            payload = game_payload(game, seats, state, user_id, messages)
            payload["chat_settings"] = settings
            payload["last_acted"] = last_acted(state, payload["my_seats"])
            self._add_deadlines(db, game, payload)
            return payload

    @staticmethod
    def _add_deadlines(db: Session, game: Game, payload: dict[str, Any]) -> None:
        """Under a time control: when each seat to play must have moved (deadlines.py)."""
        if game.move_days is None:
            return
        due = db.execute(select(TurnClock.role, TurnClock.due_at).where(TurnClock.game_id == game.id)).all()
        payload["deadlines"] = {role: as_utc(at).isoformat() for role, at in due if at is not None}

    # ----- the one way games change ---------------------------------------------------------
    def _change(
        self, game_id: str, user_id: int | None, change: Callable[[Change], None], *, answer: bool = True
    ) -> Outcome:
        """Read the game, let `change` decide and change it (nothing is written yet:
        no autoflush), write and commit under the write gate, then push the seats
        their views and answer the caller (with `answer=False`, an empty payload:
        the server's own AI asks for no answer)."""
        with self.lock(game_id), self._sessions() as db:
            tx: Change | None = None
            try:
                game = self._game(db, game_id, for_update=True)
                read_version = game.version
                tx = Change(db, game, self.seats.of(db, game_id), self._state(db, game))
                with db.no_autoflush:
                    change(tx)
                if tx.notify and self._feed.shared:
                    wants_ai = self._wants_ai(game, tx.seats)
                    notice = GameChanged(game_id, game.version, tx.seats_changed, wants_ai)
                    tx.writes.append(lambda: self._feed.publish_in(db, notice))
                on_change = self.on_change
                if tx.notify and on_change is not None:
                    tx.writes.append(lambda: on_change(db, game))
                with self._write_gate:
                    if game.version != read_version:
                        write_game(db, game, read_version)
                    for write in tx.writes:
                        write()
                    db.commit()
            except IllegalAction as exc:
                raise Conflict(str(exc)) from None
            except StaleDataError:
                self.forget(game_id)
                raise Conflict("the game changed meanwhile: reload it and try again") from None
            except BaseException:
                if tx is not None and tx.changed:
                    self.forget(game_id)
                raise
            if tx.changed:
                self.live.remember(game_id, game.version, tx.state)
            if tx.seats_changed:
                self.seats.forget(game_id)
                tx.seats = self.seats.of(db, game_id)
            views = SeatViews(game, tx.state)
            if tx.notify:
                self._broadcast(game, tx.seats, views)
            payload = game_payload(game, tx.seats, tx.state, user_id, None, views) if answer else {}
            if answer:
                self._add_deadlines(db, game, payload)
            payload.update(tx.extra)
            return Outcome(payload, self._wants_ai(game, tx.seats))

    @staticmethod
    def _wants_ai(game: Game, seats: list[SeatInfo]) -> bool:
        ai_roles = {s.role for s in seats if s.is_ai}
        return game.status == ACTIVE and bool(ai_roles & set(game.active_roles))

    def _broadcast(
        self, game: Game, seats: list[SeatInfo], views: SeatViews, connections: list[Connection] | None = None
    ) -> None:
        """Push every socket of the game (or `connections`) its seat's view, with the
        log lines it lacks (one encoding per seat and starting line: usually one per seat)."""
        messages: dict[tuple[Role | None, int], str] = {}
        for connection in self._hub.connections(game.id) if connections is None else connections:
            lines = len(views(connection.role)["log"])
            key = (connection.role, min(connection.log_sent, lines))
            if key not in messages:
                messages[key] = view_message(game, seats, key[0], views, key[1]).decode()
            connection.log_sent = lines
            connection.version_sent = game.version
            if not connection.push(messages[key]):
                self._hub.remove(connection)

    # ----- creating games -------------------------------------------------------------------
    def create(
        self, user_id: int, settings: NewGame, replay_cpu: float | None = None, replay: Replayer | None = None
    ) -> Outcome:
        state, specs = prepare(self._registry, user_id, settings, replay_cpu, replay)  # no lock needed yet
        game = game_row(state, user_id, settings.public, None, settings.move_days, settings.on_expiry)
        with self._sessions() as db:
            with self._write_gate:
                insert_game(db, game, state, specs, user_id)
                if self.on_change is not None:
                    self.on_change(db, game)
                db.commit()
            seat_rows = self.seats.of(db, game.id)
            payload = game_payload(game, seat_rows, state, user_id, [])
        self.live.remember(game.id, game.version, state)
        return Outcome(payload, self._wants_ai(game, seat_rows))

    # ----- playing --------------------------------------------------------------------------
    def act(self, game_id: str, user_id: int, role: str, action: Any, expected_version: int) -> Outcome:
        def change(tx: Change) -> None:
            require_seat(tx, user_id, role)
            require_playing(tx)
            require_version(tx, expected_version, role)
            self._play(tx, role, action, user_id)

        return self._change(game_id, user_id, change)

    def _play(self, tx: Change, role: Role, raw: Any, user_id: int | None) -> None:
        action = legal_form(tx.state, role, raw)
        tx.changed = True  # from here a failure other than IllegalAction drops the live state
        tx.state.apply(role, action)  # IllegalAction leaves the state untouched
        record(tx)
        row = action_row(tx.game, len(tx.state.history) - 1, role, action, user_id)
        tx.writes.append(lambda: insert_actions(tx.db, [row]))

    def undo(self, game_id: str, user_id: int, role: str, expected_version: int | None) -> Outcome:
        def change(tx: Change) -> None:
            require_seat(tx, user_id, role)
            require_playing(tx)
            require_version(tx, expected_version, role)
            tx.changed = True
            tx.state.undo(role)  # IllegalAction (nothing to undo) leaves the state untouched
            record(tx)
            taken_back = (
                update(ActionRecord)
                .where(
                    ActionRecord.game_id == tx.game.id,
                    ActionRecord.ply >= len(tx.state.history),
                    ActionRecord.undone.is_(False),
                )
                .values(undone=True)
            )
            tx.writes.append(lambda: tx.db.execute(taken_back))

        return self._change(game_id, user_id, change)

    def resign(self, game_id: str, user_id: int, role: str, expected_version: int | None) -> Outcome:
        """The resigning seat scores 0, the others share the win; the game ends."""

        def change(tx: Change) -> None:
            require_seat(tx, user_id, role)
            require_playing(tx)
            require_version(tx, expected_version, role)
            others = [s.role for s in tx.seats if s.role != role]
            game = tx.game
            game.status = FINISHED
            game.result = {s.role: (0.0 if s.role == role else 1 / len(others)) for s in tx.seats}
            game.finish_reason = f"{role} resigned"
            record(tx)

        return self._change(game_id, user_id, change)

    def expire(
        self, game_id: str, role: str, since_version: int, claim: Callable[[Session], bool]
    ) -> Outcome:
        """A seat's time ran out (deadlines.py): as the game's creator chose, a server
        AI takes the seat, or the seat forfeits (scored as a resignation). `claim`
        marks the clock expired in this same transaction and says whether this call
        won it: the one process that does acts, the others change nothing."""

        def change(tx: Change) -> None:
            game = tx.game
            stale = int(game.turns.get(role, [-1])[0]) != since_version
            if game.status != ACTIVE or stale or role not in game.active_roles:
                raise _Moved
            if game.on_expiry == EXPIRY_FORFEIT:
                others = [s.role for s in tx.seats if s.role != role]
                game.status = FINISHED
                game.result = {s.role: (0.0 if s.role == role else 1 / len(others)) for s in tx.seats}
                game.finish_reason = f"{role} ran out of time"
                tx.extra["forfeit"] = 1  # deadlines.py tells the players
                record(tx)
            else:
                agent = "heuristic" if has_heuristic(game.ruleset) else "random"
                seat_update = (
                    update(Seat)
                    .where(Seat.game_id == game.id, Seat.role == role)
                    .values(kind=SEAT_AI, agent=agent, user_id=None, invite_token=None)
                )
                tx.writes.append(lambda: tx.db.execute(seat_update))
                tx.seats_changed = True
                record(tx)
            tx.writes.append(lambda: _require(claim(tx.db)))
            tx.extra["expired"] = 1

        try:
            return self._change(game_id, None, change, answer=False)
        except _Moved:
            return Outcome({}, False)
        except Conflict:  # the game changed meanwhile: the next scan looks again
            return Outcome({}, False)

    # ----- seats: invites and open games ---------------------------------------------------
    def _game_of_invite(self, token: str) -> str:
        with self._sessions() as db:
            game_id = db.scalar(select(Seat.game_id).where(Seat.invite_token == token))
        if game_id is None:
            raise NotFound("no such invite")
        return game_id

    def claim_invite(self, token: str, user_id: int) -> Outcome:
        return self._take_seat(self._game_of_invite(token), user_id, token=token, role=None)

    def join(self, game_id: str, user_id: int, role: str | None) -> Outcome:
        return self._take_seat(game_id, user_id, token=None, role=role)

    def _take_seat(self, game_id: str, user_id: int, token: str | None, role: str | None) -> Outcome:
        def change(tx: Change) -> None:
            query = select(Seat).where(Seat.game_id == tx.game.id, Seat.kind == SEAT_INVITE)
            if token is not None:
                query = query.where(Seat.invite_token == token)
            else:
                if not tx.game.public:
                    raise NotYours("this game is not open to all: ask its creator for an invite link")
                require_no_seat_yet(tx, user_id)
                if role is not None:
                    query = query.where(Seat.role == role)
            candidates = list(tx.db.scalars(query.order_by(Seat.position)))
            if any(s.user_id == user_id for s in candidates if token is not None):
                tx.extra["seat"] = candidates[0].role
                return  # already claimed by this user
            require_playing(tx)
            seat = next((s for s in candidates if s.user_id is None), None)
            if seat is None:
                raise Conflict("that seat is taken" if candidates else "no open seat in this game")
            seat.user_id = user_id
            tx.extra["seat"] = seat.role
            tx.game.version = tx.game.version + 1
            tx.game.updated_at = utcnow()
            tx.notify = tx.seats_changed = True

        return self._change(game_id, user_id, change)

    # ----- chat (chat.py) -------------------------------------------------------------------
    def chat(self, game_id: str, user_id: int, author: str, text: str) -> dict[str, Any]:
        return self.chats.post(game_id, user_id, author, text)

    # ----- changes made by other processes (see notify.py) ---------------------------------
    def push_current(self, game_id: str) -> None:
        """Another process changed the game: push each socket here that has not seen
        its current version that version (a socket never goes back: it may have been
        sent a later one already, by this process)."""
        if not self._hub.connections(game_id):
            return
        with self.lock(game_id), self._sessions() as db:
            game = read_game(db, game_id)
            if game is None:
                return
            behind = [c for c in self._hub.connections(game_id) if c.version_sent < game.version]
            if behind:
                seats = self.seats.of(db, game_id)
                self._broadcast(game, seats, SeatViews(game, self._state(db, game)), behind)

    # ----- rematch ------------------------------------------------------------------------------
    def rematch(self, game_id: str, user_id: int) -> Outcome:
        """A new game with the same settings, a new seed and the seats moved one role
        on (who went first goes second). Asking again returns the same rematch."""

        def change(tx: Change) -> None:
            game = tx.game
            if not my_roles(tx.seats, user_id):
                raise NotYours("only the players of a game may ask for a rematch")
            if game.status != FINISHED:
                raise Conflict("the game is still being played")
            if game.rematch_id is not None:
                tx.extra["rematch_game"] = game.rematch_id
                return
            ruleset = self._ruleset(game.ruleset)
            old = sorted(tx.seats, key=lambda s: s.position)
            specs = [SeatSpec(s.kind, s.agent, s.user_id) for s in old[-1:] + old[:-1]]
            state = new_state(ruleset, game.scenario, dict(game.options), None, [])
            new = game_row(state, user_id, game.public, game.id, game.move_days, game.on_expiry)
            tx.writes.append(lambda: insert_game(tx.db, new, state, specs, user_id))
            on_change = self.on_change
            if on_change is not None:  # the rematch keeps the time control: start its clocks
                tx.writes.append(lambda: on_change(tx.db, new))
            game.rematch_id = new.id
            game.version = game.version + 1
            tx.notify = True
            tx.extra["rematch_game"] = new.id

        outcome = self._change(game_id, user_id, change)
        new_id = outcome.payload["rematch_game"]
        again = self.get(new_id, user_id)
        with self._sessions() as db:
            game = self._game(db, new_id)
            wants_ai = self._wants_ai(game, self.seats.of(db, new_id))
        return Outcome(again, wants_ai)

    # ----- lobby ----------------------------------------------------------------------------------
    def lobby(self, user_id: int | None, limit: int = 100) -> dict[str, Any]:
        with self._sessions() as db:
            return lobby_of(db, user_id, limit)

    # ----- replays --------------------------------------------------------------------------------
    def _snapshot_copy(self, game_id: str) -> tuple[Game, list[SeatInfo], State]:
        with self.lock(game_id), self._sessions() as db:
            game = self._game(db, game_id)
            seats = self.seats.of(db, game_id)
            return game, seats, self._state(db, game).clone()

    def replay(self, game_id: str) -> dict[str, Any]:
        """The replay file of a finished game (the same format as `grognard replay`)."""
        game, _, state = self._snapshot_copy(game_id)
        if game.status != FINISHED:
            raise Conflict("the game is still being played: its replay opens when it is over")
        replay = make_replay(state)
        replay.update(game=game.id, result=game.result, finish_reason=game.finish_reason)
        return replay

    def replay_step(self, game_id: str, step: int, role: str | None) -> dict[str, Any]:
        """The view of `role` (None: observer) after the first `step` actions. While the
        game runs only the observer view is given, without the action itself: a seat's
        past views, and some actions (secret choices), hold what the others may not see."""
        game, _, state = self._snapshot_copy(game_id)
        ruleset = self._ruleset(game.ruleset)
        return self.replays.step_view(game.id, game.status == FINISHED, ruleset, state, step, role)

    # ----- websockets -------------------------------------------------------------------------------
    def attach(self, connection: Connection) -> None:
        """Register a socket and queue its first message, under the game's lock so that
        no change of this process slips between the two.

        A change made by another process is heard as a notice, which pushes only the
        sockets registered when it arrives (peers.py). So the socket is registered
        after its seat is checked but before the game is read for its first view: a
        notice that arrives after the registration pushes it once this lock is free
        (push_current skips it if the read already saw that version); one that
        arrived before it was sent after its commit, which the read then sees. Read
        before the registration, a version could fall between the two and the
        socket stayed on the view it was first sent."""
        with self.lock(connection.game_id), self._sessions() as db:
            game = self._game(db, connection.game_id)
            seats = self.seats.of(db, game.id)
            if connection.role is not None:
                if connection.role not in {s.role for s in seats}:
                    raise NotYours(f"this game has no seat {connection.role!r}")
                if connection.role not in my_roles(seats, connection.user_id):
                    raise NotYours(f"the seat {connection.role!r} is not yours")
            self._hub.add(connection)
            try:
                game = self._game(db, connection.game_id)  # a statement of its own: sees newer commits
                views = SeatViews(game, self._state(db, game))
                connection.push(view_message(game, seats, connection.role, views).decode())
                connection.log_sent = len(views(connection.role)["log"])
                connection.version_sent = game.version
            except BaseException:
                self._hub.remove(connection)
                raise

    # ----- AI seats -----------------------------------------------------------------------------------
    def games_waiting_for_ai(self) -> list[str]:
        with self._sessions() as db:
            return list(
                db.scalars(
                    select(Game.id)
                    .join(Seat, Seat.game_id == Game.id)
                    .where(Game.status == ACTIVE, Seat.kind == SEAT_AI)
                    .distinct()
                )
            )

    def ai_job(self, game_id: str) -> AiJob | None:
        """The next move an AI seat of this game must make, or None."""
        with self.lock(game_id), self._sessions() as db:
            game = read_game(db, game_id)
            if game is None or game.status != ACTIVE:
                self.agents.drop(game_id)
                return None
            agents = {s.role: s.agent for s in self.seats.of(db, game_id) if s.is_ai and s.agent}
            state = self._state(db, game)
            for role in state.active_roles():
                name = agents.get(role)
                if name is None:
                    continue
                agent = self.agents.of(game, role, name)
                view = seat_view(game, state, role) if agent.wants_view else {}
                sampler = None
                if getattr(agent, "wants_sampler", False):
                    # a copy: the agent thinks outside the lock while the live state
                    # may move on; the sampler only ever hands out re-drawn copies of it
                    sampler = StateSampler(state.clone(), role)
                legal = state.legal_actions(role)
                return AiJob(game_id, role, agent, view, legal, game.version, sampler, game.created_by)
            return None

    def ai_play(self, job: AiJob, action: Action) -> bool:
        """Apply an AI's move; False when the game moved on meanwhile."""

        def change(tx: Change) -> None:
            if tx.game.status != ACTIVE or tx.game.version != job.version:
                raise _Moved
            self._play(tx, job.role, list(action), None)

        try:
            self._change(job.game_id, None, change, answer=False)
        except _Moved:
            return False
        except Conflict:
            # the move was refused: read the game afresh before the next job, so
            # that a live copy gone wrong can never make the AI retry forever
            self.forget(job.game_id)
            return False
        return True


def _require(won: bool) -> None:
    if not won:
        raise _Moved


class _Moved(Exception):
    """An AI move computed for a version the game has left."""
