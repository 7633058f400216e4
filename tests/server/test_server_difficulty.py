"""Difficulty levels on the server's AI seats (issue 11): the search levels are
offered with labels, and a search seat plays from its view and a sampler of
determinizations, as sim/play.py `decide` drives it, never from the game's own
state or dice, with its thinking capped below the server's limit per AI move."""

from __future__ import annotations

import pickle
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, games_of

from grognard.agents import DIFFICULTIES, MctsAgent, make_agent
from grognard.core.game import State
from grognard.core.registry import Registry
from grognard.core.rng import Rng
from grognard.games import REGISTRY
from grognard.server.aiseats import SEARCH_SHARE
from grognard.server.service import GameService

MOVE_BUDGET = 0.6  # the server's limit per AI move in these tests (seconds)


def test_the_rulesets_list_offers_the_search_levels_with_labels(client: TestClient) -> None:
    [viktory] = [r for r in client.get("/api/rulesets").json() if r["id"] == "viktory2"]
    assert viktory["agents"] == ["heuristic", "search-fast", "search-strong", "random"]
    labels = viktory["agent_labels"]
    assert set(labels) == set(viktory["agents"])
    assert "1 s" in labels["search-strong"] and "1/4 s" in labels["search-fast"]


def test_every_ruleset_with_an_ai_module_offers_every_level(client: TestClient) -> None:
    from grognard.agents import has_heuristic

    listed = {r["id"]: r["agents"] for r in client.get("/api/rulesets").json()}
    assert {"viktory2", "victory", "hgw", "virtuti"} <= set(listed)
    for ruleset_id, agents in listed.items():
        expected = ["heuristic", "search-fast", "search-strong", "random"]
        assert agents == (expected if has_heuristic(ruleset_id) else ["random"]), ruleset_id


def test_a_search_seat_is_accepted_and_an_unknown_level_refused(client: TestClient) -> None:
    me = Player(client).guest()
    game = create(me, "viktory2", {"red": "me", "yellow": "ai:search-strong"})
    assert [s.get("agent") for s in game["seats"] if s["kind"] == "ai"] == ["search-strong"]
    seats = {"red": "me", "yellow": "ai:search-huge"}
    refused = me.post("/api/games", {"ruleset": "viktory2", "seats": seats})
    assert refused.status_code == 422 and "search-huge" in refused.json()["detail"]


class SearchSpy:
    """Stands in for `MctsAgent.act_searching`: checks what the agent is given
    against the live game, then searches as usual. Failures are kept, because the
    AI runner would turn an exception in the agent into a random move."""

    def __init__(self, role: str, level: str) -> None:
        self.role, self.level = role, level
        self.games: GameService | None = None
        self.game_id = ""
        # an AI may move as soon as the game is created, before the test knows its id
        self.ready = threading.Event()
        self.calls: list[int] = []
        self.failures: list[str] = []
        self.searching = MctsAgent.act_searching

    def __call__(self, agent: MctsAgent, view: Any, legal: list[Any], sampler: Any) -> Any:
        try:
            assert self.ready.wait(30), "the test never named its game"
            assert self.games is not None
            live = self.games.cached_state(self.game_id)
            assert live is not None
            assert not isinstance(view, State) and not isinstance(sampler, State)
            assert isinstance(view, dict) and view["role"] == self.role
            assert not any(isinstance(value, State) for value in vars(agent).values())
            copy = sampler._state  # the sampler's private copy
            # the copy is the game as this decision began; the live game may be a move
            # past it (under load, a decision over its budget gets a fallback move)
            assert copy is not live and live.history[: len(copy.history)] == copy.history
            sample = sampler.sample(Rng(Rng.new_state(len(self.calls))))
            assert sample is not live and sample is not copy
            assert sample.data["rng"] != live.data["rng"]  # re-seeded: the real dice stay unknown
            assert agent.time_cap == pytest.approx(SEARCH_SHARE * MOVE_BUDGET)
            assert agent.name == self.level
        except AssertionError as exc:
            self.failures.append(repr(exc))
        self.calls.append(len(legal))
        return self.searching(agent, view, legal, sampler)


