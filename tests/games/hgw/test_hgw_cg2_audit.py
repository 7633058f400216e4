"""Campaign Game II's cases checked through real play in campaign_2 (issue 22's audit): the
whole player-turn sequence (K1.1), paratroop builds (K13.1, K14.2) and the rules that
earlier notes called unplayed, each with forced dice."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.firepower import losses_in_groups
from grognard.games.hgw.scenario import KINDS, SYSTEMS, load_scenario

PASS = ("end_", "no_", "to_")
BERLIN, LONDON, PARIS = "1237", "1333", "1434"


def new_game() -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    return state


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def changed(state: HgwState) -> None:
    state._after_change(None, None)


def role_of(state: HgwState) -> str:
    return str(state.flow[-1].get("role") or state.data["player"])


def pass_until(state: HgwState, stop: str) -> list[str]:
    """Take the first passing action (ending a step) until step `stop`, returning the
    steps met in order (each once in a row)."""
    met: list[str] = []
    for _ in range(300):
        if step(state) == stop:
            return met
        if not met or met[-1] != step(state):
            met.append(step(state))
        legal = state.legal_actions(role_of(state))
        state.apply(role_of(state), next((a for a in legal if a[0].startswith(PASS)), legal[0]))
    raise AssertionError(f"step {stop} never came: {met}")


@pytest.mark.rules("K1.1")
def test_an_allied_player_turn_plays_every_systems_phase_in_the_printed_order() -> None:
    state = new_game()
    assert set(load_scenario("campaign_2").systems) == set(SYSTEMS)
    data = state.data
    # something for each system's phase to do: a bomber marker in London with the range
    # to strike (Strategic Bombing 2), and Paris Axis and empty (a partisan target)
    data["research"]["allied"]["items"]["bomber"]["level"] = 3
    data["strategic"]["bombers"]["allied"][LONDON] = {"sp": 3, "atomic": 0}
    for army in data["armies"].values():
        if army["at"] == PARIS:
            army["at"] = None
    data["owner"][PARIS] = "axis"
    changed(state)
    pass_until(state, "strategic")
    assert data["player"] == "allied"
    walk = pass_until_player_changes(state)
    shown = ("strategic", "naval_movement", "movement", "announce", "production", "partisans", "research")
    assert [s for s in walk if s in shown] == list(shown)


def pass_until_player_changes(state: HgwState) -> list[str]:
    player, met = state.data["player"], []
    for _ in range(300):
        if state.data["player"] != player:
            return met
        if not met or met[-1] != step(state):
            met.append(step(state))
        legal = state.legal_actions(role_of(state))
        state.apply(role_of(state), next((a for a in legal if a[0].startswith(PASS)), legal[0]))
    raise AssertionError(f"the {player} player turn never ended: {met}")


def axis_production_with(state: HgwState, **points: int) -> str:
    """The Axis production phase, with an Axis army in Berlin holding `points`."""
    pass_until(state, "production")
    assert state.data["player"] == "axis"
    army = next(a for a, x in sorted(state.data["armies"].items()) if x["side"] == "axis" and x["at"])
    state.data["armies"][army]["at"] = BERLIN
    state.data["armies"][army]["sp"] = {k: points.get(k, 0) for k in KINDS}
    changed(state)
    return army


@pytest.mark.rules("K13.1", "K3.3")
def test_paratroop_points_are_built_into_an_army_in_production() -> None:
    state = new_game()
    army = axis_production_with(state, infantry=2)
    budget = state.flow[-1]["budget"]
    act(state, "axis", "build", "paratroop", "army", army)
    assert state.data["armies"][army]["sp"]["paratroop"] == 1
    assert state.flow[-1]["budget"] < budget  # paid at the sheet's price
    assert str(state.data["log"][-1][0]).startswith("axis builds one paratroop point for")


@pytest.mark.rules("K14.2")
def test_no_build_puts_paratroop_and_amphibious_points_in_one_army() -> None:
    state = new_game()
    army = axis_production_with(state, infantry=2, amphibious=1)
    legal = state.legal_actions("axis")
    assert ("build", "paratroop", "army", army) not in legal
    assert ("build", "amphibious", "army", army) in legal
    why = state.why_illegal("axis", ("build", "paratroop", "army", army))
    assert why is not None and "paratroop points may not join an army with amphibious points" in why
    before = state.data["armies"][army]["sp"].copy()
    with pytest.raises(IllegalAction):
        act(state, "axis", "build", "paratroop", "army", army)
    assert state.data["armies"][army]["sp"] == before
    state.data["armies"][army]["sp"].update(amphibious=0, paratroop=1)
    changed(state)
    assert ("build", "amphibious", "army", army) not in state.legal_actions("axis")
    assert ("build", "paratroop", "army", army) in state.legal_actions("axis")


@pytest.mark.rules("K2.1", "K21.4")
def test_a_launch_of_fifteen_missiles_fires_a_volley_of_ten_and_one_of_five() -> None:
    state = new_game()
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": PARIS, "sp": 15, "atomic": 0}
    state.flow[:] = [{"state": "strategic", "role": "allied"}]
    state.advance()
    changed(state)
    state.rng.force([1, 1])
    act(state, "allied", "launch", "m1", 15)
    hits = losses_in_groups(15, [1, 1])
    assert hits == losses_in_groups(10, [1]) + losses_in_groups(5, [1]) > losses_in_groups(10, [1])
    assert f"the missiles: 15 point(s) roll 1, 1: {hits} production point(s) to devastate" in log(state)
    # the ten-point cap of the earlier combat does not apply: all six fall on the two hexes
    assert sum(state.data["devastated"].values()) == hits == 6


def log(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]
