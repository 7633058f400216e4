"""The odds endpoints for Victory (server/api_odds.py over games/victory/odds.py): the
form, a hypothetical battle, and a game's battle from a seat with the enemy hidden."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import Player, create, games_of

from grognard.games.victory.control import gmap


def test_victory_odds_answer_from_the_form_and_from_a_seat(client: TestClient) -> None:
    me = Player(client).guest("blue")
    listed = {r["id"]: r["odds"] for r in me.ok("GET", "/api/rulesets")}
    assert listed["victory"] is True  # the browser asks for the form only then
    form = me.ok("GET", "/api/rulesets/victory/odds-form")
    assert "IN" in form["sides"]["land"] and "hidden" in form["sides"]["land"]
    answer = me.ok("POST", "/api/rulesets/victory/odds", {"attacker": {"IN": 2}, "defender": {"IN": 1}})
    assert answer["odds"]["exact"] is False and answer["odds"]["unit"] == "steps"
    assert 0 < answer["odds"]["attacker_wins"] < 1
    bad = me.post("/api/rulesets/victory/odds", {"attacker": {"IN": 1}, "defender": {"ZZ": 1}})
    assert bad.status_code == 422 and "unknown unit types" in bad.text

    game = create(me, "victory", {"blue": "me", "red": "hotseat"})
    state = games_of(client).cached_state(game["id"])
    assert state is not None
    where = min(h for h, info in gmap(state.data).hexes.items() if info.land_terrain == "clear")
    blocks = state.data["blocks"]
    state.data["phase"] = "move"  # past deployment, where the other side's blocks are unlisted
    for owner in ("blue", "red"):  # a blue and a red infantry in one hex (set up on the live state)
        blocks[f"{owner}-90"] = {"owner": owner, "type": "IN", "steps": 4, "at": where, "moved": False}
    seen = me.ok("GET", f"/api/games/{game['id']}/odds?seat=blue&hex={where}")
    assert seen["battle"]["roles"] == {"attacker": "blue", "defender": "red"}
    assert seen["battle"]["defender"] == {"hidden": 1}  # red's block is not shown to blue (6.1)
    assert seen["battle"]["terrain"] == "clear"
    assert 0 < seen["odds"]["attacker_wins"] < 1
    assert me.ok("GET", f"/api/games/{game['id']}/odds?hex={where}")["battle"] is None