def test_a_search_seat_plays_a_hidden_block_game_from_samples_only(
    make_app: AppFactory, blocks_registry: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent's arguments hold no State; its sampler holds a copy of the game, not
    the live one; every sample has dice of its own; the agent's thinking is capped."""
    spy = SearchSpy("blue", "search-fast")

    def spying(self: MctsAgent, view: Any, legal: list[Any], sampler: Any) -> Any:
        return spy(self, view, legal, sampler)

    monkeypatch.setattr(MctsAgent, "act_searching", spying)
    app = make_app(registry=blocks_registry, ai_move_budget=MOVE_BUDGET)
    with TestClient(app) as client:
        spy.games = games_of(client)
        me = Player(client).guest()
        seats = {"red": "me", "blue": "ai:search-fast"}
        game = create(me, "blockskirmish", seats, options={"turns": 2}, seed=4)
        game_id = spy.game_id = game["id"]
        spy.ready.set()
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
    assert spy.failures == []
    blue_moves = [a for a in replay["actions"] if a[0] == "blue"]
    assert blue_moves and any(n > 1 for n in spy.calls)  # it moved, and searched real choices
    assert len(spy.calls) <= len(blue_moves)  # every search ended in one of blue's moves


def test_a_search_seat_deploys_its_hidden_blocks_in_victory(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Victory's Quick Start, where both sides deploy at once: the search seat places
    blocks from its samples only, while the human seat is still to move."""
    spy = SearchSpy("blue", "search-fast")

    def spying(self: MctsAgent, view: Any, legal: list[Any], sampler: Any) -> Any:
        return spy(self, view, legal, sampler)

    monkeypatch.setattr(MctsAgent, "act_searching", spying)
    with TestClient(make_app(ai_move_budget=MOVE_BUDGET)) as client:
        spy.games = games_of(client)
        me = Player(client).guest()
        game = create(me, "victory", {"blue": "ai:search-fast", "red": "me"}, scenario="quick-start", seed=4)
        spy.game_id = game["id"]
        spy.ready.set()
        with me.websocket(game["id"], "red") as socket:
            for _ in range(500):
                if len(spy.calls) >= 3:
                    break
                socket.receive_json()
        # the replay opens only at the end: read the moves from the live game
        live = spy.games.cached_state(game["id"])
        assert live is not None
        blue_moves = [action for role, action in live.history if role == "blue"]
    assert spy.failures == []
    assert len(spy.calls) >= 3 and all(n > 1 for n in spy.calls[:3])
    assert len(blue_moves) >= 2


def test_every_level_stands_for_a_search_the_server_runs_in_its_search_lane() -> None:
    # search-fast: CPU seconds a decision; search-strong: a budget of work a turn
    # (agents/turn_search.py); neither is wall time, so neither depends on the load
    assert DIFFICULTIES == {"search-fast": "mcts:0.25cpu", "search-strong": "strong"}
    for level in DIFFICULTIES:
        agent = make_agent(level, "viktory2", 1)
        # the server sends an agent that searches (act_searching) to a worker process
        # with a sampler, never to the lane of cheap replies (server/ai.py)
        assert callable(getattr(agent, "act_searching", None)), level
        assert agent.name == level


def test_search_moves_run_in_worker_processes_when_the_server_asks_for_them(
    make_app: AppFactory, blocks_registry: Registry, caplog: pytest.LogCaptureFixture
) -> None:
    """As `grognard serve` runs it: the search thinks in a spawned process (the
    search's own statistics come back to the server's agent) and the game ends."""
    app = make_app(registry=blocks_registry, ai_move_budget=MOVE_BUDGET * 10, ai_search_processes=1)
    with TestClient(app) as client:
        me = Player(client).guest()
        seats = {"red": "me", "blue": "ai:search-fast"}
        game = create(me, "blockskirmish", seats, options={"turns": 1}, seed=6)
        rng = random.Random(6)
        agents = games_of(client).agents  # the server's agents, by game and seat
        seen: list[dict[str, Any]] = []  # blue's statistics, read in this process
        with me.websocket(game["id"], "red") as socket:
            for _ in range(2000):
                if game["status"] == "finished":
                    break
                blue = agents.get(game["id"], "blue")
                if isinstance(blue, MctsAgent) and blue.last:
                    seen.append(dict(blue.last))
                if "red" not in game["active"]:
                    game = me.ok("GET", f"/api/games/{game['id']}")
                    if game["status"] == "active" and "red" not in game["active"]:
                        assert socket.receive_json()["type"] in ("state", "chat")
                    continue
                action = rng.choice(game["views"]["red"]["legal"])
                body = {"seat": "red", "action": action, "expected_version": game["version"]}
                response = me.post(f"/api/games/{game['id']}/actions", body)
                ok = response.status_code == 200
                game = response.json() if ok else me.ok("GET", f"/api/games/{game['id']}")
        runner = client.app.state.server.ai  # type: ignore[attr-defined]
        assert runner.search_processes_started == 1  # the search process was started
    assert game["status"] == "finished"
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "failed" not in messages  # no search raised (in the child or on its way back)
    # the search ran in the child; its statistics came back to the server's agent
    assert seen and all("iterations" in last for last in seen)


@pytest.mark.parametrize("ruleset_id", sorted(REGISTRY.ids()))
def test_every_rulesets_search_levels_can_be_sent_to_a_worker_process(ruleset_id: str) -> None:
    """Under `grognard serve` a search thinks in a worker process, which is sent the
    agent pickled and sends it back. The HGW heuristic (the search's policy) kept its
    choosers as closures and lambdas: every HGW search move failed to be sent and was
    played at random, so an AI flood of HGW search games became a flood of instant
    random moves (hundreds in one run of benchmarks/abuse.py)."""
    state = REGISTRY.get(ruleset_id).new_game(seed=1)
    role = state.active_roles()[0]
    legal = state.legal_actions(role)
    for level in DIFFICULTIES:
        agent = make_agent(level, ruleset_id, 7)
        copy = pickle.loads(pickle.dumps(agent))
        # search-strong's turn budget wraps the search (agents/turn_search.py: `inner`)
        policy, copied = (getattr(a, "inner", a).policy for a in (agent, copy))
        assert type(copy) is type(agent) and type(copied) is type(policy)
        if hasattr(policy, "choosers"):  # made anew, not lost
            assert copied.choosers.keys() == policy.choosers.keys()
        assert copied.act(state.view(role), legal) in legal, level  # the copy's policy still plays
