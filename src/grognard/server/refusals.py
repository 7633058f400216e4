"""Why the game layer refuses a request, without knowing it is served over HTTP.

The services (service.py, chat.py, newgames.py) decide what may be done to a game;
the routes decide how a refusal is sent. A service raises one of these; app.py turns
it into the same `{"detail": reason}` answer as any other error, with the status its
kind names, and the websocket route into a close code (api_ws.py). So the rules of
the site can be called and tested without FastAPI, and the HTTP status of each kind
of refusal is written in one place.
"""

from __future__ import annotations


class Refusal(Exception):
    """A request the game layer will not carry out, with the reason a person reads."""

    status = 400

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotFound(Refusal):
    """No such game, invite or step."""

    status = 404


class NotYours(Refusal):
    """The caller may not do this: a seat that is not theirs, a game closed to them."""

    status = 403


class Conflict(Refusal):
    """The game is not in a state for it: over, changed meanwhile, a seat taken, an
    illegal move."""

    status = 409


class Invalid(Refusal):
    """The request's content cannot be played: an unknown seat kind, bad options."""

    status = 422


class TooCostly(Refusal):
    """Carrying it out would cost more than the server gives one request (a saved
    game too long to replay)."""

    status = 413


class Unavailable(Refusal):
    """This server cannot serve it now (a ruleset it does not have)."""

    status = 503
