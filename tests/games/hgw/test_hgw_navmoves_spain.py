"""Germany's ships in neutral Spain's ports (Spain 6: G5.6) in Campaign Game II's naval
movement phase (naval_phase.py, spanish_ports.py): U-boats base and sail from them, a
surface fleet there makes no attack, and from 1943 they are shut."""

from __future__ import annotations

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState

FERROL = "1730"  # a Spanish port on the Atlantic (Galicia)


def new_game(**options: bool) -> HgwState:
    state = RULESET.new_game("campaign_2", dict(options), seed=1)
    assert isinstance(state, HgwState)
    return state


def naval_movement(state: HgwState, side: str) -> None:
    """Hand the turn to `side`'s naval movement (its patrols, if any, come home)."""
    state.data["flow"][-1] = {"state": "naval_movement", "role": side}
    state.advance()


@pytest.mark.rules("G5.6")
def test_uboats_base_in_neutral_spain_and_sail_from_there() -> None:
    state = new_game()
    data = state.data
    assert ("change_base", "uboats", FERROL) in state.legal_actions("axis")
    state.apply("axis", ("change_base", "uboats", FERROL))
    assert data["fleets"]["uboats"]["at"] == FERROL
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    # the next Axis naval movement: they patrol or raid from Spain like from any port
    state.apply("axis", ("end_naval_movement",))
    data["fleet_status"] = {}
    naval_movement(state, "axis")
    legal = state.legal_actions("axis")
    assert any(a[:2] == ("patrol", "uboats") for a in legal)
    assert data["fleets"]["uboats"]["at"] == FERROL  # no N6.2-style trip home


@pytest.mark.rules("G5.6")
def test_a_surface_fleet_in_a_spanish_port_makes_no_attack() -> None:
    state = new_game()
    data = state.data
    data["fleets"]["kriegsmarine"].update(at=FERROL, sp=1, ships={"capital": 1})
    state._after_change(None, None)
    legal = [a for a in state.legal_actions("axis") if a[1:2] == ("kriegsmarine",)]
    assert legal and all(a[0] == "change_base" for a in legal)  # it may only leave
    refusal = str(state.why_illegal("axis", ("patrol", "kriegsmarine", "1629")))
    assert "neutral Spanish port: it makes no attack" in refusal
    # nor does it intercept the Allies' moves
    state.apply("axis", ("end_naval_movement",))
    naval_movement(state, "allied")
    data["owner"]["1532"] = "allied"
    state._after_change(None, None)
    state.apply("allied", ("change_base", "home", "1532"))
    assert not any(
        a == ("intercept", "kriegsmarine") for r in state.active_roles() for a in state.legal_actions(r)
    )


@pytest.mark.rules("G5.6")
def test_only_german_ships_while_spain_is_neutral_and_before_1943() -> None:
    state = new_game()
    data = state.data
    naval_movement(state, "allied")
    before = state.to_json()
    refusal = str(state.why_illegal("allied", ("change_base", "home", FERROL)))
    assert "German ships only, while Spain is neutral, before 1943 (G5.6)" in refusal
    with pytest.raises(IllegalAction):
        state.apply("allied", ("change_base", "home", FERROL))
    assert state.to_json() == before
    # Spring 1943: the U-boats still in Spain leave for the nearest German port
    state = new_game()
    data = state.data
    data["fleets"]["uboats"]["at"] = FERROL
    # a second flotilla based there is out on patrol: its base moves, and it comes home to it
    data["fleets"]["uboats_2"].update(at=FERROL, sp=1, ships={"uboat": 1}, patrol="1629")
    data["turn"] = data["turns"].index("Spring 1943")
    naval_movement(state, "axis")
    while data["flow"][-1]["state"] != "naval_movement":
        state.apply(state.active_roles()[0], ("no_interception",))
    flotilla = data["fleets"]["uboats_2"]
    assert "patrol" not in flotilla and flotilla["at"] != FERROL and data["owner"][flotilla["at"]] == "axis"
    port = data["fleets"]["uboats"]["at"]
    assert port != FERROL and data["owner"][port] == "axis"
    assert any("may no longer use the Spanish port 1730" in line for line in state.log_for(None))
    assert ("change_base", "uboats", FERROL) not in state.legal_actions("axis")
