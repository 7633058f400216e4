"""How the API's error answers are described in its OpenAPI document.

Every error is `{"detail": "reason"}` (see app.py); FastAPI would otherwise
describe a 422 as a list of pydantic errors, which the server never sends."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Problem(BaseModel):
    """Every error answer: one human-readable reason."""

    detail: str


def _problem(description: str, retry: bool = False) -> dict[str, Any]:
    answer: dict[str, Any] = {"model": Problem, "description": description}
    if retry:
        answer["headers"] = {
            "Retry-After": {
                "description": "seconds to wait before trying again",
                "schema": {"type": "integer"},
            }
        }
    return answer


#: The 4xx and 503 answers any route may give, for `APIRouter(responses=...)`.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _problem("malformed request: a bad Content-Length, a control character in the URL"),
    401: _problem("not signed in, or a wrong username or password"),
    403: _problem("not yours (another seat, not a player), a cross-site request, or a missing CSRF token"),
    404: _problem("no such game, invite, step or ruleset"),
    409: _problem("an illegal or stale move, a taken seat or name, a finished game"),
    413: _problem("the request body is over the size limit"),
    422: _problem(
        "a malformed body or parameter: 'field: reason' for each of the first five problems, "
        "'; '-separated; also JSON nested too deep or holding a NUL character"
    ),
    429: _problem("too many requests from this address or for this account", retry=True),
    503: _problem(
        "busy (too many sign-ins or replays at once), or the database cannot be written now", retry=True
    ),
}
