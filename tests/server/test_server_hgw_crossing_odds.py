"""The game odds endpoint (server/api_odds.py) for an HGW sea crossing that enemy patrols
meet (K19.10, odds_crossing.py): the client asks with the move step's action, and the
view lists the destinations to ask about."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from serverkit import Player, create, games_of

from grognard.games.hgw import RULESET

ZERO = {"infantry": 0, "mechanized": 0, "tac_air": 0, "paratroop": 0, "amphibious": 0}


@pytest.mark.rules("K19.10")
def test_a_crossing_met_by_a_patrol_gets_the_engines_odds(client: TestClient) -> None:
    me = Player(client).guest("allies")
    seats = {"axis": "hotseat", "soviet": "hotseat", "allied": "me"}
    gid = create(me, "hgw", seats, scenario="campaign_2", seed=1)["id"]
    state = games_of(client).cached_state(gid)
    assert state is not None
    # the Allied movement step, three British points in 1333 about to cross to Gibraltar,
    # the Axis U-boats on patrol beside the route (set up directly on the live state)
    data = state.data
    data["flow"][-1] = {"state": "move_to", "role": "allied", "army": "brit", "kind": "infantry", "count": 3}
    data["player"] = "allied"
    data["armies"]["brit"].update(at="1333", sp={**ZERO, "infantry": 3})
    data["fleets"]["uboats"]["patrol"] = "1729"
    assert "2031" in state.view("allied")["board"]["met_crossings"]
    action = quote(json.dumps(["to_place", "2031"]))
    answer = me.ok("GET", f"/api/games/{gid}/odds?seat=allied&hex=2031&action={action}")
    battle = answer["battle"]
    assert battle["kind"] == "crossing" and battle["count"] == 3
    assert battle["crossings"][0]["met"] == ["uboats"]
    assert answer["odds"]["kind"] == "crossing"
    assert answer["odds"]["attacker_wins"] == pytest.approx(RULESET.odds(battle).attacker_wins)
    # a move over land meets no patrol: no battle to forecast
    land = quote(json.dumps(["to_place", "1434"]))
    assert me.ok("GET", f"/api/games/{gid}/odds?seat=allied&hex=1434&action={land}")["battle"] is None
