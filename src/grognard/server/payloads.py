"""The JSON the server sends about a game. Everything here is built from one seat's
point of view: views go only to their own seat, invite tokens only to the creator,
the seed and the action log only once the game is over."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import msgspec

from grognard.core.game import Role, State

from .db import as_utc
from .models import FINISHED, SEAT_AI, SEAT_INVITE, ChatMessage, Game

_encoder = msgspec.json.Encoder()


def encode(payload: Any) -> bytes:
    return _encoder.encode(payload)


@dataclass(frozen=True)
class SeatInfo:
    """A seat with its player's name, detached from the database session."""

    role: Role
    position: int
    kind: str
    user_id: int | None
    agent: str | None
    invite_token: str | None
    player: str | None

    @property
    def is_open(self) -> bool:
        return self.kind == SEAT_INVITE and self.user_id is None

    @property
    def is_ai(self) -> bool:
        return self.kind == SEAT_AI

    def held_by(self, user_id: int | None) -> bool:
        return user_id is not None and self.user_id == user_id and not self.is_ai

    def public(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "kind": self.kind,
            "player": self.agent if self.is_ai else self.player,
            "agent": self.agent,
            "open": self.is_open,
        }


def my_roles(seats: Iterable[SeatInfo], user_id: int | None) -> list[Role]:
    return [s.role for s in seats if s.held_by(user_id)]


def seat_view(game: Game, state: State, role: Role | None) -> dict[str, Any]:
    """`state.view(role)`, closed off when the server ended the game (a resignation)."""
    view = state.view(role)
    if game.status == FINISHED and not state.is_over():
        view.update(active=[], legal=[], can_undo=False, result=game.result)
        view["prompt"] = f"The game is over: {game.finish_reason}."
    return view


class SeatViews:
    """The views of one game at one version, each built once: a change answers its
    caller and pushes every connected seat, often the same seats."""

    def __init__(self, game: Game, state: State) -> None:
        self._game = game
        self._state = state
        self._views: dict[Role | None, dict[str, Any]] = {}

    @property
    def plies(self) -> int:
        return len(self._state.history)

    def last_acted(self, role: Role | None) -> dict[Role, int]:
        return last_acted(self._state, [] if role is None else [role])

    def acted_since(self, role: Role | None) -> dict[Role, dict[Role, int]]:
        return acted_since(self._state, [] if role is None else [role])

    def __call__(self, role: Role | None) -> dict[str, Any]:
        view = self._views.get(role)
        if view is None:
            view = self._views[role] = seat_view(self._game, self._state, role)
        return view


def chat_json(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.id,
        "author": message.author,
        "text": message.text,
        "channel": message.channel,
        "at": as_utc(message.created_at).isoformat(),
    }


def last_acted(state: State, roles: Iterable[Role]) -> dict[Role, int]:
    """For each of `roles` that has acted: the number of actions played up to and
    including its last one (the replay step right after it). The game page steps the
    others' moves from there on (web/stepper.js); who acted when is public."""
    wanted = set(roles)
    out: dict[Role, int] = {}
    for ply, (role, _) in enumerate(state.history, start=1):
        if role in wanted:
            out[role] = ply
    return out


def acted_since(state: State, roles: Iterable[Role]) -> dict[Role, dict[Role, int]]:
    """For each of `roles`: how many actions each role has played since that role's
    last action (since the start if it has not acted), the same span the game page
    steps through. Public, like who acted when; the actions themselves are not here."""
    history = state.history
    out: dict[Role, dict[Role, int]] = {}
    for seat in roles:
        start = max((i for i, (role, _) in enumerate(history, start=1) if role == seat), default=0)
        counts: dict[Role, int] = {}
        for role, _ in history[start:]:
            counts[role] = counts.get(role, 0) + 1
        out[seat] = counts
    return out


def game_header(game: Game, seats: list[SeatInfo], user_id: int | None) -> dict[str, Any]:
    """What anyone may know about a game, plus which seats are the caller's."""
    mine = my_roles(seats, user_id)
    finished = game.status == FINISHED
    return {
        "id": game.id,
        "ruleset": game.ruleset,
        "ruleset_version": game.ruleset_version,
        "scenario": game.scenario,
        "options": game.options,
        "status": game.status,
        "version": game.version,
        "public": game.public,
        "created_at": as_utc(game.created_at).isoformat(),
        "updated_at": as_utc(game.updated_at).isoformat(),
        "active": list(game.active_roles),
        "result": game.result,
        "finish_reason": game.finish_reason,
        "rematch_of": game.rematch_of,
        "rematch": game.rematch_id,
        # days per move (None: no clock) and what a seat out of time becomes (deadlines.py)
        "time_control": None
        if game.move_days is None
        else {"move_days": game.move_days, "on_expiry": game.on_expiry},
        # the seed and the actions reveal every hidden card and future die: only once it is over
        "seed": int(game.seed) if finished else None,
        "seats": [dict(s.public(), you=s.role in mine) for s in seats],
        "my_seats": mine,
        "your_turn": not finished and bool(set(mine) & set(game.active_roles)),
    }


def game_payload(
    game: Game,
    seats: list[SeatInfo],
    state: State,
    user_id: int | None,
    chat: list[ChatMessage] | None,
    views: SeatViews | None = None,
) -> dict[str, Any]:
    """GET /api/games/{id}: the header, the caller's own seats' views (the observer
    view for anyone else), the creator's open invites, and the chat messages the
    caller may read (chat.py) unless `chat` is None (the answers to changes leave it
    out: the websocket brings new messages)."""
    views = views or SeatViews(game, state)
    out = game_header(game, seats, user_id)
    mine = out["my_seats"]
    out["plies"] = len(state.history)
    out["last_acted"] = last_acted(state, mine)  # where the page's "since your last move" starts
    out["acted_since"] = acted_since(state, mine)  # and who played how many actions since
    out["views"] = {role: views(role) for role in mine}
    out["observer"] = None if mine else views(None)
    is_creator = user_id is not None and game.created_by == user_id
    out["invites"] = {s.role: s.invite_token for s in seats if is_creator and s.is_open}
    if chat is not None:
        out["chat"] = [chat_json(m) for m in chat]  # already only what the caller may read
    return out


def view_message(
    game: Game, seats: list[SeatInfo], role: Role | None, views: SeatViews, log_from: int = 0
) -> bytes:
    """The websocket message a seat (or an observer) gets after each change. Its
    view's log holds the lines from `log_from` on: the socket has the ones before
    (a game's log only grows, or is cut back by an undo), so a move late in a game
    sends its few new lines, not the thousand before them."""
    view = views(role)
    if log_from:
        view = {**view, "log": view["log"][log_from:]}
    return encode(
        {
            "type": "state",
            "game": game.id,
            "version": game.version,
            "status": game.status,
            "seat": role,
            "active": list(game.active_roles),
            "result": game.result,
            "finish_reason": game.finish_reason,
            "rematch": game.rematch_id,
            "seats": [s.public() for s in seats],
            "log_from": log_from,
            # the actions played so far and the seat's last one: "since your last move"
            # and the stepper count from there (who acted when is public)
            "plies": views.plies,
            "last_acted": views.last_acted(role),
            "acted_since": views.acted_since(role),
            "view": view,
        }
    )
