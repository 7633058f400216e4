"""The Fall of Germany set-up by the players (special rule 5 and the set-up table;
case F7.1), under the `own_setup` option."""

from __future__ import annotations

import random

import pytest

from grognard.core.game import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.board import stack
from grognard.games.hgw.scenario import KINDS


def new(**options: bool) -> HgwState:
    state = RULESET.new_game("fall_of_germany", {"own_setup": True, **options}, seed=3)
    assert isinstance(state, HgwState)
    return state


def on_board(state: HgwState, side: str) -> dict[str, int]:
    armies = [a for a in state.data["armies"].values() if a["side"] == side and a["at"] is not None]
    return {k: sum(a["sp"][k] for a in armies) for k in KINDS if any(a["sp"][k] for a in armies)}


@pytest.mark.rules("F7.1")
def test_each_side_places_the_printed_totals_axis_first() -> None:
    """The set-up table: Axis 29 infantry and 14 mechanized, Soviets 40 and 16, Allies
    28, 12 and 12 amphibious; no army stands before its side has placed, and the Axis
    places first."""
    state = new()
    assert state.data["own_setup"] == {
        "axis": {"infantry": 29, "mechanized": 14},
        "soviet": {"infantry": 40, "mechanized": 16},
        "allied": {"infantry": 28, "mechanized": 12, "amphibious": 12},
    }
    assert state.active_roles() == ["axis"]
    assert all(a["at"] is None for a in state.data["armies"].values())


@pytest.mark.rules("F7.1", "M2.1")
def test_a_point_joins_the_army_there_or_brings_a_spare_counter_never_past_ten() -> None:
    state = new()
    state.apply("axis", ("place", "infantry", "1237"))  # Berlin
    (first,) = [a for a, x in state.data["armies"].items() if x["at"] == "1237"]
    state.apply("axis", ("place", "mechanized", "1237"))
    assert [a for a, x in state.data["armies"].items() if x["at"] == "1237"] == [first]
    sp = state.data["armies"][first]["sp"]
    assert (sp["infantry"], sp["mechanized"]) == (1, 1)
    state.apply("axis", ("place", "infantry", "1335"))  # another hex: another counter
    assert len({x["at"] for x in state.data["armies"].values() if x["at"]}) == 2
    assert ("printed_setup",) not in state.legal_actions("axis")  # only before placing
    for _ in range(8):
        state.apply("axis", ("place", "infantry", "1237"))
    assert stack(state.data, "1237") == 10
    assert ("place", "infantry", "1237") not in state.legal_actions("axis")  # Stacking 1
    before = state.data["own_setup"]["axis"].copy()
    for bad in (("place", "infantry", "1237"), ("place", "infantry", "1144"), ("end_setup",)):
        with pytest.raises(IllegalAction):
            state.apply("axis", bad)  # full, Soviet Moscow, points left
    assert state.data["own_setup"]["axis"] == before


@pytest.mark.rules("F7.1")
def test_random_placements_reach_the_first_axis_movement_with_every_point_placed() -> None:
    state = new()
    pools = {side: dict(pool) for side, pool in state.data["own_setup"].items()}
    chooser = random.Random(5)
    for _ in range(2000):
        if state.flow[-1]["state"] != "own_setup":
            break
        role = state.active_roles()[0]
        legal = [a for a in state.legal_actions(role) if a != ("printed_setup",)]
        state.apply(role, legal[chooser.randrange(len(legal))])
    assert state.flow[-1]["state"] == "movement" and state.active_roles() == ["axis"]
    assert "own_setup" not in state.data
    for side, pool in pools.items():
        assert on_board(state, side) == pool
        placed = [a["at"] for a in state.data["armies"].values() if a["side"] == side and a["at"]]
        assert all(state.data["owner"][p] == side for p in placed)
    occupied = {a["at"] for a in state.data["armies"].values() if a["at"]}
    assert all(stack(state.data, p) <= 10 for p in occupied)


@pytest.mark.rules("F7.1")
def test_the_printed_deployment_is_the_default_game() -> None:
    state = new()
    for side in ("axis", "soviet", "allied"):
        state.apply(side, ("printed_setup",))
    default = RULESET.new_game("fall_of_germany", {}, seed=3)
    assert state.data["armies"] == default.data["armies"]
    assert state.legal_actions("axis") == default.legal_actions("axis")
