"""Difficulty levels on the server's AI seats (issue 11): the search levels are
offered with labels, and a search seat plays from its view and a sampler of
determinizations, as sim/play.py `decide` drives it, never from the game's own
state or dice, with its thinking capped below the server's limit per AI move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of

from grognard.agents import DIFFICULTIES, MctsAgent
from grognard.core.game import State
from grognard.core.registry import Registry
from grognard.core.rng import Rng
from grognard.server.service import SEARCH_SHARE

MOVE_BUDGET = 0.6  # the server's limit per AI move in these tests (seconds)


def test_the_rulesets_list_offers_the_search_levels_with_labels(client: TestClient) -> None:
    [viktory] = [r for r in client.get("/api/rulesets").json() if r["id"] == "viktory2"]
    assert viktory["agents"] == ["heuristic", "search-fast", "search-strong", "random"]
    labels = viktory["agent_labels"]
    assert set(labels) == set(viktory["agents"])
    assert "1 s" in labels["search-strong"] and "1/4 s" in labels["search-fast"]


def test_a_search_seat_is_accepted_and_an_unknown_level_refused(client: TestClient) -> None:
    me = Player(client).guest()
    game = create(me, "viktory2", {"red": "me", "yellow": "ai:search-strong"})
    assert [s.get("agent") for s in game["seats"] if s["kind"] == "ai"] == ["search-strong"]
    seats = {"red": "me", "yellow": "ai:search-huge"}
    refused = me.post("/api/games", {"ruleset": "viktory2", "seats": seats})
    assert refused.status_code == 422 and "search-huge" in refused.json()["detail"]


def test_a_search_seat_plays_a_hidden_block_game_from_samples_only(
    make_app: AppFactory, blocks_registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent's arguments hold no State; its sampler holds a copy of the game, not
    the live one; every sample has dice of its own; the agent's thinking is capped."""
    calls: list[dict[str, Any]] = []
    failures: list[str] = []
    searching = MctsAgent.act_searching
    game_id = ""

    def spy(self: MctsAgent, view: Any, legal: list[Any], sampler: Any) -> Any:
        try:
            live = games.cached_state(game_id)
            assert live is not None
            assert not isinstance(view, State) and not isinstance(sampler, State)
            assert isinstance(view, dict) and view["role"] == "blue"
            assert not any(isinstance(value, State) for value in vars(self).values())
            copy = sampler._state  # the sampler's private copy
            assert copy is not live and copy.history == live.history
            sample = sampler.sample(Rng(Rng.new_state(len(calls))))
            assert sample is not live and sample is not copy
            assert sample.data["rng"] != live.data["rng"]  # re-seeded: the real dice stay unknown
            assert self.time_cap == pytest.approx(SEARCH_SHARE * MOVE_BUDGET)
            assert self.name == "search-fast"
        except AssertionError as exc:
            failures.append(repr(exc))
        calls.append({"legal": len(legal)})
        return searching(self, view, legal, sampler)

    monkeypatch.setattr(MctsAgent, "act_searching", spy)
    app = make_app(registry=blocks_registry, ai_move_budget=MOVE_BUDGET)
    with TestClient(app) as client:
        games = games_of(client)
        me = Player(client).guest()
        seats = {"red": "me", "blue": "ai:search-fast"}
        game = create(me, "blockskirmish", seats, options={"turns": 2}, seed=4)
        game_id = game["id"]
        rng = random.Random(4)
        with me.websocket(game_id, "red") as socket:
            for _ in range(2000):
                if game["status"] == "finished":
                    break
                if "red" not in game["active"]:
                    game = me.ok("GET", f"/api/games/{game_id}")
                    if game["status"] == "active" and "red" not in game["active"]:
                        assert socket.receive_json()["type"] in ("state", "chat")
                    continue
                action = rng.choice(game["views"]["red"]["legal"])
                body = {"seat": "red", "action": action, "expected_version": game["version"]}
                response = me.post(f"/api/games/{game_id}/actions", body)
                ok = response.status_code == 200
                game = response.json() if ok else me.ok("GET", f"/api/games/{game_id}")
        replay = me.ok("GET", f"/api/games/{game_id}/replay")
    assert game["status"] == "finished"
    assert failures == []
    blue_moves = [a for a in replay["actions"] if a[0] == "blue"]
    searched = [c for c in calls if c["legal"] > 1]
    assert blue_moves and searched  # the AI seat moved, and searched its real choices
    assert len(calls) <= len(blue_moves)  # every search ended in one of blue's moves


def test_every_level_stands_for_a_time_budgeted_search() -> None:
    assert list(DIFFICULTIES) == ["search-fast", "search-strong"]
    assert all(spec.startswith("mcts:") and spec.endswith("s") for spec in DIFFICULTIES.values())
