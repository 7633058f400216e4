"""The odds endpoints for Virtuti (server/api_odds.py over games/virtuti/odds.py): the
form, a hypothetical battle, refusals with reasons, and a game's battle from a seat,
with the opponent's hand as the prior of its secret card (B1.2)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import Player, create, games_of

from grognard.games.virtuti.board import new_unit


def _position(
    client: TestClient, me: Player, order: str, axis_hand: list[str] | None = None
) -> tuple[dict[str, Any], list[str]]:
    """A hot-seat game set, on the server's live state, to the Operations Phase's moves:
    an Axis Army and Armored Corps in Breslau under `order`, a Polish Army in Warsaw,
    the Allies holding Arsenal of Democracy and Charles de Gaulle."""
    game = create(me, "virtuti", {"axis": "me", "allies": "hotseat"})
    state = games_of(client).cached_state(game["id"])
    assert state is not None
    data = state.data
    data["units"], data["orders"], data["secret"] = {}, {}, None
    sent = [new_unit(data, "axis", kind, 1, "breslau")["id"] for kind in ("army", "armored_corps")]
    new_unit(data, "western_allies", "army", 1, "warsaw")
    data["orders"]["breslau"] = {"f": "axis", "o": order}
    data["factions"]["western_allies"]["hand"] = ["wa_lend_lease", "wa_charles_de_gaulle"]
    if axis_hand is not None:
        data["factions"]["axis"]["hand"] = axis_hand
    data["flow"] = [{"state": "turn", "phase": 8}, {"state": "ops", "sub": 1, "next": 0}]
    data["phase"] = "operations"
    state._after_change(None, None)
    return game, sent


@pytest.mark.rules("B1.1", "B1.4")
def test_virtuti_odds_from_the_form_and_from_a_seat(client: TestClient) -> None:
    me = Player(client).guest("axis")
    listed = {r["id"]: r["odds"] for r in me.ok("GET", "/api/rulesets")}
    assert listed["virtuti"] is True  # the browser asks for the form only then
    form = me.ok("GET", "/api/rulesets/virtuti/odds-form")
    assert "army_3" in form["sides"]["land"] and "river" in form["terrain"]
    battle = {"attacker": {"army_1": 2}, "defender": {"corps_1": 1}, "terrain": "river"}
    answer = me.ok("POST", "/api/rulesets/virtuti/odds", battle)
    assert answer["odds"]["exact"] is True
    assert answer["odds"]["attacker_wins"] == 0  # (1+1)//2 = 1 against 1: the tie goes to the defender
    frozen = me.ok("POST", "/api/rulesets/virtuti/odds", {**battle, "frozen": True})
    assert frozen["odds"]["attacker_wins"] == 1
    bad = me.post("/api/rulesets/virtuti/odds", {**battle, "cards": {"attacker": ["joker"]}})
    assert bad.status_code == 422 and "not a card" in bad.text

    game, _ = _position(client, me, "move_plus_1")
    url = f"/api/games/{game['id']}/odds?seat=axis&hex=warsaw"
    seen = me.ok("GET", url)
    assert seen["battle"]["roles"] == {"attacker": "axis", "defender": "allies"}
    assert seen["battle"]["cards"]["defender"] == ["wa_charles_de_gaulle", "wa_lend_lease"]
    assert 0 < seen["odds"]["attacker_wins"] <= 1
    assert me.ok("GET", f"/api/games/{game['id']}/odds?hex=warsaw")["battle"] is None  # the observer
    assert me.get(f"/api/games/{game['id']}/odds?seat=axis&hex=atlantis").status_code == 422


@pytest.mark.rules("B1.2", "G1.1")
def test_a_seat_never_learns_the_other_sides_secret_card_from_the_odds(client: TestClient) -> None:
    """While the battle cards are chosen in secret (B1.2), the Allied seat's odds count
    the Axis card it cannot know by the Axis hand, even after the Axis has picked; the
    Axis seat's own odds use its pick."""
    me = Player(client).guest("both")
    game, sent = _position(client, me, "move", axis_hand=["axis_total_war", "axis_blitzkrieg"])

    def act(seat: str, action: list[str]) -> None:
        version = me.ok("GET", f"/api/games/{game['id']}")["version"]
        body = {"seat": seat, "action": action, "expected_version": version}
        me.ok("POST", f"/api/games/{game['id']}/actions", body)

    act("axis", ["execute", "breslau"])
    for uid in sent:
        act("axis", ["send", uid, "warsaw"])
    act("axis", ["go"])
    act("axis", ["card", "axis", "axis_blitzkrieg"])
    allied = me.ok("GET", f"/api/games/{game['id']}/odds?seat=allies&hex=warsaw")
    assert allied["battle"]["cards"]["attacker"] == ["axis_blitzkrieg", "axis_total_war"]
    axis = me.ok("GET", f"/api/games/{game['id']}/odds?seat=axis&hex=warsaw")
    assert axis["battle"]["cards"]["attacker"] == "axis_blitzkrieg"
    observer = me.ok("GET", f"/api/games/{game['id']}/odds?hex=warsaw")  # the battle being fought
    assert observer["battle"]["cards"]["attacker"] == ["axis_blitzkrieg", "axis_total_war"]
