"""Playing through the API: against the AI, hot-seat, invites, undo, resign, rematch,
chat, the lobby and replays."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import AppFactory, Player, create, drain, games_of

from grognard.core.registry import Registry
from grognard.core.replay import verify_replay
from grognard.games import REGISTRY
from grognard.server import aiseats, newgames

SHORT_VIKTORY = {"turn_limit": 5}


def play_my_turns(
    player: Player, socket: Any, game: dict[str, Any], rng: random.Random, limit: int = 3000
) -> dict[str, Any]:
    """Random legal actions for every seat of `player` whose turn it is; waits on the
    websocket while the AI moves. Returns the finished game."""
    for _ in range(limit):
        if game["status"] == "finished":
            return game
        mine = [role for role in game["my_seats"] if role in game["active"]]
        if not mine:
            # Any AI move after this GET sends a message: wait for one, then look again.
            game = player.ok("GET", f"/api/games/{game['id']}")
            if game["status"] == "active" and not set(game["my_seats"]) & set(game["active"]):
                assert socket.receive_json()["type"] in ("state", "chat")
            continue
        role = rng.choice(mine)
        action = rng.choice(game["views"][role]["legal"])
        body = {"seat": role, "action": action, "expected_version": game["version"]}
        game = player.ok("POST", f"/api/games/{game['id']}/actions", body)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_a_game_against_the_ai_is_played_to_the_end(client: TestClient, agent: str) -> None:
    me = Player(client).guest("Ana")
    game = create(me, "viktory2", {"red": "me", "yellow": f"ai:{agent}"}, options=SHORT_VIKTORY)
    assert game["my_seats"] == ["red"] and list(game["views"]) == ["red"]
    assert game["seed"] is None  # secret while the game runs
    with me.websocket(game["id"], "red") as socket:
        first = socket.receive_json()
        assert first["type"] == "state" and first["seat"] == "red"
        final = play_my_turns(me, socket, game, random.Random(7))
    # the rules' own reason (State.end_reason), not a bare "the game is over"
    assert final["status"] == "finished"
    assert re.fullmatch(r"(red|yellow|red and yellow) wins? \(.+\)", final["finish_reason"])
    assert sorted(final["result"]) == ["red", "yellow"]
    assert final["seed"] is not None
    replay = me.ok("GET", f"/api/games/{game['id']}/replay")
    assert replay["seed"] == final["seed"]
    # issue 8.1: the server's seed is 256 secret bits, for the keyed generator
    assert replay["rng_version"] == 2 and replay["seed"].bit_length() > 192
    assert {role for role, _ in replay["actions"]} == {"red", "yellow"}
    assert verify_replay(replay, REGISTRY.get("viktory2")) == []


def test_simultaneous_secret_choices_with_ai_seats(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "ai:random", "south": "ai:random"}, scenario="sprint")
    with me.websocket(game["id"], "north") as socket:
        final = play_my_turns(me, socket, game, random.Random(3))
    assert final["status"] == "finished"
    assert final["views"]["north"]["board"]["hands"]  # shown at the end


def test_hot_seat_one_player_holds_every_seat(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, seed=5)
    assert sorted(game["views"]) == ["east", "north", "south"]
    assert [s["kind"] for s in game["seats"]] == ["me", "hotseat", "hotseat"]
    assert game["your_turn"]
    with me.websocket(game["id"], "north") as socket:
        final = play_my_turns(me, socket, game, random.Random(5))
    assert final["status"] == "finished"
    replay = me.ok("GET", f"/api/games/{game['id']}/replay")
    assert replay["seed"] == 5
    state = games_of(tiny_client).cached_state(game["id"])
    assert state is not None
    assert replay["actions"] == [[role, list(action)] for role, action in state.history]


def test_every_connected_seat_gets_its_own_view_after_each_action(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest(), Player(tiny_client).guest()
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    joined = guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    assert joined["my_seats"] == ["east"] and joined["seat"] == "east"
    with host.websocket(game["id"], "north") as north, guest.websocket(game["id"], "east") as east:
        assert drain(host, north)[0]["view"]["role"] == "north"
        assert drain(guest, east)[0]["view"]["role"] == "east"
        version = joined["version"]
        host.ok(
            "POST",
            f"/api/games/{game['id']}/actions",
            {"seat": "north", "action": ["pick", 3], "expected_version": version},
        )
        [to_north] = drain(host, north)
        [to_east] = drain(guest, east)
        assert to_north["version"] == to_east["version"] == version + 1
        assert to_north["view"]["role"] == "north" and to_east["view"]["role"] == "east"
        assert to_north["view"]["board"]["my_pick"] == "pick:r1:north:3"
        assert to_east["view"]["board"]["my_pick"] is None
        assert ["pick", 1] in to_east["view"]["legal"]


def test_undo_takes_back_only_an_undoable_decision(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, seed=0)
    gid = game["id"]
    for role, pick in (("north", 3), ("east", 1), ("south", 1)):
        game = me.ok(
            "POST",
            f"/api/games/{gid}/actions",
            {"seat": role, "action": ["pick", pick], "expected_version": game["version"]},
        )
    game = me.ok(
        "POST",
        f"/api/games/{gid}/actions",
        {"seat": "north", "action": ["roll"], "expected_version": game["version"]},
    )
    assert not game["views"]["north"]["can_undo"]  # a die was rolled
    before = game["views"]["north"]
    game = me.ok(
        "POST",
        f"/api/games/{gid}/actions",
        {"seat": "north", "action": ["stake", 2], "expected_version": game["version"]},
    )
    assert game["views"]["north"]["can_undo"] and game["plies"] == 5
    game = me.ok("POST", f"/api/games/{gid}/undo", {"seat": "north", "expected_version": game["version"]})
    assert game["plies"] == 4
    assert game["views"]["north"]["board"] == before["board"]
    again = me.post(f"/api/games/{gid}/undo", {"seat": "north"})
    assert again.status_code == 409 and "nothing to undo" in again.json()["detail"]


def test_resign_ends_the_game_and_a_rematch_swaps_the_seats(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest("Host"), Player(tiny_client).guest("Guest")
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "ai:random"})
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    over = guest.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "east"})
    assert over["status"] == "finished" and over["finish_reason"] == "east resigned"
    assert over["result"] == {"north": 0.5, "east": 0.0, "south": 0.5}
    assert over["views"]["east"]["legal"] == [] and over["active"] == []
    late = host.post(
        f"/api/games/{game['id']}/actions",
        {"seat": "north", "action": ["pick", 1], "expected_version": over["version"]},
    )
    assert late.status_code == 409 and "over" in late.json()["detail"]

    rematch = guest.ok("POST", f"/api/games/{game['id']}/rematch", status=201)
    assert rematch["rematch_of"] == game["id"] and rematch["status"] == "active"
    by_role = {s["role"]: s for s in rematch["seats"]}
    assert by_role["north"]["kind"] == "ai"  # every seat moved one role on
    assert by_role["east"]["player"] == "Host" and by_role["south"]["player"] == "Guest"
    assert rematch["my_seats"] == ["south"]
    same = host.ok("POST", f"/api/games/{game['id']}/rematch", status=201)
    assert same["id"] == rematch["id"]
    assert host.ok("GET", f"/api/games/{game['id']}")["rematch"] == rematch["id"]


def test_chat_reaches_the_players_sockets(tiny_client: TestClient) -> None:
    host, guest = Player(tiny_client).guest("Host"), Player(tiny_client).guest("Guest")
    game = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    guest.ok("POST", f"/api/invites/{game['invites']['east']}")
    with guest.websocket(game["id"], "east") as socket:
        drain(guest, socket)
        sent = host.ok("POST", f"/api/games/{game['id']}/chat", {"text": "  good luck  "}, 201)
        assert sent["author"] == "Host" and sent["text"] == "good luck"
        [message] = drain(guest, socket)
        assert message == {"type": "chat", "game": game["id"], "message": sent}
    assert guest.ok("GET", f"/api/games/{game['id']}")["chat"] == [sent]


def test_lobby_lists_open_games_and_whose_turn_it_is(tiny_client: TestClient) -> None:
    host, other = Player(tiny_client).guest(), Player(tiny_client).guest()
    public = create(host, "tiny", {"north": "me", "east": "invite", "south": "invite"}, public=True)
    private = create(host, "tiny", {"north": "me", "east": "invite", "south": "hotseat"})
    lobby = other.ok("GET", "/api/lobby")
    assert [g["id"] for g in lobby["open"]] == [public["id"]] and lobby["mine"] == []
    assert "invites" not in lobby["open"][0]
    mine = {g["id"]: g for g in host.ok("GET", "/api/lobby")["mine"]}
    assert set(mine) == {public["id"], private["id"]} and all(g["your_turn"] for g in mine.values())

    joined = other.ok("POST", f"/api/games/{public['id']}/join", {"seat": "south"})
    assert joined["my_seats"] == ["south"]
    refused = other.post(f"/api/games/{private['id']}/join")
    assert refused.status_code == 403
    greedy = other.post(f"/api/games/{public['id']}/join")  # one seat per account
    assert greedy.status_code == 409 and "one seat" in greedy.json()["detail"]
    joined = Player(tiny_client).guest().ok("POST", f"/api/games/{public['id']}/join")
    assert joined["my_seats"] == ["east"]
    assert other.ok("GET", "/api/lobby")["open"] == []
    full = Player(tiny_client).guest().post(f"/api/games/{public['id']}/join")
    assert full.status_code == 409


def test_replay_steps_from_any_seat_once_the_game_is_over(tiny_client: TestClient) -> None:
    me = Player(tiny_client).guest()
    game = create(me, "tiny", {"north": "me", "east": "hotseat", "south": "hotseat"}, scenario="sprint")
    gid = game["id"]
    step0 = me.ok("GET", f"/api/games/{gid}/replay/0")
    assert step0["seat"] is None and step0["action"] is None and step0["view"]["role"] is None
    assert me.get(f"/api/games/{gid}/replay/0?seat=north").status_code == 403
    assert me.get(f"/api/games/{gid}/replay").status_code == 409
    with me.websocket(gid, "north") as socket:
        final = play_my_turns(me, socket, game, random.Random(11))
    steps = final["plies"]
    last = me.ok("GET", f"/api/games/{gid}/replay/{steps}?seat=east")
    assert last["steps"] == steps and last["view"] == final["views"]["east"]
    middle = me.ok("GET", f"/api/games/{gid}/replay/2?seat=south")
    assert middle["view"]["role"] == "south" and middle["action"][0] in ("north", "east", "south")
    assert me.get(f"/api/games/{gid}/replay/{steps + 1}").status_code == 404


def test_rulesets_describe_scenarios_options_roles_and_agents(client: TestClient) -> None:
    described = {r["id"]: r for r in client.get("/api/rulesets").json()}
    viktory = described["viktory2"]
    assert viktory["roles"] == {"standard": ["red", "yellow"]}
    assert "heuristic" in viktory["agents"] and "random" in viktory["agents"]
    assert {o["id"] for o in viktory["options"]} >= {"players", "turn_limit"}


@pytest.mark.parametrize(("players", "roles"), [(2, 2), (4, 4), (6, 6)])
def test_the_roles_follow_the_options(client: TestClient, players: int, roles: int) -> None:
    """Viktory II has one role per player (3.1): the form asks the server, not its own copy."""
    answer = client.get("/api/rulesets/viktory2/roles", params={"options": json.dumps({"players": players})})
    assert answer.status_code == 200
    got = answer.json()
    assert len(got["roles"]) == roles == len(set(got["roles"]))
    assert got["options"]["players"] == players and got["scenario"] == "standard"


@pytest.mark.parametrize(
    ("query", "status", "reason"),
    [
        ({"options": '{"players": 9}'}, 422, "players"),
        ({"options": "[1, 2]"}, 422, "JSON object"),
        ({"options": "{players"}, 422, "JSON object"),
        ({"scenario": "nowhere"}, 422, "no scenario"),
    ],
)
def test_roles_of_bad_settings_say_what_is_wrong(
    client: TestClient, query: dict[str, str], status: int, reason: str
) -> None:
    answer = client.get("/api/rulesets/viktory2/roles", params=query)
    assert answer.status_code == status and reason in answer.json()["detail"]
    assert client.get("/api/rulesets/chess/roles").status_code == 404


def test_tiny_has_no_heuristic_agent(tiny_client: TestClient) -> None:
    [tiny] = tiny_client.get("/api/rulesets").json()
    assert tiny["agents"] == ["random"]
    me = Player(tiny_client).guest()
    refused = me.post(
        "/api/games", {"ruleset": "tiny", "seats": {"north": "me", "east": "ai:heuristic", "south": "invite"}}
    )
    assert refused.status_code == 422 and "heuristic" in refused.json()["detail"]


class _SlowAgent:
    name = "slow"
    wants_view = True

    def act(self, view: Any, legal: list[Any]) -> Any:
        time.sleep(0.3)
        return legal[0]


class _BrokenAgent:
    name = "broken"
    wants_view = False

    def act(self, view: Any, legal: list[Any]) -> Any:
        raise RuntimeError("bug in the agent")


def test_an_ai_out_of_time_or_failing_plays_a_random_legal_move(
    make_app: AppFactory,
    tiny_registry: Registry,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    agents = {"slow": _SlowAgent, "broken": _BrokenAgent}

    def make(name: str, ruleset: str, seed: int) -> Any:
        return agents[name]()

    monkeypatch.setattr(aiseats, "make_agent", make)  # the AI seats' agents
    monkeypatch.setattr(newgames, "make_agent", make)  # checking the seats of a new game
    with TestClient(make_app(registry=tiny_registry, ai_move_budget=0.05)) as client:
        me = Player(client).guest()
        game = create(me, "tiny", {"north": "me", "east": "ai:slow", "south": "ai:broken"}, scenario="sprint")
        with me.websocket(game["id"], "north") as socket:
            final = play_my_turns(me, socket, game, random.Random(1))
    assert final["status"] == "finished"
    messages = " ".join(r.getMessage() for r in caplog.records)
    assert "slow ran out of time" in messages and "broken failed" in messages


# ----- a saved game goes on in the browser ---------------------------------------------------
def saved_viktory_game(plies: int, seed: int = 5, rng_version: int = 2) -> Any:
    """A Viktory II game played `plies` random moves on this side of the server, as
    `grognard play --save` writes it."""
    from grognard.core.replay import make_replay

    state = REGISTRY.get("viktory2").new_game(None, {}, seed, rng_version)
    rng = random.Random(seed)
    for _ in range(plies):
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    return state, make_replay(state, digests=[])


def from_saved(replay: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The body of POST /api/games that continues a saved game (what the lobby sends)."""
    keys = ("ruleset", "scenario", "options", "seed", "ruleset_version", "rng_version")
    body = {key: replay[key] for key in keys}
    return {**body, "moves": replay["actions"], **extra}


