"""Asynchronous play over days: a clock per person's seat that is to play, turn
notices, reminders before the deadline, and what happens when time runs out.

A game may have a time control (`Game.move_days`): each person's seat then has that
many days for each move, counted from when its choices last changed (a move of its
own starts a fresh clock, as "N days per move" says). Without one, the clocks are
still kept, without a deadline, so that turn e-mails go out for every game.

The clocks live in the database (`turn_clocks`), so they survive restarts: the
`DeadlineWatch` of each server process scans them every `scan_seconds`. Each event
is acted on once even with several processes on one PostgreSQL database: a process
first sets the event's column (`notified_at`, `reminded_at`, `expired_at`) with an
UPDATE guarded by `... IS NULL`; only the process whose UPDATE changed the row acts.
An expiry sets its column in the same transaction as the change it makes to the
game, so a crash between the two loses neither. E-mails are sent after their claim
commits: at most once (a crash between the two skips that e-mail).

The clock (`now`) is injectable: tests move time by days without sleeping.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import ColumnElement, delete, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from .db import utcnow
from .models import ACTIVE, EXPIRY_AI, EXPIRY_FORFEIT, SEAT_AI, Game, Seat, TurnClock, User

if TYPE_CHECKING:
    from .ai import AiRunner
    from .mail import Mailer
    from .service import GameService

log = logging.getLogger("grognard.server.deadlines")

#: What tells the time: `db.utcnow` on a server, a hand-moved clock in tests.
Clock = Callable[[], datetime]

#: The reminder goes out when this share of a move's time is left (a day per move:
#: 6 hours before the deadline; four days: one day before).
REMIND_WHEN_LEFT = 0.25


def _remind(started: datetime, due: datetime | None) -> datetime | None:
    return None if due is None else due - (due - started) * REMIND_WHEN_LEFT


def sync_clocks(db: Session, game: Game, now: datetime) -> None:
    """Bring the game's clocks in step with its row: one per person's seat that is
    to play, restarted when that seat's choices changed; none once it is over. Runs
    in the transaction that changed the game, under the write gate."""
    if game.status != ACTIVE:
        db.execute(delete(TurnClock).where(TurnClock.game_id == game.id))
        return
    people = {
        role
        for role, kind in db.execute(select(Seat.role, Seat.kind).where(Seat.game_id == game.id))
        if kind != SEAT_AI
    }
    waiting = [role for role in game.active_roles if role in people]
    existing = {
        row.role: row
        for row in db.execute(
            select(TurnClock.id, TurnClock.role, TurnClock.since_version).where(TurnClock.game_id == game.id)
        )
    }
    gone = [row.id for role, row in existing.items() if role not in waiting]
    if gone:
        db.execute(delete(TurnClock).where(TurnClock.id.in_(gone)))
    due = None if game.move_days is None else now + timedelta(days=game.move_days)
    for role in waiting:
        since = int(game.turns.get(role, [game.version])[0])
        row = existing.get(role)
        if row is None:
            values = {"game_id": game.id, "role": role, "since_version": since, "started_at": now}
            db.execute(insert(TurnClock).values(due_at=due, remind_at=_remind(now, due), **values))
        elif row.since_version != since:
            # a new move for the same seat: a fresh clock, and a fresh reminder;
            # the turn notice stands (it is still their turn: no e-mail per move)
            db.execute(
                update(TurnClock)
                .where(TurnClock.id == row.id)
                .values(
                    since_version=since,
                    started_at=now,
                    due_at=due,
                    remind_at=_remind(now, due),
                    reminded_at=None,
                    expired_at=None,
                )
            )


@dataclass(frozen=True)
class Notice:
    """A turn e-mail to send: whose, for which game and seats, and why. One person's
    seats in one game that fall due together (hot-seat) share one e-mail."""

    kind: str  # "turn", "reminder", or "forfeit" (a seat's time ran out and the game is over)
    game_id: str
    ruleset: str  # the game's name as players know it
    roles: tuple[str, ...]  # the recipient's seats
    email: str
    unsubscribe_token: str
    due_at: datetime | None
    on_expiry: str = EXPIRY_AI  # what a seat's running out of time does (models.EXPIRY_*)
    ran_out: str = ""  # for "forfeit": the seat whose time ran out

    @property
    def seats_text(self) -> str:
        """ "east", "east and south", "north, east and south"."""
        *first, last = self.roles
        return f"{', '.join(first)} and {last}" if first else last


def grouped(notices: list[Notice]) -> list[Notice]:
    """One notice per kind, game and address: the seats together, the earliest due time
    (each seat's clock was claimed on its own: grouping changes only what is sent)."""
    by_key: dict[tuple[str, str, str], Notice] = {}
    for notice in notices:
        key = (notice.kind, notice.game_id, notice.email)
        seen = by_key.get(key)
        if seen is None:
            by_key[key] = notice
            continue
        dues = [d for d in (seen.due_at, notice.due_at) if d is not None]
        by_key[key] = replace(
            seen, roles=tuple(sorted({*seen.roles, *notice.roles})), due_at=min(dues) if dues else None
        )
    return list(by_key.values())


class DeadlineWatch:
    """The periodic task that acts on due clocks (one per server process)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        write_gate: AbstractContextManager[object],
        games: GameService,
        ai: AiRunner | None,
        mailer: Mailer | None,
        clock: Clock = utcnow,
        scan_seconds: float = 60.0,
    ) -> None:
        self._sessions = sessions
        self._gate = write_gate
        self._games = games
        self._ai = ai
        self._mailer = mailer
        self.clock = clock
        self._scan_seconds = scan_seconds
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        # The scans run in this thread, which `stop` waits for: a cancelled task
        # would leave a scan under way holding a database connection.
        self._thread: ThreadPoolExecutor | None = None
        games.on_change = lambda db, game: sync_clocks(db, game, self.clock())

    # ----- the periodic task --------------------------------------------------------
    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="grognard-deadlines")
        self._task = self._loop.create_task(self._run(), name="grognard-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._thread is not None:
            thread, self._thread = self._thread, None
            await asyncio.to_thread(thread.shutdown, wait=True, cancel_futures=True)

    async def _run(self) -> None:
        while True:
            try:
                assert self._thread is not None
                await asyncio.wrap_future(self._thread.submit(self.scan))
            except Exception:  # a bad scan must not end the watch: the next one retries
                log.exception("deadline scan failed")
            await asyncio.sleep(self._scan_seconds)

    # ----- one scan -----------------------------------------------------------------
    def scan(self) -> dict[str, int]:
        """Act on everything due now; how many of each were acted on (by this process)."""
        now = self.clock()
        expired = self._expire(now)
        notices = self._claim_notices(now)
        for notice in notices:
            self._send(notice)
        return {
            "expired": expired,
            "turn": sum(n.kind == "turn" for n in notices),
            "reminder": sum(n.kind == "reminder" for n in notices),
        }

    def _expire(self, now: datetime) -> int:
        with self._sessions() as db:
            due = db.execute(
                select(TurnClock.id, TurnClock.game_id, TurnClock.role, TurnClock.since_version).where(
                    TurnClock.due_at <= now, TurnClock.expired_at.is_(None)
                )
            ).all()
        done = 0
        for clock_id, game_id, role, since in due:

            def claim(db: Session, clock_id: int = clock_id, since: int = since) -> bool:
                won = db.connection().execute(
                    update(TurnClock)
                    .where(
                        TurnClock.id == clock_id,
                        TurnClock.since_version == since,
                        TurnClock.expired_at.is_(None),
                    )
                    .values(expired_at=now)
                )
                return bool(won.rowcount == 1)

            outcome = self._games.expire(game_id, role, since, claim)
            if outcome.payload.get("forfeit"):
                for notice in self._forfeit_notices(game_id, role):
                    self._send(notice)
            if outcome.wants_ai and self._ai is not None and self._loop is not None:
                # scans run in a worker thread; the AI runner lives on the event loop
                self._loop.call_soon_threadsafe(self._ai.kick, game_id)
            done += outcome.payload.get("expired", 0)
        return done

    def _claim_notices(self, now: datetime) -> list[Notice]:
        """The e-mails this process is to send now, each claimed in the database."""
        if self._mailer is None:
            return []
        found: list[Notice] = []
        with self._sessions() as db:
            for kind, sent, ready in (
                ("turn", TurnClock.notified_at, TurnClock.notified_at.is_(None)),
                ("reminder", TurnClock.reminded_at, _reminder_due(now)),
            ):
                rows = db.execute(
                    select(TurnClock.id, TurnClock.game_id, TurnClock.role, TurnClock.due_at, Game.ruleset)
                    .add_columns(User.email, User.unsubscribe_token, Game.on_expiry)
                    .join(Game, Game.id == TurnClock.game_id)
                    .join(Seat, (Seat.game_id == TurnClock.game_id) & (Seat.role == TurnClock.role))
                    .join(User, User.id == Seat.user_id)
                    .where(ready, User.email_turns.is_(True), User.email.is_not(None))
                ).all()
                for row in rows:
                    with self._gate:
                        won = db.connection().execute(
                            update(TurnClock)
                            .where(TurnClock.id == row.id, sent.is_(None))
                            .values({sent: now})
                        )
                        db.commit()
                    if won.rowcount == 1 and row.email and row.unsubscribe_token:
                        found.append(
                            Notice(
                                kind,
                                row.game_id,
                                self._games.ruleset_title(row.ruleset),
                                (row.role,),
                                row.email,
                                row.unsubscribe_token,
                                row.due_at,
                                row.on_expiry,
                            )
                        )
        return grouped(found)

    def _forfeit_notices(self, game_id: str, ran_out: str) -> list[Notice]:
        """Everyone seated in a game that `ran_out` has just forfeited, who takes turn
        e-mails, is told the game is over (sent by the one process that won the expiry)."""
        if self._mailer is None:
            return []
        with self._sessions() as db:
            rows = db.execute(
                select(Seat.role, Game.ruleset, User.email, User.unsubscribe_token)
                .join(Game, Game.id == Seat.game_id)
                .join(User, User.id == Seat.user_id)
                .where(Seat.game_id == game_id, User.email_turns.is_(True), User.email.is_not(None))
            ).all()
        notices = [
            Notice(
                "forfeit",
                game_id,
                self._games.ruleset_title(row.ruleset),
                (row.role,),
                row.email,
                row.unsubscribe_token,
                None,
                EXPIRY_FORFEIT,
                ran_out,
            )
            for row in rows
            if row.email and row.unsubscribe_token
        ]
        return grouped(notices)

    def _send(self, notice: Notice) -> None:
        assert self._mailer is not None
        try:
            self._mailer.send_notice(notice)
        except OSError as exc:  # the SMTP server is down or refused: log, go on
            log.warning("turn e-mail for game %s not sent: %s", notice.game_id, exc)


def _reminder_due(now: datetime) -> ColumnElement[bool]:
    """Clocks whose reminder time has come. `remind_at` is computed in Python when a
    clock is set: SQL date arithmetic differs between SQLite and PostgreSQL."""
    return (
        TurnClock.due_at.is_not(None)
        & TurnClock.reminded_at.is_(None)
        & TurnClock.expired_at.is_(None)
        & (TurnClock.remind_at <= now)
        & (TurnClock.due_at > now)
    )
