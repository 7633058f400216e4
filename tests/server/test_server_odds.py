"""The odds endpoints (server/api_odds.py): hypothetical battles, a game's battle from
a seat, refusals with reasons, and the rate limit."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of

from grognard.games.viktory2 import RULESET
from grognard.server.guards import Limits
from grognard.server.ratelimit import Rate

BATTLE = {"attacker": {"infantry": 1}, "defender": {"infantry": 1}}


def test_the_form_names_the_fields(client: TestClient) -> None:
    form = Player(client).ok("GET", "/api/rulesets/viktory2/odds-form")
    assert form["sides"]["land"] == ["infantry", "cavalry", "artillery"]
    assert "mountain" in form["terrain"] and "water" not in form["terrain"]
    assert client.get("/api/rulesets/nosuch/odds-form").status_code == 404


@pytest.mark.rules("12.3")
def test_a_hypothetical_battle_gets_the_rulesets_odds_12_3(client: TestClient) -> None:
    me = Player(client).guest("calc")
    answer = me.ok("POST", "/api/rulesets/viktory2/odds", BATTLE)
    assert answer["odds"]["attacker_wins"] == pytest.approx(1 / 3)
    assert answer["odds"]["exact"] is True
    mountain = me.ok("POST", "/api/rulesets/viktory2/odds", {**BATTLE, "terrain": "mountain"})
    assert mountain["odds"]["attacker_wins"] < answer["odds"]["attacker_wins"]


def test_bad_battles_get_422_with_a_reason(client: TestClient) -> None:
    me = Player(client).guest("calc")
    answer = me.post("/api/rulesets/viktory2/odds", {**BATTLE, "terrain": "swamp"})
    assert answer.status_code == 422
    assert "terrain must be one of" in answer.text
    assert me.post("/api/rulesets/viktory2/odds", [1, 2]).status_code == 422
    assert me.post("/api/rulesets/nosuch/odds", BATTLE).status_code == 404


def test_a_games_battle_from_the_attackers_seat(client: TestClient) -> None:
    me = Player(client).guest("red")
    game = create(me, "viktory2", {"red": "me", "yellow": "hotseat"})
    gid = game["id"]
    state = games_of(client).cached_state(gid)
    assert state is not None
    # a red and a yellow infantry meet in a revealed hex (set up directly on the live state)
    where = "0,0"
    state.data["tiles"][where] = "forest"
    for owner in ("red", "yellow"):
        state.data["units"][state.add_unit(owner, "infantry")]["hex"] = where  # type: ignore[attr-defined]
    answer = me.ok("GET", f"/api/games/{gid}/odds?seat=red&hex={where}")
    assert answer["battle"]["roles"] == {"attacker": "red", "defender": "yellow"}
    expected = RULESET.odds(answer["battle"]).attacker_wins
    assert answer["odds"]["attacker_wins"] == pytest.approx(expected)
    # the observer (no seat) starts no battle; an empty hex has none
    assert me.ok("GET", f"/api/games/{gid}/odds?hex={where}")["battle"] is None
    assert answer["battle"]["terrain"] == "forest"
    assert me.ok("GET", f"/api/games/{gid}/odds?seat=red&hex=1,0")["battle"] is None


def test_only_your_own_seat(client: TestClient) -> None:
    owner = Player(client).guest("owner")
    game = create(owner, "viktory2", {"red": "me", "yellow": "invite"})
    stranger = Player(client).guest("stranger")
    answer = stranger.get(f"/api/games/{game['id']}/odds?seat=red&hex=0,0")
    assert answer.status_code == 403
    assert "not yours" in answer.text
    assert stranger.get(f"/api/games/{game['id']}/odds?seat=green&hex=0,0").status_code == 403
    bad_hex = owner.get(f"/api/games/{game['id']}/odds?seat=red&hex=99,99")
    assert bad_hex.status_code == 422 and "not a hex" in bad_hex.text


def test_the_rate_limit_answers_429(make_app: AppFactory) -> None:
    # a bucket that cannot refill within the test: the answer does not depend on how
    # fast the requests come (the default bucket refills several times a second)
    limits = Limits(odds_per_caller=Rate(burst=3, per=3600.0))
    with TestClient(make_app(limits=limits)) as client:
        me = Player(client).guest("eager")
        codes = [me.post("/api/rulesets/viktory2/odds", BATTLE).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        refused = me.post("/api/rulesets/viktory2/odds", BATTLE)
        assert refused.status_code == 429 and "too many odds requests" in refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        # one address is one rate, whatever sessions it starts (guests cost nothing)...
        second = Player(client).guest("second")
        assert second.post("/api/rulesets/viktory2/odds", BATTLE).status_code == 429
        # ...and one address's spending leaves another's alone
        elsewhere = TestClient(client.app, client=("10.0.0.9", 5000))  # the app runs already
        patient = Player(elsewhere).guest("patient")
        assert patient.post("/api/rulesets/viktory2/odds", BATTLE).status_code == 200


def test_an_attack_given_as_action_must_be_json_and_legal(client: TestClient) -> None:
    me = Player(client).guest("red")
    game = create(me, "viktory2", {"red": "me", "yellow": "hotseat"})
    gid = game["id"]
    bad = me.get(f"/api/games/{gid}/odds?seat=red&hex=0,0&action=notjson")
    assert bad.status_code == 422 and "JSON list" in bad.text
    # choosing capitals: no bombardment is legal, so there is nothing to forecast
    answer = me.ok("GET", f'/api/games/{gid}/odds?seat=red&hex=0,0&action=["bombard","red-a1","0,0"]')
    assert answer["battle"] is None