def test_a_saved_game_goes_on_where_it_stopped(client: TestClient) -> None:
    state, replay = saved_viktory_game(600)
    me = Player(client).guest()
    game = me.ok("POST", "/api/games", from_saved(replay, seats={"red": "me", "yellow": "hotseat"}), 201)
    assert game["plies"] == 600
    for role in ("red", "yellow"):
        assert game["views"][role] == json.loads(json.dumps(state.view(role)))
    # it goes on: a legal move of the side to move is accepted
    role = state.active_roles()[0]
    action = state.legal_actions(role)[0]
    after = me.ok(
        "POST",
        f"/api/games/{game['id']}/actions",
        {"seat": role, "action": list(action), "expected_version": game["version"]},
    )
    state.apply(role, action)
    assert after["plies"] == 601 and after["views"][role] == json.loads(json.dumps(state.view(role)))
    me.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "red"})
    kept = me.ok("GET", f"/api/games/{game['id']}/replay")
    assert kept["actions"][:600] == replay["actions"] and kept["seed"] == replay["seed"]


def test_a_game_saved_with_rng_version_1_goes_on_with_that_generator(client: TestClient) -> None:
    """Saves from before version 2 keep their dice: the lobby sends the version."""
    state, replay = saved_viktory_game(120, seed=11, rng_version=1)
    me = Player(client).guest()
    seats = {"red": "me", "yellow": "hotseat"}
    game = me.ok("POST", "/api/games", from_saved(replay, seats=seats), 201)
    assert game["plies"] == 120
    assert game["views"]["red"] == json.loads(json.dumps(state.view("red")))
    # the same moves on the current generator are another game: refused or different
    current = me.post("/api/games", {**from_saved(replay, seats=seats), "rng_version": 2})
    if current.status_code == 201:
        assert current.json()["views"]["red"] != game["views"]["red"]
    else:
        assert current.status_code == 422 and "cannot be played" in current.json()["detail"]
    unknown = me.post("/api/games", {**from_saved(replay, seats=seats), "rng_version": 9})
    assert unknown.status_code == 422 and "RNG version 9" in unknown.json()["detail"]
    fresh = me.post("/api/games", {"ruleset": "viktory2", "seats": seats, "rng_version": 1})
    assert fresh.status_code == 422 and "only for going on with a saved game" in fresh.json()["detail"]


