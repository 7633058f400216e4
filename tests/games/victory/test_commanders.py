"""Commanders (10.5): team seats that share a side's blocks, each commanding one arm,
the Politician's production and the war council."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import BadOptions, IllegalAction
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.control import gmap
from grognard.testing import check_ruleset

BLUE, RED = "blue", "red"


def _game(players: int, **options: Any) -> VictoryState:
    state = RULESET.new_game("commanders", {"players": players, **options}, 4)
    assert isinstance(state, VictoryState)
    return state


def _emptied(players: int) -> VictoryState:
    """A Commanders game with no blocks, at blue's move phase."""
    state = _game(players)
    state.data["blocks"].clear()
    state.data["phase"] = "move"
    state.data["order"] = [BLUE, RED]
    state.data["flow"][:] = [{"state": "move", "role": BLUE}]
    state._after_change(None, None)
    return state


def _put(state: VictoryState, owner: str, type_id: str, hex_id: str) -> str:
    number = state.data["next_id"][owner]
    state.data["next_id"][owner] = number + 1
    bid = f"{owner}-{number:02d}"
    state.data["blocks"][bid] = {
        "owner": owner,
        "type": type_id,
        "steps": 4,
        "at": hex_id,
        "moved": False,
        "entered": None,
    }
    state._after_change(None, None)
    return bid


def _city(state: VictoryState, owner: str, port: bool = False) -> str:
    homes = {b for b, o in state.data["homes"].items() if o == owner}
    return next(
        h
        for h, i in sorted(gmap(state.data).hexes.items())
        if i.city and i.board in homes and (i.port or not port)
    )


@pytest.mark.rules("10.5")
@pytest.mark.parametrize(("players", "seats"), [(6, 3), (8, 4)])
def test_10_5_each_side_has_three_commanders_and_a_politician_with_eight_players(
    players: int, seats: int
) -> None:
    state = _game(players)
    assert len(state.roles) == players
    assert state.data["sides"] == [BLUE, RED]
    assert sum(1 for r in state.roles if r.startswith("blue-")) == seats
    owners = {b["owner"] for b in state.data["blocks"].values()}
    assert owners == {BLUE, RED}  # the side owns the blocks, not a seat
    with pytest.raises(BadOptions, match="6 or 8 players"):
        RULESET.new_game("commanders", {"players": 4}, 0)
    with pytest.raises(BadOptions, match="2 or 4 players, not 6"):
        RULESET.new_game("quick-start", {"players": 6}, 0)


@pytest.mark.rules("10.5")
def test_10_5_each_commander_moves_only_his_arm_one_after_the_other() -> None:
    state = _emptied(8)
    port = _city(state, BLUE, port=True)
    tank = _put(state, BLUE, "AR", port)
    ship = _put(state, BLUE, "CA", port)
    plane = _put(state, BLUE, "FA", port)
    assert state.active_roles() == ["blue-general"]
    general = state.legal_actions("blue-general")
    moved = {a[1] for a in general if len(a) > 1 and a[0] != "vote_coup"}
    assert moved == {tank}
    with pytest.raises(IllegalAction):
        state.apply(
            "blue-admiral", next(a for a in state.legal_actions("blue-general") if a[0] == "end_moves")
        )
    state.apply("blue-general", ("end_moves",))
    assert state.active_roles() == ["blue-admiral"]
    assert {a[1] for a in state.legal_actions("blue-admiral") if a[0] in ("move", "attack")} == {ship}
    state.apply("blue-admiral", ("end_moves",))
    assert state.active_roles() == ["blue-air_marshal"]
    assert {a[1] for a in state.legal_actions("blue-air_marshal") if a[0] in ("move", "attack")} <= {plane}
    state.apply("blue-air_marshal", ("end_moves",))
    assert state.active_roles() == ["red-general"]  # blue's move phase is over


