"""Battle odds over HTTP (issue 9, section 1; the contract is core/odds.py).

- `GET  /api/rulesets/{id}/odds-form`        what the calculator asks (or 404: no odds);
- `POST /api/rulesets/{id}/odds`             the odds of a hypothetical battle;
- `GET  /api/games/{id}/odds?seat=&hex=`     the odds of the battle at a hex of a game,
                                              from what that seat may know.

Forecasts cost CPU, so they have their own rate limit per caller (the account, else
the client address): `guards.Limits.odds_per_caller`, answered 429 with Retry-After;
each call is charged its CPU time against it, the same battle is answered from a
cache, and few are computed at once (oddsdesk.py).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from grognard.core.errors import IllegalAction, UnknownRuleset
from grognard.core.game import Action, Ruleset, as_action
from grognard.core.odds import BadBattle

from .accounts import Account, optional_account
from .api_games import json_response
from .context import server_of
from .guards import guards_of
from .oddsdesk import battle_key
from .payloads import SeatInfo
from .problems import ERROR_RESPONSES
from .ratelimit import client_address

router = APIRouter(prefix="/api", tags=["odds"], responses=ERROR_RESPONSES)
MaybeCaller = Annotated[Account | None, Depends(optional_account)]


def _limit(request: Request, caller: Account | None) -> list[str]:
    """429 with Retry-After past the odds rate (guards.Limits.odds_per_caller) of the
    client address, or of the account: an address with many guest sessions has one
    rate. The keys charged for the call."""
    limiter = guards_of(request).odds_by_caller
    keys = [f"addr:{client_address(request)}"]
    if caller is not None:
        keys.append(f"user:{caller.id}")
    for key in keys:
        limiter.check(key)
    return keys


def _odds(request: Request, callers: list[str], ruleset: Ruleset, battle: dict[str, Any]) -> dict[str, Any]:
    """The battle's odds through the desk: remembered, or computed within its bounds
    (call in a worker thread)."""
    key = battle_key(ruleset.id, ruleset.version, battle)
    desk = guards_of(request).odds_desk
    # a worker process knows grognard's own rulesets (a test's registry may have others)
    remote = (ruleset.id, battle) if _is_grognards(ruleset) else None
    return desk.answer(callers, client_address(request), key, lambda: ruleset.odds(battle).to_json(), remote)


def _is_grognards(ruleset: Ruleset) -> bool:
    from grognard.games import REGISTRY

    return ruleset.id in REGISTRY.ids() and REGISTRY.get(ruleset.id) is ruleset


def _ruleset(request: Request, ruleset_id: str) -> Ruleset:
    try:
        return server_of(request).registry.get(ruleset_id)
    except UnknownRuleset as exc:
        raise HTTPException(404, str(exc)) from None


def seat_of_caller(seats: list[SeatInfo], seat: str | None, caller: Account | None) -> str | None:
    """The role of `seat` when the caller holds it (403 otherwise); None for no seat
    (the observer)."""
    role = None if seat in (None, "", "observer") else seat
    if role is not None:
        held = next((s for s in seats if s.role == role), None)
        if held is None:
            raise HTTPException(403, f"this game has no seat {role!r}")
        if not held.held_by(caller.id if caller else None):
            raise HTTPException(403, f"the seat {role!r} is not yours")
    return role


def action_of(text: str, example: str) -> Action:
    """An action given as JSON in a query (422 with an example when it is none)."""
    try:
        return as_action(msgspec.json.decode(text))
    except (msgspec.DecodeError, IllegalAction):
        raise HTTPException(422, f"action must be a JSON list such as {example}") from None


@router.get("/rulesets/{ruleset_id}/odds-form")
def odds_form(ruleset_id: str, request: Request) -> Response:
    """The fields of a hypothetical battle for this ruleset's odds calculator."""
    form = _ruleset(request, ruleset_id).odds_form()
    if form is None:
        raise HTTPException(404, f"{ruleset_id} has no odds calculator")
    return json_response(form)


@router.post("/rulesets/{ruleset_id}/odds")
async def hypothetical_odds(ruleset_id: str, request: Request, caller: MaybeCaller) -> Response:
    """The odds of a battle described in the ruleset's odds-form shape."""
    callers = _limit(request, caller)
    ruleset = _ruleset(request, ruleset_id)
    try:
        body = await request.json()
    except ValueError:
        raise HTTPException(422, "the body must be a JSON object describing the battle") from None
    if not isinstance(body, dict):
        raise HTTPException(422, "the body must be a JSON object describing the battle")
    try:
        odds = await run_in_threadpool(_odds, request, callers, ruleset, body)
    except BadBattle as exc:
        raise HTTPException(422, str(exc)) from None
    return json_response({"battle": body, "odds": odds})


@router.get("/games/{game_id}/odds")
async def game_odds(
    game_id: str,
    request: Request,
    caller: MaybeCaller,
    hex: Annotated[str, Query(min_length=1, max_length=40, description="where the battle is")],
    seat: Annotated[str | None, Query(max_length=40)] = None,
    action: Annotated[
        str | None, Query(max_length=400, description="a legal attack at the hex, as JSON (a bombardment)")
    ] = None,
) -> Response:
    """The battle `seat` could start, or is fighting, at `hex`, and its odds; `battle`
    is null when there is none. Only the caller's own seats; without a seat (the
    observer), only a battle being fought."""
    callers = _limit(request, caller)
    games = server_of(request).games
    game, seats, state = await run_in_threadpool(games._snapshot_copy, game_id)
    role = seat_of_caller(seats, seat, caller)
    ruleset = _ruleset(request, game.ruleset)
    attack = None if not action else action_of(action, '["bombard", "red-a1", "0,0"]')

    def forecast() -> dict[str, Any]:
        battle = ruleset.battle_at(state, role, hex, attack)
        if battle is None:
            return {"hex": hex, "battle": None, "odds": None}
        return {"hex": hex, "battle": battle, "odds": _odds(request, callers, ruleset, battle)}

    try:
        return json_response(await run_in_threadpool(forecast))
    except BadBattle as exc:
        raise HTTPException(422, str(exc)) from None


__all__ = ["router"]
