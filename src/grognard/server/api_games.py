"""JSON endpoints for rulesets, games, the lobby and replays."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from grognard.agents import agent_label, agent_names, has_heuristic
from grognard.agents.ladder import STRONGEST, lobby_strength, strongest
from grognard.core.errors import BadOptions, UnknownRuleset

from .accounts import Account, optional_account, require_account
from .context import server_of
from .guards import guards_of
from .inputs import BadInput, clean_chat, decode_json
from .newgames import SEED_LIMIT, NewGame
from .payloads import encode
from .problems import ERROR_RESPONSES
from .quotas import quota_refusal
from .ratelimit import client_address
from .service import Outcome

router = APIRouter(prefix="/api", tags=["games"], responses=ERROR_RESPONSES)

Caller = Annotated[Account, Depends(require_account)]
MaybeCaller = Annotated[Account | None, Depends(optional_account)]
ROLE = Field(min_length=1, max_length=40)
#: Moves a saved game may bring (a six-player Viktory II game runs to about 4 000).
MAX_MOVES = 20_000


def json_response(payload: Any, status_code: int = 200) -> Response:
    return Response(encode(payload), status_code=status_code, media_type="application/json")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(_Body):
    ruleset: str = Field(min_length=1, max_length=40)
    scenario: str | None = Field(default=None, max_length=80)
    options: dict[str, Any] = Field(default_factory=dict)
    #: role -> "me" | "hotseat" | "invite" | "ai:<agent>"
    seats: dict[str, str]
    seed: int | None = Field(default=None, ge=0, lt=SEED_LIMIT)
    public: bool = False
    #: a saved game's moves to play first ([role, action] each; needs `seed`)
    moves: list[tuple[str, list[Any]]] = Field(default_factory=list, max_length=MAX_MOVES)
    ruleset_version: int | None = None
    #: the generator a saved game's moves were played with (older saves: 1)
    rng_version: int | None = None
    #: time control: days per move for each person's seat (null: no clock), and what
    #: a seat whose time ran out becomes: "ai" (a server AI plays it) or "forfeit"
    move_days: int | None = None
    on_expiry: str = "ai"


class PostAction(_Body):
    seat: str = ROLE
    action: list[Any] = Field(min_length=1, max_length=64)
    expected_version: int


class SeatRequest(_Body):
    seat: str = ROLE
    expected_version: int | None = None


class JoinRequest(_Body):
    seat: str | None = Field(default=None, min_length=1, max_length=40)


class ChatRequest(_Body):
    text: str = Field(min_length=1)


class ChatShareRequest(_Body):
    #: may spectators read the players' chat?
    public: bool


async def _after(request: Request, outcome: Outcome, status_code: int = 200) -> Response:
    if outcome.wants_ai:
        server_of(request).ai.kick(outcome.payload["id"])
    return json_response(outcome.payload, status_code)


@router.get("/rulesets")
def rulesets(request: Request) -> Response:
    """Every ruleset with its scenarios, option schema, roles and the AIs it offers."""
    registry = server_of(request).registry
    out = []
    for ruleset_id in registry.ids():
        ruleset = registry.get(ruleset_id)
        described = ruleset.describe()
        described["roles"] = {s.id: ruleset.roles(s.id, None) for s in ruleset.scenarios}
        # the search levels too need the ruleset's AI module: without its evaluation a
        # search rolls games out to the end and learns little within its second
        offered = [n for n in agent_names() if n == "random" or has_heuristic(ruleset_id)]
        described["agents"] = offered
        top = strongest(ruleset_id)
        described["agent_labels"] = {n: agent_label(n) + (STRONGEST if n == top else "") for n in offered}
        # the measured difficulty ladder (benchmarks/ladder.py, issue 25): the levels
        # strongest first with their figures; a level not measured on this game says so
        described["ladder"] = lobby_strength(ruleset_id, offered)
        # the client asks for the odds form only when there is one (no 404 in the console)
        described["odds"] = ruleset.odds_form() is not None
        out.append(described)
    return json_response(out)


@router.get("/rulesets/{ruleset_id}/roles")
def roles(
    ruleset_id: str,
    request: Request,
    scenario: Annotated[str | None, Query(max_length=80)] = None,
    options: Annotated[str, Query(max_length=4096, description="the options as a JSON object")] = "{}",
) -> Response:
    """The roles of a game with these settings (they may depend on the options, as
    the number of players does in Viktory II), so that the new-game form can offer one
    seat per role without knowing the ruleset."""
    try:
        ruleset = server_of(request).registry.get(ruleset_id)
    except UnknownRuleset as exc:
        raise HTTPException(404, str(exc)) from None
    try:
        chosen = decode_json(options, "the text")
    except BadInput as exc:
        raise HTTPException(422, f"options must be a JSON object: {exc}") from None
    if not isinstance(chosen, dict):
        raise HTTPException(422, "options must be a JSON object")
    try:
        picked, resolved = ruleset.resolve(scenario, chosen)
    except BadOptions as exc:
        raise HTTPException(422, str(exc)) from None
    return json_response(
        {"scenario": picked.id, "options": resolved, "roles": ruleset.roles(picked.id, resolved)}
    )


@router.get("/rulesets/{ruleset_id}/board-data")
def board_data(ruleset_id: str, request: Request) -> Response:
    """The fixed data a ruleset's browser board draws with (its map, card and unit
    names): public, the same for every game, cached by the browser for an hour."""
    try:
        ruleset = server_of(request).registry.get(ruleset_id)
    except UnknownRuleset as exc:
        raise HTTPException(404, str(exc)) from None
    data = ruleset.board_data()
    if data is None:
        raise HTTPException(404, f"{ruleset_id} has no board data: its views carry all it draws")
    response = json_response(data)
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


@router.post("/games", status_code=201)
async def create_game(body: CreateGame, request: Request, caller: Caller) -> Response:
    games = server_of(request).games
    settings = NewGame(
        ruleset=body.ruleset,
        seats=body.seats,
        scenario=body.scenario,
        options=body.options,
        seed=body.seed,
        public=body.public,
        moves=[[role, action] for role, action in body.moves],
        ruleset_version=body.ruleset_version,
        rng_version=body.rng_version,
        move_days=body.move_days,
        on_expiry=body.on_expiry,
    )
    guards = guards_of(request)
    limits = guards.limits
    address = client_address(request)
    guards.games_by_address.check(address)
    if body.moves:  # a saved game: every move is replayed (issue 27, item 4)
        guards.saved_games_by_caller.check(address)
    refusal = await run_in_threadpool(
        quota_refusal,
        server_of(request).sessions,
        caller.id,
        settings,
        limits.ai_games_per_user,
        limits.open_games_per_user,
    )
    if refusal is not None:
        raise HTTPException(429, refusal, headers={"Retry-After": "60"})

    def bounded() -> Outcome:
        if not body.moves:
            return games.create(caller.id, settings)
        with guards.saving.slot():
            started = time.thread_time()
            replay = guards.replays.replayer()  # in a worker process under `grognard serve`
            try:
                return games.create(caller.id, settings, limits.saved_game_cpu_seconds, replay)
            finally:  # charged its CPU time (this thread's and the worker's), refused or not
                spent = time.thread_time() - started + replay.cpu
                guards.saved_games_by_caller.charge(address, spent / limits.saved_game_cpu_per_token - 1.0)

    outcome = await run_in_threadpool(bounded)
    return await _after(request, outcome, 201)


@router.get("/games/{game_id}")
async def get_game(game_id: str, request: Request, caller: MaybeCaller) -> Response:
    games = server_of(request).games
    return json_response(await run_in_threadpool(games.get, game_id, caller.id if caller else None))


@router.post("/games/{game_id}/actions")
async def post_action(game_id: str, body: PostAction, request: Request, caller: Caller) -> Response:
    games = server_of(request).games
    outcome = await run_in_threadpool(
        games.act, game_id, caller.id, body.seat, body.action, body.expected_version
    )
    return await _after(request, outcome)


@router.post("/games/{game_id}/undo")
async def undo(game_id: str, body: SeatRequest, request: Request, caller: Caller) -> Response:
    games = server_of(request).games
    outcome = await run_in_threadpool(games.undo, game_id, caller.id, body.seat, body.expected_version)
    return await _after(request, outcome)


@router.post("/games/{game_id}/resign")
async def resign(game_id: str, body: SeatRequest, request: Request, caller: Caller) -> Response:
    games = server_of(request).games
    outcome = await run_in_threadpool(games.resign, game_id, caller.id, body.seat, body.expected_version)
    return await _after(request, outcome)


@router.post("/games/{game_id}/rematch", status_code=201)
async def rematch(game_id: str, request: Request, caller: Caller) -> Response:
    games = server_of(request).games
    outcome = await run_in_threadpool(games.rematch, game_id, caller.id)
    return await _after(request, outcome, 201)


@router.post("/games/{game_id}/join")
async def join(game_id: str, request: Request, caller: Caller, body: JoinRequest | None = None) -> Response:
    """Take an open seat of a public game (the first one, or `seat`)."""
    games = server_of(request).games
    outcome = await run_in_threadpool(games.join, game_id, caller.id, body.seat if body else None)
    return await _after(request, outcome)


@router.post("/invites/{token}")
async def claim_invite(token: str, request: Request, caller: Caller) -> Response:
    """Take the seat an invite link stands for."""
    games = server_of(request).games
    outcome = await run_in_threadpool(games.claim_invite, token, caller.id)
    return await _after(request, outcome)


@router.post("/games/{game_id}/chat", status_code=201)
async def chat(game_id: str, body: ChatRequest, request: Request, caller: Caller) -> Response:
    """Post into the caller's chat: the players' chat for a player of the game, the
    spectators' chat for anyone else (server/chat.py says who reads which). Each
    address has a rate of its own (429 with Retry-After past it)."""
    guards_of(request).chat_by_address.check(client_address(request))
    server = server_of(request)
    text = body.text.strip()
    if not text or len(text) > server.settings.chat_max_chars:
        raise HTTPException(422, f"a chat message has 1 to {server.settings.chat_max_chars} characters")
    try:
        text = clean_chat(text)
    except BadInput as exc:
        raise HTTPException(422, str(exc)) from None
    message = await run_in_threadpool(server.games.chat, game_id, caller.id, caller.name, text)
    return json_response(message, 201)


@router.post("/games/{game_id}/chat/share")
async def share_chat(game_id: str, body: ChatShareRequest, request: Request, caller: Caller) -> Response:
    """A player lets spectators read the players' chat (`public`: true) or stops it.
    Spectators post into a chat of their own whatever this says."""
    chats = server_of(request).games.chats
    return json_response(await run_in_threadpool(chats.share, game_id, caller.id, body.public))


@router.get("/lobby")
async def lobby(request: Request, caller: MaybeCaller) -> Response:
    """Open public games, and the caller's games with `your_turn`."""
    games = server_of(request).games
    return json_response(await run_in_threadpool(games.lobby, caller.id if caller else None))


@router.get("/games/{game_id}/replay")
async def replay(game_id: str, request: Request) -> Response:
    """A finished game's replay: settings, seed, every action, digests, final state."""
    games = server_of(request).games
    return json_response(await run_in_threadpool(games.replay, game_id))


@router.get("/games/{game_id}/replay/{step}")
async def replay_step(
    game_id: str,
    step: int,
    request: Request,
    seat: Annotated[str | None, Query(max_length=40)] = None,
) -> Response:
    """The view after `step` actions, from `seat` (finished games) or the observer
    (a running game's steps: the observer's view only, without the actions). Each
    address has a rate of its own (429), and a few steps are computed at once (503
    with Retry-After past them)."""
    games, guards = server_of(request).games, guards_of(request)
    guards.replay_by_address.check(client_address(request))
    role = None if seat in (None, "", "observer") else seat

    def bounded() -> dict[str, Any]:
        with guards.replaying.slot():
            return games.replay_step(game_id, step, role)

    return json_response(await run_in_threadpool(bounded))
