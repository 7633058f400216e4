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
"""

from __future__ import annotations

import hashlib
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import msgspec
from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from grognard.agents import Agent, Sampler, StateSampler, make_agent
from grognard.agents.registry import has_heuristic
from grognard.core.errors import IllegalAction, UnknownRuleset
from grognard.core.game import Action, Role, Ruleset, State, as_action
from grognard.core.registry import Registry
from grognard.core.replay import make_replay

from .chat import GameChat, chat_settings
from .chat import history as chat_history
from .db import as_utc, utcnow
from .gamerows import SeatBook, action_row, insert_actions, read_game, read_seats, write_game
from .hub import Connection, Hub
from .models import (
    ACTIVE,
    EXPIRY_FORFEIT,
    FINISHED,
    SEAT_AI,
    SEAT_HOTSEAT,
    SEAT_INVITE,
    ActionRecord,
    Game,
    Seat,
    TurnClock,
)
from .newgames import (
    NewGame,
    SeatSpec,
    game_row,
    insert_game,
    legal_form,
    new_state,
    prepare,
    turns_after,
)
from .notify import Feed, GameChanged
from .payloads import (
    SeatInfo,
    SeatViews,
    game_header,
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
#: Most moves `_catch_up` applies; past it the snapshot is read instead.
CATCH_UP_MOVES = 64
_MOVES_SINCE = (
    select(ActionRecord.version, ActionRecord.role, ActionRecord.action)
    .where(
        ActionRecord.game_id == bindparam("game_id"),
        ActionRecord.version > bindparam("version"),
        # not past the version read: later moves may be committed meanwhile
        ActionRecord.version <= bindparam("until"),
        ActionRecord.undone.is_(False),
    )
    .order_by(ActionRecord.ply)
)


@dataclass(frozen=True)
class AiJob:
    """One AI move to think about: what the agent sees, and the version it saw."""

    game_id: str
    role: Role
    agent: Agent
    view: dict[str, Any]
    legal: list[Action]
    version: int
    #: for a search agent (`wants_sampler`): determinizations of a copy of the game
    #: taken at `version`, as sim/play.py `decide` gives them; None for the others
    sampler: Sampler | None = None
    #: the user who made the game: AI thinking is shared fairly between users
    owner: int | None = None


#: The share of the server's time limit per AI move a search agent may think.
SEARCH_SHARE = 0.5


@dataclass
class Outcome:
    """What a change returns to the route: the caller's payload, and whether an AI
    seat must move now."""

    payload: dict[str, Any]
    wants_ai: bool = False


@dataclass
class _Tx:
    """One change to one game: what it read, and what it leaves to do."""

    db: Session
    game: Game
    seats: list[SeatInfo]
    state: State
    #: the State object was changed: replace it in the cache, or drop it on failure
    changed: bool = False
    #: the game row changed: push every connected seat its view after the commit
    notify: bool = False
    #: a seat changed hands: read the seats again before answering
    seats_changed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    #: writes that cannot wait for the commit's flush (statements, rows that need a
    #: flush first): run under the write gate, just before the commit
    writes: list[Callable[[], object]] = field(default_factory=list)


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
        self._cache: OrderedDict[str, tuple[int, State]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._agents: dict[tuple[str, Role], Agent] = {}
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
        with self._cache_lock:
            hit = self._cache.get(game_id)
        return hit[1] if hit else None

    def _remember(self, game_id: str, version: int, state: State) -> None:
        with self._cache_lock:
            self._cache[game_id] = (version, state)
            self._cache.move_to_end(game_id)
            while len(self._cache) > self._settings.live_games:
                self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(game_id, None)

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
        with self._cache_lock:
            hit = self._cache.get(game.id)
            if hit is not None and hit[0] == game.version:
                self._cache.move_to_end(game.id)
                return hit[1]
        if hit is not None and hit[0] < game.version:
            caught_up = self._catch_up(db, game, *hit)
            if caught_up is not None:
                self._remember(game.id, game.version, caught_up)
                return caught_up
        ruleset = self._ruleset(game.ruleset)
        # The snapshot with its own version, read together: another process may have
        # changed the game since `game` was read (not when it was read FOR UPDATE), and
        # the cache must never file a state under a version it is not at. A reader
        # that did not lock the row may so get a state a little newer than its row.
        row = db.execute(select(Game.version, Game.snapshot).where(Game.id == game.id)).one()
        state = ruleset.state_class.from_json(ruleset, msgspec.json.decode(row.snapshot or "null"))
        self._remember(game.id, row.version, state)
        return state

    def _catch_up(self, db: Session, game: Game, version: int, state: State) -> State | None:
        """The live state at `version` brought to the game's version by applying the
        moves made since (another process made them), when every version between was
        one move (no undo, seat change or resignation) and they are few: a move is
        applied in ~0.1 ms, where reading and decoding a mid-game snapshot takes ~2.
        None when it cannot be done: the caller reads the snapshot. Under the game's lock."""
        if game.version - version > CATCH_UP_MOVES:
            return None
        rows = (
            db.connection()
            .execute(_MOVES_SINCE, {"game_id": game.id, "version": version, "until": game.version})
            .all()
        )
        if [row.version for row in rows] != list(range(version + 1, game.version + 1)):
            return None
        try:
            for row in rows:
                state.apply(row.role, as_action(row.action))
        except Exception:  # a partly applied state must not be used again
            self.forget(game.id)
            return None
        return state

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
        self, game_id: str, user_id: int | None, change: Callable[[_Tx], None], *, answer: bool = True
    ) -> Outcome:
        """Read the game, let `change` decide and change it (nothing is written yet:
        no autoflush), write and commit under the write gate, then push the seats
        their views and answer the caller (with `answer=False`, an empty payload:
        the server's own AI asks for no answer)."""
        with self.lock(game_id), self._sessions() as db:
            tx: _Tx | None = None
            try:
                game = self._game(db, game_id, for_update=True)
                read_version = game.version
                tx = _Tx(db, game, self.seats.of(db, game_id), self._state(db, game))
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
                self._remember(game_id, game.version, tx.state)
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

    @staticmethod
    def _bump(tx: _Tx) -> None:
        """Record the state in the game row: snapshot, active roles, result, turns, version."""
        game, state = tx.game, tx.state
        game.version = game.version + 1
        game.snapshot = state.encode_json().decode()
        game.updated_at = utcnow()
        if state.is_over() and game.status != FINISHED:
            game.status = FINISHED
            game.result = state.result()
            game.finish_reason = "the game is over"
        game.active_roles = [] if game.status == FINISHED else state.active_roles()
        game.turns = turns_after(game.turns, state, game.version, game.status == FINISHED)
        tx.notify = True

    # ----- checks ---------------------------------------------------------------------------
    @staticmethod
    def _require_seat(tx: _Tx, user_id: int | None, role: str) -> None:
        seat = next((s for s in tx.seats if s.role == role), None)
        if seat is None:
            roles = ", ".join(s.role for s in tx.seats)
            raise NotYours(f"this game has no seat {role!r}; its seats: {roles}")
        if not seat.held_by(user_id):
            raise NotYours(f"the seat {role!r} is not yours")

    @staticmethod
    def _require_playing(tx: _Tx) -> None:
        if tx.game.status != ACTIVE:
            raise Conflict(f"the game is over: {tx.game.finish_reason}")

    @staticmethod
    def _require_version(tx: _Tx, expected: int | None, role: Role) -> None:
        """`expected` (the version the client saw) is stale once `role`'s legal actions
        changed after it; other seats' moves that leave them alone do not count."""
        if expected is None:
            return
        version = tx.game.version
        changed = int(tx.game.turns.get(role, [version])[0])
        if expected > version:
            raise Conflict(f"no version {expected} yet: the game is at version {version}")
        if expected < changed:
            raise Conflict(
                f"stale version {expected}: the choices of {role} changed at version {changed} "
                f"(the game is at version {version}); reload it",
            )

    # ----- creating games -------------------------------------------------------------------
    def create(self, user_id: int, settings: NewGame, replay_cpu: float | None = None) -> Outcome:
        state, specs = prepare(self._registry, user_id, settings, replay_cpu)  # no lock needed yet
        game = game_row(state, user_id, settings.public, None, settings.move_days, settings.on_expiry)
        with self._sessions() as db:
            with self._write_gate:
                insert_game(db, game, state, specs, user_id)
                if self.on_change is not None:
                    self.on_change(db, game)
                db.commit()
            seat_rows = self.seats.of(db, game.id)
            payload = game_payload(game, seat_rows, state, user_id, [])
        self._remember(game.id, game.version, state)
        return Outcome(payload, self._wants_ai(game, seat_rows))

    # ----- playing --------------------------------------------------------------------------
    def act(self, game_id: str, user_id: int, role: str, action: Any, expected_version: int) -> Outcome:
        def change(tx: _Tx) -> None:
            self._require_seat(tx, user_id, role)
            self._require_playing(tx)
            self._require_version(tx, expected_version, role)
            self._play(tx, role, action, user_id)

        return self._change(game_id, user_id, change)

    def _play(self, tx: _Tx, role: Role, raw: Any, user_id: int | None) -> None:
        action = legal_form(tx.state, role, raw)
        tx.changed = True  # from here a failure other than IllegalAction drops the live state
        tx.state.apply(role, action)  # IllegalAction leaves the state untouched
        self._bump(tx)
        row = action_row(tx.game, len(tx.state.history) - 1, role, action, user_id)
        tx.writes.append(lambda: insert_actions(tx.db, [row]))

    def undo(self, game_id: str, user_id: int, role: str, expected_version: int | None) -> Outcome:
        def change(tx: _Tx) -> None:
            self._require_seat(tx, user_id, role)
            self._require_playing(tx)
            self._require_version(tx, expected_version, role)
            tx.changed = True
            tx.state.undo(role)  # IllegalAction (nothing to undo) leaves the state untouched
            self._bump(tx)
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

        def change(tx: _Tx) -> None:
            self._require_seat(tx, user_id, role)
            self._require_playing(tx)
            self._require_version(tx, expected_version, role)
            others = [s.role for s in tx.seats if s.role != role]
            game = tx.game
            game.status = FINISHED
            game.result = {s.role: (0.0 if s.role == role else 1 / len(others)) for s in tx.seats}
            game.finish_reason = f"{role} resigned"
            self._bump(tx)

        return self._change(game_id, user_id, change)

    def expire(
        self, game_id: str, role: str, since_version: int, claim: Callable[[Session], bool]
    ) -> Outcome:
        """A seat's time ran out (deadlines.py): as the game's creator chose, a server
        AI takes the seat, or the seat forfeits (scored as a resignation). `claim`
        marks the clock expired in this same transaction and says whether this call
        won it: the one process that does acts, the others change nothing."""

        def change(tx: _Tx) -> None:
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
                self._bump(tx)
            else:
                agent = "heuristic" if has_heuristic(game.ruleset) else "random"
                seat_update = (
                    update(Seat)
                    .where(Seat.game_id == game.id, Seat.role == role)
                    .values(kind=SEAT_AI, agent=agent, user_id=None, invite_token=None)
                )
                tx.writes.append(lambda: tx.db.execute(seat_update))
                tx.seats_changed = True
                self._bump(tx)
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

    @staticmethod
    def _require_no_seat_yet(tx: _Tx, user_id: int) -> None:
        """One seat per account in a public game: else one visitor could take every
        open seat. Only the creator of a game with hot-seat seats (who chose to play
        several roles at one screen) may hold more than one."""
        held = [s.role for s in tx.seats if s.held_by(user_id)]
        hot_seat = tx.game.created_by == user_id and any(s.kind == SEAT_HOTSEAT for s in tx.seats)
        if held and not hot_seat:
            raise Conflict(
                f"you already play {held[0]} in this game: a player takes one seat of a public game"
            )

    def _take_seat(self, game_id: str, user_id: int, token: str | None, role: str | None) -> Outcome:
        def change(tx: _Tx) -> None:
            query = select(Seat).where(Seat.game_id == tx.game.id, Seat.kind == SEAT_INVITE)
            if token is not None:
                query = query.where(Seat.invite_token == token)
            else:
                if not tx.game.public:
                    raise NotYours("this game is not open to all: ask its creator for an invite link")
                self._require_no_seat_yet(tx, user_id)
                if role is not None:
                    query = query.where(Seat.role == role)
            candidates = list(tx.db.scalars(query.order_by(Seat.position)))
            if any(s.user_id == user_id for s in candidates if token is not None):
                tx.extra["seat"] = candidates[0].role
                return  # already claimed by this user
            self._require_playing(tx)
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

        def change(tx: _Tx) -> None:
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
            open_ids = list(
                db.scalars(
                    select(Game.id)
                    .join(Seat, Seat.game_id == Game.id)
                    .where(Game.public.is_(True), Game.status == ACTIVE)
                    .where(Seat.kind == SEAT_INVITE, Seat.user_id.is_(None))
                    .group_by(Game.id, Game.created_at)
                    .order_by(Game.created_at.desc())
                    .limit(limit)
                )
            )
            mine_ids: list[str] = []
            if user_id is not None:
                mine_ids = list(
                    db.scalars(
                        select(Game.id)
                        .join(Seat, Seat.game_id == Game.id)
                        .where(Seat.user_id == user_id)
                        .group_by(Game.id, Game.updated_at)
                        .order_by(Game.updated_at.desc())
                        .limit(limit)
                    )
                )
            ids = list(dict.fromkeys(open_ids + mine_ids))
            games = {g.id: g for g in db.scalars(select(Game).where(Game.id.in_(ids)))}
            seats = read_seats(db, ids)
            due = self._my_deadlines(db, mine_ids, seats, user_id)
            return {
                "open": [game_header(games[i], seats[i], user_id) for i in open_ids],
                "mine": [
                    dict(game_header(games[i], seats[i], user_id), my_deadline=due.get(i)) for i in mine_ids
                ],
            }

    @staticmethod
    def _my_deadlines(
        db: Session, game_ids: list[str], seats: dict[str, list[SeatInfo]], user_id: int | None
    ) -> dict[str, str]:
        """For the lobby: per game under a time control, the earliest time by which one
        of the caller's seats must move (deadlines.py keeps a clock only for seats to play)."""
        if not game_ids or user_id is None:
            return {}
        rows = db.execute(
            select(TurnClock.game_id, TurnClock.role, TurnClock.due_at).where(
                TurnClock.game_id.in_(game_ids), TurnClock.due_at.is_not(None)
            )
        ).all()
        earliest: dict[str, datetime] = {}
        for game_id, role, at in rows:
            if at is not None and role in my_roles(seats.get(game_id, []), user_id):
                when = as_utc(at)
                earliest[game_id] = min(earliest.get(game_id, when), when)
        return {game_id: when.isoformat() for game_id, when in earliest.items()}

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
        if role is not None and role not in state.roles:
            raise NotYours(f"this game has no seat {role!r}; its seats: {', '.join(state.roles)}")
        finished = game.status == FINISHED
        if role is not None and not finished:
            raise NotYours("while the game is played, past steps are shown from the observer's view only")
        steps = len(state.history)
        if not 0 <= step <= steps:
            raise NotFound(f"no step {step}: this game has steps 0 to {steps}")
        ruleset = self._ruleset(game.ruleset)
        replayed = self.replays.state_at(game.id, ruleset, state.meta, state.history, step)
        action = None
        if step and finished:
            action = [state.history[step - 1][0], list(state.history[step - 1][1])]
        return {
            "game": game.id,
            "step": step,
            "steps": steps,
            "seat": role,
            "action": action,
            "view": replayed.view(role),
        }

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

    def _agent(self, game: Game, role: Role, name: str) -> Agent:
        key = (game.id, role)
        agent = self._agents.get(key)
        if agent is None:
            # a one-way hash: an AI's choices must tell nothing about the game's seed
            seed = int.from_bytes(hashlib.blake2b(f"{game.seed}:{role}".encode(), digest_size=8).digest())
            agent = self._agents[key] = make_agent(name, game.ruleset, seed)
            if getattr(agent, "wants_sampler", False) and hasattr(agent, "time_cap"):
                # half the server's limit per AI move: the search stops in time, with
                # room for its last iteration and the heuristic's prior (docs/simlab.md)
                agent.time_cap = SEARCH_SHARE * self._settings.ai_move_budget
        return agent

    def ai_job(self, game_id: str) -> AiJob | None:
        """The next move an AI seat of this game must make, or None."""
        with self.lock(game_id), self._sessions() as db:
            game = read_game(db, game_id)
            if game is None or game.status != ACTIVE:
                self._drop_agents(game_id)
                return None
            agents = {s.role: s.agent for s in self.seats.of(db, game_id) if s.is_ai and s.agent}
            state = self._state(db, game)
            for role in state.active_roles():
                name = agents.get(role)
                if name is None:
                    continue
                agent = self._agent(game, role, name)
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

        def change(tx: _Tx) -> None:
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

    def _drop_agents(self, game_id: str) -> None:
        for key in [k for k in list(self._agents) if k[0] == game_id]:
            self._agents.pop(key, None)


def _require(won: bool) -> None:
    if not won:
        raise _Moved


class _Moved(Exception):
    """An AI move computed for a version the game has left."""
