"""The "why can't I?" endpoint (server/api_why.py): the ruleset's reason for an
illegal action of your seat, the core's otherwise, never a change, and its refusals."""

from __future__ import annotations

import json
from urllib.parse import quote

from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of

from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate


def _why(seat: str, action: list[object]) -> str:
    return f"why?seat={seat}&action={quote(json.dumps(action))}"


def test_the_seat_gets_the_rulesets_reason_and_nothing_changes(client: TestClient) -> None:
    me = Player(client).guest("red")
    game = create(me, "viktory2", {"red": "me", "yellow": "hotseat"})
    gid = game["id"]
    state = games_of(client).cached_state(gid)
    assert state is not None
    first = state.active_roles()[0]  # the order of play is drawn (3.3)
    other = "yellow" if first == "red" else "red"
    legal = state.legal_actions(first)[0]
    answer = me.ok("GET", f"/api/games/{gid}/{_why(first, list(legal))}")
    assert answer == {"action": list(legal), "legal": True, "reason": None}
    # the game opens with capitals: a move is refused with Viktory II's own words
    move = me.ok("GET", f"/api/games/{gid}/{_why(first, ['move', f'{first}-i1', '0,0'])}")
    assert move["legal"] is False
    assert "Movement & Combat phase" in move["reason"]
    # the core's answer for the seat that is not to play, and for a made-up verb
    waiting = me.ok("GET", f"/api/games/{gid}/{_why(other, ['end_moves'])}")
    assert waiting["reason"] == f"{other} is not to act now (waiting for {first})"
    made_up = me.ok("GET", f"/api/games/{gid}/{_why(first, ['fly', 'away'])}")
    assert made_up["reason"].startswith(f"['fly', 'away'] is not a legal action for {first} now: ")
    assert me.ok("GET", f"/api/games/{gid}")["version"] == game["version"]


def test_only_your_own_seats_and_a_readable_action(client: TestClient) -> None:
    owner = Player(client).guest("owner")
    game = create(owner, "viktory2", {"red": "me", "yellow": "invite"})
    gid = game["id"]
    stranger = Player(client).guest("stranger")
    refused = stranger.get(f"/api/games/{gid}/{_why('red', ['end_moves'])}")
    assert refused.status_code == 403 and "not yours" in refused.text
    assert owner.get(f"/api/games/{gid}/{_why('green', ['end_moves'])}").status_code == 403
    observer = owner.get(f"/api/games/{gid}/{_why('observer', ['end_moves'])}")
    assert observer.status_code == 422 and "observer takes no action" in observer.text
    bad = owner.get(f"/api/games/{gid}/why?seat=red&action=%7Bnot-json")
    assert bad.status_code == 422 and "action must be a JSON list" in bad.text
    assert owner.get(f"/api/games/nosuch/{_why('red', ['end_moves'])}").status_code == 404


def test_the_why_rate_limit_answers_429(make_app: AppFactory) -> None:
    limits = Limits(why_per_caller=Rate(burst=3, per=3600.0))
    with TestClient(make_app(limits=limits)) as limited:
        me = Player(limited).guest("curious")
        game = create(me, "viktory2", {"red": "me", "yellow": "hotseat"})
        path = f"/api/games/{game['id']}/{_why('red', ['end_moves'])}"
        assert [me.get(path).status_code for _ in range(3)] == [200, 200, 200]
        refused = me.get(path)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert "too many 'why not' questions" in refused.text
        # the odds have their own bucket
        assert me.get(f"/api/games/{game['id']}/odds?seat=red&hex=0,0").status_code == 200
