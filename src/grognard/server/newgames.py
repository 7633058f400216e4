"""New games: their settings checked, their first state (a saved game's moves
played, each as if its player had sent it), and their rows.

Everything here but `insert_game` runs without the database and without the write
gate: a saved game of a thousand moves is replayed before anyone waits for it.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from grognard.agents import UnknownAgent, make_agent
from grognard.core.errors import BadOptions, IllegalAction, UnknownRuleset
from grognard.core.game import Action, Role, Ruleset, State, as_action
from grognard.core.registry import Registry
from grognard.core.rng import RNG_VERSION, RNG_VERSIONS

from .db import utcnow
from .gamerows import action_row, insert_actions
from .models import (
    ACTIVE,
    EXPIRY_AI,
    EXPIRY_RULES,
    FINISHED,
    SEAT_AI,
    SEAT_HOTSEAT,
    SEAT_INVITE,
    SEAT_ME,
    Game,
    Seat,
)
from .payloads import encode
from .refusals import Invalid, TooCostly

#: Seeds a client may give are below this; the server draws its own with all 256 bits
#: (core/rng.py: a seed is the whole secret behind every later die).
SEED_LIMIT = 2**256


@dataclass(frozen=True)
class SeatSpec:
    """A parsed seat spec: "me", "hotseat", "invite" or "ai:<agent>"."""

    kind: str
    agent: str | None = None
    user_id: int | None = None

    @classmethod
    def parse(cls, text: str, ruleset_id: str, creator: int) -> SeatSpec:
        if text in (SEAT_ME, SEAT_HOTSEAT):
            return cls(text, None, creator)
        if text == SEAT_INVITE:
            return cls(SEAT_INVITE)
        if text.startswith("ai:"):
            name = text[3:]
            try:
                make_agent(name, ruleset_id, 0)
            except UnknownAgent as exc:
                raise Invalid(f"seat {text!r}: {exc}") from None
            return cls(SEAT_AI, name)
        raise Invalid(f"unknown seat {text!r}: use me, hotseat, invite or ai:<agent>")


@dataclass(frozen=True)
class NewGame:
    """The settings of a game to create (`POST /api/games`)."""

    ruleset: str
    seats: dict[str, str]
    scenario: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    public: bool = False
    #: A saved game's moves, `[role, action]` each, played before anyone sits down:
    #: the game goes on from there. They need the seed they were played with.
    moves: list[list[Any]] = field(default_factory=list)
    #: The ruleset version the moves were played under, when known: moves from
    #: another version may mean something else, so they are refused.
    ruleset_version: int | None = None
    #: The generator the moves were played with (saved games from before RNG
    #: version 2 keep theirs, so their dice come out again); new games: the current.
    rng_version: int | None = None
    #: time control (deadlines.py): days each person's seat has per move, None for
    #: no clock; and what a seat whose time ran out becomes (EXPIRY_RULES)
    move_days: int | None = None
    on_expiry: str = EXPIRY_AI


#: What plays a saved game's moves: `new_state`'s signature (savedgames.Replay plays
#: them in a worker process).
Replayer = Callable[[Ruleset, str, dict[str, Any], int | None, list[list[Any]], int, float | None], State]

#: The longest time control offered: a month per move.
MAX_MOVE_DAYS = 30


def legal_form(state: State, role: Role, raw: Any) -> Action:
    """The legal action `raw` (JSON) stands for, exactly as the rules list it: 1.0 or
    true are not the whole number 1, whatever Python's == says."""
    action = as_action(raw)
    try:
        legal = state.is_legal(role, action)
    except TypeError:  # something unhashable inside
        reason = f"{raw!r} is not a legal action: actions hold strings, numbers and lists"
        raise IllegalAction(reason) from None
    if not legal:
        return action  # `apply` explains why
    wanted = encode(list(action))
    for candidate in state.legal_actions(role):
        if candidate == action and encode(list(candidate)) == wanted:
            return candidate
    raise IllegalAction(f"{wanted.decode()} is not a legal action for {role}: write it as listed in `legal`")


#: The game row's finish_reason column holds this many characters (models.Game).
REASON_LENGTH = 120


def rules_reason(state: State) -> str:
    """Why the rules ended the game (State.end_reason: public words), cut to fit the
    column; resignations and timeouts write their own reason (service.py)."""
    reason = state.end_reason() or "the game is over"
    return reason if len(reason) <= REASON_LENGTH else reason[: REASON_LENGTH - 1] + "…"


def turns_after(turns: dict[str, list[Any]], state: State, version: int, over: bool) -> dict[str, list[Any]]:
    """`turns` updated for `state`: each role whose legal actions differ from the
    fingerprint recorded gets `version` and the new fingerprint."""
    out = dict(turns)
    for role in state.roles:
        legal = [] if over else state.legal_actions(role)
        fingerprint = hashlib.blake2b(encode(legal), digest_size=8).hexdigest()
        if role not in out or out[role][1] != fingerprint:
            out[role] = [version, fingerprint]
    return out


