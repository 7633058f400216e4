"""GET /api/rulesets/{id}/board-data: the fixed data a browser board draws with (the
Virtuti map and content names), served once and cached; 404 with a reason for a
ruleset without any and for an unknown ruleset."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory

from grognard.core.registry import Registry
from grognard.games.virtuti import RULESET as VIRTUTI
from grognard.games.virtuti.map import load_map


@pytest.fixture
def virtuti_client(make_app: AppFactory, tiny_registry: Registry) -> Iterator[TestClient]:
    tiny_registry.register(VIRTUTI)
    with TestClient(make_app(registry=tiny_registry)) as test_client:
        yield test_client


def test_virtuti_board_data_has_every_area_and_the_content_names(virtuti_client: TestClient) -> None:
    response = virtuti_client.get("/api/rulesets/virtuti/board-data")
    assert response.status_code == 200
    assert "max-age" in response.headers["cache-control"]
    data = response.json()
    areas = {a["id"] for a in data["map"]["land_areas"]}
    assert areas == set(load_map().land_ids)
    assert all(a["shapes"] and len(a["label"]) == 2 for a in data["map"]["land_areas"])
    assert {s["id"] for s in data["map"]["sea_zones"]} >= {"north_atlantic", "baltic_sea"}
    assert data["cards"]["axis_blitzkrieg"]["name"] == "Blitzkrieg"
    assert data["units"]["army"]["levels"][0]["hp"] == 2
    poland = next(c for c in data["countries"] if c["id"] == "poland")
    assert "warsaw" in poland["key_areas"]


def test_board_data_of_a_ruleset_without_any_or_unknown_is_404(virtuti_client: TestClient) -> None:
    none = virtuti_client.get("/api/rulesets/tiny/board-data")
    assert none.status_code == 404
    assert "no board data" in none.json()["detail"]
    unknown = virtuti_client.get("/api/rulesets/nosuchgame/board-data")
    assert unknown.status_code == 404