def test_a_256_bit_seed_given_as_decimal_text_is_kept_exactly(client: TestClient) -> None:
    """The lobby sends seeds as text (a JS number cannot hold 256 bits)."""
    seed = 2**255 + 123_456_789
    me = Player(client).guest()
    game = create(me, "viktory2", {"red": "me", "yellow": "hotseat"}, seed=str(seed))
    expected = REGISTRY.get("viktory2").new_game(None, {}, seed)
    assert game["views"]["red"] == json.loads(json.dumps(expected.view("red")))
    me.ok("POST", f"/api/games/{game['id']}/resign", {"seat": "red"})
    assert me.ok("GET", f"/api/games/{game['id']}/replay")["seed"] == seed
    too_big = me.post(
        "/api/games",
        {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": str(2**256)},
    )
    assert too_big.status_code == 422


def test_a_saved_game_that_does_not_hold_together_is_refused(client: TestClient) -> None:
    _, replay = saved_viktory_game(40)
    me = Player(client).guest()
    seats = {"red": "me", "yellow": "ai:heuristic"}

    def refused(body: dict[str, Any], reason: str) -> None:
        response = me.post("/api/games", body)
        assert response.status_code == 422 and reason in response.json()["detail"], response.text

    moves = replay["actions"]
    bad = [*moves[:17], [moves[17][0], ["fly", "to", "the", "moon"]], *moves[18:]]
    refused(from_saved(replay, seats=seats, moves=bad), "move 18 of 40")
    refused(from_saved(replay, seats=seats, moves=[["green", ["end"]]]), "no role 'green'")
    refused(from_saved(replay, seats=seats, seed=replay["seed"] + 1), "cannot be played")
    refused(from_saved(replay, seats=seats, seed=None), "need the seed")
    refused(from_saved(replay, seats={"red": "me", "yellow": "invite"}), "invited")
    refused(from_saved(replay, seats=seats, ruleset_version=replay["ruleset_version"] + 1), "version")
    # a long saved game is over the 64 KiB of other requests, but not over the 1 MiB of this one
    long = from_saved(replay, seats=seats, moves=moves * 200)
    assert 64 * 1024 < len(json.dumps(long)) < 1024 * 1024
    refused(long, "move 41 of 8000")
    assert me.ok("GET", "/api/lobby")["mine"] == []  # nothing was created
    too_big = me.post("/api/games", from_saved(replay, seats=seats, moves=moves * 1000))
    assert too_big.status_code == 413 and "1048576 bytes" in too_big.json()["detail"]


def test_sockets_get_only_the_log_lines_they_lack(tiny_client: TestClient) -> None:
    """Each state message brings the seat's log from `log_from` on; a socket that keeps
    what it was sent before has the whole log, undos (which cut it back) and private
    lines included, and a late message is short."""
    me = Player(tiny_client).guest()
    seats = {"north": "me", "east": "hotseat", "south": "hotseat"}
    game = create(me, "tiny", seats, seed=4)
    gid = game["id"]
    rng = random.Random(4)
    with me.websocket(gid, "north") as north, me.websocket(gid, "east") as east:
        sockets = {"north": north, "east": east}
        kept: dict[str, list[str]] = {"north": [], "east": []}
        undos = short = 0
        while game["status"] == "active":
            for role, socket in sockets.items():
                for message in drain(me, socket):
                    if message["type"] == "state":
                        assert message["log_from"] <= len(kept[role])
                        kept[role] = kept[role][: message["log_from"]] + message["view"]["log"]
                        if message["log_from"]:
                            assert len(message["view"]["log"]) < len(kept[role])
                            short += 1
                assert kept[role] == game["views"][role]["log"]
            mover = game["active"][0]
            url = f"/api/games/{gid}"
            if game["views"][mover]["can_undo"] and rng.random() < 0.8:
                game = me.ok("POST", f"{url}/undo", {"seat": mover, "expected_version": game["version"]})
                undos += 1
                continue
            legal = game["views"][mover]["legal"]
            stakes = [a for a in legal if a[0] == "stake"]  # undoable, and logged
            action = rng.choice(stakes if stakes and rng.random() < 0.7 else legal)
            body = {"seat": mover, "action": action, "expected_version": game["version"]}
            game = me.ok("POST", f"{url}/actions", body)
        assert undos >= 3 and short >= 20
        for role, socket in sockets.items():
            for message in drain(me, socket):
                kept[role] = kept[role][: message["log_from"]] + message["view"]["log"]
            assert kept[role] == me.ok("GET", f"/api/games/{gid}")["views"][role]["log"]
        assert kept["north"] != kept["east"]  # each has its own private lines
