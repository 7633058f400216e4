"""GET /api/rulesets says which rulesets have a battle calculator ("odds"), so that the
browser asks for an odds form only where one exists (server/API.md): the flag agrees
with GET /api/rulesets/{id}/odds-form for every ruleset."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverkit import Player


def test_the_odds_flag_matches_the_odds_form_of_every_ruleset(client: TestClient) -> None:
    listed = Player(client).ok("GET", "/api/rulesets")
    flags = {r["id"]: r["odds"] for r in listed}
    assert {"viktory2", "victory", "hgw", "virtuti"} <= set(flags)
    # known cases: the four wargames have odds (Virtuti's since games/virtuti/odds.py)
    assert all(flags[r] is True for r in ("viktory2", "victory", "hgw", "virtuti"))
    for ruleset_id, has_odds in flags.items():
        status = client.get(f"/api/rulesets/{ruleset_id}/odds-form").status_code
        assert status == (200 if has_odds else 404), ruleset_id