def prepare(
    registry: Registry,
    creator: int,
    settings: NewGame,
    replay_cpu: float | None = None,
    replay: Replayer | None = None,
) -> tuple[State, list[SeatSpec]]:
    """The first state of the game `settings` asks for, and its seats in role order;
    422 with the reason for anything that does not hold together. A saved game's
    moves may take `replay_cpu` seconds of CPU to play (413 past them); `replay`
    plays them (default `new_state`, in this thread)."""
    try:
        ruleset = registry.get(settings.ruleset)
        chosen, resolved = ruleset.resolve(settings.scenario, settings.options)
        roles = ruleset.roles(chosen.id, resolved)
    except (UnknownRuleset, BadOptions) as exc:
        raise Invalid(str(exc)) from None
    seats, seed = settings.seats, settings.seed
    missing = [r for r in roles if r not in seats]
    unknown = [r for r in seats if r not in roles]
    if missing or unknown:
        raise Invalid(
            f"give one seat per role ({', '.join(roles)})"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; unknown: {', '.join(unknown)}" if unknown else ""),
        )
    specs = [SeatSpec.parse(seats[r], ruleset.id, creator) for r in roles]
    if all(s.kind == SEAT_AI for s in specs):
        raise Invalid("at least one seat must be a person: me, hotseat or invite")
    if seed is not None and any(s.kind == SEAT_INVITE for s in specs):
        what = "a saved game's moves" if settings.moves else "a seed"
        reason = f"{what} may be played only without invited players: the seed tells the dice"
        raise Invalid(reason)
    if settings.moves and seed is None:
        raise Invalid("a saved game's moves need the seed they were played with")
    if settings.ruleset_version not in (None, ruleset.version):
        raise Invalid(
            f"those moves were played under {ruleset.id} version {settings.ruleset_version}; "
            f"this server plays version {ruleset.version}",
        )
    if settings.rng_version not in (None, *RNG_VERSIONS):
        raise Invalid(
            f"those moves were played with RNG version {settings.rng_version}; this server knows "
            f"{', '.join(map(str, RNG_VERSIONS))}",
        )
    if settings.rng_version not in (None, RNG_VERSION) and not settings.moves:
        raise Invalid("an older RNG version is only for going on with a saved game's moves")
    if settings.move_days is not None and not 1 <= settings.move_days <= MAX_MOVE_DAYS:
        raise Invalid(f"move_days must be a whole number of days from 1 to {MAX_MOVE_DAYS}, or null")
    if settings.on_expiry not in EXPIRY_RULES:
        raise Invalid(f"on_expiry must be one of {', '.join(EXPIRY_RULES)}")
    rng_version = settings.rng_version or RNG_VERSION
    play = replay or new_state
    return play(ruleset, chosen.id, resolved, seed, settings.moves, rng_version, replay_cpu), specs


def fresh_seed() -> int:
    """A new game's seed when none is given: unguessable, so that no player can
    foretell its dice."""
    return secrets.randbits(256)


def new_state(
    ruleset: Ruleset,
    scenario: str,
    options: dict[str, Any],
    seed: int | None,
    moves: list[list[Any]],
    rng_version: int = RNG_VERSION,
    cpu_budget: float | None = None,
) -> State:
    """A new game (a random seed unless one is given), with `moves` played: each
    must be legal when its turn comes, exactly as if its player had sent it. Past
    `cpu_budget` seconds of this thread's CPU time, 413 (issue 27: one HGW save was
    2.6 s of CPU, and nothing bounded how many came)."""
    if seed is None:
        seed = fresh_seed()
    try:
        state = ruleset.new_game(scenario, options, seed, rng_version)
    except BadOptions as exc:
        raise Invalid(str(exc)) from None
    started = time.thread_time()
    for ply, move in enumerate(moves, start=1):
        if cpu_budget is not None and ply % 16 == 0 and time.thread_time() - started > cpu_budget:
            raise TooCostly(
                f"the saved game takes more than {cpu_budget:g} s of CPU to replay "
                f"(stopped at move {ply} of {len(moves)}): this server does not take it",
            )
        role, action = move
        try:
            if role not in state.roles:
                raise IllegalAction(f"no role {role!r} in this game")
            state.apply(role, legal_form(state, role, action))
        except IllegalAction as exc:
            played = f"move {ply} of {len(moves)} ({role} {encode(action).decode()})"
            raise Invalid(f"{played} cannot be played: {exc}") from None
    return state


def game_row(
    state: State,
    creator: int,
    public: bool,
    rematch_of: str | None,
    move_days: int | None = None,
    on_expiry: str | None = None,
) -> Game:
    """The row of a new game, its snapshot encoded (not yet in the database)."""
    meta = state.meta
    now = utcnow()
    over = state.is_over()  # a game over before anyone sat down: nothing to play
    return Game(
        id=secrets.token_urlsafe(9),
        ruleset=meta["ruleset"],
        ruleset_version=meta["ruleset_version"],
        rng_version=meta["rng_version"],
        scenario=meta["scenario"],
        options=meta["options"],
        seed=str(meta["seed"]),  # decimal text: 256-bit seeds overflow an SQL integer
        status=FINISHED if over else ACTIVE,
        version=1,
        snapshot=state.encode_json().decode(),
        active_roles=state.active_roles(),
        turns=turns_after({}, state, 1, over),
        result=state.result() if over else None,
        finish_reason=rules_reason(state) if over else None,
        public=public,
        created_by=creator,
        rematch_of=rematch_of,
        rematch_id=None,
        created_at=now,
        updated_at=now,
        move_days=move_days,
        on_expiry=on_expiry if move_days is not None else None,
    )


def insert_game(db: Session, game: Game, state: State, specs: list[SeatSpec], creator: int) -> None:
    """Write a new game's rows: the game, its seats, and one action row per move
    already played (a saved game's), by `creator`. Hold the write gate."""
    db.add(game)
    db.flush()  # the rows below refer to it, and there are no relationships to order them
    for position, (role, spec) in enumerate(zip(state.roles, specs, strict=True)):
        token = secrets.token_urlsafe(16) if spec.kind == SEAT_INVITE and spec.user_id is None else None
        db.add(
            Seat(
                game_id=game.id,
                role=role,
                position=position,
                kind=spec.kind,
                user_id=spec.user_id,
                agent=spec.agent,
                invite_token=token,
            )
        )
    db.flush()
    moves = enumerate(state.history)
    insert_actions(db, [action_row(game, ply, role, action, creator) for ply, (role, action) in moves])