@pytest.mark.rules("10.5", "8.0")
@pytest.mark.parametrize(("players", "producer"), [(8, "blue-politician"), (6, "blue-general")])
def test_10_5_the_politician_or_else_the_general_holds_production(players: int, producer: str) -> None:
    state = _emptied(players)
    _put(state, BLUE, "IN", _city(state, BLUE))
    state.data["phase"] = "production"
    state.data["flow"][:] = [{"state": "production", "done": [], "left": None}]
    state.advance()
    state._after_change(None, None)
    blue_active = [r for r in state.active_roles() if r.startswith("blue-")]
    assert blue_active == [producer]
    assert any(a[0] == "build" for a in state.legal_actions(producer))


@pytest.mark.rules("10.5")
def test_10_5_the_politician_transfers_a_command_without_a_vote() -> None:
    state = _emptied(8)
    state.data["phase"] = "production"
    state.data["flow"][:] = [{"state": "production", "done": [], "left": None}]
    state.advance()
    state._after_change(None, None)
    assert ("transfer", "naval", "blue-general") in state.legal_actions("blue-politician")
    state.apply("blue-politician", ("transfer", "naval", "blue-general"))
    assert state.data["command"][BLUE]["naval"] == "blue-general"
    ship = _put(state, BLUE, "CA", _city(state, BLUE, port=True))
    assert state.data["command"][BLUE]["naval"] == "blue-general"
    state.data["flow"][:] = [{"state": "move", "role": BLUE}]
    state.data["phase"] = "move"
    state._after_change(None, None)
    assert ship in {a[1] for a in state.legal_actions("blue-general") if len(a) > 1}
    state.apply("blue-general", ("end_moves",))
    assert state.active_roles() == ["blue-air_marshal"]  # the Admiral commands nothing now


@pytest.mark.rules("10.5")
def test_10_5_a_coup_needs_all_three_commanders_and_gives_production_to_the_general() -> None:
    state = _emptied(8)
    for seat in ("blue-general", "blue-admiral"):
        assert ("vote_coup",) in state.legal_actions(seat)
        state.apply(seat, ("vote_coup",))
        assert not state.data["coup"].get(BLUE)  # not unanimous yet
        state.apply(seat, ("end_moves",))
    state.apply("blue-air_marshal", ("vote_coup",))
    assert state.data["coup"][BLUE]
    assert state.data["command"][BLUE]["production"] == "blue-general"
    assert ("vote_coup",) not in state.legal_actions("blue-air_marshal")


@pytest.mark.rules("10.5")
def test_10_5_a_team_shares_its_view_and_log_and_wins_together() -> None:
    state = _emptied(6)
    tank = _put(state, BLUE, "AR", _city(state, BLUE))
    for seat in ("blue-general", "blue-admiral", "blue-air_marshal"):
        board = state.view(seat)["board"]
        assert [e["id"] for e in board["blocks"] if "id" in e] == [tank]
        assert board["commanders"]["side"] == BLUE and board["commanders"]["seat"] == seat
    assert not [e for e in state.view("red-admiral")["board"]["blocks"] if "id" in e]
    state.log("secret for blue", to=[BLUE])
    assert "secret for blue" in state.log_for("blue-admiral")
    assert "secret for blue" not in state.log_for("red-general")
    state.data["result"] = {BLUE: 1.0, RED: 0.0}
    assert state.result() == {
        "blue-general": 1.0,
        "blue-admiral": 1.0,
        "blue-air_marshal": 1.0,
        "red-general": 0.0,
        "red-admiral": 0.0,
        "red-air_marshal": 0.0,
    }


@pytest.mark.rules("10.5")
def test_10_5_an_eight_player_commanders_game_keeps_the_contract() -> None:
    """A whole random game to its time limit, views and secrets checked for every seat
    (one game: a four-map game is long; the six-player seats are the same code)."""
    report = check_ruleset(
        RULESET, scenarios=["commanders"], games=1, seed=2, options_list=[{"players": 8, "turn_limit": 1}]
    )
    assert report.games == 1
