""" "Why can't I?" over HTTP (issue 9, section 5; the contract is State.why_illegal).

- `GET /api/games/{id}/why?seat=&action=`   why that seat (the caller's) may not take
                                             `action` now: `{"action", "legal", "reason"}`,
                                             `reason` null when the action is legal.

The browser asks when a click does nothing. The answer comes from the ruleset
(`Ruleset.explain_illegal`, from what that seat may know) or else from the core; it
has its own rate limit per caller (`guards.Limits.why_per_caller`, 429).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from .accounts import Account, optional_account
from .api_games import json_response
from .api_odds import action_of, seat_of_caller
from .context import server_of
from .guards import guards_of
from .problems import ERROR_RESPONSES
from .ratelimit import client_address

router = APIRouter(prefix="/api", tags=["games"], responses=ERROR_RESPONSES)
MaybeCaller = Annotated[Account | None, Depends(optional_account)]


@router.get("/games/{game_id}/why")
async def why_not(
    game_id: str,
    request: Request,
    caller: MaybeCaller,
    seat: Annotated[str, Query(min_length=1, max_length=40, description="your seat")],
    action: Annotated[str, Query(min_length=2, max_length=400, description="the action, as JSON")],
) -> Response:
    """Why `seat` may not take `action` now, in the rules' words where the ruleset
    gives them; `legal` true (and no reason) when it may."""
    key = f"user:{caller.id}" if caller is not None else f"addr:{client_address(request)}"
    guards_of(request).why_by_caller.check(key)
    act = action_of(action, '["move", "red-i1", "0,1"]')
    _, seats, state = await run_in_threadpool(server_of(request).games._snapshot_copy, game_id)
    role = seat_of_caller(seats, seat, caller)
    if role is None:
        raise HTTPException(422, "an observer takes no action: name one of your seats")
    reason = await run_in_threadpool(state.why_illegal, role, act)
    return json_response({"action": list(act), "legal": reason is None, "reason": reason})


__all__ = ["router"]
