"""Campaign Game II's partisan attacks played (partisan_phase.py): the partisans phase after
production, paid from what production left, and a taken hex's return to the Axis at the
end of the capturing side's next combat phase when no supply route reaches it."""

from __future__ import annotations

import pytest
from cg2kit import act, new_game, to_step, top

from grognard.core.errors import IllegalAction
from grognard.games.hgw import HgwState
from grognard.games.hgw.tables import load_tables

PARIS, ORLEANS, KIEL, SAXONY = "1434", "1534", "1236", "1537"


def axis_paris(state: HgwState) -> None:
    """Paris, Axis and empty: a partisan target (Germany's hexes never are)."""
    for army in state.data["armies"].values():
        if army["at"] == PARIS:
            army["at"] = None
    state.data["owner"][PARIS] = "axis"
    state._after_change(None, None)


@pytest.mark.rules("K15.2", "K15.3", "K15.4")
def test_partisans_pay_from_what_production_left_and_may_rebuild_at_once() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "production", role="allied", budget=12)
    act(state, "allied", "end_production")
    assert top(state)["state"] == "partisans" and top(state)["budget"] == 12
    legal = state.legal_actions("allied")
    assert ("partisans", PARIS) in legal and ("partisans", KIEL) not in legal  # never Germany
    state.rng.force([2])
    act(state, "allied", "partisans", PARIS)
    assert state.data["owner"][PARIS] == "allied" and state.data["devastated"][PARIS] == 3
    assert top(state)["budget"] == 10
    assert state.data["partisans"] == {PARIS: {"side": "allied", "turn": state.data["turn"]}}
    legal = state.legal_actions("allied")
    assert ("partisans", PARIS) not in legal  # one attack a hex a turn
    assert ("repair", PARIS) in legal  # rebuilt in the turn of the capture
    act(state, "allied", "repair", PARIS)
    assert state.data["devastated"][PARIS] == 2
    assert top(state)["budget"] == 10 - load_tables().costs.repair


@pytest.mark.rules("K15.2")
def test_a_failed_attack_still_costs_two_points_and_the_phase_hands_the_rest_on() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="allied", budget=3)
    state.rng.force([3])
    act(state, "allied", "partisans", PARIS)
    assert state.data["owner"][PARIS] == "axis"
    # one point left: nothing more to pay for, so the phase ends by itself
    assert top(state)["state"] != "partisans"


def test_without_a_target_or_money_the_phase_asks_nothing() -> None:
    state = new_game()
    to_step(state, "partisans", player="allied", budget=9)  # every Axis hex is German
    assert top(state)["state"] != "partisans"
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="axis", budget=9)  # the Axis raises no partisans
    assert top(state)["state"] != "partisans"


def test_an_illegal_pick_changes_nothing() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="allied", budget=9)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        act(state, "allied", "partisans", KIEL)
    assert state.to_json() == before


def end_allied_combat(state: HgwState) -> None:
    to_step(state, "end_combat", player="allied")


@pytest.mark.rules("K15.3")
def test_a_taken_hex_out_of_supply_returns_to_the_axis_after_the_next_combat_phase() -> None:
    state = new_game()
    data = state.data
    for army in data["armies"].values():
        if army["side"] == "axis":
            army["at"] = None  # no Axis army near: Unsupplied Hexes 2 takes nothing back
    data["owner"][SAXONY] = "allied"  # cut off inside Germany
    data["owner"][ORLEANS] = "allied"
    data["partisans"] = {
        SAXONY: {"side": "allied", "turn": data["turn"] - 1},
        ORLEANS: {"side": "allied", "turn": data["turn"] - 1},
    }
    end_allied_combat(state)
    assert data["owner"][SAXONY] == "axis"  # no supply route: back to the Axis
    assert data["owner"][ORLEANS] == "allied"  # in supply: the Allies keep it
    assert data["partisans"] == {}


@pytest.mark.rules("K15.3")
def test_the_hex_is_kept_until_the_next_turns_combat_phase() -> None:
    state = new_game()
    data = state.data
    for army in data["armies"].values():
        if army["side"] == "axis":
            army["at"] = None
    data["owner"][SAXONY] = "allied"
    data["partisans"] = {SAXONY: {"side": "allied", "turn": data["turn"]}}  # taken this turn
    end_allied_combat(state)
    assert data["partisans"] == {SAXONY: {"side": "allied", "turn": data["turn"]}}


@pytest.mark.rules("K15.1")
def test_why_a_partisan_attack_is_refused() -> None:
    state = new_game()
    axis_paris(state)
    to_step(state, "partisans", player="allied", budget=9)
    assert state.why_illegal("allied", ("partisans", KIEL)) == "no partisans in Germany (1236)"
